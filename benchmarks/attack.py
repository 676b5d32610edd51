"""One table under attack: 20 hostile clients and one player entering a game, on loopback.

`python -m benchmarks.attack [--attackers 20] [--rounds 2] [--timeout 300]`: starts
`python -m ui --host 127.0.0.1` with a fresh data folder; 20 raw clients each run `rounds`
rounds of: a 16 MB websocket frame, a 15 MB paste and a 300 KB one (over the import limit,
under the message cap) into Import, a million-character and a 400,000-character player
name, the largest numbers the city fields take and beyond (wildcards 999999999, coins
10001, tokens), and random protocol messages. Meanwhile a 21st client enters 3-player games
city by city and times each answer. Prints the 21st client's p50/p95/max, the server's peak
RSS (sampled every 50 ms), every hostile input with how it was answered (a close code or a
message on screen) and any that stalled, and whether the player's game came back whole.
Not run in CI; bounded by `--timeout`; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import websockets

from benchmarks import server as srv
from benchmarks.flet_ws import FletWsClient, label
from benchmarks.load import SessionReport, enter_game, percentile

STALL_S = 10.0
"""A hostile input not answered (closed, or the screen changed) within this is a stall."""


@dataclass
class Outcomes:
    answered: Counter[str] = field(default_factory=Counter)
    stalled: list[str] = field(default_factory=list)

    def note(self, what: str, how: str) -> None:
        if how.startswith("stall"):
            self.stalled.append(f"{what}: {how}")
        else:
            self.answered[f"{what} -> {how}"] += 1


async def _close_code(url: str, frame: bytes) -> str:
    """Send one raw frame; how the server answered it."""
    try:
        async with websockets.connect(url, max_size=2**25, ping_interval=None,
                                      open_timeout=STALL_S) as ws:
            try:
                await ws.send(frame)
                await asyncio.wait_for(ws.wait_closed(), STALL_S)
            except (websockets.ConnectionClosed, ConnectionError):
                pass
            except TimeoutError:
                return "stall (no close)"
            code = ws.close_code
            return f"closed {code}"
    except (OSError, websockets.InvalidHandshake, TimeoutError) as err:
        return f"stall ({type(err).__name__})"


def _random_frame(rng: random.Random) -> bytes:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randbytes(rng.randrange(1, 2000))
    if kind == 1:
        return b"\x00" + rng.randbytes(rng.randrange(1, 2000))
    body: Any = {rng.choice(["target", "id", "page", "x"]): rng.randrange(-9, 9)}
    return b"\x00" + bytes(msgpack.packb([rng.choice([1, 2, 3, 4, 5, 6, 77]), body]))


async def _answered(c: FletWsClient, text: str) -> str:
    """Whether a message with `text` appears on the client's screen in time (a text, or a
    field's error under it)."""
    end = time.perf_counter() + STALL_S
    while time.perf_counter() < end:
        for ctl in c.controls():
            if text in str(ctl.get("error") or "") or text in label(ctl):
                return "message on screen"
        await asyncio.sleep(0.02)
    return f"stall (no {text!r})"


async def _until(done: Any, answer: str) -> str:
    """`answer` once `done()` holds (the server's patch may come after the client's own
    echo of what it typed), a stall if not within STALL_S."""
    end = time.perf_counter() + STALL_S
    while time.perf_counter() < end:
        if done():
            return answer
        await asyncio.sleep(0.02)
    return "stall (not answered)"


async def _new_game(c: FletWsClient, names: list[str]) -> None:
    """New game from home, waiting for Start to be enabled (names typed without waiting
    for their answers may still be on their way under load)."""
    await c.tap("New game")
    for i, n in enumerate(names):
        await c.type(f"Name {i + 1}", n, expect=False)
    await _until(lambda: not c.find("Start").get("disabled"), "")
    await c.tap("Start")


async def _flet_step(c: FletWsClient, coro: Any) -> str:
    """Run one client action; a connection the server closed is an answer too."""
    task = asyncio.ensure_future(coro)
    end = time.perf_counter() + STALL_S * 2
    while not task.done():
        if c._ws.close_code is not None or time.perf_counter() > end:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
            break
        await asyncio.sleep(0.02)
    if c._ws.close_code is not None:
        return f"closed {c._ws.close_code}"
    if task.cancelled():
        return "stall (timeout)"
    if task.exception() is not None:
        return f"stall ({task.exception()!r})"
    return ""


async def attacker(url: str, k: int, rounds: int, out: Outcomes) -> None:
    rng = random.Random(k)
    for _ in range(rounds):
        out.note("16 MB frame", await _close_code(url, b"\x00" + b"x" * (16 * 2**20)))
        for _ in range(3):
            out.note("random protocol message", await _close_code(url, _random_frame(rng)))
        # pastes into Import
        c = await FletWsClient(url, route="/import").start()
        got = await _flet_step(c, c.type("Paste a table file (JSON)", " " * (300 * 1024)))
        out.note("300 KB paste", got or await _answered(c, "a table file is at most"))
        got = await _flet_step(c, c.type("Paste a table file (JSON)", "x" * (15 * 2**20)))
        out.note("15 MB paste", got or "stall (taken)")
        await c.close()
        # names on New game
        c = await FletWsClient(url, route="/new").start()
        got = await _flet_step(c, c.type("Name 1", "N" * 1_000_000, expect=False))
        out.note("1,000,000-character name", got or "stall (taken)")
        await c.close()
        c = await FletWsClient(url, route="/new").start()
        got = await _flet_step(c, c.type("Name 1", "N" * 400_000, expect=False))
        out.note("400,000-character name", got or await _until(
            lambda c=c: len(str(c.find("Name 1", "TextField").get("value", ""))) <= 100,
            "cut to 100"))
        await c.close()
        # the largest numbers, on a paper city of a game of its own
        c = await FletWsClient(url).start()
        got = await _flet_step(c, _new_game(c, [f"X{k}a", f"X{k}b", f"X{k}c"]))
        if not got:
            got = await _flet_step(c, c.go("/game/player/0"))
        if not got:
            got = await _flet_step(c, c.tap("Coins +1"))
        for name, value in (("Coins", "10001"), ("+5", "99999999"), ("-1", "99999999")):
            step = got or await _flet_step(c, c.type(name, value))
            out.note(f"{name} {value}", step or await _answered(c, "A whole number from 0"))
        if not got:
            got = await _flet_step(c, c.tap("Paper totals"))
        step = got or await _flet_step(c, c.type("Wildcards", "999999999"))
        out.note("Wildcards 999999999", step or await _answered(c, "A whole number from 0"))
        await c.close()


async def player(url: str, until: asyncio.Event, report: SessionReport
                 ) -> list[tuple[dict[str, Any], list[str]]]:
    """The 21st client: games entered one after another (each on a device of its own)
    until the attack ends; each device's local storage and the texts of its score pad."""
    games: list[tuple[dict[str, Any], list[str]]] = []
    while not until.is_set() or not games:
        k = len(games)
        c = FletWsClient(url)
        await c.start()
        await enter_game(c, 900 + k, 1000, report)
        await c.go("/game/pad")  # the pad as the device reopens it below (same screens)
        await c.settle(expect=False)
        games.append((dict(c.prefs), sorted(c.texts())))  # the pad on top
        report.timings += [t for t in c.timings if t > 0]
        await c.close()
    return games


async def lost_texts(url: str, games: list[tuple[dict[str, Any], list[str]]]) -> list[str]:
    """Each device opens the app again: what its score pad showed and no longer shows."""
    lost: list[str] = []
    for prefs, pad in games:
        back = FletWsClient(url)
        back.prefs = dict(prefs)
        await back.start()
        await back.go("/game/pad")
        await back.settle(expect=False)
        again = set(back.texts())
        lost += [t for t in pad if t not in again]
        await back.close()
    return lost


async def run(server: srv.Server, attackers: int, rounds: int) -> int:
    out = Outcomes()
    peak = server.rss_kb()
    done = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, server.rss_kb())
            await asyncio.sleep(0.05)

    sampler = asyncio.create_task(sample())
    report = SessionReport(0)
    began = time.perf_counter()
    victim = asyncio.create_task(player(server.ws_url, done, report))
    results = await asyncio.gather(*(attacker(server.ws_url, k, rounds, out)
                                     for k in range(attackers)), return_exceptions=True)
    attack_s = time.perf_counter() - began
    done.set()
    games = await victim
    sampler.cancel()
    errors = [r for r in results if isinstance(r, BaseException)]
    lost = await lost_texts(server.ws_url, games)
    t = report.timings
    print(f"attack: {attackers} clients x {rounds} rounds, {attack_s:.1f} s")
    print(f"player: {len(t)} answers, p50 {percentile(t, 0.5) * 1000:.0f} ms, "
          f"p95 {percentile(t, 0.95) * 1000:.0f} ms, max {max(t) * 1000:.0f} ms "
          f"(goal p95 < 300 ms)")
    print(f"server RSS peak: {peak / 1024:.0f} MiB (goal < 200 MiB)")
    print(f"player's {len(games)} games after the attack: "
          f"{'whole' if not lost else f'LOST {lost[:5]}'} (each device reopened its pad)")
    for what, n in sorted(out.answered.items()):
        print(f"  {n:4d}  {what}")
    for s in out.stalled:
        print(f"  STALL {s}")
    for e in errors:
        print(f"  attacker error: {type(e).__name__}: {e}")
    bad = bool(out.stalled or errors or lost or report.error)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.attack", description=__doc__)
    parser.add_argument("--attackers", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0, help="stop after (s)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wonders-attack-") as tmp:
        log = Path(tmp) / "server.log"
        with srv.start(Path(tmp) / "data", log=log) as server:
            try:
                code = asyncio.run(asyncio.wait_for(
                    run(server, args.attackers, args.rounds), args.timeout))
            except TimeoutError:
                print(f"stopped after {args.timeout:.0f} s", file=sys.stderr)
                code = 1
            lines = log.read_text(errors="replace").splitlines()
            print(f"server log: {len(lines)} lines, "
                  f"{sum('Traceback' in x for x in lines)} tracebacks, "
                  f"{sum('refused a connection' in x for x in lines)} refused connections")
    return code


if __name__ == "__main__":
    sys.exit(main())
