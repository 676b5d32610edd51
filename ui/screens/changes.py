"""A game's change list: who changed what, on which phone, when; any change taken back
(Undo) as a new change that every phone of the game sees."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import flet as ft

from ui.entry.edits import Revert, describe, read_logged
from ui.screens.widgets import no_game_view, view
from ui.session.model import use_model_unwatched, use_watch
from ui.store.store import LiveRecord, LoggedChange
from ui.text import strings as S


@dataclass(frozen=True)
class ChangeLine:
    """One change as the list shows it."""

    version: int
    what: str
    where: str
    undone: bool
    can_undo: bool
    redoes: str = ""
    """An undo's line: what taking it back does again (its button reads Redo, not Undo);
    "" for any other change."""


def change_lines(rec: LiveRecord, logged: list[LoggedChange], now: float) -> list[ChangeLine]:
    """The change list in words, newest first: a change an undo took back (and no redo
    made again) is marked undone."""
    undone: dict[int, bool] = {}
    for row in reversed(logged):  # oldest first: the last undo or redo of a change counts
        edit = read_logged(row.edit)
        if isinstance(edit, Revert) and edit.version:
            undone[edit.version] = not edit.redo
    out = []
    blank = replace(rec.draft.fresh_copy(), seats=[])  # the game with no one at it
    for row in logged:
        edit = read_logged(row.edit)
        if edit is None:
            continue
        device = (S.phone_of(row.phone) if row.phone else
                  S.HOST_PHONE if row.device == rec.host else S.A_PHONE)
        redoes = (describe(edit.undoes, blank) if isinstance(edit, Revert) and not edit.redo
                  else "")
        # an undo's Redo while its change stays taken back; a redo's Undo while its change
        # stays done (a Redo tapped again did it twice, or was refused in wrong words)
        if isinstance(edit, Revert) and edit.version:
            can = bool(row.undo) and undone.get(edit.version, False) != edit.redo
        else:
            can = bool(row.undo)
        out.append(ChangeLine(row.version, describe(edit, blank),
                              S.made_on(device, S.minutes_ago(int(now - row.saved) // 60)),
                              undone.get(row.version, False), can, redoes))
    return out




@ft.component
def ChangesScreen() -> ft.View:
    model = use_model_unwatched()
    base = model.path()
    route = f"{base}/changes"
    on_top = ft.is_route_active(route, exact=True)
    game = use_watch(lambda m: m.game if on_top else None, (on_top,))
    if model.game is None:
        return no_game_view(route, S.CHANGES, S.HOME, "/")
    rec = game or model.game
    lines = change_lines(rec, model.tables.changes(rec.id, model.device), time.time())

    def undo(version: int) -> Callable[[], None]:
        def go() -> None:
            model.undo(version)
        return go

    items: list[ft.Control] = [ft.Text(S.CHANGES_HINT)]
    if not lines:
        items.append(ft.Text(S.NO_CHANGES, italic=True))
    for line in lines:
        title = f"{line.what} ({S.UNDONE_MARK})" if line.undone else line.what
        items.append(ft.Semantics(identifier=f"change-{line.version}", content=ft.ListTile(
            title=ft.Text(title, size=15),
            subtitle=ft.Text(line.where),
            trailing=ft.TextButton(content=ft.Text(
                S.REDO if line.redoes else S.UNDO,
                semantics_label=S.redo_change(line.redoes) if line.redoes else
                S.undo_change(line.what)), icon=ft.Icons.REDO if line.redoes else ft.Icons.UNDO,
                                   on_click=undo(line.version),
                                   disabled=not line.can_undo or line.undone),
            content_padding=ft.Padding.only(left=4, right=0))))
    return view(route, S.CHANGES, items)
