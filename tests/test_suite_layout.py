"""The test suite's own rules (issue 33): what runs in parallel safely, and files named by
what they test.

`./scripts/test` runs pytest on several processes (`--dist loadgroup`); a module whose tests
share a server started once for the module (a module- or class-scoped fixture) must run on
one process, so tests/conftest.py lists it in SHARED_SERVER_MODULES: a new such fixture
not listed there fails here, before it fails under load."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests import conftest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _shared_fixtures(path: Path) -> list[str]:
    """The fixtures of a module set up once for several of its tests (scope module, class,
    package)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.FunctionDef):
            continue
        for deco in node.decorator_list:
            if isinstance(deco, ast.Call) and any(
                    k.arg == "scope" and isinstance(k.value, ast.Constant)
                    and k.value.value in ("module", "class", "package")
                    for k in deco.keywords):
                found.append(node.name)
    return found


def test_suite_modules_sharing_a_fixture_run_on_one_worker() -> None:
    shared = {str(p.relative_to(ROOT)) for p in TESTS.rglob("test_*.py") if _shared_fixtures(p)}
    assert shared, "no module-scoped fixture found: the search is broken"
    assert shared == set(conftest.SHARED_SERVER_MODULES), shared


def test_suite_session_servers_are_grouped() -> None:
    # every session fixture of tests/conftest.py that starts a real server has a group
    tree = ast.parse((TESTS / "conftest.py").read_text())
    session = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and any(
        isinstance(d, ast.Call) and any(k.arg == "scope" and isinstance(k.value, ast.Constant)
                                        and k.value.value == "session" for k in d.keywords)
        for d in n.decorator_list)}
    assert session == set(conftest.SHARED_PARTS) == {"postgres", "cluster"}


def test_suite_files_are_named_by_subject() -> None:
    # not by when they were written: "extra", "review", "more", "missing", "round", ...
    when = re.compile(r"extra|review|more|missing|round|again|all_at_once|new_|_new|misc|other")
    named = sorted(p.name for p in TESTS.rglob("test_*.py") if when.search(p.stem))
    assert named == [], named


def test_suite_slowest_listed_first() -> None:
    # the listed costs name files that exist (a renamed file would silently run last)
    for key in conftest.SECONDS_PER_TEST:
        assert (ROOT / key.split("::", 1)[0]).is_file(), key
