"""Nothing lost: the games in progress, finished games and remembered player names, in one
SQLite file (standard library) in the user's data folder, or in a PostgreSQL database shared
by many processes when `WONDERS_DATABASE_URL=postgresql://...` is set (psycopg 3).

`WONDERS_DATA_DIR` overrides the folder (tests use it).

The store is split by concern: the files and their modes (`ui/store/files.py`), the
connection and its one transaction per unit of work (`ui/store/db.py`), the schema and its
numbered migrations (`ui/store/schema.py`), and here the queries, the same SQL for both back
ends.

Durability: every change is one transaction committed before the handler that made it
returns, so a killed server loses nothing it acknowledged (the committed WAL is in the OS's
cache). The disk is a group commit (`store_db.DURABLE_WITHIN_S`): the file is in WAL mode
with `synchronous=NORMAL` and one thread fsyncs the WAL within that window of a change,
one fsync for all of the window's changes, so a power cut or a crash of the OS loses at most
the last window's changes and never corrupts the file (PostgreSQL: `synchronous_commit =
off`, the same promise within ~3 x its `wal_writer_delay`). Closing flushes what is left.

No lost update: a game in progress carries a version counted up by every change, and a save
is compare-and-set on it (`save_live` says whether it won): a process that saved from an
older copy is refused and reads the game again (ui/live/tables.py). On PostgreSQL every saved change
is announced to the other processes (NOTIFY on `store_db.CHANNEL`).

Isolation: a game in progress belongs to the devices that took part (table `members`; a
device's key comes from its browser's local storage, `Store.for_owner(key)`). It is stored
once, per game (table `live`, with its join code, its host, the seats claimed and its
version; `edits` logs each change as it was made), and a device lists and deletes only the
finished games it took part in (a game finished before participants were recorded is listed
to every device). The remembered names are shared by everyone.

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

import copy
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, TypeVar

from scorer.facts import max_name_length
from scorer.history import Play
from scorer.stats import PlayerRow
from ui.entry.draft import Draft
from ui.entry.games import read_draft, table_of
from ui.store import history_db
from ui.store.codes import CODE_LENGTH, HISTORY_CODE_LENGTH, JOIN_LETTERS, new_code
from ui.store.db import (
    CHANNEL,
    Database,
    PostgresDatabase,
    SqliteDatabase,
    is_postgres_url,
)
from ui.store.files import (
    copy_aside,
    data_dir,
    file_problem,
    private_dir,
    remove_files,
    set_aside,
)
from ui.store.history_db import HistoryEntry, Imported, Renamed
from ui.store.schema import DEFAULT_OWNER
from ui.store.tx import Tx
from ui.text import strings as S
from ui.web import host_limit
from ui.web.join_limit import address_key

__all__ = ["CHANNEL", "DEFAULT_OWNER", "copy_aside", "data_dir", "file_problem", "private_dir",
           "remove_files", "set_aside"]

DATABASE_URL = "WONDERS_DATABASE_URL"
"""The environment variable naming a PostgreSQL database (else the SQLite file)."""

MAX_NAME = max_name_length()
"""The longest player name kept (the table format's limit): a longer one is not remembered."""

SHARED_HIDDEN_MOST = 10_000
"""Devices that may take one shared game out of their history (`Store.delete_game`),
whatever their addresses: a backstop, a club's phones many times over."""
SHARED_HIDDEN_PER_ADDRESS = 200
"""Shared games taken out of histories from one client address (`Store.delete_game`): a
household's phones, each hiding every game an operator imported, many times over; the keys
one address mints fill no more (issue 32)."""
IDLE_EXPIRY_S = 24 * 3600
"""A join code no longer admits anyone after a day without a change (or once finished), and
never again (a later change to the game does not revive it: by then a new game may hold the
same code)."""
FINISHED_CODE_S = IDLE_EXPIRY_S
"""How long after it was finished a game's join code is refused as "finished, see History"
rather than as unknown: as long as an idle game keeps its code (a player who comes to the
table late that evening learns where the game went). No longer: codes are 7 letters of 18
(612 million), so with no bound a mistyped code could hit some old finished game and
be told "finished" instead of "check the letters", and a guesser would learn which codes
were ever used."""


class CodesHeld(Exception):
    """The server holds all the open codes it takes (`Store.open_code_cap`), or the search
    for a free one gave up (`ui.web.host_limit.CODE_DRAWS` draws): no new game now."""


class OpenHere(Exception):
    """The client address holds all the open join codes one address may
    (`ui.web.host_limit.OPEN_CODES_PER_ADDRESS`): no new game from it now."""

    def __init__(self, wait_s: float) -> None:
        super().__init__(wait_s)
        self.wait_s = wait_s
        """Seconds until the address's oldest open code stops admitting (a day idle), if
        no game of it is finished before."""


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
    """A change as the game's log keeps it: the edit and its undo as JSON (`ui.entry.edits`), the
    device that made it, the player whose seat that device held then, and when."""

    version: int
    device: str
    edit: str
    saved: float
    undo: str
    phone: str


Logged = Callable[[LiveRecord, LiveRecord], tuple[str, str]]
"""What is logged beside an edit, worked out from the game it was made to and the game
after it: the edit's undo (JSON) and the player whose seat the device held."""


@dataclass(frozen=True)
class SavedGame:
    id: str
    draft: Draft
    summary: str
    finished: float


NOTICES: dict[str, Callable[..., str]] = {
    "recovered": S.store_recovered, "unavailable": S.store_unavailable,
    "failed": S.store_failed, "unreadable": S.draft_unreadable}
"""How each kind of trouble with the saved-games file is worded (ui/text/strings.py)."""



Row = tuple[Any, ...]
_R = TypeVar("_R")


class Store:
    """The store of one process: one connection (`ui/store/db.py`), used under a lock (Flet
    runs handlers on threads).

    A `Store` is the view of one owner (one device): `for_owner(key)` gives another owner's
    view of the same database: a device sees the finished games it took part in (and those
    shared with every device), and its own earlier players."""

    def __init__(self, path: Path | None = None, url: str | None = None) -> None:
        self.path = path or data_dir() / "games.sqlite3"
        """The SQLite file (and beside it the data folder, for uploads) when no URL."""
        self.owner = DEFAULT_OWNER
        self.code_length = CODE_LENGTH
        """Letters of the join codes this store draws (tests make the space small)."""
        self.url = os.environ.get(DATABASE_URL, "") if url is None else url
        self._shared: Database = (PostgresDatabase(self.url) if is_postgres_url(self.url)
                                  else SqliteDatabase(self.path))

    def for_owner(self, owner: str) -> Store:
        """This store, seen by another device: its own game in progress, the same history."""
        view = copy.copy(self)
        view.owner = owner
        return view

    @property
    def file(self) -> object:
        """What every view of one saved-games database shares (to key things per file)."""
        return self._shared

    @property
    def shared(self) -> bool:
        """Whether other processes use the same database (PostgreSQL): their changes are
        heard with `listen`."""
        return isinstance(self._shared, PostgresDatabase)

    def listen(self, heard: Callable[[str | None], None]) -> Callable[[], None] | None:
        """Hear every change saved by any process (PostgreSQL only: None for a file)."""
        shared = self._shared
        return shared.listen(heard) if isinstance(shared, PostgresDatabase) else None

    @property
    def origin(self) -> str:
        """This process's connection, as named in the notes of its changes (`listen`)."""
        return self._shared.origin

    @property
    def notice(self) -> str:
        """What went wrong with the file, in words, until `dismiss()` ("" when all is well)."""
        found = self._shared.notice
        return "" if found is None else NOTICES[found[0]](*found[1])

    def dismiss(self) -> None:
        self._shared.notice = None

    def close(self) -> None:
        self._shared.close()

    def _run(self, work: Callable[[Tx], object], write: bool = False) -> None:
        self._shared.run(work, None, write)

    def _rows(self, sql: str, args: tuple[object, ...]) -> list[Row]:
        def work(db: Tx) -> list[Row]:
            return db.execute(sql, args).fetchall()
        none: list[Row] = []
        return self._shared.run(work, none)

    # games in progress, shared by the devices that took part
    def host_game(self, draft: Draft, device: str, address: str = "") -> LiveRecord:
        """A new game, started by `device` (its host and first member) from client `address`
        ("" unknown: the command line, a test), with a join code that no open game holds
        (the database's unique index says so to every process). `CodesHeld` when the server
        holds all the open codes it takes; `OpenHere` when `address` holds
        `ui.web.host_limit.OPEN_CODES_PER_ADDRESS` (counted in the database: every
        process's games). A finished game (opened from History) gets no join code: an
        address of its own (`HISTORY_CODE_LENGTH` letters) that leads its members back,
        bounded by nothing, holding nothing. A game the store has already is never taken
        over: its record is kept as it is (host, code, version)."""
        now = time.time()
        finished = draft.finished is not None
        key = address_key(address) if address else ""
        text = draft.to_json()

        def work(db: Tx) -> LiveRecord | str | float:
            if finished:
                code = new_code(HISTORY_CODE_LENGTH)
            else:
                free = self._free_code(db, now, key)
                if isinstance(free, float) or free == "held":
                    return free
                code = free
            if db.execute("SELECT 1 FROM live WHERE id = ?", (draft.id,)).fetchone():
                raise GameExists(draft.id)
            db.execute("INSERT INTO live (id, code, host, draft, claims, version, touched, "
                       "closed, spent, address) VALUES (?, ?, ?, ?, '{}', 1, ?, ?, ?, ?)",
                       (draft.id, code, device, text, now, int(finished), int(finished),
                        key))
            db.execute("INSERT INTO members (game, device, joined) VALUES (?, ?, ?) "
                       "ON CONFLICT DO NOTHING", (draft.id, device, now))
            return LiveRecord(draft.id, code, device, draft, {}, 1, now, finished, finished)
        for _ in range(3):  # two processes drew the same code at once: the loser draws again
            got = self._shared.run(work, None, write=True)
            if got == "held":
                raise CodesHeld()
            if isinstance(got, float):
                raise OpenHere(got)
            if isinstance(got, LiveRecord):
                return got
        return LiveRecord(draft.id, new_code(self.code_length), device, draft, {}, 1, now,
                          False)  # the database refused: shown, not kept (its notice says)

    def _free_code(self, db: Tx, now: float, key: str) -> str | float:
        """A join code no open game holds; "held" when the server holds all it takes (or the
        search gave up); a float when the address `key` holds all it may: the seconds until
        its oldest open code stops admitting."""
        # an open code idle a day admits nobody: it stops holding its code
        db.execute("UPDATE live SET spent = 1 WHERE closed = 0 AND spent = 0 AND "
                   "touched <= ?", (now - IDLE_EXPIRY_S,))
        if key:
            held, oldest = db.execute(
                "SELECT count(*), min(touched) FROM live WHERE closed = 0 AND spent = 0 "
                "AND address = ?", (key,)).fetchone()
            if int(held) >= host_limit.OPEN_CODES_PER_ADDRESS:
                return max(1.0, float(oldest) + IDLE_EXPIRY_S - now)
        held = db.execute("SELECT count(*) FROM live WHERE closed = 0 AND spent = 0"
                          ).fetchone()
        if int(held[0]) >= self.open_code_cap:
            return "held"
        for _ in range(host_limit.CODE_DRAWS):  # a search that gives up
            code = new_code(self.code_length)
            if not db.execute("SELECT 1 FROM live WHERE code = ? AND closed = 0 AND "
                              "spent = 0", (code,)).fetchone():
                return code
        return "held"

    @property
    def open_code_cap(self) -> int:
        """The most open codes the server holds: `ui.web.host_limit.MAX_OPEN_CODES`, and never
        more than half the code space (a random draw then finds a free code at least half
        the time)."""
        return min(host_limit.MAX_OPEN_CODES, int(len(JOIN_LETTERS) ** self.code_length) // 2)

    def save_live(self, rec: LiveRecord, device: str = "", edit: str = "",
                  kind: str = "", player: str = "", *, undo: str = "",
                  phone: str = "", member: bool = False) -> bool:
        """A change to a game, in one transaction: the game as it is now and, when given,
        the change as it was made (logged), with the change that takes it back (`undo`) and
        the player whose seat the device held (`phone`, "" none). Compare-and-set: saved
        only over the version just before `rec.version` (and, with `member`, only while
        `device` is a member of the game: checked in the same statement); False when
        another change (of any process) came first, the device is no member, or the
        database refused. Other processes hear of it (`listen`): the game, its version,
        this device, and what to tell (`kind`, `player`: see ui/live.Change)."""
        def work(db: Tx) -> bool:
            return self._write_live(db, rec, device, edit, kind, player, undo, phone, member)
        return self._shared.run(work, False, write=True)

    def _write_live(self, db: Tx, rec: LiveRecord, device: str, edit: str, kind: str,
                    player: str, undo: str, phone: str, member: bool = False) -> bool:
        text = rec.draft.to_json()
        args: tuple[object, ...] = (
            text, json.dumps(rec.claims, sort_keys=True), rec.version,
            rec.touched, int(rec.closed), int(rec.spent), rec.id, rec.version - 1)
        cur = db.execute(
            "UPDATE live SET draft = ?, claims = ?, version = ?, touched = ?, "
            "closed = ?, spent = ? WHERE id = ? AND version = ?"
            + (" AND EXISTS (SELECT 1 FROM members WHERE game = ? AND device = ?)"
               if member else ""),
            (*args, rec.id, device) if member else args)
        if cur.rowcount != 1:
            return False
        if edit:
            db.execute("INSERT INTO edits (game, version, device, edit, saved, undo, phone) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (rec.id, rec.version, device, edit, rec.touched, undo, phone))
        if db.dialect == "postgresql":  # delivered when (and if) this transaction commits
            note = json.dumps({"game": rec.id, "version": rec.version, "device": device,
                               "kind": kind, "player": player, "from": self.origin})
            db.execute("SELECT pg_notify(?, ?)", (CHANNEL, note))
        return True

    def change_live(self, game_id: str,
                    change: Callable[[LiveRecord], LiveRecord | _R],
                    device: str = "", edit: str = "", kind: str = "",
                    player: str = "", *, log: Logged | None = None) -> LiveRecord | _R | None:
        """Read the newest game and save `change` of it in one transaction, the game's row
        locked meanwhile (FOR UPDATE; SQLite's write lock): what a process does after it lost
        a compare-and-set, so that it cannot lose again. `change` may refuse (any other
        value: handed back, nothing saved). `log` gives the edit's undo and the seat held,
        of the game read here. None: no such game, or the database refused."""
        def work(db: Tx) -> LiveRecord | _R | None:
            lock = " FOR UPDATE" if db.dialect == "postgresql" else ""
            row = db.execute("SELECT id, code, host, draft, claims, version, touched, closed, "
                             f"spent FROM live WHERE id = ?{lock}", (game_id,)).fetchone()
            if row is None:
                return None
            rec = LiveRecord(str(row[0]), str(row[1]), str(row[2]), read_draft(row[3]),
                             dict(json.loads(row[4])), int(row[5]), float(row[6]),
                             bool(row[7]), bool(row[8]))
            new = change(rec)
            if not isinstance(new, LiveRecord):
                return new
            undo, phone = log(rec, new) if log is not None else ("", "")
            if not self._write_live(db, new, device, edit, kind, player, undo, phone):
                raise RuntimeError("the locked game changed")  # cannot happen: locked
            return new
        return self._shared.run(work, None, write=True)

    def edit_at(self, game_id: str, version: int) -> tuple[str, str] | None:
        """The change that made this version of a game, as logged: (device, edit JSON)."""
        rows = self._rows("SELECT device, edit FROM edits WHERE game = ? AND version = ?",
                          (game_id, version))
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    def changes(self, game_id: str, limit: int = MAX_CHANGES_SHOWN) -> list[LoggedChange]:
        """The game's logged changes, newest first (at most `limit`)."""
        return [_logged(row) for row in self._rows(
            "SELECT version, device, edit, saved, undo, phone FROM edits WHERE game = ? "
            "ORDER BY version DESC LIMIT ?", (game_id, limit))]

    def changes_since(self, game_id: str, version: int,
                      limit: int = MAX_CHANGES_SHOWN) -> list[LoggedChange]:
        """The game's logged changes after `version`, oldest first (at most `limit`)."""
        return [_logged(row) for row in self._rows(
            "SELECT version, device, edit, saved, undo, phone FROM edits WHERE game = ? "
            "AND version > ? ORDER BY version LIMIT ?", (game_id, version, limit))]

    def change(self, game_id: str, version: int) -> LoggedChange | None:
        """One logged change of the game, by the version it made."""
        rows = self._rows("SELECT version, device, edit, saved, undo, phone FROM edits "
                          "WHERE game = ? AND version = ? LIMIT 1", (game_id, version))
        return _logged(rows[0]) if rows else None

    def _live_rows(self, where: str, args: tuple[object, ...]) -> list[LiveRecord]:
        """The game last changed among those `where` selects (a list of none or one)."""
        out = []
        for gid, code, host, text, claims, version, touched, closed, spent in self._rows(
                "SELECT id, code, host, draft, claims, version, touched, closed, spent "
                f"FROM live WHERE {where} ORDER BY touched DESC LIMIT 1", args):
            try:
                draft = read_draft(str(text))
                seats = json.loads(str(claims))
            except (ValueError, TypeError, AttributeError) as err:
                self._keep_aside_live(str(gid), str(text))
                self._shared.notice = ("unreadable", (str(err),))
                continue
            out.append(LiveRecord(str(gid), str(code), str(host), draft, dict(seats),
                                  int(version), float(touched), bool(closed), bool(spent)))
        return out

    def games_with(self, name: str) -> list[str]:
        """The games of the history where a player of this name sat (any device's)."""
        return [str(r[0]) for r in self._rows(
            "SELECT DISTINCT game FROM results WHERE name = ?", (name,))]

    def sees_play(self, draft: Draft) -> bool:
        """Whether this device's history holds `draft`'s finished play already, under any
        id: the same table and paper totals, finished the same second (`history_db.
        fingerprint`; a file's moment is cut to the second, the history's rounded to it,
        so the second after is tried too). An export of a game imported again is then no
        second game in the history and the statistics (a walk's game counted twice)."""
        if draft.played is None:
            return False
        try:
            table, quick = table_of(draft), draft.quick()
        except (ValueError, TypeError, AttributeError):  # no table: no play to know, imported
            return False
        prints = [history_db.fingerprint(table, quick, draft.played + d) for d in (0, 1)]
        return bool(self._rows(
            f"SELECT 1 FROM games WHERE fingerprint IN (?, ?) AND deleted = 0 AND "
            f"{self._MINE}", (*prints, self.owner, self.owner)))

    def was_finished(self, game_id: str) -> bool:
        """Whether the game was finished once (its history holds it): open again, it is
        being corrected, which only its host does. A read that fails says yes: a member's
        change is then refused, never let through to a game the host corrects."""
        def work(db: Tx) -> bool:
            return db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() \
                is not None
        return bool(self._shared.run(work, True))

    def in_correction(self, game_ids: Sequence[str]) -> list[str]:
        """Of these games, those whose record is open again (a finished game being
        corrected): a rename in the history reaches them at once (`Tables.rename_in_game`);
        a finished record follows its history when it is opened (`Tables.open_finished`)."""
        found: list[str] = []
        for start in range(0, len(game_ids), 500):  # a bound on one statement's arguments
            part = tuple(game_ids[start:start + 500])
            marks = ", ".join("?" * len(part))
            found += [str(r[0]) for r in self._rows(
                f"SELECT id FROM live WHERE closed = 0 AND id IN ({marks})", part)]
        return found

    def live(self, game_id: str) -> LiveRecord | None:
        found = self._live_rows("id = ?", (game_id,))
        return found[0] if found else None

    def live_by_code(self, code: str) -> LiveRecord | None:
        """The open game holding this join code (the newest, if an old one held it too)."""
        found = self._live_rows("code = ? AND closed = 0 AND spent = 0", (code,))
        return found[0] if found else None

    def last_by_code(self, code: str, now: float) -> LiveRecord | None:
        """The game that held this join code last, open or not, if it was changed (or
        finished) within `FINISHED_CODE_S` of `now`: a refused code says why (the game is
        finished) only for a game finished lately."""
        found = self._live_rows("code = ? AND touched > ?", (code, now - FINISHED_CODE_S))
        return found[0] if found else None

    def members_game(self, code: str, device: str) -> LiveRecord | None:
        """The game of this code that `device` took part in (its address /g/<code> leads a
        member back to it, finished, idle or not; the newest if it took part in two)."""
        found = self._live_rows(
            "code = ? AND id IN (SELECT game FROM members WHERE device = ?)", (code, device))
        return found[0] if found else None

    def add_member(self, game_id: str, device: str) -> None:
        def work(db: Tx) -> None:
            db.execute("INSERT INTO members (game, device, joined) VALUES (?, ?, ?) "
                       "ON CONFLICT DO NOTHING", (game_id, device, time.time()))
        self._run(work, write=True)

    def is_member(self, game_id: str, device: str) -> bool:
        return bool(self._rows("SELECT 1 FROM members WHERE game = ? AND device = ?",
                               (game_id, device)))

    def known_since(self, device: str) -> float | None:
        """When the device first took part in a game here (hosted or joined one, or a game
        of its history); None: never (`ui.web.join_limit` counts it as a stranger)."""
        def work(db: Tx) -> float | None:
            row = db.execute("SELECT MIN(joined) FROM members WHERE device = ?",
                             (device,)).fetchone()
            return None if row is None or row[0] is None else float(row[0])
        return self._shared.run(work, None) if device else None

    def members(self, game_id: str) -> list[str]:
        return [str(r[0]) for r in self._rows(
            "SELECT device FROM members WHERE game = ? ORDER BY joined", (game_id,))]

    def failed_joins(self, address: str, now: float, window: float, fail: bool) -> list[float]:
        """The failed joins of a client address within `window` seconds before `now`, oldest
        first, counted in the database (every process's); `fail` counts one more now.
        Failures older than the window are forgotten."""
        def work(db: Tx) -> list[float]:
            db.execute("DELETE FROM failed_joins WHERE at <= ?", (now - window,))
            if fail:
                db.execute("INSERT INTO failed_joins (address, at) VALUES (?, ?)",
                           (address, now))
            rows = db.execute("SELECT at FROM failed_joins WHERE address = ? ORDER BY at",
                              (address,)).fetchall()
            return [float(r[0]) for r in rows]
        none: list[float] = []
        return self._shared.run(work, none, write=True)

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
                gone = rec

                def work(db: Tx) -> None:
                    db.execute("DELETE FROM members WHERE game = ? AND device = ?",
                               (gone.id, self.owner))
                self._run(work, write=True)
        elif rec is not None and rec.draft.id == draft.id:
            self.save_live(replace(rec, draft=draft, version=rec.version + 1,
                                   touched=time.time(), closed=draft.finished is not None))
        else:
            self.host_game(draft, self.owner)

    def load_current(self) -> Draft | None:
        rec = self.current_game()
        return None if rec is None else rec.draft

    def _keep_aside_live(self, game_id: str, text: str) -> None:
        def work(db: Tx) -> None:
            db.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                       (time.time(), "game in progress", text))
            db.execute("DELETE FROM live WHERE id = ?", (game_id,))
        self._run(work, write=True)

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

        def work(db: Tx) -> bool:
            db.execute(
                "INSERT INTO games (id, draft, summary, finished, deleted) "
                "VALUES (?, ?, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET "
                "draft = excluded.draft, summary = excluded.summary, "
                "finished = excluded.finished, deleted = 0",
                (draft.id, draft.to_json(), summary, finished),
            )
            history_db.write(db, draft, finished, rows)
            if draft.place or draft.note:  # an imported play's, where the game has none
                db.execute("UPDATE games SET place = ?, note = ? WHERE id = ? AND "
                           "COALESCE(place, '') = '' AND COALESCE(note, '') = ''",
                           (draft.place[:history_db.MAX_PLACE],
                            draft.note[:history_db.MAX_NOTE], draft.id))
            db.executemany("INSERT INTO members (game, device, joined) VALUES (?, ?, ?) "
                           "ON CONFLICT DO NOTHING", [(draft.id, d, time.time()) for d in who])
            return True
        saved = self._shared.run(work, False, write=True)
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
        out = []
        for gid, text, summary, finished in self._rows(
                "SELECT id, draft, summary, finished FROM games WHERE deleted = 0 AND "
                f"{self._MINE} ORDER BY finished DESC", (self.owner, self.owner)):
            try:
                out.append(SavedGame(str(gid), read_draft(str(text)), str(summary),
                                     float(finished)))
            except (ValueError, TypeError, AttributeError):
                continue
        return out

    def delete_game(self, game_id: str, deleted: bool = True, address: str = ""
                    ) -> Literal["done", "full", "failed"]:
        """Takes a game out of this device's history (or puts it back, to undo); the other
        players keep theirs. A game every device shares (from before participants were
        recorded, or imported by the operator) leaves this device's history only
        (`shared_hidden`): no device takes it from another. A device is a key its browser
        makes, so the rows are bounded per client `address` ("" unknown: the command line,
        a test): at most `SHARED_HIDDEN_PER_ADDRESS` from one address (an address minting
        keys fills nothing, and keeps no other phone from hiding a game), and
        `SHARED_HIDDEN_MOST` devices for one game whatever their addresses. "full" when a
        bound refused it, "failed" when the file refused the write. Another device's game is
        left alone."""
        def work(db: Tx) -> Literal["done", "full", "failed"]:
            db.execute("UPDATE members SET hidden = ? WHERE game = ? AND device = ?",
                       (int(deleted), game_id, self.owner))
            if not deleted:
                db.execute("DELETE FROM shared_hidden WHERE game = ? AND device = ?",
                           (game_id, self.owner))
                return "done"
            # the game's row locked while its hiders are counted (PostgreSQL: two Deletes at
            # the bound are counted one after the other; SQLite writes one at a time)
            lock = " FOR UPDATE" if db.dialect == "postgresql" else ""
            shared = db.execute("SELECT 1 FROM games WHERE id = ? AND id NOT IN "
                                f"(SELECT game FROM members){lock}", (game_id,)).fetchone()
            if shared is None:
                return "done"
            hiders = db.execute("SELECT COUNT(*) FROM shared_hidden WHERE game = ?",
                                (game_id,)).fetchone()[0]
            here = db.execute("SELECT COUNT(*) FROM shared_hidden WHERE address = ?",
                              (key,)).fetchone()[0] if key else 0
            if hiders >= SHARED_HIDDEN_MOST or here >= SHARED_HIDDEN_PER_ADDRESS:
                return "full"
            db.execute("INSERT INTO shared_hidden (game, device, address) VALUES (?, ?, ?) "
                       "ON CONFLICT DO NOTHING", (game_id, self.owner, key))
            return "done"
        key = address_key(address) if address else ""
        failed: Literal["done", "full", "failed"] = "failed"
        done = self._shared.run(work, failed, write=True)
        self._shared.history_version += 1
        return done

    # remembered names: each device's own
    def remember(self, names: list[str]) -> None:
        """The names this device started a game with, for its New game screen: its own list
        (`history_db.KEPT_NAMES` most recent), never shown to another device."""
        now = time.time()

        def work(db: Tx) -> None:
            db.executemany(
                "INSERT INTO device_names (device, name, used) VALUES (?, ?, ?) "
                "ON CONFLICT (device, name) DO UPDATE SET used = excluded.used",
                [(self.owner, n, now) for n in names if n.strip() and len(n) <= MAX_NAME],
            )
            db.execute("DELETE FROM device_names WHERE device = ? AND name NOT IN (SELECT name "
                       "FROM device_names WHERE device = ? ORDER BY used DESC, name LIMIT ?)",
                       (self.owner, self.owner, history_db.KEPT_NAMES))
        self._run(work, write=True)

    def names(self, limit: int = 20) -> list[str]:
        """This device's earlier players, the most recent first."""
        # a name stored by an older version beyond the limit: not sent
        return [str(r[0]) for r in self._rows(
            "SELECT name FROM device_names WHERE device = ? AND length(name) <= ? "
            "ORDER BY used DESC, name LIMIT ?", (self.owner, MAX_NAME, limit))]

    # the history's plays and statistics (ui/store/history_db.py)
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
            return got[0], read_draft(got[1])
        except ValueError:
            return None

    def set_play(self, game_id: str, place: str, note: str) -> bool:
        """A finished game's place and note."""
        done = self._shared.run(
            lambda db: history_db.set_play(db, self.owner, game_id, place, note), False,
            write=True)
        self._shared.history_version += 1
        return done

    def result_rows(self) -> list[PlayerRow]:
        """Every player's result in every game this device sees. The rows of the whole file
        are read once, then kept up to date by each save and import (each adds its games'); a
        rename reads them again. Only the device's own games are gone through: another
        device's imports do not slow it. On PostgreSQL other processes save games too:
        the rows are read each time."""
        shared = self._shared
        with shared.lock:
            version = shared.history_version
            kept = shared.rows_cache.get(self.owner)
            if kept is not None and kept[0] == version and not self.shared:
                return kept[1]
            if shared.rows_by_game is None or self.shared:
                none: dict[str, list[PlayerRow]] = {}
                shared.rows_by_game = shared.run(history_db.all_rows, none)
            mine = shared.run(lambda db: history_db.visible(db, self.owner), set[str]())
            by_game = shared.rows_by_game  # the device's games only: others' cost nothing
            seen = [(seats[0].finished, gid, seats) for gid in mine
                    if (seats := by_game.get(gid))]
            found = [r for _, _, seats in sorted(seen, key=lambda s: (s[0], s[1]))
                     for r in seats]
            if len(shared.rows_cache) > 16:
                shared.rows_cache.clear()
            shared.rows_cache[self.owner] = (version, found)
            return found

    def rename_player(self, old: str, new: str) -> Renamed:
        """`old` is `new` from now on in every game this device sees (a merge when `new`
        already plays; refused, naming the games, when both sat at one table)."""
        done = self._shared.run(lambda db: history_db.rename(db, self.owner, old, new),
                                Renamed(), write=True)
        self._shared.rows_by_game = None
        self._shared.history_version += 1
        self._shared.read_rows_soon()
        return done

    def history_export(self, everyone: bool = False
                       ) -> tuple[list[Play], list[history_db.LeftOut]]:
        """Every game this device sees (`everyone`: every game of the file, whichever devices
        took part: the command line's backup), for the history file, and those left out (a
        saved row that cannot be read as a game): never dropped in silence."""
        none: tuple[list[Play], list[history_db.LeftOut]] = ([], [])
        owner = None if everyone else self.owner
        return self._shared.run(lambda db: history_db.plays_and_left_out(db, owner), none)

    def import_plays(self, plays: list[Play], everyone: bool = False,
                     address: str = "") -> Imported | None:
        """The games of a history file that this history lacks, as this device's (with
        `everyone`: as every device's), from client `address` ("" none known: the command
        line), bounded per device and per address (`history_db.import_plays`); None: the
        file could not be written, nothing was added."""
        owner = None if everyone else self.owner
        key = address_key(address) if address else ""
        done = self._shared.run(lambda db: history_db.import_plays(db, owner, plays, key),
                                None, write=True)
        with self._shared.lock:  # the added games' rows join the kept ones: nothing re-read
            kept = self._shared.rows_by_game
            if done is not None and kept is not None:
                kept.update(done.rows)
            self._shared.history_version += 1
        return done


def _logged(row: Row) -> LoggedChange:
    version, device, edit, saved, undo, phone = row
    return LoggedChange(int(version), str(device), str(edit), float(saved), str(undo),
                        str(phone))
