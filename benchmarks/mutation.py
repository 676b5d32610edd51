"""Mutation run (not a test, not in CI): `python -m benchmarks.mutation [--max-children N]`.

Runs mutmut (the `mutation` extra: `pip install -c constraints.txt -e '.[mutation]'`) over
the modules that score the rules (`[tool.mutmut] only_mutate` in pyproject.toml: engine,
science, duel, military, verdict, board) against the scenario, property and engine tests,
then prints how many mutants the tests killed and every survivor, grouped by module and
function, with its change. A survivor is a change to the code that no test noticed; the
figures and the survivors of the last run are in BENCHMARKS.md.

mutmut works in `mutants/` (a copy of the sources with every mutant built in, switched by
name), remembers what it ran there, and re-runs only what changed; `--fresh` starts over.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = Path(sys.executable).with_name("mutmut")
RESULT = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>[\w ]+)$")


def _run(args: list[str]) -> str:
    done = subprocess.run(
        [str(MUTMUT), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return done.stdout


def _where(name: str) -> tuple[str, str]:
    """("scorer.engine", "apply") from "scorer.engine.x_apply__mutmut_12"."""
    module, _, function = name.partition("__mutmut_")[0].rpartition(".")
    function = function.removeprefix("x_").removeprefix("xǁ").replace("ǁ", ".")
    return module, function


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-children", type=int, default=2, help="tests run at once")
    parser.add_argument("--fresh", action="store_true", help="forget the last run first")
    parser.add_argument("--no-diff", action="store_true", help="list survivors without diffs")
    args = parser.parse_args()
    if not MUTMUT.exists():
        print(
            "mutmut is not installed: .venv/bin/pip install -c constraints.txt -e '.[mutation]'",
            file=sys.stderr,
        )
        return 2
    if args.fresh:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    start = time.monotonic()
    subprocess.run(
        [str(MUTMUT), "run", "--max-children", str(args.max_children)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        check=False,
    )
    minutes = (time.monotonic() - start) / 60
    statuses: dict[str, str] = {}
    for line in _run(["results", "--all", "true"]).splitlines():
        found = RESULT.match(line)
        if found:
            statuses[found["name"]] = found["status"].strip()
    survivors = sorted(n for n, s in statuses.items() if s == "survived")
    counts: dict[str, int] = defaultdict(int)
    for status in statuses.values():
        counts[status] += 1
    print(f"{len(statuses)} mutants in {minutes:.1f} min: " + ", ".join(
        f"{n} {s}" for s, n in sorted(counts.items())
    ))
    by_place: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name in survivors:
        by_place[_where(name)].append(name)
    for (module, function), names in sorted(by_place.items()):
        print(f"\n{module}.{function}: {len(names)} survived")
        for name in names:
            if args.no_diff:
                print(f"  {name}")
                continue
            diff = _run(["show", name])
            changed = [
                ln
                for ln in diff.splitlines()
                if ln[:1] in "+-" and not ln.startswith(("+++", "---"))
            ]
            print(f"  {name}: " + " | ".join(ln.strip() for ln in changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
