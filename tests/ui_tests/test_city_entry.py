"""A city in few moves: the search adds the first card it shows on Enter and is emptied for
the next name (benchmarks/city_entry.py counts the moves in a browser)."""

from __future__ import annotations

import flet as ft
import pytest

from scorer.facts import in_another_expansion, ruleset
from ui.app import make_main
from ui.entry.games import as_seven_wonders
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.screens.city_cards import ChipLines
from ui.store.store import Store

from .flet_client import Client, walk
from .flet_client import label as words_of

pytestmark = pytest.mark.asyncio


async def ann_s_empty_city(store: Store) -> Client:
    """A phone on Ann's city in a new 3-player 1st-edition game (Ann, Bob, Cid): nothing
    entered yet."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    return await Client(make_main(store), route="/game/player/0").start()


async def enter(c: Client, typed: str) -> None:
    await c.type("Search", typed)
    field = c.find("Search", ft.TextField)
    assert c.session is not None
    await c.session.dispatch_event(field._i, "submit", None)
    await c.idle()


async def test_search_enter_adds_the_first_card_shown(store: Store) -> None:
    c = await ann_s_empty_city(store)
    await enter(c, "alt")
    await enter(c, "pan")
    assert c.find("Search", ft.TextField).value == ""  # emptied for the next name
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Altar", "Pantheon"]
    # rules_multiplayer.md: Altar 2 VP + Pantheon 7 VP civilian
    assert c.title() == "Ann · 9 pts"
    # "lo" shows Loom first (grey, before the green Lodge): added; again, Loom is held,
    # so the next card the search shows is added instead
    await enter(c, "lo")
    await enter(c, "lo")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards[2:] == ["Loom", "Lodge"]


async def test_search_enter_with_nothing_shown_adds_nothing(store: Store) -> None:
    c = await ann_s_empty_city(store)
    await enter(c, "zzz")
    await enter(c, "   ")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == []


def helper_of(c: Client) -> str:
    """The words under the search field: what Enter will add, or that nothing is found (a
    line of their own, a live region: `ui.screens.city_search`)."""
    line = next(x for x in c.controls() if isinstance(x, ft.Semantics)
                and x.identifier == "search-answer")
    assert isinstance(line.content, ft.Text)
    return str(line.content.value or "") if line.visible is not False else ""


def offered(c: Client) -> list[str]:
    """The names the search offers as buttons under what Enter adds (the row after the
    field's)."""
    from flet.components.component import Component

    for x in c.controls():
        if isinstance(x, ft.Column) and len(x.controls) == 3:
            first, _answer, row = x.controls
            while isinstance(first, Component):
                first = first._b
            if isinstance(first, ft.MergeSemantics) and first.content is not None:
                first = first.content  # named with whose city: "Ann: Search"
            if isinstance(first, ft.Semantics) and first.identifier == "search":
                assert isinstance(row, ft.Row)  # ui.screens.widgets.wrap
                return [str(getattr(b, "content", "")) for b in row.controls]
    raise AssertionError("no search on screen")


async def test_entry_search_enter_adds_the_card_whose_name_starts_with_the_text(
        store: Store) -> None:
    """"Works" is the start of Workshop (green, Age I) and only inside Glassworks (grey,
    shown first by colour): Enter adds Workshop, named under the field before Enter."""
    c = await ann_s_empty_city(store)
    await c.type_only("Search", "Works")
    assert helper_of(c) == "Enter adds Workshop"  # in sight before Enter
    await enter(c, "Works")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Workshop"]
    assert c.find("Search", ft.TextField).value == ""


async def test_entry_search_ranks_a_word_start_before_a_name_holding_the_text(
        store: Store) -> None:
    """"Ra": no card of a 3-player 1st-edition game starts with it; Archery Range (red,
    Age II) has a word that does; East Trading Post (yellow, shown before red) only holds
    it inside "Trading": Enter adds Archery Range."""
    c = await ann_s_empty_city(store)
    await c.type_only("Search", "Ra")
    assert helper_of(c) == "Enter adds Archery Range"
    await enter(c, "Ra")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Archery Range"]


async def test_entry_search_that_matches_nothing_says_so(store: Store) -> None:
    c = await ann_s_empty_city(store)
    await c.type_only("Search", "zzq")
    assert helper_of(c) == "Nothing left to add is called \u201czzq\u201d"
    await enter(c, "zzq")
    saved = store.load_current()
    ann = as_seven_wonders(saved).seats[0]
    assert ann.cards == [] and ann.board == ""


async def test_entry_search_says_why_a_card_cannot_be_scored(store: Store) -> None:
    """2nd edition + Cities: Cells is a card of the box the app cannot score (one source has
    it and none gives its points: rulesets/7wonders-2e+cities, cities.md §11); the search
    says so with the reason, as the command line does, instead of "Nothing left to add is
    called “Cells”", which reads as taken or misspelled."""
    store.save_current(SevenWondersDraft(game="7wonders-2e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type_only("Search", "cells")
    said = helper_of(c)
    assert said.startswith("“Cells” cannot be scored in 7 Wonders 2nd edition with Cities:"), said
    assert "only one source (S2) has it and none gives its points" in said


async def test_entry_search_says_which_expansion_has_the_name(store: Store) -> None:
    """1st edition + Cities: "Mann" finds nothing in the game, and Manneken Pis is a board
    of the Wonder Pack (wonder-pack.md §4): the search says so, where "Nothing left to add
    is called “Mann”" left a new players' walk guessing; "Nefer" names the Leaders'
    Nefertiti the same way."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type_only("Search", "Mann")
    assert helper_of(c) == "Manneken Pis is in the Wonder Pack expansion, not in this game"
    await c.type_only("Search", "nefer")
    assert helper_of(c).startswith("Nefertiti is in the Leaders expansion")


async def test_entry_search_names_no_other_expansion_for_a_name_of_this_game() -> None:
    """"Arch" in a 1st-edition game: Archery Range is the game's (held or taken when the
    search finds nothing), so no Architect Cabinet of Cities is offered as the answer."""
    rules = ruleset("7wonders-1e", [])
    assert in_another_expansion(rules, "Arch") == ("", "")
    assert in_another_expansion(rules, "Mann") == ("Manneken Pis", "Wonder Pack")


async def test_entry_search_finds_leaders_and_wonder_boards(store: Store) -> None:
    """One search for all: "Giz" picks the board Gizah (no card or leader starts with it),
    "Nefer" adds the leader Nefertiti (Leaders: 36 leaders), each said before Enter."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["leaders"],
                             seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"),
                                    SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type_only("Search", "Giz")
    assert helper_of(c) == "Enter picks the wonder Gizah"
    await enter(c, "Giz")
    await c.type_only("Search", "Nefer")
    assert helper_of(c) == "Enter adds the leader Nefertiti"
    await enter(c, "Nefer")
    saved = store.load_current()
    assert saved is not None
    ann = as_seven_wonders(saved).seats[0]
    assert ann.board == "Gizah" and ann.leaders == ["Nefertiti"]
    assert saved.seats[0].cards == []


async def test_entry_search_text_clears_after_tapping_a_found_leader(store: Store) -> None:
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["leaders"],
                             seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"),
                                    SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type_only("Search", "Cleo")
    await c.tap("Cleopatra")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].leaders == ["Cleopatra"]
    assert c.find("Search", ft.TextField).value == ""


async def test_entry_removed_players_phone_never_shows_another_seat(store: Store) -> None:
    """Cid's phone is on Cid's city (seat 3 of 4). The host removes Cid: Dan now sits at
    that place, and Cid's phone says Cid is no longer in the game instead of showing Dan's
    city (editable, as if it were Cid's). The host's Undo brings Cid back: Cid's phone
    shows Cid's city again, never Dan's."""
    from .test_live import saved_game
    from .test_undo import _labels, host_and_bob, tap_undo_on_note

    a, b, code = await host_and_bob(store, claim=False)
    await a.tap("Players")
    await a.type("Add player", "Dan")
    await a.tap_control(a.find("Add player", ft.IconButton))
    await b.go(f"/g/{code}/player/2")
    assert b.title().startswith("Cid · ")
    await a.go("/game")
    if not any(label == "Remove Cid" for label in _labels(a)):
        await a.tap("Players")
    await a.tap("Remove Cid")
    await a.tap("Remove")
    await b.until("Cid is no longer in this game", seconds=5)
    assert not b.title().startswith("Dan")
    with pytest.raises(AssertionError):
        b.find("Coins", ft.TextField)  # no city to edit on this phone
    await tap_undo_on_note(a)
    await b.idle()
    await b.until("Cid · ", seconds=5)
    assert b.title().startswith("Cid · ")
    assert b.page.route == f"/g/{code}/player/2"
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Ann", "Bob", "Cid", "Dan"]


async def test_entry_number_typed_just_after_another_phones_change_is_refused_not_joined(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob's phone saves 40 coins for Cid; Ann's phone starts typing 11 into the same field
    a moment later (within a network trip or two: her phone may still show the 0 she typed
    over). Her 11 is refused as changed on another phone, the saved 40 shown; never 4011,
    never 11 over 40 unsaid. Typed again once the 40 has been in sight: saved."""
    import asyncio

    from ui.screens import widgets

    from .test_live import saved_game
    from .test_undo import host_and_bob

    # "a moment later" is any moment here, however loaded the machine: the window is long
    # while Ann types; it is shortened below, to type once the 40 has been in sight
    monkeypatch.setattr(widgets, "FOREIGN_CHANGE_S", 60.0)
    a, b, code = await host_and_bob(store, claim=False)
    await a.go(f"/g/{code}/player/2")
    await b.go(f"/g/{code}/player/2")
    await b.type("Coins", "40")
    await a.idle()
    await a.type_only("Coins", "11")
    assert saved_game(store).seats[2].coins == 40  # type: ignore[union-attr]
    field = a.find("Coins", ft.TextField)
    assert a.session is not None
    await a.session.dispatch_event(field._i, "submit", None)
    await a.until("40 now (changed on another phone)")
    assert saved_game(store).seats[2].coins == 40  # type: ignore[union-attr]
    assert a.find("Coins", ft.TextField).value == "40"
    monkeypatch.setattr(widgets, "FOREIGN_CHANGE_S", 0.5)
    await asyncio.sleep(0.6)  # the 40 has been on Ann's screen a while: typed over it
    await a.type("Coins", "11")
    assert saved_game(store).seats[2].coins == 11  # type: ignore[union-attr]


async def test_entry_search_offers_the_next_names_a_tap_away(store: Store) -> None:
    """"St": Enter adds Stone Pit (brown, shown first); the next names that start with it
    are buttons under it (Statue, Study, Stockade: blue, green, red); a tap on Stockade
    adds it and empties the search."""
    c = await ann_s_empty_city(store)
    await c.type_only("Search", "St")
    assert helper_of(c) == "Enter adds Stone Pit"
    assert offered(c) == ["Statue", "Study", "Stockade"]
    await c.tap("Stockade")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Stockade"]
    assert c.find("Search", ft.TextField).value == ""


@pytest.mark.parametrize(("query", "name", "expected"), [
    ("works", "Workshop", 0),  # the name starts with it
    ("WORKS", "Siege Workshop", 1),  # a word starts with it (any case)
    ("works", "Glassworks", 2),  # only inside a word
    ("lumbery", "Lumber Yard", 0),  # spaces do not count (the table format's matching)
    ("yard", "Lumber Yard", 1),
    ("zz", "Lumber Yard", None),
    ("", "Lumber Yard", None),
])
async def test_entry_search_rank(query: str, name: str, expected: int | None) -> None:
    from ui.screens.search import rank

    assert rank(query, name) == expected


async def test_entry_cards_come_before_the_leaders_and_tokens_in_a_grid(store: Store) -> None:
    """Issue 31, fewer moves by the thumb: the Age's picker and its cards come right under
    the coins and the search, the leaders and the conflict tokens under the cards (36
    leader chips and four token steppers sat between the board and the cards: a city took
    10-14 scroll steps); the chips lie in a grid, 3 a row on a phone, without a heading per
    colour (an Age's chips and its picker fit a 780 px screen)."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["leaders"],
                             seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"),
                                    SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    order = [getattr(x, "identifier", None) or getattr(x, "value", None) or
             getattr(x, "content", None) or getattr(x, "label", None) for x in c.controls()]
    first_card, leader = order.index("Clay Pit"), order.index("Alexander")
    assert order.index("Coins") < order.index("age-1") < first_card < leader \
        < order.index("Conflict tokens"), order
    assert order.index("Search") < order.index("age-1")
    assert "Raw materials" not in order and "Civilian" not in order  # no colour headings
    grids = [x for x in c.controls() if isinstance(x, ft.ResponsiveRow)]

    def words(grid: ft.ResponsiveRow) -> list[str]:
        return [b.content if isinstance(b.content, str) else str(getattr(b.content, "value", ""))
                for b in walk(grid) if isinstance(b, ft.OutlinedButton | ft.FilledButton)]

    cards, leaders = (next(g for g in grids if name in words(g))
                      for name in ("Clay Pit", "Alexander"))
    assert len(words(leaders)) == 36 and "Clay Pit" not in words(leaders)
    # every chip a third of the row on a phone (12 columns, 4 each), a leader a quarter but
    # Nebuchadnezzar, half (its name is wider than a quarter of a 360 px phone: it broke
    # "Nebuchadne / zzar"), and Archimedes and Hammurabi, whose one word is wider than a
    # quarter of a 320 px phone ("Archimede / s"); each chip's words are its button's
    assert all(chip.col == {"xs": 4, "sm": 3, "md": 2} for chip in cards.controls)
    wide = {words(ft.ResponsiveRow([chip]))[0]: chip.col for chip in leaders.controls
            if chip.col != {"xs": 3, "sm": 2, "md": 2}}
    half = {"xs": 6, "sm": 4, "md": 4}
    assert wide == {"Archimedes": half, "Hammurabi": half, "Nebuchadnezzar": half}, wide


def _every_game() -> list[tuple[str, list[str]]]:
    from scorer.ruleset import available_expansions, available_games

    return [(g, e) for g in available_games()
            for e in ([], *([x] for x in available_expansions(g)))]


async def test_entry_every_name_fits_its_chip_at_360_px() -> None:
    """Issue 31: at 360 px no chip breaks a name inside a word, nor needs more lines than
    its 48 px hold. Every card of every game and expansion (its name, and taken: "(taken)"
    after it) on at most 2 lines of its chip, broken between words, in the slot its grid
    gives it; every leader, Duel wonder, progress token and Divinity likewise in a narrow
    chip (Nebuchadnezzar: half the row, a quarter broke it "Nebuchadne / zzar"). The
    widths are Roboto's (ui/screens/fit.py); the browser tests -k long_names check them
    against chromium's drawing."""
    from scorer.facts import facts, ruleset
    from ui.screens.city_cards import CHIP_INSET, CHIP_TEXT, Chip, chip_span
    from ui.screens.fit import fitted_columns, lines_needed, slot_width, xs_share
    from ui.screens.widgets import NAME_COLUMNS, NARROW_INSET, NARROW_TEXT
    from ui.text import strings as S

    wide: set[str] = set()
    for game, expansions in _every_game():
        rules = ruleset(game, expansions)
        for card in rules.cards.names():
            for label in (card, S.card_taken(card)):
                span = chip_span(Chip(card, label, "", False, False))
                width = slot_width(xs_share(span)) - CHIP_INSET
                assert (lines_needed(label, CHIP_TEXT, width) or 9) <= 2, (game, label, span)
        names = [*rules.leaders.names(), *facts(rules).divinities]
        if game == "duel":
            names += [*rules.wonders.names(), *rules.progress.names()]
        for name in names:
            for label in (name, S.card_taken(name)):
                span = fitted_columns(label, NARROW_TEXT, NAME_COLUMNS, NARROW_INSET, 2)
                width = slot_width(xs_share(span)) - NARROW_INSET
                assert (lines_needed(label, NARROW_TEXT, width) or 9) <= 2, (game, label)
                if label == name and span != NAME_COLUMNS:
                    wide.add(name)
    assert "Nebuchadnezzar" in wide and "Alexander" not in wide, wide


@pytest.mark.parametrize(("spans", "packed"), [
    # a quarter of the row empty before Nebuchadnezzar (half a row): 3+3+3 = 9, 9+6 > 12,
    # so the third quarter takes the rest: 3+3+6 = 12, then 6+3 on the next row
    ([3, 3, 3, 6, 3], [3, 3, 6, 6, 3]),
    # full rows are left as they are: 3+3+6 = 12, 6+6 = 12, and the last row may end short
    ([3, 3, 6, 6, 6, 3], [3, 3, 6, 6, 6, 3]),
    # card chips, a third of a row each: 4+4 = 8, 8+6 > 12: the second takes 4 more (8)
    ([{"xs": 4, "sm": 3}, {"xs": 4, "sm": 3}, {"xs": 6, "sm": 6}],
     [{"xs": 4, "sm": 3}, {"xs": 8, "sm": 3}, {"xs": 6, "sm": 6}]),
])
async def test_entry_no_empty_slot_before_a_wider_chip(spans: list[ft.ResponsiveNumber],
                                                       packed: list[ft.ResponsiveNumber]) -> None:
    """Issue 31: Flet's ResponsiveRow starts a new row for a chip wider than what is left
    of the row and leaves the rest empty; the chip before it takes the rest instead, at
    each breakpoint (sm: 3+3 = 6, 6+6 = 12 fits, nothing moves), the order kept."""
    from ui.screens.fit import without_holes

    assert without_holes(spans) == packed


async def test_entry_the_leaders_grid_has_no_empty_slot(store: Store) -> None:
    """The 2nd edition's leaders on a phone (a quarter of the row each, a few half: their
    words do not fit a quarter of 320 px): every row of the grid but its last fills the
    phone's 12 columns, as Flet lays them (a chip that does not fit what is left of the
    row starts the next; without `without_holes` a quarter stayed empty before one)."""
    store.save_current(SevenWondersDraft(game="7wonders-2e", expansions=["leaders"],
                             seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"),
                                    SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    leader = c.find("Aganice")
    grids = [control for control in c.controls() if isinstance(control, ft.ResponsiveRow)
             and any(leader is part for chip in control.controls for part in walk(chip)
                     if not isinstance(chip, ft.ResponsiveRow))]
    assert len(grids) == 1
    rows: list[int] = [0]
    for chip in grids[0].controls:
        width = int(chip.col["xs"] if isinstance(chip.col, dict) else chip.col)
        if rows[-1] + width > 12:
            rows.append(0)
        rows[-1] += width
    assert len(rows) > 5 and all(used == 12 for used in rows[:-1]), rows


async def test_entry_a_long_gain_ends_in_an_ellipsis_and_its_chip_says_it_whole(
        store: Store) -> None:
    """A card whose gain is longer than its chip (Leaders' Courtesans Guild, 1st edition:
    its rule is 120 characters): what it gives is a text of its own that ends in "…" on
    the chip's last line (one text of two sizes never drew its "…" in chromium), and a
    long press shows every word (the chip's tooltip); a short one (Gardens: "III · 5 VP")
    is one text, with no tooltip."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["leaders"],
                             seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"),
                                    SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap_identifier("age-3")
    long_one = c.find("Courtesans Guild", ft.OutlinedButton)
    assert isinstance(long_one.content, ft.Column)
    name, gain = long_one.content.controls
    assert isinstance(name, ft.Text) and isinstance(gain, ft.Text)
    assert gain.overflow == ft.TextOverflow.ELLIPSIS and gain.max_lines in (1, 2)
    # the chip's 3 lines (ui.screens.city_cards.CHIP_LINES): the name's and the gain's
    assert name.max_lines is not None and name.max_lines + gain.max_lines == 3
    rule = ("Put the Courtesan on a leader recruited by a neighbour: you get a copy of that "
            "leader's effect (its owner keeps it too).")  # rulesets/7wonders-1e+leaders
    assert isinstance(long_one.tooltip, ft.Tooltip) and rule in long_one.tooltip.message
    assert rule in str(gain.value)
    short = c.find("Gardens", ft.OutlinedButton)
    assert isinstance(short.content, ft.Text) and short.tooltip is None


@pytest.mark.parametrize(("label", "detail", "expected"), [
    # 1st edition, Quarry held by other cities. Roboto's advances (ui/screens/fit.py, in
    # thousandths of an em): Q 688 u 551 a 544 r 338 r 338 y 473, space 248, ( 342 t 327
    # a 544 k 507 e 530 n 552 ) 348 = 6330; at 13 px 82.29 px, with the 2 % margin 83.94:
    # one line of a third of a 320 px phone, (320 - 2 x 12 - 2 x 4) / 3 - 12 = 84 px, with
    # 0.06 to spare. The button's label style adds 0.1 px after each of its 14 characters:
    # drawn 82.29 + 1.4 = 83.69, estimated 83.94 + 1.4 = 85.34 > 84: two lines (safe). Its
    # gain "II · produces 2 Stone": I 272 I 272, space 248, · 261, space 248, produces
    # (561 338 570 564 551 523 530 516 = 4153), space 248, 2 562, space 248, Stone (593 327
    # 570 552 530 = 2572) = 9084, at 10 px 90.84, 92.66 with the margin, 94.76 with 21 x
    # 0.1: two lines, one left under a two-line name: cut, ending in "…"
    ("Quarry (taken)", "II · produces 2 Stone", ChipLines(2, 1, True)),
    # S 593 t 327 a 544 t 327 u 551 e 530, space 248, (taken) 3150 = 6270: at 13 px 81.51,
    # 83.14 with the margin (one line before), 84.54 with 14 x 0.1 > 84: two lines; its
    # gain "II · 4 VP" (I I space · space 4 space V P: 272 272 248 261 248 562 248 636 631
    # = 3378, 34.5 px) fits the one line left: not cut
    ("Statue (taken)", "II · 4 VP", ChipLines(2, 1, False)),
    # a two-line name (F 553 o 570 u 551 n 552 d 564 r 338 y 473 = 3601, 46.8 px: "Foundry"
    # over "(taken)", 94.3 px on one line); its gain "II · produces 2 Ore": 1301 before
    # "produces", 4153, space 248, 2 562, space 248, O 688 r 338 e 530 = 8068, at 10 px
    # 82.29 with the margin (one line of 84 before: one text, its ends under the chip's
    # border at 320 px), 84.19 with 19 x 0.1 > 84: it takes two lines, one is left: cut
    ("Foundry (taken)", "II · produces 2 Ore", ChipLines(2, 1, True)),
    # far from a break: "Workers Guild" (W 887 o 570 r 338 k 507 e 530 r 338 s 516, space
    # 248, G 681 u 551 i 243 l 243 d 564 = 6216: 80.81 px, 82.42 with the margin, 83.72
    # with 13 x 0.1 <= 84) on one line, "III · 1 VP / brown (left+right)" on the other two
    ("Workers Guild", "III · 1 VP / brown (left+right)", ChipLines(1, 2, False)),
])
async def test_entry_chip_lines_of_borderline_names_at_320_px(label: str, detail: str,
                                                              expected: ChipLines) -> None:
    """Issue 31: a name or gain within a px or two of a line's end at 320 px is laid out
    as if it took the longer way (the letter spacing its button gives it counted): a name
    the estimate puts on one line is on one in chromium, and a gain that might not fit
    its lines is a text of its own ending in "…" (`chip_body`), not words cut at the
    chip's edge."""
    from ui.screens.city_cards import Chip, chip_lines, chip_span
    from ui.screens.widgets import GRID_COLUMNS

    chip = Chip(label.removesuffix(" (taken)"), label, detail, False, label.endswith("(taken)"))
    span = chip_span(chip)
    assert span == GRID_COLUMNS  # a third of the phone's row
    assert chip_lines(chip, span) == expected


async def test_entry_chip_lines_stay_clear_of_the_chip_border() -> None:
    """Issue 31: a card chip's corners keep its words out from under its border. A button's
    stadium (radius 24 on a 48 px chip, its 2 px border inside) came 7 px into the words'
    box at the baseline of the third line (43 px down: 24 - sqrt(22² - 19²) = 12.9 px from
    the edge, the box starts at the 6 px padding) and hid the ends of "II · produces 2 Ore"
    under "Foundry (taken)" at 320 px. With corners of at most 10 px (8 inside the border):
    10 - sqrt(8² - 5²) = 3.8 px < 6 at that baseline, 10 - sqrt(8² - 4.5²) = 3.4 px at the
    first line's capitals (5.5 px down)."""
    from ui.screens.city_cards import CHIP_INSET, chip_style

    for selected in (False, True):
        shape = chip_style("purple", selected).shape
        assert isinstance(shape, ft.RoundedRectangleBorder), shape
        assert isinstance(shape.radius, (int, float)) and 0 < shape.radius <= 10
        inner = shape.radius - 2
        for depth in (5.5, 48 - 43):  # the first line's capitals, the third's baseline
            reach = shape.radius - (inner ** 2 - (shape.radius - depth) ** 2) ** 0.5 \
                if depth < shape.radius else 0.0
            assert reach < CHIP_INSET / 2, (depth, reach)


@pytest.mark.parametrize(("expansions", "colours"), [
    ([], ["brown", "grey", "blue", "yellow", "green", "red", "purple"]),
    (["cities"], ["brown", "grey", "blue", "yellow", "green", "red", "purple", "black"]),
], ids=["7-colours", "cities-8-colours"])
async def test_entry_colour_swatch_row_fits_a_320_px_phone(
        store: Store, expansions: list[str], colours: list[str]) -> None:
    """Issue 31: the colour filter's swatches lie in one row of a 320 px phone: 320 - 2 x 12
    (the screen's margins) = 296 px for the tap targets side by side. The 1st edition's 7
    colours (3 players) before: circles of 44 px, 4 px apart: 7 x 44 + 6 x 4 = 332 > 296,
    the 7th on a second row. With Cities, 8 colours (its black City cards, cities.md §1):
    at 41 px each 8 x 41 = 328 > 296, the 8th on a second row; 296 / 8 = 37 px each fit.
    A target stays at least 36 px wide (WCAG 2.2's least target is 24 px) and 44 px tall
    (Apple's least), and each swatch keeps its name for a screen reader."""
    from ui.screens.fit import PAGE_PADDING, PHONE_WIDTH
    from ui.text import strings as S

    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=expansions, seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    swatches = [s for s in c.controls() if isinstance(s, ft.Semantics)
                and (s.identifier or "").startswith("filter-")]
    assert [s.identifier for s in swatches] == [f"filter-{x}" for x in colours]
    # each says what a tap does: "Show cards: Civilian" (a walk heard a bare colour)
    assert [s.label for s in swatches] == [S.show_cards(S.COLOUR[x]) for x in colours]
    row = next(r for r in c.controls() if isinstance(r, ft.Row)
               and any(x is swatches[0] for x in r.controls))
    widths = []
    for s in swatches:
        target = s.content
        assert isinstance(target, ft.Container) and target.on_click is not None
        assert target.width is not None and target.height is not None
        assert target.width >= 36 and target.height >= 44
        circle = target.content
        assert isinstance(circle, ft.Container) and circle.width is not None
        assert circle.width < target.width  # a gap between two circles
        widths.append(target.width)
    assert row.spacing is not None  # Flet's own is 10
    assert sum(widths) + row.spacing * (len(widths) - 1) <= PHONE_WIDTH - 2 * PAGE_PADDING


async def test_entry_a_held_card_not_in_the_game_can_be_taken_out(store: Store) -> None:
    """An imported 3-player city holding Excavation (in the deck from 4 players: the 1st
    edition's card table) and "Lumbr Yard" (no such card): the engine names both, and
    each is a held chip under "Held, but not in this game" whose tap takes it out (no chip
    offered them, so the city could not be corrected on the phone)."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat(name="Ann", board="Gizah", cards=["Loom", "Excavation", "Lumbr Yard"]),
        SevenWondersSeat(name="Bob"), SevenWondersSeat(name="Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    assert c.has("Held, but not in this game (tap to take out):", exact=True)
    assert c.has('"Excavation" is not in the 3-player deck (it is used from 4 players)')
    assert c.has('No card "Lumbr Yard"')
    await c.tap("Excavation")
    await c.tap("Lumbr Yard")
    assert not c.has("Held, but not in this game (tap to take out):", exact=True)
    assert not c.has("is not in the 3-player deck") and not c.has('No card "Lumbr Yard"')
    saved = as_seven_wonders(store.load_current())
    assert saved.seats[0].cards == ["Loom"]


async def test_entry_pantheon_offers_no_guild(store: Store) -> None:
    """Duel with Pantheon: the 7 Guilds stay in the box, 3 Grand Temples take their place
    (duel-pantheon.md §2), so a city's chips offer the Grand Temples and no Guild (all 7
    were tappable, each then refused by the engine); a Guild an imported city holds shows
    under "Held, but not in this game". Duel alone still offers its Guilds."""
    store.save_current(DuelDraft(game="duel", expansions=["pantheon"], seats=[
        DuelSeat(name="Ann", cards=["Merchants Guild"]), DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap("All Ages")
    held = {words_of(x) for x in c.held()}
    chips = {words_of(x) for x in c.controls() if isinstance(x, ft.OutlinedButton)} - held
    assert "Greek Grand Temple" in chips and "Scientists Guild" not in chips
    assert c.has("Held, but not in this game (tap to take out):", exact=True)
    assert "Merchants Guild" not in chips and "Merchants Guild" in held  # to take out
    store.save_current(DuelDraft(game="duel", seats=[DuelSeat(name="Ann"), DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap("All Ages")
    assert "Scientists Guild" in {words_of(x) for x in c.controls()
                                  if isinstance(x, ft.OutlinedButton)}


async def test_entry_search_hint_fits_one_line_on_a_narrow_phone(store: Store) -> None:
    """The search's hint is read whole: at 360 px "A card, leader or wonder: its first
    letters, then Enter" was cut after "its fi" (a walk's screenshot: 215 px of text), and
    a second line of hint made the field taller, a third scroll step on the city by chips
    (`test_entry_a_city_by_chips_in_two_scroll_steps`). In every language it fits the
    field's text on a 320 px phone (40 px narrower: 175 px)."""
    from scorer import i18n
    from ui.screens.fit import text_width
    from ui.text import strings as S

    c = await ann_s_empty_city(store)
    field = c.find("Search", ft.TextField)
    assert field.hint_text == "First letters, then Enter" and not field.hint_max_lines
    for language in i18n.languages():
        with i18n.language(language):
            hint = i18n.translated(S.SEARCH_HINT)
        assert text_width(hint, 16) <= 175, (language, hint)


async def test_entry_search_finds_pantheons_divinities(store: Store) -> None:
    """Duel + Pantheon: a Divinity is entered by the same search as the cards (a walk typed
    "astar" beside the Astarte chip and read "nothing left to add"), said before Enter;
    once Ann holds Astarte, Bob's search no longer offers it (one city activates a
    Divinity, duel-pantheon.md §4), and says so."""
    store.save_current(DuelDraft(game="duel", expansions=["pantheon"], seats=[
        DuelSeat(name="Ann"), DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type_only("Search", "astar")
    assert helper_of(c) == "Enter adds Astarte"
    await enter(c, "astar")
    saved = store.load_current()
    assert isinstance(saved, DuelDraft) and saved.seats[0].divinities == ["Astarte"]
    bob = await Client(make_main(store), route="/game/player/1").start()
    await bob.type_only("Search", "astar")
    assert helper_of(bob).startswith("Nothing left to add")


def _shields_table() -> SevenWondersDraft:
    """A 3-player 1st-edition table that gives each city's shields at the end of each Age
    (table-format.md: the engine derives the conflict tokens when every player has them),
    no tokens entered. The red cards' shields (rules_multiplayer.md, 1st edition: Age I 1,
    Age II 2, Age III 3 each) make each last total: Ann Stockade 1 + Walls 2 +
    Fortifications 3 = 6; Bob Archery Range 2; Cid Guard Tower 1 + Barracks 1 + Arsenal 3
    = 5."""
    def city(name: str, board: str, cards: list[str], shields: list[int]) -> SevenWondersSeat:
        return SevenWondersSeat(name, board=board, cards=cards, shields=shields)

    return SevenWondersDraft(game="7wonders-1e", seats=[
        city("Ann", "Gizah", ["Stockade", "Walls", "Fortifications"], [1, 3, 6]),
        city("Bob", "Babylon", ["Archery Range"], [0, 2, 2]),
        city("Cid", "Ephesos", ["Guard Tower", "Barracks", "Arsenal"], [2, 2, 5])])


async def test_entry_shields_of_an_imported_table_are_shown_and_changed(store: Store) -> None:
    """A table that gives shields (an imported file) shows each Age's shields on the city
    screen, and a change of them is saved and scored: before, the screen showed the tokens
    at 0 and no shields, while the score counted the tokens the shields gave.

    1st edition tokens (rules_multiplayer.md): a win +1 / +3 / +5 in Age I / II / III, a
    defeat -1; with 3 players every two cities are neighbours. Ann [1, 3, 6] against Bob
    [0, 2, 2] and Cid [2, 2, 5]: Age I +1 (Bob) -1 (Cid), Age II +3 +3, Age III +5 +5:
    16. Her Age II typed down to 2 ties both: 1 - 1 + 0 + 0 + 5 + 5 = 10."""
    store.save_current(_shields_table())
    c = await Client(make_main(store), route="/game/player/0").start()
    assert c.title() == "Ann · 16 pts"
    assert c.has("Shields at the end of each Age")
    assert [c.find(f"Shields at the end of Age {a}", ft.TextField).value
            for a in ("I", "II", "III")] == ["1", "3", "6"]
    await c.type("Shields at the end of Age II", "2")
    assert c.title() == "Ann · 10 pts"
    saved = store.load_current()
    assert saved is not None
    ann = saved.seats[0]
    assert isinstance(ann, SevenWondersSeat) and ann.shields == [1, 2, 6]
    await c.step("Shields at the end of Age III", 1)  # 7: more than her cards give (1 + 2 + 3 = 6)
    # said without leaders in a game without them (a walk read "and leaders")
    assert c.has("7 shields at the end of the last Age, but this city's cards and wonder "
                 "give 6", exact=False)


async def test_entry_shields_not_shown_where_the_table_gives_none(store: Store) -> None:
    """A city entered on the phone (no shields given) has no shields steppers: its tokens
    are entered."""
    c = await ann_s_empty_city(store)
    assert c.has("Conflict tokens") and not c.has("Shields at the end of each Age")


async def test_entry_search_stays_with_its_city(store: Store) -> None:
    """A walk typed "alt" in Cid's search, then went to Bob (Previous player): Bob's search
    still held "alt" with "Nothing left to add...", and "lum" typed there made "altlum".
    Each city's search starts empty (the words typed are kept with the seat they were typed
    on, until another seat's are typed). A card's tap on Bob's city then empties Bob's
    search (a review: the tap emptied the first seat's instead, and "lum" stayed)."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.type_only("Search", "alt")
    assert helper_of(c) == "Enter adds Altar"
    await c.tap("Previous player")  # to Bob
    assert c.title().startswith("Bob")
    assert c.find("Search", ft.TextField).value in ("", None) and helper_of(c) == ""
    await c.type_only("Search", "lum")
    assert helper_of(c) == "Enter adds Lumber Yard"
    await c.tap("Lumber Yard")
    saved = store.load_current()
    assert saved is not None and saved.seats[1].cards == ["Lumber Yard"]
    assert c.find("Search", ft.TextField).value in ("", None) and helper_of(c) == ""


@pytest.mark.parametrize("lang", ["en", "vi"])
async def test_entry_trading_posts_say_their_side_where_the_chip_shows_it(lang: str) -> None:
    """A walk saw East and West Trading Post both read "I · buy raw (Wood/S…": the chip's
    line is cut, and the side that tells them apart came last (reference §2: East buys from
    the right neighbour, West from the left, the Marketplace from both). The side comes
    first now, within the 20 letters a narrow chip shows on its line."""
    from scorer.i18n import language
    from ui.screens.city_cards import gives

    rules = ruleset("7wonders-1e", [])
    with language(lang):
        cards = [rules.cards.get(n) for n in ("East Trading Post", "West Trading Post",
                                              "Marketplace")]
        shown = {c.name: gives(c, rules)[:20] for c in cards if c is not None}
    assert len(shown) == 3
    assert len(set(shown.values())) == 3, shown
