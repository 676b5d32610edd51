"""A table where some players counted on a paper score pad: they type the pad's totals,
and the engine works out the rest (treasury from coins, military from tokens or the pawn)
and the game's verdict ranks them. Also the paper pad's small calculators."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer import science
from scorer.api import Assessment, assess
from scorer.board import City
from scorer.effects import Symbol
from scorer.engine import CityScore, LineData
from scorer.facts import facts, field_bounds, ruleset, token_values
from scorer.i18n import _
from scorer.problems import Problem, problem
from scorer.result import Result
from scorer.ruleset import Category, Ruleset, RulesetLoadError
from scorer.stats_text import category_name
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


PAPER_PAD = says("paper-pad")
TYPED = says("typed")


def _typed(score: CityScore, typed: Mapping[str, int]) -> CityScore:
    """A city's score with the categories its player typed from a paper pad in place of
    what the engine found for its (cardless) city."""
    categories: dict[Category, int] = {
        c: int(typed[c]) if c in typed else v for c, v in score.categories.items()
    }
    lines: list[LineData] = [line for line in score.lines if line["category"] not in typed]
    lines += [
        {
            "category": c,
            "source_message": PAPER_PAD,
            "points": categories[c],
            "why_message": TYPED,
        }
        for c in score.categories
        if c in typed and categories[c]
    ]
    return CityScore(tuple(lines), categories, {})


def assess_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Assessment:
    """`assess` of a table where some players typed their category totals from a paper pad.

    `quick` maps a player's name to the totals they typed, by category. Those players stay
    in the table as seats (wonder, coins, conflict tokens), so neighbours, the checks and
    the tie-break see them; a category they typed replaces what the engine found for their
    (cardless) city, the others stay the engine's, before the game's own verdict ranks
    them (a supremacy still wins whatever the points)."""
    if not quick:
        return assess(data)

    def typed(cities: Sequence[City], scores: list[CityScore]) -> list[CityScore]:
        return [
            _typed(s, quick[c.name]) if c.name in quick else s
            for c, s in zip(cities, scores, strict=True)
        ]

    found = assess(data, rescore=typed)
    beyond = rows_out_of_range(data, quick)
    if not beyond:
        return found
    return Assessment(problems=[*found.problems, *beyond], players=found.players, result=None)


def rows_out_of_range(data: Any, quick: Mapping[str, Mapping[str, int]]) -> list[Problem]:
    """Each typed row beyond what its row takes at a real table (the ruleset's
    `paper_row_range`, else 0 to `paper_row_most`): a Debt of 3 scored +3 for a loss of 3
    (a walk), in a saved game or a file that holds one. Placed at the seat, field
    `typed.<category>` (`scorer.history` says it at the file's `paper.<name>.<category>`)."""
    players, expansions = (data.get("players"), data.get("expansions") or []) if isinstance(
        data, dict) else (None, None)
    if not isinstance(players, list) or not isinstance(expansions, list):
        return []  # a table of the wrong shape: its own format problem, said by `assess`
    try:
        rules = ruleset(str(data.get("game")), [str(e) for e in expansions])
    except RulesetLoadError:
        return []  # no such game: the table's own problem
    bounds, has = field_bounds(rules), facts(rules)
    typed_rows = set(has.categories) - set(has.paper_derived)
    seats = {p.get("name"): i for i, p in enumerate(players) if isinstance(p, dict)}
    out = []
    for name, rows in quick.items():
        if name not in seats:
            continue  # no such player: said as that (`scorer.history`'s unknown-player)
        for category, points in rows.items():
            least, most = bounds.paper_range(category)
            if category not in typed_rows or least <= points <= most:
                continue  # a row this pad has not: not typed here, not scored either
            row = has.category_words.get(category) or category_name(category)  # Pantheon's
            text = _("{row} typed from the paper pad is {points}; that row takes {least} to "
                     "{most}").format(row=row, points=points, least=least, most=most)
            if most == 0 < points:
                text += _(" (a loss, typed with a minus sign: {points})").format(points=-points)
            out.append(problem("out-of-range", text, seats.get(name), f"typed.{category}"))
    return out


def score_mixed(data: Any, quick: Mapping[str, Mapping[str, int]]) -> Result:
    """The final result of a mixed table, or TableError with every problem."""
    from scorer.problems import TableError

    found = assess_mixed(data, quick)
    if found.result is None:
        raise TableError(found.problems)
    return found.result
