"""7 Wonders Duel's sections of the city screen: the wonders a city built (cards of their
own), its progress tokens, Agora's Senate, and Duel Leaders' leaders, the one buried under
Abu Simbel and the conquests. Duel has no wonder board (`board` gives none)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorer.facts import facts, field_bounds, leader_cost, ruleset
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from ui.entry.draft import Draft
from ui.entry.edits import Edit as AnEdit
from ui.entry.edits import SeatField, SetTable, TableField
from ui.entry.games import buried_of
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.screens.city_cards import matches
from ui.screens.city_parts import (
    Edit,
    SeatPart,
    leaders_section,
    list_flipper,
    messages_of,
    named_toggles,
    seat_of,
)
from ui.screens.memo import memo
from ui.screens.widgets import (
    header,
    optional_number_field,
    problems,
    section_width,
    stepper,
    toggle,
    wrap,
)
from ui.session.model import AppModel
from ui.session.verdicts import Evaluation
from ui.text import strings as S


def board(i: int) -> ft.Control | None:
    """No wonder board in Duel: its wonders are cards a city built (`named_sections`)."""
    return None


def named_sections(draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str,
                   mine: dict[str, list[str]], clear_query: Callable[[], None]
                   ) -> list[ft.Control]:
    """The sections of names a Duel city has: the wonders it built, its progress tokens,
    the Senate (Agora), its leaders and what Duel Leaders adds."""
    if not isinstance(draft, DuelDraft):
        return []
    seat = draft.seats[i]
    has = facts(rules)
    built_elsewhere = {w: s.name for k, s in enumerate(draft.seats) if k != i
                       for w in s.wonders}
    items = [*named_toggles(S.WONDERS_BUILT, rules.wonders.names(), seat.wonders, query,
                            list_flipper(edit, "wonders", seat.wonders, clear_query),
                            built_elsewhere),
             problems(mine["wonders"])]
    if len(rules.progress):
        owned = {p: s.name for k, s in enumerate(draft.seats) if k != i for p in s.progress}
        items += named_toggles(S.PROGRESS, rules.progress.names(), seat.progress, query,
                               list_flipper(edit, "progress", seat.progress, clear_query),
                               owned)
        items.append(problems(mine["progress"]))
    if has.chambers:
        items += senate_section(seat, has.chambers, edit, field_bounds(rules).cubes)
        items.append(problems(mine["influence"]))
    items += leaders_section(draft, i, rules, edit, query, mine, clear_query)
    if has.has_leaders and (has.burying_wonders or has.max_conquests):
        items += duel_leaders_section(draft, i, rules, edit, query, mine)
    if has.divinities:  # Pantheon: one city activates a Divinity, the other cannot
        taken = {d: s.name for k, s in enumerate(draft.seats) if k != i for d in s.divinities}
        items += named_toggles(S.DIVINITIES, list(has.divinities), seat.divinities, query,
                               list_flipper(edit, "divinities", seat.divinities, clear_query),
                               taken)
        items.append(problems(mine["divinities"]))
    return items


@dataclass(frozen=True)
class PantheonProps:
    """What Pantheon's part shows of a seat: the coins on Astarte, its Mythology and
    Offering tokens, the card under the Snake (one of the opponent's green cards), the
    box's bounds, and the engine's messages about them."""

    player: str
    astarte: int | None
    coins_most: int
    mythology: tuple[tuple[str, int], ...]
    each_most: int
    offering: int | None
    offering_most: int
    snake: str
    green: tuple[str, ...]
    messages: tuple[str, ...]


@ft.component
def _PantheonPart(edit: Edit, props: PantheonProps) -> ft.Control:
    """Pantheon's numbers of a city, each within the box's bounds, and the Snake's card."""
    def seat_number(field: SeatField, shown: int | None) -> Callable[[int, int], None]:
        """A count that may be unsaid (None): shown as 0, and 0 said as none again."""
        def go(n: int, _was: int) -> None:
            edit.set(field, n or None, (shown,))
        return go

    def tokens(name: str) -> Callable[[int, int], None]:
        def go(n: int, was: int) -> None:
            edit.entry("mythology", name, n or None, (was,))  # a count: 0 when none held
        return go

    def snake(card: str) -> Callable[[], None]:
        def go() -> None:
            edit.set("snake", "" if card == props.snake else card, (props.snake,))
        return go

    out: list[ft.Control] = []
    if props.coins_most:
        out += [header(S.ASTARTE_COINS), stepper(
            S.ASTARTE_COINS, props.astarte or 0, seat_number("astarte_coins", props.astarte),
            0, props.coins_most, player=edit.player)]
    if props.mythology:
        out.append(header(S.MYTHOLOGY_TOKENS))
        # one width for the five fields (a walk saw them of two widths, one under the other)
        width = section_width(S.mythology_tokens(name) for name, _n in props.mythology)
        out += [stepper(S.mythology_tokens(name), n, tokens(name), 0, props.each_most,
                        least_width=width, player=edit.player)
                for name, n in props.mythology]
    if props.offering_most:
        out += [header(S.OFFERING_TOKENS), stepper(
            S.OFFERING_TOKENS, props.offering or 0,
            seat_number("offering_tokens", props.offering), 0, props.offering_most,
            player=edit.player)]
    if props.green:
        out += [header(S.SNAKE), wrap([toggle(S.NOT_SAID, not props.snake, snake(props.snake)),
                                       *[toggle(c, c == props.snake, snake(c))
                                         for c in props.green]])]
    out.append(problems(list(props.messages)))
    return ft.Column(out, spacing=12)


PantheonPart = memo(_PantheonPart)
"""Re-rendered only when one of Pantheon's numbers, the Snake or their problems change."""


def pantheon_props(m: AppModel, i: int) -> PantheonProps | None:
    got = seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    if not isinstance(seat, DuelSeat):
        return None
    rules = ruleset(draft.game, draft.expansions)
    has = facts(rules)
    if seat.quick or not has.divinities:
        return None
    const = rules.constants
    # a Divinity's part once the city holds it (or the table says something of it: a value
    # entered never disappears with its field): shown always, Astarte's coins and the Snake
    # read as things to enter in every Pantheon city
    held = {rules.divinities.canonical(d) or d for d in seat.divinities}
    coins = held & set(has.coins_kept_by) or seat.astarte_coins
    # Nisaba's Snake lies on a green card of the opponent's city
    green = tuple(dict.fromkeys(
        c for k, s in enumerate(draft.seats) if k != i for c in s.cards
        if (card := rules.cards.get(c)) is not None and card.colour == "green"
    )) if held & set(has.snake_placed_by) or seat.snake else ()
    return PantheonProps(
        seat.name, seat.astarte_coins, field_bounds(rules).coins_on_divinity if coins else 0,
        tuple((name, seat.mythology.get(name, 0)) for name in has.mythologies),
        const.mythology_tokens_each, seat.offering_tokens, has.offering_tokens, seat.snake,
        green, messages_of(m, i, "astarte_coins", "mythology_tokens", "offering_tokens",
                           "snake"))


def pieces(i: int, rules: Ruleset) -> ft.Control | None:
    """Seat `i`'s Pantheon numbers (None without Pantheon)."""
    if not facts(rules).divinities:
        return None
    return SeatPart(i, pantheon_props, PantheonPart)


def duel_leaders_section(draft: DuelDraft, i: int, rules: Ruleset, edit: Edit, query: str,
                         mine: dict[str, list[str]]) -> list[ft.Control]:
    """Duel Leaders beyond the recruited ones: the leader buried under Abu Simbel (shown
    when the city built it) and the military tokens taken from the opponent's side."""
    seat = draft.seats[i]
    out: list[ft.Control] = []
    burying = list(facts(rules).burying_wonders)
    built = [w for w in burying
             if any((rules.wonders.canonical(x) or x) == w for x in seat.wonders)]
    if built or seat.buried:
        others = {x: s.name for k, s in enumerate(draft.seats) if k != i
                  for x in [*s.leaders, *buried_of(s)]}

        def bury(name: str) -> Callable[[], None]:
            def go() -> None:
                edit.set("buried", "" if seat.buried == name else name,  # its cost cleared
                         (seat.buried,))
            return go

        def cost(n: int | None, was: int | None) -> None:
            edit.set("buried_cost", n, (was,))

        shown = [n for n in rules.leaders.names() if matches(query, n) or n == seat.buried]
        out += [header(S.buried_under(" / ".join(built or burying))),
                ft.Text(S.buried_hint(facts(rules).buried_factor), italic=True),
                wrap([toggle(S.taken_by(n, others[n]) if n in others else n, n == seat.buried,
                             bury(n), disabled=n in others and n != seat.buried,
                             spoken=S.buried_choice(
                                 S.taken_by(n, others[n]) if n in others else n,
                                 " / ".join(built or burying)))
                      for n in shown])]
        if seat.buried:
            printed = leader_cost(rules, seat.buried)
            out.append(optional_number_field(S.BURIED_COST, seat.buried_cost, cost,
                                             field_bounds(rules).buried_cost,
                                             S.printed_cost(printed), player=seat.name))
    out.append(problems(mine.get("buried", [])))

    def conquer(n: int | None) -> Callable[[], None]:
        def go() -> None:
            edit.set("conquests", n, (seat.conquests,))
        return go

    most = facts(ruleset(draft.game, draft.expansions)).max_conquests
    options: list[int | None] = [None, *range(most + 1)]
    out += [header(S.CONQUESTS), ft.Text(S.CONQUESTS_HINT, italic=True),
            wrap([toggle(S.FROM_PAWN if n is None else str(n), seat.conquests == n, conquer(n),
                         spoken="" if n is None else S.conquests_taken(n))
                  for n in options]),
            problems(mine.get("conquests", []))]
    return out


def senate_section(seat: DuelSeat, count: int, edit: Edit, most: int) -> list[ft.Control]:
    """Agora: the cubes in each of the ruleset's `count` Chambers (none without the Senate).
    A seat with no cubes yet has an empty list: it is sized to the Chambers on the first."""
    if not count:
        return []

    def cubes(c: int) -> Callable[[int, int], None]:
        def go(n: int, was: int) -> None:
            edit.cubes(c, n, count, (was,))
        return go

    held = seat.influence
    return [header(S.SENATE), *[
        stepper(f"{S.CHAMBER} {c + 1}", held[c] if c < len(held) else 0, cubes(c),
                maximum=most, player=seat.name)
        for c in range(count)]]


def minerva_in_play(draft: DuelDraft) -> bool:
    """Whether the table shows Minerva's pawn: once a city holds the Divinity that puts it on
    the track (the ruleset's `minerva_pawn_by`), or while the table says where it is (a
    value entered never disappears with its field). Shown in every Pantheon game, it read
    as a pawn to place when nobody had taken Minerva."""
    by = draft.facts.minerva_pawn_by
    names = ruleset(draft.game, draft.expansions).divinities  # an imported "minerva" too
    return (any(by == (names.canonical(d) or d) for s in draft.seats for d in s.divinities)
            or bool(draft.minerva_spaces or draft.minerva_toward))


def table_sections(draft: Draft, edit: Callable[[AnEdit], None], evaluation: Evaluation | None,
                   rest: list[Problem]) -> tuple[list[ft.Control], list[Problem]]:
    """The table's parts of a Duel game: the conflict pawn (with who scores its military
    points), Pantheon's Minerva, a supremacy claimed; each with the engine's problems about
    it, taken out of `rest` (the table's problems not shown yet)."""
    if not isinstance(draft, DuelDraft):
        return [], rest
    has = draft.facts
    result = evaluation.result if evaluation is not None else None
    items: list[ft.Control] = []

    def about(prefix: str) -> list[str]:
        return [p.message for p in rest if (p.field or "").startswith(prefix)]

    def without(prefix: str) -> list[Problem]:
        return [p for p in rest if not (p.field or "").startswith(prefix)]

    if has.track_spaces:
        gains = [S.military_gain(p.name, p.categories.get("military", 0))
                 for p in (result.players if result is not None else [])
                 if p.categories.get("military", 0) > 0]
        items += [conflict_editor(draft, edit, gains), problems(about("conflict"))]
        rest = without("conflict")
    if has.minerva_pawn and minerva_in_play(draft):
        items += [minerva_editor(draft, edit), problems(about("minerva"))]
        rest = without("minerva")
    if has.supremacies:
        seen = (result.verdict if result is not None
                and result.decided_by.startswith("supremacy") else "")
        items.append(supremacy_editor(draft, edit, about("supremacy"), seen))
        rest = without("supremacy")
    return items, rest


@dataclass(frozen=True)
class _Pawn:
    """A pawn on the Duel track: the table's fields of its spaces from the centre and of
    the player whose capital it points toward, and its side chips' identifiers (this, then
    the player's name)."""

    spaces: TableField
    toward: TableField
    ids: str
    second: bool = False
    """Another pawn's controls show the same words on its screen (Minerva's beside the
    conflict pawn's): its stepper's buttons and field say which pawn too."""


CONFLICT_PAWN = _Pawn("conflict_spaces", "conflict_toward", "toward-")
MINERVA_PAWN = _Pawn("minerva_spaces", "minerva_toward", "minerva-toward-", second=True)


def _pawn_controls(draft: DuelDraft, edit: Callable[[AnEdit], None], pawn: _Pawn,
                   name: str) -> list[ft.Control]:
    """A pawn's spaces (a stepper, bounded by the track) and whose capital it points
    toward (a chip per player). A screen reader hears the pawn's `name` with each side chip
    (the conflict pawn's and Minerva's chips both show "Ann's side"), and with the second
    pawn's stepper ("Minerva pawn, Spaces from the centre")."""
    now: str = getattr(draft, pawn.toward)

    def toward(player: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable(pawn.toward, player, (now,)))
        return go

    def spaces(n: int, was: int) -> None:
        edit(SetTable(pawn.spaces, n, (was,)))

    return [stepper(S.SPACES, getattr(draft, pawn.spaces), spaces, 0, draft.facts.track_spaces,
                    S.for_player(S.SPACES, name) if pawn.second else "",
                    name if pawn.second else ""),
            wrap([toggle(S.toward(s.name), now == s.name, toward(s.name),
                         identifier=f"{pawn.ids}{s.name}",
                         spoken=S.pawn_toward(name, s.name))
                  for s in draft.seats])]


def conflict_editor(draft: DuelDraft, edit: Callable[[AnEdit], None], gains: list[str]
                    ) -> ft.Control:
    """The Duel conflict pawn: how many spaces from the centre, toward whose capital; and,
    from the engine's result, who scores its military points (`gains`)."""
    stepper_row, toward_row = _pawn_controls(draft, edit, CONFLICT_PAWN, S.CONFLICT)
    return ft.Column([header(S.CONFLICT), stepper_row, ft.Text(S.TOWARD), toward_row,
                      *[ft.Text(g, weight=ft.FontWeight.BOLD) for g in gains]])


def minerva_editor(draft: DuelDraft, edit: Callable[[AnEdit], None]) -> ft.Control:
    """Pantheon: Minerva's pawn while it is still on the track (0 spaces: not on it), and
    toward whose capital; the engine checks it against the conflict pawn."""
    return ft.Column([header(S.MINERVA), ft.Text(S.MINERVA_HINT, italic=True),
                      *_pawn_controls(draft, edit, MINERVA_PAWN, S.MINERVA)])


def supremacy_editor(draft: DuelDraft, edit: Callable[[AnEdit], None],
                     messages: list[str], seen: str = "") -> ft.Control:
    """A Duel game that ended early: which supremacy, and who won it (checked by the engine).
    `seen`: the engine's verdict when the cities show a supremacy nobody picked here; then
    "No" is not the answer shown (the pad says the game ended on it: the two agree)."""
    kinds = facts(ruleset(draft.game, draft.expansions)).supremacies

    def kind(k: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable("supremacy_kind", k, (draft.supremacy_kind,)))  # none: no winner
        return go

    def winner(name: str) -> Callable[[], None]:
        def go() -> None:
            edit(SetTable("supremacy_winner", name, (draft.supremacy_winner,)))
        return go

    out: list[ft.Control] = [
        header(S.SUPREMACY), ft.Text(S.SUPREMACY_HINT, italic=True),
        wrap([toggle(S.NO_SUPREMACY, not draft.supremacy_kind and not seen, kind(""),
                     spoken=S.NO_SUPREMACY_SPOKEN),  # "No" alone, a walk's screen reader
              *[toggle(label, draft.supremacy_kind == k, kind(k)) for k, label in kinds.items()]]),
    ]
    if seen and not draft.supremacy_kind:
        out.append(ft.Semantics(identifier="supremacy-seen", content=ft.Text(
            seen, weight=ft.FontWeight.BOLD)))
    if draft.supremacy_kind:
        out += [ft.Text(S.WINNER if draft.supremacy_winner else S.PICK_WINNER,
                        italic=not draft.supremacy_winner),
                # named apart from the player's own line on the same screen ("Mai")
                wrap([toggle(s.name, draft.supremacy_winner == s.name, winner(s.name),
                             spoken=S.supremacy_won_by(kinds.get(draft.supremacy_kind, ""),
                                                       s.name))
                      for s in draft.seats])]
    out.append(problems(messages))
    return ft.Column(out)
