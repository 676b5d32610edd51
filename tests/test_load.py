"""Several tabs on one real app server (127.0.0.1), each entering its own game at the same
time over its websocket: no tab sees another's players, each device finds its own game in
progress again, and the server listens on loopback only. Timing and memory are measured by
`python -m benchmarks.load` (BENCHMARKS.md), not asserted here."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from benchmarks.load import names_for, run
from tools import server as srv

SESSIONS = 6


def test_concurrent_sessions_do_not_see_each_others_games(tmp_path: Path) -> None:
    server = srv.start(tmp_path / "data", log=tmp_path / "server.log")
    try:
        result = asyncio.run(asyncio.wait_for(run(server, SESSIONS, waves=1, cities=2), 150))
    finally:
        server.stop()
    assert result["errors"] == []
    assert result["leaks"] == []
    # on disk: one game in progress per device, each with that session's players
    with sqlite3.connect(tmp_path / "data" / "games.sqlite3") as db:
        rows = db.execute("SELECT host, draft FROM live").fetchall()
    assert len(rows) == SESSIONS and len({owner for owner, _ in rows}) == SESSIONS
    for _, text in rows:
        assert sum(names_for(k)[0] in text for k in range(SESSIONS)) == 1


def test_server_listens_only_where_told(tmp_path: Path) -> None:
    server = srv.start(tmp_path / "data", host="127.0.0.1")
    try:
        addresses = server.listening()
    finally:
        server.stop()
    assert addresses == [("127.0.0.1", server.port)]
