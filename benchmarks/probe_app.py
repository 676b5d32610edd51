"""`python -m benchmarks.probe_app --host H --port P ...`: the app (`python -m ui`, same
options) with a probe of what its sessions hold, for benchmarks/session_memory.py.

On SIGUSR1 the process writes one JSON line to the file named by `WONDERS_PROBE_FILE`:
its resident memory; the objects the cyclic collector tracks (by generation, the frozen
ones apart) and the 40 most numerous types among them; the longest collection of each
generation since the last probe (every pass is timed, as in benchmarks/gc_app.py); two
full collections timed now (the first frees what is garbage, the second is the walk alone);
and, when the process runs under tracemalloc (`PYTHONTRACEMALLOC=N`), the memory traced
and the lines that allocated most of what is held now that was not at the last probe.
The handler runs on the main thread (between two steps of the event loop): a probe is a
pause of every session, taken only when the benchmark asks.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.server import rss_kb
from ui.__main__ import main

_began: list[float] = [0.0]
_longest: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
_passes: dict[int, int] = {0: 0, 1: 0, 2: 0}
_collected: dict[int, int] = {0: 0, 1: 0, 2: 0}
_last_snapshot: list[tracemalloc.Snapshot] = []


def _timed(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _began[0] = time.perf_counter()
    else:
        g = int(info["generation"])
        _passes[g] += 1
        _collected[g] += int(info.get("collected", 0))
        _longest[g] = max(_longest[g], time.perf_counter() - _began[0])


def _tracemalloc_top(limit: int = 25) -> dict[str, Any]:
    if not tracemalloc.is_tracing():
        return {}
    snap = tracemalloc.take_snapshot().filter_traces([
        tracemalloc.Filter(False, tracemalloc.__file__),
        tracemalloc.Filter(False, "<frozen importlib._bootstrap*>")])
    traced, _peak = tracemalloc.get_traced_memory()
    out: dict[str, Any] = {"traced_kib": traced // 1024}
    if _last_snapshot:
        diff = snap.compare_to(_last_snapshot[0], "lineno")
        out["grew"] = [{"where": f"{s.traceback[0].filename}:{s.traceback[0].lineno}",
                        "kib": round(s.size_diff / 1024, 1), "blocks": s.count_diff}
                       for s in diff[:limit]]
        by_file = snap.compare_to(_last_snapshot[0], "filename")
        out["grew_files"] = [{"where": s.traceback[0].filename,
                              "kib": round(s.size_diff / 1024, 1), "blocks": s.count_diff}
                             for s in by_file[:limit]]
    _last_snapshot[:] = [snap]
    return out


def probe() -> dict[str, Any]:
    """What the process holds now (see the module's docstring)."""
    longest = {str(g): round(t * 1000, 1) for g, t in _longest.items()}
    passes = dict(_passes)
    collected = dict(_collected)
    for g in _longest:
        _longest[g] = 0.0
    tracked = {str(g): len(gc.get_objects(g)) for g in (0, 1, 2)}
    gc.callbacks.remove(_timed)  # the probe's own collections are timed here, not counted
    try:
        full = []
        for _ in range(2):
            began = time.perf_counter()
            gc.collect()
            full.append(round((time.perf_counter() - began) * 1000, 1))
    finally:
        gc.callbacks.append(_timed)
    objects = gc.get_objects()
    types = Counter(type(o).__qualname__ for o in objects)
    functions = Counter(getattr(o, "__qualname__", "?") for o in objects
                        if type(o).__name__ in ("function", "coroutine", "method"))
    out = {"rss_kib": rss_kb(os.getpid()), "tracked": tracked,
           "tracked_after_gc": len(objects), "frozen": gc.get_freeze_count(),
           "threshold": list(gc.get_threshold()),
           "full_gc_ms": full, "longest_pass_ms": longest, "passes": passes, "collected": collected,
           "types": dict(types.most_common(40)),
           "functions": dict(functions.most_common(30)), **_tracemalloc_top()}
    del objects
    return out


def _on_signal(_sig: int, _frame: object) -> None:
    target = os.environ.get("WONDERS_PROBE_FILE")
    if not target:
        return
    line = json.dumps(probe())
    with Path(target).open("a") as f:
        f.write(line + "\n")


if __name__ == "__main__":
    gc.callbacks.append(_timed)
    signal.signal(signal.SIGUSR1, _on_signal)
    sys.exit(main())
