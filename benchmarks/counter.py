"""The Flet floor: the smallest declarative Flet 1.0 app (a counter and its +1 button),
served by the app's own server stack (`ui.web.server.build_app` and `serve`: the guard, uvicorn
with the same websocket implementation and settings, the same collector freeze), so that
`benchmarks/tap_cpu.py` compares the app's work per tap with Flet's and nothing else:
`python -m benchmarks.counter --host H --port P`."""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable

import flet as ft

from ui.__main__ import SESSION_TIMEOUT_S
from ui.web.server import build_app, serve


@ft.component
def Counter() -> ft.View:
    count, set_count = ft.use_state(0)
    return ft.View(route="/", controls=[
        ft.Text(f"Count: {count}", size=28),
        ft.FilledButton(content="+1", on_click=lambda: set_count(count + 1)),
    ])


async def app(page: ft.Page) -> None:
    page.render_views(Counter)


def serve_floor(target: Callable[[ft.Page], Awaitable[None]], description: str) -> None:
    """Serve a floor app (`target`) as the app is served, on --host and --port."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args()
    serve(build_app(target, None, SESSION_TIMEOUT_S), args.host, args.port)


def main() -> None:
    serve_floor(app, __doc__ or "")


if __name__ == "__main__":
    main()
