"""Scoring engine for 7 Wonders (1st and 2nd edition, Leaders) and 7 Wonders Duel.

`score(data)` takes a table (a dict in the table format, or the parsed model) and returns
the result model; a table that cannot exist raises `TableError` with every problem.
"""

from scorer.api import parse_table, score
from scorer.problems import Problem, TableError
from scorer.result import Line, PlayerResult, Result
from scorer.ruleset import Ruleset, RulesetLoadError, load_ruleset

__all__ = [
    "Line",
    "PlayerResult",
    "Problem",
    "Result",
    "Ruleset",
    "RulesetLoadError",
    "TableError",
    "load_ruleset",
    "parse_table",
    "score",
]
