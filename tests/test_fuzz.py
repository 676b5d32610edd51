"""Whatever a file holds, the engine and the command line answer with a score or with
problems (exit 2): never another exception, never a hang."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import Result, TableError, assess, score
from scorer.cli import main
from tests.strategies import duel_tables, seven_wonders_tables

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=25,
)
KEYS = st.sampled_from(
    [
        "game",
        "expansions",
        "players",
        "name",
        "wonder",
        "board",
        "side",
        "stages",
        "cards",
        "coins",
        "military",
        "shields",
        "leaders",
        "choices",
        "free_city",
        "1",
        "3",
        "5",
        "-1",
        "copied_guild",
        "courtesan",
        "conflict",
        "progress",
        "wonders",
        "influence",
    ]
)


def _scores_or_refuses(data: Any) -> None:
    found = assess(data)  # never raises for a problem of the table: scores what it can
    assert (found.result is None) == bool(found.problems)
    if found.players and isinstance(data, dict):
        assert len(found.players) == len(data["players"])  # every seat scored, none dropped
    try:
        result = score(data)
    except TableError as err:
        assert err.problems, "a refusal always says why"
        assert all(p.message.strip() for p in err.problems), "every problem says what is wrong"
    else:
        assert isinstance(result, Result)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value(data: Any) -> None:
    _scores_or_refuses(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seven_wonders_tables(), st.data())
def test_a_legal_table_with_one_part_replaced(table: dict[str, Any], data: st.DataObject) -> None:
    """The nastiest inputs are nearly right: one field of a real table replaced by junk."""
    mutated = copy.deepcopy(table)
    node: Any = mutated
    for _ in range(data.draw(st.integers(0, 4))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or not node[key]:
                break
            node = node[key]
        elif isinstance(node, list) and node:
            child = node[data.draw(st.integers(0, len(node) - 1))]
            if not isinstance(child, dict | list) or not child:
                break
            node = child
    if isinstance(node, dict):
        node[data.draw(KEYS | st.text(max_size=8))] = data.draw(JSON)
    elif isinstance(node, list) and node:
        node[data.draw(st.integers(0, len(node) - 1))] = data.draw(JSON)
    _scores_or_refuses(mutated)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(duel_tables())
def test_a_duel_table_of_any_shape(table: dict[str, Any]) -> None:
    """Duel tables the format reads, possible or not (a third seat, a seat repeated, Senators
    beyond the box, leaders beyond the draft, a claim of any supremacy for anyone)."""
    _scores_or_refuses(table)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(duel_tables() | seven_wonders_tables())
def test_cli_on_any_table_the_format_reads(
    tmp_path_factory: pytest.TempPathFactory, table: dict[str, Any]
) -> None:
    """`python -m scorer score` on such a table ends in exit 0 or exit 2, never a traceback
    (a Duel table with a third seat raised ValueError from the board)."""
    path = tmp_path_factory.mktemp("fuzz") / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code, err = _run_cli(path)
    assert code in (0, 2), err
    assert "Traceback" not in err


def _run_cli(path: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = main(["score", str(path)])
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, err.getvalue()


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode()))
def test_cli_on_any_bytes(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "table.json"
    path.write_bytes(raw)
    code, err = _run_cli(path)
    assert code in (0, 2)
    if code == 2:
        assert err.strip(), "exit 2 always names the problems"
    assert path.read_bytes() == raw, "the file is never changed"


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 100_000 + b"]" * 100_000,  # deep nesting
        b'{"game": "7wonders-1e", "players": [' + b'{"name": "x"},' * 5000 + b"{}]}",
        b'{"game": "7wonders-1e", "players": [], "x": "' + b"a" * 900_000 + b'"}',
        b"\xff\xfe\x00garbage",
        b'{"game": "7wonders-1e", "players": [{"name": "A", "coins": 1e400}]}',
    ],
    ids=["deep", "many-players", "huge-string", "not-utf8", "float-overflow"],
)
def test_cli_on_hostile_files(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(raw)
    code, err = _run_cli(path)
    assert code == 2
    assert err.strip() and "Traceback" not in err


def test_cli_refuses_a_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_bytes(b" " * 1_000_001)
    code, err = _run_cli(path)
    assert code == 2
    assert "larger than 1,000,000 bytes" in err
