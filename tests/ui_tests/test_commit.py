"""One way a change reaches a game in progress: `Tables.commit` checks the edit against the
table's bounds and the saved values, saves it with its undo, and publishes it; a refusal is
neither saved nor published. The phone's taps, the note's Undo and the change list's undo
all go through it."""

from __future__ import annotations

import pytest

from ui.entry.edits import Edit, Refusal, Revert, SetSeat, from_json, to_json
from ui.entry.games import from_table
from ui.live.tables import Change, Tables, tables_for
from ui.session.model import AppModel
from ui.store.store import Store

from .game_data import TABLE


def _game(store: Store) -> tuple[Tables, str]:
    tables = tables_for(store)
    rec = tables.host(from_table(TABLE), "ann-phone")
    return tables, rec.id


def test_commit_saves_logs_and_publishes_once(store: Store) -> None:
    tables, game = _game(store)
    told: list[Change] = []
    edit = SetSeat(0, "Ann", "coins", 9, (7,))  # game_data: Ann has 7 coins
    out = tables.commit(game, "ann-phone", edit, told.append)
    assert isinstance(out, Change)
    assert told == [out]  # published once, the saved game itself
    saved = store.live(game)
    assert saved is not None and saved == out.game and saved.version == 2
    assert saved.draft.seats[0].coins == 9 and out.before.draft.seats[0].coins == 7
    logged = store.changes(game)
    assert [c.version for c in logged] == [2]
    assert from_json(logged[0].edit) == edit
    assert out.undo is not None and to_json(out.undo) == logged[0].undo
    assert out.undo.steps == (SetSeat(0, "Ann", "coins", 7, (9,)),)


@pytest.mark.parametrize("edit,code", [
    (SetSeat(0, "Ann", "coins", 10_001), "bad-value"),  # field_bounds: at most 10,000 coins
    (SetSeat(0, "Ann", "board", "Atlantis"), "bad-value"),  # no such board in the game
    (SetSeat(0, "Ann", "coins", 3, (5,)), "stale"),  # saved: 7, not the 5 it was made over
    (SetSeat(0, "Bob", "coins", 3), "seats-moved"),  # Ann sits at seat 0, not Bob
], ids=["bounds", "unknown-board", "stale", "seats-moved"])
def test_commit_refuses_without_saving_or_publishing(store: Store, edit: Edit,
                                                     code: str) -> None:
    tables, game = _game(store)
    told: list[Change] = []
    out = tables.commit(game, "ann-phone", edit, told.append)
    assert isinstance(out, Refusal) and out.code == code
    assert told == []
    saved = store.live(game)
    assert saved is not None and saved.version == 1 and saved.draft.seats[0].coins == 7
    assert store.changes(game) == []


def test_commit_by_a_stranger_changes_nothing(store: Store) -> None:
    tables, game = _game(store)
    told: list[Change] = []
    out = tables.commit(game, "mallory-phone", SetSeat(0, "Ann", "coins", 1), told.append)
    assert isinstance(out, Refusal) and out.code == "not-in-game" and told == []
    assert store.changes(game) == []


def test_commit_of_an_undo_from_the_log_is_published_too(store: Store) -> None:
    tables, game = _game(store)
    told: list[Change] = []
    first = tables.commit(game, "ann-phone", SetSeat(0, "Ann", "coins", 9), told.append)
    assert isinstance(first, Change)
    back = tables.revert(game, "ann-phone", first.game.version, told.append)
    assert isinstance(back, Change) and isinstance(back.edit, Revert)
    assert told == [first, back]
    assert back.game.draft.seats[0].coins == 7 and back.game.version == 3


def test_commit_every_change_of_the_phone_goes_through_it(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tap, the note's Undo and the change list's undo: each one commit, each with the
    session's publisher."""
    tables, game = _game(store)
    seen: list[tuple[Edit, bool]] = []
    real = Tables.commit

    def counted(self: Tables, game_id: str, device: str, edit: Edit,
                publish: object = None) -> Change | Refusal:
        seen.append((edit, publish is not None))
        return real(self, game_id, device, edit, publish)  # type: ignore[arg-type]
    monkeypatch.setattr(Tables, "commit", counted)
    model = AppModel(store=store.for_owner("ann-phone"), device="ann-phone")
    rec = tables.open(game, "ann-phone")
    assert rec is not None
    model.open_game(rec)
    model.edit(SetSeat(0, "Ann", "coins", 9, (7,)))  # a tap
    model.take_back()  # the note's Undo
    assert model.draft is not None and model.draft.seats[0].coins == 7
    model.undo(3)  # the change list: the undo of version 3 (a redo)
    assert model.draft is not None and model.draft.seats[0].coins == 9
    assert [type(e).__name__ for e, _ in seen] == ["SetSeat", "Revert", "Revert"]
    assert all(published for _, published in seen)
    assert [c.version for c in store.changes(game)] == [4, 3, 2]
