"""The city's cards, compact and quick under the thumb: each card a chip with its Age and what
it gives, a filter by Age and by colour. The groups are laid out once per filter; each chip
watches its own card, so that a tap re-renders only the chip it changed."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

import flet as ft

from scorer.effects import (
    Effect,
    PerCard,
    PerCoins,
    PerDefeatToken,
    PerWonderStage,
    Points,
    ScienceSymbol,
    ScienceWildcard,
    Shields,
)
from scorer.facts import (
    cards_in_play,
    cards_of_age,
    copies_in_deck,
    copies_taken,
    facts,
    ruleset,
)
from scorer.i18n import all_of
from scorer.names import normalize
from scorer.ruleset import Card, Ruleset, symbol_word
from ui.entry.draft import Draft
from ui.entry.edits import SeatEdits
from ui.screens.a11y import checkable, icon_button, quiet_tooltip
from ui.screens.fit import (
    PAGE_PADDING,
    PHONE_WIDTH,
    fitted_columns,
    lines_needed,
    slot_width,
    without_holes,
    xs_share,
)
from ui.screens.memo import memo
from ui.screens.widgets import CARD_COLOURS, FOREIGN_CHANGE_S, GRID_COLUMNS, TAP, grid, wrap
from ui.session.model import AppModel, SharedWatch, use_part
from ui.text import strings as S


@dataclass(frozen=True)
class Chip:
    """One card as the list shows it, and what a tap on it sends (`card_flipper`)."""

    name: str
    label: str
    detail: str
    selected: bool
    disabled: bool
    entered: str = ""
    """The name as the city holds it, when held (an imported table may spell it otherwise)."""
    count: int | None = None
    """A card the city may hold several of (Agora's Senators): how many it holds; a tap
    adds one, up to `room` (never past it, never round to none); its minus takes one
    away. None: a card held or not."""
    room: int = 0
    """The copies of a counted card the other cities leave in the box."""
    spoken: str = ""
    """What a screen reader says for `label`, where it says more than the chip has room for
    ("Altar (taken by Ann)" for "Altar (taken)": whose it is, as a taken board says, while
    the chip keeps its third of a row); "" when it says `label`."""


def gives(card: Card, rules: Ruleset) -> str:
    """What the card gives, in a few words, from its effects in the ruleset (its printed text
    when no effect says it shortly: a resource, a trade rule)."""
    parts = [_effect_words(e, rules) for e in card.effects]
    words = [p for p in parts if p]
    if words and len(words) == len(parts):
        return ", ".join(words)
    return S.ruleset_text(card.text)  # cut to the chip's width where long (a trade rule)


def _effect_words(e: Effect, rules: Ruleset) -> str:
    match e:
        case Points(points=points):
            return S.vp(points)
        case Shields(shields=shields):
            return S.shields(shields)
        case ScienceSymbol(symbol=symbol):
            return symbol_word(rules, symbol)
        case ScienceWildcard():
            return S.ANY_SYMBOL
        case PerCard(points=points, colours=colours, cities=cities, count_in=count_in):
            what = "/".join(S.COLOUR_SHORT.get(c, c) for c in colours)
            return S.per_item(points, what, _whose(cities, count_in))
        case PerWonderStage(points=points, cities=cities, count_in=count_in):
            return S.per_item(points, S.STAGE, _whose(cities, count_in))
        case PerDefeatToken(points=points, cities=cities):
            return S.per_item(points, S.DEFEAT, _whose(cities))
        case PerCoins(points=points, coins=coins):
            return S.per_coins(points, coins)
        case _:
            return ""  # told by the card's printed text, when short


def _whose(cities: tuple[str, ...], count_in: str = "each") -> str:
    """Whose cities an effect counts in, in a word ("" = the owner's alone)."""
    if count_in == "most":
        return S.CITY_WITH_MOST
    return "" if tuple(cities) == ("own",) else "+".join(
        S.SCOPE_SHORT.get(c, c) for c in cities)


@dataclass(frozen=True)
class Holdings:
    """What a city's chips need to know of the game: the cards the city holds (by ruleset
    name, with the name as entered) and the cards whose every copy other cities hold."""

    mine: dict[str, str]
    full: frozenset[str]
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Cards the city may hold several of (`facts.counted_cards`): how many it holds, and
    how many the other cities leave it."""
    holders: dict[str, str] = field(default_factory=dict)
    """Of the cards in `full` and `counts`, whose cities hold them, in words ("Ann", "Ann
    and Bob"): a
    taken chip says by whom to a screen reader, as a taken board does (it read "(taken)":
    a walk; on screen it keeps "(taken)", as "(taken by Ann)" took half a row, not a
    third)."""


def holdings(draft: Draft, i: int) -> Holdings:
    rules = ruleset(draft.game, draft.expansions)
    in_deck = copies_in_deck(rules, len(draft.seats))
    others = copies_taken(rules, [s.cards for k, s in enumerate(draft.seats) if k != i])
    counted = facts(rules).counted_cards
    mine = copies_taken(rules, [draft.seats[i].cards]) if counted else {}
    full = frozenset(name for name, n in others.items() if n >= in_deck.get(name, 0))
    by_seat: dict[str, list[str]] = {}
    for k, seat in enumerate(draft.seats):
        if k != i:
            for name in dict.fromkeys(map(rules.cards.canonical, seat.cards)):
                if name in full or name in counted:
                    by_seat.setdefault(name, []).append(seat.name)
    return Holdings({rules.cards.canonical(c) or c: c for c in draft.seats[i].cards}, full,
                    {name: (mine.get(name, 0), in_deck[name] - others.get(name, 0))
                     for name in counted},
                    # one name as it is (a list said in words loads Babel: a render's cost)
                    {name: who[0] if len(who) == 1 else all_of(who)
                     for name, who in by_seat.items()})


def city_holdings(m: AppModel, i: int) -> Holdings:
    """Seat `i`'s holdings in the game on screen (none when there is no such seat: another
    phone may remove a player)."""
    d = m.draft
    if d is None or not 0 <= i < len(d.seats):
        return Holdings({}, frozenset())
    return holdings(d, i)


def cards_touched(old: Holdings, new: Holdings) -> set[str]:
    """The cards whose chips a change of holdings is about (held, taken, by whom, or their
    spelling)."""
    mine = {k for k in old.mine.keys() | new.mine.keys() if old.mine.get(k) != new.mine.get(k)}
    counts = {k for k in old.counts.keys() | new.counts.keys()
              if old.counts.get(k) != new.counts.get(k)}
    holders = {k for k in old.holders.keys() | new.holders.keys()
               if old.holders.get(k) != new.holders.get(k)}
    return mine | counts | holders | (old.full ^ new.full)


def chip_state(held: Holdings, name: str) -> tuple[bool, bool, str]:
    """One card of a city: held, taken by other cities, and its name as entered."""
    entered = held.mine.get(name)
    return entered is not None, entered is None and name in held.full, entered or ""


@lru_cache(maxsize=256)
def chip_layout(game: str, expansions: tuple[str, ...], players: int, query: str, age: int,
                colour: str, language: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The cards the player count uses in the Age (`cards_of_age`; 0: every Age), by colour
    group, filtered: each (name, what it gives).
    The same for every city of the game: made once per filter and `language` (the caller's
    session speaks it)."""
    rules = ruleset(game, list(expansions))
    uses = cards_of_age(rules, players, age)
    out: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for group_colour in colours_in_play(rules, players):
        if colour and group_colour != colour:
            continue
        group = [u for u in uses if u.card.colour == group_colour and matches(query, u.card.name)]
        if group:
            out.append((group_colour, tuple(
                (u.card.name, " · ".join(x for x in (S.age_label(u.card.ages), gives(u.card, rules))
                                        if x))
                for u in group)))
    return tuple(out)


def matches(query: str, name: str) -> bool:
    """Whether a name is one the search field asks for (any case, any accents)."""
    return not query or normalize(query) in normalize(name)


@lru_cache(maxsize=64)
def names_in_play(rules: Ruleset, players: int) -> frozenset[str]:
    """The cards a game of `players` offers as chips (`cards_in_play`), by ruleset name:
    asked at every change of a city (what it holds that no chip offers), made once."""
    return frozenset(u.card.name for u in cards_in_play(rules, players))


@lru_cache(maxsize=64)
def colours_in_play(rules: Ruleset, players: int) -> tuple[str, ...]:
    """The card colours a game of `players` uses, in the ruleset's colour order (a colour
    the order does not list comes last)."""
    present: set[str] = {u.card.colour for u in cards_in_play(rules, players)}
    order = facts(rules).colour_order
    return (*[c for c in order if c in present], *sorted(present - set(order)))


CHIP_TEXT = 13
"""A card chip's name (px)."""
DETAIL_TEXT = 10
"""What a card gives, under its name on the chip (px)."""
_NAME = ft.TextStyle(size=CHIP_TEXT, weight=ft.FontWeight.W_500, height=1.2)
_DETAIL = ft.TextStyle(size=DETAIL_TEXT, weight=ft.FontWeight.NORMAL, height=1.2)
"""The styles of a chip's name and of what it gives (one object each for every chip of
every session). Lines of 1.2 times the type: a button's own (1.43) gave a two-line name
and its gain 52 px, and the chip's 48 cut the gain in half."""
CHIP_LINES = 3
"""The lines a card chip's 48 px hold: the name's one or two, what it gives in the rest
(15.6 + 15.6 + 12 = 43 px; 15.6 + 12 + 12 = 40)."""
CHIP_INSET = 2 * 6
"""What a card chip's words cannot use of its width (px): its padding (its border is drawn
over it)."""
MINUS_WIDTH = 48
"""A counted card's minus, beside its chip (px)."""
LETTER_SPACING = 0.1
"""What Flutter adds after each character of a chip's words (px): the button's label style
(Material 3's labelLarge), which `_NAME` and `_DETAIL` do not set, gives it to them.
Unseen, it ate the estimate's margin (`ui.screens.fit.MARGIN`): "Archery Range" is 83.9 px
of Roboto's advances at 13 px, drawn 85.2 (13 characters), two lines in a 320 px phone's
84; "Quarry (taken)" was put on one line with 0.4 px to spare (issue 31)."""
CHIP_RADIUS = 10
"""A card chip's corners (px): a button's own stadium (radius 24 on a 48 px chip) and its
2 px border came into the words' box, up to 7 px at the baseline of a third line and 6 at
the capitals of a first: the ends of a name on a full line ("Quarry (taken)" at 320 px) and
of the gain under a two-line name ("Foundry (taken)": "II · produces 2 Ore" cut at both
ends, no "…") were under the border. Corners of 10 px (8 inside the border) stay within
the chip's 6 px padding down to the third line's baseline (43 px: 10 - sqrt(8² - 5²) =
3.8 px; the first line's capitals at 5.5 px: 10 - sqrt(8² - 4.5²) = 3.4)."""


@dataclass(frozen=True)
class ChipLines:
    """How a card chip's words lie on its lines: the name's (one or two), the most lines
    what it gives may take (the rest of the chip's), and whether it needs more than that
    (it then ends in "…" and a long press shows it whole)."""

    name: int
    gain: int
    cut: bool


def chip_lines(chip: Chip, span: ft.ResponsiveNumber) -> ChipLines:
    """A chip's lines in its slot (`span`); a counted card's as when its minus shows (the
    same words as long as its name and count are the same)."""
    width = slot_width(xs_share(span)) - CHIP_INSET - (MINUS_WIDTH if chip.count is not None
                                                       else 0)
    # the estimate errs wide (`ui.screens.fit.MARGIN`, over the words' letter spacing): a
    # name it puts on one line is on one, a gain it puts on its lines fits them
    name = 1 if lines_needed(chip.label, CHIP_TEXT, width, LETTER_SPACING) == 1 else 2
    room = CHIP_LINES - name
    needed = (lines_needed(chip.detail, DETAIL_TEXT, width, LETTER_SPACING) or CHIP_LINES) \
        if chip.detail else 0
    return ChipLines(name, room, needed > room)


def chip_body(label: str, detail: str, lines: ChipLines | None = None,
              spoken: str = "") -> ft.Control:
    """A card's words: its name (on one or two lines, broken between words: the grid makes
    the chip wide enough, `chip_span`), and under it its Age and what it gives on the
    chip's other lines (`lines`). One text with a smaller span where they fit; where what
    it gives needs more (`ChipLines.cut`: a trade rule), two texts, the second ending in
    "…" on its last line: one text of two sizes never showed its "…" in chromium
    (CanvasKit), its words were cut at the chip's edge. A screen reader reads every word
    (the texts' own, not the lines shown). Two controls more only for those: a city shows
    ~25 chips an Age in every phone's session. `spoken`: `Chip.spoken`."""
    if lines is None or not lines.cut or not detail:
        text = ft.Text(label, style=_NAME, max_lines=CHIP_LINES,
                       overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                       spans=[ft.TextSpan("\n" + detail, style=_DETAIL)] if detail else None)
        if spoken:
            text.semantics_label = f"{spoken}\n{detail}" if detail else spoken
        return text
    name = ft.Text(label, style=_NAME, max_lines=lines.name,
                   overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)
    if spoken:
        name.semantics_label = spoken
    return ft.Column([name,
                      ft.Text(detail, style=_DETAIL, max_lines=lines.gain,
                              overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def chip_span(chip: Chip) -> ft.ResponsiveNumber:
    """A card chip's share of its grid's row: a third of a phone's, or half when its name
    would not fit a third in two lines broken between words. A counted card's (Agora's
    Senators) as it shows when the city holds every copy it can, its minus beside it: a
    tap does not make it wider, the chips after it do not move under the thumb."""
    if chip.count is None:
        return fitted_columns(chip.label, CHIP_TEXT, GRID_COLUMNS, CHIP_INSET, 2,
                              LETTER_SPACING)
    most = max(chip.room, chip.count, 1)
    return fitted_columns(counted_words(chip.name, most, most), CHIP_TEXT, GRID_COLUMNS,
                          CHIP_INSET + MINUS_WIDTH, 2, LETTER_SPACING)


@lru_cache(maxsize=64)
def chip_style(colour: str, selected: bool) -> ft.ButtonStyle:
    """Filled in the card's colour when the city holds it, outlined in it otherwise (one
    style per colour and state, shared by every chip of every session: never changed), its
    corners round enough to keep its words clear of its border (`CHIP_RADIUS`)."""
    bg, fg = CARD_COLOURS.get(colour, (ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY))
    return ft.ButtonStyle(bgcolor=bg if selected else None, color=fg if selected else None,
                          icon_color=fg if selected else None,
                          padding=ft.Padding.symmetric(horizontal=6), side=ft.BorderSide(2, bg),
                          shape=ft.RoundedRectangleBorder(radius=CHIP_RADIUS))


@dataclass(frozen=True)
class OneLess:
    """A counted card's minus (the chip rides along): one copy fewer in the city."""

    chip: Chip


def card_chip(chip: Chip, on_click: Callable[[ft.Event[Any]], None],
              body: ft.Control, style: ft.ButtonStyle, player: str = "",
              cut: bool = False) -> ft.Control:
    """A card, 48 px tall. One kind of button whether held or not, so that a tap changes a
    few of its properties instead of replacing it; `body` is kept from the last render when
    it did not change (the same object is not compared again). The chip rides along as the
    button's data: one handler serves every chip of a city. A screen reader reads it as a
    checkbox, checked when the city holds the card (`ui.a11y.checkable`). Held, it is
    filled in the card's colour, with no check mark: the mark took a quarter of a third of
    the phone and broke "Philosophers Guild" inside its first word. `cut`: the chip shows
    less than its words (`chip_lines`): a long press shows them all, as a tooltip."""
    words = ft.OutlinedButton(content=body, on_click=on_click, height=TAP,
                              disabled=chip.disabled, style=style, data=chip)
    if cut:
        words.tooltip = quiet_tooltip(f"{chip.label}\n{chip.detail}")
    button = checkable(words, chip.selected, chip.disabled)
    if not chip.count:
        return button
    # a count goes down as it goes up: its minus before it (a long chip cannot push it off
    # the screen), named for a screen reader; the chip takes the rest of the line
    minus = icon_button(ft.Icons.REMOVE_CIRCLE_OUTLINE, S.one_less(chip.name, player, chip.count),
                        on_click, icon_size=28)
    minus.data = OneLess(chip)  # the city's one handler reads what was tapped
    return ft.Row([minus, ft.Container(button, expand=True)], spacing=0)


ChipState = tuple[bool, int | None]
"""A chip's state: held, and how many (a counted card; None: held or not)."""

Flip = Callable[[Chip, int, Chip], ChipState | None]
"""A tap on a card chip: the chip as the server holds it now, +1 (the chip) or -1 (a counted
card's minus), and the chip as the phone showed it when tapped; the state it asked for when
it sent a change."""


class ChipFlip(Protocol):
    """What a tap on a chip does (`card_flipper`)."""

    def __call__(self, chip: Chip, step: int = 1, seen: Chip | None = None
                 ) -> ChipState | None: ...


def card_flipper(edit: SeatEdits) -> ChipFlip:
    """Tapping a card: the player's city takes it, or gives it back (as it was entered); a
    counted card gets one copy more or fewer. What the tap meant is read off the chip as the
    phone showed it (`seen`, the chip itself unless another phone changed it a moment
    before, `ChipsSeen`), and the edit carries that (`was`): made over a chip another phone
    changed meanwhile, it is refused and said ("Baths added to Bob's city on another phone;
    your change was not saved"), never read against the new state (a take became a
    give-back; a Senator's minus on 3 saved 1 for a 2 shown). The edit says which (held or
    not, how many), so two phones tapping at once agree on the last tap."""
    def flip(chip: Chip, step: int = 1, seen: Chip | None = None) -> ChipState | None:
        shown = chip if seen is None else seen
        # what the phone showed rides with the edit only where another phone changed the
        # chip a moment before: this phone's own second tap, sent before the first one's
        # render, holds the chip as the first found it, and is not another phone's change
        # (a review: two quick taps on Baths were refused as "on another phone")
        foreign = (shown.selected, shown.count) != (chip.selected, chip.count)
        if chip.disabled and not chip.selected:
            return None  # taken by another city: a tap sent before this phone was shown so
        if chip.count is not None:
            was = shown.count or 0
            n = was + step
            if not 0 <= n <= max(chip.room, chip.count, was):
                return None  # at a bound: a tap changes nothing
            edit.copies(chip.name, n, (was,) if foreign else ())
            return (n > 0, n)
        edit.hold("cards", chip.name, not shown.selected, chip.entered,
                  (shown.selected,) if foreign else ())
        return (not shown.selected, None)
    return flip


def on_chip(flip: ChipFlip, then: Callable[[], None] | None = None) -> Flip:
    """What a chip's tap does: `flip`, then `then` (the search emptied for the next name)."""
    def tapped(chip: Chip, step: int, seen: Chip) -> ChipState | None:
        sent = flip(chip, step, seen)
        if then is not None:
            then()
        return sent
    return tapped


@dataclass
class ChipsSeen:
    """What a city's chips showed before another phone changed them, for a tap this phone
    sent before it was shown the change. The phone's tap reaches the server a network trip
    after it was made; by then the server may have drawn another phone's change of the same
    chip for this phone, and the tap's control then holds the new chip. Within
    `FOREIGN_CHANGE_S` of such a change, the chip's first tap is read as made on the chip
    shown before it (as a field's typing is, `widgets._Shown.typed_over`). Card chips are
    not made anew on such a change, as a stepper's buttons are: a keyed chip among unkeyed
    ones made Flet 1.0.5 pair chips and handlers wrongly in chromium (a tap on Theater took
    Stockade), and keys on all of them cost the thumb a scroll step."""

    before: dict[str, tuple[Chip, float]] = field(default_factory=dict)
    """Each chip another phone changed: as this phone showed it before, and when."""
    own: dict[str, ChipState] = field(default_factory=dict)
    """Chips this phone's taps asked to change, and to what, whose render is still to
    come (one a chip: a refused tap's is replaced by the next, never taken for another
    phone's change of a different state)."""

    def follow(self, was: Chip, now: Chip) -> None:
        """The chip `was` is drawn as `now`: another phone's change, unless this phone's."""
        state = (now.selected, now.count)
        if (was.selected, was.count) == state:
            return
        if self.own.pop(now.name, None) != state:
            self.before[now.name] = (was, time.monotonic())

    def as_seen(self, chip: Chip) -> Chip:
        """The chip as the phone most likely showed it when it made a tap that arrives now:
        as it is, unless another phone changed it a moment ago; read once (the next tap was
        made on the chip as it shows now)."""
        was = self.before.pop(chip.name, None)
        if was is None or time.monotonic() - was[1] >= FOREIGN_CHANGE_S:
            return chip
        return was[0]


def chip_tapper(flip: Flip, seen: ChipsSeen) -> Callable[[ft.Event[Any]], None]:
    """One handler for every chip of a city: the tapped chip rides as its button's data (a
    counted card's minus: `OneLess`), read as the phone showed it (`seen`)."""
    def tapped(e: ft.Event[Any]) -> None:
        data = e.control.data
        if isinstance(data, Chip):
            chip, step = data, 1
        elif isinstance(data, OneLess):
            chip, step = data.chip, -1
        else:
            return
        asked = flip(chip, step, seen.as_seen(chip))
        if asked is not None:
            seen.own[chip.name] = asked
    return tapped


def counted_words(name: str, count: int, room: int) -> str:
    """A counted card's words ("Conspirator x1 of 6"), its count kept on one line: a line
    break only after the name (a chip showed "Conspirator x1 of" over "6")."""
    words = S.copies_held(name, count, room)
    if not words.startswith(name):
        return words
    return name + words[len(name):][:1] + words[len(name) + 1:].replace(" ", "\u00a0")


def chip_of(held: Holdings, name: str, detail: str) -> Chip:
    """One card of a city as its chip shows it."""
    selected, taken, entered = chip_state(held, name)
    if name in held.counts:
        count, room = held.counts[name]
        gone = not count and not room
        label = counted_words(name, count, room) if count else (
            S.card_taken(name) if not room else name)
        return Chip(name, label, detail, count > 0, gone, entered, count, room,
                    _taken_by(held, name) if gone else "")
    return Chip(name, S.card_taken(name) if taken else name, detail, selected, taken, entered,
                spoken=_taken_by(held, name) if taken else "")


def _taken_by(held: Holdings, name: str) -> str:
    """A card every copy of which other cities hold, with whose they are, for a screen
    reader ("" where not known)."""
    who = held.holders.get(name)
    return S.taken_by(name, who) if who else ""


_Shown = tuple[Callable[[ft.Event[Any]], None] | None, tuple[tuple[str, str, str], ...],
               dict[str, tuple[Chip, ft.Control, ft.Control]]]
"""The render's handler, the cards it laid out, and each card's chip: as it shows, its button
and the button's words."""


@ft.component
def _CardGroup(cards_of: SharedWatch[Holdings], cards: tuple[tuple[str, str, str], ...],
               on_flip: Flip, player: str = "") -> ft.Control:
    """The chips of the cards on screen, each (name, what it gives, colour), in one grid in
    the table's colour order: a group of four began a row of its own and an Age took two
    rows more than it fills, a screen's scroll (issue 31). It follows its own cards, and a
    chip whose card did not change is the very control it was (not compared again): a tap
    rebuilds the one chip it changed. The chips are plain controls, not a component each:
    a city shows ~80 of them in every phone's session."""
    # Props are plain values and stable objects, never the model: a component given an
    # observable re-renders on every change of it, memo or not.
    held = use_part(cards_of, *(name for name, _, _ in cards))
    seen = ft.use_memo(ChipsSeen, [])
    on_tap = ft.use_memo(lambda: chip_tapper(on_flip, seen), [on_flip])
    nothing: _Shown = (None, (), {})
    shown = ft.use_ref(nothing)
    tapper, laid, kept = shown.current or nothing
    if tapper is not on_tap or laid != cards:
        # another Age or filter: every chip anew. A chip kept from the last grid at
        # another place in this one (Glassworks: Age I and II) took the taps of the chip
        # whose place it had (Flet 1.0.5 patched that chip's words, not its handler)
        kept = {}
    chips: dict[str, tuple[Chip, ft.Control, ft.Control]] = {}
    made = [chip_of(held, name, detail) for name, detail, _ in cards]
    spans = [chip_span(chip) for chip in made]
    # each chip's place in its row: a kept chip (a control already sent, which cannot be
    # changed) stays only where it was; a chip that another one's new width moves in its
    # row is made anew (setting its place raised "Frozen controls cannot be updated", and
    # the Age's chips were not drawn: a walk's server log)
    places = without_holes(spans)
    for (name, detail, colour), chip, span, place in zip(cards, made, spans, places,
                                                         strict=True):
        was = kept.get(name)
        if was is not None:
            seen.follow(was[0], chip)
        if was is not None and was[0] == chip and was[1].col == place:
            chips[name] = was
            continue
        # a tap changes a chip's icon and style, seldom its words: kept, not compared again
        lines = chip_lines(chip, span)
        body = (was[2] if was is not None and (was[0].label, was[0].detail, was[0].spoken)
                == (chip.label, detail, chip.spoken)
                else chip_body(chip.label, detail, lines, chip.spoken))
        chips[name] = (chip, card_chip(chip, on_tap, body, chip_style(colour, chip.selected),
                                       player, lines.cut), body)
    shown.current = (on_tap, cards, chips)
    return grid([button for _, button, _ in chips.values()], GRID_COLUMNS, spans)


CardGroup = memo(_CardGroup)
"""The chips on screen: rendered again only when the filter changes which cards it shows."""


@ft.component
def _CardFilter(age: int, ages: tuple[int, ...], set_age: Callable[[int], None]) -> ft.Control:
    """Which Age's cards show: right above them (a tap changes the chips under the thumb,
    in the same place: an Age after another without a scroll)."""
    def pick_age(a: int) -> Callable[[], None]:
        return lambda: set_age(a)

    age_chips: list[ft.Control] = [checkable(_small_toggle(
        S.ALL_AGES if not a else S.age_label((a,)), age == a, pick_age(a),
        # a screen reader hears what the chip does ("Show cards: Age II"), not a bare "Age II"
        S.show_cards(S.ALL_AGES if not a else S.age_name(S.age_label((a,))))), age == a,
        identifier=f"age-{a}") for a in (0, *ages)]
    return wrap(age_chips)


@ft.component
def _ColourFilter(colour: str, colours: tuple[str, ...],
                  set_colour: Callable[[str], None]) -> ft.Control:
    """The cards of one colour only: under the chips (seldom needed, and above them it put
    the chips a screen lower)."""
    def pick_colour(c: str) -> Callable[[], None]:
        return lambda: set_colour("" if colour == c else c)

    def swatch(c: str) -> ft.Control:
        bg, fg = CARD_COLOURS.get(c, ("#546E7A", "#FFFFFF"))
        # one checkbox node, named once by its label (the tooltip shows for a mouse,
        # unread); a container's tap joins the node around it (no merge needed: a
        # button's would not)
        # the tap target is the swatch's slot, the circle drawn inside it: the space between
        # two circles is tappable too
        # a colour without words (a ruleset's new one) reads "Other", never the data's word
        # nor a broken screen (tests/ui_tests/test_city_ages.py names every colour in play)
        words = S.COLOUR.get(c) or S.COLOUR["none"]
        return ft.Semantics(identifier=f"filter-{c}", label=S.show_cards(words),
                            checked=colour == c, content=ft.Container(
            width=slot, height=SWATCH_HEIGHT, alignment=ft.Alignment.CENTER,
            tooltip=quiet_tooltip(words), on_click=pick_colour(c), ink=True,
            content=ft.Container(
                width=circle, height=circle, border_radius=circle // 2, bgcolor=bg,
                border=ft.Border.all(3, ft.Colors.ON_SURFACE) if colour == c else None,
                alignment=ft.Alignment.CENTER,
                content=ft.Icon(ft.Icons.CHECK, color=fg) if colour == c else None)))

    slot, circle = swatch_sizes(len(colours))
    return ft.Row([swatch(c) for c in colours], wrap=True, spacing=0, run_spacing=4)


SWATCH = 36
"""A colour swatch's circle (px), drawn in the middle of its slot, at most."""
SWATCH_SLOT = 41
"""A colour swatch's tap target across (px) at most, side by side with the next one's: the
7 colours of a game in one row of a 320 px phone (7 x 41 = 287 px of its 296 inside the
screen's margins). Circles of 44 px 4 px apart took 332 px, two rows at 320 (issue 31)."""
SWATCH_GAP = 5
"""The space between two swatches' circles (px), their slots side by side."""


def swatch_sizes(count: int) -> tuple[int, int]:
    """A swatch's tap target across and its circle (px) for `count` colours in one row of
    the narrowest phone: Cities' 8 take 296 / 8 = 37 px each (at 41 px the 8th went to a
    second row), still above WCAG 2.2's least target (24 px) and 44 px tall."""
    inner = PHONE_WIDTH - 2 * PAGE_PADDING
    slot = min(SWATCH_SLOT, inner // max(1, count))
    return slot, min(SWATCH, slot - SWATCH_GAP)
SWATCH_HEIGHT = 44
"""A colour swatch's tap target, up and down (px): Apple's least touch target."""


def _small_toggle(label: str, selected: bool, on_click: Callable[[], None],
                  said: str) -> ft.Control:
    """An Age chip: its words (`label`: "II"), and what a screen reader says ("Age II")."""
    content = label if said == label else ft.Text(label, semantics_label=said)
    if selected:
        return ft.FilledButton(content=content, on_click=on_click, height=TAP)
    return ft.OutlinedButton(content=content, on_click=on_click, height=TAP)


CardFilter = memo(_CardFilter)
ColourFilter = memo(_ColourFilter)
