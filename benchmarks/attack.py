"""One table under attack: 20 hostile clients and one player entering a game, on loopback.

`python -m benchmarks.attack [--attackers 20] [--rounds 2] [--timeout 300] [--nice 10]`:
starts `python -m ui --host 127.0.0.1` with a fresh data folder; 20 raw clients each run
`rounds` rounds of: a 16 MB websocket frame (uncompressed), a 15 MB paste and a 300 KB one
(over the import limit, under the message cap) into Import, a million-character and a
400,000-character player name, the largest numbers the city fields take and beyond
(wildcards 999999999, coins 10001, tokens), and random protocol messages. Meanwhile a 21st
client enters 3-player games city by city and times each answer. Prints the 21st client's
p50/p95/max, the server's peak RSS (sampled every 50 ms), every hostile input with how it
was answered (a close code or a message on screen) and any that stalled, and whether the
player's game came back whole.

What the player waited on: the 21st client runs in a process of its own (a phone does not
share the attackers' CPU), the server logs each time its event loop was late
(`WONDERS_LOOP_LAG_MS`), each process watches its own loop, and the CPU each used during the
attack is read from /proc, with the rest of the machine's. Each slow answer is printed with
how late the server's loop and the player's own were meanwhile and which attacks were in
flight. `--nice N` lowers the attackers' priority (the server and the player keep theirs):
on a real network the attackers' CPU is their own machines', not the server's.
Not run in CI; bounded by `--timeout`; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import websockets

from benchmarks.flet_ws import FletWsClient, label
from benchmarks.load import SessionReport, enter_game, percentile
from tools import server as srv
from ui.__main__ import lan_addresses
from ui.screens.note_strip import NOTE_ID
from ui.store.codes import CODE_LENGTH, JOIN_LETTERS
from ui.web.server import LOOP_LAG_ENV, watch_loop

SPACE = len(JOIN_LETTERS) ** CODE_LENGTH

STALL_S = 10.0
"""A hostile input not answered (closed, or the screen changed) within this is a stall."""
SLOW_S = 0.3
"""An answer slower than this is printed with what happened meanwhile (the p95 goal)."""
LAG_S = 0.02
"""An event loop this late or more is noted (the server's and each benchmark process's)."""


@dataclass
class Outcomes:
    answered: Counter[str] = field(default_factory=Counter)
    stalled: list[str] = field(default_factory=list)
    spans: list[tuple[str, float, float]] = field(default_factory=list)
    """Each attack step: what it was, when it began and ended (perf_counter)."""
    tried: list[float] = field(default_factory=list)
    """When each code really tried (answered "wrong", not held back) was answered."""

    @contextlib.contextmanager
    def step(self, what: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            self.spans.append((what, began, time.perf_counter()))

    def note(self, what: str, how: str) -> None:
        if how.startswith("stall"):
            self.stalled.append(f"{what}: {how}")
        else:
            self.answered[f"{what} -> {how}"] += 1


async def _close_code(url: str, frame: bytes) -> str:
    """Send one raw frame (all its bytes on the wire: the server takes no compression, so
    the pastes too go whole, as a browser then sends them); how the server answered it."""
    try:
        async with websockets.connect(url, max_size=2**25, ping_interval=None,
                                      open_timeout=STALL_S, compression=None) as ws:
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
        with out.step("16 MB frame"):
            out.note("16 MB frame", await _close_code(url, b"\x00" + b"x" * (16 * 2**20)))
        with out.step("random protocol message"):
            for _ in range(3):
                out.note("random protocol message", await _close_code(url, _random_frame(rng)))
        # pastes into Import
        with out.step("open Import"):
            c = await FletWsClient(url, route="/import").start()
        with out.step("300 KB paste"):
            got = await _flet_step(c, c.type("Paste a table file (JSON)", " " * (300 * 1024)))
            out.note("300 KB paste", got or await _answered(c, "a table file is at most"))
        with out.step("15 MB paste"):
            got = await _flet_step(c, c.type("Paste a table file (JSON)", "x" * (15 * 2**20)))
            out.note("15 MB paste", got or "stall (taken)")
            await c.close()
        # names on New game
        with out.step("1,000,000-character name"):
            c = await FletWsClient(url, route="/new").start()
            got = await _flet_step(c, c.type("Name 1", "N" * 1_000_000, expect=False))
            out.note("1,000,000-character name", got or "stall (taken)")
            await c.close()
        with out.step("400,000-character name"):
            c = await FletWsClient(url, route="/new").start()
            got = await _flet_step(c, c.type("Name 1", "N" * 400_000, expect=False))
            out.note("400,000-character name", got or await _until(
                lambda c=c: len(str(c.find("Name 1", "TextField").get("value", ""))) <= 100,
                "cut to 100"))
            await c.close()
        # the largest numbers, on a paper city of a game of its own
        with out.step("new game for the numbers"):
            c = await FletWsClient(url).start()
            got = await _flet_step(c, _new_game(c, [f"X{k}a", f"X{k}b", f"X{k}c"]))
            if not got:
                got = await _flet_step(c, c.go("/game/player/0"))
            if not got:
                got = await _flet_step(c, c.tap(f"Coins for X{k}a: 0, add one"))
        with out.step("largest numbers"):
            for name, value in (("Coins", "10001"), ("+5", "99999999"), ("-1", "99999999")):
                step = got or await _flet_step(c, c.type(name, value))
                out.note(f"{name} {value}", step or await _answered(c, "A whole number from 0"))
            if not got:
                got = await _flet_step(c, c.tap("Paper totals"))
            step = got or await _flet_step(c, c.type("Wildcards", "999999999"))
            out.note("Wildcards 999999999", step or await _answered(c, "A whole number from 0"))
            await c.close()


async def churn(url: str, k: int, sessions: int, out: Outcomes) -> None:
    """Sessions opened (registered, the home screen rendered) and closed, one after another."""
    for _ in range(sessions):
        with out.step("session opened and closed"):
            c = FletWsClient(url)
            try:
                await c.start()
                out.note("session opened and closed", "closed by the client")
            except Exception as err:
                out.note("session opened and closed", f"refused ({type(err).__name__})")
            finally:
                with contextlib.suppress(Exception):
                    await c.close()


async def half_open(host: str, port: int, count: int, seconds: float, out: Outcomes,
                    source: str | None = None) -> None:
    """`count` connections each sending the start of a request and never its end, opened
    again as the server closes them, for `seconds` (from the address `source`, else the
    system's choice)."""
    end = time.perf_counter() + seconds
    local = (source, 0) if source else None

    async def one() -> None:
        while time.perf_counter() < end:
            with out.step("half-open request"):
                try:
                    reader, writer = await asyncio.open_connection(host, port,
                                                                   local_addr=local)
                except OSError as err:
                    out.note("half-open request", f"not accepted ({type(err).__name__})")
                    await asyncio.sleep(0.5)
                    continue
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                began = time.perf_counter()
                try:
                    await asyncio.wait_for(reader.read(1), max(end - began, 0.1))
                    out.note("half-open request", f"closed by the server after "
                             f"{round(time.perf_counter() - began)} s")
                except (TimeoutError, OSError):
                    out.note("half-open request", "still open at the end")
                finally:
                    writer.close()

    await asyncio.gather(*(one() for _ in range(count)))


@dataclass
class PageLoads:
    """New phones loading the page during a flood: each answer's status and time."""

    pages: list[tuple[int, float]] = field(default_factory=list)
    """(HTTP status, or 0 for none within `STALL_S`; seconds) of each `GET /`."""
    sessions: list[tuple[bool, float]] = field(default_factory=list)
    """(opened, seconds) of each websocket session (the app's first screen)."""
    failed: Counter[str] = field(default_factory=Counter)
    """Page loads that failed, by where they were when they did."""

    def write(self, path: Path) -> None:
        path.write_text(json.dumps({"pages": self.pages, "sessions": self.sessions,
                                    "failed": self.failed}))

    @staticmethod
    def read(path: Path) -> PageLoads:
        got = json.loads(path.read_text())
        return PageLoads([(int(a), float(b)) for a, b in got["pages"]],
                         [(bool(a), float(b)) for a, b in got["sessions"]],
                         Counter(got["failed"]))

    def said(self) -> str:
        ok = [t for status, t in self.pages if status == 200]
        opened = [t for good, t in self.sessions if good]
        statuses = Counter(status for status, _ in self.pages)
        return (f"page loads during the flood: {len(ok)} of {len(self.pages)} answered 200 "
                f"(p50 {percentile(ok, 0.5) * 1000:.0f} ms, max "
                f"{max(ok, default=float('nan')) * 1000:.0f} ms; statuses "
                f"{dict(sorted(statuses.items()))}); app sessions opened: {len(opened)} of "
                f"{len(self.sessions)} (p50 {percentile(opened, 0.5) * 1000:.0f} ms, max "
                f"{max(opened, default=float('nan')) * 1000:.0f} ms)"
                + (f"; failed: {dict(self.failed)}" if self.failed else ""))


async def _load_page(host: str, port: int, source: str, stage: list[str]) -> int:
    """`GET /` from `source` on a connection of its own: the answer's status (`stage[0]`
    says how far it got)."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    try:
        stage[0] = "waiting for the answer"
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        line = await reader.readline()
        stage[0] = "reading the page"
        await reader.read()  # the whole page
        parts = line.split()
        return int(parts[1]) if len(parts) > 1 else 0
    finally:
        writer.close()


async def page_loads(host: str, port: int, url: str, seconds: float, loads: PageLoads,
                     every: float = 1.0) -> None:
    """A new phone every `every` seconds for `seconds`, each from a new address of
    127.0.1.0/24 (none of the flood's): `GET /` on a connection of its own; every third
    one also opens an app session (its first screen) from 127.0.0.1."""
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        n += 1
        began = time.perf_counter()
        stage = ["connecting"]
        try:
            status = await asyncio.wait_for(
                _load_page(host, port, f"127.0.1.{n % 250 + 1}", stage), STALL_S)
        except (OSError, TimeoutError, ValueError) as err:
            status = 0
            loads.failed[f"{stage[0]}: {type(err).__name__}"] += 1
        loads.pages.append((status, time.perf_counter() - began))
        if n % 3 == 0:
            began = time.perf_counter()
            c = FletWsClient(url)
            try:
                await asyncio.wait_for(c.start(), STALL_S)
                loads.sessions.append((True, time.perf_counter() - began))
            except Exception:
                loads.sessions.append((False, time.perf_counter() - began))
            finally:
                with contextlib.suppress(Exception):
                    await c.close()
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - began)))


async def sweep(url: str, k: int, seconds: float, out: Outcomes,
                minted: bool = False) -> None:
    """Wrong join codes (/g/<code>), each from a new address (the server is told to trust
    this machine as a proxy, so X-Forwarded-For names a new address each time: a sweep
    from many addresses) and a new device; with `minted`, from one device made known first
    the way anyone can (it hosts a game), its own tries not counted with strangers'."""
    rng = random.Random(k)
    prefs: dict[str, Any] = {}
    if minted:
        host = FletWsClient(url, headers={"X-Forwarded-For": f"10.{k}.0.1"})
        await host.start()
        await _new_game(host, [f"M{k}a", f"M{k}b", f"M{k}c"])
        prefs = dict(host.prefs)
        await host.close()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        code = "".join(rng.choice(JOIN_LETTERS) for _ in range(CODE_LENGTH))
        who = f"10.{k}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        with out.step("wrong code"):
            c = FletWsClient(url, route=f"/g/{code}", headers={"X-Forwarded-For": who})
            c.prefs = dict(prefs)
            try:
                await c.start()
                text = " ".join(c.all_texts())
                how = ("held back" if "Too many" in text else
                       "wrong" if "No game in progress" in text else "JOINED")
            except Exception as err:
                how = f"refused ({type(err).__name__})"
            finally:
                with contextlib.suppress(Exception):
                    await c.close()
            out.note("code tried by a minted device" if minted else "code tried", how)
            if how == "wrong":
                out.tried.append(time.perf_counter())


async def player(url: str, stop: Path, ready: Path, out: Path) -> int:
    """The 21st client, in a process of its own: games entered one after another (each on a
    device of its own) until `stop` exists; written to `out` as JSON: each answer (when it
    was sent, seconds), each device's local storage and the texts of its score pad, this
    process's CPU seconds and each time its own event loop was late. `ready` is made when
    it begins, `ready` + ".warm" once its first game is entered."""
    lags: list[tuple[float, float, float]] = []
    watcher = asyncio.create_task(watch_loop(LAG_S, lambda *x: lags.append(x)))
    report = SessionReport(0)
    games: list[tuple[dict[str, Any], list[str]]] = []
    answers: list[tuple[float, float]] = []
    cpu = time.process_time()
    failed = 0
    ready.touch()
    try:
        while not stop.exists() or not games:
            k = len(games)
            c = FletWsClient(url)
            await c.start()
            try:
                await enter_game(c, 900 + k, 1000, report)
                await c.go("/game/pad")  # the pad as the device reopens it (same screens)
                await c.settle(expect=False)
                games.append((dict(c.prefs), pad_texts(c)))  # the pad on top
                ready.with_suffix(".warm").touch()
            except AssertionError as err:  # a screen not there in time (a loaded machine):
                report.error = report.error or f"{err}"  # said, and the next game begins
                failed += 1
                if failed > 5:
                    raise
            finally:
                answers += [(s, t) for s, t in zip(c.sent, c.timings, strict=True) if t > 0]
                await c.close()
    except Exception as err:  # reported, with what was measured until then
        report.error = f"{type(err).__name__}: {err}"
    watcher.cancel()
    out.write_text(json.dumps({"answers": answers, "games": games, "error": report.error,
                               "leaks": report.leaks, "lags": lags,
                               "cpu_s": time.process_time() - cpu}))
    return 0


def pad_texts(c: FletWsClient) -> list[str]:
    """The words of the screen on top but the note at its foot's (a change's note goes
    after `UNDO_SECONDS`: a pad opened again later rightly shows none)."""
    found: list[str] = []
    stack: list[Any] = [c.top()]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if n.get("_c") == "Semantics" and n.get("identifier") == NOTE_ID:
                continue
            if n.get("_c") == "Text":
                found.append(label(n))
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)
    return sorted(found)


async def lost_texts(url: str, games: list[tuple[dict[str, Any], list[str]]]) -> list[str]:
    """Each device opens the app again: what its score pad showed and no longer shows."""
    lost: list[str] = []
    for prefs, pad in games:
        back = FletWsClient(url)
        back.prefs = dict(prefs)
        await back.start()
        await back.go("/game/pad")
        await back.settle(expect=False)
        again = set(pad_texts(back))
        lost += [t for t in pad if t not in again]
        await back.close()
    return lost


def most_within(times: list[float], window: float) -> int:
    """The most of `times` within any `window` seconds."""
    ordered = sorted(times)
    most, first = 0, 0
    for i, t in enumerate(ordered):
        while t - ordered[first] >= window:
            first += 1
        most = max(most, i - first + 1)
    return most


def machine_busy_s() -> float:
    """CPU seconds all cores of the machine have spent busy since boot (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


Lag = tuple[float, float, float]
"""A late wake of an event loop: when, seconds late, seconds of it on the CPU."""


def server_lags(log: Path) -> list[Lag]:
    """Each late wake the server's loop watch wrote in its log."""
    found = []
    for line in log.read_text(errors="replace").splitlines():
        if "event loop late by " in line:
            w = line.replace("(", " ").split()
            at = w.index("late")
            found.append((float(w[-1]), float(w[at + 2]) / 1000, float(w[at + 4]) / 1000))
    return found


def late_within(lags: list[Lag], a: float, b: float, busy: bool = False) -> float:
    """Seconds of [a, b] during which a loop was late (a late wake at t of s covers
    [t - s, t]); `busy`: only the share of it the loop spent running Python."""
    return sum(max(0.0, min(b, t) - max(a, t - s)) * (c / s if busy else 1.0)
               for t, s, c in lags)


def in_flight(spans: list[tuple[str, float, float]], a: float, b: float) -> Counter[str]:
    return Counter(what for what, s, e in spans if s < b and e > a)


def explain(answers: list[tuple[float, float]], spans: list[tuple[str, float, float]],
            server: list[Lag], own: list[Lag], attackers: list[Lag], began: float,
            ended: float) -> None:
    """What each slow answer waited on, and which attacks were in flight then compared with
    the whole attack."""
    print(f"server event loop: late >= {LAG_S * 1000:.0f} ms {len(server)} times, "
          f"{sum(s for _, s, _ in server):.1f} s in all ({sum(c for _, _, c in server):.1f} s "
          f"of it running Python, the rest waiting for a core), longest "
          f"{max((s for _, s, _ in server), default=0) * 1000:.0f} ms; the attackers' own "
          f"loop {sum(s for _, s, _ in attackers):.1f} s, the player's own loop "
          f"{sum(s for _, s, _ in own):.1f} s")
    slow = [(a, t) for a, t in answers if t > SLOW_S]
    if not slow:
        return
    total = sum(t for _, t in slow)
    on_server = sum(late_within(server, a, a + t) for a, t in slow)
    busy = sum(late_within(server, a, a + t, busy=True) for a, t in slow)
    on_player = sum(late_within(own, a, a + t) for a, t in slow)
    print(f"{len(slow)} answers over {SLOW_S * 1000:.0f} ms ({total:.1f} s in all): the "
          f"server's loop was late {on_server / total:.0%} of that time ({busy / total:.0%} "
          f"running Python, {(on_server - busy) / total:.0%} waiting for a core), the "
          f"player's own loop {on_player / total:.0%}")
    for a, t in sorted(slow, key=lambda x: -x[1])[:12]:
        what = ", ".join(f"{w} x{n}" for w, n in in_flight(spans, a, a + t).most_common(4))
        print(f"  +{a - began:5.1f} s  {t * 1000:5.0f} ms: server loop late "
              f"{late_within(server, a, a + t) * 1000:4.0f} ms "
              f"({late_within(server, a, a + t, busy=True) * 1000:.0f} running), player's "
              f"loop {late_within(own, a, a + t) * 1000:4.0f} ms; in flight: {what}")
    # each kind of attack: share of the slow answers' time it was in flight, and of the
    # whole attack
    kinds = sorted({w for w, _, _ in spans})
    print("  attack in flight:   during slow answers / during the attack")
    for kind in kinds:
        mine = [(s, e) for w, s, e in spans if w == kind]
        slow_cover = sum(_covered(mine, a, a + t) for a, t in slow) / total
        all_cover = _covered(mine, began, ended) / max(ended - began, 1e-9)
        print(f"  {kind:28s} {slow_cover:5.0%} / {all_cover:5.0%}")


def _covered(spans: list[tuple[float, float]], a: float, b: float) -> float:
    """Seconds of [a, b] covered by at least one of `spans`."""
    cut = sorted((max(s, a), min(e, b)) for s, e in spans if s < b and e > a)
    total, end = 0.0, a
    for s, e in cut:
        if e > end:
            total += e - max(s, end)
            end = e
    return total


async def run(server: srv.Server, attackers: int, rounds: int, tmp: Path, nice: int,
              kind: str = "mixed", sessions: int = 5000, seconds: float = 60.0,
              settle: float = 70.0, lan: str = "", minted: int = 0,
              addresses: int = 0) -> int:
    out = Outcomes()
    loads = PageLoads()
    loader: asyncio.subprocess.Process | None = None
    pages_out = tmp / "pages.json"
    peak = server.rss_kb()
    done = asyncio.Event()
    stop, ready, played = tmp / "stop", tmp / "ready", tmp / "player.json"
    victim = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.attack", "--player", server.ws_url,
        "--stop-file", str(stop), "--ready-file", str(ready), "--out", str(played),
        cwd=srv.ROOT)
    while not ready.exists():
        if victim.returncode is not None:
            raise RuntimeError("the player's process ended before it began")
        await asyncio.sleep(0.05)
    cold = server.rss_kb()
    settles = kind in ("churn", "sweep")  # sessions opened and closed: memory read after
    if settles:  # memory is compared with a server in use: one game entered
        while not ready.with_suffix(".warm").exists() and victim.returncode is None:
            await asyncio.sleep(0.05)
    if kind == "half-open" and addresses:
        # the new phones in a process of their own (started before this one lowers its
        # priority: a phone is no attacker's), from 2 s into the flood to 1 s before its end
        loader = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.attack", "--page-loads", str(server.port),
            "--seconds", str(max(1.0, seconds - 3)), "--out", str(pages_out), cwd=srv.ROOT)
    if nice:
        os.nice(nice)  # this process only: the attackers (server and player keep theirs)

    async def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, server.rss_kb())
            await asyncio.sleep(0.05)

    own: list[tuple[float, float, float]] = []
    watcher = asyncio.create_task(watch_loop(LAG_S, lambda *x: own.append(x)))
    sampler = asyncio.create_task(sample())
    load_before = os.getloadavg()
    cpu = (server.cpu_s(), time.process_time(), machine_busy_s())
    began = time.perf_counter()
    rss_before = server.rss_kb()
    fds_most = 0

    async def count_fds() -> None:
        nonlocal fds_most
        while not done.is_set():
            with contextlib.suppress(OSError):
                fds_most = max(fds_most, len(os.listdir(f"/proc/{server.pid}/fd")))
            await asyncio.sleep(0.2)

    fd_counter = asyncio.create_task(count_fds())
    if kind == "churn":
        each = -(-sessions // attackers)
        runs = [churn(server.ws_url, k, each, out) for k in range(attackers)]
    elif kind == "half-open" and addresses:
        runs = [half_open("127.0.0.1", server.port, -(-sessions // addresses), seconds, out,
                          source=f"127.0.0.{a + 2}") for a in range(addresses)]
    elif kind == "half-open":
        runs = [half_open(lan, server.port, sessions, seconds, out)]
    elif kind == "sweep":
        runs = [sweep(server.ws_url, k, seconds, out, minted=k < minted)
                for k in range(attackers)]
    else:
        runs = [attacker(server.ws_url, k, rounds, out) for k in range(attackers)]
    results = await asyncio.gather(*runs, return_exceptions=True)
    ended = time.perf_counter()
    if loader is not None:
        await loader.wait()
        loads = PageLoads.read(pages_out)
    rss_end = server.rss_kb()
    attack_s = ended - began
    cpu_server, cpu_attackers = server.cpu_s() - cpu[0], time.process_time() - cpu[1]
    cpu_machine = machine_busy_s() - cpu[2]
    load_after = os.getloadavg()
    done.set()
    stop.touch()
    await victim.wait()
    sampler.cancel()
    watcher.cancel()
    got = json.loads(played.read_text())
    games = [(dict(p), list(t)) for p, t in got["games"]]
    answers = [(float(a), float(t)) for a, t in got["answers"]]
    errors = [r for r in results if isinstance(r, BaseException)]
    lost = await lost_texts(server.ws_url, games)
    t = [x for _, x in answers]
    print(f"attack: {attackers} clients x {rounds} rounds, {attack_s:.1f} s; attackers at "
          f"nice {nice}; load average (1 min) {load_before[0]:.1f} before, "
          f"{load_after[0]:.1f} after")
    print(f"CPU during the attack, core-seconds (2 cores x {attack_s:.1f} s = "
          f"{2 * attack_s:.1f}): server {cpu_server:.1f}, attackers {cpu_attackers:.1f}, "
          f"player ~{got['cpu_s']:.1f} (its whole run), rest of the machine "
          f"{max(cpu_machine - cpu_server - cpu_attackers - got['cpu_s'], 0):.1f}")
    print(f"player: {len(t)} answers, p50 {percentile(t, 0.5) * 1000:.0f} ms, "
          f"p95 {percentile(t, 0.95) * 1000:.0f} ms, max {max(t) * 1000:.0f} ms "
          f"(goal p95 < 300 ms)")
    print(f"server RSS peak: {peak / 1024:.0f} MiB (goal < 200 MiB); before the attack "
          f"{rss_before / 1024:.0f} MiB, at its end {rss_end / 1024:.0f} MiB; open files at "
          f"most {fds_most}")
    fd_counter.cancel()
    if settles:
        await asyncio.sleep(settle)
        after = server.rss_kb()
        print(f"server RSS {settle:.0f} s after the {kind}: {after / 1024:.0f} MiB "
              f"({after / rss_before - 1:+.0%} from before it, after the player's first "
              f"game; {after / cold - 1:+.0%} from the server before any session, "
              f"{cold / 1024:.0f} MiB; goal within 20 %)")
    if kind == "sweep":
        tried = sum(n for w, n in out.answered.items() if w.endswith("-> wrong"))
        joined = sum(n for w, n in out.answered.items() if w.endswith("-> JOINED"))
        minutes = attack_s / 60
        rate = tried / minutes if minutes else 0.0
        most = most_within(out.tried, 60.0)
        print(f"sweep: {tried} codes really tried in {attack_s:.0f} s ({rate:.0f} a minute "
              f"over the run; at most {most} within any 60 s), {joined} games joined; the "
              f"whole space ({SPACE:,} codes) at {most} a minute (each minute as full as the "
              f"fullest): {SPACE / max(most, 1) / 60:.1f} h (a code lives 24 h)")
    if loads.pages:
        print(loads.said())
    print(f"player's {len(games)} games after the attack: "
          f"{'whole' if not lost else f'LOST {lost[:5]}'} (each device reopened its pad)")
    explain(answers, out.spans, server_lags(server.log),
            [(float(a), float(s), float(c)) for a, s, c in got["lags"]], own, began, ended)
    for what, n in sorted(out.answered.items()):
        print(f"  {n:4d}  {what}")
    for s in out.stalled:
        print(f"  STALL {s}")
    for e in errors:
        print(f"  attacker error: {type(e).__name__}: {e}")
    if got["error"] or got["leaks"]:
        print(f"  player: {got['error']} {got['leaks'][:3]}")
    bad = bool(out.stalled or errors or lost or got["error"] or got["leaks"])
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.attack", description=__doc__)
    parser.add_argument("--attackers", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0, help="stop after (s)")
    parser.add_argument("--nice", type=int, default=10,
                        help="lower the attackers' priority by this, 0-19 (default 10): on a "
                        "network they would use their own machines' CPU, not the server's")
    parser.add_argument("--run", choices=["mixed", "churn", "half-open", "sweep"],
                        default="mixed", help="mixed: the hostile inputs above (default); "
                        "churn: --sessions sessions opened and closed by --attackers loops, "
                        "then the server's memory --settle s later (and after a sweep); "
                        "half-open: --sessions "
                        "connections that never finish a request, for --seconds, from this "
                        "machine's network address; sweep: wrong join codes from --attackers "
                        "loops for --seconds, each from a new address (X-Forwarded-For, the "
                        "server trusting this machine as its proxy), --minted of them from "
                        "devices made known first")
    parser.add_argument("--sessions", type=int, default=5000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--settle", type=float, default=70.0)
    parser.add_argument("--minted", type=int, default=0,
                        help="sweep: of the --attackers loops, this many first make their "
                        "device known here (it hosts a game, as anyone can) and try every "
                        "code with it")
    parser.add_argument("--addresses", type=int, default=0,
                        help="half-open: the --sessions connections from this many loopback "
                        "addresses (127.0.0.2 ...), each its own client (the server started "
                        "through benchmarks/apart_app.py), while a new phone loads the page "
                        "every second from yet another address; the page loads' answers "
                        "are printed")
    parser.add_argument("--player", help=argparse.SUPPRESS)  # the player's own process
    parser.add_argument("--page-loads", type=int, help=argparse.SUPPRESS)  # new phones
    parser.add_argument("--stop-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--ready-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.player:
        return asyncio.run(player(args.player, args.stop_file, args.ready_file, args.out))
    if args.page_loads:
        loads = PageLoads()
        time.sleep(2)  # the flood under way
        asyncio.run(page_loads("127.0.0.1", args.page_loads,
                               f"ws://127.0.0.1:{args.page_loads}/ws", args.seconds, loads))
        loads.write(args.out)
        return 0
    with tempfile.TemporaryDirectory(prefix="wonders-attack-") as tmp:
        log = Path(tmp) / "server.log"
        env = {LOOP_LAG_ENV: str(LAG_S * 1000)}
        apart = args.run == "half-open" and args.addresses > 0
        lan = lan_addresses()[0] if args.run == "half-open" and not apart else ""
        host = "0.0.0.0" if lan else "127.0.0.1"
        extra = ("--trusted-proxy", "127.0.0.1") if args.run == "sweep" else ()
        if apart:  # this process opens every connection of the flood: files enough for it
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            print(f"open-file limit (the server raises its own the same way): {hard:,} "
                  f"(was {soft:,})")
        with srv.start(Path(tmp) / "data", log=log, env=env, host=host, args=extra,
                       module="benchmarks.apart_app" if apart else "ui") as server:
            try:
                code = asyncio.run(asyncio.wait_for(
                    run(server, args.attackers, args.rounds, Path(tmp), args.nice, args.run,
                        args.sessions, args.seconds, args.settle, lan, args.minted,
                        args.addresses if apart else 0),
                    args.timeout))
            except TimeoutError:
                print(f"stopped after {args.timeout:.0f} s", file=sys.stderr)
                code = 1
            lines = log.read_text(errors="replace").splitlines()
            lag_lines = sum("event loop late by" in x for x in lines)
            print(f"server log: {len(lines) - lag_lines} lines (and {lag_lines} of the loop "
                  f"watch), {sum('Traceback' in x for x in lines)} tracebacks, "
                  f"{sum('refused a connection' in x for x in lines)} refused connections")
            other = [x for x in lines[3:]  # after the banner
                     if "event loop late by" not in x and "refused a connection" not in x]
            for x in other[:5]:
                print(f"  server log: {x[:200]}")
    return code


if __name__ == "__main__":
    sys.exit(main())
