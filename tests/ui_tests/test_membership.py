"""Who holds a game (issue 32): a device is a member of a game only by the game's own ways
in (its code, its address with the join step, the host's invitation); importing a history
file, opening a game from History or knowing its id never makes it one, and never changes
what another device sees. Only the host corrects a finished game, on every path. Every id
is public here: the tests use the ids an outsider can read (a /history/<id> address, the
play id sent to BG Stats)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import flet as ft
import pytest

from scorer import i18n
from scorer.history import Play, history_json, read_history
from ui.entry.edits import Refusal, SetSeat
from ui.entry.games import from_table, table_of
from ui.live.tables import Change, HostRefused, Tables, tables_for
from ui.store import history_db
from ui.store.store import LiveRecord, Store
from ui.text import strings as S

ROOT = Path(__file__).resolve().parents[2]
FOUR = "7wonders-1e-4p-full-game.json"  # Ann 62, Bob 82 (wins), Cid 33, Dan 35


def _table() -> dict[str, object]:
    table: dict[str, object] = json.loads((ROOT / "examples" / FOUR).read_text())
    return table


def _finished_game(store: Store) -> tuple[Tables, LiveRecord]:
    """Ann's phone hosts the 4-player example, Bob's phone joins it by its code, Ann
    finishes it: in both phones' histories."""
    tables = tables_for(store)
    rec = tables.host(from_table(_table()), "ann-phone")
    joined = tables.join(rec.code, "bob-phone", "192.168.1.21")
    assert isinstance(joined, LiveRecord)
    done = tables.finish(rec.id, "ann-phone", "Bob 82 · Ann 62 · Dan 35 · Cid 33", rec.version)
    assert isinstance(done, Change)
    return tables, done.game


def _play_of(game: LiveRecord, **changes: object) -> Play:
    """The game as an outsider writes it in a history file of its own: the public id, the
    same table (`changes` to the play: another id, another table)."""
    play = Play(game.id, game.draft.finished or 0.0, table_of(game.draft))
    return replace(play, **changes)  # type: ignore[arg-type]


def _names(store: Store, device: str, game_id: str) -> list[str]:
    got = store.for_owner(device).saved_game(game_id)
    assert got is not None
    return [s.name for s in got[1].seats]


def test_hostile_an_imported_finished_games_id_makes_no_member(store: Store) -> None:
    tables, game = _finished_game(store)
    mallory = store.for_owner("mallory-phone")
    # Mallory's file holds the game under its public id, with Ann's name changed
    table = table_of(game.draft)
    table["players"][0]["name"] = "Mallory"
    done = mallory.import_plays([_play_of(game), _play_of(game, table=table,
                                                          id="other-id")])
    assert done is not None and done.added == 2
    assert not store.is_member(game.id, "mallory-phone")
    assert store.for_owner("mallory-phone").saved_game(game.id) is None  # cannot read it
    # what Mallory renames is her own copy; the host's history is as Ann finished it
    mallory.rename_player("Ann", "Mallory")
    assert _names(store, "ann-phone", game.id) == ["Ann", "Bob", "Cid", "Dan"]
    assert tables.open(game.id, "mallory-phone") is None
    assert store.members(game.id) == ["ann-phone", "bob-phone"]


def test_hostile_an_imported_live_games_id_joins_nothing(store: Store) -> None:
    tables = tables_for(store)
    live = tables.host(from_table(_table()), "ann-phone")
    outsider = store.for_owner("mallory-phone")
    # a finished game in Mallory's file under the id of Ann's game in progress
    done = outsider.import_plays([Play(live.id, 1000.0, table_of(live.draft))])
    assert done is not None and done.added == 1
    assert not store.is_member(live.id, "mallory-phone")
    refused = tables.commit(live.id, "mallory-phone", SetSeat(0, "Ann", "coins", 1, (3,)))
    assert isinstance(refused, Refusal) and refused.code == "not-in-game"
    saved = store.live(live.id)
    assert saved is not None and saved.version == live.version  # nobody told "Ann's coins"
    assert saved.draft.seats[0].coins == live.draft.seats[0].coins


def test_hostile_a_visitors_import_hides_no_game_of_every_device(store: Store) -> None:
    operator = [Play(f"legacy-{i}", 1000.0 + i, _table()) for i in range(50)]
    assert store.import_plays(operator, everyone=True) is not None  # the operator's backup
    visitor = store.for_owner("visitor-phone")
    assert visitor.history_count() == 50
    done = visitor.import_plays(operator)  # a paste of the same legacy history
    assert done is not None and (done.added, done.already) == (0, 50)
    for device in ("ann-phone", "bob-phone", "visitor-phone"):
        assert store.for_owner(device).history_count() == 50


def test_hostile_opening_an_every_device_game_from_history_takes_nothing(
        store: Store) -> None:
    assert store.import_plays([Play("legacy-1", 1000.0, _table())], everyone=True)
    tables = tables_for(store)
    got = store.for_owner("visitor-phone").saved_game("legacy-1")
    assert got is not None
    opened = tables.open_finished(got[1], "visitor-phone", "10.0.0.7")
    assert not isinstance(opened, HostRefused)
    assert opened.id != "legacy-1" and opened.host == "visitor-phone"  # its own copy
    assert not store.is_member("legacy-1", "visitor-phone")
    assert store.for_owner("ann-phone").history_count() == 1  # still everyone's


def test_hostile_a_member_renames_no_player_of_a_finished_game(store: Store) -> None:
    _tables, game = _finished_game(store)
    bob = store.for_owner("bob-phone")
    done = bob.rename_player("Ann", "Mallory")
    assert (done.games, done.kept) == (0, 1)
    assert _names(store, "ann-phone", game.id) == ["Ann", "Bob", "Cid", "Dan"]
    assert "Mallory" not in {r.name for r in bob.result_rows()}
    # the host corrects it
    assert store.for_owner("ann-phone").rename_player("Ann", "Anna").games == 1
    assert _names(store, "bob-phone", game.id)[0] == "Anna"


def test_hostile_a_member_sets_no_place_or_note_of_a_finished_game(store: Store) -> None:
    _tables, game = _finished_game(store)
    assert not store.for_owner("bob-phone").set_play(game.id, "Mallory's", "rigged")
    (entry,) = store.for_owner("ann-phone").history_page(0, 5)
    assert (entry.place, entry.note) == ("", "")
    assert store.for_owner("ann-phone").set_play(game.id, "Ann's", "")


def test_hostile_a_member_undoes_nothing_in_a_finished_game(store: Store) -> None:
    tables = tables_for(store)
    rec = tables.host(from_table(_table()), "ann-phone")
    assert isinstance(tables.join(rec.code, "bob-phone", "192.168.1.21"), LiveRecord)
    changed = tables.commit(rec.id, "bob-phone", SetSeat(1, "Bob", "coins", 9, (
        rec.draft.seats[1].coins,)))
    assert isinstance(changed, Change)
    done = tables.finish(rec.id, "ann-phone", "", changed.game.version)
    assert isinstance(done, Change)
    refused = tables.revert(rec.id, "bob-phone", changed.game.version)
    assert isinstance(refused, Refusal) and refused.code == "host-corrects"
    assert store.live(rec.id).draft.seats[1].coins == 9  # type: ignore[union-attr]


def test_hostile_no_import_rewrites_a_finished_game(store: Store) -> None:
    _tables, game = _finished_game(store)
    table = table_of(game.draft)
    table["players"][1]["coins"] = 0
    for device in ("bob-phone", "mallory-phone"):  # a member, an outsider
        store.for_owner(device).import_plays([_play_of(game, table=table)])
    got = store.for_owner("ann-phone").saved_game(game.id)
    assert got is not None and got[1].seats[1].coins == game.draft.seats[1].coins


def test_hostile_an_import_file_round_trip_keeps_the_importers_copies(
        store: Store) -> None:
    _finished_game(store)
    text = history_json(store.for_owner("ann-phone").history_export()[0])
    plays, problems = read_history(json.loads(text))
    assert problems == []
    eve = store.for_owner("eve-phone")
    first = eve.import_plays([p.play for p in plays])
    again = eve.import_plays([p.play for p in plays])
    assert first is not None and again is not None
    assert (first.added, again.added, again.already) == (1, 0, 1)  # her copy, once
    assert eve.history_count() == 1 and store.for_owner("ann-phone").history_count() == 1


def test_hostile_imports_are_bounded_per_device(store: Store,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_db, "MAX_IMPORTED", 3)
    plays = [Play(f"g-{i}", 1000.0 + i, _table()) for i in range(5)]
    done = store.for_owner("eve-phone").import_plays(plays)
    assert done is not None and (done.added, done.over) == (3, 2)
    other = store.for_owner("fay-phone").import_plays(plays)  # another device: its own
    assert other is not None and other.added == 3


def test_hostile_imports_are_bounded_per_address(store: Store,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # devices cost nothing to mint: one address importing from new devices is bounded too
    monkeypatch.setattr(history_db, "MAX_IMPORTED", 3)
    monkeypatch.setattr(history_db, "IMPORTED_PER_ADDRESS", 4)
    plays = [Play(f"g-{i}", 1000.0 + i, _table()) for i in range(3)]
    eve = store.for_owner("eve-phone").import_plays(plays, address="203.0.113.9")
    assert eve is not None and (eve.added, eve.over, eve.over_here) == (3, 0, 0)
    # another device of the same address: 4 - 3 = 1 more, then the address is full
    minted = store.for_owner("minted-1").import_plays(plays, address="203.0.113.9")
    assert minted is not None and (minted.added, minted.over, minted.over_here) == (1, 0, 2)
    # one IPv6 household (one /64) is one address whichever of its addresses it uses
    v6 = [Play(f"h-{i}", 2000.0 + i, _table()) for i in range(5)]
    first = store.for_owner("v6-a").import_plays(v6[:3], address="2001:db8:1:2::a")
    second = store.for_owner("v6-b").import_plays(v6[3:], address="2001:db8:1:2::ff:1")
    assert first is not None and second is not None
    assert (first.added, second.added, second.over_here) == (3, 1, 1)  # 4 in all
    # another address is not held back by them
    fay = store.for_owner("fay-phone").import_plays(plays, address="198.51.100.3")
    assert fay is not None and (fay.added, fay.over_here) == (3, 0)
    # the address each imported game came from is kept with it (its key: the /64)
    with sqlite3.connect(store.path) as db:
        kept = dict(db.execute("SELECT address, count(*) FROM games GROUP BY address"))
    assert kept == {"203.0.113.9": 4, "2001:db8:1:2::/64": 4, "198.51.100.3": 3}


def test_hostile_an_import_past_the_address_bound_is_said() -> None:
    said = S.imports_over_here(2, history_db.IMPORTED_PER_ADDRESS)
    assert said == ("2 games not imported: one network keeps at most 10,000 imported "
                    "games.")
    with i18n.language("vi"):
        assert "mạng" in S.imports_over_here(2, 10_000)  # "network", through the catalogue


@pytest.mark.asyncio
async def test_hostile_a_members_games_page_offers_no_correction(store: Store) -> None:
    """A finished game's page on a member's phone (Bob joined Ann's game by its code) shows
    its place and note to read, says only the host's phone corrects them, and offers no
    Save: a walk typed "Café B" on Bob's phone, tapped Save, saw no word, and the place was
    gone after a reload (the store refused it, as it must). On the host's phone the same
    page keeps its fields and its Save."""
    from ui.app import make_main

    from .flet_client import Client

    _tables, game = _finished_game(store)
    assert store.for_owner("ann-phone").set_play(game.id, "Ann's", "Bob counted twice")
    bob = await Client(make_main(store), route="/history/" + game.id,
                       device="bob-phone").start()
    await bob.until("Bob counted twice")
    assert bob.has("Ann's") and bob.has(S.HOST_CORRECTS_PLAY, exact=True)
    assert not [c for c in bob.controls() if isinstance(c, ft.TextField)]
    with pytest.raises(AssertionError):
        bob.find("Save")
    ann = await Client(make_main(store), route="/history/" + game.id,
                       device="ann-phone").start()
    await ann.until("Log to BG Stats")
    assert not ann.has(S.HOST_CORRECTS_PLAY, exact=True)
    await ann.type("Place", "Ann's house")
    await ann.tap("Save")
    assert ann.has(S.SAVED, exact=True)  # said on the page Save was tapped on
    (entry,) = store.for_owner("bob-phone").history_page(0, 5)
    assert entry.place == "Ann's house"


def test_a_correction_keeps_the_plays_date_and_length(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host corrects a finished game a day later (renames Bob, then finishes again):
    the play keeps the time it ended and its length, and the corrected name is saved. A
    walk saw "23:09 · 1 min" become "23:10 · 3 min" after a rename (a correction the next
    day would have made a 40-minute game last a day), and BG Stats got the new length."""
    import time as clock

    from ui.entry.edits import RenamePlayer

    _tables, game = _finished_game(store)
    tables = tables_for(store)
    played = game.draft.finished
    assert played is not None
    (before,) = store.for_owner("ann-phone").history_page(0, 5)
    later = clock.time() + 86_400
    monkeypatch.setattr(clock, "time", lambda: later)  # the finish's clock, a day on
    renamed = tables.commit(game.id, "ann-phone", RenamePlayer(1, "Bob", "Robert"))
    assert isinstance(renamed, Change) and renamed.game.draft.finished is None  # unfinished
    done = tables.finish(game.id, "ann-phone", "Robert 82 · Ann 62 · Dan 35 · Cid 33",
                         renamed.game.version)
    assert isinstance(done, Change)
    assert done.game.draft.finished == played
    (after,) = store.for_owner("ann-phone").history_page(0, 5)
    assert (after.finished, after.duration_min) == (before.finished, before.duration_min)
    assert after.summary.startswith("Robert 82")


def test_hostile_names_typed_on_one_device_are_not_offered_to_another(store: Store) -> None:
    """New game's "Earlier players" are the device's own: names a stranger's device starts
    games with (here 20 insults) are never offered on another device's New game screen,
    and a device's rename changes only its own list. Before, the list was one for the
    whole server: any device filled every other's with its 20 names, and every table's
    players were shown to strangers."""
    tables = tables_for(store)
    ann = tables.host(from_table(_table()), "ann-phone")  # Ann, Bob, Cid, Dan
    assert isinstance(ann, LiveRecord)
    store.for_owner("ann-phone").remember(["Ann", "Bob", "Cid", "Dan"])
    store.for_owner("mallory-phone").remember([f"Insult {i}" for i in range(20)])
    assert sorted(store.for_owner("ann-phone").names()) == ["Ann", "Bob", "Cid", "Dan"]
    assert store.for_owner("eve-phone").names() == []
    assert len(store.for_owner("mallory-phone").names()) == 20
    store.for_owner("mallory-phone").rename_player("Ann", "Mallory")
    assert "Ann" in store.for_owner("ann-phone").names()
    # a device keeps a bounded list: its most recent names
    store.for_owner("mallory-phone").remember([f"More {i}" for i in range(200)])
    assert len(store.for_owner("mallory-phone").names(limit=1_000)) <= history_db.KEPT_NAMES


def test_hostile_a_device_deletes_a_shared_game_from_its_own_history_only(
        store: Store, tmp_path: Path) -> None:
    """Games the operator imported for every device (`python -m ui.store.backup import`)
    are every device's: a visitor's Delete takes one out of the visitor's history only, its
    Undo puts it back there, and nothing is purged at the next start. Before, the Delete
    marked the game deleted for every device and the next start removed it from the file:
    any phone could wipe the operator's history."""
    plays = [Play(f"shared-{i}", 1000.0 + i, _table()) for i in range(3)]
    assert store.import_plays(plays, everyone=True)
    visitor, other = store.for_owner("visitor-phone"), store.for_owner("ann-phone")
    assert visitor.history_count() == other.history_count() == 3
    visitor.delete_game("shared-1")
    assert visitor.history_count() == 2 and other.history_count() == 3
    assert "shared-1" not in {e.id for e in visitor.history_page(0, 10)}
    visitor.delete_game("shared-1", deleted=False)  # its Undo
    assert visitor.history_count() == 3
    visitor.delete_game("shared-2")
    path = store.path  # the same file, opened again: a restart
    again = Store(path)
    try:
        assert again.for_owner("ann-phone").history_count() == 3  # nothing purged
        assert again.for_owner("visitor-phone").history_count() == 2
    finally:
        again.close()


@pytest.mark.asyncio
async def test_hostile_a_refused_save_is_said_beside_what_was_typed(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's page, but the store refuses the place (the game's host changed between
    the page and the tap): the refusal is said while the typed place is still in its field
    (it was shown only once nothing was left to save, so never)."""
    from ui.app import make_main

    from .flet_client import Client

    _tables, game = _finished_game(store)
    ann = await Client(make_main(store), route="/history/" + game.id,
                       device="ann-phone").start()
    await ann.until("Log to BG Stats")
    monkeypatch.setattr(Store, "set_play", lambda self, *args: False)
    await ann.type("Place", "Ann's house")
    await ann.tap("Save")
    assert ann.has(S.HOST_CORRECTS, exact=True)
    assert ann.find("Place", ft.TextField).value == "Ann's house"  # kept as typed


@pytest.mark.asyncio
async def test_a_rename_on_the_players_page_reaches_the_game_opened_again(store: Store) -> None:
    """Ann renamed on her player page (in the host's words: "Anh Thư"): the game opened
    again from History shows the new name, and finishing a correction keeps it. Before, the
    game's record on the server kept "Ann": the table opened from History said "Ann", and
    the correction's Finish put "Ann" back in the history (a walk's finding)."""
    from ui.app import make_main

    from .flet_client import Client

    tables, game = _finished_game(store)
    ann = await Client(make_main(store), route="/players/Ann", device="ann-phone").start()
    await ann.until("Where the points come from (average a game)")
    await ann.type("New name", "Anh Thư")
    await ann.tap("Rename")
    assert _names(store, "ann-phone", game.id)[0] == "Anh Thư"
    saved = store.for_owner("ann-phone").saved_game(game.id)
    assert saved is not None
    opened = tables.open_finished(saved[1], "ann-phone")
    assert isinstance(opened, LiveRecord) and opened.id == game.id
    assert opened.draft.seats[0].name == "Anh Thư" and opened.draft.finished is not None
    # a correction, then Finish: the history keeps the new name
    fixed = tables.commit(game.id, "ann-phone", SetSeat(0, "Anh Thư", "coins", 8))
    assert isinstance(fixed, Change)
    done = tables.finish(game.id, "ann-phone", "", fixed.game.version)
    assert isinstance(done, Change)
    assert _names(store, "ann-phone", game.id)[0] == "Anh Thư"
    assert _names(store, "bob-phone", game.id)[0] == "Anh Thư"


@pytest.mark.asyncio
async def test_a_members_rename_that_renames_nothing_says_why_where_it_was_tapped(
        store: Store) -> None:
    """Bob's phone (a member) renames Bob on his player page: the only game is Ann's, which
    only her phone corrects, so nothing is renamed. The page stays, with the reason under
    the field; a walk saw the phone jump to an empty page of the new name, saying nothing."""
    from ui.app import make_main

    from .flet_client import Client

    _tables, game = _finished_game(store)
    bob = await Client(make_main(store), route="/players/Bob", device="bob-phone").start()
    await bob.until("Where the points come from (average a game)")
    await bob.type("New name", "Bob Lee")
    await bob.tap("Rename")
    assert bob.has(S.renamed_elsewhere(1), exact=True)
    assert bob.has("Where the points come from (average a game)")  # Bob's page, still
    assert _names(store, "bob-phone", game.id)[1] == "Bob"


def test_a_rename_on_the_players_page_is_no_correction_to_undo(store: Store) -> None:
    """The history's rename reaches the game's record as a change with no undo: taken back
    from the change list it made the finished game a correction (unfinished), while the
    history kept the new name (a review's finding). A name only another case of a player
    at the same table ("bob" beside Bob) is refused as both at one table: the record would
    refuse it, and a correction's Finish would put the old name back."""
    tables, game = _finished_game(store)
    ann = store.for_owner("ann-phone")
    assert ann.rename_player("Ann", "bob").together == (game.id,)
    done = ann.rename_player("Ann", "Anna")
    assert done.ids == (game.id,)
    renamed = tables.rename_in_game(game.id, "ann-phone", "Ann", "Anna")
    assert isinstance(renamed, Change) and renamed.undo is None
    assert renamed.game.closed and renamed.game.draft.finished is not None
    logged = tables.changes(game.id, "ann-phone")[0]
    assert logged.undo == ""
    # an outsider who knows the id renames nothing
    assert not isinstance(tables.rename_in_game(game.id, "mallory", "Anna", "Mal"), Change)


@pytest.mark.asyncio
async def test_a_rename_reaches_a_game_in_correction_at_once_and_a_finished_one_when_opened(
        store: Store) -> None:
    """A rename on a player's page rewrites no finished record on the tap (years of games
    are not rewritten at once): the record follows its history when it is opened again. A
    game being corrected (opened again, changed, not finished yet) is renamed at once, told
    to its phones, and its Finish keeps the new name."""
    from ui.app import make_main

    from .flet_client import Client

    tables, game = _finished_game(store)
    before = store.live(game.id)
    assert before is not None
    ann = await Client(make_main(store), route="/players/Bob", device="ann-phone").start()
    await ann.until("Where the points come from (average a game)")
    await ann.type("New name", "Robert")
    await ann.tap("Rename")
    kept = store.live(game.id)
    assert kept is not None and kept.version == before.version  # not rewritten on the tap
    saved = store.for_owner("ann-phone").saved_game(game.id)
    assert saved is not None
    opened = tables.open_finished(saved[1], "ann-phone")
    assert isinstance(opened, LiveRecord) and opened.draft.seats[1].name == "Robert"
    # in correction: Cid's coins changed, then Cid renamed on his page: at once
    fixed = tables.commit(game.id, "ann-phone", SetSeat(2, "Cid", "coins", 9))
    assert isinstance(fixed, Change) and not fixed.game.closed
    await ann.go("/players/Cid")
    await ann.until("Where the points come from (average a game)")
    await ann.type("New name", "Cyd")
    await ann.tap("Rename")
    now = store.live(game.id)
    assert now is not None and now.draft.seats[2].name == "Cyd"
    done = tables.finish(game.id, "ann-phone", "", now.version)
    assert isinstance(done, Change)
    assert _names(store, "bob-phone", game.id)[1:3] == ["Robert", "Cyd"]


def test_a_rename_reaches_a_correction_begun_on_the_finished_game_still_open(
        store: Store) -> None:
    """The host renames Bob on his player page while the finished game is still open on
    the phone (not opened again from History), then corrects Cid's coins there and
    finishes again: the history keeps "Robert". A walk's host saw "Khoa Lê" go back to
    "Khoa", without a word: the correction began on the record's old names."""
    tables, game = _finished_game(store)
    assert store.for_owner("ann-phone").rename_player("Bob", "Robert").ids == (game.id,)
    fixed = tables.commit(game.id, "ann-phone", SetSeat(2, "Cid", "coins", 9))
    assert isinstance(fixed, Change) and not fixed.game.closed
    assert [s.name for s in fixed.game.draft.seats][1] == "Robert"
    done = tables.finish(game.id, "ann-phone", "", fixed.game.version)
    assert isinstance(done, Change)
    assert _names(store, "ann-phone", game.id)[1] == "Robert"
    assert _names(store, "bob-phone", game.id)[1] == "Robert"


def test_a_corrections_first_edit_to_a_renamed_player_is_made_not_refused(
        store: Store) -> None:
    """The host's phone still shows "Bob" when Bob, renamed Robert in History, is the
    seat of the correction's first change: the change is made to Robert's coins (a
    review: it was refused as "seats moved" and had to be typed again)."""
    tables, game = _finished_game(store)
    assert store.for_owner("ann-phone").rename_player("Bob", "Robert").ids == (game.id,)
    fixed = tables.commit(game.id, "ann-phone", SetSeat(1, "Bob", "coins", 9))
    assert isinstance(fixed, Change), fixed
    robert = fixed.game.draft.seats[1]
    assert robert.name == "Robert" and robert.coins == 9


def test_hostile_devices_that_hide_a_shared_game_are_bounded(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A device is a key its browser makes: one address minting keys, each taking every
    shared game out of its history, would fill the file without end. At most
    `SHARED_HIDDEN_MOST` devices hide one shared game (here 2): the next is refused, said,
    and keeps the game; an Undo frees its place. A device's own game is never bounded."""
    from ui.store import store as store_module

    monkeypatch.setattr(store_module, "SHARED_HIDDEN_MOST", 2)
    assert store.import_plays([Play("shared-0", 1000.0, _table())], everyone=True)
    assert store.for_owner("minted-1").delete_game("shared-0") == "done"
    assert store.for_owner("minted-2").delete_game("shared-0") == "done"
    third = store.for_owner("minted-3")
    assert third.delete_game("shared-0") == "full"
    assert third.history_count() == 1  # kept in its history
    assert store.for_owner("minted-1").delete_game("shared-0", deleted=False) == "done"
    assert third.delete_game("shared-0") == "done"
    assert third.history_count() == 0
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM shared_hidden").fetchone()[0] == 2
    # a game of the device's own (a member's) is hidden whatever the bound
    _tables, game = _finished_game(store)
    assert store.for_owner("bob-phone").delete_game(game.id) == "done"


def test_hostile_an_address_minting_devices_hides_a_bounded_number_of_shared_games(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shared games hidden are counted per client address (here 2 from one address): keys
    minted at one address fill no more, and a phone at another address still hides the
    game (the bound per game alone let one address keep every phone from hiding it)."""
    from ui.store import store as store_module

    monkeypatch.setattr(store_module, "SHARED_HIDDEN_PER_ADDRESS", 2)
    assert store.import_plays([Play("shared-0", 1000.0, _table())], everyone=True)
    minted = [store.for_owner(f"minted-{i}") for i in range(3)]
    assert [m.delete_game("shared-0", address="198.51.100.7") for m in minted] == [
        "done", "done", "full"]
    assert minted[2].history_count() == 1  # kept, said
    assert store.for_owner("ann-phone").delete_game(
        "shared-0", address="203.0.113.9") == "done"


@pytest.mark.asyncio
async def test_hostile_a_refused_correction_is_not_said_again_on_history(store: Store) -> None:
    """Bob, a member, opens the finished game from History and taps a + on a city: refused,
    said where he tapped. Back on History, the refusal was still there at its top (a walk),
    over games it was not about. It is the game's: said on the game's screens only."""
    from ui.app import make_main

    from .flet_client import Client

    _finished_game(store)
    bob = await Client(make_main(store), route="/history", device="bob-phone").start()
    await bob.until("Open")
    await bob.tap("Open")
    await bob.go("/game/player/0")
    assert bob.has(S.HOST_CORRECTS, exact=True)  # said before any tap: the host's to correct
    minus, plus = bob.step_button("Coins", -1), bob.step_button("Coins", 1)
    assert minus is not None
    await bob.tap_control(plus)
    assert S.HOST_CORRECTS in bob.snacks()  # and the refusal where the tap was made
    await bob.go("/history")
    await bob.until("Open")
    # the brief note at the foot may still say it (it goes in seconds); nothing else does
    in_note = bob.snacks().count(S.HOST_CORRECTS)
    assert bob.texts().count(S.HOST_CORRECTS) == in_note, bob.texts()
