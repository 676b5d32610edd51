"""City entry, made for thumbs: the wonder, coins, conflict tokens, cards as chips by colour,
leaders and the choices that matter; or the paper totals. The running total follows every tap."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import flet as ft

from scorer import i18n
from scorer.facts import facts, field_bounds, ruleset
from scorer.paper import science_points
from scorer.ruleset import Ruleset
from scorer.whatif import UNSEEN_CHOICE, choice_options, options_of
from ui.entry.draft import Draft, Seat, has_field
from ui.entry.edits import SeatEdits
from ui.entry.games import table_of
from ui.entry.games.seven_wonders import SevenWondersSeat
from ui.screens import a11y
from ui.screens.a11y import icon_button
from ui.screens.city_cards import (
    CardFilter,
    CardGroup,
    ColourFilter,
    Flip,
    card_flipper,
    cards_touched,
    chip_layout,
    city_holdings,
    colours_in_play,
    names_in_play,
    on_chip,
)
from ui.screens.city_parts import Edit, SeatPart, messages_of, seat_of
from ui.screens.city_search import SearchBox
from ui.screens.games import city_game
from ui.screens.memo import memo
from ui.screens.widgets import (
    TAP,
    Changed,
    back_to,
    header,
    no_game_view,
    notice,
    number_field,
    one_of,
    problems,
    stepper,
    toggle,
    use_body_shown,
    view,
    wrap,
)
from ui.session.model import (
    AppModel,
    use_model_unwatched,
    use_shared_watch,
    use_watch,
)
from ui.session.verdicts import Evaluation
from ui.text import strings as S


@dataclass(frozen=True)
class CoinsProps:
    """What the coins part shows of a seat: the most coins, and the engine's messages about
    them."""

    player: str
    most_coins: int
    messages: tuple[str, ...]


@ft.component
def _CoinsPart(edit: Edit, props: CoinsProps) -> ft.Control:
    """The coins, bounded by what the game allows. The stepper watches the coins itself
    (`CoinsStepper`): a change of the coins renders it alone."""
    def set_coins(n: int, was: int) -> None:
        edit.set("coins", n, (was,))

    # the same handler while the seat is the same (SeatEdits are equal then)
    handler = ft.use_memo(lambda: set_coins, [edit])
    return ft.Column([header(S.COINS),
                      CoinsStepper(edit.seat, edit.player, handler, props.most_coins),
                      problems(list(props.messages))], spacing=12)


CoinsPart = memo(_CoinsPart)
"""Re-rendered only when the bound or the problems change."""


@dataclass(frozen=True)
class TokensProps:
    """What the conflict tokens' part shows of a seat: its tokens, the game's token values,
    the most of each token, and the engine's messages about them."""

    player: str
    military: tuple[tuple[str, int], ...]
    values: tuple[int, ...]
    most_tokens: tuple[int | None, ...]
    messages: tuple[str, ...]
    shields: tuple[int, ...] | None = None
    """The city's shields at the end of each Age, where its table gives them (an imported
    table file): shown with the tokens, since the tokens can come from them."""
    most_shields: int = 0


@ft.component
def _TokensPart(edit: Edit, props: TokensProps) -> ft.Control:
    """Each conflict token the game has (`values`; none in Duel: the pawn instead), each
    field bounded by what the game allows; under the cards (a city's cards are most of its
    taps: they come first under the thumb, issue 31)."""
    held = dict(props.military)
    values, most_tokens = props.values, props.most_tokens

    def token(key: str) -> Callable[[int, int], None]:
        def go(n: int, was: int) -> None:
            edit.entry("military", key, n, (was,))
        return go

    # the same handlers while the seat is the same (SeatEdits are equal then): a change of
    # one token rebuilds its stepper, not every token's with it
    handlers = ft.use_memo(lambda: {str(v): token(str(v)) for v in values}, [edit, values])
    shields = props.shields
    ages = len(shields or ())
    shield_handlers = ft.use_memo(lambda: _shield_handlers(edit, ages), [edit, ages])
    out: list[ft.Control] = []
    if values:
        out.append(header(S.MILITARY))
        for value, most in zip(values, most_tokens, strict=True):
            key = str(value)
            label = f"{'+' if value > 0 else ''}{value}"
            # the field's name alone was "+1" for a screen reader: whose tokens, first
            out.append(stepper(label, held.get(key, 0), handlers[key], maximum=most,
                               spoken=S.for_player(S.conflict_tokens(label), edit.player),
                               said_first=S.whose_part(edit.player, S.MILITARY)))
    if shields is not None:
        out.extend(_shield_steppers(edit.player, shields, props.most_shields, shield_handlers))
    out.append(problems(list(props.messages)))
    return ft.Column(out, spacing=12, visible=bool(values or props.messages))


def _shield_handlers(edit: SeatEdits, ages: int) -> tuple[Callable[[int, int], None], ...]:
    """Each Age's shields stepper's handler: that Age's shields, over the number shown."""
    def at(k: int) -> Callable[[int, int], None]:
        def go(n: int, was: int) -> None:
            edit.shields(k, n, (was,))
        return go

    return tuple(at(k) for k in range(ages))


def _shield_steppers(player: str, shields: tuple[int, ...], most: int,
                     handlers: tuple[Callable[[int, int], None], ...]) -> list[ft.Control]:
    """The city's shields at the end of each Age, each Age's by its stepper (a table file
    gave them: before, the screen showed the tokens at 0 and no shields, while the score
    counted the tokens the shields gave)."""
    out: list[ft.Control] = [header(S.SHIELDS_EACH_AGE), ft.Text(S.SHIELDS_HINT, italic=True)]
    for k, (n, handler) in enumerate(zip(shields, handlers, strict=True)):
        # the field named whole ("Shields at the end of Age II"), not "Age II": a screen
        # reader reads the field alone, and the card filter has an "Age II" chip too
        said = S.shields_at_end(S.age_label((k + 1,)))
        out.append(stepper(said, n, handler, maximum=most,
                           player=player))
    return out


TokensPart = memo(_TokensPart)
"""Re-rendered only when the tokens, the bounds or the problems change."""


def _seat_coins(m: AppModel, i: int) -> int:
    got = seat_of(m, i)
    return got[1].coins if got is not None else 0


@ft.component
def _CoinsStepper(i: int, player: str, on_change: Changed, most: int) -> ft.Control:
    """Seat `i`'s coins (`player`'s, as a screen reader says them): a tap on them (the most
    frequent change of a city after its cards) renders this stepper alone, not the coins'
    part and the memo checks of every token's stepper with it."""
    return stepper(S.COINS, use_watch(lambda m: _seat_coins(m, i), (i,)), on_change,
                   maximum=most, player=player)


CoinsStepper = memo(_CoinsStepper)


def quick_section(draft: Draft, seat: Seat, edit: Edit, calc: dict[str, int],
                  set_calc: Callable[[dict[str, int]], None],
                  said: Sequence[str] = ()) -> list[ft.Control]:
    """The paper rows, the engine's messages about them right under them (`said`: a row
    beyond its bounds in a saved game or a file; a walk found it below the calculator, off
    the screen), then the science calculator."""
    def typed(category: str) -> Callable[[int | None, int | None], None]:
        def go(n: int | None, was: int | None) -> None:
            edit.entry("typed", category, n, (was,))  # None: the field cleared
        return go

    out: list[ft.Control] = [
        header(S.QUICK_MODE), ft.Text(S.TYPED_HINT),
        ft.Semantics(identifier="paper-note", content=notice(
            S.paper_note(seat.name, not draft.facts.has_boards), icon=ft.Icons.VISIBILITY_OFF)),
    ]
    bounds = field_bounds(ruleset(draft.game, draft.expansions))
    fields = [number_field(S.category(c, draft.facts.category_words), seat.typed.get(c),
                           typed(c), *bounds.paper_range(c),
                           spoken=S.for_player(S.category(c, draft.facts.category_words),
                                               seat.name),
                           # whose rows, for a screen reader (a walk heard "Debt" alone)
                           said_first=S.whose_part(seat.name, S.QUICK_MODE))
              for c in draft.facts.typed_rows]
    out.append(wrap(fields))
    out.append(problems(list(said)))
    if draft.facts.science_sets:
        sci = science_points(ruleset(draft.game, draft.expansions), calc.get("compass", 0),
                             calc.get("gear", 0), calc.get("tablet", 0), calc.get("wild", 0))

        def count(key: str) -> Callable[[int, int], None]:
            def go(n: int, _was: int) -> None:
                set_calc({**calc, key: n})
            return go

        most = field_bounds(ruleset(draft.game, draft.expansions))  # the search stays small

        out += [
            header(S.SCIENCE_CALC),
            stepper(S.COMPASS, calc.get("compass", 0), count("compass"),
                    maximum=most.symbols["compass"], player=seat.name),
            stepper(S.GEAR, calc.get("gear", 0), count("gear"), maximum=most.symbols["gear"],
                    player=seat.name),
            stepper(S.TABLET, calc.get("tablet", 0), count("tablet"),
                    maximum=most.symbols["tablet"], player=seat.name),
            stepper(S.WILDCARDS, calc.get("wild", 0), count("wild"), maximum=most.wildcards,
                    player=seat.name),
            ft.Row([ft.Text(S.points(sci.points), size=18, weight=ft.FontWeight.BOLD),
                    # named by the row it fills, for a screen reader (a walk: "Use 0 pts")
                    ft.FilledButton(content=a11y.spoken(
                        f"{S.USE} {S.points(sci.points)}",
                        S.use_science(S.points(sci.points),
                                      S.for_player(S.category("science"), seat.name))),
                                    on_click=lambda: typed("science")(
                                        sci.points, seat.typed.get("science")))]),
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


@dataclass(frozen=True)
class _Frame:
    """What the city screen's frame shows: it renders again only when one of these changes
    (a card, a coin or a total is shown by the parts below it, each watching its own)."""

    base: str
    """The game's address."""
    seats: int
    """How many seats the game has (0: no game)."""
    name: str
    quick: bool
    game: str
    expansions: tuple[str, ...]
    players: tuple[str, ...]
    """Every seat's player, in seat order (another phone may reseat them)."""


def _frame(m: AppModel, i: int) -> _Frame:
    draft = m.draft
    players = () if draft is None else tuple(s.name for s in draft.seats)
    got = seat_of(m, i)
    if got is None:
        return _Frame(m.path(), len(players), "", False, "", (), players)
    draft, seat = got
    return _Frame(m.path(), len(draft.seats), seat.name, seat.quick, draft.game,
                  tuple(draft.expansions), players)


def _total(m: AppModel, i: int) -> str:
    """Seat `i`'s running total in words."""
    evaluation = m.evaluation()
    return evaluation.total_words(i) if evaluation is not None else S.NO_VALUE


def _status(m: AppModel, i: int) -> str:
    """Why seat `i`'s total is not final ("" when it is)."""
    got, evaluation = seat_of(m, i), m.evaluation()
    if got is None or evaluation is None or evaluation.final:
        return ""
    return _whose(got[0], evaluation, i)


TITLE_ONE_LINE = 28
"""Characters of "name · total" that one line of the app bar holds on a 360 px phone (its
22 px type: "Bartholomew · 14 pts", 20 characters, takes 162 of its ~245 px)."""
TITLE_NAME_MOST = 40
"""A name's characters the title shows, beyond which it ends in "…": with the total, two
lines of 16 px type hold it on a 360 px phone (~30 characters a line, less where a line
breaks between words; an 80-character name cut the total off)."""


def title_name(name: str) -> str:
    """A player's name as the city's title shows it: cut after `TITLE_NAME_MOST`
    characters, ending in "…"."""
    return name if len(name) <= TITLE_NAME_MOST else name[:TITLE_NAME_MOST - 1] + "\u2026"


def title_words(name: str, total: str) -> ft.Text:
    """The city's title: the player and their running total. A long one takes two lines of
    smaller type, and a very long name ends in "…", so that the total stays in sight: one
    line cut "Maximilian-Alexander von Hohenzollern · 3 pts" after "Maximilian-Alexander"
    on a 360 px phone. One text still (a tap renders it alone, as before)."""
    shown = f"{title_name(name)} · {total}"
    if len(shown) <= TITLE_ONE_LINE:
        return ft.Text(shown)
    return ft.Text(shown, size=16, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)


@ft.component
def _TitleTotal(i: int) -> ft.Control:
    """The app bar's title: the player and their running total, in sight wherever the
    screen is scrolled to (the one place the total shows: a tap re-renders only it)."""
    name, total = use_watch(lambda m: (s[1].name if (s := seat_of(m, i)) else "", _total(m, i)),
                            (i,))
    return title_words(name, total)  # in the screen's `running-total`


@ft.component
def _CityStatus(i: int) -> ft.Control:
    """Why the total is not final yet, and the problems about the player as a whole; on a
    member's phone, that a finished game is the host's to correct (said before a tap, not
    only refused after it: a walk tapped + and -)."""
    status, messages, read_only = use_watch(lambda m: (
        _status(m, i), messages_of(m, i, "", "name"), _read_only(m)), (i,))
    return ft.Column([ft.Text(S.HOST_CORRECTS, italic=True, visible=read_only),
                      ft.Text(status, italic=True, color=ft.Colors.ERROR, visible=bool(status)),
                      problems(list(messages))], spacing=12,
                     visible=bool(status or messages or read_only))


def _read_only(m: AppModel) -> bool:
    """A finished game on a phone that is not its host's: every change is refused."""
    return m.draft is not None and m.draft.finished is not None and not m.is_host


TitleTotal = memo(_TitleTotal)
CityStatus = memo(_CityStatus)


def _coins(m: AppModel, i: int) -> CoinsProps | None:
    got = seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    return CoinsProps(seat.name, _coin_bounds(ruleset(draft.game, draft.expansions))[1],
                      messages_of(m, i, "coins"))


def _tokens(m: AppModel, i: int) -> TokensProps | None:
    got = seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    rules = ruleset(draft.game, draft.expansions)
    values, _most, tokens = _coin_bounds(rules)
    military = seat.military if isinstance(seat, SevenWondersSeat) else {}
    shields = seat.shields if isinstance(seat, SevenWondersSeat) else None
    return TokensProps(seat.name, tuple(sorted(military.items())), values, tokens,
                       messages_of(m, i, "military", "shields"),
                       None if shields is None else tuple(shields), field_bounds(rules).shields)


@lru_cache(maxsize=64)
def _coin_bounds(rules: Ruleset) -> tuple[tuple[int, ...], int, tuple[int | None, ...]]:
    """The conflict tokens' values, the most coins and the most of each token: no number
    beyond what the game allows (once per ruleset: every phone's coins part reads them
    again on every change of its game)."""
    has, most = facts(rules), field_bounds(rules)
    return has.token_values, most.coins, tuple(most.tokens.get(v) for v in has.token_values)


NAMED_FIELDS = ("wonders", "progress", "influence", "leaders", "buried", "conquests",
                "divinities", "entombed")
"""The fields the sections of names show problems of."""


def _names_of(seat: Seat) -> tuple[object, ...]:
    """What the sections of names show of a seat (never its cards, coins or totals)."""
    values = seat.__dict__
    return (seat.name, tuple(seat.leaders), *[
        tuple(v) if type(v) is list else v for v in map(values.get, _named_fields(type(seat)))])


NAMED_SEAT_FIELDS = ("wonders", "progress", "influence", "buried", "buried_cost",
                     "conquests", "divinities", "board", "entombed")
"""A game's seat fields the sections of names show, where its seat has them."""
_NAMED: dict[type, tuple[str, ...]] = {}


def _named_fields(kind: type[Seat]) -> tuple[str, ...]:
    """The fields of `NAMED_SEAT_FIELDS` a game's seat type has (read once per type)."""
    got = _NAMED.get(kind)
    if got is None:
        got = _NAMED[kind] = tuple(f for f in NAMED_SEAT_FIELDS if has_field(kind, f))
    return got


NamedView = tuple[str, tuple[str, ...], tuple[tuple[object, ...], ...], tuple[tuple[str, ...], ...]]
"""The game, its expansions, every seat's names, and the messages by NAMED_FIELDS."""


def _named(m: AppModel, i: int) -> NamedView | None:
    """What the sections of names show (Duel wonders, progress tokens, the Senate, leaders):
    every seat's names and the messages about them, so that a card tapped re-renders none
    of them."""
    got = seat_of(m, i)
    if got is None:
        return None
    draft = got[0]
    return (draft.game, tuple(draft.expansions), tuple(_names_of(s) for s in draft.seats),
            tuple(messages_of(m, i, f) for f in NAMED_FIELDS))


@ft.component
def _NamedSections(i: int, query: str, clear_query: Callable[[], None]) -> ft.Control:
    model = use_model_unwatched()
    shown = use_watch(lambda m: _named(m, i), (i,))
    got = seat_of(model, i)
    if shown is None or got is None:
        return ft.Container()
    draft, seat = got  # as it is now: what this part shows of it is `shown`
    messages = shown[3]
    mine = {f: list(found) for f, found in zip(NAMED_FIELDS, messages, strict=True)}
    rules = ruleset(draft.game, draft.expansions)
    edit = SeatEdits(model.edit_city, i, seat.name)
    items = city_game(draft.game, draft.expansions).named_sections(
        draft, i, rules, edit, query, mine, clear_query)
    return ft.Column(items, spacing=12, visible=bool(items))


NamedSections = memo(_NamedSections)


def _choices(m: AppModel, i: int) -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """Each choice the engine made for seat `i`, or could not make beside a neighbour who
    counted on paper: (key, what it says, the options, the one the table picked). A pick
    the table holds and the engine refused (no result then: the game is not final) stays,
    held, beside every option the table allows, so that another can be picked or the pick
    let go ("The best for this player"): its refusal is said under the choices (before,
    nothing on the city could take it back: a review; then only it showed: a walk)."""
    got, evaluation = seat_of(m, i), m.evaluation()
    result = evaluation.result if evaluation is not None else None
    if got is None:
        return ()
    draft, seat = got
    if result is None or i >= len(result.players):
        # no result (a choice refused): every option the table allows for the choices held,
        # so that another can be picked, not only this one let go (a walk: the guilds
        # shrank to the one refused)
        held = {key: picked for key, picked in seat.choices.items() if picked}
        offered = options_of(table_of(draft), i, held) if held else {}
        return tuple((key, "", tuple(dict.fromkeys([*offered.get(key, []), picked])), picked)
                     for key, picked in held.items())
    mine = result.players[i]
    unseen = {UNSEEN_CHOICE[str(line.why_message.get("what"))]: line.why for line in mine.lines
              if line.why_message.get("id") == "copy-unseen"}
    if not mine.choices and not unseen:  # the common case: no table file made
        return ()
    options = choice_options(table_of(draft), i, result)
    return tuple((key, mine.choices.get(key) or unseen.get(key, ""), tuple(names),
                  seat.choices.get(key, "")) for key, names in options.items())


BEST_PICK = ":best"
"""The choices' radio for no pick of the table's: the score pad counts the best (no card,
leader or wonder has a colon in its name)."""


@ft.component
def _ChoicesSection(i: int) -> ft.Control:
    model = use_model_unwatched()
    shown = use_watch(lambda m: (_choices(m, i), messages_of(m, i, "choices"),
                                 s[1].name if (s := seat_of(m, i)) else ""), (i,))
    choices, messages, name = shown
    edit = SeatEdits(model.edit_city, i, name)
    out: list[ft.Control] = []
    for key, engine_says, names, picked in choices:

        def pick(option: str, key: str = key, picked: str = picked) -> None:
            edit.entry("choices", key, None if option == BEST_PICK else option,
                       (picked or None,))

        # one of them, or the best one for the player, which the score pad picks: radio
        # buttons (chips read as checkboxes, the pick counted read "not checked": a walk)
        out += [header(S.CHOICE.get(key, key)),
                ft.Text(engine_says, italic=True, visible=bool(engine_says)),
                one_of([(BEST_PICK, S.BEST_PICK, False), *((n, n, False) for n in names)],
                       picked or BEST_PICK, pick,
                       f"{S.whose_field(name)} {S.CHOICE.get(key, key)}")]
    out.append(problems(list(messages)))
    return ft.Column(out, spacing=12)


ChoicesSection = memo(_ChoicesSection)


@ft.component
def _CardsSection(i: int, game: str, expansions: tuple[str, ...], players: int, query: str,
                  age: int, colour: str, on_flip: Flip, player: str = "") -> ft.Control:
    """The city's cards by colour group: laid out again only when the filter changes; each
    chip follows its own card."""
    layout = chip_layout(game, expansions, players, query, age, colour, i18n.current())
    cards_of = use_shared_watch(lambda m: city_holdings(m, i), cards_touched, (i,))
    # the chips in their colours, in the colour order of the table, one grid (no heading
    # per colour: an Age's chips and its picker fit a phone's screen, issue 31)
    return CardGroup(cards_of, tuple((name, detail, group) for group, cards in layout
                                     for name, detail in cards), on_flip, player)


def off_deck(m: AppModel, i: int) -> tuple[str, ...]:
    """The cards seat `i` holds that no chip of its game offers, as entered: a name the
    game does not have or a card its player count leaves out (an imported table's). The
    engine names each; here each can be taken out."""
    got = seat_of(m, i)
    if got is None:
        return ()
    draft, seat = got
    rules = ruleset(draft.game, draft.expansions)
    offered = names_in_play(rules, len(draft.seats))
    return tuple(c for c in seat.cards if (rules.cards.canonical(c) or c) not in offered)


@ft.component
def _OffDeckCards(i: int, player: str) -> ft.Control:
    """Cards the city holds that its chips do not offer, each a held chip whose tap takes
    it out: without them such a card, named by the engine as not in the game, could not be
    taken out on the phone ("Excavation" in a 3-player game, a misspelled name)."""
    model = use_model_unwatched()
    held = use_watch(lambda m: off_deck(m, i), (i,))
    if not held:
        return ft.Container()

    def take_out(entered: str) -> Callable[[], None]:
        def go() -> None:
            SeatEdits(model.edit_city, i, player).hold("cards", entered, False, entered)
        return go

    return ft.Column([ft.Text(S.NOT_IN_THIS_GAME, italic=True),
                      wrap([toggle(name, True, take_out(name),
                                   spoken=S.take_out_card(name)) for name in held])],
                     spacing=4)


OffDeckCards = memo(_OffDeckCards)


@ft.component
def _CardProblems(i: int) -> ft.Control:
    return problems(list(use_watch(lambda m: messages_of(m, i, "cards"), (i,))))


CardProblems = memo(_CardProblems)
CardsSection = memo(_CardsSection)


def _quick(m: AppModel, i: int) -> tuple[Draft, Seat] | None:
    """What paper mode shows: the typed totals (the game without the cities' cards)."""
    got = seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    return replace(draft, seats=[]), replace(seat, cards=[])


@ft.component
def _QuickSection(i: int) -> ft.Control:
    model = use_model_unwatched()
    shown = use_watch(lambda m: _quick(m, i), (i,))
    said = use_watch(lambda m: messages_of(m, i, "paper"), (i,))
    calc, set_calc = ft.use_state(dict[str, int]())
    if shown is None:
        return ft.Container()
    draft, seat = shown
    edit = SeatEdits(model.edit_city, i, seat.name)
    # a typed row beyond its bounds (a saved game or an imported file's: the fields take
    # none): the engine's message under the rows
    return ft.Column(quick_section(draft, seat, edit, calc, set_calc, said), spacing=12)


QuickSection = memo(_QuickSection)


@dataclass(frozen=True)
class _Showing:
    """The player a city screen shows: at `seat` of the game whose seats were `players`."""

    seat: int
    player: str
    players: tuple[str, ...]


def follow_player(was: _Showing | None, seat: int, players: tuple[str, ...]) -> _Showing:
    """Whom the city screen at `seat` shows now that the game's players are `players`.
    A new address (Next, Back, a link): whoever sits at it. Otherwise the same player as
    before, wherever they sit, or nowhere (removed: the screen says so, and follows them
    back if an Undo returns them). A name changed in place (the same seats, a name the
    game did not have) is the same player renamed."""
    here = players[seat] if 0 <= seat < len(players) else ""
    if was is None or was.seat != seat or not was.player:
        return _Showing(seat, here, players)
    if was.player in players or was.players == players:
        return replace(was, players=players)
    renamed = (len(players) == len(was.players) and here and here not in was.players
               and 0 <= seat < len(was.players) and was.players[seat] == was.player)
    return _Showing(seat, here, players) if renamed else replace(was, players=players)


def shown_age(picked: int | None, ages: tuple[int, ...], query: str) -> int:
    """The Age whose cards the city shows (0: every Age). One Age at a time: a phone's
    session holds the chips on screen, a third of a city's (BENCHMARKS.md, "Memory and
    pauses per session"). Until the player picks one (`picked` None), the first Age; while
    the search has words, every Age (a name is found whatever its Age). An Age picked holds,
    searching or not."""
    if picked is not None:
        return picked
    return 0 if query.strip() or not ages else ages[0]


@ft.component
def CityScreen() -> ft.View:
    model = use_model_unwatched()
    params = ft.use_route_params()
    searched: tuple[int, str] = (-1, "")  # (seat, text): a search is of its own city
    search_of, set_search_of = ft.use_state(searched)
    unpicked: tuple[int, int] | None = None  # (seat, Age) picked on this screen
    picked, set_picked = ft.use_state(unpicked)
    colour, set_colour_now = ft.use_state("")
    set_colour = ft.use_callback(set_colour_now, [])
    raw = params.get("i", "0") or "0"
    i = _seat_index(raw)
    # an Age picked holds for its city: the next player's (Next, Previous) opens on Age I
    picked_age = picked[1] if picked is not None and picked[0] == i else None
    # the search too: typed on Cid's city, it is not Bob's after Previous (a walk found "alt"
    # still in Bob's search, then "altlum" when "lum" was typed)
    query = search_of[1] if search_of[0] == i else ""

    def search(q: str) -> None:
        """`q` typed on this seat's city; emptied where it shows empty already (another
        seat's words): no render for it (a card's tap empties the search, and a render of
        the screen's own sent the chip's change in a message of its own)."""
        set_search_of(lambda was: was if (was[1] if was[0] == i else "") == q else (i, q))

    set_query = ft.use_callback(search, [i])
    # stable for a seat: the memoized filter keeps its props
    set_age = ft.use_callback(lambda a: set_picked((i, a)), [i])
    frame = use_watch(lambda m: _frame(m, i), (i,))
    route = f"{frame.base}/player/{raw}"
    # under its pad, its app bar only once the pad has come over it (as the table under a
    # city: ui/screens/widgets.py): its ~80 chips and their watches are let go meanwhile
    shown = use_body_shown(ft.is_route_active(route, exact=True))
    # The screen shows a player, not a place: when another phone reseats the players, the
    # player shown here is followed to their new seat; when the player is removed, the
    # screen says so (never the city of whoever sits there now), and an Undo of the
    # removal brings the player and this screen back to their seat.
    nobody: _Showing | None = None
    showing = ft.use_ref(nobody)
    now = follow_player(showing.current, i, frame.players)
    showing.current = now

    at, players, base = i, frame.players, frame.base  # the address's seat, as rendered

    def follow() -> None:
        if now.player in players and players.index(now.player) != at:
            # the screen over this city (its pad) follows with it
            over = ft.context.page.route.removeprefix(route)
            rest = over if over != ft.context.page.route and over.startswith("/") else ""
            ft.context.page.navigate(f"{base}/player/{players.index(now.player)}{rest}")

    ft.use_effect(follow, [frame.players])
    if now.player in frame.players and frame.players.index(now.player) != i:
        # moved by another phone: shown at the new seat at once, its address following, so
        # that the city's parts stay (their typing with them) instead of going with the old
        # seat for a render (Flet did not always run their clean-up, and a number typed in
        # Coins was lost: a review)
        i = frame.players.index(now.player)
        frame = _frame(model, i)
    edit = SeatEdits(model.edit_city, i, frame.name)  # equal values each render: memo keeps props
    # made again with the seat's own `set_query` (kept from the first seat's render, a tap
    # after Previous player emptied the first seat's search, not the one shown: a review)
    clear_query = ft.use_callback(lambda: set_query(""), [set_query])
    # a chip tapped while searching empties the search for the next name
    on_flip = ft.use_callback(on_chip(card_flipper(edit), clear_query), [edit, clear_query])
    if not frame.seats:
        return no_game_view(route, S.TABLE_TITLE, S.HOME, "/")
    if not frame.name:
        return no_game_view(route, S.TABLE_TITLE, S.TO_TABLE, frame.base, S.NO_SUCH_PLAYER)
    if now.player != frame.name:  # removed, or on their way to their new seat
        return no_game_view(route, S.TABLE_TITLE, S.TO_TABLE, frame.base,
                            S.player_left(now.player) if now.player not in frame.players
                            else S.player_elsewhere(now.player))
    pad = icon_button(ft.Icons.GRID_ON, S.SCORE_PAD, back_to(f"{route}/pad"))
    title = ft.Semantics(identifier="running-total", content=TitleTotal(i))
    if not shown:
        return view(route, title, [], actions=[pad])
    rules = ruleset(frame.game, list(frame.expansions))
    has = facts(rules)
    ages = has.ages
    age = shown_age(picked_age, ages, query)

    def set_quick(on: bool) -> Callable[[], None]:
        def go() -> None:
            edit.set("quick", on, (frame.quick,))
        return go

    items: list[ft.Control] = [
        CityStatus(i),
        wrap([toggle(S.DETAILED, not frame.quick, set_quick(False)),
              toggle(S.QUICK_MODE, frame.quick, set_quick(True))]),
    ]
    board = city_game(frame.game, frame.expansions).board(i)
    if board is not None:
        items.append(board)
    items.append(SeatPart(i, _coins, CoinsPart))
    if frame.quick:
        items.append(SeatPart(i, _tokens, TokensPart))
        pieces = city_game(frame.game, frame.expansions).pieces(i, rules)
        if pieces is not None:  # a paper player's diplomacy Ages (its pieces are typed)
            items.append(pieces)
        items.append(QuickSection(i))
    else:
        # in the order a city is read off the table, the most under the thumb first: the
        # search, then an Age's cards with its picker right above them (an Age's chips and
        # the picker fit the screen: the next Age without a scroll), the names (leaders...)
        # under them, then the conflict tokens, the expansions' pieces and the engine's
        # choices (issue 31: 48 leader chips and the tokens sat between the board and the
        # cards; the cards are what a city enters most)
        items.append(SearchBox(i, frame.name, query, set_query))
        items.append(header(S.CARDS))
        items.append(CardFilter(age, ages, set_age))
        items.append(CardsSection(i, frame.game, frame.expansions, frame.seats, query, age,
                                  colour, on_flip, frame.name))
        items.append(ColourFilter(colour, colours_in_play(rules, frame.seats), set_colour))
        items.append(OffDeckCards(i, frame.name))
        items.append(CardProblems(i))
        items.append(NamedSections(i, query, clear_query))
        items.append(SeatPart(i, _tokens, TokensPart))
        pieces = city_game(frame.game, frame.expansions).pieces(i, rules)
        if pieces is not None:
            items.append(pieces)
        items.append(ChoicesSection(i))
    before, after = (i - 1) % frame.seats, (i + 1) % frame.seats
    # named by whom they open, for a screen reader (a walk heard "Next player" alone)
    items.append(ft.Row([
        ft.OutlinedButton(content=a11y.spoken(S.PREVIOUS, S.opens_city(
            S.PREVIOUS, frame.players[before])), icon=ft.Icons.CHEVRON_LEFT, height=TAP,
                          on_click=back_to(f"{frame.base}/player/{before}")),
        ft.OutlinedButton(content=a11y.spoken(S.NEXT, S.opens_city(
            S.NEXT, frame.players[after])), icon=ft.Icons.CHEVRON_RIGHT, height=TAP,
                          on_click=back_to(f"{frame.base}/player/{after}")),
    ], wrap=True))
    items.append(ft.FilledButton(content=S.SCORE_PAD, icon=ft.Icons.GRID_ON,
                                 on_click=back_to(f"{route}/pad"), height=52))
    # one city's parts, keyed by its player: another player's city (Next, a link, the
    # browser's forward) is made anew, and what was typed in this one is saved as it goes
    # (a review: the fields were reused, Ann's typing shown, then saved, as Bob's); a
    # player's city reseated keeps them (its typing follows the player)
    return view(route, title, [ft.Column(items, spacing=12, key=f"city-of-{frame.name}")],
                actions=[pad])
