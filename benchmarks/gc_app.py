"""`python -m benchmarks.gc_app --host H --port P`: the app (`python -m ui`), with each of
its garbage collector's passes timed: at exit, and every `WONDERS_GC_REPORT_S` seconds
(default 10), one line `gc: <generation>: n=<passes> max=<ms> total=<ms>` per generation
on stderr, for benchmarks/capacity.py to read from the process's log."""

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


def _timed(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _began[0] = time.perf_counter()
    else:
        _passes[int(info["generation"])].append(time.perf_counter() - _began[0])


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
    every = float(os.environ.get("WONDERS_GC_REPORT_S") or 10)
    threading.Thread(target=_every, args=(every,), daemon=True).start()
    try:
        sys.exit(main())
    finally:
        report()
