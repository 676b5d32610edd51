"""The engine's front door: table in, result out."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from scorer import engine, validate
from scorer.problems import Problem, TableError, from_validation_error
from scorer.result import PlayerResult, Result
from scorer.ruleset import available_expansions, load_ruleset
from scorer.table import SevenWondersTable, Table
from scorer.verdict import Contender, decide

_TABLE: TypeAdapter[Table] = TypeAdapter(Table)


def parse_table(data: Any) -> Table:
    """The table model from a dict, or TableError listing every format problem."""
    if isinstance(data, SevenWondersTable):
        return data
    if not isinstance(data, dict):
        raise TableError([Problem(path="", message="a table file is a JSON object {...}")])
    try:
        return _TABLE.validate_python(data)
    except ValidationError as err:
        problems = from_validation_error(err)
        raise TableError(problems + _name_problems(data)) from None


def _name_problems(data: dict[str, Any]) -> list[Problem]:
    game, expansions = data.get("game"), data.get("expansions", [])
    if game not in ("7wonders-1e", "7wonders-2e"):
        return []
    known = available_expansions(game)
    chosen = tuple(e for e in expansions if e in known) if isinstance(expansions, list) else ()
    return validate.name_problems(data, load_ruleset(game, chosen))


def score(data: Any) -> Result:
    table = parse_table(data)
    known = available_expansions(table.game)
    rules = load_ruleset(table.game, tuple(e for e in table.expansions if e in known))
    board, problems = validate.check(table, rules)
    if board is None:
        raise TableError(problems)
    scores = [engine.score_city(board, city) for city in board.cities]
    ranked = [
        Contender(c.name, s.total, c.coins)
        for c, s in zip(board.cities, scores, strict=True)
        if not c.free_city
    ]
    verdict = decide(ranked, "tiebreak:coins", "coins")
    players = [
        PlayerResult(
            name=c.name,
            total=s.total,
            rank=None if c.free_city else verdict.ranks[c.name],
            categories=s.categories,
            lines=list(s.lines),
            choices=s.choices,
            free_city=c.free_city,
        )
        for c, s in zip(board.cities, scores, strict=True)
    ]
    return Result(
        game=table.game,
        expansions=list(table.expansions),
        players=players,
        winners=verdict.winners,
        decided_by=verdict.decided_by,
        verdict=verdict.text,
    )


def table_schema() -> dict[str, Any]:
    """The JSON Schema of the table file format (`python -m scorer schema`)."""
    schema = _TABLE.json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "7 Wonders / 7 Wonders Duel table file, version 1"
    return schema
