"""Python calls per tap (not a test): `python -m benchmarks.tap_calls [--taps 100] [--top 0]`.

The work a tap makes the server do, counted instead of timed: on this shared machine the
CPU time of the same code drifts by 2x within minutes (`benchmarks/tap_cpu.py`), while the
number of Python function calls (Python's deterministic profiler, `benchmarks/
profiled_app.py`, on the event loop's thread, from the first tap counted to the last) is
the same from run to run within a few calls. Three servers, each over real websockets on
127.0.0.1 (`benchmarks/flet_ws.py`):
- the city screen of a 3-player game: a card chip tapped on and off (as tap_cpu);
- the Flet floor: a declarative counter's +1 (as tap_cpu);
- a 5-phone table, each phone on its own city (as benchmarks/capacity.py): the phones type
  their coins in turn, every change shown on all five.
Prints the calls per tap for each, and the city's and the table's ratio to the floor;
`--top N`: also the N modules with most calls per tap (what to look at first). Calls are
not time (a call into C, a JSON dump or a SQLite statement, is one call), so this says
where Python does more or less, and tap_cpu and capacity say what it costs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pstats
import signal
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks import capacity
from benchmarks.flet_ws import FletWsClient
from benchmarks.tap_cpu import _open_city, _tap_card, _tap_plus
from tools import server as srv

WARM_UP_TAPS = 20
SETTLE_S = 0.3
"""Around the counted taps: the signal is taken and the last answer's work is done."""


async def _counted(server: srv.Server, taps: int, tap: Callable[[int], Awaitable[None]]) -> None:
    for k in range(WARM_UP_TAPS):
        await tap(k)
    os.kill(server.pid, signal.SIGUSR1)
    await asyncio.sleep(SETTLE_S)
    for k in range(taps):
        await tap(WARM_UP_TAPS + k)
    await asyncio.sleep(SETTLE_S)
    os.kill(server.pid, signal.SIGUSR2)
    await asyncio.sleep(SETTLE_S)


async def _one_phone(server: srv.Server, taps: int, city: bool) -> None:
    c = await FletWsClient(server.ws_url).start()
    if city:
        await _open_city(c)

    async def tap(_k: int) -> None:
        await (_tap_card if city else _tap_plus)(c)

    await _counted(server, taps, tap)
    await c.close()


async def _table(server: srv.Server, taps: int) -> None:
    phones = await capacity.start_table(server.ws_url, 1)
    coins = [100 * p.seat for p in phones]

    async def tap(k: int) -> None:
        seat = k % len(phones)
        coins[seat] += 3  # 3 coins = 1 point: every tap moves a total
        await phones[seat].client.type("Coins", str(coins[seat]))

    await _counted(server, taps, tap)
    for p in phones:
        await p.client.close()


def _profile(tmp: Path, name: str, module: str,
             drive: Callable[[srv.Server], Awaitable[None]]) -> pstats.Stats:
    out = tmp / f"{name}.prof"
    server = srv.start(tmp / name, module="benchmarks.profiled_app",
                       env={"WONDERS_PROFILED_MODULE": module,
                            "WONDERS_PROFILE_OUT": str(out)})
    try:
        asyncio.run(asyncio.wait_for(drive(server), 600))
    finally:
        server.stop()
    return pstats.Stats(str(out))


def _modules(stats: pstats.Stats, taps: int, top: int) -> list[str]:
    calls: Counter[str] = Counter()
    for (file, _line, name), (_cc, count, *_rest) in stats.stats.items():  # type: ignore[attr-defined]
        where = file.split("site-packages/")[-1] if file != "~" else name
        calls[where.removeprefix(str(srv.ROOT) + "/")] += count
    return [f"    {n / taps:8.1f}  {where}" for where, n in calls.most_common(top)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--top", type=int, default=0,
                        help="also the N modules with most calls per tap")
    args = parser.parse_args()
    taps = args.taps
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        runs = {
            "city screen, a card tapped": _profile(
                tmp, "city", "ui", lambda s: _one_phone(s, taps, city=True)),
            "Flet floor, a counter's +1": _profile(
                tmp, "floor", "benchmarks.counter", lambda s: _one_phone(s, taps, city=False)),
            "5-phone table, coins typed": _profile(
                tmp, "table", "ui", lambda s: _table(s, taps)),
        }
    floor = runs["Flet floor, a counter's +1"].total_calls / taps  # type: ignore[attr-defined]
    for name, stats in runs.items():
        per_tap = stats.total_calls / taps  # type: ignore[attr-defined]
        print(f"{name}: {per_tap:,.0f} Python calls per tap ({per_tap / floor:.2f}x the floor)")
        for line in _modules(stats, taps, args.top):
            print(line)


if __name__ == "__main__":
    main()
