"""The engine's front door: a table in; its assessment (scores so far, problems, what was
set aside) or its final result out."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scorer.board import City
from scorer.games import StandIns
from scorer.games.registry import game_of
from scorer.i18n import _, all_of
from scorer.jsonfile import too_deep
from scorer.names import PLACEHOLDER
from scorer.problems import (
    SETS_ASIDE,
    Problem,
    TableError,
    from_validation_error,
    is_union_tag,
    path_of,
    problem,
    unknown_game,
)
from scorer.result import Line, Result
from scorer.ruleset import Category, Ruleset, available_expansions, load_ruleset
from scorer.table import GAME_TAGS, TABLE_MODELS, Table
from scorer.typed import paper_problems, with_typed
from scorer.verdict import Verdict, contender, decide


@dataclass(frozen=True, kw_only=True)
class PlayerScore:
    """One player's score from what can be scored, and what was set aside to get it."""

    name: str
    total: int
    categories: dict[Category, int]
    lines: list[Line]
    choices: dict[str, str]
    set_aside: list[Problem]
    """The problems of this seat whose item was left out of its score."""

    @property
    def may_be_short(self) -> bool:
        """Whether the total may be short (a line of it says "at least")."""
        return any(line.at_least for line in self.lines)


@dataclass(frozen=True, kw_only=True)
class Assessment:
    """What the engine makes of any table: never an exception for a table problem."""

    problems: list[Problem]
    players: list[PlayerScore]
    """Empty only when the file's shape is too broken to read its seats."""
    result: Result | None
    """The final result: only when there is no problem at all."""

    @property
    def final(self) -> bool:
        return self.result is not None


@cache
def _table_adapter() -> TypeAdapter[Table]:
    return TypeAdapter(Table)


@cache
def _lines_adapter() -> TypeAdapter[list[list[Line]]]:
    return TypeAdapter(list[list[Line]])


def result_json(result: Result, indent: int | None = 2) -> str:
    """The result JSON of the format."""
    return result.model_dump_json(indent=indent)


def _not_an_object() -> Problem:
    return problem("not-an-object", _("a table file is a JSON object {{...}}").format())


def parse_table(data: Any) -> Table:
    """The table model from a dict, or TableError listing every format problem."""
    if isinstance(data, TABLE_MODELS):
        return data
    if not isinstance(data, dict):
        raise TableError([_not_an_object()])
    deep = too_deep(data)
    if deep is not None:
        raise TableError([deep])
    number = _game_number(data)
    if number is not None:
        raise TableError([number])
    try:
        table: Table = _table_adapter().validate_python(data)
    except ValidationError as err:
        raise TableError(from_validation_error(err)) from None
    return table


Removed = dict[tuple[int, str], list[int]]
"""Entries left out of a list to read a file of the wrong shape: (seat, field) -> indices."""

_REPAIR_ROUNDS = 3
"""A required part refused for its kind is left out, then stood in for as missing: a few
rounds at most (the format nests a required part in a required part twice at most)."""


def _readable(data: dict[str, Any], err: ValidationError) -> tuple[Table, Removed, set[str]] | None:
    """The table without the entries and optional fields of the wrong shape (required
    texts get a placeholder, required parts a stand-in, a seat that is not an object a
    seat of stand-ins: each game's `StandIns`), so that the rest can still be checked and
    scored; None when the game cannot be known or the seats cannot be read. Also what was
    removed or replaced: the format problem says what is wrong there, no check speaks of
    it."""
    stand_ins = _stand_ins(data.get("game"))
    if stand_ins is None:
        return None
    repaired = dict(data)
    mine: set[int] = {id(repaired)}  # the containers copied here (the rest are the caller's)
    removed: Removed = {}
    replaced: set[str] = set()
    errors = err.errors()
    for first in (True, *([False] * (_REPAIR_ROUNDS - 1))):
        if not _repair(repaired, errors, stand_ins, mine, removed, replaced, first):
            return None
        try:
            table = _table_adapter().validate_python(repaired)
        except ValidationError as again:
            errors = again.errors()
            continue
        return table.standing_in(_stood_in_seats(replaced)), removed, replaced
    return None


_NAME_PLACE = re.compile(r"players\[(\d+)\](?:\.name)?")
"""A seat, or its name, among the places replaced."""


def _stood_in_seats(replaced: set[str]) -> set[int]:
    """The seats whose name a stand-in took (the seat, or its name, was replaced)."""
    return {int(m[1]) for r in replaced if (m := _NAME_PLACE.fullmatch(r))}


def _stand_ins(game: object) -> StandIns | None:
    """What stands in for a required part in this game's tables (None: no game the format
    knows)."""
    if not isinstance(game, str) or game not in GAME_TAGS:
        return None
    return game_of(load_ruleset(game)).STAND_INS


def _repair(repaired: dict[str, Any], errors: Sequence[Any], stand_ins: StandIns, mine: set[int],
            removed: Removed, replaced: set[str], first: bool) -> bool:
    """One round of `_readable`'s repairs (False: the table cannot be read). Entries of a
    list are left out only in the first round, so that their places stay the file's."""
    lists: dict[tuple[Any, ...], set[int]] = {}
    for e in errors:
        loc = tuple(p for p in e["loc"] if not is_union_tag(p))
        if e["type"] in ("union_tag_not_found", "union_tag_invalid") or not loc:
            return False
        if len(loc) == 2 and loc[0] == "players" and isinstance(loc[1], int):
            # a seat that is not an object: a seat of stand-ins keeps its neighbours' places
            seats = _writable(repaired, loc[:1], mine)
            if not isinstance(seats, list) or not 0 <= loc[1] < len(seats):
                return False
            seats[loc[1]] = copy.deepcopy(dict(stand_ins.seat))
            replaced.add(_path(loc))
            continue
        if isinstance(loc[-1], int):
            if not first or len(loc) < 3:
                return False
            lists.setdefault(loc[:-1], set()).add(loc[-1])
            continue
        if e["type"] == "missing" and not _stand_in(repaired, loc, stand_ins, mine, replaced):
            return False
        if e["type"] == "missing":
            continue
        parent = _writable(repaired, loc[:-1], mine)
        if not isinstance(parent, dict):
            return False
        if e["type"].startswith("string_"):
            parent[loc[-1]] = PLACEHOLDER
        else:
            parent.pop(loc[-1], None)  # a required one is stood in for in the next round
        replaced.add(_path(loc))
        _leave_out_judged(repaired, loc, stand_ins, mine, replaced)
    for where, indices in lists.items():
        target = _writable(repaired, where, mine)
        if not isinstance(target, list):
            return False
        target[:] = [x for k, x in enumerate(target) if k not in indices]
        if len(where) >= 3 and where[0] == "players" and isinstance(where[1], int):
            removed[(where[1], ".".join(str(p) for p in where[2:]))] = sorted(indices)
    return True


def _stand_in(repaired: dict[str, Any], loc: Sequence[Any], stand_ins: StandIns,
              mine: set[int], replaced: set[str]) -> bool:
    """Put a stand-in where a required part is missing (False: none can stand in)."""
    for k in range(1, len(loc)):
        if _pattern(loc[:k]) in stand_ins.optional:  # the optional object is left out whole
            parent = _writable(repaired, loc[: k - 1], mine)
            if not isinstance(parent, dict):
                return False
            parent.pop(loc[k - 1], None)
            replaced.add(_path(loc[:k]))
            return True
    pattern = _pattern(loc)
    parent = _writable(repaired, loc[:-1], mine)
    if pattern not in stand_ins.parts or not isinstance(parent, dict):
        return False
    parent[loc[-1]] = copy.deepcopy(stand_ins.parts[pattern])
    replaced.add(_path(loc))
    _leave_out_judged(repaired, loc, stand_ins, mine, replaced)
    return True


def _leave_out_judged(repaired: dict[str, Any], loc: Sequence[Any], stand_ins: StandIns,
                      mine: set[int], replaced: set[str]) -> None:
    """Leave out what the part at `loc` judges, now that it is stood in for: judged by the
    stand-in, it would be contradicted; left out, it is neither."""
    for judged in stand_ins.judged_by.get(_pattern(loc), ()):
        where = judged.place.split(".")
        parent = _writable(repaired, where[:-1], mine)
        part = parent.get(where[-1]) if isinstance(parent, dict) else None
        if isinstance(parent, dict) and isinstance(part, dict) and all(
            part.get(k) == v for k, v in judged.when.items()
        ):
            parent.pop(where[-1])
            replaced.add(_path(where))


def _pattern(loc: Sequence[Any]) -> str:
    """A place as `StandIns` names it: `("players", 2, "wonder")` is `players[].wonder`."""
    out = ""
    for part in loc:
        out += "[]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def _within(path: str, replaced: set[str]) -> bool:
    """A problem's place is in a part the format refused (or a part of it)."""
    return any(path == r or path.startswith((f"{r}.", f"{r}[")) for r in replaced)


def _path(loc: Sequence[Any]) -> str:
    seat = loc[1] if len(loc) >= 2 and loc[0] == "players" else None
    rest = loc[2:] if seat is not None else loc
    return path_of(seat, ".".join(str(p) for p in rest) or None)


def _writable(data: dict[str, Any], loc: Sequence[Any], mine: set[int]) -> Any:
    """The container at `loc` in `data` (None when there is none), with every dict and list
    on the way there copied once (their ids into `mine`): the repair changes copies, never
    what the caller gave, and copies only the few places it repairs (a whole table copied
    deeply was most of the cost of a table with a blank board, on every change)."""
    node: Any = data
    for part in loc:
        try:
            child = node[part]
        except (KeyError, IndexError, TypeError):
            return None
        if isinstance(child, (dict, list)) and id(child) not in mine:
            child = copy.copy(child)
            mine.add(id(child))
            node[part] = child
        node = child
    return node


def _original(p: Problem, removed: Removed) -> Problem:
    """A problem found on the repaired table, at its place in the file as given."""
    if p.seat is None or p.field is None or p.item is None or (p.seat, p.field) not in removed:
        return p
    item = p.item
    for gone in removed[(p.seat, p.field)]:
        if gone <= item:
            item += 1
    return p.model_copy(update={"item": item, "path": path_of(p.seat, p.field, item)})


def _rules(game: str, expansions: Sequence[str]) -> Ruleset:
    """The game's ruleset with the listed expansions that exist: unknown ones are reported
    by the checks, and must not stop them."""
    known = available_expansions(game)
    return load_ruleset(game, tuple(sorted({e for e in expansions if e in known})))


def assess(data: Any) -> Assessment:
    """Each player's score from what can be scored, every problem, and per player what was
    set aside; the final result only when there is no problem. Never raises for a problem
    of the table. Messages, verdict and lines' words are in the current context's language
    (`scorer.i18n.language`); codes, locations and numbers are the same in every one.

    The same four steps for every game: parse the table; check it with its game's package
    (chosen by its ruleset, `scorer.games`); score each city (a paper player's typed rows
    in place: `scorer.typed`); rank them."""
    table, shape, removed, replaced = _parsed(data)
    if table is None:
        return Assessment(problems=shape, players=[], result=None)
    rules = _rules(table.game, table.expansions)
    game = game_of(rules)
    state, found = game.check(table, rules)
    found = [*found, *paper_problems(table, rules)]
    cities = game.board(state).cities
    scores = with_typed(table, cities, game.score(state))
    # a place repaired to read the file is told by its format problem alone
    problems = shape + [_original(p, removed) for p in found
                        if not (replaced and _within(p.path, replaced))]
    # every line of every city validated into its model in one call (one per line costs more
    # than scoring the line)
    lines = _lines_adapter().validate_python([list(s.lines) for s in scores])
    players = [
        PlayerScore(
            name=c.name,
            total=s.total,
            categories=s.categories,
            lines=ls,
            choices=s.choices,
            # what a problem sets aside, and what was left out to read the file
            set_aside=[
                p for p in problems if p.seat == c.index and (p.code in SETS_ASIDE or p in shape)
            ],
        )
        for c, s, ls in zip(cities, scores, lines, strict=True)
    ]
    if problems:
        return Assessment(problems=problems, players=players, result=None)
    result = _result(table, cities, players, game.rank(table, state, scores))
    return Assessment(problems=[], players=players, result=result)


def places_so_far(data: Any, found: Assessment) -> tuple[int | None, ...]:
    """Each seat's place while the table is entered (a running score pad): the result's ranks
    when final, else the game's verdict rule (most points, then its tie-break) on the totals
    so far. None: never ranked (the Free City); () when the seats cannot be read."""
    seats = data.get("players") if isinstance(data, dict) else None
    if not isinstance(seats, list) or len(seats) != len(found.players):
        return ()
    if found.result is not None:
        by_name = {p.name: p.rank for p in found.result.players}
        return tuple(by_name.get(p.name) for p in found.players)
    rules = _rules(str(data.get("game")), [str(e) for e in data.get("expansions") or []])
    kind = rules.constants.tiebreak
    ranked = [
        contender(p.name, p.total, _coins(s), p.categories, kind)
        for p, s in zip(found.players, seats, strict=True)
        if isinstance(s, dict) and not s.get("free_city")
    ]
    if not ranked:
        return ()
    ranks = decide(ranked, rules).ranks
    return tuple(ranks.get(p.name) for p in found.players)


def _coins(seat: dict[str, Any]) -> int:
    coins = seat.get("coins")
    return coins if isinstance(coins, int) else 0


def _game_number(data: dict[str, Any]) -> Problem | None:
    """`game` given as a number: no game, said without pydantic (`unknown_game`)."""
    game = data.get("game")
    if isinstance(game, int) and not isinstance(game, bool):
        return unknown_game(game)
    return None


def _parsed(data: Any) -> tuple[Table | None, list[Problem], Removed, set[str]]:
    """The table model; the format problems; what was left out or replaced to read a file
    of the wrong shape (None: too broken to read its seats)."""
    if isinstance(data, TABLE_MODELS):
        return data, [], {}, set()
    if not isinstance(data, dict):
        return None, [_not_an_object()], {}, set()
    deep = too_deep(data)  # before any reader walks it (pydantic's errors recurse)
    if deep is not None:
        return None, [deep], {}, set()
    number = _game_number(data)
    if number is not None:
        return None, [number], {}, set()
    try:
        return _table_adapter().validate_python(data), [], {}, set()
    except ValidationError as err:
        shape = from_validation_error(err)
        readable = _readable(data, err)
        if readable is None:
            return None, shape, {}, set()
        table, removed, replaced = readable
        return table, shape, removed, replaced


def score(data: Any) -> Result:
    """The final result, or TableError with every problem of a table that cannot exist."""
    assessment = assess(data)
    if assessment.result is None:
        raise TableError(assessment.problems)
    return assessment.result


def headroom(player: PlayerScore) -> float:
    """The most a player's total may still grow by: the sum of its lines' known bounds
    (`most_gain`), without bound (infinity) where one line has none."""
    short = [line for line in player.lines if line.at_least]
    if any(line.most_gain is None for line in short):
        return math.inf
    return sum(line.most_gain or 0 for line in short)


def unsure_of(players: Sequence[PlayerScore], verdict: Verdict) -> list[str]:
    """The ranked players whose total may be short (a line `at_least`) where the winners
    could change once it is counted: a winner among several (any point more breaks the
    tie), or a player whose total with the most it may still add reaches the winners'
    (a tie-break could then decide); never a sole winner, whose total can only grow. A
    supremacy decides whatever the points (a walk: "Dan wins with 53" beside Ann's "≥ 52");
    Phryne's 5 that cannot close a gap of 27 leaves the verdict sure (a walk)."""
    if verdict.decided_by.startswith("supremacy"):
        return []
    winners = set(verdict.winners)
    best = max((p.total for p in players if p.name in winners), default=0)
    return [p.name for p in players
            if p.name in verdict.ranks and p.may_be_short
            and ((p.name in winners and len(winners) > 1)
                 or (p.name not in winners and p.total + headroom(p) >= best))]


def _result(
    table: Table, cities: Sequence[City], players: Sequence[PlayerScore], verdict: Verdict
) -> Result:
    unsure = unsure_of(players, verdict)
    text = verdict.text
    if unsure:
        text += " " + _("Not sure: {names} may have more (a count marked ≥), which could "
                        "change the winner.").format(names=all_of(unsure))
    return Result.model_validate(
        {
            "game": table.game,
            "expansions": list(table.expansions),
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": None if c.free_city else verdict.ranks[c.name],
                    "categories": p.categories,
                    "lines": p.lines,
                    "choices": p.choices,
                    "free_city": c.free_city,
                }
                for c, p in zip(cities, players, strict=True)
            ],
            "winners": verdict.winners,
            "decided_by": verdict.decided_by,
            "verdict": text,
            "unsure": unsure,
        }
    )


def table_schema() -> dict[str, Any]:
    """The JSON Schema of the table file format (`python -m scorer schema`)."""
    schema = _table_adapter().json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "7 Wonders / 7 Wonders Duel table file, version 1"
    return schema
