"""The store's connection, one per process and back end, and its one way to work:
`run(work, fallback, write)`: the work in one transaction (when it writes) under the
connection's lock, any database error reported as a notice and never raised.

- `SqliteDatabase`: the embedded default, one file in the data folder (WAL, synchronous
  NORMAL and a group commit: `WalFlusher` makes the WAL durable within `DURABLE_WITHIN_S`
  of a change, one fsync for every change of that window); a damaged file is kept aside
  and a fresh one started (ui/store/files.py), and when not even that can be written the
  app runs in memory. One process only.
- `PostgresDatabase`: `WONDERS_DATABASE_URL=postgresql://...` (psycopg 3); any number of
  processes share it. A lost connection is made again once per unit of work (the work
  then runs again: every unit is one transaction, so it is never half done); its sessions
  commit with `synchronous_commit = off` (PostgreSQL's own group commit). `listen()`
  hears what the other processes saved (LISTEN/NOTIFY on `CHANNEL`).

Both bring the schema to the latest migration when they connect (ui/store/schema.py).
Part of the store (ui/store/store.py)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from scorer.stats import PlayerRow
from ui.store import history_db
from ui.store.files import EMPTY, _private_files, copy_aside, file_problem, remove_files, set_aside
from ui.store.schema import NewerSchema, legacy_version, migrate
from ui.store.tx import Cursor, Tx

_T = TypeVar("_T")

CHANNEL = "wonders_games"
"""The PostgreSQL notification channel: every saved change of a game in progress."""
Notice = tuple[str, tuple[str, ...]]

DURABLE_WITHIN_S = 0.3
"""A committed change is on the disk (its WAL fsynced) at most this long after its commit.
The promise (as PostgreSQL's `synchronous_commit = off` gives it): a crash or kill of the
app loses nothing it acknowledged (the WAL's pages are in the OS's cache once committed);
a power cut or a crash of the OS loses at most the changes of the last `DURABLE_WITHIN_S`,
and never corrupts the file (WAL with `synchronous=NORMAL`). Every change of a window
shares one fsync: a tap no longer pays for its own (~0.4-0.9 ms of CPU, BENCHMARKS.md
"Server CPU per tap"). 0.3 s: below what a player notices between a tap and a power cut,
and ~40 changes share an fsync at the busiest table the benchmarks tap."""


def fsync_file(path: Path) -> None:
    """fsync one file by its name (the WAL: SQLite holds its own descriptor); a file that
    is not there (no change yet, or removed by the last close) has nothing to make durable."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class WalFlusher:
    """The group commit: `written()` after each commit; one thread fsyncs the WAL at most
    `within` seconds after the first commit not yet durable, so every change of that
    window shares one fsync. `close()` flushes what is left and stops the thread."""

    def __init__(self, wal: Path, within: float = DURABLE_WITHIN_S,
                 sync: Callable[[Path], None] = fsync_file) -> None:
        self.wal = wal
        self.within = within
        self.sync = sync
        self._cond = threading.Condition()
        self._dirty_since: float | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="wal-flusher", daemon=True)
        self._thread.start()

    def written(self) -> None:
        with self._cond:
            if self._dirty_since is None:
                self._dirty_since = time.monotonic()
                self._cond.notify()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while self._dirty_since is None and not self._closed:
                    self._cond.wait()
                if self._closed or self._dirty_since is None:
                    return
                due = self._dirty_since + self.within
                while not self._closed and (wait := due - time.monotonic()) > 0:
                    self._cond.wait(wait)
                if self._closed:
                    return  # close() flushes
                self._dirty_since = None  # a commit from now on waits for the next fsync
            self._flush()

    def _flush(self) -> None:
        try:
            self.sync(self.wal)
        except OSError as err:  # reported, never raised: the next window tries again
            _log(f"{self.wal} could not be made durable ({err})")

    def close(self) -> None:
        """Stop the thread, then make the last window's changes durable."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            dirty = self._dirty_since is not None
            self._dirty_since = None
            self._cond.notify()
        self._thread.join()
        if dirty:
            self._flush()


def _log(text: str) -> None:
    print(f"wonders-scorer: {text}", file=sys.stderr, flush=True)


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class SqliteTx:
    """A unit of work on the SQLite connection (the caller began the transaction)."""

    dialect = "sqlite"

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, args: Sequence[object] = ()) -> Cursor:
        return self.db.execute(sql, tuple(args))

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        self.db.executemany(sql, [tuple(r) for r in rows])


def tidy(tx: Tx) -> None:
    """At every start, after the migrations: games deleted by every device purged, and the
    history's rows made for the games saved without them (ui/store/history_db.py)."""
    tx.execute("DELETE FROM games WHERE deleted = 1")
    history_db.tidy(tx)


def _is_damage(err: sqlite3.Error) -> bool:
    """Whether an error means the file itself is unreadable (as opposed to busy, full...)."""
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(
            err, (sqlite3.OperationalError, sqlite3.IntegrityError, sqlite3.ProgrammingError)):
        return True  # "file is not a database", "database disk image is malformed"
    text = str(err).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text


@contextlib.contextmanager
def _sqlite_transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class HistoryCache:
    """What the store keeps in memory of the history, per database (ui/store/history_db.py)."""

    lock: threading.RLock

    def __init__(self) -> None:
        self.history_version = 0
        """Counted up by every change to the history (the statistics' rows are cached per
        owner until it changes)."""
        self.rows_cache: dict[str, tuple[int, list[PlayerRow]]] = {}
        """Each owner's rows, as of a `history_version`."""
        self.rows_by_game: dict[str, list[PlayerRow]] | None = None
        """Every game's rows, read at the first use (None: not read, or to read again)."""

    def run(self, work: Callable[[Any], _T], fallback: _T, write: bool = False) -> _T:
        raise NotImplementedError

    def read_rows_soon(self) -> None:
        """Read every game's rows in the background (at start, after an import or a
        rename), so that the first statistics screen finds them read."""
        def read() -> None:
            with self.lock:
                if self.rows_by_game is not None:
                    return
                none: dict[str, list[PlayerRow]] | None = None
                self.rows_by_game = self.run(history_db.all_rows, none)
        threading.Thread(target=read, name="history-rows", daemon=True).start()


class SqliteDatabase(HistoryCache):
    """The connection to one file, its lock and the store's notice (shared by owners)."""

    dialect = "sqlite"

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.origin = secrets.token_hex(8)
        self.lock = threading.RLock()
        self.notice: Notice | None = None
        """What went wrong, as a kind of `ui.store.store.NOTICES` and its words' values: worded
        when read, in the reader's language (the file is opened before any session)."""
        self.kept: Path | None = None
        """The copy kept aside of a damaged file, until the notice names it."""
        self.db = self._open_or_recover()
        self.flusher = WalFlusher(path.with_name(path.name + "-wal"))
        self.read_rows_soon()

    def _connect(self, target: Path | str) -> sqlite3.Connection:
        if isinstance(target, Path):
            _private_files(target)
        db = sqlite3.connect(target, check_same_thread=False, isolation_level=None,
                             timeout=10)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # the WAL fsynced by `WalFlusher`
            problems = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError("integrity check failed: " + "; ".join(problems[:3]))
            with _sqlite_transaction(db):
                self._migrate(db)
                tidy(SqliteTx(db))
        except BaseException as err:
            if (isinstance(target, Path) and isinstance(err, sqlite3.Error)
                    and _is_damage(err)):
                self._close_keeping(db)
            else:
                db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" in tables:
            row = db.execute("SELECT version FROM schema_version").fetchone()
            found = int(row[0]) if row else 0
        else:
            columns = {r[1] for r in db.execute("PRAGMA table_info(live)")}
            found = legacy_version(tables, columns)
            # the unnumbered schema's last version made the change log's index that
            # migration 6 makes: made again there
            db.execute("DROP INDEX IF EXISTS edits_game")
            db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        try:
            migrate(SqliteTx(db), found)
        except NewerSchema as err:  # not damage: the file is left alone, the app in memory
            raise sqlite3.OperationalError(str(err)) from err

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
        _log(f"{self.path} could not be read ({why}); the original kept as {kept} (with its "
             "-wal and -shm, if any)")

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
        _log(f"{self.path} cannot be used ({err}); nothing will be saved")
        return self._connect(":memory:")

    def _once(self, work: Callable[[SqliteTx], _T], write: bool) -> _T:
        if not write:
            return work(SqliteTx(self.db))
        with _sqlite_transaction(self.db):
            done = work(SqliteTx(self.db))
        self.flusher.written()
        return done

    def run(self, work: Callable[[SqliteTx], _T], fallback: _T, write: bool = False) -> _T:
        """Run one unit of work under the lock (in one transaction when it writes); a
        damaged file is set aside once and the work retried on the fresh one; any other
        error is reported, never raised."""
        with self.lock:
            try:
                return self._once(work, write)
            except sqlite3.Error as err:
                if not _is_damage(err):
                    self.notice = ("failed", (str(err),))
                    _log(str(err))
                    return fallback
                self._close_keeping(self.db)
                self.db = self._recover(err)
                self.rows_by_game = None  # a fresh file: its history is read anew
                self.history_version += 1
            try:
                return self._once(work, write)
            except sqlite3.Error as err:
                self.notice = ("failed", (str(err),))
                return fallback

    def close(self) -> None:
        """The last window's changes made durable, then the file closed (its WAL merged)."""
        with self.lock:
            self.flusher.close()
            self.db.close()


# PostgreSQL -------------------------------------------------------------------------------

def _pg_sql(sql: str) -> str:
    """`?` placeholders (both back ends' queries) as psycopg's `%s`."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresTx:
    dialect = "postgresql"

    def __init__(self, db: Any) -> None:
        self.db = db

    def execute(self, sql: str, args: Sequence[object] = ()) -> Cursor:
        cursor: Cursor = self.db.execute(_pg_sql(sql), tuple(args))
        return cursor

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        with self.db.cursor() as cur:
            cur.executemany(_pg_sql(sql), [tuple(r) for r in rows])


MIGRATION_LOCK = 0x57_4F_4E_44
"""The advisory lock that lets one process at a time bring the schema up to date."""


class PostgresDatabase(HistoryCache):
    """One connection per process to a PostgreSQL database shared by every process."""

    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        import psycopg  # an optional dependency: only with WONDERS_DATABASE_URL

        super().__init__()
        self._psycopg = psycopg
        self.url = url
        self.origin = secrets.token_hex(8)
        """Who this connection is in the notes it sends (a process hears its own too)."""
        self.lock = threading.RLock()
        self.notice: Notice | None = None
        self.kept: Path | None = None
        self.db: Any = self._connect()

    def _connect(self) -> Any:
        db = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        # the group commit: a commit returns once its WAL record is written, not flushed;
        # the WAL writer flushes within ~3 x wal_writer_delay (a power cut loses at most
        # that window, never corrupts; a crash of the app loses nothing acknowledged)
        db.execute("SET synchronous_commit = off")
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema_version").fetchone()
            migrate(PostgresTx(db), int(row[0]) if row else 0)
            tidy(PostgresTx(db))
        return db

    def _once(self, work: Callable[[PostgresTx], _T], write: bool) -> _T:
        if self.db is None or self.db.closed or self.db.broken:
            self.db = self._connect()
        if not write:
            return work(PostgresTx(self.db))
        with self.db.transaction():
            return work(PostgresTx(self.db))

    def run(self, work: Callable[[PostgresTx], _T], fallback: _T, write: bool = False) -> _T:
        """Run one unit of work under the lock (in one transaction when it writes); a lost
        connection is made again and the work run once more; any other error is reported,
        never raised."""
        psycopg = self._psycopg
        with self.lock:
            for attempt in (1, 2):
                try:
                    return self._once(work, write)
                except psycopg.OperationalError as err:
                    lost = self.db is None or self.db.closed or self.db.broken
                    if attempt == 2 or not lost:
                        self.notice = ("failed", (str(err),))
                        _log(str(err))
                        return fallback
                    _log(f"the database connection was lost ({err}); connecting again")
                    with contextlib.suppress(psycopg.Error):
                        self.db = None
                        self.db = self._connect()
                except psycopg.Error as err:
                    self.notice = ("failed", (str(err),))
                    _log(str(err))
                    return fallback
            return fallback

    def close(self) -> None:
        with self.lock:
            if self.db is not None:
                self.db.close()

    def listen(self, heard: Callable[[str | None], None]) -> Callable[[], None]:
        """Call `heard(payload)` for every notification on `CHANNEL` (any process's, this
        one's too), from a thread of its own with its own connection; `heard(None)` after
        the connection was lost and made again (notifications may have been missed). The
        returned function stops it."""
        psycopg = self._psycopg
        stopping = threading.Event()

        def loop() -> None:
            missed = False
            while not stopping.is_set():
                try:
                    with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                        db.execute(f"LISTEN {CHANNEL}")
                        if missed:
                            heard(None)
                        while not stopping.is_set():
                            for note in db.notifies(timeout=0.5):
                                try:
                                    heard(note.payload)
                                except Exception as err:  # one bad change stops no other
                                    _log(f"a change from another process: {err!r}")
                except psycopg.Error as err:
                    if stopping.is_set():
                        return
                    _log(f"listening for other processes' changes: {err}; trying again")
                    missed = True
                    time.sleep(0.5)

        thread = threading.Thread(target=loop, name="wonders-listen", daemon=True)
        thread.start()

        def stop() -> None:
            stopping.set()
            thread.join(2)
        return stop


Database = SqliteDatabase | PostgresDatabase
