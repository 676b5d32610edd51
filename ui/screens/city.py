"""City entry, made for thumbs: the wonder, coins, conflict tokens, cards as chips by colour,
leaders and the choices that matter; or the paper totals. The running total follows every tap."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.facts import facts, field_bounds, leader_cost, ruleset
from scorer.names import normalize
from scorer.paper import science_points
from scorer.ruleset import Ruleset
from scorer.whatif import choice_options
from ui import strings as S
from ui.draft import Draft, Seat
from ui.edits import ListField, SeatEdits
from ui.model import Evaluation, evaluate, use_model
from ui.screens.city_cards import (
    CardFilter,
    CardGroup,
    card_chips,
    card_flipper,
    colours_in_play,
)
from ui.widgets import (
    TAP,
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

Edit = SeatEdits


def _matches(query: str, name: str) -> bool:
    return not query or normalize(query) in normalize(name)


@ft.component
def _WonderPart(edit: Edit, game: str, expansions: tuple[str, ...], board: str, side: str,
                stages: int, taken: tuple[str, ...], quick: bool,
                messages: tuple[str, ...]) -> ft.Control:
    """The wonder board, its side and stages. Once a board is picked only it shows (a tap
    on it offers the others again), so the cards come sooner under the thumb."""
    rules = ruleset(game, list(expansions))
    choosing, set_choosing = ft.use_state(False)

    def pick(name: str) -> Callable[[], None]:
        def go() -> None:
            set_choosing(False)
            if name != board:
                edit.set("board", name)  # a new board: none of its stages built yet
        return go

    def set_side(name: str) -> Callable[[], None]:
        def go() -> None:
            edit.set("side", name)
        return go

    def set_stages(n: int) -> None:
        edit.set("stages", n)

    if board and not choosing:
        boards = [toggle(board, True, lambda: set_choosing(True)),
                  ft.TextButton(content=S.CHANGE_WONDER, icon=ft.Icons.SWAP_HORIZ, height=TAP,
                                on_click=lambda: set_choosing(True))]
    else:
        boards = [toggle(S.card_taken(w) if w in taken else w, w == board, pick(w),
                         disabled=w in taken and w != board)
                  for w in rules.wonders.names()]
    out: list[ft.Control] = [header(S.WONDER), wrap(boards)]
    wonder = rules.wonders.get(board) if board else None
    if wonder is not None:
        sides = list(dict.fromkeys(rules.constants.side_names.values()))
        labels = {v: k for k, v in reversed(list(rules.constants.side_names.items()))}
        out.append(wrap([toggle(f"{S.SIDE} {labels.get(x, x)}", side == x, set_side(x))
                         for x in sides if x in wonder.sides]))
        current = wonder.sides.get("A" if side not in wonder.sides else side)
        if current is not None and not quick:
            out.append(stepper(S.STAGES, stages, set_stages, 0, len(current.stages)))
            if current.text:
                out.append(ft.Text(S.ruleset_text(current.text), italic=True))
            for k, st in enumerate(current.stages, start=1):
                # Ticking stage k builds stages 1..k; unticking it leaves 1..k-1 built.
                out.append(ft.Checkbox(label=f"{k}. {S.ruleset_text(st.text)}", value=k <= stages,
                                       on_change=lambda _, k=k: set_stages(
                                           k - 1 if k <= stages else k)))
    out.append(problems(list(messages)))
    return ft.Column(out, spacing=12)


WonderPart: Callable[..., ft.Control] = ft.memo(_WonderPart)  # type: ignore[no-untyped-call]
"""Re-rendered only when the wonder, side, stages or their problems change."""


@ft.component
def _CoinsPart(edit: Edit, coins: int, military: tuple[tuple[str, int], ...],
               values: tuple[int, ...], most_coins: int, most_tokens: tuple[int | None, ...],
               messages: tuple[str, ...]) -> ft.Control:
    """Coins and each conflict token the game has (`values`; none in Duel: the pawn
    instead), each field bounded by what the game allows."""
    held = dict(military)

    def set_coins(n: int) -> None:
        edit.set("coins", n)

    def token(key: str) -> Callable[[int], None]:
        def go(n: int) -> None:
            edit.entry("military", key, n)
        return go

    out: list[ft.Control] = [header(S.COINS),
                             stepper(S.COINS, coins, set_coins, maximum=most_coins)]
    if values:
        out.append(header(S.MILITARY))
        for value, most in zip(values, most_tokens, strict=True):
            key = str(value)
            label = f"{'+' if value > 0 else ''}{value}"
            out.append(stepper(label, held.get(key, 0), token(key), maximum=most))
    out.append(problems(list(messages)))
    return ft.Column(out, spacing=12)


CoinsPart: Callable[..., ft.Control] = ft.memo(_CoinsPart)  # type: ignore[no-untyped-call]
"""Re-rendered only when the coins, tokens or their problems change."""


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


def senate_section(seat: Seat, count: int, edit: Edit, most: int) -> list[ft.Control]:
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
        stepper(f"{S.CHAMBER} {c + 1}", held[c] if c < len(held) else 0, cubes(c),
                maximum=most)
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
            S.paper_note(seat.name, not draft.facts.has_boards), icon=ft.Icons.VISIBILITY_OFF)),
    ]
    fields = [number_field(S.CATEGORY.get(c, c), seat.typed.get(c), typed(c))
              for c in categories if c not in draft.facts.paper_derived]
    out.append(wrap(fields))
    if draft.facts.science_sets:
        sci = science_points(ruleset(draft.game, draft.expansions), calc.get("compass", 0),
                             calc.get("gear", 0), calc.get("tablet", 0), calc.get("wild", 0))

        def count(key: str) -> Callable[[int], None]:
            def go(n: int) -> None:
                set_calc({**calc, key: n})
            return go

        most = field_bounds(ruleset(draft.game, draft.expansions))  # the search stays small
        out += [
            header(S.SCIENCE_CALC),
            stepper(S.COMPASS, calc.get("compass", 0), count("compass"),
                    maximum=most.symbols["compass"]),
            stepper(S.GEAR, calc.get("gear", 0), count("gear"), maximum=most.symbols["gear"]),
            stepper(S.TABLET, calc.get("tablet", 0), count("tablet"),
                    maximum=most.symbols["tablet"]),
            stepper(S.WILDCARDS, calc.get("wild", 0), count("wild"), maximum=most.wildcards),
            ft.Row([ft.Text(S.points(sci.points), size=18, weight=ft.FontWeight.BOLD),
                    ft.FilledButton(content=f"{S.USE} {S.points(sci.points)}",
                                    on_click=lambda: typed("science")(sci.points))]),
        ]
    return out


def _whose(draft: Draft, evaluation: Evaluation, i: int) -> str:
    """Why the total is not final, said of whose problems they are: this player's (shown
    on this screen), or the other players' and the table's (named)."""
    here = evaluation.count_for(i)
    if here:
        return f"{S.NOT_FINAL} · {S.problems_count(here)}"
    others = [s.name for k, s in enumerate(draft.seats) if k != i and evaluation.count_for(k)]
    return f"{S.NOT_FINAL} · {S.problems_elsewhere(others)}"


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
    age, set_age_now = ft.use_state(0)
    colour, set_colour_now = ft.use_state("")
    set_age = ft.use_callback(set_age_now, [])  # stable: the memoized filter keeps its props
    set_colour = ft.use_callback(set_colour_now, [])
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
    has = facts(rules)
    edit = SeatEdits(model.edit, i, seat.name)  # equal values each render: memo keeps props
    on_flip = ft.use_callback(card_flipper(edit), [edit])

    def set_quick(on: bool) -> Callable[[], None]:
        def go() -> None:
            edit.set("quick", on)
        return go

    total = evaluation.total(i)
    shown = S.points(total) if total is not None else S.NO_VALUE
    title = f"{seat.name} · {shown}"
    status = "" if evaluation.final else _whose(draft, evaluation, i)
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
    if has.has_boards:
        taken = tuple(s.board for k, s in enumerate(draft.seats) if k != i and s.board)
        items.append(WonderPart(edit, draft.game, tuple(draft.expansions), seat.board,
                                seat.side, seat.stages, taken, seat.quick,
                                tuple(mine.get("wonder", []))))
    most = field_bounds(rules)  # no number beyond what the game allows
    items.append(CoinsPart(edit, seat.coins, tuple(sorted(seat.military.items())),
                           has.token_values, most.coins,
                           tuple(most.tokens.get(v) for v in has.token_values),
                           tuple(mine.get("coins", []) + mine.get("military", []))))
    if seat.quick:
        items += quick_section(draft, seat, edit, calc, set_calc)
    else:
        items.append(ft.TextField(label=S.SEARCH, value=query, prefix_icon=ft.Icons.SEARCH,
                                  on_change=lambda e: set_query(e.control.value or "")))
        if not has.has_boards:  # wonders are cards of their own (Duel)
            built_elsewhere = {w for k, s in enumerate(draft.seats) if k != i for w in s.wonders}
            items += named_toggles(S.WONDERS_BUILT, rules.wonders.names(), seat.wonders, query,
                                   list_flipper(edit, "wonders", seat.wonders), built_elsewhere)
            items.append(problems(mine.get("wonders", [])))
        if len(rules.progress):
            owned = {p for k, s in enumerate(draft.seats) if k != i for p in s.progress}
            items += named_toggles(S.PROGRESS, rules.progress.names(), seat.progress,
                                   query, list_flipper(edit, "progress", seat.progress), owned)
            items.append(problems(mine.get("progress", [])))
        if has.chambers:
            items += senate_section(seat, has.chambers, edit, most.cubes)
            items.append(problems(mine.get("influence", [])))
        if has.has_leaders:
            recruited = {x for k, s in enumerate(draft.seats) if k != i
                         for x in [*s.leaders, *([s.buried] if s.buried else [])]}
            items += named_toggles(S.LEADERS, rules.leaders.names(), seat.leaders, query,
                                   list_flipper(edit, "leaders", seat.leaders), recruited)
            items.append(problems(mine.get("leaders", [])))
            if has.burying_wonders or has.max_conquests:
                items += duel_leaders_section(draft, i, rules, edit, query, mine)
        items += choices_section(draft, i, evaluation, edit)
        items.append(problems(mine.get("choices", [])))
        items.append(header(S.CARDS))
        ages = tuple(sorted({a for c in rules.cards.values() for a in c.ages}))
        items.append(CardFilter(age, colour, ages, tuple(colours_in_play(draft, rules)),
                                set_age, set_colour))
        items += [CardGroup(on_flip, group, chips)
                  for group, chips in card_chips(draft, i, rules, query, age, colour)]
        items.append(problems(mine.get("cards", [])))
    items.append(ft.Row([
        ft.OutlinedButton(content=S.PREVIOUS, icon=ft.Icons.CHEVRON_LEFT, height=TAP,
                          on_click=back_to(model.path(f"/player/{(i - 1) % len(draft.seats)}"))),
        ft.OutlinedButton(content=S.NEXT, icon=ft.Icons.CHEVRON_RIGHT, height=TAP,
                          on_click=back_to(model.path(f"/player/{(i + 1) % len(draft.seats)}"))),
    ], wrap=True))
    items.append(ft.FilledButton(content=S.SCORE_PAD, icon=ft.Icons.GRID_ON,
                                 on_click=back_to(model.path("/pad")), height=52))
    return view(route, title, items, actions=[
        ft.IconButton(ft.Icons.GRID_ON, tooltip=S.SCORE_PAD, on_click=back_to(model.path("/pad")))])
