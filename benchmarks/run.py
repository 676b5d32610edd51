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

ONE_MODEL = """
from pydantic import BaseModel, Field
class A(BaseModel):
    x: int = Field(0, ge=0)
A(x=1)
"""
"""The least a program that validates its input with pydantic models costs to start: the
floor under the command line's ratio."""


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


def _wall_ms(cmd: list[str], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        subprocess.run(cmd, check=True, capture_output=True)
        out.append((time.perf_counter_ns() - start) / 1e6)
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
        base = _wall_ms([sys.executable, "-c", "import pydantic"], args.cli_repeat)
        cli = _wall_ms([sys.executable, "-m", "scorer", "score", str(path)], args.cli_repeat)
        floor = _wall_ms([sys.executable, "-c", ONE_MODEL], args.cli_repeat)
    _report('python -c "import pydantic"', base, "ms")
    _report("one pydantic model with one constrained field, validated once", floor, "ms")
    floor_ratio = statistics.median(floor) / statistics.median(base)
    print(f"  its ratio to import pydantic: {floor_ratio:.2f}x")
    _report("python -m scorer score (7-player table)", cli, "ms")
    print(f"ratio of medians: {statistics.median(cli) / statistics.median(base):.2f}x")


if __name__ == "__main__":
    main()
