"""The Flet floor: the smallest declarative Flet 1.0 app (a counter and its +1 button), served
like ours (`python -m benchmarks.counter --host H --port P`), for benchmarks/tap_cpu.py."""

from __future__ import annotations

import argparse

import flet as ft


@ft.component
def Counter() -> ft.View:
    count, set_count = ft.use_state(0)
    return ft.View(route="/", controls=[
        ft.Text(f"Count: {count}", size=28),
        ft.FilledButton(content="+1", on_click=lambda: set_count(count + 1)),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args()

    def app(page: ft.Page) -> None:
        page.render_views(Counter)

    ft.run(app, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)


if __name__ == "__main__":
    main()
