"""Scoring engine for 7 Wonders (1st and 2nd edition, Leaders) and 7 Wonders Duel.

`score(data)` takes a table (a dict in the table format, or the parsed model) and returns
the result model; a table that cannot exist raises `TableError` with every problem.

The names below load on first use (PEP 562), so `python -m scorer --help` or `schema`
does not pay for the whole engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from scorer import native

native.activate(__path__)  # the compiled engine modules, when built and up to date

if TYPE_CHECKING:
    from scorer.api import parse_table, score
    from scorer.problems import Problem, TableError
    from scorer.result import Line, PlayerResult, Result
    from scorer.ruleset import Ruleset, RulesetLoadError, load_ruleset

_HOME = {
    "parse_table": "scorer.api",
    "score": "scorer.api",
    "Problem": "scorer.problems",
    "TableError": "scorer.problems",
    "Line": "scorer.result",
    "PlayerResult": "scorer.result",
    "Result": "scorer.result",
    "Ruleset": "scorer.ruleset",
    "RulesetLoadError": "scorer.ruleset",
    "load_ruleset": "scorer.ruleset",
}

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


def __getattr__(name: str) -> Any:
    if name in _HOME:
        value = getattr(import_module(_HOME[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'scorer' has no attribute {name!r}")
