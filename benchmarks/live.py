"""Server CPU per change of a shared game: one device alone, then seven devices of one game.

`python -m benchmarks.live [--changes 40] [--devices 7] [--timeout 300]`: for each case, starts
`python -m ui --host 127.0.0.1` on a free port with a fresh data folder; the host's tab starts
a 7-player game and opens seat 1's city; in the shared case the other tabs join it by its
address (`/g/<code>`) and each opens its own city (as each player would), but the last,
which stays on the table screen (every total and place; `--no-table`: on its city too).
Then the host taps `changes` cards in seat 1's city, one at a time, each waited for on every
tab (each tab receives the saved game and shows it). Every change moves a total (issue 21's
bar: "a change that moves a total, watched by 6 other phones one of which is on the table
screen"): the cards are Age I cards that score (civilian and science), tapped on, then off
again, and the table screen's total of seat 1 is checked to read another value after each.
Prints the server's CPU seconds (from /proc) per change in each case and their ratio (the
bar of issue 21: at most 2x).
Loopback only, bounded by `--timeout`.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.flet_ws import FletWsClient, label
from tools import server as srv

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"]
CARDS = ["Altar", "Theater", "Baths", "Pawnshop", "Apothecary", "Workshop", "Scriptorium"]
"""Age I cards of a 7-player game that score (civilian: their points; science: a symbol
more or less changes the science points): each tap, on or off, moves seat 1's total."""


def total_shown(c: FletWsClient, player: str) -> str:
    """The total the table screen shows for a player (its tile's `total-<name>`)."""
    for control in c.controls():
        if control.get("_c") == "Semantics" and control.get("identifier") == f"total-{player}":
            return label(control["content"]) if isinstance(control.get("content"), dict) else ""
    raise AssertionError(f"no total of {player} on {c.title()!r}")


async def host(url: str, names: list[str] = NAMES, source: str = "",
               ) -> tuple[FletWsClient, str]:
    """A host's phone (connected from `source`, "" = 127.0.0.1) starts a game of these
    players (3 to 7): its join code."""
    c = await FletWsClient(url, source=source).start()
    await c.tap("New game")
    for i, n in enumerate(names):
        if i >= 3:
            await c.tap("Add player")
        await c.type(f"Name {i + 1}", n, expect=False)
    await c.tap("Start")
    code = next(m.group(1) for t in c.all_texts() if (m := re.search(r"/g/([A-Z]+)", t)))
    return c, code


async def case(devices: int, changes: int, on_table: bool = True) -> float:
    """Server CPU seconds per change with `devices` tabs on one game (`on_table`: the last
    of them stays on the table screen, where every total and place shows)."""
    with tempfile.TemporaryDirectory() as tmp, srv.start(Path(tmp)) as server:
        a, code = await host(server.ws_url)
        others = []
        for k in range(1, devices):
            c = await FletWsClient(server.ws_url, route=f"/g/{code}").start()
            if not (on_table and k == devices - 1):
                await c.go(f"/game/player/{k}")
            others.append(c)
        table = others[-1] if on_table and others else None
        await a.go("/game/player/0")
        await a.tap("Gizah")  # warm: the first scoring of this game
        await asyncio.gather(*(c.settle(expect=False) for c in others))
        shown = total_shown(table, NAMES[0]) if table else ""
        before = server.cpu_s()
        taps = (CARDS * (1 + changes // len(CARDS)))[:changes]  # on, then off again
        for card in taps:
            sent = time.perf_counter()
            await a.tap(card)
            await asyncio.gather(*(c.settle(since=sent) for c in others))
            if table is not None:  # the change moved a total, on the table screen
                now = total_shown(table, NAMES[0])
                assert now != shown, f"{card}: the table still shows {now}"
                shown = now
        used = server.cpu_s() - before
        for c in [a, *others]:
            assert not c.crashes, c.crashes[0]
            await c.close()
        return used / changes


async def run(changes: int, devices: int, on_table: bool) -> int:
    one = await case(1, changes)
    many = await case(devices, changes, on_table)
    print(f"server CPU per change, 1 device:  {one * 1000:.1f} ms")
    print(f"server CPU per change, {devices} devices: {many * 1000:.1f} ms "
          f"({many / one:.2f}x; bar: at most 2x)")
    return 0 if many <= 2 * one else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.live", description=__doc__)
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--devices", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--no-table", action="store_true",
                        help="every other tab on its own city (none on the table screen)")
    args = parser.parse_args(argv)
    return asyncio.run(asyncio.wait_for(run(args.changes, args.devices, not args.no_table),
                                        args.timeout))


if __name__ == "__main__":
    sys.exit(main())
