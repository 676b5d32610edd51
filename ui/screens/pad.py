"""The score pad: categories as rows, players as columns, totals, ranks and the verdict in
words; tap a cell to see what gave its points and why. Never final while a problem stands."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorer import Result
from scorer.facts import ruleset
from scorer.ruleset import Category
from ui import strings as S
from ui.export import summary
from ui.model import use_evaluation, use_model
from ui.widgets import ACCENT, back_to, busy_overlay, header, no_game_view, problems, view

LABEL_W = 104
CELL_W = 66
CELL_H = 40


def _cell(text: str, width: int, on_click: Callable[[], None] | None = None, bold: bool = False,
          selected: bool = False, ident: str | None = None) -> ft.Control:
    box = ft.Container(
        content=ft.Text(text, weight=ft.FontWeight.BOLD if bold else None, size=16,
                        text_align=ft.TextAlign.CENTER, no_wrap=True),
        width=width, height=CELL_H, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
        on_click=on_click,
    )
    if ident:
        return ft.Semantics(identifier=ident, content=box, button=on_click is not None)
    return box


def grid(result: Result, categories: Sequence[Category], selected: tuple[int, str],
         select: Callable[[int, str], Callable[[], None]]) -> ft.Control:
    rows: list[ft.Control] = [ft.Row(
        [_cell("", LABEL_W), *[_cell(p.name, CELL_W, bold=True) for p in result.players]],
        spacing=0)]
    for c in categories:
        rows.append(ft.Row([
            _cell(S.CATEGORY.get(c, c), LABEL_W),
            *[_cell(str(p.categories.get(c, 0)), CELL_W, select(i, c),
                    selected=selected == (i, c), ident=f"cell-{p.name}-{c}")
              for i, p in enumerate(result.players)],
        ], spacing=0))
    rows.append(ft.Row([_cell(S.TOTAL, LABEL_W, bold=True),
                        *[_cell(str(p.total), CELL_W, select(i, ""), bold=True,
                                selected=selected == (i, ""), ident=f"total-{p.name}")
                          for i, p in enumerate(result.players)]], spacing=0))
    rows.append(ft.Row([_cell(S.RANK, LABEL_W),
                        *[_cell(S.NO_VALUE if p.rank is None else str(p.rank), CELL_W)
                          for p in result.players]], spacing=0))
    return ft.Row([ft.Column(rows, spacing=0)], scroll=ft.ScrollMode.AUTO)


@ft.component
def PadScreen() -> ft.View:
    model = use_model()
    evaluation = use_evaluation(model)
    draft = model.draft
    if draft is None:
        return no_game_view("/game/pad", S.SCORE_PAD, S.HOME, "/")
    if evaluation is None:
        return view(model.path("/pad"), S.SCORE_PAD, [busy_overlay(S.SCORING)])
    result = evaluation.result
    items: list[ft.Control] = []
    if model.notice:
        items.append(ft.Text(model.notice, italic=True))
    if evaluation.problems:
        items.append(header(S.PROBLEMS))
        for p in evaluation.problems:
            items.append(problems([S.at_where(_who(draft.seats, p.seat), p.message)]))
        items.append(ft.OutlinedButton(content=S.TABLE_TITLE, icon=ft.Icons.EDIT,
                                       on_click=back_to(model.path())))
    if result is None:
        items.append(header(S.SO_FAR))
        for k, seat in enumerate(draft.seats):
            got = evaluation.total(k)
            items.append(ft.Text(f"{seat.name}: {S.NO_VALUE if got is None else S.points(got)}",
                                 size=16))
    else:
        categories = list(ruleset(draft.game, draft.expansions).constants.categories)
        if result.players:
            categories = [c for c in categories if c in result.players[0].categories]

        def select(i: int, c: str) -> Callable[[], None]:
            def go() -> None:
                model.selected = (-1, "") if model.selected == (i, c) else (i, c)
            return go

        if evaluation.final:
            items.append(ft.Container(
                content=ft.Semantics(identifier="verdict", content=ft.Text(
                    result.verdict, size=20, weight=ft.FontWeight.BOLD)),
                border=ft.Border.all(2, ACCENT), border_radius=8, padding=12))
        items.append(grid(result, categories, model.selected, select))
        pi, pc = model.selected
        if 0 <= pi < len(result.players):
            player = result.players[pi]
            lines = [ln for ln in player.lines if not pc or ln.category == pc]
            title = f"{S.LINES_FOR} {player.name}" + (f" · {S.CATEGORY.get(pc, pc)}" if pc else "")
            items.append(header(title))
            if not lines:
                items.append(ft.Text(S.NO_LINES))
            for ln in lines:
                items.append(ft.ListTile(title=ft.Text(f"{ln.source}: {ln.points}"),
                                         subtitle=ft.Text(ln.why), dense=True))
            for key, text in player.choices.items():
                items.append(ft.Text(f"{S.CHOICE.get(key, key)}: {text}", italic=True))
    if evaluation.final and result is not None:
        seen = model.game.version if model.game is not None else 0

        def finish() -> None:  # the game as this pad shows it, or said why not
            if model.finish(summary(result), seen):
                model.say(S.SAVED)
        items.append(ft.FilledButton(content=S.FINISH, icon=ft.Icons.SAVE, on_click=finish,
                                     height=52, disabled=draft.finished is not None
                                     or not model.is_host))
        if not model.is_host and draft.finished is None:
            items.append(ft.Text(S.HOST_FINISHES, italic=True))
    items.append(ft.OutlinedButton(content=S.EXPORT, icon=ft.Icons.IOS_SHARE,
                                   on_click=back_to(model.path("/export"))))
    return view(model.path("/pad"), S.SCORE_PAD, items)


def _who(seats: Sequence[object], seat: int | None) -> str:
    """The player a problem is about, by name ("" for the table as a whole)."""
    if seat is None or not 0 <= seat < len(seats):
        return ""
    return str(getattr(seats[seat], "name", ""))
