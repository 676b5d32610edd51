"""Players after Start, on the table screen: add, remove, rename and reseat players and
change a board, on a game in progress. Every change is a typed edit (ui.entry.edits) that reaches
every device of the game; a name the engine refuses is refused here, with its reason."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.facts import facts, max_name_length, ruleset
from ui.entry.edits import AddPlayer, MoveSeat, RemovePlayer, RenamePlayer, SetSeat
from ui.entry.games import board_of
from ui.live.tables import Tables
from ui.screens.a11y import icon_button, named
from ui.screens.memo import memo
from ui.screens.widgets import KeptText, confirm_dialog, header, problems, use_kept_texts
from ui.session.model import AppModel, use_kept_state, use_model_unwatched, use_watch
from ui.text import strings as S


def _players(m: AppModel) -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]] | None:
    """What the editor shows: the game, and each seat's player and board."""
    d = m.draft
    if d is None:
        return None
    return d.game, tuple(d.expansions), tuple((s.name, board_of(s)) for s in d.seats)


@ft.component
def _PlayersEditor() -> ft.Control:
    model = use_model_unwatched()
    shown = use_watch(_players)
    # kept by the session: the table under a city lets this editor go (ui/screens/widgets.py,
    # use_body_shown), and a name typed here and not saved yet is here again on the way back
    game_key = model.game.code if model.game is not None else ""
    open_, set_open = use_kept_state(f"players-open:{game_key}", False)
    names, set_names = use_kept_state(f"players-names:{game_key}", dict[str, str]())
    """Names being typed, by the player they rename (by name, not by seat: another phone may
    reseat the players meanwhile, and a name typed for Bob never renames Cid)."""
    adding, set_adding = use_kept_state(f"players-adding:{game_key}", "")
    refused, set_refused = ft.use_state(dict[str, str]())
    """Why a name was refused, by the player it was typed for ("" = the player to add)."""
    leaving, set_leaving = ft.use_state(("", -1))
    """The player whose removal waits for an answer, and their seat."""
    kept = use_kept_texts()
    """Each name field by the player it renames ("" the player to add): a render gives it
    the text the phone holds, and Rename and Add read that, not the last render's."""

    def remove_now() -> None:
        old, i = leaving
        set_leaving(("", -1))
        set_names(lambda now: {k: v for k, v in now.items() if k != old})
        model.edit(RemovePlayer(seat=i, player=old))

    ft.use_dialog(confirm_dialog(
        "confirm-remove", S.remove_title(leaving[0]), S.REMOVE_HINT, S.REMOVE,
        ft.Icons.PERSON_REMOVE, remove_now, lambda: set_leaving(("", -1)))
        if leaving[0] else None)
    if shown is None:
        return ft.Container()
    game, expansions, seats = shown
    rules = ruleset(game, list(expansions))
    limits = rules.constants
    toggle_button = ft.TextButton(content=S.EDIT_PLAYERS, icon=ft.Icons.EDIT,
                                  on_click=lambda: set_open(lambda was: not was))
    if not open_:
        return ft.Column([toggle_button])

    def field(old: str) -> KeptText:
        return kept.setdefault(old, KeptText())

    def typed(old: str) -> Callable[[ft.Event[ft.TextField]], None]:
        def go(e: ft.Event[ft.TextField]) -> None:
            text = field(old).hear(e.control.value or "")
            set_names(lambda now: {**now, old: text})  # every row's keys, not this render's
        return go

    def rename(i: int, old: str) -> Callable[[], None]:
        def go() -> None:
            new = field(old).now(names.get(old, old))
            draft = model.draft
            if draft is None:
                return
            why = Tables.name_refused(draft, i, new) if new.strip() != old else ""
            if why:
                set_refused({**refused, old: why})
                return
            set_refused({k: v for k, v in refused.items() if k != old})
            set_names(lambda now: {k: v for k, v in now.items() if k != old})
            if new.strip() != old:
                model.edit(RenamePlayer(seat=i, player=old, name=new))
        return go

    def move(i: int, old: str, to: int) -> Callable[[], None]:
        def go() -> None:
            model.edit(MoveSeat(seat=i, player=old, to=to))
        return go

    def remove(i: int, old: str) -> Callable[[], None]:
        def go() -> None:
            set_leaving((old, i))  # asked first: the whole city goes with the player
        return go

    def board(i: int, old: str, placed: str) -> Callable[[ft.Event[ft.Dropdown]], None]:
        def go(e: ft.Event[ft.Dropdown]) -> None:
            model.edit(SetSeat(seat=i, player=old, field="board", value=e.control.value or "",
                               was=(placed,)))
        return go

    def add() -> None:
        draft = model.draft
        if draft is None:
            return
        name = field("").now(adding)
        why = Tables.name_refused(draft, len(draft.seats), name)
        if why:
            set_refused({**refused, "": why})
            return
        set_refused({k: v for k, v in refused.items() if k != ""})
        set_adding(lambda _: "")
        model.edit(AddPlayer(name=name))

    boards = ruleset(game).wonders.names() if facts(rules).has_boards else []
    n = len(seats)
    rows: list[ft.Control] = [toggle_button, header(S.EDIT_PLAYERS)]
    for i, (player, placed) in enumerate(seats):
        rows.append(ft.Row([
            field(player).keep(ft.TextField(
                label=f"{S.PLAYER_NAME} {i + 1}", value=field(player).text(
                    names.get(player, player)),
                on_change=typed(player), on_submit=rename(i, player), expand=True,
                dense=True, max_length=max_name_length(), counter="")),
            icon_button(ft.Icons.CHECK, S.rename_player(player), rename(i, player)),
            icon_button(ft.Icons.ARROW_UPWARD, S.move_up(player), move(i, player, i - 1),
                        disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, S.move_down(player), move(i, player, i + 1),
                        disabled=i == n - 1),
            icon_button(ft.Icons.CLOSE, S.remove_player(player), remove(i, player),
                        disabled=n <= limits.min_players),
        ], spacing=0))
        rows.append(problems([refused[player]] if player in refused else []))
        if boards:
            rows.append(named(ft.Dropdown(
                label=f"{S.BOARD} · {player}", value=placed or None,
                options=[ft.DropdownOption(key=b, text=b) for b in boards],
                on_select=board(i, player, placed), dense=True), f"{S.BOARD} · {player}"))
    if n < limits.max_players:
        rows.append(ft.Row([
            field("").keep(ft.TextField(
                label=S.ADD_PLAYER, value=field("").text(adding), expand=True, dense=True,
                on_change=lambda e: set_adding(lambda _: field("").hear(e.control.value or "")),
                on_submit=lambda: add(), max_length=max_name_length(), counter="")),
            icon_button(ft.Icons.PERSON_ADD, S.ADD_PLAYER, add, disabled=not adding.strip()),
        ]))
        rows.append(problems([refused[""]] if "" in refused else []))
    if not limits.min_players < n < limits.max_players:
        # why no one more can join, or no one leave (Remove is greyed at the fewest: a walk
        # found it greyed with no word why)
        rows.append(ft.Text(S.players_for(limits.min_players, limits.max_players),
                            italic=True))
    return ft.Column(rows)


PlayersEditor = memo(_PlayersEditor)
"""Rendered again when a player or a board changes (or its own fields), not on each tap."""
