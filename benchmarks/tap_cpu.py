"""Server CPU per tap (not a test): `python -m benchmarks.tap_cpu [--taps 200]`.

Side by side in one run, each over a real websocket (benchmarks/flet_ws.py), loopback:
- the city screen of a 3-player 7 Wonders game: a card chip tapped on and off (`--taps`
  times), after the board, stages and coins are entered;
- the Flet floor: a declarative counter's +1 button (benchmarks/counter.py), as many taps.
For each: the server process's CPU (user + system, /proc) over the taps divided by the taps,
and the answer time per tap (event sent to the last patch of its answer).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from benchmarks import server as srv
from benchmarks.flet_ws import FletWsClient
from benchmarks.load import percentile, start_game

CARD = "Altar"


async def _city(server: srv.Server, taps: int) -> tuple[float, list[float]]:
    c = FletWsClient(server.ws_url)
    await c.start()
    await start_game(c, ["Ann", "Bob", "Cid"])
    await c.go("/game/player/0")
    await c.tap("Gizah")
    await c.type("Stages built", "2")
    await c.type("Coins", "7")
    for _ in range(10):  # warm up: the scoring cache and Flet's first diffs
        await c.tap(CARD)
    c.timings.clear()
    before = server.cpu_s()
    for _ in range(taps):
        await c.tap(CARD)
    used = server.cpu_s() - before
    await c.close()
    return used / taps, list(c.timings)


async def _counter(server: srv.Server, taps: int) -> tuple[float, list[float]]:
    c = FletWsClient(server.ws_url)
    await c.start()
    for _ in range(10):
        await c.tap("+1")
    c.timings.clear()
    before = server.cpu_s()
    for _ in range(taps):
        await c.tap("+1")
    used = server.cpu_s() - before
    await c.close()
    return used / taps, list(c.timings)


def _line(name: str, cpu: float, times: list[float]) -> str:
    return (f"{name}: server CPU {cpu * 1000:.2f} ms per tap; answer median "
            f"{statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, .95) * 1000:.1f} ms "
            f"(n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = srv.start(Path(tmp) / "app")
        try:
            city_cpu, city_times = asyncio.run(asyncio.wait_for(_city(app, args.taps), 600))
        finally:
            app.stop()
        floor = srv.start(Path(tmp) / "floor", module="benchmarks.counter")
        try:
            floor_cpu, floor_times = asyncio.run(
                asyncio.wait_for(_counter(floor, args.taps), 600))
        finally:
            floor.stop()
    print(_line("city screen, a card tapped", city_cpu, city_times))
    print(_line("Flet floor, a counter's +1", floor_cpu, floor_times))
    print(f"ratio: {city_cpu / floor_cpu:.1f}x the Flet floor")


if __name__ == "__main__":
    main()
