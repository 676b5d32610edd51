"""The saved games' schema, once for both back ends: numbered migrations applied at start.

`schema_version` holds the number of the last migration applied. A database is brought to
`LATEST` by applying, in one transaction, every migration after its number; a SQLite file
from before the numbering (no `schema_version`) is numbered by the tables and columns it
has (`legacy_version`), so every file an earlier version wrote is brought up to date. The
SQL is common to SQLite and PostgreSQL (`DOUBLE PRECISION` is a float to both, `ON
CONFLICT` too); a migration that needs Python (reading a game's JSON) is a function.

Part of the store (ui/store/store.py)."""

from __future__ import annotations

from collections.abc import Callable

from ui.entry.games import read_draft
from ui.store import history_db
from ui.store.codes import new_code
from ui.store.tx import Tx, columns


def _json_valid(tx: Tx) -> None:
    """SQLite's `json_valid(text)` (1 or 0), which the history's reads use, on PostgreSQL."""
    if tx.dialect == "postgresql":
        tx.execute("CREATE OR REPLACE FUNCTION json_valid(t text) RETURNS integer "
                   "LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN PERFORM t::json; RETURN 1; "
                   "EXCEPTION WHEN others THEN RETURN 0; END $$")


def _undo_columns(tx: Tx) -> None:
    """Each logged edit's undo and the seat its phone held (the change list): a file of the
    unnumbered schema's last version (before the numbering reached it) may have them."""
    logged = columns(tx, "edits")
    for column in ("undo", "phone"):
        if column not in logged:
            tx.execute(f"ALTER TABLE edits ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")


DEFAULT_OWNER = ""
"""The owner of a file from before per-device games (its game in progress is kept aside:
it must never be offered to whichever device comes first)."""


def _games_from_drafts(tx: Tx) -> None:
    """Games in progress from before shared games (one per device, in `current` then
    `drafts`) become games of that device, hosted by it; the one of a client without
    storage is kept aside, never handed to anyone. Then those tables go."""
    tx.execute("INSERT INTO drafts (owner, draft, saved) SELECT ?, draft, saved FROM current "
               "WHERE slot = 1 ON CONFLICT DO NOTHING", (DEFAULT_OWNER,))
    for owner, text, saved in tx.execute("SELECT owner, draft, saved FROM drafts").fetchall():
        assert isinstance(text, str)
        if owner == DEFAULT_OWNER:
            tx.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                       (saved, "game in progress of a browser without storage", text))
            continue
        try:
            gid = read_draft(text).id
        except ValueError:
            tx.execute("INSERT INTO set_aside (saved, what, text) VALUES (?, ?, ?)",
                       (saved, "game in progress", text))
            continue
        tx.execute("INSERT INTO live (id, code, host, draft, claims, version, touched, closed) "
                   "VALUES (?, ?, ?, ?, '{}', 1, ?, 0) ON CONFLICT DO NOTHING",
                   (gid, new_code(), owner, text, saved))
        tx.execute("INSERT INTO members (game, device, joined) VALUES (?, ?, ?) "
                   "ON CONFLICT DO NOTHING", (gid, owner, saved))
    tx.execute("DROP TABLE current")
    tx.execute("DROP TABLE drafts")


def _one_open_game_per_code(tx: Tx) -> None:
    """Join codes unique among open games, by the database (every process): an older open
    game that shares its code with a newer one stops admitting (it was unreachable by its
    code already: a code led to the newest)."""
    rows = tx.execute("SELECT id, code FROM live WHERE closed = 0 AND spent = 0 "
                      "ORDER BY touched DESC").fetchall()
    seen: set[object] = set()
    for gid, code in rows:
        if code in seen:
            tx.execute("UPDATE live SET spent = 1 WHERE id = ?", (gid,))
        seen.add(code)
    tx.execute("CREATE UNIQUE INDEX live_open_code ON live (code) "
               "WHERE closed = 0 AND spent = 0")


Migration = str | Callable[[Tx], None]

MIGRATIONS: list[tuple[str, list[Migration]]] = [
    ("finished games and remembered names, the game in progress of the one device", [
        """CREATE TABLE IF NOT EXISTS current (
            slot INTEGER PRIMARY KEY CHECK (slot = 1),
            draft TEXT NOT NULL,
            saved DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            draft TEXT NOT NULL,
            summary TEXT NOT NULL,
            finished DOUBLE PRECISION NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE IF NOT EXISTS names (
            name TEXT PRIMARY KEY,
            used DOUBLE PRECISION NOT NULL)""",
    ]),
    ("a game in progress per device; games kept aside instead of lost", [
        """CREATE TABLE IF NOT EXISTS drafts (
            owner TEXT PRIMARY KEY,
            draft TEXT NOT NULL,
            saved DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS set_aside (
            saved DOUBLE PRECISION NOT NULL,
            what TEXT NOT NULL,
            text TEXT NOT NULL)""",
    ]),
    ("one game, every phone: shared games, their members and their change log", [
        """CREATE TABLE IF NOT EXISTS live (
            id TEXT PRIMARY KEY,
            code TEXT NOT NULL,
            host TEXT NOT NULL,
            draft TEXT NOT NULL,
            claims TEXT NOT NULL,
            version INTEGER NOT NULL,
            touched DOUBLE PRECISION NOT NULL,
            closed INTEGER NOT NULL DEFAULT 0)""",
        "CREATE INDEX IF NOT EXISTS live_code ON live (code)",
        """CREATE TABLE IF NOT EXISTS members (
            game TEXT NOT NULL,
            device TEXT NOT NULL,
            joined DOUBLE PRECISION NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game, device))""",
        """CREATE TABLE IF NOT EXISTS edits (
            game TEXT NOT NULL,
            version INTEGER NOT NULL,
            device TEXT NOT NULL,
            edit TEXT NOT NULL,
            saved DOUBLE PRECISION NOT NULL)""",
    ]),
    ("a join code admits nobody once spent", [
        "ALTER TABLE live ADD COLUMN spent INTEGER NOT NULL DEFAULT 0",
    ]),
    ("games in progress of before shared games become their device's", [_games_from_drafts]),
    ("many processes: one open game per join code, failed joins counted in the database, "
     "the change log found by game", [
        _one_open_game_per_code,
        """CREATE TABLE failed_joins (
            address TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL)""",
        "CREATE INDEX failed_joins_address ON failed_joins (address, at)",
        "CREATE INDEX edits_game ON edits (game, version)",
    ]),
    ("the history's plays (start, place, note) and per-player results (ui/store/history_db.py; "
     "a file of the version before the numbering may have them already)", [history_db.add_schema]),
    ("json_valid() on both back ends (a damaged history row is listed, not hidden)",
     [_json_valid]),
    ("the change list: each logged edit's undo and the seat its phone held", [_undo_columns]),
    ("where each game came from: imported games and open join codes bounded per client "
     "address (a game kept before has none: counted against no address)", [
        "ALTER TABLE games ADD COLUMN address TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE live ADD COLUMN address TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX games_address ON games (address)",
        "CREATE INDEX live_open_address ON live (address) WHERE closed = 0 AND spent = 0",
    ]),
    ("earlier players per device: a device is offered the names it started games with, never "
     "another device's (the one list of the server showed every table's players to anyone, "
     "and any device could fill it); the server-wide list's names go to the file's first "
     "device, which no phone is", [
        """CREATE TABLE device_names (
            device TEXT NOT NULL,
            name TEXT NOT NULL,
            used DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (device, name))""",
        f"INSERT INTO device_names (device, name, used) SELECT '{DEFAULT_OWNER}', name, used "
        "FROM names",
        "DROP TABLE names",
    ]),
    ("a game every device shares leaves one device's history only: Delete on a phone marked "
     "it deleted for every device, and the next start removed it from the file", [
        """CREATE TABLE shared_hidden (
            game TEXT NOT NULL,
            device TEXT NOT NULL,
            PRIMARY KEY (game, device))""",
    ]),
    ("a shared game hidden is counted per client address: a device is a key its browser "
     "makes, so one address minting keys could fill the file, or keep every other phone from "
     "hiding a shared game", [
        "ALTER TABLE shared_hidden ADD COLUMN address TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX shared_hidden_address ON shared_hidden (address)",
    ]),
]
"""Each migration: what it brings, and its steps. Never edit one that has shipped: add the
next."""

LATEST = len(MIGRATIONS)


def legacy_version(tables: set[str], live_columns: set[str]) -> int:
    """The migration a SQLite file from before `schema_version` stands at, by its tables:
    migrations 1 to 3 only create what is missing, so a file without `live` runs them all
    (whatever else it has); a file with `live` has every table of 3, and of 4 with `spent`."""
    if "live" in tables:
        return 4 if "spent" in live_columns else 3
    return 0


class NewerSchema(RuntimeError):
    """The database was written by a newer version of the app: left as it is."""


def migrate(tx: Tx, found: int) -> int:
    """Apply every migration after `found` (inside the caller's transaction); the number
    now stored."""
    if found > LATEST:
        raise NewerSchema(f"the saved games are of a newer version of the app (schema "
                           f"{found}, this version knows up to {LATEST})")
    for number in range(found + 1, LATEST + 1):
        for step in MIGRATIONS[number - 1][1]:
            if isinstance(step, str):
                tx.execute(step)
            else:
                step(tx)
    if found != LATEST:
        tx.execute("DELETE FROM schema_version")
        tx.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))
    return LATEST
