"""Benchmark (not a test): the fastest a server answers join codes at all, and what it means
for a sweep of the code space. `python -m benchmarks.join_rate [--tries 20000]`.

Calls `Tables.join` in-process on a fresh SQLite store holding one open game, each try a
wrong code from a new address (so that no limit holds it back and every try is answered
by its code): no page, no websocket, no session in between, which a real try costs on top.
Then the right code from yet another address, during the sweep, to show it gets in.
Prints the answers a second and the hours the whole code space takes at that rate
(`ui.web.join_limit.sweep_hours`), with the load average (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import JoinRefused, Tables
from ui.store.codes import CODE_LENGTH, JOIN_LETTERS
from ui.store.store import Store
from ui.web.join_limit import sweep_hours


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tries", type=int, default=20_000)
    args = ap.parse_args()
    space = len(JOIN_LETTERS) ** CODE_LENGTH
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "games.sqlite3")
        tables = Tables(store.for_owner(""))
        game = tables.host(SevenWondersDraft(game="7wonders-1e",
                                             seats=[SevenWondersSeat(name="Ann"),
                                                    SevenWondersSeat(name="Bob"),
                                                    SevenWondersSeat(name="Cid")]), "ann-phone")
        rng = random.Random(1)
        codes = ["".join(rng.choice(JOIN_LETTERS) for _ in range(CODE_LENGTH))
                 for _ in range(args.tries)]
        right_in = 0
        start = time.perf_counter()
        for i, code in enumerate(codes):
            tables.join(code, f"sweeper-{i}", f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}")
            if i % 1000 == 500:  # a newcomer with the right code, mid-sweep
                got = tables.join(game.code, f"newcomer-{i}", f"172.16.{i >> 8 & 255}.{i & 255}")
                right_in += not isinstance(got, JoinRefused)
        seconds = time.perf_counter() - start
        store.close()
    rate = args.tries / seconds
    print(f"{args.tries} wrong codes answered in {seconds:.1f} s: {rate:,.0f} a second "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"right code during the sweep: {right_in} of {args.tries // 1000} got in")
    print(f"whole space ({space:,} codes) at that rate: {sweep_hours(space, rate):.1f} h "
          f"(a code lives 24 h); 4 letters ({18 ** 4:,}): "
          f"{sweep_hours(18 ** 4, rate) * 3600:.0f} s")


if __name__ == "__main__":
    main()
