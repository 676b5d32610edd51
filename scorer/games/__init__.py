"""The games of the family, one package each: its checks, its scoring and its verdict,
behind one protocol (`Game`), so that `scorer.api.assess` is parse -> check -> score ->
rank for any game. Which package plays a table is data: its ruleset's `protocol`, a name
in the typed registry (`scorer.games.registry.GAMES`, which mypy checks against `Game`). A
new game of the family is a new package here, its rulesets, and its line in the registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from scorer.board import Board
from scorer.engine import CityScore
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from scorer.verdict import Verdict

State = TypeVar("State")


@dataclass(frozen=True, kw_only=True)
class Judged:
    """A part of the table judged by another: left out when that one is stood in for."""

    place: str
    """Its place (a path pattern, as `StandIns.parts`)."""
    when: Mapping[str, object] = field(default_factory=dict)
    """Only when its fields have these values (a military claim: `{"kind": "military"}`)."""


@dataclass(frozen=True, kw_only=True)
class StandIns:
    """What may stand in for a required part of a table file that is missing or not of its
    kind, so that the rest of the table is checked and scored in the same round
    (`scorer.api`). Each game declares its own. A place is a path pattern: the field names
    from the top, joined by dots, `[]` for any entry of a list (`players[].wonder.board`):
    a field of the same name elsewhere gets no stand-in."""

    parts: Mapping[str, object]
    """A required part -> what stands in for it: names no ruleset has (the checks skip
    them), the pawn at the centre."""
    seat: Mapping[str, object]
    """A seat of stand-ins, for a seat that is not an object."""
    optional: tuple[str, ...] = ()
    """Optional objects with required fields of their own: one that lacks one is left out
    whole (a buried leader without its leader, a supremacy without its kind or winner)."""
    judged_by: Mapping[str, tuple[Judged, ...]] = field(default_factory=dict)
    """A part -> the parts judged by it, left out (not contradicted) when it is stood in
    for: a claimed military supremacy cannot be judged without the pawn."""


class Game(Protocol[State]):
    """What a game's package offers (its module-level functions and data)."""

    STAND_INS: StandIns
    """What stands in for a required part of a table of the wrong shape."""

    def check(self, table: Any, rules: Ruleset) -> tuple[State, list[Problem]]:
        """The state to score (less what problems set aside) and every problem."""
        ...

    def board(self, state: State) -> Board:
        """The cities the state holds, in seating order."""
        ...

    def score(self, state: State) -> list[CityScore]:
        """Every row of the score pad, for each city."""
        ...

    def rank(self, table: Any, state: State, scores: Sequence[CityScore]) -> Verdict:
        """The ranks, the winners and why (only for a table without problems)."""
        ...

