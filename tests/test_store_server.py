"""A real app server (subprocess on 127.0.0.1) killed with SIGKILL mid-use, and started on a
damaged saved-games file: what survives, what the user is told. Driven over its websocket by
benchmarks/flet_ws.py, the way the browser drives it."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.flet_ws import FletWsClient
from benchmarks.load import CITIES, SessionReport, enter_game, names_for, start_game
from tools import server as srv
from ui.entry.draft import Draft
from ui.entry.games import as_seven_wonders, read_draft

LIMIT = 90.0
"""Seconds any one server life may take (the test fails instead of hanging)."""


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    d = tmp_path / "data"
    d.mkdir()
    yield d


def drafts(data: Path) -> dict[str, Draft]:
    with sqlite3.connect(data / "games.sqlite3") as db:
        return {o: read_draft(t) for o, t in db.execute(
            "SELECT host, draft FROM live WHERE closed = 0")}


def summaries(data: Path) -> list[str]:
    with sqlite3.connect(data / "games.sqlite3") as db:
        return [r[0] for r in db.execute("SELECT summary FROM games WHERE deleted = 0")]


def test_kill_9_loses_no_finished_game_and_no_answered_keystroke(data: Path,
                                                                 tmp_path: Path) -> None:
    prefs: dict[str, object] = {}

    async def first_life(server: srv.Server) -> tuple[str, list[str]]:
        c = FletWsClient(server.ws_url)
        await c.start()
        report = SessionReport(0)
        await enter_game(c, 0, 1, report)  # a complete game...
        await c.tap("Finish and save")  # ...finished and saved
        assert c.has("Saved to history.")
        # a second game, its first city half entered
        await c.go("/")
        await start_game(c, names_for(1))
        await c.go("/game/player/0")
        await c.tap(CITIES[0]["board"])
        await c.tap("All Ages")  # the city opens on Age I; these cards are of two Ages
        for card in CITIES[0]["cards"][:3]:
            await c.tap(card)
        await c.type("Coins", "4")  # the last keystroke, answered
        prefs.update(c.prefs)
        title = c.title()
        await c.close()
        return title, list(CITIES[0]["cards"][:3])

    server = srv.start(data, log=tmp_path / "1.log")
    try:
        title, cards = asyncio.run(asyncio.wait_for(first_life(server), LIMIT))
    finally:
        server.kill()  # SIGKILL right after the last answer
    assert server.proc.returncode == -9
    # what is on disk: the finished game, and the game in progress up to the last keystroke
    assert len(summaries(data)) == 1
    (device, saved), = drafts(data).items()
    assert device == prefs["wonders-scorer.device"]
    seat = as_seven_wonders(saved).seats[0]
    assert (seat.name, seat.board, seat.cards, seat.coins) == (
        names_for(1)[0], CITIES[0]["board"], cards, 4)

    async def second_life(server: srv.Server) -> None:
        c = FletWsClient(server.ws_url)
        c.prefs = dict(prefs)  # the same browser comes back
        await c.start()
        assert c.has("Game in progress") and c.has(", ".join(names_for(1)))
        assert not c.has("could not be read")
        await c.go("/game/player/0")
        assert c.title() == title
        await c.go("/history")
        assert any(names_for(0)[0] in t for t in c.texts())
        await c.close()

    server = srv.start(data, log=tmp_path / "2.log")
    try:
        asyncio.run(asyncio.wait_for(second_life(server), LIMIT))
    finally:
        server.stop()


def test_kill_9_during_a_burst_of_taps_leaves_a_readable_file(data: Path, tmp_path: Path) -> None:
    async def burst(server: srv.Server) -> list[str]:
        c = FletWsClient(server.ws_url)
        await c.start()
        await start_game(c, names_for(2))
        await c.go("/game/player/1")
        await c.tap(CITIES[1]["board"])
        await c.tap("All Ages")  # the city opens on Age I; these cards are of two Ages
        cards = list(CITIES[1]["cards"])
        c.answer_timeout = 0.0
        c.quiet = 0.0
        for card in cards:  # taps sent without waiting for their answers...
            await c.tap(card, expect=False)
        server.kill()  # ...and the server killed while they are being handled
        await c.close()
        return cards

    server = srv.start(data, log=tmp_path / "1.log")
    try:
        cards = asyncio.run(asyncio.wait_for(burst(server), LIMIT))
    finally:
        server.kill()
    (saved,) = drafts(data).values()
    held = saved.seats[1].cards
    assert held == cards[: len(held)]  # a prefix of the taps: nothing half-written
    again = srv.start(data, log=tmp_path / "2.log")
    try:
        assert "could not be read" not in (tmp_path / "2.log").read_text()
    finally:
        again.stop()
    assert not [p for p in data.iterdir() if ".broken-" in p.name]


def test_damaged_file_at_start_is_kept_aside_and_said(data: Path, tmp_path: Path) -> None:
    (data / "games.sqlite3").write_bytes(b"\x00garbage, not SQLite\n" * 500)

    async def visit(server: srv.Server, expect_notice: bool) -> None:
        c = FletWsClient(server.ws_url)
        await c.start()
        assert c.has("could not be read") is expect_notice
        if expect_notice:
            kept = [p.name for p in data.iterdir() if ".broken-" in p.name]
            assert kept and c.has(kept[0])
            await c.tap("OK")
            assert not c.has("could not be read")
        await c.tap("New game")  # the app works on the fresh file
        await c.close()

    for life, expect in enumerate([True, False]):  # and the next start is a normal one
        server = srv.start(data, log=tmp_path / f"{life}.log")
        try:
            asyncio.run(asyncio.wait_for(visit(server, expect), LIMIT))
        finally:
            server.stop()
    broken = [p for p in data.iterdir() if ".broken-" in p.name]
    assert len(broken) == 1 and broken[0].read_bytes().startswith(b"\x00garbage")
