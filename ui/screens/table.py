"""The table: every player with their running total and problems; the Duel conflict pawn."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.facts import facts, ruleset
from ui import strings as S
from ui.draft import Draft
from ui.edits import Edit, SetTable
from ui.model import use_evaluation, use_model
from ui.screens.home import game_title
from ui.screens.join import seat_picker, share_card
from ui.screens.players import PlayersEditor
from ui.widgets import (
    back_to,
    busy_overlay,
    header,
    no_game_view,
    problems,
    stepper,
    toggle,
    view,
    wrap,
)


def conflict_editor(draft: Draft, edit: Callable[[Edit], None]) -> ft.Control:
    """The Duel conflict pawn: how many spaces from the centre, toward whose capital."""

    def toward(name: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable("conflict_toward", name))
        return go

    def spaces(n: int) -> None:
        edit(SetTable("conflict_spaces", n))

    return ft.Column([
        header(S.CONFLICT),
        stepper(S.SPACES, draft.conflict_spaces, spaces, 0,
                facts(ruleset(draft.game, draft.expansions)).track_spaces),
        ft.Text(S.TOWARD),
        wrap([toggle(s.name, draft.conflict_toward == s.name, toward(s.name))
              for s in draft.seats]),
    ])


def supremacy_editor(draft: Draft, edit: Callable[[Edit], None],
                     messages: list[str]) -> ft.Control:
    """A Duel game that ended early: which supremacy, and who won it (checked by the engine)."""
    kinds = facts(ruleset(draft.game, draft.expansions)).supremacies

    def kind(k: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable("supremacy_kind", k))  # none: no winner either
        return go

    def winner(name: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable("supremacy_winner", name))
        return go

    out: list[ft.Control] = [
        header(S.SUPREMACY), ft.Text(S.SUPREMACY_HINT, italic=True),
        wrap([toggle(S.NO_SUPREMACY, not draft.supremacy_kind, kind("")),
              *[toggle(label, draft.supremacy_kind == k, kind(k)) for k, label in kinds.items()]]),
    ]
    if draft.supremacy_kind:
        out += [ft.Text(S.WINNER if draft.supremacy_winner else S.PICK_WINNER,
                        italic=not draft.supremacy_winner),
                wrap([toggle(s.name, draft.supremacy_winner == s.name, winner(s.name))
                      for s in draft.seats])]
    out.append(problems(messages))
    return ft.Column(out)


@ft.component
def TableScreen() -> ft.View:
    model = use_model()
    evaluation = use_evaluation(model)
    draft = model.draft
    if draft is None:
        return no_game_view("/game", S.TABLE_TITLE, S.NEW_GAME, "/new")
    tiles: list[ft.Control] = []
    for i, seat in enumerate(draft.seats):
        count = evaluation.count_for(i) if evaluation else 0
        total = evaluation.total(i) if evaluation else None
        subtitle = seat.board if draft.game != "duel" else ""
        if draft.game != "duel" and not seat.board:
            subtitle = S.NO_WONDER
        if seat.quick:
            subtitle = f"{subtitle} · {S.QUICK}"
        if count:
            subtitle = f"{subtitle} · {S.problems_count(count)}"
        tiles.append(ft.ListTile(
            leading=ft.Icon(ft.Icons.ERROR_OUTLINE if count else ft.Icons.PERSON),
            title=ft.Text(seat.name, size=18),
            subtitle=ft.Text(subtitle),
            trailing=ft.Text(S.points(total) if total is not None else S.NO_VALUE, size=18,
                             weight=ft.FontWeight.BOLD),
            on_click=back_to(model.path(f"/player/{i}")),
        ))
    items: list[ft.Control] = [busy_overlay(S.SCORING if evaluation is None else ""),
                               ft.Text(f"{game_title(draft.game)}"), ft.Text(S.TAP_A_PLAYER)]
    unsettled = evaluation is not None and not evaluation.final
    items.append(ft.Text(f"{S.NOT_FINAL} · {S.problems_count(len(evaluation.problems))}"
                         if evaluation is not None and unsettled else "",
                         italic=True, color=ft.Colors.ERROR, visible=unsettled))
    # one column of players, so that what follows keeps its place (and its state) when
    # a player is added or removed on another phone
    items += [ft.Column(tiles, spacing=0), seat_picker(model), PlayersEditor()]
    rest = evaluation.table_problems() if evaluation is not None else []
    if draft.game == "duel":
        items.append(conflict_editor(draft, model.edit))
        items.append(problems([p.message for p in rest if (p.field or "").startswith("conflict")]))
        items.append(supremacy_editor(draft, model.edit, [
            p.message for p in rest if (p.field or "").startswith("supremacy")]))
        rest = [p for p in rest if not (p.field or "").startswith(("conflict", "supremacy"))]
    items.append(problems([p.message for p in rest]))
    items.append(ft.FilledButton(content=S.SCORE_PAD, icon=ft.Icons.GRID_ON,
                                 on_click=back_to(model.path("/pad")), height=52))
    items.append(share_card(model))
    return view(model.path(), S.TABLE_TITLE, items, actions=[
        ft.IconButton(ft.Icons.GRID_ON, tooltip=S.SCORE_PAD,
                      on_click=back_to(model.path("/pad"))),
        ft.IconButton(ft.Icons.IOS_SHARE, tooltip=S.EXPORT,
                      on_click=back_to(model.path("/export"))),
    ])
