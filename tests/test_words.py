# The players' notation is what these tests read: the multiplication sign is meant.
# ruff: noqa: RUF001
"""The explanation lines' words: each line is a message id with parameters, put into words in
the reader's language and the players' notation; no English under Vietnamese, no
programmer's notation in any language (issue 20's bar)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest

from benchmarks.tables import duel_table, seven_player_leaders_table
from scorer import i18n, score
from scorer.result import Result
from scorer.words import LineId, Says, say

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

NOTATION = ("//", "->", "set(s)", "pair(s)", "token(s)", " x ", "VP")
"""A programmer's notation, in no language: players write ÷, ×, "sets"."""
ENGLISH = (
    "VP printed",
    "printed",
    "treasury",
    "Treasury",
    "victory token",
    "defeat token",
    "coins",
    "stage",
    "counted as",
    "copied from",
    "science symbols",
    "military track",
    "cards",
    "wonders built",
    "own city",
    "complete sets",
    "best choice",
    "progress token",
    "in the city with the most",
)
"""Words of the English lines that must not show under Vietnamese (names of cards and
wonders stay as printed: none of these is in one of the tables below)."""

TABLES = {
    "7 Wonders, 7 players with Leaders (every card dealt, Courtesan and Olympia open)": (
        seven_player_leaders_table
    ),
    "Duel with Agora and Duel Leaders": duel_table,
}


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.json") if "game" in _example(p.name))
"""The example tables (not the history file)."""


def _all_tables() -> list[tuple[str, dict[str, Any]]]:
    return [(name, make()) for name, make in TABLES.items()] + [
        (name, _example(name)) for name in EXAMPLE_FILES
    ]


def _lines(result: Result) -> list[str]:
    return [f"{ln.source}: {ln.why}" for p in result.players for ln in p.lines]


@pytest.mark.parametrize(("name", "table"), _all_tables(), ids=lambda x: str(x)[:40])
def test_words_in_vietnamese_are_all_vietnamese(name: str, table: dict[str, Any]) -> None:
    result = score(table)
    with i18n.language("vi"):
        lines = _lines(result)
    assert lines, name
    for line in lines:
        for word in (*NOTATION, *ENGLISH):
            assert word not in line, f"{word!r} in {line!r} ({name})"


@pytest.mark.parametrize(("name", "table"), _all_tables(), ids=lambda x: str(x)[:40])
def test_words_in_english_are_players_notation(name: str, table: dict[str, Any]) -> None:
    for line in _lines(score(table)):
        for word in NOTATION:
            assert word not in line, f"{word!r} in {line!r} ({name})"


def test_words_of_the_players_notation() -> None:
    """The issue's examples, from the rulebook's arithmetic."""
    bob = score(_example("7wonders-1e-4p-full-game.json")).players[1]
    why = {ln.source: ln.why for ln in bob.lines}
    # 4 compasses, 4 gears, 4 tablets (two of them wildcards): 16 + 16 + 16 + 4 x 7 = 76
    assert why["science symbols"] == (
        "compass 4, gear 4, tablet 4: 4² + 4² + 4² + 4 sets of different symbols × 7 "
        "(Scientists Guild counted as a compass; Babylon counted as a gear)"
    )
    dan = score(_example("7wonders-1e-4p-full-game.json")).players[3]
    # 17 coins, 1 point per 3 coins, rounded down: 5
    assert {ln.source: ln.why for ln in dan.lines}["treasury"] == "17 coins ÷ 3 = 5 points"


def test_words_are_made_when_read_in_the_readers_language() -> None:
    """One result, read in English and in Vietnamese: the words follow the reader."""
    result = score(_example("7wonders-1e-4p-full-game.json"))
    dan = result.players[3]
    treasury = next(ln for ln in dan.lines if ln.category == "treasury")
    assert treasury.why == "17 coins ÷ 3 = 5 points"
    with i18n.language("vi"):
        assert treasury.why == "17 đồng tiền ÷ 3 = 5 điểm"
        assert treasury.source == "Ngân khố"
    assert treasury.why_message == {"id": "coins", "coins": 17, "per": 3, "points": 5}


def test_words_every_line_id_is_said_and_read_back_from_json() -> None:
    """Each line's words are its message's: the JSON keeps the id and parameters, and the
    words made from them again are the same (a program needs no text parsing)."""
    seen: set[str] = set()
    for _name, table in _all_tables():
        result = score(table)
        data = json.loads(result.model_dump_json())
        for player, dumped in zip(result.players, data["players"], strict=True):
            for line, out in zip(player.lines, dumped["lines"], strict=True):
                assert out["source_message"]["id"] in get_args(LineId)
                assert out["why_message"]["id"] in get_args(LineId)
                assert say(out["why_message"]) == out["why"] == line.why
                assert say(out["source_message"]) == out["source"] == line.source
                seen |= {out["why_message"]["id"], out["source_message"]["id"]}
    # the tables reach the common kinds of lines
    assert {"printed", "per-item", "coins", "tokens", "science", "pawn", "chamber-control"} <= seen


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"},
        check=False,
    )


@pytest.mark.parametrize(
    ("file", "player"),
    [("7wonders-1e-4p-full-game.json", "Bob"), ("duel-agora-leaders.json", "Ann")],
)
def test_words_of_explain_in_vietnamese_on_the_command_line(file: str, player: str) -> None:
    out = _cli("--lang", "vi", "explain", str(EXAMPLES / file), "--player", player)
    assert out.returncode == 0, out.stderr
    for word in ("VP printed", "treasury", "victory tokens", "//", "->", "set(s)"):
        assert word not in out.stdout
    english = _cli("explain", str(EXAMPLES / file), "--player", player)
    for word in ("//", "->", "set(s)"):
        assert word not in english.stdout


def test_words_explain_json_keeps_the_ids_beside_the_words() -> None:
    out = _cli(
        "--lang", "vi", "explain", str(EXAMPLES / "duel-agora-leaders.json"),
        "--player", "Ann", "--json",
    )
    assert out.returncode == 0, out.stderr
    ann = json.loads(out.stdout)
    (senate,) = [ln for ln in ann["lines"] if ln["category"] == "senate"]
    # Chamber 1: Ann 2 cubes to Bob's 0, 1 VP (Agora Chamber VP 1-2-3-3-2-1)
    assert senate["why_message"] == {"id": "chamber-control", "mine": 2, "theirs": 0, "points": 1}
    assert senate["source_message"] == {"id": "chamber", "number": 1}
    assert senate["why"] == "kiểm soát, 2 khối ảnh hưởng so với 0: 1 điểm"


def test_words_a_chamber_held_by_one_cube_says_cube() -> None:
    """Agora: a Chamber controlled with 1 Influence cube to none reads "1 cube" (it read
    "1 cubes"); 2 cubes stay plural. Chamber 1 is worth 1 VP (Agora Chamber VP 1-2-3-3-2-1)."""
    one: Says = {"id": "chamber-control", "mine": 1, "theirs": 0, "points": 1}
    two: Says = {"id": "chamber-control", "mine": 2, "theirs": 1, "points": 1}
    assert say(one) == "controlled, 1 cube to 0: 1 point"
    assert say(two) == "controlled, 2 cubes to 1: 1 point"
