"""`python -m benchmarks.gc_app --host H --port P`: the app (`python -m ui`), with each of
its garbage collector's passes timed: at exit, and every `WONDERS_GC_REPORT_S` seconds
(default 10), one line `gc: <generation>: n=<passes> max=<ms> total=<ms>` per generation
on stderr, for benchmarks/capacity.py to read from the process's log. With
`WONDERS_GC_LOG_MS=M`, also one line `gc2: at=<unix time> ms=<ms>` for each full collection
(generation 2) of at least M ms, when it ended, and `by=python` (Python's own, by its
thresholds) or `by=call` (a `gc.collect()`: ui/web/collector.py's rounds): what a burst of
session starts (a process's phones moved onto this one) waited for."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from typing import Any

from ui.__main__ import main

_began: list[float] = [0.0]
_passes: dict[int, list[float]] = {0: [], 1: [], 2: []}
_log_full_s = float(os.environ.get("WONDERS_GC_LOG_MS") or "inf") / 1000
_called = [0]
"""Nonzero while a `gc.collect()` runs (its passes are not Python's own)."""
_collect = gc.collect


def _collect_called(generation: int = 2) -> int:
    _called[0] += 1
    try:
        return _collect(generation)
    finally:
        _called[0] -= 1


def _timed(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _began[0] = time.perf_counter()
    else:
        took = time.perf_counter() - _began[0]
        generation = int(info["generation"])
        _passes[generation].append(took)
        if generation == 2 and took >= _log_full_s:
            by = "call" if _called[0] else "python"
            print(f"gc2: at={time.time():.3f} ms={took * 1000:.1f} by={by}", file=sys.stderr,
                  flush=True)


def report() -> None:
    for generation, took in _passes.items():
        if took:
            print(f"gc: {generation}: n={len(took)} max={max(took) * 1000:.1f} "
                  f"total={sum(took) * 1000:.1f}", file=sys.stderr, flush=True)


def _every(seconds: float) -> None:
    while True:
        time.sleep(seconds)
        report()


if __name__ == "__main__":
    gc.callbacks.append(_timed)
    gc.collect = _collect_called
    every = float(os.environ.get("WONDERS_GC_REPORT_S") or 10)
    threading.Thread(target=_every, args=(every,), daemon=True).start()
    try:
        sys.exit(main())
    finally:
        report()
