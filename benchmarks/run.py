"""Benchmarks (not tests): `python -m benchmarks.run [--repeat N]`.

Prints the median and 95th percentile of `score()` on large tables, and the command line's
wall time next to `python -c "import pydantic"` on the same machine. Results go in
BENCHMARKS.md by hand, with the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.tables import duel_table, seven_player_leaders_table
from scorer import score

FLOORS = {
    'python -c "from pydantic import BaseModel, Field"': "from pydantic import BaseModel, Field",
    "the format's and the rules' pydantic models imported, nothing run": (
        "import scorer.table, scorer.result, scorer.ruleset, scorer.effects"
    ),
}
"""What any program pays before its own work: pydantic's model machinery, then the ~55 model
classes the design card puts the table format and the rules in. The command line's ratio
is read against these."""


def _timings_us(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm the ruleset cache: a running app or CLI loads each ruleset once
    out = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        out.append((time.perf_counter_ns() - start) / 1000)
    return out


def _report(name: str, samples: list[float], unit: str = "µs") -> None:
    samples = sorted(samples)
    p95 = samples[int(len(samples) * 0.95) - 1]
    print(
        f"{name}: median {statistics.median(samples):,.0f} {unit}, p95 {p95:,.0f} {unit}, "
        f"n={len(samples)}"
    )


def _wall_ms(commands: dict[str, list[str]], repeat: int) -> dict[str, list[float]]:
    """Wall time of each command, the commands taking turns (a shared machine's load
    then weighs on all of them alike)."""
    out: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, cmd in commands.items():
            start = time.perf_counter_ns()
            subprocess.run(cmd, check=True, capture_output=True)
            out[name].append((time.perf_counter_ns() - start) / 1e6)
    return out


def tables() -> dict[str, dict[str, Any]]:
    return {
        "7-player 1st edition + Leaders, every card dealt": seven_player_leaders_table(),
        "Duel + Agora + Leaders, full game": duel_table(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=2000, help="score() calls per table")
    parser.add_argument("--cli-repeat", type=int, default=20, help="process starts per command")
    args = parser.parse_args()
    for name, table in tables().items():
        _report(f"score() {name}", _timings_us(partial(score, table), args.repeat))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "table.json"
        path.write_text(json.dumps(seven_player_leaders_table()))
        base = 'python -c "import pydantic"'
        cli = "python -m scorer score (7-player table)"
        commands = {base: [sys.executable, "-c", "import pydantic"]}
        commands |= {name: [sys.executable, "-c", code] for name, code in FLOORS.items()}
        commands[cli] = [sys.executable, "-m", "scorer", "score", str(path)]
        walls = _wall_ms(commands, args.cli_repeat)
    base_median = statistics.median(walls[base])
    for name, samples in walls.items():
        _report(name, samples, "ms")
        print(f"  ratio to import pydantic: {statistics.median(samples) / base_median:.2f}x")


if __name__ == "__main__":
    main()
