"""7 Wonders, 1st and 2nd edition, with or without Leaders: its checks (`checks`), its
scoring (every city through the one interpreter, `scorer.engine`) and its verdict (most
points, then the ruleset's tie-break)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.board import Board
from scorer.engine import CityScore, score_city
from scorer.games import StandIns
from scorer.games.seven_wonders.checks import check
from scorer.names import PLACEHOLDER
from scorer.verdict import Verdict, ranked

__all__ = ["STAND_INS", "board", "check", "rank", "score"]

_NO_BOARD = {"board": PLACEHOLDER, "side": PLACEHOLDER}

STAND_INS = StandIns(
    parts={
        "players[].name": PLACEHOLDER,
        "players[].wonder": _NO_BOARD,
        "players[].wonder.board": PLACEHOLDER,
        "players[].wonder.side": PLACEHOLDER,
    },
    seat={"name": PLACEHOLDER, "wonder": _NO_BOARD},
)
"""A seat without its name or its board gets the placeholder: a board nobody names."""


def board(state: Board) -> Board:
    """The state of a 7 Wonders table is its board."""
    return state


def score(state: Board) -> list[CityScore]:
    return [score_city(state, c) for c in state.cities]


def rank(table: Any, state: Board, scores: Sequence[CityScore]) -> Verdict:
    return ranked(state.cities, scores, state.ruleset)
