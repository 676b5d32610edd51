"""Capacity: N tables x 5 phones over P app processes on one PostgreSQL, behind the proxy.

`python -m benchmarks.capacity --processes 1 2 4 --tables 10 20 --seconds 60`: for each
number of processes, starts the local cluster (tools/cluster.py: a throwaway PostgreSQL, P
`python -m ui` processes, Caddy with sticky sessions), then for each number of tables: each
table's host phone starts a 5-player game through the proxy and 4 more phones join it by its
address (/g/<code>/player/<i>, each its own city); every phone then types its coins about
every `--tap-every` seconds (uniformly 0.5x-1.5x) for `--seconds`. Prints the answer time of
the taps (p50/p95/p99/max: from the keystroke sent to the last patch of its answer), the
processes' memory (RSS after the games were set up, per in-game session) and CPU, and
whether every acknowledged value is the one stored (nothing lost).

`--kill-after S` (with one number of processes and tables): kill -9 one app process S
seconds into the run; every phone it served connects again through the proxy (same
storage, same address: as the browser does) and goes on; prints how long each took to be
back on screen, and checks that no acknowledged change was lost.

The phones are websocket clients in this one process (benchmarks/flet_ws.py): on a shared
2-core machine they take CPU from the servers; say the load (`uptime`) beside the numbers.
Loopback only; bounded by `--timeout`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks import live
from benchmarks.flet_ws import FletWsClient
from benchmarks.load import percentile
from tools import cluster as cl
from ui.store import Store

PLAYERS = 5
DEVICE_KEY = "wonders-scorer.device"


def names_for(t: int) -> list[str]:
    return [f"{n}{t:03d}q" for n in ("Ann", "Bob", "Cid", "Dan", "Eve")]


@dataclass
class Phone:
    table: int
    seat: int
    code: str
    client: FletWsClient
    acked: int | None = None
    """The last coins this phone typed and was answered (the app saved it)."""
    in_flight: int | None = None
    """A value typed whose answer never came (its process died): may or may not be saved."""
    taps: list[float] = field(default_factory=list)
    reconnects: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def route(self) -> str:
        return f"/g/{self.code}/player/{self.seat}"


async def start_table(url: str, t: int) -> list[Phone]:
    """A host's phone starts a 5-player game; four more phones join it, each on its city."""
    host, code = await live.host(url, names_for(t))
    await host.go(f"/g/{code}/player/0")
    phones = [Phone(t, 0, code, host)]
    for seat in range(1, PLAYERS):
        c = await FletWsClient(url, route=f"/g/{code}/player/{seat}").start()
        phones.append(Phone(t, seat, code, c))
    return phones


async def back_again(phone: Phone, url: str, since: float) -> None:
    """The phone's browser connects again (same storage, same address) after its process
    died; how long from the kill until its screen is back."""
    old = phone.client
    with_storage = dict(old.prefs)
    await old.close()
    for _ in range(20):
        c = FletWsClient(url, route=phone.route)
        c.prefs = dict(with_storage)
        try:
            await c.start()
        except Exception as err:  # the proxy had not noticed yet: the browser tries again
            phone.errors.append(f"reconnect: {type(err).__name__}: {err}")
            await c.close()
            await asyncio.sleep(0.2)
            continue
        phone.client = c
        phone.reconnects.append(time.perf_counter() - since)
        return
    raise RuntimeError("the phone never came back")


async def run_phone(phone: Phone, url: str, until: float, every: float,
                    killed: list[float]) -> None:
    value = 1000 * phone.table + 10 * phone.seat
    next_tap = time.perf_counter() + random.uniform(0, every)
    while time.perf_counter() < until:
        reader = phone.client._reader
        if reader is not None and reader.done():  # its process went away
            await back_again(phone, url, killed[0] if killed else time.perf_counter())
            continue
        if time.perf_counter() < next_tap:
            await asyncio.sleep(0.05)
            continue
        value += 3  # 3 coins = 1 point: the total on screen changes, an answer always comes
        phone.in_flight = value
        before = len(phone.client.timings)
        try:
            await phone.client.type("Coins", str(value))
        except Exception as err:
            phone.errors.append(f"tap: {type(err).__name__}: {str(err)[:200]}")
            next_tap = time.perf_counter() + every
            continue
        phone.acked, phone.in_flight = value, None
        phone.taps += phone.client.timings[before:]
        next_tap = time.perf_counter() + every * random.uniform(0.5, 1.5)


def gc_pauses(cluster: cl.Cluster) -> dict[str, float]:
    """The longest full collection (generation 2) and the time in the collector, over the
    live processes' last reports (benchmarks/gc_app.py)."""
    worst, total = 0.0, 0.0
    for n in range(len(cluster.apps) + 2):
        log = cluster.folder / f"app-{n}.log"
        if not log.exists():
            continue
        last: dict[str, tuple[float, float]] = {}
        for line in log.read_text(errors="replace").splitlines():
            if m := re.match(r"gc: (\d): n=\d+ max=([\d.]+) total=([\d.]+)", line):
                last[m.group(1)] = (float(m.group(2)), float(m.group(3)))
        worst = max(worst, last.get("2", (0.0, 0.0))[0])
        total += sum(t for _, t in last.values())
    return {"gc_full_max_ms": round(worst, 1), "gc_total_ms": round(total, 1)}


def rss_mib(cluster: cl.Cluster) -> float:
    return sum(a.rss_kb() for a in cluster.apps if a.proc.poll() is None) / 1024


def check_saved(cluster: cl.Cluster, phones: list[Phone]) -> list[str]:
    """Every phone's last acknowledged value is the one stored (or a later one it sent)."""
    lost = []
    s = Store(url=cluster.postgres.url)
    try:
        for p in phones:
            rec = s.live_by_code(p.code)
            got = None if rec is None else rec.draft.seats[p.seat].coins
            if p.acked is not None and got not in (p.acked, p.in_flight):
                lost.append(f"table {p.table} seat {p.seat}: acknowledged {p.acked}, "
                            f"stored {got}")
    finally:
        s.close()
    return lost


async def one_run(cluster: cl.Cluster, tables: int, seconds: float, every: float,
                  kill_after: float | None, setup_at_once: int) -> dict[str, Any]:
    url = cluster.ws_url
    rss_before = rss_mib(cluster)
    gate = asyncio.Semaphore(setup_at_once)

    async def table(t: int) -> list[Phone]:
        async with gate:
            return await start_table(url, t)
    began = time.perf_counter()
    phones = [p for ps in await asyncio.gather(*(table(t) for t in range(tables)))
              for p in ps]
    setup_s = time.perf_counter() - began
    rss_games = rss_mib(cluster)
    cpu_before = sum(a.cpu_s() for a in cluster.apps)
    killed: list[float] = []
    until = time.perf_counter() + seconds

    async def kill_later(delay: float) -> None:
        await asyncio.sleep(delay)
        victim = cluster.apps[-1]
        killed.append(time.perf_counter())
        cluster.kill(victim)
    jobs = [run_phone(p, url, until, every, killed) for p in phones]
    if kill_after is not None:
        jobs.append(kill_later(kill_after))
    await asyncio.gather(*jobs)
    alive = [a for a in cluster.apps if a.proc.poll() is None]
    cpu = sum(a.cpu_s() for a in alive) - (0 if killed else cpu_before)
    taps = [t for p in phones for t in p.taps]
    back = [r for p in phones for r in p.reconnects]
    out: dict[str, Any] = {
        "processes": len(cluster.apps), "tables": tables, "sessions": len(phones),
        "setup_s": round(setup_s, 1), "taps": len(taps),
        "p50_ms": round(percentile(taps, 0.5) * 1000, 1),
        "p95_ms": round(percentile(taps, 0.95) * 1000, 1),
        "p99_ms": round(percentile(taps, 0.99) * 1000, 1),
        "max_ms": round(max(taps, default=float("nan")) * 1000, 1),
        "rss_mib": round(rss_games, 1),
        "mib_per_session": round((rss_games - rss_before) / max(1, len(phones)), 3),
        "cpu_per_tap_ms": round(cpu / max(1, len(taps)) * 1000, 2) if not killed else None,
        "lost": check_saved(cluster, phones),
        "errors": sorted({e for p in phones for e in p.errors})[:5],
        "load": [round(x, 1) for x in os.getloadavg()],
        **gc_pauses(cluster),
    }
    if kill_after is not None:
        out["reconnected"] = len(back)
        out["back_p50_s"] = round(percentile(back, 0.5), 2)
        out["back_max_s"] = round(max(back, default=float("nan")), 2)
    for p in phones:
        await p.client.close()
    return out


async def run(args: argparse.Namespace) -> int:
    results = []
    for procs in args.processes:
        cluster = cl.start(apps=procs, app_module="benchmarks.gc_app",
                           app_env={"WONDERS_GC_REPORT_S": "5"})
        try:
            for tables in args.tables:
                got = await one_run(cluster, tables, args.seconds, args.tap_every,
                                    args.kill_after, args.setup_at_once)
                print(json.dumps(got), flush=True)
                results.append(got)
                if args.kill_after is not None:
                    break
        finally:
            cluster.stop()
    return 0 if all(not r["lost"] for r in results) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.capacity",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tap-every", type=float, default=5.0)
    parser.add_argument("--kill-after", type=float, default=None)
    parser.add_argument("--setup-at-once", type=int, default=4,
                        help="tables set up at the same time (default 4)")
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args(argv)
    return asyncio.run(asyncio.wait_for(run(args), args.timeout))


if __name__ == "__main__":
    sys.exit(main())
