"""Benchmark (not a test): how long `python -m scorer score` takes to start, next to
`python -c "import pydantic"` (issue 34: at most 3.5 times as long).

    python -m compileall -q scorer && PYTHONPATH=. python -m benchmarks.cli_start --repeat 20

Each command runs `--repeat` times, the commands taking turns (a shared machine's load then
weighs on all of them alike). For each: the median wall time, and the median CPU time of
the child process (user + system, from `os.wait4`): on a machine shared with other work
the wall time also counts the time others held the cores, the CPU time much less so. The
ratios are of medians. `--checkout DIR` runs another checkout's `scorer` (the same Python:
a "before" figure), by starting the commands in that folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = ["7wonders-1e-4p-full-game.json", "7wonders-2e-leaders-3p.json",
          "duel-agora-leaders.json"]


def run(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """(wall ms, CPU ms of the child) of one run; its output discarded."""
    began = time.perf_counter_ns()
    child = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter_ns() - began) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit status {status}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    args = parser.parse_args()
    base = 'python -c "import pydantic"'
    commands = {base: [sys.executable, "-c", "import pydantic"]}
    for table in TABLES:
        commands[f"python -m scorer score examples/{table}"] = [
            sys.executable, "-m", "scorer", "score", str(ROOT / "examples" / table)]
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():  # one run each first: the page cache warm
        run(cmd, args.checkout)
    for _ in range(args.repeat):
        for name, cmd in commands.items():
            wall, cpu = run(cmd, args.checkout)
            walls[name].append(wall)
            cpus[name].append(cpu)
    wall0, cpu0 = statistics.median(walls[base]), statistics.median(cpus[base])
    print(f"load average {os.getloadavg()[0]:.1f}, {args.repeat} runs each, "
          f"checkout {args.checkout}")
    for name in commands:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(f"{name}: wall {wall:.0f} ms ({wall / wall0:.2f}x), "
              f"CPU {cpu:.0f} ms ({cpu / cpu0:.2f}x)")


if __name__ == "__main__":
    main()
