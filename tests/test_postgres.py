"""The store on PostgreSQL (a throwaway cluster started by tools/cluster.py, one fresh
database per test), and two `Tables` on two connections standing for two processes: no lost
update, one open game per join code, failed joins counted by all, changes heard across.

The PostgreSQL binaries are required: without them these tests fail (tests/conftest.py)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import psycopg
import pytest

from ui.entry.draft import Draft
from ui.entry.edits import AddPlayer, Refusal, SetSeat, from_json
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import FAILED_JOINS, Change, JoinRefused, Tables
from ui.store.schema import LATEST
from ui.store.store import Store


def draft(*names: str) -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name=n) for n in names])


def two_processes(url: str) -> tuple[Tables, Tables]:
    """Two processes' game tables: each its own connection and its own cache."""
    return Tables(Store(url=url)), Tables(Store(url=url))


def test_postgres_store_keeps_each_devices_game_and_history(pg_url: str) -> None:
    s = Store(url=pg_url)
    assert s.shared
    a, b = s.for_owner("a"), s.for_owner("b")
    a.save_current(draft("Ann"))
    b.save_current(draft("Bob"))
    assert [x.name for x in a.load_current().seats] == ["Ann"]  # type: ignore[union-attr]
    assert [x.name for x in b.load_current().seats] == ["Bob"]  # type: ignore[union-attr]
    assert s.for_owner("c").load_current() is None
    a.save_current(None)
    assert a.load_current() is None and b.load_current() is not None
    a.save_game(draft("Ann"), "Ann 1")
    assert [g.summary for g in a.games()] == ["Ann 1"] and b.games() == []
    gid = a.games()[0].id
    a.delete_game(gid)
    assert a.games() == []
    a.delete_game(gid, deleted=False)
    assert [g.summary for g in a.games()] == ["Ann 1"]
    s.remember(["Ann", "Bob", "E" * 5000])
    assert sorted(s.names()) == ["Ann", "Bob"]  # a name past the format's limit: not kept
    assert s.notice == ""
    s.close()


def test_postgres_history_rows_and_statistics(pg_url: str) -> None:
    """The history on PostgreSQL: a finished game's per-player rows, its page, a rename."""
    s = Store(url=pg_url).for_owner("a")
    game = replace(draft("Ann", "Bob"), finished=time.time())
    s.save_game(game, "Ann 0 · Bob 0")
    assert s.history_count() == 1
    [entry] = s.history_page(0, 20)
    assert entry.id == game.id and entry.summary == "Ann 0 · Bob 0"
    assert s.set_play(game.id, "Club", "a note")
    assert s.saved_game(game.id)[0].place == "Club"  # type: ignore[index]
    assert s.saved_game(game.id)[0].corrects  # type: ignore[index]  # its own game
    assert s.rename_player("Bob", "Robert").games in (0, 1)
    assert [p.id for p in s.history_export()[0]] == [game.id]
    s.close()


def test_postgres_timestamps_keep_their_precision(pg_url: str) -> None:
    """DOUBLE PRECISION, not PostgreSQL's 4-byte REAL: a game's time to the millisecond."""
    s = Store(url=pg_url).for_owner("a")
    rec = s.host_game(draft("Ann"), "a")
    assert s.live(rec.id).touched == pytest.approx(rec.touched, abs=1e-3)  # type: ignore[union-attr]
    s.close()


def test_postgres_schema_is_migrated_once_by_processes_starting_together(pg_url: str) -> None:
    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _n: Store(url=pg_url), range(4)))
    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]
    for s in stores:
        assert s.notice == ""
        s.close()


def test_postgres_save_is_compare_and_set(pg_url: str) -> None:
    one, two = Store(url=pg_url), Store(url=pg_url)
    rec = one.host_game(draft("Ann", "Bob"), "a")
    mine = replace(rec, version=2, touched=time.time())
    theirs = replace(rec, draft=draft("Ann", "Bob", "Eve"), version=2, touched=time.time())
    assert two.save_live(theirs)
    assert not one.save_live(mine)  # saved from version 1, which is gone
    assert one.live(rec.id).draft.seats[2].name == "Eve"  # type: ignore[union-attr]
    one.close()
    two.close()


def test_postgres_two_processes_editing_one_game_lose_nothing(pg_url: str) -> None:
    """The issue's reproduction: process A sets Ann's coins to 99 while process B adds Eve;
    both changes are in the stored game, with versions 2 and 3 (not both 2)."""
    a, b = two_processes(pg_url)
    rec = a.host(draft("Ann", "Bob", "Cid"), "host")
    b.store.add_member(rec.id, "eve-phone")
    assert b.open(rec.id, "eve-phone") is not None  # B has the game at version 1 too
    assert not isinstance(a.commit(rec.id, "host", SetSeat(0, "Ann", "coins", 99)), Refusal)
    added = b.commit(rec.id, "eve-phone", AddPlayer("Eve"))
    assert isinstance(added, Change)
    stored = Store(url=pg_url).live(rec.id)
    assert stored is not None and stored.version == 3
    assert [s.name for s in stored.draft.seats] == ["Ann", "Bob", "Cid", "Eve"]
    assert stored.draft.seats[0].coins == 99
    with psycopg.connect(pg_url) as db:
        logged = db.execute("SELECT version FROM edits WHERE game = %s ORDER BY version",
                            (rec.id,)).fetchall()
    assert logged == [(2,), (3,)]


def test_postgres_undo_of_a_change_made_again_is_of_the_newest_game(pg_url: str) -> None:
    """Process B's edit loses the compare-and-set to A's and is made again to the newest
    game (row locked): its logged undo and the seat its phone held are of that game, so
    undoing B's change brings back A's 99, not the 0 B first read (issue 21 on issue 19)."""
    a, b = two_processes(pg_url)
    rec = a.host(draft("Ann", "Bob"), "host")
    b.store.add_member(rec.id, "bob-phone")
    assert b.open(rec.id, "bob-phone") is not None  # B has the game at version 1
    assert isinstance(a.claim(rec.id, "host", "Ann"), Change)  # v2
    assert not isinstance(a.commit(rec.id, "host", SetSeat(0, "Ann", "coins", 99)),
                          Refusal)  # v3
    made = b.commit(rec.id, "bob-phone", SetSeat(0, "Ann", "coins", 7))
    assert isinstance(made, Change) and made.game.version == 4
    assert made.undo is not None and made.undo.version == 4
    steps = made.undo.steps
    assert len(steps) == 1 and isinstance(steps[0], SetSeat) and steps[0].value == 99
    logged = a.store.change(rec.id, 4)
    assert logged is not None and logged.device == "bob-phone"
    assert from_json(logged.undo) == made.undo
    mine = a.store.change(rec.id, 3)
    assert mine is not None and mine.phone == "Ann"  # the host's phone held Ann's seat then
    undone = b.revert(rec.id, "bob-phone", 4)  # B takes its change back
    assert isinstance(undone, Change) and undone.game.draft.seats[0].coins == 99


def test_postgres_an_edit_refused_on_an_old_copy_is_judged_on_the_newest_game(
        pg_url: str) -> None:
    """Process B holds the game at version 1 (it heard no note: not listening) while A
    saves Ann's coins 99; a phone shown 99 (on A, or on B after a reload) sets 5 over it: B
    must judge that edit on the newest game, not refuse it as stale on its old copy."""
    a, b = two_processes(pg_url)
    rec = a.host(draft("Ann", "Bob"), "host")
    b.store.add_member(rec.id, "bob-phone")
    assert b.open(rec.id, "bob-phone") is not None  # B's copy: version 1, coins 0
    assert not isinstance(a.commit(rec.id, "host", SetSeat(0, "Ann", "coins", 99)), Refusal)
    made = b.commit(rec.id, "bob-phone", SetSeat(0, "Ann", "coins", 5, was=(99,)))
    assert isinstance(made, Change), made
    assert made.game.draft.seats[0].coins == 5 and made.game.version == 3
    # and an edit really made over an old value is still refused
    late = b.commit(rec.id, "bob-phone", SetSeat(0, "Ann", "coins", 6, was=(99,)))
    assert isinstance(late, Refusal) and late.code == "stale"


def test_postgres_many_concurrent_edits_from_two_processes_all_kept(pg_url: str) -> None:
    """Two processes, each 20 edits of its own fields at once: every edit is in the game
    and the versions count every one (1 + 40)."""
    a, b = two_processes(pg_url)
    rec = a.host(draft("Ann", "Bob"), "host")
    b.store.add_member(rec.id, "bob-phone")

    def edits(tables: Tables, device: str, seat: int, name: str) -> list[object]:
        return [tables.commit(rec.id, device, SetSeat(seat, name, "coins", n))
                for n in range(1, 21)]
    with ThreadPoolExecutor(2) as pool:
        got = list(pool.map(lambda args: edits(*args),
                            [(a, "host", 0, "Ann"), (b, "bob-phone", 1, "Bob")]))
    assert all(isinstance(x, Change) for run in got for x in run)
    stored = Store(url=pg_url).live(rec.id)
    assert stored is not None and stored.version == 41
    assert [s.coins for s in stored.draft.seats] == [20, 20]


def test_postgres_join_codes_unique_across_processes(pg_url: str) -> None:
    one, two = Store(url=pg_url), Store(url=pg_url)
    codes = [s.host_game(draft("Ann"), f"d{k}").code for k in range(30)
             for s in (one, two)]
    assert len(set(codes)) == len(codes)
    # and the database refuses a second open game with a code already open
    with psycopg.connect(pg_url) as db, pytest.raises(psycopg.errors.UniqueViolation):
        db.execute("INSERT INTO live (id, code, host, draft, claims, version, touched) "
                   "VALUES ('x', %s, 'h', '{}', '{}', 1, 0)", (codes[0],))


def test_postgres_failed_joins_are_counted_across_processes(pg_url: str) -> None:
    a, b = two_processes(pg_url)
    rec = a.host(draft("Ann", "Bob"), "host")
    for k in range(FAILED_JOINS):  # wrong codes, alternately on each process
        assert isinstance((a, b)[k % 2].join("XXXX", "stranger", "10.0.0.9"), JoinRefused)
    # the right code now: refused on either process, the address tried too often
    assert isinstance(a.join(rec.code, "stranger", "10.0.0.9"), JoinRefused)
    assert isinstance(b.join(rec.code, "stranger", "10.0.0.9"), JoinRefused)
    assert not isinstance(b.join(rec.code, "friend", "10.0.0.10"), JoinRefused)  # another address


class Hub:
    """Stands for a process's Flet hub: what it is asked to publish, and when."""

    def __init__(self) -> None:
        self.got: list[tuple[float, str, Any]] = []
        self.heard = threading.Event()

    def send_all_on_topic(self, topic: str, message: Any) -> None:
        self.got.append((time.perf_counter(), topic, message))
        self.heard.set()


def test_postgres_a_change_is_heard_by_the_other_process_within_a_second(pg_url: str) -> None:
    a, b = two_processes(pg_url)
    hub = Hub()
    b.publish_with(hub)
    b.listen()
    try:
        rec = a.host(draft("Ann", "Bob"), "host")
        b.store.add_member(rec.id, "bob-phone")
        assert b.open(rec.id, "bob-phone") is not None  # a phone there shows the game
        time.sleep(0.3)  # the listener has connected
        sent = time.perf_counter()
        assert isinstance(a.commit(rec.id, "host", SetSeat(0, "Ann", "coins", 7)), Change)
        assert hub.heard.wait(1.0), "no change heard within 1 s"
        at, topic, change = hub.got[0]
        assert at - sent < 1.0 and topic == f"wonders.game.{rec.id}"
        assert isinstance(change, Change) and change.game.version == 2
        assert change.game.draft.seats[0].coins == 7 and change.kind == "edit"
        assert change.text == "Ann's coins changed to 7 on the host's phone" or change.text
        assert b.open(rec.id, "bob-phone").version == 2  # type: ignore[union-attr]
    finally:
        b.stop_listening()


def test_postgres_own_changes_are_not_published_twice(pg_url: str) -> None:
    (a, _) = two_processes(pg_url)
    hub = Hub()
    a.publish_with(hub)
    a.listen()
    try:
        rec = a.host(draft("Ann"), "host")
        time.sleep(0.3)
        a.commit(rec.id, "host", SetSeat(0, "Ann", "coins", 3))
        time.sleep(0.5)
        assert hub.got == []  # the session that made it told its game's phones already
    finally:
        a.stop_listening()


def test_postgres_a_lost_connection_is_made_again(pg_url: str) -> None:
    s = Store(url=pg_url).for_owner("a")
    s.save_current(draft("Ann"))
    with psycopg.connect(pg_url, autocommit=True) as db:  # the database drops the link
        db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                   "datname = current_database() AND pid <> pg_backend_pid()")
    assert [x.name for x in s.load_current().seats] == ["Ann"]  # type: ignore[union-attr]
    assert s.notice == ""
    s.close()


def test_postgres_app_commits_with_the_group_commit(pg_url: str) -> None:
    # the test cluster turns it off server-wide (tools/cluster.py, fsync=False): the
    # source says the app's own session set it, as it does on a production server
    store = Store(url=pg_url)
    try:
        row = store._shared.db.execute(
            "SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'"
        ).fetchone()
        assert tuple(row) == ("off", "session")
    finally:
        store.close()


def test_postgres_migration_10_keeps_every_saved_game(pg_url: str) -> None:
    """A database of schema 9 (the app before games recorded their client address) is
    brought to the latest by the same numbered migration as a SQLite file, nothing lost."""
    from ui.store.db import PostgresTx

    from .test_migrations import check_addresses_migrated, saved_before_addresses_at_9
    with psycopg.connect(pg_url, autocommit=True) as db, db.transaction():
        finished, playing = saved_before_addresses_at_9(PostgresTx(db))
    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(9,)]
    s = Store(url=pg_url)
    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(LATEST,)]
    check_addresses_migrated(s, finished, playing)
    s.close()
