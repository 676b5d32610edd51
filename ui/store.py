"""Nothing lost: the game in progress, finished games and remembered player names, in one
SQLite file (standard library) in the user's data folder.

`WONDERS_DATA_DIR` overrides the folder (tests use it)."""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ui.draft import Draft

_SCHEMA = """
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


def data_dir() -> Path:
    """The user's data folder for this app (created when missing)."""
    override = os.environ.get("WONDERS_DATA_DIR")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home())) / "wonders-scorer"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / "wonders-scorer"
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = Path(xdg) / "wonders-scorer"
    base.mkdir(parents=True, exist_ok=True)
    return base


@dataclass(frozen=True)
class SavedGame:
    id: str
    draft: Draft
    summary: str
    finished: float


class Store:
    """One connection per process, used under a lock (Flet runs handlers on threads)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "games.sqlite3"
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.executescript(_SCHEMA)
            self._db.execute("DELETE FROM games WHERE deleted = 1")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # the game in progress
    def save_current(self, draft: Draft | None) -> None:
        with self._lock:
            if draft is None:
                self._db.execute("DELETE FROM current")
            else:
                self._db.execute(
                    "INSERT INTO current (slot, draft, saved) VALUES (1, ?, ?) "
                    "ON CONFLICT (slot) DO UPDATE SET "
                    "draft = excluded.draft, saved = excluded.saved",
                    (draft.to_json(), time.time()),
                )

    def load_current(self) -> Draft | None:
        with self._lock:
            row = self._db.execute("SELECT draft FROM current WHERE slot = 1").fetchone()
        if row is None:
            return None
        try:
            return Draft.from_json(row[0])
        except (ValueError, TypeError):
            return None

    # finished games
    def save_game(self, draft: Draft, summary: str) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, draft, summary, finished, deleted) VALUES (?, ?, ?, ?, 0) "
                "ON CONFLICT (id) DO UPDATE SET draft = excluded.draft, "
                "summary = excluded.summary, finished = excluded.finished, deleted = 0",
                (draft.id, draft.to_json(), summary, draft.finished or time.time()),
            )

    def games(self) -> list[SavedGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, draft, summary, finished FROM games WHERE deleted = 0 "
                "ORDER BY finished DESC"
            ).fetchall()
        out = []
        for gid, text, summary, finished in rows:
            try:
                out.append(SavedGame(gid, Draft.from_json(text), summary, finished))
            except (ValueError, TypeError):
                continue
        return out

    def delete_game(self, game_id: str, deleted: bool = True) -> None:
        """Marks a game deleted (or not, to undo); deleted games are purged at next start."""
        with self._lock:
            self._db.execute("UPDATE games SET deleted = ? WHERE id = ?", (int(deleted), game_id))

    # remembered names
    def remember(self, names: list[str]) -> None:
        now = time.time()
        with self._lock:
            self._db.executemany(
                "INSERT INTO names (name, used) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET used = excluded.used",
                [(n, now) for n in names if n.strip()],
            )

    def names(self, limit: int = 20) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT name FROM names ORDER BY used DESC, name LIMIT ?", (limit,)
            ).fetchall()
        return [r[0] for r in rows]
