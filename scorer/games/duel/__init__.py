"""7 Wonders Duel, with or without Agora and Duel Leaders: its checks (`checks`), its
scoring (`scoring`: the interpreter's lines, the track, the treasury, the Senate) and its
verdict (a supremacy wins whatever the points; else most points, then the ruleset's
tie-break)."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.board import Board
from scorer.engine import CityScore
from scorer.games import Judged, StandIns
from scorer.games.duel.checks import check, decided
from scorer.games.duel.scoring import DECIDED_BY, LABEL, score_city
from scorer.games.duel.state import DuelGame
from scorer.i18n import translated
from scorer.names import PLACEHOLDER
from scorer.table import DuelTable
from scorer.verdict import Verdict, by_supremacy, ranked

__all__ = ["STAND_INS", "board", "check", "rank", "score"]

_MILITARY_CLAIM = (Judged(place="supremacy", when={"kind": "military"}),)
"""A claimed military supremacy: the pawn decides it (a science or political one is
judged without the pawn)."""

STAND_INS = StandIns(
    parts={
        "players[].name": PLACEHOLDER,
        "conflict": {"spaces": 0},
        "conflict.spaces": 0,
    },
    seat={"name": PLACEHOLDER},
    optional=("players[].buried", "supremacy"),
    judged_by={
        "conflict": _MILITARY_CLAIM,
        "conflict.spaces": _MILITARY_CLAIM,
        "conflict.toward": _MILITARY_CLAIM,
    },
)
"""A seat without its name gets the placeholder; a missing pawn stands at the centre."""


def board(state: DuelGame) -> Board:
    return state.board


def score(state: DuelGame) -> list[CityScore]:
    return [score_city(state.board, c, state.tallies[c.index]) for c in state.board.cities]


def rank(table: DuelTable, state: DuelGame, scores: Sequence[CityScore]) -> Verdict:
    """The supremacy the game ended on, else the points."""
    supremacy = decided(table, state)
    cities = state.board.cities
    if supremacy is None:
        return ranked(cities, scores, state.board.ruleset)
    names = [c.name for c in cities]
    return by_supremacy(
        names,
        names[supremacy.winner],
        DECIDED_BY[supremacy.kind],
        translated(LABEL[supremacy.kind]),
        supremacy.reason,
        declared=supremacy.declared,
    )
