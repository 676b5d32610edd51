"""History of finished games: reopen, play again with the same table, delete with undo."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable

import flet as ft

from ui import strings as S
from ui.model import use_model
from ui.screens.home import game_title
from ui.store import SavedGame
from ui.widgets import busy_overlay, notice, view


def _when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


@ft.component
def HistoryScreen() -> ft.View:
    model = use_model()
    nothing: list[SavedGame] | None = None
    games, set_games = ft.use_state(nothing)
    version = model.history_version  # read again when the history changes

    async def load() -> None:
        """Read the history off the event loop (a long history shows progress meanwhile)."""
        set_games(await asyncio.to_thread(model.store.games))

    ft.use_effect(load, [version])

    def reopen(g: SavedGame) -> Callable[[], None]:
        def go() -> None:
            model.start(g.draft)
            ft.context.page.navigate("/game/pad")
        return go

    def again(g: SavedGame) -> Callable[[], None]:
        def go() -> None:
            model.start(g.draft.fresh_copy())
            ft.context.page.navigate("/game")
        return go

    def delete(g: SavedGame) -> Callable[[], None]:
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
    for g in games or []:
        items.append(ft.Card(content=ft.Container(padding=10, content=ft.Column([
            ft.Text(f"{game_title(g.draft.game)} · {_when(g.finished)}", weight=ft.FontWeight.BOLD),
            ft.Text(g.summary),
            ft.Row([
                ft.TextButton(content=S.OPEN, icon=ft.Icons.OPEN_IN_NEW, on_click=reopen(g)),
                ft.TextButton(content=S.DUPLICATE, icon=ft.Icons.REPLAY, on_click=again(g)),
                ft.TextButton(content=S.DELETE, icon=ft.Icons.DELETE_OUTLINE, on_click=delete(g)),
            ], wrap=True),
        ]))))
    return view("/history", S.HISTORY_TITLE, items)
