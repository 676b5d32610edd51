"""The server's memory allocator: jemalloc where the machine has it, so that memory a busy
time took goes back to the system when the sessions are gone (issue 32).

Why: CPython's own allocator (pymalloc, over glibc's malloc) gives an arena back to the
system only when every object in it is gone. After a churn of sessions the survivors (the
sessions still open, the games kept, caches) are spread over the arenas, so the process
kept its peak: 157 MiB two minutes after 150 sessions closed, from 86 at the start
(BENCHMARKS.md, "RSS after churn: the allocator, not the objects"), although the objects
themselves were freed. Debian's jemalloc (package `libjemalloc2`) with Python's objects
taken from it (`PYTHONMALLOC=malloc`), one arena, one page per slab and free pages given
back at once (`JEMALLOC_CONF`) came back to 79.7 MiB from 78.5 (+1.5 %) 90 s after a churn
of 5,000 sessions, where Python's own stayed at 98.7 from 73.3 (+35 %); and to 147 MiB from
92 two minutes after 500 games closed, where Python's own stayed at 350 from 86
(BENCHMARKS.md, "RSS after churn, in the app").

How: `python -m ui` (and `wonders-app`) re-executes itself once, at the start of `main`,
before Flet or the store is imported, with those variables set (`plan`). The choice is the
environment's `WONDERS_ALLOCATOR`:

- `auto` (the default): jemalloc when the library is found (`find_jemalloc`), else the
  system's, said in one line on standard error (what to install);
- `jemalloc`: jemalloc or no start (exit status 2): for an image that installs it;
- `system`: Python's own allocator, no re-execution.

A process already on jemalloc (the library mapped and `PYTHONMALLOC=malloc`) is not
re-executed; neither is a call of `main(argv)` from another program (its process is not
ours to replace).
"""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ENV = "WONDERS_ALLOCATOR"
"""The environment variable that chooses the allocator."""
ONCE = "WONDERS_ALLOCATOR_SET"
"""Set in the re-executed process's environment: never a second re-execution (a library the
loader could not load, a system without /proc to look in)."""
Choice = Literal["auto", "jemalloc", "system"]
CHOICES: tuple[Choice, ...] = ("auto", "jemalloc", "system")

JEMALLOC_CONF = "narenas:1,dirty_decay_ms:0,muzzy_decay_ms:0,slab_sizes:1-4096:1"
"""jemalloc's settings (its `MALLOC_CONF`): one arena (the server is one event loop; the
few threads share it); freed pages given back at once instead of after a decay of 10 s;
slabs of one page for every small size (a slab is the run of pages objects of one size
share: with runs of up to 7 pages, a few survivors of a churn, the sessions still open,
held whole runs, +75 % two minutes after 500 games closed; with one page, +59 %). The
thread cache is kept: without it RSS came back a few points lower (+51 % against +59 %
after 500 games, +31 % against +35 % after the churn of 5,000 sessions) at a fifth more
CPU per tap (5.9 against 4.9 ms) and 0.3 s more to start. Measured in BENCHMARKS.md,
"RSS after churn" and "RSS after churn, in the app"."""

SEARCH = (
    "/usr/lib/*-linux-gnu/libjemalloc.so.2",  # Debian and Ubuntu (multiarch)
    "/usr/lib64/libjemalloc.so.2",            # Fedora, openSUSE
    "/usr/lib/libjemalloc.so.2",              # Arch, Alpine
    "/usr/local/lib/libjemalloc.so.2",        # built from source
)
"""Where a system's package puts jemalloc's shared library (version 2 of its ABI)."""


@dataclass(frozen=True)
class Plan:
    """What `main` does about the allocator: `env` to re-execute with (None: go on as we
    are), and `warning`, one line for the operator ("" when there is nothing to say)."""

    env: Mapping[str, str] | None
    warning: str = ""
    refused: bool = False


def find_jemalloc() -> str:
    """The path of jemalloc's shared library on this machine ("" when there is none)."""
    for pattern in SEARCH:
        for path in sorted(glob.glob(pattern)):
            if os.access(path, os.R_OK):
                return path
    return ""


def on_jemalloc(env: Mapping[str, str], maps: str) -> bool:
    """Whether this process already takes Python's objects from jemalloc: the library is
    mapped (`maps`: /proc/self/maps) and pymalloc is off."""
    return env.get("PYTHONMALLOC") == "malloc" and "libjemalloc" in maps


def plan(env: Mapping[str, str], library: str, maps: str) -> Plan:
    """The allocator to run on, from the environment, jemalloc's path ("" when not found) and
    this process's mapped files. Pure, so that every case is a test."""
    from scorer.i18n import _

    choice = env.get(ENV, "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        return Plan(None, _("{var}: one of {choices}, not {value!r}").format(
            var=ENV, choices=", ".join(CHOICES), value=env.get(ENV, "")), refused=True)
    if choice == "system" or on_jemalloc(env, maps):
        return Plan(None)
    if env.get(ONCE):  # re-executed, and still not on it: say so, once
        return Plan(None, _("jemalloc ({library}) did not load: the server runs on Python's "
                            "own allocator").format(library=env.get("LD_PRELOAD", "")),
                    refused=choice == "jemalloc")
    if not library:
        if choice == "jemalloc":
            return Plan(None, _("{var}=jemalloc, but jemalloc is not on this machine: "
                                "install it (Debian: apt-get install libjemalloc2)").format(
                                    var=ENV), refused=True)
        return Plan(None, _("memory that busy times take stays with the server: install "
                            "jemalloc (Debian: apt-get install libjemalloc2) to give it back "
                            "({var}=system says nothing)").format(var=ENV))
    preload = " ".join(p for p in (env.get("LD_PRELOAD", ""), library) if p)
    return Plan({**env, "PYTHONMALLOC": "malloc", "LD_PRELOAD": preload,
                 "MALLOC_CONF": JEMALLOC_CONF, ONCE: "1"})


def _maps() -> str:
    try:
        return Path("/proc/self/maps").read_text(errors="replace")
    except OSError:  # not Linux: nothing to re-execute under
        return ""


def choose(program: str) -> int | None:
    """Re-execute this program on jemalloc when `plan` says so (does not return), else say
    what the operator should know; an exit status (2) when the start is refused."""
    decided = plan(os.environ, find_jemalloc(), _maps())
    if decided.warning:
        print(f"{program}: {decided.warning}", file=sys.stderr, flush=True)
    if decided.refused:
        return 2
    if decided.env is not None:
        argv = [sys.executable, *sys.orig_argv[1:]]
        try:
            os.execve(sys.executable, argv, dict(decided.env))
        except OSError as err:  # cannot happen on a sane system; the server still starts
            print(f"{program}: {err}", file=sys.stderr, flush=True)
    return None
