"""Issue 17, the engine's half of "a poisoned game": a number no table has, or a file nested
absurdly deep, is a problem with a code and a place (exit 2 on the command line), never a
traceback. Each test failed on main (named `trust` for `pytest -k trust`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer import TableError, assess, score
from tests.test_cli import run

EXAMPLE = Path(__file__).parent.parent / "examples" / "7wonders-1e-4p-full-game.json"
HUGE = int("9" * 4300)
"""4,300 nines: the longest number Python still reads from text; two of them added make a
4,301-digit number, which Python refuses to print (the crash of issue 17)."""


def _table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data


def _nested(depth: int) -> Any:
    inner: Any = 1
    for _ in range(depth):
        inner = {"x": inner}
    return inner


def _huge_tokens() -> dict[str, Any]:
    table = _table()
    table["players"][0]["military"] = {"1": HUGE, "3": HUGE, "5": HUGE}
    return table


def _deep() -> dict[str, Any]:
    table = _table()
    table["extra"] = _nested(900)
    return table


@pytest.mark.parametrize(("make", "code", "place"), [
    (_huge_tokens, "out-of-range", "players[0].military.1"),
    (_deep, "too-deep", "extra" + ".x" * 12),  # the 13th level passes MAX_DEPTH (12)
])
def test_trust_command_line_answers_a_poisoned_file_with_exit_2(
        tmp_path: Path, make: Any, code: str, place: str) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(make()))
    out = run("score", str(path), "--json")
    assert out.returncode == 2, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    problems = json.loads(out.stdout)["problems"]
    assert (code, place) in [(p["code"], p["path"]) for p in problems]
    # the message says the number's size, not its 4,300 digits
    assert all(len(p["message"]) < 300 for p in problems)
    text = run("score", str(path))
    assert text.returncode == 2 and "Traceback" not in text.stderr
    assert place in text.stderr


def test_trust_the_api_answers_a_huge_count_with_a_problem() -> None:
    found = assess(_huge_tokens())
    assert found.result is None
    assert {p.code for p in found.problems} >= {"out-of-range"}
    with pytest.raises(TableError):
        score(_huge_tokens())


def test_trust_the_api_answers_a_deep_table_with_a_problem() -> None:
    found = assess(_deep())
    assert [p.code for p in found.problems] == ["too-deep"]
    with pytest.raises(TableError) as err:
        score(_deep())
    assert err.value.problems[0].code == "too-deep"


def test_trust_a_table_as_deep_as_the_format_is_still_read() -> None:
    """The depth limit refuses nothing the format has: choices are 3 containers down."""
    table = _table()
    table["players"][0]["choices"] = {"copied_guild": "Spies Guild"}
    assert all(p.code != "too-deep" for p in assess(table).problems)


HUGER = 10**5000
"""A number Python holds but will not print (more than 4,300 digits): a caller of the API
can pass one without any JSON in between."""


def _duel() -> dict[str, Any]:
    path = Path(__file__).parent.parent / "examples" / "duel-full-game.json"
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _at(table: dict[str, Any], place: tuple[Any, ...], value: Any) -> dict[str, Any]:
    inner = table
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = value
    return table


@pytest.mark.parametrize(("make", "place", "code", "path"), [
    (_duel, ("players", 0, "coins"), "out-of-range", "players[0].coins"),
    (_duel, ("conflict", "spaces"), "out-of-range", "conflict.spaces"),
    (_duel, ("supremacy",), "wrong-type", "supremacy"),
    (_duel, ("players", 0, "cards", 0), "wrong-type", "players[0].cards[0]"),
    (_table, ("players", 0, "wonder", "side"), "wrong-type", "players[0].wonder.side"),
    (_table, ("players", 0, "shields", 1), "out-of-range", "players[0].shields[1]"),
    (_table, ("game",), "not-allowed", "game"),
])
def test_huge_int_from_python_is_a_problem_never_a_value_error(
        make: Any, place: tuple[Any, ...], code: str, path: str) -> None:
    """`assess` never raises for a problem of the table (README), and `score` raises only
    TableError: a number of 5,001 digits is a problem said by its length."""
    table = _at(make(), place, HUGER)
    found = assess(table)
    assert found.result is None
    assert (code, path) in [(p.code, p.path) for p in found.problems]
    assert all(len(p.message) < 300 for p in found.problems)
    with pytest.raises(TableError):
        score(_at(make(), place, HUGER))
    # a huge number in a nested place of the wrong kind (a supremacy's kind)
    nested = _at(make(), ("supremacy",), {"kind": HUGER, "winner": "x"}) if make is _duel \
        else _at(make(), ("players", 0, "military"), {"1": HUGER})
    assert assess(nested).result is None
