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
pause of every session, taken only when the benchmark asks. On SIGUSR2 the line says
everything the process holds, the frozen objects too, by type (`probe_all`); with
`WONDERS_PROBE_CLEAR_CACHES` set, it then empties every `functools` cache and the verdicts'
cache (`ui.session.verdicts`) and says jemalloc's figures after each: what the caches' entries
pin of the pages (BENCHMARKS.md, "RSS after churn").
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
from types import FrameType
from typing import Any

from tools.server import rss_kb
from ui.__main__ import main

_began: list[float] = [0.0]
_longest: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
_longest_cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
"""The same passes in the CPU time of the thread that ran them: on a loaded machine a pass
is longer in wall time by the time the process waited for a core (no fault of the
collector's)."""
_began_cpu: list[float] = [0.0]
_passes: dict[int, int] = {0: 0, 1: 0, 2: 0}
_collected: dict[int, int] = {0: 0, 1: 0, 2: 0}
_last_snapshot: list[tracemalloc.Snapshot] = []
_first_snapshot: list[tracemalloc.Snapshot] = []
"""The first probe's snapshot (the baseline): what is held since is said at every probe."""


def _timed(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _began[0] = time.perf_counter()
        _began_cpu[0] = time.thread_time()
    else:
        g = int(info["generation"])
        _longest_cpu[g] = max(_longest_cpu[g], time.thread_time() - _began_cpu[0])
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
    if _first_snapshot:
        since = snap.compare_to(_first_snapshot[0], "lineno")
        out["held_since_first"] = [
            {"where": f"{s.traceback[0].filename}:{s.traceback[0].lineno}",
             "kib": round(s.size_diff / 1024, 1), "blocks": s.count_diff}
            for s in since[:limit] if s.size_diff > 0]
    else:
        _first_snapshot[:] = [snap]
    _last_snapshot[:] = [snap]
    return out


def probe() -> dict[str, Any]:
    """What the process holds now (see the module's docstring)."""
    longest = {str(g): round(t * 1000, 1) for g, t in _longest.items()}
    longest_cpu = {str(g): round(t * 1000, 1) for g, t in _longest_cpu.items()}
    passes = dict(_passes)
    collected = dict(_collected)
    for g in _longest:
        _longest[g] = _longest_cpu[g] = 0.0
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
           "full_gc_ms": full, "longest_pass_ms": longest, "longest_pass_cpu_ms": longest_cpu,
           "passes": passes, "collected": collected,
           "types": dict(types.most_common(40)),
           "functions": dict(functions.most_common(30)), **_tracemalloc_top()}
    del objects
    return out


WATCHED = ("Page", "Session", "AppModel", "FletApp", "View", "TimerHandle", "Task",
           "WebSocket", "Connection", "PubSubClient")
"""Types whose survivors say a closed session is still held (`probe_all`)."""


def _module(o: object) -> str:
    """The module of an object's class (a class of a C extension may have none)."""
    found = getattr(type(o), "__module__", None)
    return found if isinstance(found, str) else "?"


def jemalloc_stats() -> dict[str, float]:
    """jemalloc's own figures in MiB, when the process runs on it (`ui/web/allocator.py`):
    `allocated` (what the program holds), `active` (the pages those lie on), `resident` (what
    the system counts) and `retained` (address space kept, not in RSS). allocated far under
    resident: the pages are held by a few survivors each, not by what the program keeps."""
    import ctypes

    try:
        mallctl = ctypes.CDLL(None).mallctl
    except AttributeError:
        return {}
    epoch = ctypes.c_uint64(1)
    mallctl(b"epoch", None, None, ctypes.byref(epoch), ctypes.c_size_t(8))
    out = {}
    for name in ("allocated", "active", "resident", "retained", "mapped", "metadata"):
        value = ctypes.c_size_t(0)
        size = ctypes.c_size_t(ctypes.sizeof(value))
        if mallctl(f"stats.{name}".encode(), ctypes.byref(value), ctypes.byref(size),
                   None, ctypes.c_size_t(0)) == 0:
            out[name] = round(value.value / 2**20, 1)
    return out


def probe_all() -> dict[str, Any]:
    """Everything the process holds, the frozen objects too: unfrozen, collected (the
    garbage in cycles goes), counted by type, frozen again. A pause of every session as long
    as a sweep: for the end of a benchmark, after the sessions closed."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)  # the garbage kept in gc.garbage, to be counted
    began = time.perf_counter()
    try:
        collected = gc.collect()
    finally:
        gc.set_debug(0)
    took = round((time.perf_counter() - began) * 1000, 1)
    garbage = Counter(type(o).__qualname__ for o in gc.garbage)
    garbage_watched = {k: garbage.get(k, 0) for k in WATCHED}
    garbage_modules = Counter(_module(o) for o in gc.garbage)
    components = Counter(getattr(getattr(o, "fn", None), "__qualname__", "?")
                         for o in gc.garbage if type(o).__name__ == "Component")
    # where garbage cycles come from: the functions whose frames are in them (a raised
    # error's traceback holds its frames), and the errors
    frames = Counter(f"{o.f_code.co_filename.rsplit('/', 2)[-1]}:{o.f_code.co_name}"
                     for o in gc.garbage if isinstance(o, FrameType))
    errors = Counter(type(o).__qualname__ for o in gc.garbage if isinstance(o, BaseException))
    gc.garbage.clear()
    gc.collect()
    objects = gc.get_objects()
    types = Counter(type(o).__qualname__ for o in objects)
    watched = {k: types.get(k, 0) for k in WATCHED}
    modules = Counter(_module(o).split(".")[0] for o in objects)
    out = {"rss_kib": rss_kb(os.getpid()), "all_tracked": len(objects),
           "collected": collected, "sweep_ms": took, "watched": watched,
           "garbage_watched": garbage_watched,
           "garbage_components": dict(components.most_common(15)),
           "garbage_types": dict(garbage.most_common(25)),
           "garbage_modules": dict(garbage_modules.most_common(15)),
           "garbage_frames": dict(frames.most_common(25)),
           "garbage_errors": dict(errors.most_common(10)),
           "types": dict(types.most_common(40)), "modules": dict(modules.most_common(15)),
           "jemalloc_mib": jemalloc_stats()}
    del objects
    if os.environ.get("WONDERS_PROBE_CLEAR_CACHES"):  # what the caches' entries pin
        cleared = 0
        import functools
        for o in gc.get_objects():
            if isinstance(o, functools._lru_cache_wrapper):
                cleared += o.cache_info().currsize
                o.cache_clear()
        from ui.session import verdicts
        out["verdicts_cleared"] = len(verdicts._VERDICTS)
        out["jemalloc_after_lru_clear_mib"] = jemalloc_stats()
        verdicts._VERDICTS.clear()
        gc.collect()
        out["cache_entries_cleared"] = cleared
        out["jemalloc_after_clear_mib"] = jemalloc_stats()
    gc.freeze()
    out["rss_after_kib"] = rss_kb(os.getpid())
    return out


def _on_signal(_sig: int, _frame: object) -> None:
    target = os.environ.get("WONDERS_PROBE_FILE")
    if not target:
        return
    line = json.dumps(probe_all() if _sig == signal.SIGUSR2 else probe())
    with Path(target).open("a") as f:
        f.write(line + "\n")


if __name__ == "__main__":
    if os.environ.get("WONDERS_PROBE_NO_SWEEP"):  # what closed sessions leave, kept for
        from ui.web import collector  # probe_all to count (rounds still settle and freeze)
        collector.Settler._sweep_due = lambda self: False  # type: ignore[method-assign]
    gc.callbacks.append(_timed)
    signal.signal(signal.SIGUSR1, _on_signal)
    signal.signal(signal.SIGUSR2, _on_signal)
    sys.exit(main())
