"""Runs every scenario file in tests/scenarios/: a table plus the result the rulebooks or
the reference say it must give, with the source and the arithmetic written down.

Scenario file (JSON):
  title        what it shows
  source       where the expected values come from (rulebook seed, reference section)
  table        a table in the table format
  expect       partial result: "players": {name: {"total", "rank", "categories": {...},
               "lines": [{"source", "points", "at_least"?, "most_gain"?}...], "why"}},
               "winners", "decided_by", "unsure" (players whose total may be short where the
               winner could change: with the most it may still add, `most_gain`, it reaches
               the winners'), "verdict_why" (the arithmetic of `unsure`), "choices"; a
               player whose total, any category or any line is not 0 must have a "why"
               with the arithmetic from the reference, and that arithmetic must reach
               each of those numbers (each one appears in it). A value the reference marks
               [?] is labelled "[?] our choice: ..., because ..." in the source or the why
  problems     instead of expect: [{"code": ..., "path": ...}] the table must be
               rejected with exactly these problems (codes: scorer.problems.ProblemCode)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorer import TableError, assess, score
from scorer.i18n import language

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.json"))


def _id(path: Path) -> str:
    return str(path.relative_to(path.parent.parent))


@pytest.mark.parametrize("path", SCENARIOS, ids=_id)
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    assert scenario.get("source"), "every scenario cites where its expectation comes from"
    if "problems" in scenario:
        with pytest.raises(TableError) as caught:
            score(scenario["table"])
        found = sorted((p.code, p.path) for p in caught.value.problems)
        assert found == sorted((w["code"], w["path"]) for w in scenario["problems"]), [
            str(p) for p in caught.value.problems
        ]
        assert all(p.message for p in caught.value.problems)
        return
    _check_why(scenario["expect"])
    result = score(scenario["table"])
    _check(result.model_dump(), scenario["expect"])


def _check_why(expect: dict[str, Any]) -> None:
    """Every expected number that is not 0 comes with its arithmetic, written in the
    player's "why", which reaches that number (total, each category, each line)."""
    for name, want in expect.get("players", {}).items():
        numbers = [
            want.get("total", 0),
            *want.get("categories", {}).values(),
            *(line["points"] for line in want.get("lines", [])),
        ]
        nonzero = sorted({n for n in numbers if n != 0})
        if not nonzero:
            continue
        why = want.get("why", "")
        assert why, f"{name}: {nonzero} expected without a 'why' (the arithmetic)"
        missing = [n for n in nonzero if not re.search(rf"(?<![\d-]){n}(?!\d)", why)]
        assert not missing, f"{name}: the 'why' never reaches {missing}: {why!r}"


def _check(result: dict[str, Any], expect: dict[str, Any]) -> None:
    by_name = {p["name"]: p for p in result["players"]}
    for name, want in expect.get("players", {}).items():
        got = by_name[name]
        for key in ("total", "rank"):
            if key in want:
                assert got[key] == want[key], (
                    f"{name} {key}: {got[key]} != {want[key]}\n{got['lines']}"
                )
        for cat, points in want.get("categories", {}).items():
            assert got["categories"][cat] == points, (
                f"{name} {cat}: {got['categories'][cat]} != {points}\n{got['lines']}"
            )
        for line in want.get("lines", []):
            assert any(
                line["source"] in g["source"] and g["points"] == line["points"]
                and g.get("at_least", False) == line.get("at_least", g.get("at_least", False))
                and g.get("most_gain") == line.get("most_gain", g.get("most_gain"))
                for g in got["lines"]
            ), f"{name}: no line {line} in {got['lines']}"
        for what, choice in want.get("choices", {}).items():
            assert got["choices"].get(what, "").startswith(choice), (
                f"{name} choice {what}: {got['choices']}"
            )
        assert got["total"] == sum(got["categories"].values())
    short = any(g.get("at_least") for p in result["players"] for g in p["lines"])
    if short and "unsure" in expect:  # why the verdict is sure, or not, in numbers
        assert expect.get("verdict_why"), "an expected `unsure` beside a ≥ line needs a " \
            "'verdict_why' with its arithmetic"
    for key in ("winners", "decided_by", "unsure"):
        if key in expect:  # `unsure` is left out of the result when empty
            got = result.get(key, [])
            assert got == expect[key], f"{key}: {got} != {expect[key]}"


INVALID = [p for p in SCENARIOS if "problems" in json.loads(p.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", INVALID, ids=_id)
def test_a_language_changes_the_words_only(path: Path) -> None:
    """In Vietnamese the same problems, at the same places, set aside the same things and
    leave the same scores; each message is in Vietnamese (none left as the English one)."""
    table = json.loads(path.read_text(encoding="utf-8"))["table"]
    english = assess(table)
    with language("vi"):
        vietnamese = assess(table)

    def where(problems: list[Any]) -> list[tuple[Any, ...]]:
        return [(p.code, p.path, p.seat, p.field, p.item) for p in problems]

    assert where(vietnamese.problems) == where(english.problems)
    for en, vi in zip(english.players, vietnamese.players, strict=True):
        assert (vi.name, vi.total, vi.categories) == (en.name, en.total, en.categories)
        assert where(vi.set_aside) == where(en.set_aside)
    for en_problem, vi_problem in zip(english.problems, vietnamese.problems, strict=True):
        assert vi_problem.message and vi_problem.message != en_problem.message, en_problem


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        # Palace 7 + Baths 3 = 10 civilian for Ann; Bob's 10 (Pyramids 9 + 3 coins // 3) has
        # no civilian: equal totals go to the most civilian VP (rules_duel.md §1)
        (
            "duel/tiebreak-civilian.json",
            "Ann và Bob hòa nhau với 10 điểm; Ann thắng nhờ có 10 điểm chiến thắng Dân sự "
            "(thẻ xanh dương), so với 0.",
        ),
        # Theater 3 + 3 coins // 3 = 4 and Altar 3 + 5 coins // 3 = 4, civilian 3 each:
        # still equal, a shared victory (rules_duel.md §1)
        (
            "duel/tiebreak-shared.json",
            "Ann và Bob hòa nhau với 4 điểm và 3 điểm chiến thắng Dân sự (thẻ xanh dương): "
            "Ann và Bob cùng chiến thắng.",
        ),
    ],
)
def test_a_tie_break_verdict_in_vietnamese(name: str, verdict: str) -> None:
    table = json.loads((Path(__file__).parent / "scenarios" / name).read_text())["table"]
    with language("vi"):
        result = score(table)
    assert result.verdict == verdict
