"""The engine's front door: table in, result out."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scorer import engine, validate
from scorer.board import City
from scorer.engine import CityScore
from scorer.problems import Problem, TableError, from_validation_error
from scorer.result import Result
from scorer.ruleset import Ruleset, available_expansions, load_ruleset
from scorer.table import DuelTable, SevenWondersTable, Table
from scorer.verdict import Verdict, by_supremacy, contender, decide


@cache
def _table_adapter() -> TypeAdapter[Table]:
    return TypeAdapter(Table)


def result_json(result: Result, indent: int | None = 2) -> str:
    """The result JSON of the format."""
    return result.model_dump_json(indent=indent)


def parse_table(data: Any) -> Table:
    """The table model from a dict, or TableError listing every format problem."""
    if isinstance(data, SevenWondersTable | DuelTable):
        return data
    if not isinstance(data, dict):
        raise TableError([Problem(path="", message="a table file is a JSON object {...}")])
    try:
        table: Table = _table_adapter().validate_python(data)
        return table
    except ValidationError as err:
        problems = from_validation_error(err)
        raise TableError(problems + _name_problems(data)) from None


def _rules(game: str, expansions: object) -> Ruleset:
    """The game's ruleset with the listed expansions that exist: unknown ones are reported
    by validation, and must not stop it."""
    known = available_expansions(game)
    listed = expansions if isinstance(expansions, list) else []
    return load_ruleset(game, tuple(e for e in listed if isinstance(e, str) and e in known))


def _name_problems(data: dict[str, Any]) -> list[Problem]:
    game = data.get("game")
    if game not in ("7wonders-1e", "7wonders-2e", "duel"):
        return []
    rules = _rules(game, data.get("expansions"))
    if game == "duel":
        from scorer import duel_validate  # Duel code loads only for Duel tables (CLI start)

        return duel_validate.name_problems(data, rules)
    return validate.name_problems(data, rules)


def score(data: Any) -> Result:
    table = parse_table(data)
    rules = _rules(table.game, table.expansions)
    if isinstance(table, DuelTable):
        return _score_duel(table, rules)
    board, problems = validate.check(table, rules)
    if board is None:
        raise TableError(problems)
    scores = [engine.score_city(board, city) for city in board.cities]
    verdict = _ranked(board.cities, scores, rules)
    return _result(table, board.cities, scores, verdict)


def _ranked(cities: Sequence[City], scores: Sequence[CityScore], rules: Ruleset) -> Verdict:
    """Most points, then the game's tie-break (the ruleset's `tiebreak`); the Free City is
    never ranked."""
    kind = rules.constants.tiebreak
    ranked = [
        contender(c.name, s.total, c.coins, s.categories, kind)
        for c, s in zip(cities, scores, strict=True)
        if not c.free_city
    ]
    return decide(ranked, kind)


def _result(
    table: Table, cities: Sequence[City], scores: Sequence[CityScore], verdict: Verdict
) -> Result:
    """One validation builds the whole result, lines included (in pydantic's core: a model
    constructed per line would cost more than the scoring)."""
    players = [
        {
            "name": c.name,
            "total": s.total,
            "rank": None if c.free_city else verdict.ranks[c.name],
            "categories": s.categories,
            "lines": s.lines,
            "choices": s.choices,
            "free_city": c.free_city,
        }
        for c, s in zip(cities, scores, strict=True)
    ]
    result: Result = Result.model_validate(
        {
            "game": table.game,
            "expansions": list(table.expansions),
            "players": players,
            "winners": verdict.winners,
            "decided_by": verdict.decided_by,
            "verdict": verdict.text,
        }
    )
    return result


def _score_duel(table: DuelTable, rules: Ruleset) -> Result:
    """Duel: a supremacy wins whatever the points; else the highest total, then the most
    civilian (blue card) VP, then a shared victory."""
    from scorer import duel, duel_validate  # only for Duel tables (CLI start)

    game, problems = duel_validate.check(table, rules)
    if game is None:
        raise TableError(problems)
    board = game.board
    scores = [duel.score_city(board, city) for city in board.cities]
    names = [c.name for c in board.cities]
    if game.supremacy is not None:
        s = game.supremacy
        verdict = by_supremacy(
            names,
            names[s.winner],
            duel.DECIDED_BY[s.kind],
            duel.LABEL[s.kind],
            s.reason
            + ("" if s.declared else " (detected from the table; the file did not claim it)"),
        )
    else:
        verdict = _ranked(board.cities, scores, rules)
    return _result(table, board.cities, scores, verdict)


def table_schema() -> dict[str, Any]:
    """The JSON Schema of the table file format (`python -m scorer schema`)."""
    schema = _table_adapter().json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "7 Wonders / 7 Wonders Duel table file, version 1"
    return schema
