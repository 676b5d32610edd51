"""The store's group commit (ui/store/db.py `WalFlusher`): a change is made durable (its WAL
fsynced) within `DURABLE_WITHIN_S` of its commit, the changes of one window share one fsync,
and closing flushes what is left. The kill -9 side of the promise (nothing acknowledged lost
when the app dies) is tests/test_store_server.py's."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store.db import DURABLE_WITHIN_S, SqliteDatabase, WalFlusher
from ui.store.store import Store

SLACK_S = 0.25
"""A loaded test machine's lateness of a thread's wake-up, on top of the window."""


class Recorded:
    """A fake fsync: when, and of which file, each call came."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, Path]] = []
        self.came = threading.Event()

    def __call__(self, path: Path) -> None:
        self.calls.append((time.monotonic(), path))
        self.came.set()


def test_the_window_is_a_fraction_of_a_second() -> None:
    assert 0.25 <= DURABLE_WITHIN_S <= 0.5


def test_a_write_is_made_durable_within_the_window(tmp_path: Path) -> None:
    sync = Recorded()
    flusher = WalFlusher(tmp_path / "g.sqlite3-wal", within=0.2, sync=sync)
    try:
        written = time.monotonic()
        flusher.written()
        assert sync.came.wait(0.2 + SLACK_S)
        (at, path), = sync.calls
        assert path == tmp_path / "g.sqlite3-wal"
        # not before the window (that is what lets changes share it), not much after
        assert 0.2 - 0.01 <= at - written <= 0.2 + SLACK_S
    finally:
        flusher.close()
    assert len(sync.calls) == 1  # nothing left to flush at the close


def test_the_changes_of_one_window_share_one_fsync(tmp_path: Path) -> None:
    sync = Recorded()
    flusher = WalFlusher(tmp_path / "w", within=0.3, sync=sync)
    try:
        for _ in range(20):
            flusher.written()
            time.sleep(0.005)  # 20 changes in ~0.1 s: one window
        assert sync.came.wait(0.3 + SLACK_S)
        time.sleep(0.3 + SLACK_S)  # no second fsync follows: nothing was written since
        assert len(sync.calls) == 1
        # a change after the flush has a window of its own
        sync.came.clear()
        flusher.written()
        assert sync.came.wait(0.3 + SLACK_S)
        assert len(sync.calls) == 2
    finally:
        flusher.close()


def test_nothing_written_means_no_fsync(tmp_path: Path) -> None:
    sync = Recorded()
    flusher = WalFlusher(tmp_path / "w", within=0.05, sync=sync)
    time.sleep(0.2)
    flusher.close()
    assert sync.calls == []


def test_close_flushes_the_last_window_at_once(tmp_path: Path) -> None:
    sync = Recorded()
    flusher = WalFlusher(tmp_path / "w", within=30.0, sync=sync)
    flusher.written()
    started = time.monotonic()
    flusher.close()
    assert len(sync.calls) == 1 and sync.calls[0][0] - started < 1.0  # not 30 s later
    flusher.close()  # twice is harmless
    assert len(sync.calls) == 1


def test_the_stores_saves_go_through_the_flusher_to_its_wal(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite3")
    shared = store._shared
    assert isinstance(shared, SqliteDatabase)
    sync = Recorded()
    shared.flusher.sync = sync
    store.for_owner("a").save_current(SevenWondersDraft(game="7wonders-1e",
                                                        seats=[SevenWondersSeat(name="Ann")]))
    assert sync.came.wait(DURABLE_WITHIN_S + SLACK_S)
    assert [path for _, path in sync.calls] == [tmp_path / "g.sqlite3-wal"]
    store.close()


def test_the_real_fsync_of_a_wal_and_of_no_wal(tmp_path: Path) -> None:
    from ui.store.db import fsync_file

    wal = tmp_path / "g.sqlite3-wal"
    fsync_file(wal)  # not there yet: nothing to make durable, no error
    wal.write_bytes(b"x")
    fsync_file(wal)
