"""A table where some players counted on a paper score pad: they type the pad's totals,
and the engine works out the rest (treasury from coins, military from tokens or the pawn)
and decides the verdict again. Also the paper pad's small calculators."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorer import science
from scorer.api import Assessment, PlayerScore, assess
from scorer.effects import Symbol
from scorer.facts import ruleset, token_values
from scorer.result import Line, Result
from scorer.ruleset import Category, Ruleset
from scorer.verdict import contender, decide
from scorer.words import says


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


def _typed(p: PlayerScore, typed: Mapping[str, int]) -> PlayerScore:
    categories: dict[Category, int] = {
        c: int(typed[c]) if c in typed else v for c, v in p.categories.items()
    }
    lines = [line for line in p.lines if line.category not in typed]
    lines += [
        Line(
            category=c,
            source_message=says("paper-pad"),
            points=categories[c],
            why_message=says("typed"),
        )
        for c in p.categories
        if c in typed and categories[c]
    ]
    return replace(
        p, total=sum(categories.values()), categories=categories, lines=lines, choices={}
    )


def assess_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Assessment:
    """`assess` of a table where some players typed their category totals from a paper pad.

    `quick` maps a player's name to the totals they typed, by category. Those players stay
    in the table as seats (wonder, coins, conflict tokens), so neighbours, the checks and
    the tie-break see them; a category they typed replaces what the engine found for their
    (cardless) city, the others stay the engine's. Ranks and winners are then decided again
    by the engine's verdict rule."""
    found = assess(data)
    if not quick:
        return found
    players = [_typed(p, quick[p.name]) if p.name in quick else p for p in found.players]
    if found.result is None:
        return replace(found, players=players)
    return replace(found, players=players, result=_decided_again(found.result, players, data))


def _decided_again(result: Result, players: list[PlayerScore], data: Any) -> Result:
    by_name = {p.name: p for p in players}
    outcome = [
        r.model_copy(
            update={
                "total": by_name[r.name].total,
                "categories": by_name[r.name].categories,
                "lines": by_name[r.name].lines,
                "choices": by_name[r.name].choices,
            }
        )
        for r in result.players
    ]
    if result.decided_by.startswith("supremacy"):
        return result.model_copy(update={"players": outcome})
    kind = ruleset(result.game, result.expansions).constants.tiebreak
    coins = {str(p["name"]): int(p.get("coins", 0)) for p in data["players"]}
    verdict = decide(
        [
            contender(p.name, p.total, coins.get(p.name, 0), p.categories, kind)
            for p in outcome
            if not p.free_city
        ],
        kind,
    )
    return result.model_copy(
        update={
            "players": [
                p.model_copy(update={"rank": None if p.free_city else verdict.ranks[p.name]})
                for p in outcome
            ],
            "winners": verdict.winners,
            "decided_by": verdict.decided_by,
            "verdict": verdict.text,
        }
    )


def score_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Result:
    """The final result of a mixed table, or TableError with every problem."""
    from scorer.problems import TableError

    found = assess_mixed(data, quick)
    if found.result is None:
        raise TableError(found.problems)
    return found.result
