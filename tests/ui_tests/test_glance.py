"""What players read at a glance: the table screen's totals and places, each card chip's
gain, the edition's own words for board sides, the pad's legend at many players, the join
field's counter and wonder stage texts that wrap."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest

from ui.app import make_main
from ui.entry.games import from_table
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store.store import Store

from .flet_client import Client
from .game_data import TABLE

pytestmark = pytest.mark.asyncio
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "7wonders" / "base-1e"


def _badge(c: Client, name: str) -> str:
    return c.cell(f"rank-{name}")


async def test_table_shows_totals_and_places_of_a_finished_table(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game").start()
    # game_data.py: Ann 31, Bob 31, Cid 17; Ann and Bob tie, Ann wins on coins 7 to 3
    assert [c.cell(f"total-{n}") for n in ("Ann", "Bob", "Cid")] == ["31 pts", "31 pts",
                                                                      "17 pts"]
    assert [_badge(c, n) for n in ("Ann", "Bob", "Cid")] == ["#1", "#2", "#3"]


async def test_table_shows_places_so_far_of_a_game_being_entered(store: Store) -> None:
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", cards=["Altar"]), SevenWondersSeat("Bob", coins=3),
        SevenWondersSeat("Cid", coins=3)]))
    c = await Client(make_main(store), route="/game").start()
    assert c.has("not final", exact=False)  # no wonders yet: a running total, not a result
    # rules_multiplayer.md: Altar 2 VP civilian; 3 coins // 3 = 1 VP treasury
    assert [c.cell(f"total-{n}") for n in ("Ann", "Bob", "Cid")] == ["2 pts", "1 pt", "1 pt"]
    # Bob and Cid tie on 1 point and on 3 coins: they share the place after Ann
    assert [_badge(c, n) for n in ("Ann", "Bob", "Cid")] == ["#1", "#2", "#2"]


async def test_every_yellow_chip_says_what_it_gives(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.tap_identifier("age-3")
    # rules_multiplayer.md, Age III yellow cards of a 3-player game: Arena 1 VP per own
    # built stage, Haven 1 VP per own brown card, Lighthouse 1 VP per own yellow card
    assert c.has("III · 1 VP / stage", exact=True)
    assert c.has("III · 1 VP / brown", exact=True)
    assert c.has("III · 1 VP / yellow", exact=True)
    # a guild counts the neighbours' cards: Workers Guild 1 VP per brown card, left and right
    assert c.has("III · 1 VP / brown (left+right)", exact=True)


async def test_second_edition_sides_say_day_and_night(store: Store) -> None:
    store.save_current(SevenWondersDraft(game="7wonders-2e", seats=[
        SevenWondersSeat("Ann", board="Gizah"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    c.find("Day")
    c.find("Night")
    assert not c.has("Side A", exact=True)


async def test_first_edition_sides_stay_a_and_b(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    c.find("Side A")
    c.find("Side B")


async def test_table_lines_name_each_board_with_its_side(store: Store) -> None:
    """The table's line of a player names the board and its side, in the edition's words
    ("Gizah, Night"; the 1st edition's "Babylon, Side B"): the side changes the stages and
    their points (rules_multiplayer.md, the boards), and the line said only "Gizah"."""
    store.save_current(SevenWondersDraft(game="7wonders-2e", seats=[
        SevenWondersSeat("Ann", board="Gizah", side="B"),
        SevenWondersSeat("Bob", board="Babylon", side="A"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game").start()
    assert c.has("Gizah, Night") and c.has("Babylon, Day") and c.has("no wonder yet")
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Babylon", side="B"), SevenWondersSeat("Bob"),
        SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game").start()
    assert c.has("Babylon, Side B")


async def test_stage_texts_wrap_beside_their_box(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/1").start()  # Bob: Babylon A
    boxes = [x for x in c.controls() if isinstance(x, ft.Checkbox)]
    assert len(boxes) == 3 and all(b.label is None for b in boxes)
    # the words are a Text of their own in the remaining width, so they wrap
    stage = next(t for t in c.texts() if t.startswith("2. "))
    assert "science" in stage.lower() and len(stage) > 40


async def test_pad_at_seven_players_has_a_legend(store: Store) -> None:
    scenario = json.loads((SCENARIOS / "wonders-a-sides-complete.json").read_text())
    assert len(scenario["table"]["players"]) == 7
    store.save_current(from_table(scenario["table"]))
    c = await Client(make_main(store), route="/game/pad").start()
    legend = c.cell("pad-legend")
    for word in ("Military", "Treasury", "Wonders", "Civilian", "Commercial", "Science",
                 "Guilds"):
        assert word in legend


async def test_join_field_counts_to_the_code_length(store: Store) -> None:
    c = await Client(make_main(store), route="/join").start()
    field = c.find("Join code", ft.TextField)
    assert field.max_length == 7  # ui/store/store.py CODE_LENGTH: a code is seven letters


async def test_pad_every_category_has_a_row_of_its_own_look(store: Store) -> None:
    """Every category a game can have (`scorer.ruleset.Category`) has its own colour and
    icon on the pad: Debt and Cities (and Pantheon's Divinities) shared the one star on
    grey of a row without a style, so on the 8-player pad, whose rows are icons with a
    legend, a walk saw two identical rows and two identical legend chips."""
    from typing import get_args

    from scorer.ruleset import Category
    from ui.screens.pad_style import PAD_ROWS

    categories = get_args(Category)
    assert set(categories) <= set(PAD_ROWS), set(categories) - set(PAD_ROWS)
    looks = [(PAD_ROWS[c].bg, PAD_ROWS[c].icon) for c in categories]
    assert len(set(looks)) == len(looks)
    assert len({PAD_ROWS[c].icon for c in categories}) == len(categories)
    assert PAD_ROWS["cities"].bg == "#424242"  # the black City cards' own paint

