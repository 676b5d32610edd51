"""Server CPU per tap (not a test): `python -m benchmarks.tap_cpu [--taps 300] [--block 20]
[--three-parts]`.

Side by side in one run, each over a real websocket (benchmarks/flet_ws.py), loopback:
- the city screen of a 3-player 7 Wonders game: a card chip tapped on and off (`--taps`
  times), after the board, stages and coins are entered;
- the Flet floor: a declarative counter's +1 button (benchmarks/counter.py), as many taps;
- with `--three-parts`, also benchmarks/three_parts.py: a tap that changes three parts in
  three places (a chip, a title, a note), as the card tap does, and does nothing else.
The servers run at once and the taps alternate between them in blocks of `--block`, so
that both see the same machine: on a shared host the speed drifts by 2x within minutes, and
two runs one after the other compared different machines. For each: the server process's CPU
(user + system, /proc) over its own blocks divided by its taps, and the answer time per tap
(event sent to the last patch of its answer).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.flet_ws import FletWsClient
from benchmarks.load import percentile, start_game
from tools import server as srv

CARD = "Altar"
WARM_UP_TAPS = 10  # the scoring cache and Flet's first diffs


class Tapper:
    """One server, one phone on it, one button it taps; the CPU its taps cost."""

    def __init__(self, server: srv.Server, tap: Callable[[FletWsClient], Awaitable[None]]):
        self.server = server
        self.client = FletWsClient(server.ws_url)
        self._tap = tap
        self.cpu_s = 0.0
        self.taps = 0

    async def block(self, taps: int) -> None:
        before = self.server.cpu_s()
        for _ in range(taps):
            await self._tap(self.client)
        self.cpu_s += self.server.cpu_s() - before
        self.taps += taps


async def _tap_card(c: FletWsClient) -> None:
    await c.tap(CARD)


async def _tap_plus(c: FletWsClient) -> None:
    await c.tap("+1")


async def _tap_chip(c: FletWsClient) -> None:
    await c.tap("Card 0")


async def _open_city(c: FletWsClient) -> None:
    await start_game(c, ["Ann", "Bob", "Cid"])
    await c.go("/game/player/0")
    await c.tap("Gizah")
    await c.type("Stages built", "2")
    await c.type("Coins", "7")


async def _run(city: Tapper, others: list[Tapper], taps: int, block: int) -> None:
    tappers = [city, *others]
    for tapper in tappers:
        await tapper.client.start()
    await _open_city(city.client)
    for tapper in tappers:
        for _ in range(WARM_UP_TAPS):
            await tapper._tap(tapper.client)
        tapper.client.timings.clear()
    done = 0
    while done < taps:
        size = min(block, taps - done)
        for tapper in tappers:
            await tapper.block(size)
        done += size
    for tapper in tappers:
        await tapper.client.close()


def _line(name: str, tapper: Tapper) -> str:
    times = tapper.client.timings
    return (f"{name}: server CPU {tapper.cpu_s / tapper.taps * 1000:.2f} ms per tap; answer "
            f"median {statistics.median(times) * 1000:.1f} ms, p95 "
            f"{percentile(times, .95) * 1000:.1f} ms (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--block", type=int, default=20,
                        help="taps on one server before the other's turn")
    parser.add_argument("--three-parts", action="store_true",
                        help="also tap benchmarks/three_parts.py (a tap that changes three "
                             "parts and does nothing else)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = srv.start(Path(tmp) / "app")
        floor_server = srv.start(Path(tmp) / "floor", module="benchmarks.counter")
        parts_server = (srv.start(Path(tmp) / "parts", module="benchmarks.three_parts")
                        if args.three_parts else None)
        try:
            city = Tapper(app, _tap_card)
            floor = Tapper(floor_server, _tap_plus)
            parts = None if parts_server is None else Tapper(parts_server, _tap_chip)
            others = [floor] if parts is None else [floor, parts]
            asyncio.run(asyncio.wait_for(_run(city, others, args.taps, args.block), 900))
        finally:
            for server in (app, floor_server, parts_server):
                if server is not None:
                    server.stop()
    floor_cpu = floor.cpu_s / floor.taps
    print(_line("city screen, a card tapped", city))
    print(_line("Flet floor, a counter's +1", floor))
    if parts is not None:
        print(_line("three parts, nothing else", parts))
        print(f"three parts: {parts.cpu_s / parts.taps / floor_cpu:.2f}x the Flet floor")
    print(f"ratio: {city.cpu_s / city.taps / floor_cpu:.2f}x the Flet floor "
          f"(taps alternated in blocks of {args.block})")


if __name__ == "__main__":
    main()
