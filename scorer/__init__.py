"""Scoring engine for 7 Wonders (1st and 2nd edition, Leaders) and 7 Wonders Duel.

`assess(data)` takes a table (a dict in the table format, or the parsed model) and never
raises for a problem of the table: it gives each player's score from what can be scored,
every problem (a code, a location, a message) and what was set aside. `score(data)` is the
final result, or `TableError` with every problem of a table that cannot exist.
"""

from scorer.api import Assessment, PlayerScore, assess, parse_table, score
from scorer.problems import Problem, ProblemCode, TableError
from scorer.result import Line, PlayerResult, Result
from scorer.ruleset import Ruleset, RulesetLoadError, load_ruleset

__all__ = [
    "Assessment",
    "Line",
    "PlayerResult",
    "PlayerScore",
    "Problem",
    "ProblemCode",
    "Result",
    "Ruleset",
    "RulesetLoadError",
    "TableError",
    "assess",
    "load_ruleset",
    "parse_table",
    "score",
]
