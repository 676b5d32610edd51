"""The table: every player with their running total and problems; the Duel conflict pawn."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.facts import ruleset
from ui.entry.games.seven_wonders import SevenWondersSeat
from ui.screens.a11y import icon_button
from ui.screens.games import city_game
from ui.screens.home import game_title
from ui.screens.join import SeatPicker, share_card
from ui.screens.memo import memo
from ui.screens.players import PlayersEditor
from ui.screens.widgets import (
    back_to,
    busy_overlay,
    no_game_view,
    problems,
    use_body_shown,
    view,
)
from ui.session.model import AppModel, use_evaluation, use_model_unwatched, use_watch
from ui.text import strings as S


def player_tile(name: str, subtitle: str, total: str, said: str, rank: int | None,
                problem: bool, mine: bool, link: str) -> ft.Control:
    """A player's line: their place (a badge), name, wonder and total (`said`: the total as
    a screen reader says it, "at least 52 points"); this phone's own seat marked "you" and
    highlighted."""
    if rank is not None:
        leading: ft.Control = ft.Semantics(identifier=f"rank-{name}", content=ft.CircleAvatar(
            content=ft.Text(S.place(rank), weight=ft.FontWeight.BOLD), radius=18,
            bgcolor=ft.Colors.PRIMARY if rank == 1 else ft.Colors.SECONDARY_CONTAINER,
            color=ft.Colors.ON_PRIMARY if rank == 1 else ft.Colors.ON_SECONDARY_CONTAINER))
    else:
        leading = ft.Icon(ft.Icons.ERROR_OUTLINE if problem else ft.Icons.PERSON)
    # one node for a screen reader, as it is one tap: "Ann, Gizah A, #1, 52 points" (its
    # place and total were nodes of their own beside the button: a walk)
    return ft.MergeSemantics(content=ft.ListTile(
        leading=leading,
        title=ft.Text(S.yours(name) if mine else name, size=18,
                      weight=ft.FontWeight.BOLD if mine else None),
        subtitle=ft.Text(subtitle),
        trailing=ft.Semantics(identifier=f"total-{name}", content=ft.Text(
            total, size=18, weight=ft.FontWeight.BOLD, semantics_label=said)),
        selected=mine,
        on_click=back_to(link),
    ))


TileView = tuple[str, str, str, str, int | None, bool, bool]
"""What a player's line shows: name, wonder (and problems), total, the total as a screen
reader says it, place, whether the player has problems, whether this phone holds the
seat."""


def _tile(m: AppModel, i: int) -> TileView | None:
    draft = m.draft
    if draft is None or not 0 <= i < len(draft.seats):
        return None
    seat = draft.seats[i]
    evaluation = m.evaluation_at_hand()
    has_boards = draft.facts.has_boards
    count = evaluation.count_for(i) if evaluation else 0
    board = seat.board if isinstance(seat, SevenWondersSeat) else ""
    subtitle = ""
    if has_boards and board and isinstance(seat, SevenWondersSeat):  # its side: its stages
        side = ruleset(draft.game, draft.expansions).side_name(seat.side)
        subtitle = S.board_on_side(board, S.side_label(side))
    elif has_boards:
        subtitle = S.NO_WONDER
    # each part said once, with no separator before the first (Duel has no board: a walk
    # read " · paper")
    subtitle = " · ".join(part for part in (
        subtitle, S.QUICK if seat.quick else "", S.problems_count(count) if count else "")
        if part)
    return (seat.name, subtitle, evaluation.total_words(i) if evaluation else S.NO_VALUE,
            evaluation.total_said(i) if evaluation else S.NO_VALUE,
            evaluation.rank(i) if evaluation else None, bool(count), seat.name == m.my_seat())


@ft.component
def _SeatTile(i: int, base: str, scored: bool) -> ft.Control:
    """Seat `i`'s line, following what it shows: a change of the game re-renders the lines
    whose total, place or problems it changed, not the table (`scored`: the engine's verdict
    is at hand; when it comes, the line reads it)."""
    shown = use_watch(lambda m: _tile(m, i), (i, scored))
    if shown is None:
        return ft.Container()
    return player_tile(*shown, f"{base}/player/{i}")


SeatTile: Callable[[int, str, bool], ft.Control] = _SeatTile
"""Not a memo (as `ui.screens.note_strip.NoteStrip`): in Flet 1.0.5 a memo given the same props
keeps its body from before, whose parent is the players' column that rendered it; once the
table's body rendered that column anew (a board picked changes the count of problems) the
kept line, rendered by its own watch (the board in its subtitle), found no app model above
it and showed "Something went wrong on this screen" (`_SeatTile: use_model() outside the
app`, issue 31). A few lines, rendered again with the table's body."""


def _frame(m: AppModel) -> tuple[bool, str, bool]:
    """What the table screen's frame shows: whether there is a game, its code (its address,
    the share card) and whether it is closed (no share card)."""
    return (m.draft is None, m.game.code if m.game is not None else "",
            m.game is not None and m.game.closed)


@ft.component
def TableScreen() -> ft.View:
    model = use_model_unwatched()
    base = model.path()
    # Under a city screen the table watches nothing: a tap in the city re-renders the city,
    # not every screen below it. On top again, it renders the game as it is then. A change
    # of the game re-renders its body (`LiveTable`), not the frame (share card, seats).
    on_top = ft.is_route_active(base, exact=True)
    use_watch(lambda m: _frame(m) if on_top else None, (on_top,))
    shown = use_body_shown(on_top)
    if model.draft is None:
        return no_game_view(base, S.TABLE_TITLE, S.NEW_GAME, "/new")
    if not shown:  # under a city: its app bar only (ui/screens/widgets.py, use_body_shown)
        return view(base, S.TABLE_TITLE, [])
    return view(base, S.TABLE_TITLE, [
        LiveTable(base, on_top), SeatPicker(), PlayersEditor(), share_card(model)], actions=[
        icon_button(ft.Icons.GRID_ON, S.SCORE_PAD, back_to(f"{base}/pad")),
        icon_button(ft.Icons.HISTORY, S.CHANGES, back_to(f"{base}/changes")),
        icon_button(ft.Icons.IOS_SHARE, S.EXPORT, back_to(f"{base}/export")),
    ])


def _body(m: AppModel) -> tuple[object, ...] | None:
    """What the table's body shows around the players' lines (each line follows its own):
    the game, its players, whether the verdict is at hand, the line that says why it is not
    final and the table's problems; in Duel the pawn and supremacy too (the whole draft)."""
    draft = m.draft
    if draft is None:
        return None
    evaluation = m.evaluation_at_hand()
    duel = bool(draft.facts.track_spaces or draft.facts.supremacies)
    unsettled = evaluation is not None and not evaluation.final
    return (draft.game, tuple(s.name for s in draft.seats), evaluation is not None,
            len(evaluation.problems) if evaluation is not None and unsettled else -1,
            tuple(p.message for p in evaluation.table_problems()) if evaluation else (),
            (draft, evaluation) if duel else None)


@ft.component
def _LiveTable(base: str, on_top: bool) -> ft.Control:
    """The table's body as the game is now (`on_top`: the screen shows; under another, it
    watches nothing). `base`: the game's address (its screens' links start with it). Each
    player's total so far and place come from the engine."""
    model = use_model_unwatched()
    use_watch(lambda m: _body(m) if on_top else None, (on_top,))
    evaluation = use_evaluation(model)
    draft = model.draft
    if draft is None:
        return ft.Column()
    edit = model.edit
    scored = evaluation is not None
    tiles = [SeatTile(i, base, scored) for i in range(len(draft.seats))]
    items: list[ft.Control] = [busy_overlay(S.SCORING if evaluation is None else ""),
                               ft.Text(game_title(draft.game, draft.expansions)),
                               ft.Text(S.TAP_A_PLAYER)]
    unsettled = evaluation is not None and not evaluation.final
    items.append(ft.Text(f"{S.NOT_FINAL} · {S.problems_count(len(evaluation.problems))}"
                         if evaluation is not None and unsettled else "",
                         italic=True, color=ft.Colors.ERROR, visible=unsettled))
    # one column of players, so that what follows keeps its place (and its state) when
    # a player is added or removed on another phone
    items.append(ft.Column(tiles, spacing=0))
    rest = evaluation.table_problems() if evaluation is not None else []
    # the game's own parts of the table (Duel: the pawn, a supremacy), with their problems
    sections, rest = city_game(draft.game, draft.expansions).table_sections(
        draft, edit, evaluation, rest)
    items += sections
    items.append(problems([p.message for p in rest]))
    items.append(ft.FilledButton(content=S.SCORE_PAD, icon=ft.Icons.GRID_ON,
                                 on_click=back_to(f"{base}/pad"), height=52))
    return ft.Column(items, spacing=12)


LiveTable = memo(_LiveTable)
