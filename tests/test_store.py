"""The saved-games file: WAL, one game in progress per device, damaged files kept aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ui.entry.draft import Draft
from ui.entry.games import read_draft
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store.store import Store
from ui.store.tx import Tx


def draft(*names: str) -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name=n) for n in names])


def test_wal_and_normal_sync_with_a_group_commit(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3")
    db = s._shared.db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # NORMAL: a commit writes the WAL without an fsync; the flusher makes it durable
    # (tests/test_group_commit.py)
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1
    s.close()


def test_each_device_has_its_own_game_in_progress(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3")
    a, b = s.for_owner("a"), s.for_owner("b")
    a.save_current(draft("Ann"))
    b.save_current(draft("Bob"))
    assert [x.name for x in a.load_current().seats] == ["Ann"]  # type: ignore[union-attr]
    assert [x.name for x in b.load_current().seats] == ["Bob"]  # type: ignore[union-attr]
    assert s.load_current() is None and s.for_owner("c").load_current() is None
    a.save_current(None)
    assert a.load_current() is None and b.load_current() is not None
    # a device lists, and deletes, only the finished games it took part in
    a.save_game(draft("Ann"), "Ann 1")
    assert [g.summary for g in a.games()] == ["Ann 1"] and b.games() == []
    gid = a.games()[0].id
    b.delete_game(gid)
    assert [g.summary for g in a.games()] == ["Ann 1"]
    a.delete_game(gid)
    assert a.games() == []
    a.delete_game(gid, deleted=False)  # undo
    assert [g.summary for g in a.games()] == ["Ann 1"]
    s.close()


def test_file_from_before_devices_offers_its_shared_game_to_nobody(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    old = sqlite3.connect(path)
    old.executescript("CREATE TABLE current (slot INTEGER PRIMARY KEY CHECK (slot = 1), "
                      "draft TEXT NOT NULL, saved REAL NOT NULL);"
                      "CREATE TABLE drafts (owner TEXT PRIMARY KEY, draft TEXT NOT NULL, "
                      "saved REAL NOT NULL);")
    old.execute("INSERT INTO current VALUES (1, ?, 0)", (draft("Old").to_json(),))
    old.execute("INSERT INTO drafts VALUES ('phone', ?, 0)", (draft("Mine").to_json(),))
    old.commit()
    old.close()
    s = Store(path)
    # the game of a browser without storage is kept aside, never handed to a device...
    assert s.load_current() is None and s.for_owner("other").load_current() is None
    kept = [r[0] for r in s._shared.db.execute("SELECT text FROM set_aside")]
    assert [read_draft(t).seats[0].name for t in kept] == ["Old"]
    # ...and a device's own game is still its own
    mine = s.for_owner("phone").load_current()
    assert mine is not None and [x.name for x in mine.seats] == ["Mine"]
    s.close()


@pytest.mark.parametrize("damage", ["garbage", "header", "page", "empty-wal"])
def test_damaged_file_kept_aside_and_a_fresh_one_started(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "g.sqlite3"
    s = Store(path)
    for i in range(200):  # a few pages of history
        s.save_game(SevenWondersDraft(game="7wonders-1e",
                                      seats=[SevenWondersSeat(name=f"P{i}" * 20)]), f"game {i}")
    s.close()
    raw = bytearray(path.read_bytes())
    if damage == "garbage":
        raw = bytearray(b"this is not a database at all\n" * 100)
    elif damage == "header":
        raw[:16] = b"X" * 16
    elif damage == "page":  # a b-tree page in the middle overwritten
        raw[4096 * 2: 4096 * 3] = b"\xff" * 4096
    else:
        raw = bytearray()
    path.write_bytes(bytes(raw))
    before = bytes(raw)
    again = Store(path)
    # an empty file where the database was: SQLite would take it for a new one, and the
    # history would be gone without a word
    assert "could not be read" in again.notice
    assert ("the file is empty" in again.notice) == (damage == "empty-wal")
    kept = [p for p in tmp_path.iterdir()
            if ".broken-" in p.name and p.name[-4:] not in ("-wal", "-shm")]
    assert len(kept) == 1 and kept[0].read_bytes() == before  # the bad file, untouched
    assert kept[0].name in again.notice
    # the fresh file works, and the next start is quiet: no crash loop
    again.save_current(draft("Ann"))
    again.save_game(draft("Ann"), "Ann 3")
    again.close()
    third = Store(path)
    assert third.notice == ""
    assert [g.summary for g in third.games()] == ["Ann 3"]
    assert third.load_current() is not None
    third.dismiss()
    third.close()


def test_unreadable_game_in_progress_is_kept_aside(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    s._shared.db.execute("INSERT INTO live (id, code, host, draft, claims, version, touched, "
                         "closed) VALUES ('g1', 'ACDE', 'phone', '{not json', '{}', 1, 0, 0)")
    s._shared.db.execute("INSERT INTO members VALUES ('g1', 'phone', 0, 0)")
    assert s.load_current() is None
    assert "could not be read back" in s.notice
    assert s._shared.db.execute("SELECT text FROM set_aside").fetchone()[0] == "{not json"
    assert s._shared.db.execute("SELECT count(*) FROM live").fetchone()[0] == 0
    s.close()


def test_folder_that_cannot_hold_a_file_runs_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    s = Store(blocker / "g.sqlite3")
    assert "cannot be saved" in s.notice
    s.save_current(draft("Ann"))  # works, in memory
    assert s.load_current() is not None
    s.close()


def test_damage_while_running_is_recovered_once(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    s = Store(path)
    s.save_game(draft("Ann"), "Ann 1")

    def broken(db: Tx) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")
    calls: list[int] = []

    def once(db: Tx) -> None:
        calls.append(1)
        if len(calls) == 1:
            broken(db)
        db.execute("INSERT INTO device_names VALUES ('', 'Zed', 0)")
    s._shared.run(once, None)
    assert "could not be read" in s.notice and s.names() == ["Zed"]
    assert any(".broken-" in p.name for p in tmp_path.iterdir())
    s.close()


# --- issue 10: private files, honest recovery, bounded names ---------------------------------


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_data_folder_and_files_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    monkeypatch.setenv("WONDERS_DATA_DIR", str(folder))
    s = Store()
    s.save_current(draft("Ann"))  # the WAL and shared-memory files exist while open
    assert _mode(folder) == 0o700
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["games.sqlite3", "games.sqlite3-shm", "games.sqlite3-wal"]
    assert {_mode(folder / f) for f in files} == {0o600}
    s.close()


def test_files_left_readable_by_an_older_version_are_made_private(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    path.chmod(0o644)
    s = Store(path)
    assert _mode(path) == 0o600
    s.close()


def _crashed_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A games file with history in the file and one change still only in its WAL, as a
    killed server leaves it: (database, wal) in a folder of their own."""
    src = tmp_path / "live.sqlite3"
    s = Store(src)
    for i in range(200):  # a few pages of history
        s.save_game(SevenWondersDraft(game="7wonders-1e",
                                      seats=[SevenWondersSeat(name=f"P{i}" * 20)]), f"game {i}")
    s.close()
    db = sqlite3.connect(src, isolation_level=None)
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("INSERT INTO device_names VALUES ('', 'Only in the WAL', 1)")
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):
        (crashed / f"g.sqlite3{suffix}").write_bytes(src.with_name(src.name + suffix).read_bytes())
    db.close()
    path = crashed / "g.sqlite3"
    wal = crashed / "g.sqlite3-wal"
    assert wal.stat().st_size > 0
    return path, wal


def _kept(folder: Path, suffix: str = "") -> list[Path]:
    return [p for p in folder.iterdir() if ".broken-" in p.name
            and (p.name.endswith(suffix) if suffix else p.name[-4:] not in ("-wal", "-shm"))]


def test_garbage_wal_is_said_and_kept_as_it_was(tmp_path: Path) -> None:
    path, wal = _crashed_copy(tmp_path)
    wal.write_bytes(b"\x00garbage where the journal was" * 200)
    before_db, before_wal = path.read_bytes(), wal.read_bytes()
    s = Store(path)
    assert "could not be read" in s.notice and "journal" in s.notice
    (kept,) = _kept(path.parent)
    assert kept.read_bytes() == before_db
    assert kept.with_name(kept.name + "-wal").read_bytes() == before_wal
    # the file itself is still read: the history up to the last checkpoint is there
    assert len(s.games()) == 200
    s.close()
    third = Store(path)
    assert third.notice == ""
    third.close()


def test_a_valid_wal_is_taken_silently(tmp_path: Path) -> None:
    path, _wal = _crashed_copy(tmp_path)
    s = Store(path)
    assert s.notice == "" and "Only in the WAL" in s.names()
    assert not _kept(path.parent)
    s.close()


def test_damaged_file_is_kept_with_its_wal_before_sqlite_merges_them(tmp_path: Path) -> None:
    path, wal = _crashed_copy(tmp_path)
    raw = bytearray(path.read_bytes())
    raw[4096 * 2: 4096 * 3] = b"\xff" * 4096  # a page of the history overwritten
    path.write_bytes(bytes(raw))
    before_db, before_wal = path.read_bytes(), wal.read_bytes()
    s = Store(path)
    assert "could not be read" in s.notice
    (kept,) = _kept(path.parent)
    assert kept.read_bytes() == before_db  # not merged with the WAL by SQLite's close
    assert kept.with_name(kept.name + "-wal").read_bytes() == before_wal
    assert s.games() == []  # a fresh file
    s.close()


def test_a_name_longer_than_the_format_allows_is_not_remembered(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3")
    s.remember(["A" * 1_000_000, "B" * 101, "C" * 100, "Dan"])
    assert sorted(s.names()) == ["C" * 100, "Dan"]  # 100: the table format's limit
    # one stored by an older version is not sent to the devices either
    s._shared.db.execute("INSERT INTO device_names VALUES ('', ?, 9e9)", ("E" * 5000,))
    assert "E" * 5000 not in s.names()
    s.close()
