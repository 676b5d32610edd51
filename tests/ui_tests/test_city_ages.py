"""A city shows its cards one Age at a time (Age I when it opens): a phone's session holds
the chips of the Age on screen, not every Age's (issue 19: memory and the start of a
session). What the other Ages hold still counts, shows when their Age is picked, and the
search finds a card of any Age."""

from __future__ import annotations

from collections import Counter

import flet as ft
import pytest

from scorer import i18n
from scorer.facts import offered_expansions, ruleset
from ui.app import make_main
from ui.entry.games import from_table
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.screens.city_cards import colours_in_play
from ui.screens.widgets import CARD_COLOURS
from ui.store.store import Store
from ui.text import strings as S

from .flet_client import Client, walk
from .game_data import TABLE

pytestmark = pytest.mark.asyncio


def held(c: Client, card: str) -> bool:
    """Whether the chip of `card` shows the card held (filled in the card's colour)."""
    chip = c.find(card, ft.OutlinedButton)
    return chip.style is not None and chip.style.bgcolor is not None


async def test_a_city_opens_on_age_one_and_every_age_counts(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    # Ann (game_data.py): Altar, Theater, Guard Tower (Age I), Temple (Age II), Pantheon
    # (Age III); 31 points, the cards of every Age counted
    assert c.title() == "Ann · 31 pts"
    assert held(c, "Altar") and held(c, "Theater") and held(c, "Guard Tower")
    for hidden in ("Temple", "Pantheon"):
        with pytest.raises(AssertionError):
            c.find(hidden)
    await c.tap_identifier("age-3")
    assert held(c, "Pantheon") and not held(c, "Arena")
    with pytest.raises(AssertionError):
        c.find("Altar")
    # Pantheon given back from its Age: 7 VP civilian less (rules_multiplayer.md), 31 - 7
    await c.tap("Pantheon")
    assert c.title() == "Ann · 24 pts"
    await c.tap_identifier("age-2")
    assert held(c, "Temple")
    # Temple given back too: 3 VP less, 24 - 3; Age I's cards still held when shown again
    await c.tap("Temple")
    assert c.title() == "Ann · 21 pts"
    await c.tap_identifier("age-1")
    assert held(c, "Altar") and held(c, "Theater") and held(c, "Guard Tower")
    saved = store.load_current()
    assert saved is not None
    assert saved.seats[0].cards == ["Altar", "Theater", "Guard Tower"]


async def test_the_search_finds_a_card_of_any_age_unless_an_age_was_picked(
        store: Store) -> None:
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type("Search", "aren")  # Arena: Age III, found from the city as it opened
    c.find("Arena")
    await c.tap("Arena")
    assert c.title() == "Ann · 0 pts"  # Arena alone gives nothing without stages or coins
    await c.type("Search", "")
    with pytest.raises(AssertionError):
        c.find("Arena")  # back to Age I
    await c.tap_identifier("age-2")
    await c.type("Search", "aren")
    with pytest.raises(AssertionError):
        c.find("Arena")  # the Age picked holds while searching
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Arena"]


async def test_a_phone_on_a_city_holds_a_few_hundred_controls(store: Store) -> None:
    """The controls of a phone's session (what each costs in memory and in the start of a
    session is in BENCHMARKS.md, "Memory and pauses per session"): a 5-player city opened
    by its link, with the table screen and home under it. All Ages shown, the city alone
    held 360 (75 card chips of 3 controls each); Age I alone, 25 chips: 228 controls. A
    screen reader's names and states (ui/screens/a11y.py) add 86: each of the 38 chips (25 cards,
    7 wonders, 4 Ages, cards or paper) is one checkbox node that says whether it is held
    (a MergeSemantics and a Semantics: 76, less the Age chips' 4 Semantics of their own,
    folded in), each of the 11 icon buttons' icon carries its name, the 3 Age chips say
    "Age II"; the colour swatches stay one node each."""
    seats = [SevenWondersSeat(n) for n in ("Ann", "Bob", "Cid", "Dan", "Eve")]
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=seats))
    c = await Client(make_main(store), route="/game/player/1").start()
    counted = Counter(type(x).__name__ for x in walk(c.page.views))
    assert counted["OutlinedButton"] < 45, counted
    assert sum(counted.values()) <= 320, counted


async def test_the_next_city_opens_on_age_one_again(store: Store) -> None:
    """An Age picked holds for its city; the next player's opens on Age I (on a phone the
    same screen follows Next: its state would otherwise carry the Age over)."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap_identifier("age-3")
    c.find("Pantheon")
    await c.tap("Next player")
    assert c.title() == "Bob · 31 pts"
    c.find("Altar (taken)")  # Age I (Ann holds the one Altar of a 3-player game)
    with pytest.raises(AssertionError):
        c.find("Pantheon (taken)")  # Age III
    await c.tap("Previous player")
    c.find("Pantheon")  # Ann's city as she left it: Age III


@pytest.mark.parametrize("game", ["7wonders-1e", "7wonders-2e", "duel"])
async def test_entry_every_colour_swatch_drawn_in_its_colour(game: str) -> None:
    """Every card colour a city can show, in every offered expansion and player count, has
    its own paint for chips and swatches: Cities' black cards fell back to the chips'
    default outline (brown-ish, like the brown cards) and to a slate swatch, so a player
    looking for a black card among the chips saw none (cities.md §1: the black City
    cards). Black is drawn near black (a dark grey a dark theme still shows), its words white."""
    for expansion in ["", *offered_expansions(game)]:
        rules = ruleset(game, [expansion] if expansion else [])
        players = (2,) if game == "duel" else (3, 7)
        shown = {c for n in players for c in colours_in_play(rules, n)}
        assert shown <= set(CARD_COLOURS), (expansion, shown - set(CARD_COLOURS))
    assert CARD_COLOURS.get("black", ("", ""))[1] == "#FFFFFF"


@pytest.mark.parametrize("game", ["7wonders-1e", "7wonders-2e", "duel"])
async def test_entry_every_colour_swatch_named_in_words(game: str) -> None:
    """Every card colour a city's filter can show, in every offered expansion and player
    count, is named in the catalogue's words (Cities' black swatch was read "black", "đen"
    in Vietnamese: the data's own word)."""
    for expansion in ["", *offered_expansions(game)]:
        rules = ruleset(game, [expansion] if expansion else [])
        players = (2,) if game == "duel" else (3, 7)
        shown = {c for n in players for c in colours_in_play(rules, n)}
        for language in ("en", "vi"):
            with i18n.language(language):
                named = S.COLOUR
                assert shown <= set(named), (expansion, shown - set(named))
                assert all(named[c] != c and named[c][0].isupper() for c in shown)
