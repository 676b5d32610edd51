"""The compiled engine (`scorer/native.py`): what runs, when a build is used, and that it
gives exactly what the Python sources give."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.tables import duel_table, seven_player_leaders_table
from scorer import TableError, native, score

ROOT = Path(__file__).resolve().parent.parent

OUTCOME = """
import json, sys
from scorer import TableError, native, score

def outcome(table):
    try:
        return score(table).model_dump(mode="json")
    except TableError as err:
        return [[p.path, p.message] for p in err.problems]

tables = json.load(sys.stdin)
print(json.dumps({"native": native.in_use(), "outcomes": [outcome(t) for t in tables]}))
"""


def _outcome(table: dict[str, Any]) -> Any:
    try:
        return score(table).model_dump(mode="json")
    except TableError as err:
        return [[p.path, p.message] for p in err.problems]


def _tables() -> list[dict[str, Any]]:
    files = sorted((ROOT / "tests" / "scenarios").rglob("*.json"))
    tables = [json.loads(f.read_text(encoding="utf-8"))["table"] for f in files]
    tables += [json.loads(f.read_text(encoding="utf-8")) for f in sorted(ROOT.glob("examples/*"))]
    return [*tables, seven_player_leaders_table(), duel_table()]


def test_the_tests_run_the_compiled_engine() -> None:
    """`./scripts/test` builds it first; the suite then checks what ships."""
    assert native.built_signature() == native.signature(), (
        "scorer/_native is missing or stale: run python tools/build_native.py"
    )
    assert native.in_use()


def test_pure_python_and_compiled_give_the_same_results_and_problems() -> None:
    tables = _tables()
    env = {**os.environ, "WONDERS_NATIVE": "off"}
    run = subprocess.run(
        [sys.executable, "-c", OUTCOME],
        input=json.dumps(tables),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    pure = json.loads(run.stdout)
    assert pure["native"] is False
    compiled = [_outcome(t) for t in tables]
    assert len(tables) > 150  # every scenario (valid and invalid), the examples, benchmarks
    for table, want, got in zip(tables, pure["outcomes"], compiled, strict=True):
        assert got == want, json.dumps(table)[:300]


def test_a_stale_build_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "NATIVE_DIR", str(tmp_path))
    (tmp_path / "SIGNATURE").write_text(native.signature() + "\nengine.py 1 1")
    path: list[str] = []
    assert native.activate(path) is False and path == []


def test_a_fresh_build_goes_first_on_the_package_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native, "NATIVE_DIR", str(tmp_path))
    (tmp_path / "SIGNATURE").write_text(native.signature())
    path = ["scorer-sources"]
    assert native.activate(path) is True and path == [str(tmp_path), "scorer-sources"]


def test_wonders_native_off_runs_the_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native, "NATIVE_DIR", str(tmp_path))
    (tmp_path / "SIGNATURE").write_text(native.signature())
    monkeypatch.setenv("WONDERS_NATIVE", "off")
    path: list[str] = []
    assert native.activate(path) is False and path == []


def test_an_edited_module_changes_the_signature(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "engine.py"
    module.write_text("x = 1\n")
    monkeypatch.setattr(native, "SOURCE_DIR", str(tmp_path))
    before = native.signature()
    module.write_text("x = 2\n")  # same size: the modification time tells
    os.utime(module, ns=(module.stat().st_atime_ns, module.stat().st_mtime_ns + 1))
    assert native.signature() != before
