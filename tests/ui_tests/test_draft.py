"""The draft: a table file read in and written out again holds what the file said, and a
stored draft of the wrong shape is kept aside, not read into the app."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scorer import parse_table
from ui import model
from ui.app import make_main
from ui.draft import Draft, Seat, saved_json
from ui.edits import Hold, Refusal, SetEntry, SetSeat, apply
from ui.live import Change, tables_for
from ui.model import evaluate
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


def test_an_edit_of_one_seat_copies_that_seat_and_leaves_the_saved_draft_as_it_was() -> None:
    """A tap copies the one city it changes (`Draft.copy_seat`): the saved draft keeps what
    it held, in that seat and in every other one, and the other seats are shared as they
    are (never changed: an edit of them changes a copy of its own)."""
    saved = Draft.from_table(FREE_CITY)
    before = saved.to_json()
    for edit in (Hold(0, "Ann", "cards", "Loom", True), Hold(0, "Ann", "cards", "Altar", False),
                 SetSeat(1, "Bob", "coins", 9), SetEntry(1, "Bob", "military", "1", 2)):
        after = apply(saved, edit)
        assert not isinstance(after, Refusal)
        assert saved.to_json() == before
        assert after.seats[edit.seat] is not saved.seats[edit.seat]
        assert all(a is s for k, (a, s) in enumerate(zip(after.seats, saved.seats,
                                                         strict=True)) if k != edit.seat)
    loom = apply(saved, Hold(0, "Ann", "cards", "Loom", True))
    assert not isinstance(loom, Refusal) and loom.seats[0].cards == ["Altar", "Loom"]


def test_a_saved_draft_is_scored_by_what_it_was_saved_as(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store says which JSON each draft it wrote or read is (`saved_json`): the engine's
    verdict is found by it when a tap comes back to a state (a card on, off, on again),
    without the table written out again; a draft that was not saved (a copy an edit
    changes) has none, and is scored by its table."""
    tables = tables_for(store)
    rec = tables.host(Draft.from_table(FREE_CITY), "ann-phone")
    assert saved_json(rec.draft) == rec.draft.to_json()
    loom = Hold(0, "Ann", "cards", "Loom", True)
    on = tables.submit(rec.id, "ann-phone", loom)
    off = tables.submit(rec.id, "ann-phone", replace(loom, held=False))
    assert isinstance(on, Change) and isinstance(off, Change)
    read = store.live(rec.id)
    assert read is not None
    assert saved_json(off.game.draft) == saved_json(read.draft) == read.draft.to_json()
    assert saved_json(on.game.draft) != saved_json(off.game.draft)
    with_loom, without = evaluate(on.game.draft), evaluate(off.game.draft)
    fresh = off.game.draft.copy()
    assert saved_json(fresh) is None
    assert evaluate(fresh).totals == without.totals
    # the Loom (a grey card) gives no points: the totals agree, the verdicts are two
    assert with_loom is not without and with_loom.totals == without.totals

    def no_table(*_: object) -> None:
        raise AssertionError("the table written out again")
    monkeypatch.setattr(model, "_key", no_table)
    again = tables.submit(rec.id, "ann-phone", loom)
    assert isinstance(again, Change) and again.game.draft is not on.game.draft
    assert evaluate(again.game.draft) is with_loom
    assert evaluate(read.draft) is without  # read back from the store: the same
