"""App benchmarks (not tests): `python -m benchmarks.app [--starts 5]`.

- server start to first answer: `python -m ui --host 127.0.0.1` started `--starts` times
  (fresh data folder each time), seconds until `GET /` answers; and until a websocket session
  has its first screen (the home view rendered);
- time per entry event, one tab alone: a complete 3-player game entered by tapping (names,
  boards, stages, coins, every card, the score pad), from sending each event to the last patch
  of its answer (events that change nothing on screen are left out);
- the autosave itself: `Store.save_current` of that game (WAL, synchronous=NORMAL: its
  fsync is the group commit's, within `store_db.DURABLE_WITHIN_S`).

The 20-tab run is `python -m benchmarks.load`. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.flet_ws import FletWsClient
from benchmarks.load import SessionReport, enter_game, percentile
from tools import server as srv
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store.store import Store


async def _first_screen(server: srv.Server) -> float:
    began = time.perf_counter()
    c = FletWsClient(server.ws_url)
    await c.start()
    took = c.started - began
    await c.close()
    return took


async def _one_tab(server: srv.Server) -> list[float]:
    c = FletWsClient(server.ws_url)
    await c.start()
    report = SessionReport(0)
    await enter_game(c, 0, 1, report)
    await c.close()
    return [t for t in c.timings if t > 0]


def _ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:,.1f} ms, "
            f"p95 {percentile(values, .95) * 1000:,.1f} ms, max {max(values) * 1000:,.1f} ms, "
            f"n={len(values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5, help="server starts")
    parser.add_argument("--games", type=int, default=3, help="games entered by one tab")
    parser.add_argument("--saves", type=int, default=200, help="autosaves timed")
    args = parser.parse_args()
    answers, screens, events = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.starts):
            server = srv.start(Path(tmp) / f"data{n}")
            try:
                answers.append(server.first_answer_s)
                screens.append(asyncio.run(asyncio.wait_for(_first_screen(server), 60))
                               + server.first_answer_s)
                if n == 0:
                    for _ in range(args.games):
                        events += asyncio.run(asyncio.wait_for(_one_tab(server), 120))
            finally:
                server.stop()
        print(f"server start to first HTTP answer: {_ms(answers)}")
        print(f"server start to first screen of a session: {_ms(screens)}")
        print(f"answer per entry event, one tab: {_ms(events)}")
        store = Store(Path(tmp) / "bench.sqlite3")
        draft = SevenWondersDraft(game="7wonders-1e", seats=[
            SevenWondersSeat(name=f"P{i}", board="Gizah", cards=["Altar", "Theater", "Temple"] * 6)
            for i in range(7)])
        saves = []
        for _ in range(args.saves):
            began = time.perf_counter()
            store.save_current(draft)
            saves.append(time.perf_counter() - began)
        store.close()
        print(f"autosave (Store.save_current, 7 cities): {_ms(saves)}")


if __name__ == "__main__":
    main()
