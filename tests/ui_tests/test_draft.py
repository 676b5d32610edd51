"""The draft: a table file read in and written out again holds what the file said, and a
stored draft of the wrong shape is kept aside, not read into the app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer import parse_table
from ui.app import make_main
from ui.draft import Draft, Seat
from ui.store import Store

from .flet_client import Client

# The 2-player variant: two players and the Free City, every seat with its shields by Age
# (the engine derives the conflict tokens from them).
FREE_CITY: dict[str, Any] = {
    "game": "7wonders-1e",
    "expansions": [],
    "players": [
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "A", "stages": 2},
         "cards": ["Altar"], "coins": 4, "shields": [1, 2, 3]},
        {"name": "Bob", "wonder": {"board": "Babylon", "side": "B", "stages": 1},
         "cards": [], "coins": 3, "shields": [0, 2, 5]},
        {"name": "Free City", "wonder": {"board": "Rhodos", "side": "A", "stages": 0},
         "cards": ["Barracks"], "coins": 3, "shields": [1, 1, 1], "free_city": True},
    ],
}

# A Duel table that says "the pawn has no direction" and "no cubes entered" with nulls.
DUEL_NULLS: dict[str, Any] = {
    "game": "duel",
    "expansions": ["agora"],
    "players": [
        {"name": "Ann", "cards": ["Theater"], "wonders": [], "progress": [], "coins": 3,
         "influence": None},
        {"name": "Bob", "cards": [], "wonders": [], "progress": [], "coins": 6,
         "influence": [1, 0, 2, 0, 0, 0]},
    ],
    "conflict": {"toward": None, "spaces": 0},
}


def test_free_city_table_round_trip() -> None:
    parse_table(FREE_CITY)  # a table file the engine reads
    draft = Draft.from_table(FREE_CITY)
    assert draft.table() == FREE_CITY
    assert Draft.from_json(draft.to_json()).table() == FREE_CITY


def test_duel_table_with_nulls_round_trip() -> None:
    draft = Draft.from_table(DUEL_NULLS)
    back = draft.table()
    assert parse_table(back) == parse_table(DUEL_NULLS)  # the engine reads the same table
    assert back["conflict"] == {"spaces": 0}  # no direction, not a player called "None"
    assert "influence" not in back["players"][0]
    assert back["players"][1]["influence"] == [1, 0, 2, 0, 0, 0]


@pytest.mark.asyncio
async def test_duel_table_with_nulls_imports(store: Store) -> None:
    c = await Client(make_main(store), route="/import").start()
    await c.type("Paste a table file (JSON)", json.dumps(DUEL_NULLS))
    await c.tap("Import")
    assert c.title() == "Table"
    saved = store.load_current()
    assert saved is not None and saved.conflict_toward == ""


def test_play_again_keeps_the_free_city() -> None:
    again = Draft.from_table(FREE_CITY).fresh_copy()
    assert [s.free_city for s in again.seats] == [False, False, True]
    assert all(s.shields is None and not s.cards for s in again.seats)


def stored(seat: dict[str, Any]) -> str:
    return json.dumps({"game": "7wonders-1e", "seats": [seat]})


def test_a_draft_saved_before_shields_still_loads() -> None:
    # the fields of a draft saved by an earlier version of the app, Senate cubes included
    old = {"name": "Ann", "board": "Gizah", "side": "A", "stages": 1, "cards": ["Altar"],
           "coins": 2, "military": {"1": 1}, "leaders": [], "choices": {}, "quick": False,
           "typed": {}, "wonders": [], "progress": [], "influence": [0, 0, 0, 0, 0, 0],
           "buried": "", "buried_cost": None, "conquests": None}
    seat = Draft.from_json(stored(old)).seats[0]
    assert (seat.stages, seat.cards, seat.military) == (1, ["Altar"], {"1": 1})


@pytest.mark.parametrize("seat", [{"name": "Ann", "stages": "x"}, {"name": "Ann", "coins": None},
                                  {"name": "Ann", "cards": "Altar"}, {"name": "Ann", "zzz": 1}])
def test_a_stored_draft_of_the_wrong_shape_is_refused(seat: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Draft.from_json(stored(seat))


def test_a_stored_draft_of_the_wrong_shape_is_kept_aside(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    text = stored({"name": "Ann", "stages": "x"})
    s._shared.db.execute("INSERT INTO live (id, code, host, draft, claims, version, touched, "
                         "closed) VALUES ('g1', 'ACDE', 'phone', ?, '{}', 1, 0, 0)", (text,))
    s._shared.db.execute("INSERT INTO members VALUES ('g1', 'phone', 0, 0)")
    assert s.load_current() is None
    assert "could not be read back" in s.notice and "stages" in s.notice
    assert s._shared.db.execute("SELECT text FROM set_aside").fetchone()[0] == text
    s.close()


def test_untouched_is_only_the_names() -> None:
    draft = Draft(game="7wonders-1e", seats=[Seat(name="Ann"), Seat(name="Bob")])
    assert draft.untouched()
    draft.seats[1].board = "Gizah"
    assert not draft.untouched()
    draft.seats[1].board = ""
    draft.seats[0].typed["science"] = 4
    assert not draft.untouched()


def test_a_copy_is_equal_and_shares_nothing_an_edit_changes() -> None:
    """Every edit changes a copy of the saved draft (ui.edits.apply): whatever is changed in
    the copy, in any list or dict of any seat, the saved draft keeps what it held."""
    saved = Draft.from_table(FREE_CITY)
    before = saved.to_json()
    copy = saved.copy()
    assert copy == saved
    copy.expansions.append("leaders")
    for seat in copy.seats:
        seat.cards.append("Loom")
        seat.military["1"] = 9
        seat.choices["courtesan"] = "Caesar"
        seat.typed["science"] = 3
        seat.leaders.append("Caesar")
        seat.wonders.append("The Colossus")
        seat.progress.append("Law")
        seat.influence.append(2)
        assert seat.shields is not None
        seat.shields.append(7)
    assert saved.to_json() == before
