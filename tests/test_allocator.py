"""The server's allocator (`ui/web/allocator.py`, issue 32's memory after churn): the real
server runs on Debian's jemalloc with Python's objects taken from it, `WONDERS_ALLOCATOR`
chooses, and every case of the choice is said (`plan`, pure) rather than guessed.

Why jemalloc at all is measured, not asserted here (a timed or RSS-sized test would be a
flaky benchmark): BENCHMARKS.md, "RSS after churn", `python -m benchmarks.session_memory`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools import server as srv
from ui.web import allocator
from ui.web.allocator import ENV, JEMALLOC_CONF, ONCE, plan

LIB = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"
MAPPED = f"7f00-7f01 r-xp 00000000 08:01 42 {LIB}\n"


def test_allocator_auto_re_executes_on_jemalloc_with_pythons_objects_from_it() -> None:
    decided = plan({"PATH": "/usr/bin"}, LIB, maps="")
    assert decided.env is not None and not decided.refused and decided.warning == ""
    assert decided.env["PYTHONMALLOC"] == "malloc"  # else pymalloc's arenas stay as they are
    assert decided.env["LD_PRELOAD"] == LIB
    assert decided.env["MALLOC_CONF"] == JEMALLOC_CONF
    assert decided.env["PATH"] == "/usr/bin"  # the rest of the environment kept
    assert decided.env[ONCE] == "1"


def test_allocator_keeps_a_preload_the_operator_set() -> None:
    decided = plan({"LD_PRELOAD": "/opt/trace.so"}, LIB, maps="")
    assert decided.env is not None
    assert decided.env["LD_PRELOAD"] == f"/opt/trace.so {LIB}"


def test_allocator_not_re_executed_once_on_jemalloc_or_when_told_system() -> None:
    assert plan({"PYTHONMALLOC": "malloc"}, LIB, maps=MAPPED).env is None
    assert plan({ENV: "system"}, LIB, maps="") == allocator.Plan(None)
    # mapped but pymalloc still on: Python's objects are not jemalloc's yet
    assert plan({}, LIB, maps=MAPPED).env is not None


def test_allocator_never_loops_when_the_library_did_not_load() -> None:
    decided = plan({ONCE: "1", "LD_PRELOAD": LIB, "PYTHONMALLOC": "malloc"}, LIB, maps="")
    assert decided.env is None and not decided.refused
    assert "did not load" in decided.warning
    # asked for jemalloc and it did not load: no start
    assert plan({ONCE: "1", ENV: "jemalloc"}, LIB, maps="").refused


def test_allocator_without_the_library_says_what_to_install() -> None:
    decided = plan({}, "", maps="")
    assert decided.env is None and not decided.refused
    assert "libjemalloc2" in decided.warning
    required = plan({ENV: "jemalloc"}, "", maps="")
    assert required.refused and "libjemalloc2" in required.warning


def test_allocator_refuses_a_choice_it_does_not_know() -> None:
    decided = plan({ENV: "tcmalloc"}, LIB, maps="")
    assert decided.refused and decided.env is None
    assert ENV in decided.warning and "'tcmalloc'" in decided.warning
    for choice in ("auto", "jemalloc", "system"):
        assert choice in decided.warning  # what would be right


def _library() -> str:
    """jemalloc's path on this machine (a failure, never a skip, without it)."""
    found = allocator.find_jemalloc()
    assert found, ("jemalloc is not on this machine: apt-get install libjemalloc2 "
                   "(.ci/run installs it)")
    return found


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def test_allocator_the_real_server_runs_on_jemalloc(tmp_path: Path) -> None:
    library = _library()
    with srv.start(tmp_path, env={ENV: "auto"}) as app:  # answered its page: it serves
        maps = Path(f"/proc/{app.pid}/maps").read_text()
        assert library in maps
        env = _environ(app.pid)  # the environment it was executed with
        assert env["PYTHONMALLOC"] == "malloc"
        assert env["MALLOC_CONF"] == JEMALLOC_CONF


def test_allocator_system_keeps_pythons_own(tmp_path: Path) -> None:
    _library()  # else "not mapped" would prove nothing
    with srv.start(tmp_path, env={ENV: "system"}) as app:
        assert "libjemalloc" not in Path(f"/proc/{app.pid}/maps").read_text()
        assert "PYTHONMALLOC" not in _environ(app.pid)


def test_allocator_unknown_choice_is_exit_2_in_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "ui", "--port", "1", "--no-qr"],
                         env={"PATH": "/usr/bin", ENV: "tcmalloc",
                              "WONDERS_DATA_DIR": str(tmp_path)},
                         cwd=srv.ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert "WONDERS_ALLOCATOR" in run.stderr and "tcmalloc" in run.stderr
