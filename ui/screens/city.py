"""City entry, made for thumbs: the wonder, coins, conflict tokens, cards as chips by colour,
leaders and the choices that matter; or the paper totals. The running total follows every tap."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.facts import cards_in_play, copies_taken, facts, leader_cost, ruleset
from scorer.names import normalize
from scorer.paper import science_points
from scorer.ruleset import Ruleset
from scorer.whatif import choice_options
from ui import strings as S
from ui.draft import Draft, Seat
from ui.edits import ListField, SeatEdits
from ui.model import Evaluation, evaluate, use_model
from ui.widgets import (
    back_to,
    header,
    no_game_view,
    notice,
    number_field,
    optional_number_field,
    problems,
    stepper,
    toggle,
    view,
    wrap,
)

COLOUR_ORDER = ("brown", "grey", "blue", "yellow", "green", "red", "purple", "none")
"""The order of the card groups, as on the score pad; a colour not listed here (a ruleset's
new one) comes after them, never hidden."""
Edit = SeatEdits


def _matches(query: str, name: str) -> bool:
    return not query or normalize(query) in normalize(name)


def wonder_section(
    draft: Draft, i: int, rules: Ruleset, edit: Edit, quick: bool
) -> list[ft.Control]:
    seat = draft.seats[i]
    taken = {s.board for k, s in enumerate(draft.seats) if k != i and s.board}

    def board(name: str) -> Callable[[], None]:
        def go() -> None:
            edit.set("board", name)  # a new board: none of its stages built yet
        return go

    def side(name: str) -> Callable[[], None]:
        def go() -> None:
            edit.set("side", name)
        return go

    def stages(n: int) -> None:
        edit.set("stages", n)

    boards = [
        toggle(S.card_taken(w) if w in taken else w, w == seat.board, board(w),
               disabled=w in taken and w != seat.board)
        for w in rules.wonders.names()
    ]
    out: list[ft.Control] = [header(S.WONDER), wrap(boards)]
    wonder = rules.wonders.get(seat.board) if seat.board else None
    if wonder is not None:
        sides = list(dict.fromkeys(rules.constants.side_names.values()))
        labels = {v: k for k, v in reversed(list(rules.constants.side_names.items()))}
        out.append(wrap([toggle(f"{S.SIDE} {labels.get(x, x)}", seat.side == x, side(x))
                         for x in sides if x in wonder.sides]))
        current = wonder.sides.get("A" if seat.side not in wonder.sides else seat.side)
        if current is not None and not quick:
            out.append(stepper(S.STAGES, seat.stages, stages, 0, len(current.stages)))
            if current.text:
                out.append(ft.Text(current.text, italic=True))
            for k, st in enumerate(current.stages, start=1):
                mark = ft.Icons.CHECK_BOX if k <= seat.stages else ft.Icons.CHECK_BOX_OUTLINE_BLANK
                out.append(ft.Row([ft.Icon(mark, size=18),
                                   ft.Text(f"{k}. {st.text}", expand=True)]))
    return out


def coins_and_tokens(draft: Draft, seat: Seat, edit: Edit) -> list[ft.Control]:
    def coins(n: int) -> None:
        edit.set("coins", n)

    def token(key: str) -> Callable[[int], None]:
        def go(n: int) -> None:
            edit.entry("military", key, n)
        return go

    out: list[ft.Control] = [header(S.COINS), stepper(S.COINS, seat.coins, coins)]
    values = list(facts(ruleset(draft.game, draft.expansions)).token_values)  # none: a track
    if values:
        out.append(header(S.MILITARY))
        for value in values:
            key = str(value)
            label = f"{'+' if value > 0 else ''}{value}"
            out.append(stepper(label, seat.military.get(key, 0), token(key)))
    return out


def card_section(draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str) -> list[ft.Control]:
    seat = draft.seats[i]
    uses = cards_in_play(rules, len(draft.seats))
    others = copies_taken(rules, [s.cards for k, s in enumerate(draft.seats) if k != i])
    mine = {rules.cards.canonical(c) or c for c in seat.cards}

    def flip(name: str) -> Callable[[], None]:
        def go() -> None:
            held = [c for c in seat.cards if (rules.cards.canonical(c) or c) == name]
            edit.hold("cards", name, not held, held[0] if held else "")
        return go

    out: list[ft.Control] = []
    others_colours = sorted({u.card.colour for u in uses} - set(COLOUR_ORDER))
    for colour in [*COLOUR_ORDER, *others_colours]:
        group = sorted((u for u in uses
                        if u.card.colour == colour and _matches(query, u.card.name)),
                       key=lambda u: min(u.card.ages))
        if not group:
            continue
        chips = []
        for u in group:
            name = u.card.name
            full = others.get(name, 0) >= u.copies and name not in mine
            chips.append(toggle(S.card_taken(name) if full else name, name in mine, flip(name),
                                colour=colour, disabled=full))
        out += [ft.Text(S.COLOUR.get(colour, colour), weight=ft.FontWeight.BOLD), wrap(chips)]
    return out


def named_toggles(title: str, names: list[str], held: list[str], query: str,
                  flip: Callable[[str], Callable[[], None]], taken: set[str]) -> list[ft.Control]:
    shown = [n for n in names if _matches(query, n) or n in held]
    if not shown:
        return []
    return [header(title), wrap([
        toggle(S.card_taken(n) if n in taken and n not in held else n, n in held, flip(n),
               disabled=n in taken and n not in held)
        for n in shown])]


def list_flipper(edit: Edit, attr: ListField,
                 held: list[str]) -> Callable[[str], Callable[[], None]]:
    def flip(name: str) -> Callable[[], None]:
        def go() -> None:
            edit.hold(attr, name, name not in held)
        return go
    return flip


def choices_section(draft: Draft, i: int, evaluation: Evaluation, edit: Edit) -> list[ft.Control]:
    result = evaluation.result
    if result is None or i >= len(result.players):
        return []
    options = choice_options(draft.table(), i, result)
    seat = draft.seats[i]
    out: list[ft.Control] = []
    for key, names in options.items():
        engine_says = result.players[i].choices.get(key, "")

        def pick(name: str, key: str = key) -> Callable[[], None]:
            def go() -> None:
                edit.entry("choices", key, None if seat.choices.get(key) == name else name)
            return go

        out += [header(S.CHOICE.get(key, key)), ft.Text(engine_says, italic=True),
                wrap([toggle(n, seat.choices.get(key) == n, pick(n)) for n in names])]
    return out


def duel_leaders_section(draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str,
                         mine: dict[str, list[str]]) -> list[ft.Control]:
    """Duel Leaders beyond the recruited ones: the leader buried under Abu Simbel (shown
    when the city built it) and the military tokens taken from the opponent's side."""
    seat = draft.seats[i]
    out: list[ft.Control] = []
    burying = list(facts(rules).burying_wonders)
    built = [w for w in burying
             if any((rules.wonders.canonical(x) or x) == w for x in seat.wonders)]
    if built or seat.buried:
        others = {x for k, s in enumerate(draft.seats) if k != i
                  for x in [*s.leaders, *([s.buried] if s.buried else [])]}

        def bury(name: str) -> Callable[[], None]:
            def go() -> None:
                edit.set("buried", "" if seat.buried == name else name)  # its cost cleared
            return go

        def cost(n: int | None) -> None:
            edit.set("buried_cost", n)

        shown = [n for n in rules.leaders.names() if _matches(query, n) or n == seat.buried]
        out += [header(S.buried_under(" / ".join(built or burying))),
                ft.Text(S.BURIED_HINT, italic=True),
                wrap([toggle(S.card_taken(n) if n in others else n, n == seat.buried, bury(n),
                             disabled=n in others and n != seat.buried) for n in shown])]
        if seat.buried:
            printed = leader_cost(rules, seat.buried)
            out.append(optional_number_field(S.BURIED_COST, seat.buried_cost, cost,
                                             S.printed_cost(printed)))
    out.append(problems(mine.get("buried", [])))

    def conquer(n: int | None) -> Callable[[], None]:
        def go() -> None:
            edit.set("conquests", n)
        return go

    most = facts(ruleset(draft.game, draft.expansions)).max_conquests
    options: list[int | None] = [None, *range(most + 1)]
    out += [header(S.CONQUESTS), ft.Text(S.CONQUESTS_HINT, italic=True),
            wrap([toggle(S.FROM_PAWN if n is None else str(n), seat.conquests == n, conquer(n))
                  for n in options]),
            problems(mine.get("conquests", []))]
    return out


def senate_section(seat: Seat, count: int, edit: Edit) -> list[ft.Control]:
    """Agora: the cubes in each of the ruleset's `count` Chambers (none without the Senate).
    A seat with no cubes yet has an empty list: it is sized to the Chambers on the first."""
    if not count:
        return []

    def cubes(c: int) -> Callable[[int], None]:
        def go(n: int) -> None:
            edit.cubes(c, n, count)
        return go

    held = seat.influence
    return [header(S.SENATE), *[
        stepper(f"{S.CHAMBER} {c + 1}", held[c] if c < len(held) else 0, cubes(c))
        for c in range(count)]]


def quick_section(draft: Draft, seat: Seat, edit: Edit, calc: dict[str, int],
                  set_calc: Callable[[dict[str, int]], None]) -> list[ft.Control]:
    categories = ruleset(draft.game, draft.expansions).constants.categories

    def typed(category: str) -> Callable[[int | None], None]:
        def go(n: int | None) -> None:
            edit.entry("typed", category, n)  # None: the field cleared, no total typed
        return go

    out: list[ft.Control] = [
        header(S.QUICK_MODE), ft.Text(S.TYPED_HINT),
        ft.Semantics(identifier="paper-note", content=notice(
            S.paper_note(seat.name, draft.is_duel), icon=ft.Icons.VISIBILITY_OFF)),
    ]
    fields = [number_field(S.CATEGORY.get(c, c), seat.typed.get(c), typed(c))
              for c in categories if c not in ("military", "treasury")]
    out.append(wrap(fields))
    if draft.game != "duel":
        sci = science_points(ruleset(draft.game, draft.expansions), calc.get("compass", 0),
                             calc.get("gear", 0), calc.get("tablet", 0), calc.get("wild", 0))

        def count(key: str) -> Callable[[int], None]:
            def go(n: int) -> None:
                set_calc({**calc, key: n})
            return go

        out += [
            header(S.SCIENCE_CALC),
            stepper(S.COMPASS, calc.get("compass", 0), count("compass")),
            stepper(S.GEAR, calc.get("gear", 0), count("gear")),
            stepper(S.TABLET, calc.get("tablet", 0), count("tablet")),
            stepper(S.WILDCARDS, calc.get("wild", 0), count("wild")),
            ft.Row([ft.Text(S.points(sci.points), size=18, weight=ft.FontWeight.BOLD),
                    ft.FilledButton(content=f"{S.USE} {S.points(sci.points)}",
                                    on_click=lambda: typed("science")(sci.points))]),
        ]
    return out


def _seat_index(text: str) -> int:
    """The seat a link names; -1 (no such seat) when it is not a number (a mistyped link)."""
    try:
        return int(text)
    except ValueError:
        return -1


@ft.component
def CityScreen() -> ft.View:
    model = use_model()
    params = ft.use_route_params()
    query, set_query = ft.use_state("")
    calc, set_calc = ft.use_state(dict[str, int]())
    draft = model.draft
    raw = params.get("i", "0") or "0"
    i = _seat_index(raw)
    route = model.path(f"/player/{raw}")
    if draft is None:
        return no_game_view(route, S.TABLE_TITLE, S.HOME, "/")
    if not 0 <= i < len(draft.seats):
        return no_game_view(route, S.TABLE_TITLE, S.TO_TABLE, model.path(), S.NO_SUCH_PLAYER)
    seat = draft.seats[i]
    rules = ruleset(draft.game, draft.expansions)
    evaluation = evaluate(draft)
    mine = evaluation.player_problems(i)

    edit = SeatEdits(model.edit, i, seat.name)

    def set_quick(on: bool) -> Callable[[], None]:
        def go() -> None:
            edit.set("quick", on)
        return go

    total = evaluation.total(i)
    shown = S.points(total) if total is not None else S.NO_VALUE
    title = f"{seat.name} · {shown}"
    status = "" if evaluation.final else \
        f"{S.NOT_FINAL} · {S.problems_count(len(evaluation.problems))}"
    items: list[ft.Control] = [
        ft.Row([
            ft.Semantics(identifier="running-total", content=ft.Text(
                shown, size=28, weight=ft.FontWeight.BOLD)),
            ft.Text(status, italic=True, color=ft.Colors.ERROR),
        ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        problems(mine.get("", []) + mine.get("name", [])),
        wrap([toggle(S.DETAILED, not seat.quick, set_quick(False)),
              toggle(S.QUICK_MODE, seat.quick, set_quick(True))]),
    ]
    is_duel = draft.game == "duel"
    if not is_duel:
        items += wonder_section(draft, i, rules, edit, seat.quick)
        items.append(problems(mine.get("wonder", [])))
    items += coins_and_tokens(draft, seat, edit)
    items.append(problems(mine.get("coins", []) + mine.get("military", [])))
    if seat.quick:
        items += quick_section(draft, seat, edit, calc, set_calc)
    else:
        items.append(ft.TextField(label=S.SEARCH, value=query, prefix_icon=ft.Icons.SEARCH,
                                  on_change=lambda e: set_query(e.control.value or ""),
                                  dense=True))
        if is_duel:
            built_elsewhere = {w for k, s in enumerate(draft.seats) if k != i for w in s.wonders}
            items += named_toggles(S.WONDERS_BUILT, rules.wonders.names(), seat.wonders, query,
                                   list_flipper(edit, "wonders", seat.wonders), built_elsewhere)
            items.append(problems(mine.get("wonders", [])))
            owned = {p for k, s in enumerate(draft.seats) if k != i for p in s.progress}
            items += named_toggles(S.PROGRESS, rules.progress.names(), seat.progress,
                                   query, list_flipper(edit, "progress", seat.progress), owned)
            items.append(problems(mine.get("progress", [])))
            items += senate_section(seat, facts(rules).chambers, edit)
            items.append(problems(mine.get("influence", [])))
        if "leaders" in draft.expansions and len(rules.leaders):
            recruited = {x for k, s in enumerate(draft.seats) if k != i
                         for x in [*s.leaders, *([s.buried] if s.buried else [])]}
            items += named_toggles(S.LEADERS, rules.leaders.names(), seat.leaders, query,
                                   list_flipper(edit, "leaders", seat.leaders), recruited)
            items.append(problems(mine.get("leaders", [])))
            if is_duel:
                items += duel_leaders_section(draft, i, rules, edit, query, mine)
        items += choices_section(draft, i, evaluation, edit)
        items.append(problems(mine.get("choices", [])))
        items.append(header(S.CARDS))
        items += card_section(draft, i, rules, edit, query)
        items.append(problems(mine.get("cards", [])))
    items.append(ft.Row([
        ft.OutlinedButton(content=S.PREVIOUS, icon=ft.Icons.CHEVRON_LEFT,
                          on_click=back_to(model.path(f"/player/{(i - 1) % len(draft.seats)}"))),
        ft.OutlinedButton(content=S.NEXT, icon=ft.Icons.CHEVRON_RIGHT,
                          on_click=back_to(model.path(f"/player/{(i + 1) % len(draft.seats)}"))),
    ], wrap=True))
    items.append(ft.FilledButton(content=S.SCORE_PAD, icon=ft.Icons.GRID_ON,
                                 on_click=back_to(model.path("/pad")), height=52))
    return view(route, title, items, actions=[
        ft.IconButton(ft.Icons.GRID_ON, tooltip=S.SCORE_PAD, on_click=back_to(model.path("/pad")))])
