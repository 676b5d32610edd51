"""Nothing lost: the games in progress, finished games and remembered player names, in one
SQLite file (standard library) in the user's data folder.

`WONDERS_DATA_DIR` overrides the folder (tests use it).

Durability: the file is in WAL mode with `synchronous=FULL`, and every change is one SQLite
transaction committed before the handler that made it returns, so a killed server (or a
power cut) loses no finished game and at most the change being made at that instant.

Isolation: a game in progress belongs to the devices that took part (table `members`; a
device's key comes from its browser's local storage, `Store.for_owner(key)`). It is stored
once, per game (table `live`, with its join code, its host, the seats claimed and a version
counted up by every change; `edits` logs each change as it was made), and a device lists and
deletes only the finished games it took part in (a game finished before participants were
recorded is listed to every device). The remembered names are shared by everyone.

Privacy: the data folder is the user's alone (0700) and the files in it too (0600; SQLite
gives its `-wal` and `-shm` the database file's mode).

Recovery: a file that SQLite cannot read (not a database, damaged pages, a failed integrity
check), an empty file where a database was, or a journal (`-wal`) that is not SQLite's is
never fatal and never silent. The original bytes, with the `-wal` and `-shm`, are kept aside
with a timestamp (`games.sqlite3.broken-<time>`, `...-wal`, `...-shm`) before SQLite writes
to them (closing a connection merges the journal into the file), a fresh file is started (or,
for a bad journal alone, the file is opened without it) and `Store.notice` says so, for the
app to show. A game in progress that cannot be read back is kept aside the same way, in the table
`set_aside`. If even a fresh file cannot be written, the app runs on an in-memory database
(nothing is saved) and says so: never a crash, never a crash loop.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import secrets
import shutil
import sqlite3
import struct
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

import platformdirs

from scorer.facts import max_name_length
from scorer.history import Play
from scorer.i18n import N_
from scorer.stats import PlayerRow
from ui import history_db
from ui import strings as S
from ui.draft import Draft
from ui.history_db import HistoryEntry, Imported, Renamed

_SCHEMA = """
CREATE TABLE IF NOT EXISTS current (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    draft TEXT NOT NULL,
    saved REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS drafts (
    owner TEXT PRIMARY KEY,
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
CREATE TABLE IF NOT EXISTS live (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    host TEXT NOT NULL,
    draft TEXT NOT NULL,
    claims TEXT NOT NULL,
    version INTEGER NOT NULL,
    touched REAL NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    spent INTEGER NOT NULL DEFAULT 0
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
    saved REAL NOT NULL,
    undo TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS edits_game ON edits (game, version);
CREATE TABLE IF NOT EXISTS set_aside (
    saved REAL NOT NULL,
    what TEXT NOT NULL,
    text TEXT NOT NULL
);
"""

MAX_NAME = max_name_length()
"""The longest player name kept (the table format's limit): a longer one is not remembered."""
SQLITE_MAGIC = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_VERSION = 3007000
EMPTY = N_("the file is empty")

DEFAULT_OWNER = ""
"""The owner of a file from before per-device games (its game in progress is kept aside:
it must never be offered to whichever device comes first)."""

JOIN_LETTERS = "ACDEFHJKMNPRTUVWXY"
"""Join codes: capitals that no other letter or digit looks like (no B/8, G/6, I/1/L, O/0/Q,
S/5, Z/2)."""
CODE_LENGTH = 4
IDLE_EXPIRY_S = 24 * 3600
"""A join code no longer admits anyone after a day without a change (or once finished), and
never again (a later change to the game does not revive it: by then a new game may hold the
same code)."""


def new_code() -> str:
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(CODE_LENGTH))


def _games_from_drafts(db: sqlite3.Connection) -> None:
    """Games in progress from before shared games (one per device) become games of that
    device; the one of a client without storage is kept aside, never handed to anyone."""
    rows = db.execute("SELECT owner, draft, saved FROM drafts").fetchall()
    for owner, text, saved in rows:
        if owner == DEFAULT_OWNER:
            db.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                       (saved, "game in progress of a browser without storage", text))
        else:
            try:
                gid = Draft.from_json(text).id
            except ValueError:
                db.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                           (saved, "game in progress", text))
                continue
            db.execute("INSERT OR IGNORE INTO live (id, code, host, draft, claims, version, "
                       "touched, closed) VALUES (?, ?, ?, ?, '{}', 1, ?, 0)",
                       (gid, new_code(), owner, text, saved))
            db.execute("INSERT OR IGNORE INTO members (game, device, joined) VALUES (?, ?, ?)",
                       (gid, owner, saved))
    db.execute("DELETE FROM drafts")


class GameExists(Exception):
    """A game with this id is kept already: hosting it again would take it over."""


@dataclass(frozen=True)
class LiveRecord:
    """A game as the store keeps it: shared by the devices that took part."""

    id: str
    code: str
    host: str
    """The device that started it (and closes it with Finish)."""
    draft: Draft
    claims: dict[str, str]
    """Seats claimed: player name -> device."""
    version: int
    touched: float
    closed: bool
    spent: bool = False
    """Its join code admits nobody any more (the game was finished, or idle a day)."""

    def joinable(self, now: float) -> bool:
        return not self.spent and not self.closed and now - self.touched < IDLE_EXPIRY_S


MAX_CHANGES_SHOWN = 200
"""The most changes a game's change list shows (the newest)."""


@dataclass(frozen=True)
class LoggedChange:
    """A change as the game's log keeps it: the edit and its undo as JSON (`ui.edits`), the
    device that made it, the player whose seat that device held then, and when."""

    version: int
    device: str
    edit: str
    saved: float
    undo: str
    phone: str


_T = TypeVar("_T")


def data_dir() -> Path:
    """The user's data folder for this app (created when missing): the platform's own, as
    platformdirs knows it (`~/.local/share/wonders-scorer` or `$XDG_DATA_HOME`, macOS's
    Application Support, Windows' local AppData), or `WONDERS_DATA_DIR`."""
    override = os.environ.get("WONDERS_DATA_DIR")
    base = Path(override) if override else Path(
        platformdirs.user_data_dir("wonders-scorer", appauthor=False))
    private_dir(base)
    return base


def private_dir(path: Path) -> Path:
    """A folder only the user can read or enter (0700), made when missing; an existing one
    the user cannot change is used as it is."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
    return path


def _private_files(path: Path) -> None:
    """The database file (made empty when missing) and its journal files: 0600."""
    with contextlib.suppress(OSError):  # a folder that cannot hold it: SQLite will say so
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.chmod(path.with_name(path.name + suffix), 0o600)


def _wal_checksum(header: bytes, big_endian: bool) -> tuple[int, int]:
    """SQLite's checksum of the first 24 bytes of a WAL header (walChecksumBytes)."""
    s1 = s2 = 0
    words = struct.unpack((">" if big_endian else "<") + "6I", header[:24])
    for k in range(0, 6, 2):
        s1 = (s1 + words[k] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[k + 1] + s1) & 0xFFFFFFFF
    return s1, s2


def file_problem(path: Path) -> str:
    """What is wrong with a database file and its journal before SQLite opens them ("" =
    nothing seen): SQLite takes an empty file for a new database and ignores a journal with
    a bad header, so both would lose the history without a word."""
    try:
        if path.exists() and path.stat().st_size == 0:
            return EMPTY
        wal = path.with_name(path.name + "-wal")
        if not wal.exists() or wal.stat().st_size == 0:
            return ""
        with wal.open("rb") as fh:
            header = fh.read(32)
    except OSError as err:
        print(f"wonders-scorer: {path}: {err.strerror or err}", file=sys.stderr)
        return N_("it cannot be read")
    if len(header) < 32:
        return N_("its journal (-wal) is shorter than a journal's header")
    magic, version, _page, _seq, _salt1, _salt2, c1, c2 = struct.unpack(">8I", header)
    if magic not in WAL_MAGIC or version != WAL_VERSION:
        return N_("its journal (-wal) is not a SQLite journal")
    if _wal_checksum(header, bool(magic & 1)) != (c1, c2):
        return N_("its journal (-wal) is damaged")
    return ""


@dataclass(frozen=True)
class SavedGame:
    id: str
    draft: Draft
    summary: str
    finished: float


def _is_damage(err: sqlite3.Error) -> bool:
    """Whether an error means the file itself is unreadable (as opposed to busy, full...)."""
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(
            err, (sqlite3.OperationalError, sqlite3.IntegrityError, sqlite3.ProgrammingError)):
        return True  # "file is not a database", "database disk image is malformed"
    text = str(err).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text


NOTICES: dict[str, Callable[..., str]] = {
    "recovered": S.store_recovered, "unavailable": S.store_unavailable,
    "failed": S.store_failed, "unreadable": S.draft_unreadable}
"""How each kind of trouble with the saved-games file is worded (ui/strings.py)."""


class _Shared:
    """The connection, its lock and the store's notice: one per file, shared by owners."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.RLock()
        self.notice: tuple[str, tuple[str, ...]] | None = None
        """What went wrong, as a kind of `NOTICES` and its words' values: worded when read,
        in the reader's language (the file is opened before any session)."""
        self.kept: Path | None = None
        """The copy kept aside of a damaged file, until the notice names it."""
        self.history_version = 0
        """Counted up by every change to the history (the statistics' rows are cached per
        owner until it changes)."""
        self.rows_cache: dict[str, tuple[int, list[PlayerRow]]] = {}
        """Each owner's rows, as of a `history_version`."""
        self.rows_by_game: dict[str, list[PlayerRow]] | None = None
        """Every game's rows, read at the first use (None: not read, or to read again)."""
        self.db = self._open_or_recover()
        self.read_rows_soon()

    def read_rows_soon(self) -> None:
        """Read every game's rows in the background (at start, after an import or a
        rename), so that the first statistics screen finds them read."""
        def read() -> None:
            with self.lock:
                if self.rows_by_game is not None:
                    return
                with contextlib.suppress(sqlite3.Error):  # then read at the first use
                    self.rows_by_game = history_db.all_rows(self.db)
        threading.Thread(target=read, name="history-rows", daemon=True).start()

    def _connect(self, target: Path | str) -> sqlite3.Connection:
        if isinstance(target, Path):
            _private_files(target)
        db = sqlite3.connect(target, check_same_thread=False, isolation_level=None,
                             timeout=10)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            problems = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError("integrity check failed: " + "; ".join(problems[:3]))
            db.executescript(_SCHEMA)
            if "spent" not in [r[1] for r in db.execute("PRAGMA table_info(live)")]:
                db.execute("ALTER TABLE live ADD COLUMN spent INTEGER NOT NULL DEFAULT 0")
            logged = [r[1] for r in db.execute("PRAGMA table_info(edits)")]
            for column in ("undo", "phone"):  # files from before the change list
                if column not in logged:
                    db.execute(f"ALTER TABLE edits ADD COLUMN {column} TEXT NOT NULL "
                               "DEFAULT ''")
            db.execute("DELETE FROM games WHERE deleted = 1")
            history_db.upgrade(db)  # the history's plays and per-player results
            # a file from before per-device games: its game in progress becomes the shared one
            db.execute("INSERT OR IGNORE INTO drafts (owner, draft, saved) "
                       "SELECT ?, draft, saved FROM current WHERE slot = 1", (DEFAULT_OWNER,))
            db.execute("DELETE FROM current")
            _games_from_drafts(db)
        except BaseException as err:
            if (isinstance(target, Path) and isinstance(err, sqlite3.Error)
                    and _is_damage(err)):
                self._close_keeping(db)
            else:
                db.close()
            raise
        return db

    def _close_keeping(self, db: sqlite3.Connection) -> None:
        """Close a connection to a damaged file, keeping the file's bytes as they were:
        copied aside first (closing merges the journal into the file), then removed."""
        try:
            self.kept = copy_aside(self.path)
        except OSError:
            self.kept = None
        with contextlib.suppress(sqlite3.Error):
            db.close()
        if self.kept is not None:
            with contextlib.suppress(OSError):
                remove_files(self.path)

    def _open_or_recover(self) -> sqlite3.Connection:
        self.kept = None
        why = file_problem(self.path)
        if why:
            try:  # nothing has opened the files yet: they move aside as they are
                kept = set_aside(self.path)
            except OSError as move_err:
                return self._in_memory(move_err)
            if why != EMPTY:  # a bad journal only: the file itself is read
                with contextlib.suppress(OSError):
                    shutil.copyfile(kept, self.path)
            self.kept = kept
            try:
                db = self._connect(self.path)
            except sqlite3.Error as err:
                return self._recover(err)
            self._say_recovered(why, kept)
            return db
        try:
            return self._connect(self.path)
        except sqlite3.Error as err:
            if not _is_damage(err) and self.path.exists():
                return self._in_memory(err)
            return self._recover(err)

    def _say_recovered(self, why: str, kept: Path) -> None:
        self.notice = ("recovered", (kept.name, why))
        print(f"wonders-scorer: {self.path} could not be read ({why}); the original kept as "
              f"{kept} (with its -wal and -shm, if any)", file=sys.stderr, flush=True)

    def _recover(self, err: sqlite3.Error) -> sqlite3.Connection:
        """Keep the unreadable file aside (unless `_connect` already copied it) and start a
        fresh one (or run in memory)."""
        kept = self.kept
        if kept is None:
            try:
                kept = set_aside(self.path)
            except OSError as move_err:
                return self._in_memory(move_err)
        self.kept = None
        try:
            db = self._connect(self.path)
        except sqlite3.Error as again:
            return self._in_memory(again)
        self._say_recovered(str(err), kept)
        return db

    def _in_memory(self, err: Exception) -> sqlite3.Connection:
        self.notice = ("unavailable", (str(self.path), str(err)))
        print(f"wonders-scorer: {self.path} cannot be used ({err}); nothing will be saved",
              file=sys.stderr, flush=True)
        return self._connect(":memory:")

    def run(self, work: Callable[[sqlite3.Connection], _T], fallback: _T) -> _T:
        """Run one unit of work under the lock; a damaged file is set aside once and the
        work retried on the fresh one; any other error is reported, never raised."""
        with self.lock:
            try:
                return work(self.db)
            except sqlite3.Error as err:
                if not _is_damage(err):
                    self.notice = ("failed", (str(err),))
                    print(f"wonders-scorer: {err}", file=sys.stderr, flush=True)
                    return fallback
                self._close_keeping(self.db)
                self.db = self._recover(err)
                self.rows_by_game = None  # a fresh file: its history is read anew
                self.history_version += 1
            try:
                return work(self.db)
            except sqlite3.Error as err:
                self.notice = ("failed", (str(err),))
                return fallback


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return target


def copy_aside(path: Path) -> Path:
    """Copy a database file and its WAL and shared-memory files, byte for byte, to names
    with a timestamp (private to the user); returns the copy of the main file."""
    target = _aside_name(path)
    for suffix in ("", "-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            copy = target.with_name(target.name + suffix)
            shutil.copyfile(side, copy)
            os.chmod(copy, 0o600)
    return target


def remove_files(path: Path) -> None:
    """Remove a database file and its WAL and shared-memory files."""
    for suffix in ("-wal", "-shm", ""):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def set_aside(path: Path) -> Path:
    """Rename a database file (and its WAL and shared-memory files) out of the way, with a
    timestamp; returns the new name of the main file."""
    target = _aside_name(path)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    if path.exists():
        os.replace(path, target)
    return target


class Store:
    """One connection per file, used under a lock (Flet runs handlers on threads).

    A `Store` is the view of one owner (one device): `for_owner(key)` gives another owner's
    view of the same file; the history and the names are common to all."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "games.sqlite3"
        self.owner = DEFAULT_OWNER
        self._shared = _Shared(self.path)

    def for_owner(self, owner: str) -> Store:
        """This store, seen by another device: its own game in progress, the same history."""
        view = copy.copy(self)
        view.owner = owner
        return view

    @property
    def file(self) -> object:
        """What every view of one saved-games file shares (to key things per file)."""
        return self._shared

    @property
    def notice(self) -> str:
        """What went wrong with the file, in words, until `dismiss()` ("" when all is well)."""
        found = self._shared.notice
        return "" if found is None else NOTICES[found[0]](*found[1])

    def dismiss(self) -> None:
        self._shared.notice = None

    def close(self) -> None:
        with self._shared.lock:
            self._shared.db.close()

    # games in progress, shared by the devices that took part
    def host_game(self, draft: Draft, device: str) -> LiveRecord:
        """A new game, started by `device` (its host and first member), with a join code
        that no open game holds. A game the store has already is never taken over: its
        record is kept as it is (host, code, version)."""
        now = time.time()

        def work(db: sqlite3.Connection) -> LiveRecord:
            db.execute("BEGIN IMMEDIATE")
            try:
                code = new_code()
                while db.execute("SELECT 1 FROM live WHERE code = ? AND closed = 0 AND "
                                 "spent = 0 AND touched > ?",
                                 (code, now - IDLE_EXPIRY_S)).fetchone():
                    code = new_code()
                if db.execute("SELECT 1 FROM live WHERE id = ?", (draft.id,)).fetchone():
                    raise GameExists(draft.id)
                db.execute("INSERT INTO live (id, code, host, draft, claims, "
                           "version, touched, closed) VALUES (?, ?, ?, ?, '{}', 1, ?, ?)",
                           (draft.id, code, device, draft.to_json(), now,
                            int(draft.finished is not None)))
                db.execute("INSERT OR IGNORE INTO members (game, device, joined) "
                           "VALUES (?, ?, ?)", (draft.id, device, now))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return LiveRecord(draft.id, code, device, draft, {}, 1, now,
                              draft.finished is not None)
        fallback = LiveRecord(draft.id, new_code(), device, draft, {}, 1, now, False)
        return self._shared.run(work, fallback)

    def save_live(self, rec: LiveRecord, device: str = "", edit: str = "", undo: str = "",
                  phone: str = "") -> None:
        """A change to a game, in one transaction: the game as it is now and, when given,
        the change as it was made (logged), with the change that takes it back (`undo`) and
        the player whose seat the device held (`phone`, "" none)."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("UPDATE live SET draft = ?, claims = ?, version = ?, touched = ?, "
                           "closed = ?, spent = ? WHERE id = ?",
                           (rec.draft.to_json(), json.dumps(rec.claims, sort_keys=True),
                            rec.version, rec.touched, int(rec.closed), int(rec.spent),
                            rec.id))
                if edit:
                    db.execute("INSERT INTO edits (game, version, device, edit, saved, undo, "
                               "phone) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (rec.id, rec.version, device, edit, rec.touched, undo, phone))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        self._shared.run(work, None)

    def changes(self, game_id: str, limit: int = MAX_CHANGES_SHOWN) -> list[LoggedChange]:
        """The game's logged changes, newest first (at most `limit`)."""
        def work(db: sqlite3.Connection) -> list[tuple[int, str, str, float, str, str]]:
            return db.execute(
                "SELECT version, device, edit, saved, undo, phone FROM edits WHERE game = ? "
                "ORDER BY version DESC LIMIT ?", (game_id, limit)).fetchall()
        none: list[tuple[int, str, str, float, str, str]] = []
        return [LoggedChange(*row) for row in self._shared.run(work, none)]

    def change(self, game_id: str, version: int) -> LoggedChange | None:
        """One logged change of the game, by the version it made."""
        def work(db: sqlite3.Connection) -> list[tuple[int, str, str, float, str, str]]:
            return db.execute(
                "SELECT version, device, edit, saved, undo, phone FROM edits WHERE game = ? "
                "AND version = ? LIMIT 1", (game_id, version)).fetchall()
        none: list[tuple[int, str, str, float, str, str]] = []
        found = self._shared.run(work, none)
        return LoggedChange(*found[0]) if found else None

    def _live_rows(self, where: str, args: tuple[object, ...]) -> list[LiveRecord]:
        """The game last changed among those `where` selects (a list of none or one)."""
        def work(db: sqlite3.Connection) -> list[tuple[str, str, str, str, str, int, float,
                                                       int, int]]:
            return db.execute(
                "SELECT id, code, host, draft, claims, version, touched, closed, spent "
                f"FROM live WHERE {where} ORDER BY touched DESC LIMIT 1", args).fetchall()
        none: list[tuple[str, str, str, str, str, int, float, int, int]] = []
        out = []
        for gid, code, host, text, claims, version, touched, closed, spent in self._shared.run(
                work, none):
            try:
                draft = Draft.from_json(text)
                seats = json.loads(claims)
            except (ValueError, TypeError, AttributeError) as err:
                self._keep_aside_live(gid, text)
                self._shared.notice = ("unreadable", (str(err),))
                continue
            out.append(LiveRecord(gid, code, host, draft, dict(seats), version, touched,
                                  bool(closed), bool(spent)))
        return out

    def live(self, game_id: str) -> LiveRecord | None:
        found = self._live_rows("id = ?", (game_id,))
        return found[0] if found else None

    def live_by_code(self, code: str) -> LiveRecord | None:
        """The open game holding this join code (the newest, if an old one held it too)."""
        found = self._live_rows("code = ? AND closed = 0 AND spent = 0", (code,))
        return found[0] if found else None

    def members_game(self, code: str, device: str) -> LiveRecord | None:
        """The game of this code that `device` took part in (its address /g/<code> leads a
        member back to it, finished, idle or not; the newest if it took part in two)."""
        found = self._live_rows(
            "code = ? AND id IN (SELECT game FROM members WHERE device = ?)", (code, device))
        return found[0] if found else None

    def add_member(self, game_id: str, device: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("INSERT OR IGNORE INTO members (game, device, joined) VALUES (?, ?, ?)",
                       (game_id, device, time.time()))
        self._shared.run(work, None)

    def is_member(self, game_id: str, device: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            return db.execute("SELECT 1 FROM members WHERE game = ? AND device = ?",
                              (game_id, device)).fetchone() is not None
        return self._shared.run(work, False)

    def is_known(self, device: str) -> bool:
        """Whether the device took part in any game here (hosted or joined one)."""
        def work(db: sqlite3.Connection) -> bool:
            return db.execute("SELECT 1 FROM members WHERE device = ? LIMIT 1",
                              (device,)).fetchone() is not None
        return bool(device) and self._shared.run(work, False)

    def members(self, game_id: str) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            rows = db.execute("SELECT device FROM members WHERE game = ? ORDER BY joined",
                              (game_id,)).fetchall()
            return [r[0] for r in rows]
        none: list[str] = []
        return self._shared.run(work, none)

    def current_game(self) -> LiveRecord | None:
        """This device's game: the one of its games changed last (finished or not, as it
        was on screen)."""
        found = self._live_rows(
            "id IN (SELECT game FROM members WHERE device = ?)",
            (self.owner,))
        return found[0] if found else None

    def save_current(self, draft: Draft | None) -> None:
        """This device's game in progress is now `draft`: a change to its current game (the
        same game id), else a new game it hosts; None: it leaves its current game."""
        rec = self.current_game()
        if draft is None:
            if rec is not None:
                def work(db: sqlite3.Connection) -> None:
                    db.execute("DELETE FROM members WHERE game = ? AND device = ?",
                               (rec.id, self.owner))
                self._shared.run(work, None)
        elif rec is not None and rec.draft.id == draft.id:
            self.save_live(replace(rec, draft=draft, version=rec.version + 1,
                                   touched=time.time(), closed=draft.finished is not None))
        else:
            self.host_game(draft, self.owner)

    def load_current(self) -> Draft | None:
        rec = self.current_game()
        return None if rec is None else rec.draft

    def _keep_aside_live(self, game_id: str, text: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                           (time.time(), "game in progress", text))
                db.execute("DELETE FROM live WHERE id = ?", (game_id,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        self._shared.run(work, None)

    # finished games
    def save_game(self, draft: Draft, summary: str, members: list[str] | None = None) -> None:
        """A finished game into the history of its members (this device when none are
        given)."""
        who = members if members is not None else [self.owner]
        finished = draft.finished or time.time()
        try:  # its players' results, for the statistics (scored here once, never again)
            rows = history_db.summarize(draft, finished)
        except Exception:  # the engine must never lose a finished game
            rows = None

        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO games (id, draft, summary, finished, deleted) "
                    "VALUES (?, ?, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET "
                    "draft = excluded.draft, summary = excluded.summary, "
                    "finished = excluded.finished, deleted = 0",
                    (draft.id, draft.to_json(), summary, finished),
                )
                history_db.write(db, draft, finished, rows)
                db.executemany("INSERT OR IGNORE INTO members (game, device, joined) "
                               "VALUES (?, ?, ?)", [(draft.id, d, time.time()) for d in who])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return True
        saved = self._shared.run(work, False)
        with self._shared.lock:
            kept = self._shared.rows_by_game
            if saved and kept is not None:  # kept up to date, not read again
                kept.pop(draft.id, None)
                if rows is not None:
                    kept[draft.id] = rows.rows
            self._shared.history_version += 1

    _MINE = history_db.MINE
    """The finished games this device may see: its own, and those from before participants
    were recorded."""

    def games(self) -> list[SavedGame]:
        def work(db: sqlite3.Connection) -> list[tuple[str, str, str, float]]:
            return db.execute(
                "SELECT id, draft, summary, finished FROM games WHERE deleted = 0 AND "
                f"{self._MINE} ORDER BY finished DESC", (self.owner,)
            ).fetchall()
        none: list[tuple[str, str, str, float]] = []
        out = []
        for gid, text, summary, finished in self._shared.run(work, none):
            try:
                out.append(SavedGame(gid, Draft.from_json(text), summary, finished))
            except (ValueError, TypeError, AttributeError):
                continue
        return out

    def delete_game(self, game_id: str, deleted: bool = True) -> None:
        """Takes a game out of this device's history (or puts it back, to undo); the other
        players keep theirs. A game from before participants were recorded is marked deleted
        for all, and purged at next start. Another device's game is left alone."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE members SET hidden = ? WHERE game = ? AND device = ?",
                       (int(deleted), game_id, self.owner))
            db.execute("UPDATE games SET deleted = ? WHERE id = ? AND "
                       "id NOT IN (SELECT game FROM members)", (int(deleted), game_id))
        self._shared.run(work, None)
        self._shared.history_version += 1

    # remembered names
    def remember(self, names: list[str]) -> None:
        now = time.time()

        def work(db: sqlite3.Connection) -> None:
            db.executemany(
                "INSERT INTO names (name, used) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET used = excluded.used",
                [(n, now) for n in names if n.strip() and len(n) <= MAX_NAME],
            )
        self._shared.run(work, None)

    def names(self, limit: int = 20) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            rows = db.execute(  # a name stored by an older version beyond the limit: not sent
                "SELECT name FROM names WHERE length(name) <= ? ORDER BY used DESC, name "
                "LIMIT ?", (MAX_NAME, limit)).fetchall()
            return [r[0] for r in rows]
        none: list[str] = []
        return self._shared.run(work, none)

    # the history's plays and statistics (ui/history_db.py)
    def history_page(self, offset: int, limit: int) -> list[HistoryEntry]:
        """A page of this device's history, newest first, without reading any game."""
        none: list[HistoryEntry] = []
        return self._shared.run(lambda db: history_db.page(db, self.owner, offset, limit), none)

    def history_count(self) -> int:
        return self._shared.run(lambda db: history_db.count(db, self.owner), 0)

    def saved_game(self, game_id: str) -> tuple[HistoryEntry, Draft] | None:
        """One game of this device's history, with its draft (None: not there, or its draft
        cannot be read)."""
        got = self._shared.run(lambda db: history_db.entry(db, self.owner, game_id), None)
        if got is None:
            return None
        try:
            return got[0], Draft.from_json(got[1])
        except ValueError:
            return None

    def set_play(self, game_id: str, place: str, note: str) -> bool:
        """A finished game's place and note."""
        done = self._shared.run(
            lambda db: history_db.set_play(db, self.owner, game_id, place, note), False)
        self._shared.history_version += 1
        return done

    def result_rows(self) -> list[PlayerRow]:
        """Every player's result in every game this device sees. The rows of the whole file
        are read once, then kept up to date by each save (`save_game` adds its game's); an
        import or a rename reads them again."""
        shared = self._shared
        with shared.lock:
            version = shared.history_version
            kept = shared.rows_cache.get(self.owner)
            if kept is not None and kept[0] == version:
                return kept[1]
            if shared.rows_by_game is None:
                none: dict[str, list[PlayerRow]] = {}
                shared.rows_by_game = shared.run(history_db.all_rows, none)
            mine = shared.run(lambda db: history_db.visible(db, self.owner), set[str]())
            found = [r for gid, seats in shared.rows_by_game.items() if gid in mine
                     for r in seats]
            if len(shared.rows_cache) > 16:
                shared.rows_cache.clear()
            shared.rows_cache[self.owner] = (version, found)
            return found

    def rename_player(self, old: str, new: str) -> Renamed:
        """`old` is `new` from now on in every game this device sees (a merge when `new`
        already plays; refused, naming the games, when both sat at one table)."""
        done = self._shared.run(lambda db: history_db.rename(db, self.owner, old, new),
                                Renamed())
        self._shared.rows_by_game = None
        self._shared.history_version += 1
        self._shared.read_rows_soon()
        return done

    def history_plays(self) -> list[Play]:
        """Every game this device sees, for the history file."""
        none: list[Play] = []
        return self._shared.run(lambda db: history_db.plays(db, self.owner), none)

    def history_plays_of_everyone(self) -> list[Play]:
        """Every game of the file, whichever devices took part (the command line's backup)."""
        none: list[Play] = []
        return self._shared.run(lambda db: history_db.plays(db, None), none)

    def import_plays(self, plays: list[Play], everyone: bool = False) -> Imported | None:
        """The games of a history file that this history lacks, as this device's (with
        `everyone`: as every device's); None: the file could not be written, nothing was
        added."""
        owner = None if everyone else self.owner
        done = self._shared.run(lambda db: history_db.import_plays(db, owner, plays), None)
        self._shared.rows_by_game = None
        self._shared.history_version += 1
        self._shared.read_rows_soon()
        return done
