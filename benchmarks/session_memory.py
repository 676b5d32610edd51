"""Memory and collector pauses per in-game phone session, in one app process.

`python -m benchmarks.session_memory --sessions 50 100 200 [--tap-seconds 30]
[--tracemalloc]`: starts one `python -m ui` (SQLite, a fresh data folder; through
benchmarks/probe_app.py, which answers probes of what the process holds), then opens
in-game phone sessions over real websockets, 5 per table as players do: each table's host
phone starts a 5-player game and opens its own city (`/g/<code>/player/0`), 4 more phones
join at `/g/<code>/player/<i>`, each on its city (over the table screen and home). One
table is set up first and the process probed (the baseline: what the first sessions cost
once, caches and imports, is not counted per session); then tables are added up to each
number of `--sessions` and the process probed again. Prints, per step: the process's RSS
and its growth per session over the baseline; the objects the cyclic collector tracks per
session; two full collections timed (the first frees the garbage, the second is the walk
alone); the longest collection of each generation the server made while the sessions
were set up; and the object types that grew most per session.

`--tap-seconds S` (after the last step): every phone types its coins about every
`--tap-every` seconds (uniformly 0.5x-1.5x) for S seconds; prints the answer times
(p50/p95/p99/max: from the keystroke sent to the last patch of its answer) and the
longest collection of each generation meanwhile.

`--close-wait S` (at the end): every phone but the baseline's closes; after S seconds (the
server keeps a closed session 5 s here, Flet evicts every 10 s) the process is probed again:
what the closed sessions held, in cycles too, should be gone (tracked plus frozen objects
back near the baseline's) once the collector swept.

`--tracemalloc`: the server runs under tracemalloc (`PYTHONTRACEMALLOC=1`, slower):
the lines that allocated most of what the last step's sessions hold, per session.

Sessions per client address are capped by the server (64, issue 17): each table's phones
come as if from their own address (10.77.x.y in `X-Forwarded-For`; the server is started
with `--trusted-proxy 127.0.0.1`, the operator's option for a proxy in front, which this
benchmark stands in for). The phones are websocket clients in this one process, on the same
cores as the server: say the load (`uptime`) beside the numbers. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.flet_ws import FletWsClient
from benchmarks.load import percentile
from tools import server as srv

PLAYERS = 5


Phone = FletWsClient
"""A phone: the benchmark client dismisses its notes as the browser does
(`FletWsClient._notes`), so no note heard stays on the page's dialogs."""


def address_of(table: int) -> dict[str, str]:
    """The headers of a table's phones: their own client address (see the docstring)."""
    return {"X-Forwarded-For": f"10.77.{table // 250}.{table % 250 + 1}"}


async def start_table(url: str, t: int) -> list[FletWsClient]:
    """A host's phone starts a 5-player game and opens its city; four more phones join it
    at their cities' addresses."""
    headers = address_of(t)
    host = await Phone(url, headers=headers).start()
    await host.tap("New game")
    for i, name in enumerate(f"{n}{t:03d}" for n in ("Ann", "Bob", "Cid", "Dan", "Eve")):
        if i >= 3:
            await host.tap("Add player")
        await host.type(f"Name {i + 1}", name, expect=False)
    for _ in range(300):  # a loaded server may answer the last name after the timeout
        if not (await host.wait_for("Start")).get("disabled"):
            break
        await asyncio.sleep(0.1)
    await host.tap("Start")
    code = ""
    for _ in range(600):  # a loaded server may show the table after the tap's answer
        code = next((m.group(1) for x in host.all_texts()
                     if (m := re.search(r"/g/([A-Z]+)", x))), "")
        if code:
            break
        await asyncio.sleep(0.1)
    if not code:
        raise AssertionError(f"table {t}: no join code after Start: {host.all_texts()[:20]}")
    await host.go(f"/g/{code}/player/0")
    phones = [host]
    for seat in range(1, PLAYERS):
        phones.append(await Phone(url, route=f"/g/{code}/player/{seat}",
                                  headers=headers).start())
    return phones


class Probe:
    """Asks the server what it holds (benchmarks/probe_app.py) and reads the answer."""

    def __init__(self, server: srv.Server, answers: Path) -> None:
        self.server = server
        self.answers = answers

    async def __call__(self, timeout: float = 120, everything: bool = False
                       ) -> dict[str, Any]:
        seen = len(self.answers.read_text().splitlines()) if self.answers.exists() else 0
        os.kill(self.server.pid, signal.SIGUSR2 if everything else signal.SIGUSR1)
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            await asyncio.sleep(0.2)
            if self.answers.exists():
                lines = self.answers.read_text().splitlines()
                if len(lines) > seen:
                    got: dict[str, Any] = json.loads(lines[seen])
                    return got
        raise TimeoutError("the server did not answer the probe")


def per_session(now: dict[str, Any], base: dict[str, Any], sessions: int) -> dict[str, Any]:
    """The growth from the baseline, per session."""
    types = {k: round((v - base["types"].get(k, 0)) / sessions, 1)
             for k, v in now["types"].items()}
    grew = sorted(types.items(), key=lambda kv: -kv[1])[:15]
    functions = {k: round((v - base["functions"].get(k, 0)) / sessions, 1)
                 for k, v in now["functions"].items()}
    out: dict[str, Any] = {
        "rss_mib": round(now["rss_kib"] / 1024, 1),
        "mib_per_session": round((now["rss_kib"] - base["rss_kib"]) / 1024 / sessions, 3),
        "tracked": now["tracked_after_gc"],
        "tracked_per_session": round((now["tracked_after_gc"] - base["tracked_after_gc"])
                                     / sessions),
        "full_gc_ms": now["full_gc_ms"],
        "longest_pass_ms": now["longest_pass_ms"],
        "longest_pass_cpu_ms": now["longest_pass_cpu_ms"],
        "threshold": now["threshold"],
        "types_per_session": dict(grew),
        "functions_per_session": dict(sorted(functions.items(), key=lambda kv: -kv[1])[:15]),
    }
    if "grew" in now:
        out["traced_kib_per_session"] = round(
            (now["traced_kib"] - base["traced_kib"]) / sessions, 1)
        out["allocated_per_session"] = [
            {**g, "kib": round(g["kib"] / sessions, 2),
             "blocks": round(g["blocks"] / sessions, 1)} for g in now["grew"]]
        out["allocated_per_session_by_file"] = [
            {**g, "kib": round(g["kib"] / sessions, 2),
             "blocks": round(g["blocks"] / sessions, 1)} for g in now["grew_files"]]
    return out


async def tap_all(phones: list[FletWsClient], seconds: float, every: float) -> dict[str, Any]:
    """Every phone types its coins about every `every` seconds for `seconds`."""
    until = time.perf_counter() + seconds
    taps: list[float] = []
    errors: list[str] = []

    async def one(k: int, phone: FletWsClient) -> None:
        value = 10 * k
        next_tap = time.perf_counter() + random.uniform(0, every)
        while time.perf_counter() < until:
            if time.perf_counter() < next_tap:
                await asyncio.sleep(0.05)
                continue
            value += 3  # 3 coins = 1 point: the total changes, an answer always comes
            before = len(phone.timings)
            try:
                await phone.type("Coins", str(value))
            except Exception as err:
                errors.append(f"{type(err).__name__}: {str(err)[:120]}")
            taps.extend(phone.timings[before:])
            next_tap = time.perf_counter() + every * random.uniform(0.5, 1.5)
    await asyncio.gather(*(one(k, p) for k, p in enumerate(phones)))
    return {"taps": len(taps),
            "p50_ms": round(percentile(taps, 0.5) * 1000, 1),
            "p95_ms": round(percentile(taps, 0.95) * 1000, 1),
            "p99_ms": round(percentile(taps, 0.99) * 1000, 1),
            "max_ms": round(max(taps, default=float("nan")) * 1000, 1),
            "errors": sorted(set(errors))[:5]}


async def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        answers = Path(tmp) / "probe.jsonl"
        env = {"WONDERS_PROBE_FILE": str(answers)}
        if args.close_wait:  # closed sessions let go soon (Flet evicts every 10 s)
            env["FLET_SESSION_TIMEOUT"] = "5"
        if args.tracemalloc:
            env["PYTHONTRACEMALLOC"] = "1"
        for pair in args.server_env:
            key, _, value = pair.partition("=")
            env[key] = value
        data = Path(tmp) / "data"
        data.mkdir()
        with srv.start(data, module="benchmarks.probe_app", env=env,
                       log=Path(tmp) / "server.log",
                       args=("--trusted-proxy", "127.0.0.1")) as server:
            probe = Probe(server, answers)
            gate = asyncio.Semaphore(args.setup_at_once)

            async def table(t: int) -> list[FletWsClient]:
                async with gate:
                    return await start_table(server.ws_url, t)
            phones = await table(0)
            await asyncio.sleep(1)
            base = await probe()
            print(json.dumps({"baseline_sessions": len(phones),
                              "rss_mib": round(base["rss_kib"] / 1024, 1),
                              "tracked": base["tracked_after_gc"], "frozen": base["frozen"],
                              "full_gc_ms": base["full_gc_ms"],
                              "load": [round(x, 2) for x in os.getloadavg()]}), flush=True)
            tables = 1
            for target in args.sessions:
                want = max(tables, -(-target // PLAYERS) + 1)  # + the baseline's table
                began = time.perf_counter()
                for ps in await asyncio.gather(*(table(t) for t in range(tables, want))):
                    phones += ps
                tables = want
                setup_s = time.perf_counter() - began
                await asyncio.sleep(args.settle)
                now = await probe()
                counted = len(phones) - PLAYERS
                print(json.dumps({"sessions": counted, "setup_s": round(setup_s, 1),
                                  **per_session(now, base, counted),
                                  "load": [round(x, 2) for x in os.getloadavg()]}),
                      flush=True)
            if args.tap_seconds:
                before = await probe()  # resets the longest passes: the tapping's from here
                cpu, mine = server.cpu_s(), time.process_time()
                tapped = await tap_all(phones, args.tap_seconds, args.tap_every)
                cpu, mine = server.cpu_s() - cpu, time.process_time() - mine
                now = await probe()
                print(json.dumps({"tapping_sessions": len(phones), **tapped,
                                  "server_cpu_per_tap_ms": round(
                                      cpu / max(1, tapped["taps"]) * 1000, 1),
                                  "server_cores": round(cpu / args.tap_seconds, 2),
                                  "phones_cores": round(mine / args.tap_seconds, 2),
                                  "longest_pass_ms": now["longest_pass_ms"],
                                  "longest_pass_cpu_ms": now["longest_pass_cpu_ms"],
                                  "passes": now["passes"],
                                  "garbage_in_cycles_per_tap": round(
                                      (sum(now["collected"].values())
                                       - sum(before["collected"].values()))
                                      / max(1, tapped["taps"]), 1),
                                  "frozen": now["frozen"],
                                  "load": [round(x, 2) for x in os.getloadavg()]}),
                      flush=True)
            if args.close_wait:
                await asyncio.gather(*(c.close() for c in phones[PLAYERS:]))
                crashed_before = [c.crashes[0] for c in phones[PLAYERS:] if c.crashes]
                phones = phones[:PLAYERS] + [c for c in phones[PLAYERS:] if c.crashes]
                closed_at = time.perf_counter()
                rss: list[tuple[int, float]] = []
                while time.perf_counter() - closed_at < args.close_wait:
                    rss.append((round(time.perf_counter() - closed_at),
                                round(server.rss_kb() / 1024, 1)))
                    await asyncio.sleep(min(10.0, args.close_wait))
                rss.append((round(time.perf_counter() - closed_at),
                            round(server.rss_kb() / 1024, 1)))
                print(json.dumps({"rss_mib_after_close_by_s": rss,
                                  "baseline_rss_mib": round(base["rss_kib"] / 1024, 1),
                                  "within_20_pct_at_end": rss[-1][1]
                                  <= 1.2 * base["rss_kib"] / 1024}), flush=True)
                now = await probe()
                print(json.dumps({"closed_all_but_baseline": True, "waited_s": args.close_wait,
                                  "rss_mib": round(now["rss_kib"] / 1024, 1),
                                  "tracked": now["tracked_after_gc"], "frozen": now["frozen"],
                                  "longest_pass_ms": now["longest_pass_ms"],
                                  "longest_pass_cpu_ms": now["longest_pass_cpu_ms"],
                                  "over_baseline_tracked_and_frozen":
                                      now["tracked_after_gc"] + now["frozen"]
                                      - base["tracked_after_gc"] - base["frozen"],
                                  "crashed": len(crashed_before),
                                  # under --tracemalloc: what is still allocated over the
                                  # baseline, and where (fragmentation shows as RSS beyond it)
                                  "traced_kib_over_baseline": now.get("traced_kib", 0)
                                  - base.get("traced_kib", 0),
                                  "held_since_baseline": now.get("held_since_first", [])[:12]}),
                      flush=True)
                if args.probe_all:
                    print(json.dumps({"everything_held": await probe(everything=True)}),
                          flush=True)
            said = (Path(tmp) / "server.log").read_text(errors="replace").splitlines()
            sweeps = [line for line in said if "collector: swept" in line]
            print(json.dumps({"collector_sweeps": len(sweeps), "last": sweeps[-3:]}),
                  flush=True)
            crashed = [c.crashes[0] for c in phones if c.crashes]
            await asyncio.gather(*(c.close() for c in phones))
            if crashed:
                print(f"crashed sessions: {len(crashed)}: {crashed[0]}", flush=True)
                return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.session_memory",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[50, 100, 200],
                        help="in-game sessions to measure at, beyond the baseline's 5")
    parser.add_argument("--tap-seconds", type=float, default=0)
    parser.add_argument("--tap-every", type=float, default=5.0)
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument("--close-wait", type=float, default=0,
                        help="at the end, close every session but the baseline's, wait this "
                             "many seconds (their sessions kept 5 s), and probe again")
    parser.add_argument("--server-env", action="append", default=[], metavar="KEY=VALUE",
                        help="an environment variable for the server (PYTHONMALLOC=malloc: "
                             "every object from the C library's allocator)")
    parser.add_argument("--probe-all", action="store_true",
                        help="after --close-wait, what the server holds, the frozen objects "
                             "too, by type (a sweep's pause: at the very end only)")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds to wait after a step's set-up before the probe")
    parser.add_argument("--setup-at-once", type=int, default=4,
                        help="tables set up at the same time (default 4)")
    parser.add_argument("--timeout", type=float, default=1800)
    args = parser.parse_args(argv)
    return asyncio.run(asyncio.wait_for(run(args), args.timeout))


if __name__ == "__main__":
    sys.exit(main())
