"""Benchmark (not a test): years of games in the history.
`python -m benchmarks.history [--games 10000] [--repeat 15] [--file PATH]`.

Builds a saved-games file of `--games` finished games (8 regulars, the example tables of
every game and expansion, four years of evenings; made once through the history import,
kept at `--file` for the next run), then times what the server does for each screen:

- a player's page: the rows (read from SQLite on a cold store, kept on a warm one) and
  `player_stats`, then the page's controls;
- the group's statistics: the rows and `group_stats` (all games, and one filter);
- the History list: one page of 20 and the count, newest first (no game read).

Prints the median and the 95th percentile of each (wall time), and the median CPU time
of the process, in milliseconds. Figures go in
BENCHMARKS.md by hand, with the machine's load (`uptime`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorer.history import Play
from scorer.stats import EVERYTHING, Filter, group_stats, player_stats
from ui.store.store import Store

ROOT = Path(__file__).resolve().parent.parent
OWNER = "bench-phone"
GROUP = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hoa"]
EXAMPLES = ["7wonders-1e-4p-full-game.json", "7wonders-2e-leaders-3p.json",
            "duel-full-game.json", "duel-agora-leaders.json", "7wonders-1e-2p-free-city.json"]


def _renamed(table: dict[str, Any], names: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(table))
    old = [p["name"] for p in out["players"]]
    to = {o: n for o, n in zip(old, names, strict=False) if o != "Free City"}
    for p in out["players"]:
        p["name"] = to.get(p["name"], p["name"])
    if out.get("conflict", {}).get("toward"):
        out["conflict"]["toward"] = to[out["conflict"]["toward"]]
    if out.get("supremacy"):
        out["supremacy"]["winner"] = to[out["supremacy"]["winner"]]
    return out


def plays(n: int) -> list[Play]:
    tables = [json.loads((ROOT / "examples" / e).read_text()) for e in EXAMPLES]
    start = time.time() - 4 * 365 * 86400
    out = []
    for i in range(n):
        table = tables[i % len(tables)]
        seats = sum(1 for p in table["players"] if p["name"] != "Free City")
        names = [GROUP[(i * 3 + k * (1 + i % 5)) % len(GROUP)] for k in range(seats)]
        if len(set(names)) < seats:
            names = [GROUP[(i + k) % len(GROUP)] for k in range(seats)]
        finished = start + i * (4 * 365 * 86400 / n)
        out.append(Play(f"bench-{i:06d}", finished, _renamed(table, names),
                        finished - 2400 - 60 * (i % 40), "Ann's" if i % 3 else "", ""))
    return out


def build(path: Path, n: int) -> None:
    store = Store(path).for_owner(OWNER)
    if store.history_count() >= n:
        store.close()
        return
    began = time.perf_counter()
    done = store.import_plays(plays(n))
    print(f"built {path}: {done} in {time.perf_counter() - began:.1f} s")
    store.close()


def timed_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """Median and 95th percentile of the wall time, and the median CPU time of this
    process (what the server itself spent: on a shared machine the wall time also counts
    the time other programs held the cores)."""
    wall, cpu = [], []
    for _ in range(repeat):
        began, began_cpu = time.perf_counter_ns(), time.process_time_ns()
        fn()
        wall.append((time.perf_counter_ns() - began) / 1e6)
        cpu.append((time.process_time_ns() - began_cpu) / 1e6)
    wall.sort()
    return (statistics.median(wall), wall[min(len(wall) - 1, round(0.95 * (len(wall) - 1)))],
            statistics.median(cpu))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--file", type=Path,
                    default=Path(tempfile.gettempdir()) / "wonders-history-bench.sqlite3")
    args = ap.parse_args()
    build(args.file, args.games)
    from ui.screens.stats import group_page, player_page  # the controls the screens show

    store = Store(args.file).for_owner(OWNER)
    print(f"{store.history_count()} games, {len(store.result_rows())} player results")

    def first_view() -> list[Any]:
        """As after a server start (or an import): every row read from SQLite."""
        store._shared.rows_by_game = None
        store._shared.history_version += 1
        return store.result_rows()

    def after_change() -> list[Any]:
        """As after a game was saved: the rows kept, this device's games asked again."""
        store._shared.history_version += 1
        return store.result_rows()

    def player(rows: list[Any]) -> object:
        return player_page(player_stats(rows, "Ann"), "Ann")

    def group(rows: list[Any], where: Filter = EVERYTHING) -> object:
        return group_page(group_stats(rows, where))

    def history_page() -> object:
        return store.history_page(0, 20), store.history_count()

    def history_deep() -> object:
        return store.history_page(9_000, 20), store.history_count()

    duel_agora = Filter(family="duel", expansion="agora")
    for what, fn in [
        ("player's page, first view (rows read)", lambda: player(first_view())),
        ("player's page, after a save", lambda: player(after_change())),
        ("player's page, again", lambda: player(store.result_rows())),
        ("group's statistics, first view (rows read)", lambda: group(first_view())),
        ("group's statistics, after a save", lambda: group(after_change())),
        ("group's statistics, again", lambda: group(store.result_rows())),
        ("group's statistics, Duel + Agora, again",
         lambda: group(store.result_rows(), duel_agora)),
        ("History list: first page of 20 + count", history_page),
        ("History list: page at game 9,000 + count", history_deep),
    ]:
        median, p95, cpu = timed_ms(fn, args.repeat)
        print(f"{what:44s} median {median:6.1f} ms  p95 {p95:6.1f} ms  CPU {cpu:6.1f} ms")


if __name__ == "__main__":
    main()
