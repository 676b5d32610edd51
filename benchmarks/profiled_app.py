"""`python -m benchmarks.profiled_app --host H --port P`: the app (`python -m ui`), or with
`WONDERS_PROFILED_MODULE=benchmarks.counter` the Flet floor, under Python's deterministic
profiler from SIGUSR1 to SIGUSR2; at SIGUSR2 the profile is written to
`WONDERS_PROFILE_OUT` (pstats format), for benchmarks/tap_calls.py to count the Python
calls of the taps made in between (every thread the process runs is the profiler's only
where it was started: the event loop's, where a tap's work is done)."""

from __future__ import annotations

import cProfile
import os
import runpy
import signal
import sys
from types import FrameType

_profile = cProfile.Profile()


def _start(_signal: int, _frame: FrameType | None) -> None:
    _profile.enable()


def _stop(_signal: int, _frame: FrameType | None) -> None:
    _profile.disable()
    _profile.dump_stats(os.environ["WONDERS_PROFILE_OUT"])


def main() -> None:
    signal.signal(signal.SIGUSR1, _start)
    signal.signal(signal.SIGUSR2, _stop)
    module = os.environ.get("WONDERS_PROFILED_MODULE", "ui")
    if module == "ui":
        sys.argv.append("--no-qr")
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
