"""The games of the family, one package each: its checks, its scoring and its verdict,
behind one protocol (`Game`), so that `scorer.api.assess` is parse -> check -> score ->
rank for any game. Which package plays a table is data: its ruleset's `protocol` (the
package's name here). A new game of the family is a new package here plus its rulesets."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol, TypeVar, cast

from scorer.board import Board
from scorer.engine import CityScore
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from scorer.verdict import Verdict

State = TypeVar("State")


class Game(Protocol[State]):
    """What a game's package offers (its module-level functions)."""

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


@cache
def game_of(rules: Ruleset) -> Game[Any]:
    """The package that plays this ruleset's game (`[constants] protocol`)."""
    return cast("Game[Any]", importlib.import_module(f"{__name__}.{rules.constants.protocol}"))
