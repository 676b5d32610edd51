"""History of finished games: reopen, play again with the same table, delete with undo."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable

import flet as ft

from ui import strings as S
from ui.model import use_model
from ui.screens.home import game_title
from ui.store import DamagedGame, SavedGame
from ui.widgets import busy_overlay, confirm_replace, notice, view


def _when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


@ft.component
def HistoryScreen() -> ft.View:
    model = use_model()
    nothing: list[SavedGame | DamagedGame] | None = None
    games, set_games = ft.use_state(nothing)
    version = model.history_version  # read again when the history changes

    async def load() -> None:
        """Read the history off the event loop (a long history shows progress meanwhile)."""
        set_games(await asyncio.to_thread(model.store.history))

    ft.use_effect(load, [version])

    asked: tuple[str, bool] | None = None
    asking, set_asking = ft.use_state(asked)
    """The history entry whose Open (False) or Play again (True) waits for an answer."""

    def take(g: SavedGame, again: bool) -> None:
        set_asking(None)
        if again:
            model.start(g.draft.fresh_copy())
            ft.context.page.navigate(model.path())
        else:  # the game as the server keeps it: its host, code and version stay
            model.open_game(model.tables.open_finished(g.draft, model.device))
            ft.context.page.navigate(model.path("/pad"))

    def replacing(g: SavedGame, again: bool) -> Callable[[], None]:
        def go() -> None:
            take(g, again)
        return go

    def ask_then(g: SavedGame, again: bool) -> Callable[[], None]:
        """Open or play again; first ask, when that would lose the game in progress."""
        def go() -> None:
            if model.would_lose():
                set_asking((g.id, again))
            else:
                take(g, again)
        return go

    def delete(g: SavedGame | DamagedGame) -> Callable[[], None]:
        def go() -> None:
            model.store.delete_game(g.id)
            model.say(S.deleted(g.summary), g.id)
            model.history_version += 1
        return go

    def undo() -> None:
        model.store.delete_game(model.undo_id, deleted=False)
        model.say("")
        model.history_version += 1

    items: list[ft.Control] = []
    if model.undo_id:
        items.append(notice(model.notice, ft.TextButton(content=S.UNDO, on_click=undo)))
    if games is None:
        items.append(busy_overlay(S.LOADING))
    elif not games:
        items.append(ft.Text(S.NO_HISTORY))
    current = model.draft
    for g in games or []:
        if isinstance(g, DamagedGame):  # listed, never hidden: it can be deleted
            items.append(ft.Card(content=ft.Container(padding=10, content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                        ft.Text(f"{S.DAMAGED_GAME} · {_when(g.finished)}",
                                weight=ft.FontWeight.BOLD, expand=True)]),
                ft.Text(g.summary),
                ft.Text(S.DAMAGED_HINT, italic=True),
                ft.TextButton(content=S.DELETE, icon=ft.Icons.DELETE_OUTLINE,
                              on_click=delete(g)),
            ]))))
            continue
        actions: ft.Control = ft.Row([
            ft.TextButton(content=S.OPEN, icon=ft.Icons.OPEN_IN_NEW, on_click=ask_then(g, False)),
            ft.TextButton(content=S.DUPLICATE, icon=ft.Icons.REPLAY, on_click=ask_then(g, True)),
            ft.TextButton(content=S.DELETE, icon=ft.Icons.DELETE_OUTLINE, on_click=delete(g)),
        ], wrap=True)
        if asking is not None and asking[0] == g.id and current is not None:
            again = asking[1]
            actions = confirm_replace(
                current, game_title(current.game),
                S.REPLACED_BY_NEW if again else S.REPLACED_BY_HISTORY,
                replacing(g, again), lambda: set_asking(None))
        items.append(ft.Card(content=ft.Container(padding=10, content=ft.Column([
            ft.Text(f"{game_title(g.draft.game)} · {_when(g.finished)}", weight=ft.FontWeight.BOLD),
            ft.Text(g.summary),
            actions,
        ]))))
    return view("/history", S.HISTORY_TITLE, items)
