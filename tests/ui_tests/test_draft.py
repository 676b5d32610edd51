"""The draft: a table file read in and written out again holds what the file said, and a
stored draft of the wrong shape is kept aside, not read into the app."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, replace
from pathlib import Path
from typing import Any

import pytest

from scorer import parse_table
from ui.app import make_main
from ui.entry.edits import Hold, Refusal, SetEntry, SetSeat, apply
from ui.entry.games import as_duel, as_seven_wonders, from_table, read_draft, table_of
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import Change, tables_for
from ui.session import verdicts
from ui.session.verdicts import evaluate
from ui.store.store import Store

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
    draft = from_table(FREE_CITY)
    assert table_of(draft) == FREE_CITY
    assert table_of(read_draft(draft.to_json())) == FREE_CITY


def test_duel_table_with_nulls_round_trip() -> None:
    draft = from_table(DUEL_NULLS)
    back = table_of(draft)
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
    assert as_duel(saved).conflict_toward == ""


def test_play_again_keeps_the_free_city() -> None:
    again = as_seven_wonders(from_table(FREE_CITY)).fresh_copy()
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
    seat = as_seven_wonders(read_draft(stored(old))).seats[0]
    assert (seat.stages, seat.cards, seat.military) == (1, ["Altar"], {"1": 1})


@pytest.mark.parametrize("seat", [{"name": "Ann", "stages": "x"}, {"name": "Ann", "coins": None},
                                  {"name": "Ann", "cards": "Altar"}, {"name": "Ann", "zzz": 1}])
def test_a_stored_draft_of_the_wrong_shape_is_refused(seat: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        read_draft(stored(seat))


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
    draft = SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name="Ann"),
                                                         SevenWondersSeat(name="Bob")])
    assert draft.untouched()
    assert not draft.with_seat(1, replace(draft.seats[1], board="Gizah")).untouched()
    assert not draft.with_seat(0, replace(draft.seats[0], typed={"science": 4})).untouched()


def test_a_draft_is_a_frozen_value_and_equal_drafts_are_one_key() -> None:
    """Nothing changes a draft or a seat: a change makes a new value (`replace`); a draft
    read back from its JSON equals it and hashes the same (the verdicts' key)."""
    saved = from_table(FREE_CITY)
    with pytest.raises(FrozenInstanceError):
        saved.seats[0].coins = 9  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        saved.finished = 1.0  # type: ignore[misc]
    read = read_draft(saved.to_json())
    assert read == saved and read is not saved and hash(read) == hash(saved)
    assert {(saved, "en"): 1}[(read, "en")] == 1
    richer = saved.with_seat(0, replace(saved.seats[0], coins=saved.seats[0].coins + 1))
    assert richer != saved and hash(richer) != hash(saved)
    assert saved.seats[1] is richer.seats[1]  # the other seats are shared, never changed
    ann = as_seven_wonders(saved).seats[0]
    same_city = replace(ann, military=dict(reversed(ann.military.items())))
    assert hash(saved.with_seat(0, same_city)) == hash(saved)  # a dict in any order


def test_an_edit_of_one_seat_copies_that_seat_and_leaves_the_saved_draft_as_it_was() -> None:
    """A tap makes a new value of the one city it changes (`Draft.with_seat`): the saved
    draft keeps what it held, in that seat and in every other one, and the other seats are
    shared as they are (frozen: an edit of them makes a new one)."""
    saved = from_table(FREE_CITY)
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


def test_a_draft_is_scored_once_whatever_object_holds_it(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """One cache of verdicts, keyed on the frozen draft (and the language): a tap that comes
    back to a state (a card on, off, on again) and a draft read back from the store find
    the verdict without the engine asked again."""
    tables = tables_for(store)
    rec = tables.host(from_table(FREE_CITY), "ann-phone")
    loom = Hold(0, "Ann", "cards", "Loom", True)
    on = tables.commit(rec.id, "ann-phone", loom)
    off = tables.commit(rec.id, "ann-phone", replace(loom, held=False))
    assert isinstance(on, Change) and isinstance(off, Change)
    read = store.live(rec.id)
    assert read is not None and read.draft == off.game.draft
    with_loom, without = evaluate(on.game.draft), evaluate(off.game.draft)
    # the Loom (a grey card) gives no points: the totals agree, the verdicts are two
    assert with_loom is not without and with_loom.totals == without.totals

    def no_engine(*_: object) -> None:
        raise AssertionError("the engine asked again")
    monkeypatch.setattr(verdicts, "_evaluate", no_engine)
    again = tables.commit(rec.id, "ann-phone", loom)
    assert isinstance(again, Change) and again.game.draft is not on.game.draft
    assert evaluate(again.game.draft) is with_loom
    assert evaluate(read.draft) is without  # read back from the store: the same
