"""Many tabs on one app server, each entering its own game over a real websocket.

`python -m benchmarks.load [--sessions 20] [--waves 3] [--timeout 300]`: starts
`python -m ui --host 127.0.0.1` on a free port with a fresh data folder, runs `waves` rounds of
`sessions` concurrent sessions (each: a new 3-player game with names of its own, three cities
entered by tapping, the score pad), then reconnects every device to check it finds its own
game in progress. Prints the answer time per entry event (p50/p95/max), the server's RSS
before, after each wave and at the end, and whether any session saw another's players.
Bounded: stops by itself after `--timeout` seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.flet_ws import FletWsClient
from tools import server as srv

CITIES: list[dict[str, Any]] = [  # legal at 3 players (tests/ui_tests/game_data.py)
    {"board": "Gizah", "stages": "2", "coins": "7",
     "cards": ["Altar", "Theater", "Temple", "Pantheon", "Guard Tower"]},
    {"board": "Babylon", "stages": "3", "coins": "3",
     "cards": ["Apothecary", "Workshop", "Scriptorium", "Library", "Baths", "Courthouse"]},
    {"board": "Rhodos", "stages": "1", "coins": "5",
     "cards": ["Lumber Yard", "Ore Vein", "Stone Pit", "Barracks", "Marketplace", "Haven"]},
]


def names_for(k: int) -> list[str]:
    """Player names no other session uses (and none is a prefix of another's)."""
    return [f"{n}{k:03d}x" for n in ("Ann", "Bob", "Cid")]


def foreign(texts: list[str], own: int, sessions: int) -> list[str]:
    """The texts that name a player of another session."""
    others = [n for k in range(sessions) if k != own for n in names_for(k)]
    return [t for t in texts if any(n in t for n in others)]


@dataclass
class SessionReport:
    index: int
    timings: list[float] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    own_seen: bool = False
    prefs: dict[str, Any] = field(default_factory=dict)
    error: str = ""


async def start_game(c: FletWsClient, names: list[str]) -> None:
    """New game of 7 Wonders 1st edition with these players, from the home screen."""
    await c.tap("New game")
    await c.tap("7 Wonders 1st edition", expect=False)  # the game already chosen
    for i, n in enumerate(names):  # a name may change nothing on screen
        await c.type(f"Name {i + 1}", n, expect=False)
    # Start is enabled once the server has the names (typed without waiting for their
    # answers, which a loaded machine sends late): a tap before that is refused
    end = time.perf_counter() + 30
    while c.find("Start").get("disabled") and time.perf_counter() < end:
        await asyncio.sleep(0.02)
    await c.tap("Start")


async def enter_game(c: FletWsClient, k: int, sessions: int, report: SessionReport,
                     cities: int = 3) -> None:
    """One tab: a new game of its own, `cities` cities entered, the score pad."""
    names = names_for(k)
    await start_game(c, names)
    game = str(c.page["route"])  # the game's own address, /g/<code>
    report.leaks += foreign(c.all_texts(), k, sessions)
    for i, city in enumerate(CITIES[:cities]):
        await c.go(f"{game}/player/{i}")
        await c.tap(city["board"])
        await c.type("Stages built", city["stages"])
        await c.type("Coins", city["coins"])
        await c.tap("All Ages")  # the city opens on Age I; these cards are of every Age
        for card in city["cards"]:
            await c.tap(card)
        report.leaks += foreign(c.all_texts(), k, sessions)
        if not c.title().startswith(names[i]):
            report.leaks.append(f"city {i} title {c.title()!r}")
    await c.go(f"{game}/pad")
    texts = c.all_texts()
    report.leaks += foreign(texts, k, sessions)
    report.own_seen = all(any(n in t for t in texts) for n in names)


async def run_session(url: str, k: int, sessions: int, cities: int = 3) -> SessionReport:
    report = SessionReport(k)
    c = FletWsClient(url)
    try:
        await c.start()
        await enter_game(c, k, sessions, report, cities)
    except Exception as err:  # reported, and the run goes on
        report.error = f"{type(err).__name__}: {err}"
    finally:
        report.timings = [t for t in c.timings if t > 0]
        report.prefs = dict(c.prefs)
        await c.close()
    return report


async def reconnect(url: str, k: int, sessions: int, prefs: dict[str, Any]) -> list[str]:
    """The same device (same local storage) opening the app again: its game, no other."""
    c = FletWsClient(url)
    c.prefs = dict(prefs)
    try:
        await c.start()
        texts = c.all_texts()
        problems = foreign(texts, k, sessions)
        if not all(any(n in t for t in texts) for n in names_for(k)):
            problems.append(f"device {k} does not find its game in progress: {texts}")
        return problems
    finally:
        await c.close()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(server: srv.Server, sessions: int, waves: int, cities: int = 3,
              out: Any = None, pause: float = 0.0) -> dict[str, Any]:
    def say(text: str) -> None:
        if out is not None:
            print(text, file=out, flush=True)

    rss = {"start": server.rss_kb()}
    say(f"server pid {server.pid}: first answer {server.first_answer_s:.2f} s, "
        f"RSS {rss['start'] / 1024:.0f} MiB")
    timings: list[float] = []
    leaks: list[str] = []
    errors: list[str] = []
    last: list[SessionReport] = []
    cpu_per_event: list[float] = []
    for wave in range(waves):
        if wave and pause:
            await asyncio.sleep(pause)  # let the server evict the closed sessions
            say(f"after {pause:.0f} s idle: RSS {server.rss_kb() / 1024:.0f} MiB")
        began = time.perf_counter()
        cpu = server.cpu_s()
        reports = await asyncio.gather(*(run_session(server.ws_url, k, sessions, cities)
                                         for k in range(sessions)))
        took = time.perf_counter() - began
        cpu = server.cpu_s() - cpu
        rss[f"wave {wave + 1}"] = server.rss_kb()
        wave_t = [t for r in reports for t in r.timings]
        cpu_per_event.append(cpu / max(len(wave_t), 1))
        timings += wave_t
        leaks += [f"session {r.index}: {x}" for r in reports for x in r.leaks]
        errors += [f"session {r.index}: {r.error}" for r in reports if r.error]
        errors += [f"session {r.index}: its own players not on its pad"
                   for r in reports if not r.error and not r.own_seen]
        last = list(reports)
        say(f"wave {wave + 1}: {sessions} sessions, {len(wave_t)} events in {took:.1f} s; "
            f"p50 {percentile(wave_t, .5) * 1000:.0f} ms, "
            f"p95 {percentile(wave_t, .95) * 1000:.0f} ms, "
            f"max {max(wave_t, default=0) * 1000:.0f} ms; "
            f"server CPU {cpu_per_event[-1] * 1000:.1f} ms/event; "
            f"RSS {rss[f'wave {wave + 1}'] / 1024:.0f} MiB")
    again = await asyncio.gather(*(reconnect(server.ws_url, r.index, sessions, r.prefs)
                                   for r in last if not r.error))
    leaks += [x for found in again for x in found]
    rss["end"] = server.rss_kb()
    result = {
        "sessions": sessions, "waves": waves, "events": len(timings),
        "p50_ms": percentile(timings, .5) * 1000, "p95_ms": percentile(timings, .95) * 1000,
        "max_ms": max(timings, default=0) * 1000,
        "mean_ms": statistics.fmean(timings) * 1000 if timings else float("nan"),
        "server_cpu_ms_per_event": [round(x * 1000, 2) for x in cpu_per_event],
        "rss_mib": {k: round(v / 1024, 1) for k, v in rss.items()},
        "leaks": leaks, "errors": errors,
    }
    say(f"reconnected {len(again)} devices; RSS at the end {rss['end'] / 1024:.0f} MiB")
    say(f"other sessions' players seen: {len(leaks)}; errors: {len(errors)}")
    for x in (leaks + errors)[:10]:
        say(f"  {x}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--waves", type=int, default=3)
    parser.add_argument("--cities", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0, help="stop after (s)")
    parser.add_argument("--session-timeout", type=int, default=0,
                        help="FLET_SESSION_TIMEOUT for the server (s; default Flet's 3600)")
    parser.add_argument("--pause", type=float, default=0.0,
                        help="idle seconds between waves (eviction runs every 10 s)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= 100 or not 1 <= args.waves <= 10:
        parser.error("1-100 sessions, 1-10 waves")
    with tempfile.TemporaryDirectory() as tmp:
        env = {"FLET_SESSION_TIMEOUT": str(args.session_timeout)} if args.session_timeout else {}
        server = srv.start(Path(tmp) / "data", log=Path(tmp) / "server.log", env=env)
        try:
            result = asyncio.run(asyncio.wait_for(
                run(server, args.sessions, args.waves, args.cities, out=sys.stdout,
                    pause=args.pause),
                args.timeout))
        finally:
            server.stop()
    if args.json:
        print(json.dumps(result, indent=2))
    return 1 if result["leaks"] or result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
