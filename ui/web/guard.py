"""No traceback ever reaches a phone. An unexpected error while a screen is drawn shows that
screen as a short message in the phone's language with a way home; one in a tap's handler
(or an effect) shows the same message over the screen instead of Flet's crash page with
the server's traceback and file paths. The server logs each error once (with its traceback).

It reaches into Flet for `Renderer.render` (every component's body runs through it) and
`Session.error` (Flet's "session crashed" message to the client), both imported through
`ui/web/flet_door.py` (which checks Flet's version); on another version, read those two in
Flet's `components/component.py` and `messaging/session.py`, then update `FLET_TESTED`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import flet as ft

from ui.text import strings as S
from ui.web.flet_door import FletMismatch, Renderer, Session

FLET_TESTED = "1.0."
"""The Flet versions (a prefix) whose internals this module was checked against."""

log = logging.getLogger("wonders.errors")
_installed = False
_lock = threading.Lock()
_logged: set[tuple[str, str]] = set()
"""Errors logged already (where, and what): a screen drawn again and again logs it once."""


def _log_once(where: str, err: BaseException) -> None:
    key = (where, f"{type(err).__name__}: {err}"[:500])
    with _lock:
        if key in _logged:
            return
        _logged.add(key)
        if len(_logged) > 1000:  # a long-running server: keep the memory bounded
            _logged.clear()
    log.error("unexpected error in %s", where, exc_info=err)


def _go_home() -> None:
    page = ft.context.page
    page.pop_dialog()
    page.navigate("/")


def error_content() -> list[ft.Control]:
    """The message a phone reads instead of a traceback, and its way back."""
    return [ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=40),
            ft.Text(S.UNEXPECTED_ERROR, size=16),
            ft.FilledButton(content=S.HOME, icon=ft.Icons.HOME, on_click=_go_home)]


def _fallback(fn: Callable[..., Any]) -> Any:
    """What a failed component shows in its place: a screen of its own for a screen (a View,
    or the list of them), else the message alone."""
    returns = str(getattr(fn, "__annotations__", {}).get("return", ""))
    screen = ft.View(route=ft.context.page.route or "/", appbar=ft.AppBar(
        title=ft.Text(S.APP_TITLE)), controls=[ft.Column(error_content(), spacing=16)])
    if returns.startswith("list[") and "View" in returns:
        return [screen]
    if "View" in returns:
        return screen
    return ft.Column(error_content(), spacing=8)


def install() -> None:
    """Guard every component's body (once per process)."""
    global _installed
    with _lock:
        if _installed:
            return
        if not ft.__version__.startswith(FLET_TESTED):
            raise FletMismatch(  # said in one line at start (ui/__main__.py)
                f"ui/web/guard.py was checked against Flet {FLET_TESTED}x, not {ft.__version__}: "
                "check Renderer.render and Session.error there, then update FLET_TESTED")
        original = Renderer.render

        def render(self: Renderer, root_fn: Callable[..., Any], *args: Any,
                   **kwargs: Any) -> Any:
            try:
                return original(self, root_fn, *args, **kwargs)
            except Exception as err:
                _log_once(getattr(root_fn, "__qualname__", "a screen"), err)
                return _fallback(root_fn)

        Renderer.render = render  # type: ignore[method-assign]
        _installed = True


def contain(page: ft.Page) -> None:
    """This session's crashes (a tap's handler, an effect) are said in words over the
    screen, never sent to the phone as a traceback."""
    session = page.session

    def error(message: str) -> None:
        if message.startswith("Exception in effect"):  # a tap's handler is logged by Flet
            _log_once("an effect", RuntimeError(message))
        try:
            page.show_dialog(ft.AlertDialog(
                modal=True, title=ft.Text(S.APP_TITLE),
                content=ft.Text(S.UNEXPECTED_ERROR),
                actions=[ft.FilledButton(content=S.HOME, icon=ft.Icons.HOME,
                                         on_click=_go_home)]))
        except Exception as err:  # the page itself is gone: nothing to show it on
            _log_once("the error message", err)

    session.error = error  # type: ignore[method-assign]


__all__ = ["Session", "contain", "error_content", "install"]
