"""A table where some players counted on a paper score pad, their typed totals given beside
it by name (the history file's `paper`): put in their seats, where `assess` reads them
(`scorer.typed`). Also the paper pad's small calculators."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer import science
from scorer.api import Assessment, assess
from scorer.effects import Symbol
from scorer.facts import token_values
from scorer.result import Result
from scorer.ruleset import Ruleset


@dataclass(frozen=True)
class SciencePoints:
    points: int
    counts: dict[Symbol, int]
    """The symbols after the wildcards were given their best value."""
    sets: int


def science_points(
    rules: Ruleset, compass: int, gear: int, tablet: int, wildcards: int
) -> SciencePoints:
    """A city's science from its symbols and wildcards, the wildcards placed to score most."""
    set_points = rules.constants.science_set_points
    fixed: dict[Symbol, int] = {"compass": compass, "gear": gear, "tablet": tablet}
    best = science.best(fixed, wildcards, set_points)
    return SciencePoints(science.score(best.counts, set_points), best.counts, best.sets)


def coins_points(rules: Ruleset, coins: int) -> int:
    """Treasury points for a number of coins."""
    return coins // rules.constants.coins_per_point


def tokens_points(rules: Ruleset, tokens: Mapping[int, int]) -> int:
    """Military points of conflict tokens given as {face value: count}."""
    allowed = set(token_values(rules))
    return sum(value * count for value, count in tokens.items() if value in allowed)


def with_paper(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Any:
    """The table with each named player's typed totals as their seat's `paper` (a row given
    in both places is `quick`'s: the history file's map, which its reader checks against
    the table's names). A table of the wrong shape is left as it is: its own problem."""
    players = data.get("players") if isinstance(data, dict) else None
    if not quick or not isinstance(players, list):
        return data
    seats = []
    for p in players:
        name = p.get("name") if isinstance(p, dict) else None
        own = p.get("paper") if isinstance(p, dict) else None
        own = {} if own is None else own  # `null` as no `paper`: the map's rows, not lost
        # a seat or a `paper` of the wrong shape is left as it is: its own format problem
        if isinstance(name, str) and name in quick and isinstance(own, dict):
            p = {**p, "paper": {**own, **quick[name]}}
        seats.append(p)
    return {**data, "players": seats}


def assess_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Assessment:
    """`assess` of a table where some players typed their category totals from a paper pad,
    given beside the table by name (the history file's `paper`; the app writes them in the
    seats too, the same values).

    Those players stay in the table as seats (wonder, coins, conflict tokens), so
    neighbours, the checks and the tie-break see them; a row they typed replaces what the
    engine found for their (cardless) city, the others stay the engine's, before the game's
    own verdict ranks them (a supremacy still wins whatever the points)."""
    return assess(with_paper(data, quick))


def score_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Result:
    """The final result of a mixed table, or TableError with every problem."""
    from scorer.problems import TableError

    found = assess_mixed(data, quick)
    if found.result is None:
        raise TableError(found.problems)
    return found.result
