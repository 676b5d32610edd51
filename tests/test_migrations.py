"""Every saved-games file an earlier version wrote is brought to the latest schema, nothing
lost: files built here from each earlier version's own schema statements (copied from
ui/store/store.py as it was at that commit), then opened by today's store."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest

from scorer.history import Play
from ui.entry.draft import Draft
from ui.entry.games import read_draft
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store import history_db
from ui.store.db import SqliteTx
from ui.store.schema import LATEST, MIGRATIONS
from ui.store.store import Store
from ui.store.tx import Tx

ROOT = Path(__file__).resolve().parent.parent

FIRST = """
CREATE TABLE IF NOT EXISTS current (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    draft TEXT NOT NULL,
    saved REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    draft TEXT NOT NULL,
    summary TEXT NOT NULL,
    finished REAL NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS names (
    name TEXT PRIMARY KEY,
    used REAL NOT NULL
);
"""
"""3ed2059 (the first app): one game in progress for everyone, the history, the names."""

PER_DEVICE = FIRST + """
CREATE TABLE IF NOT EXISTS drafts (
    owner TEXT PRIMARY KEY,
    draft TEXT NOT NULL,
    saved REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS set_aside (
    saved REAL NOT NULL,
    what TEXT NOT NULL,
    text TEXT NOT NULL
);
"""
"""10d4d7a: one game in progress per device, games kept aside."""

SHARED = PER_DEVICE + """
CREATE TABLE IF NOT EXISTS live (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    host TEXT NOT NULL,
    draft TEXT NOT NULL,
    claims TEXT NOT NULL,
    version INTEGER NOT NULL,
    touched REAL NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS live_code ON live (code);
CREATE TABLE IF NOT EXISTS members (
    game TEXT NOT NULL,
    device TEXT NOT NULL,
    joined REAL NOT NULL,
    hidden INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, device)
);
CREATE TABLE IF NOT EXISTS edits (
    game TEXT NOT NULL,
    version INTEGER NOT NULL,
    device TEXT NOT NULL,
    edit TEXT NOT NULL,
    saved REAL NOT NULL
);
"""
"""f90c33c: one game, every phone (shared games, members, the change log)."""

SPENT = "ALTER TABLE live ADD COLUMN spent INTEGER NOT NULL DEFAULT 0;"
"""51a58a3: a code admits nobody once spent (added at start when missing)."""


CHANGES = """
ALTER TABLE edits ADD COLUMN undo TEXT NOT NULL DEFAULT '';
ALTER TABLE edits ADD COLUMN phone TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS edits_game ON edits (game, version);
"""
"""15db744 (issue 21, the change list): each logged edit's undo and the seat its phone
held, the log found by game (added at start when missing)."""


def draft(*names: str) -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name=n) for n in names])


def old_file(path: Path, schema: str) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    db.executescript(schema)
    finished = draft("Ann", "Bob")
    db.execute("INSERT INTO games VALUES (?, ?, 'Ann 12, Bob 9', 1000.5, 0)",
               (finished.id, finished.to_json()))
    db.execute("INSERT INTO names VALUES ('Ann', 1000.5)")
    return db


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT version FROM schema_version").fetchone()[0])


def check_latest(path: Path) -> Store:
    s = Store(path)
    assert s.notice == ""
    assert version(path) == LATEST
    assert {"current", "drafts"}.isdisjoint(tables(path))  # games in progress moved on
    assert {"failed_joins", "live", "members", "edits", "set_aside"} <= tables(path)
    assert [g.summary for g in s.games()] == ["Ann 12, Bob 9"]  # the history is kept
    # the server-wide names of before are the file's first device's (migration 11), which
    # no phone is: no device is offered another's players
    assert s.names() == ["Ann"] and s.for_owner("phone").names() == []
    return s


@pytest.mark.parametrize("schema", [FIRST, PER_DEVICE], ids=["first", "per-device"])
def test_migrations_from_a_file_with_games_in_progress_per_slot(tmp_path: Path,
                                                                schema: str) -> None:
    path = tmp_path / "g.sqlite3"
    db = old_file(path, schema)
    db.execute("INSERT INTO current VALUES (1, ?, 5.0)", (draft("Old").to_json(),))
    if "drafts" in schema:
        db.execute("INSERT INTO drafts VALUES ('phone', ?, 6.0)", (draft("Mine").to_json(),))
    db.commit()
    db.close()
    s = check_latest(path)
    # the game of the browser without storage is kept aside, a device's is its own
    with sqlite3.connect(path) as raw:
        kept = [read_draft(t).seats[0].name for (t,) in raw.execute(
            "SELECT text FROM set_aside")]
    assert kept == ["Old"]
    mine = s.for_owner("phone").load_current()
    assert ("drafts" not in schema and mine is None) or (
        mine is not None and mine.seats[0].name == "Mine")
    s.close()


@pytest.mark.parametrize("era", ["shared", "spent", "history", "changes"])
def test_migrations_from_a_file_with_shared_games(tmp_path: Path, era: str) -> None:
    path = tmp_path / "g.sqlite3"
    db = old_file(path, SHARED + (SPENT if era != "shared" else ""))
    if era in ("history", "changes"):  # 9d25ef5: the history's columns and rows at start
        history_db.add_schema(SqliteTx(db))
    if era == "changes":
        db.executescript(CHANGES)
    game = draft("Ann", "Cid")
    older = draft("Dan")
    for gid, code, touched, text in ((game.id, "ACDE", 20.0, game.to_json()),
                                     (older.id, "ACDE", 10.0, older.to_json())):
        db.execute("INSERT INTO live (id, code, host, draft, claims, version, touched) "
                   "VALUES (?, ?, 'host', ?, '{}', 4, ?)", (gid, code, text, touched))
        db.execute("INSERT INTO members VALUES (?, 'host', 1.0, 0)", (gid,))
    db.execute("INSERT INTO edits (game, version, device, edit, saved) VALUES "
               "(?, 4, 'host', '{}', 20.0)", (game.id,))
    if era == "changes":
        db.execute("UPDATE edits SET undo = '{}', phone = 'Ann'")
    db.commit()
    db.close()
    s = check_latest(path)
    rec = s.live(game.id)
    assert rec is not None and rec.version == 4 and rec.code == "ACDE" and not rec.spent
    # two open games held one code: the newer keeps it, the older stops admitting
    assert s.live(older.id).spent  # type: ignore[union-attr]
    assert s.live_by_code("ACDE").id == game.id  # type: ignore[union-attr]
    # the change log keeps what it held, and logs undos and seats from now on
    assert [c.undo for c in s.changes(game.id)] == (["{}"] if era == "changes" else [""])
    s.save_live(replace(rec, version=5, touched=21.0), "host", '{"e": 1}', undo='{"u": 1}',
                phone="Ann")
    logged = s.change(game.id, 5)
    assert logged is not None and (logged.undo, logged.phone) == ('{"u": 1}', "Ann")
    assert [c.version for c in s.changes(game.id)] == [5, 4]
    s.close()


def test_migrations_are_not_run_again(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    assert version(path) == LATEST
    check_latest_twice = Store(path)
    assert check_latest_twice.notice == "" and version(path) == LATEST
    check_latest_twice.close()


def test_migrations_leave_a_file_of_a_newer_version_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = ?", (LATEST + 1,))
    s = Store(path)
    # said: the app runs in memory (the why on the server's console, not on the phones)
    assert "nothing will be kept" in s.notice and "newer" not in s.notice
    assert "newer version of the app" in capsys.readouterr().err
    s.close()
    assert version(path) == LATEST + 1  # and the file is as it was
    assert not any(".broken-" in p.name for p in tmp_path.iterdir())


def at_version(tx: Tx, number: int) -> None:
    """A database as the app of schema `number` left it: its migrations, its number."""
    tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    for _what, steps in MIGRATIONS[:number]:
        for step in steps:
            if isinstance(step, str):
                tx.execute(step)
            else:
                step(tx)
    tx.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))


def saved_before_addresses(tx: Tx) -> tuple[Draft, Draft]:
    """A finished game and a game in progress, saved by the app of schema 9 (no column
    says where a game came from)."""
    finished = replace(draft("Ann", "Bob"), finished=1000.5)
    playing = draft("Cid", "Dan")
    tx.execute("INSERT INTO games (id, draft, summary, finished, deleted) "
               "VALUES (?, ?, 'Ann 12, Bob 9', 1000.5, 0)", (finished.id, finished.to_json()))
    tx.execute("INSERT INTO members (game, device, joined) VALUES (?, 'host', 1.0)",
               (finished.id,))
    tx.execute("INSERT INTO live (id, code, host, draft, claims, version, touched) "
               "VALUES (?, 'ACDEFHJ', 'host', ?, '{}', 3, ?)",
               (playing.id, playing.to_json(), time.time()))
    tx.execute("INSERT INTO members (game, device, joined) VALUES (?, 'host', 1.0)",
               (playing.id,))
    return finished, playing


def check_addresses_migrated(s: Store, finished: Draft, playing: Draft) -> None:
    """Brought to the latest schema with every saved game kept; the games from before count
    against no address; the bounds per address hold from now on."""
    assert s.notice == "" and LATEST >= 10
    host = s.for_owner("host")
    assert [g.summary for g in host.games()] == ["Ann 12, Bob 9"]
    rec = s.live(playing.id)
    assert rec is not None and (rec.code, rec.version) == ("ACDEFHJ", 3)
    assert s.live_by_code("ACDEFHJ") == rec  # still open to joining
    done = s.for_owner("eve").import_plays(
        [Play("imported", 2000.0, json.loads(
            (ROOT / "examples" / "7wonders-1e-4p-full-game.json").read_text()))],
        address="203.0.113.9")
    assert done is not None and done.added == 1
    assert sorted(s._rows("SELECT id, address FROM games", ())) == sorted(
        [(finished.id, ""), ("imported", "203.0.113.9")])
    hosted = s.host_game(draft("Eve"), "eve", "203.0.113.9")
    assert s._rows("SELECT address FROM live WHERE id = ?", (hosted.id,)) == [("203.0.113.9",)]


def test_migration_10_keeps_every_saved_game_and_adds_where_they_came_from(
        tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    finished, playing = saved_before_addresses_at_9(SqliteTx(db))
    db.execute("COMMIT")
    db.close()
    assert version(path) == 9
    s = Store(path)
    assert version(path) == LATEST
    check_addresses_migrated(s, finished, playing)
    s.close()


def saved_before_addresses_at_9(tx: Tx) -> tuple[Draft, Draft]:
    at_version(tx, 9)
    return saved_before_addresses(tx)
