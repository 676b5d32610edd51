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

Each (processes, tables) row runs on a cluster of its own, started for it (no session or
game of a row before). The tables are searched upward: after the first row whose p99 is
over `--p99-bar` (150 ms) no larger number of tables is tried for that number of processes
(`--keep-going` tries them all); the last line says, per number of processes, the most
tables that met the bar.

Each table's phones come from an address of their own (as the tables of a club night each
from their own home network or phone): `10.19.x.y`, added on the loopback interface for the
run and removed after (`ip addr add 10.19.x.y/32 dev lo`: root only), each phone's
connection bound to it. The proxy (on 127.0.0.1) names it to the app processes in
`X-Forwarded-For`, which they trust from it (tools/cluster.py), so the cap of 64 sessions
per client address (issue 17) counts each table's 5 phones, not all of them as one.
`--addresses N` spreads the phones over N addresses instead; `--addresses 0`: all from
127.0.0.1 (not root; one process then takes at most 64 phones).

`--kill-after S` (with one number of processes and tables; `--repeat R` runs): kill -9 one
app process S seconds into the run; every phone it served notices its connection closed and
connects again through the proxy as Flet's web client does (its first try 500 ms after the
close, then 1, 2, 4 s later: its back-off), with the same storage and address; prints how
long each took to be back on screen (from the kill: noticed, connected, answered, shown),
the surviving processes' CPU per moved phone, the full collections of at least
`GC_LOGGED_MS` they made until the last phone was back (and whether Python's thresholds or
the app's collector ran each), and checks that no acknowledged change was lost.

The phones are websocket clients in this one process (benchmarks/flet_ws.py): on a shared
2-core machine they take CPU from the servers (`client_cpu_pct`: this process's share of a
core while tapping); say the load (`uptime`) beside the numbers. Loopback only; bounded by
`--timeout`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from benchmarks import live
from benchmarks.flet_ws import FletWsClient
from benchmarks.load import percentile
from tools import cluster as cl
from ui.store.store import Store

PLAYERS = 5
DEVICE_KEY = "wonders-scorer.device"
ADDRESS_BASE = ipaddress.IPv4Address("10.19.0.1")
"""The first of the phones' addresses (issue 19's network, on the loopback interface)."""
RECONNECT_FIRST_S = 0.5
"""Flet's web client tries again 500 ms after its connection closed, then doubles the wait
(its websocket channel's `defaultReconnectIntervalMs`, flet 1.0.5's main.dart.js)."""
RECONNECT_TRIES = 6
P99_BAR_MS = 150.0
GC_LOGGED_MS = 5
"""Full collections at least this long are logged with their time (benchmarks/gc_app.py):
a kill run says those the survivors made while the moved phones came back."""


def phone_address(n: int) -> str:
    """The n-th phones' address: 10.19.0.1, 10.19.0.2, ... (skipping .0 and .255)."""
    return str(ADDRESS_BASE + (n // 254) * 256 + n % 254)


@contextlib.contextmanager
def local_addresses(count: int) -> Iterator[list[str]]:
    """`count` addresses of this machine on the loopback interface, added for the run and
    removed after (those that were there already are left as they were)."""
    wanted = [phone_address(n) for n in range(count)]
    if not wanted:
        yield []
        return
    if os.geteuid() != 0:
        raise SystemExit("benchmarks.capacity: the phones' own addresses are added on the "
                         "loopback interface, which takes root (or --addresses 0: every "
                         "phone from 127.0.0.1, at most 64 per process)")
    shown = subprocess.run(["ip", "-o", "-4", "addr", "show", "dev", "lo"],
                           capture_output=True, text=True, check=True).stdout
    there = set(re.findall(r"inet ([\d.]+)/", shown))
    added: list[str] = []
    try:
        for address in wanted:
            if address not in there:
                subprocess.run(["ip", "addr", "add", f"{address}/32", "dev", "lo"],
                               check=True, capture_output=True)
                added.append(address)
        yield wanted
    finally:
        for address in added:
            subprocess.run(["ip", "addr", "del", f"{address}/32", "dev", "lo"],
                           check=False, capture_output=True)


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
    source: str = ""
    """The address its connections come from ("" = 127.0.0.1)."""
    taps: list[float] = field(default_factory=list)
    reconnects: list[float] = field(default_factory=list)
    phases: list[dict[str, float]] = field(default_factory=list)
    """Per reconnection, seconds from the kill: close noticed, connected, answered, shown."""
    errors: list[str] = field(default_factory=list)

    @property
    def route(self) -> str:
        return f"/g/{self.code}/player/{self.seat}"


async def start_table(url: str, t: int, source: str = "") -> list[Phone]:
    """A host's phone starts a 5-player game; four more phones join it, each on its city
    (all from `source`)."""
    host, code = await live.host(url, names_for(t), source=source)
    await host.go(f"/g/{code}/player/0")
    phones = [Phone(t, 0, code, host, source=source)]
    for seat in range(1, PLAYERS):
        c = await FletWsClient(url, route=f"/g/{code}/player/{seat}", source=source).start()
        phones.append(Phone(t, seat, code, c, source=source))
    return phones


class Reconnect(FletWsClient):
    """A phone's browser connecting again: when its connection opened and when the app's
    first answer (the registration) came, for the phases of its way back."""

    connected_at = 0.0
    answered_at = 0.0

    async def start(self, session_id: str = "") -> FletWsClient:
        waiting = asyncio.ensure_future(self._registered.wait())
        waiting.add_done_callback(lambda _f: setattr(self, "answered_at",
                                                     time.perf_counter()))
        try:
            return await super().start(session_id)
        finally:
            waiting.cancel()

    async def _read(self) -> None:
        self.connected_at = time.perf_counter()
        await super()._read()


async def back_again(phone: Phone, url: str, since: float) -> None:
    """The phone's browser connects again (same storage, same address) after its process
    died, on Flet's web client's schedule (first 500 ms after the close, then doubling);
    how long from the kill until its screen is back, and where that time went."""
    old = phone.client
    noticed = time.perf_counter()
    with_storage = dict(old.prefs)
    await old.close()
    wait = RECONNECT_FIRST_S
    for _ in range(RECONNECT_TRIES):
        await asyncio.sleep(wait)
        c = Reconnect(url, route=phone.route, source=phone.source)
        c.prefs = dict(with_storage)
        try:
            await c.start(session_id=old.session_id)
        except Exception as err:  # no process took it: the browser waits longer, again
            phone.errors.append(f"reconnect: {type(err).__name__}: {str(err)[:120]}")
            await c.close()
            wait *= 2
            continue
        phone.client = c
        shown = time.perf_counter()
        phone.reconnects.append(shown - since)
        phone.phases.append({"noticed": noticed - since, "connected": c.connected_at - since,
                             "answered": c.answered_at - since, "shown": shown - since})
        return
    raise RuntimeError("the phone never came back")


async def run_phone(phone: Phone, url: str, until: float, every: float,
                    killed: list[float]) -> None:
    value = 100 * phone.seat + phone.table % 50  # far under the bound on coins (10,000)
    next_tap = time.perf_counter() + random.uniform(0, every)
    while time.perf_counter() < until:
        if phone.client.closed:  # its process went away
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


def full_collections_between(cluster: cl.Cluster, start: float,
                             end: float) -> list[tuple[float, str]]:
    """The full collections of at least `GC_LOGGED_MS` the live processes made between two
    unix times (benchmarks/gc_app.py's `gc2:` lines): ms, and by whom (python: by its
    thresholds; call: ui/web/collector.py's rounds)."""
    found = []
    for n, app in enumerate(cluster.apps):
        log = cluster.folder / f"app-{n}.log"
        if app.proc.poll() is not None or not log.exists():
            continue
        for line in log.read_text(errors="replace").splitlines():
            if (m := re.match(r"gc2: at=([\d.]+) ms=([\d.]+) by=(\w+)", line)) \
                    and start <= float(m.group(1)) <= end:
                found.append((float(m.group(2)), m.group(3)))
    return found


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
                  kill_after: float | None, setup_at_once: int,
                  sources: list[str]) -> dict[str, Any]:
    url = cluster.ws_url
    rss_before = rss_mib(cluster)
    gate = asyncio.Semaphore(setup_at_once)

    async def table(t: int) -> list[Phone]:
        async with gate:
            return await start_table(url, t, sources[t % len(sources)] if sources else "")
    began = time.perf_counter()
    note(f"setting up {tables} tables")
    phones = [p for ps in await asyncio.gather(*(table(t) for t in range(tables)))
              for p in ps]
    note(f"{len(phones)} phones tapping for {seconds:.0f} s")
    setup_s = time.perf_counter() - began
    rss_games = rss_mib(cluster)
    cpu_before = sum(a.cpu_s() for a in cluster.apps)
    client_before = time.process_time()
    killed: list[float] = []
    moved: dict[str, float] = {}
    until = time.perf_counter() + seconds
    tapping_began = time.perf_counter()

    async def kill_later(delay: float) -> None:
        await asyncio.sleep(delay)
        victim = cluster.apps[-1]
        survivors = [a for a in cluster.apps if a is not victim]
        cpu_at_kill = sum(a.cpu_s() for a in survivors)
        moved["killed_at"] = time.time()
        killed.append(time.perf_counter())
        cluster.kill(victim)
        await asyncio.sleep(0.3)  # every phone of the victim has seen its connection close
        count = sum(1 for p in phones if p.client.closed or p.reconnects)
        end = time.perf_counter() + 30
        while sum(len(p.reconnects) for p in phones) < count and time.perf_counter() < end:
            await asyncio.sleep(0.05)
        moved.update(phones=count, cpu_s=sum(a.cpu_s() for a in survivors) - cpu_at_kill,
                     window_s=time.perf_counter() - killed[0], back_at=time.time())
    jobs = [run_phone(p, url, until, every, killed) for p in phones]
    if kill_after is not None:
        jobs.append(kill_later(kill_after))
    await asyncio.gather(*jobs)
    client_cpu = time.process_time() - client_before
    note("checking what was saved")
    tapping_s = time.perf_counter() - tapping_began
    alive = [a for a in cluster.apps if a.proc.poll() is None]
    cpu = sum(a.cpu_s() for a in alive) - (0 if killed else cpu_before)
    taps = [t for p in phones for t in p.taps]
    back = [r for p in phones for r in p.reconnects]
    out: dict[str, Any] = {
        "processes": len(cluster.apps), "tables": tables, "sessions": len(phones),
        "addresses": len(set(p.source for p in phones)),
        "setup_s": round(setup_s, 1), "taps": len(taps),
        "p50_ms": round(percentile(taps, 0.5) * 1000, 1),
        "p95_ms": round(percentile(taps, 0.95) * 1000, 1),
        "p99_ms": round(percentile(taps, 0.99) * 1000, 1),
        "max_ms": round(max(taps, default=float("nan")) * 1000, 1),
        "rss_mib": round(rss_games, 1),
        "mib_per_session": round((rss_games - rss_before) / max(1, len(phones)), 3),
        "cpu_per_tap_ms": round(cpu / max(1, len(taps)) * 1000, 2) if not killed else None,
        "client_cpu_pct": round(100 * client_cpu / max(tapping_s, 1e-9)),
        "lost": check_saved(cluster, phones),
        "errors": sorted({e for p in phones for e in p.errors})[:5],
        "load": [round(x, 1) for x in os.getloadavg()],
        **gc_pauses(cluster),
    }
    if kill_after is not None:
        phases = [ph for p in phones for ph in p.phases]
        out["reconnected"] = len(back)
        out["back_p50_s"] = round(percentile(back, 0.5), 2)
        out["back_max_s"] = round(max(back, default=float("nan")), 2)
        for name in ("noticed", "connected", "answered", "shown"):
            out[f"{name}_max_s"] = round(max((ph[name] for ph in phases),
                                             default=float("nan")), 2)
        if moved.get("phones"):
            out["survivors_cpu_ms_per_moved_phone"] = round(
                moved["cpu_s"] * 1000 / moved["phones"], 1)
            burst = full_collections_between(cluster, moved["killed_at"], moved["back_at"])
            out["full_gc_while_back"] = [f"{ms:.0f} ms ({by})" for ms, by in burst]
    await asyncio.gather(*(p.client.close() for p in phones))
    return out


def note(line: str) -> None:
    """Where the run is (on stderr, timed: a long run says what it waits for)."""
    print(f"[{time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True)


async def run(args: argparse.Namespace) -> int:
    results = []
    most: dict[int, int] = {}
    for procs in args.processes:
        for tables in args.tables:
            sources_wanted = tables if args.addresses is None else args.addresses
            for _ in range(args.repeat):
                with local_addresses(sources_wanted) as sources:
                    note(f"{procs} processes, {tables} tables: starting the cluster")
                    cluster = cl.start(apps=procs, app_module="benchmarks.gc_app",
                                       app_env={"WONDERS_GC_REPORT_S": "5",
                                                "WONDERS_GC_LOG_MS": str(GC_LOGGED_MS)})
                    try:
                        got = await one_run(cluster, tables, args.seconds, args.tap_every,
                                            args.kill_after, args.setup_at_once, sources)
                    finally:
                        note("stopping the cluster")
                        cluster.stop()
                print(json.dumps(got), flush=True)
                results.append(got)
            met = got["p99_ms"] <= args.p99_bar and not got["lost"]
            if met and args.kill_after is None:
                most[procs] = max(most.get(procs, 0), tables)
            if not met and not args.keep_going and args.kill_after is None:
                break  # more tables on as many processes: no nearer the bar
    if args.kill_after is None:
        print(json.dumps({"most_tables_at_p99_bar": {str(p): most.get(p, 0)
                                                       for p in args.processes},
                          "p99_bar_ms": args.p99_bar}), flush=True)
    return 0 if all(not r["lost"] for r in results) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.capacity",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 20, 40, 60, 100])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tap-every", type=float, default=5.0)
    parser.add_argument("--kill-after", type=float, default=None)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each row (each on a cluster of its own; default 1)")
    parser.add_argument("--addresses", type=int, default=None,
                        help="the phones' source addresses (default: one per table; 0: all "
                             "from 127.0.0.1)")
    parser.add_argument("--p99-bar", type=float, default=P99_BAR_MS,
                        help="the p99 a row must meet (ms; default 150)")
    parser.add_argument("--keep-going", action="store_true",
                        help="try every number of tables, even past the first over the bar")
    parser.add_argument("--setup-at-once", type=int, default=4,
                        help="tables set up at the same time (default 4)")
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args(argv)
    if args.kill_after is not None and (len(args.processes) > 1 or len(args.tables) > 1):
        parser.error("--kill-after takes one number of processes and one of tables")
    if args.addresses is not None and not 0 <= args.addresses <= 254 * 64:
        parser.error("--addresses: 0 to 16,256")
    return asyncio.run(asyncio.wait_for(run(args), args.timeout))


if __name__ == "__main__":
    sys.exit(main())
