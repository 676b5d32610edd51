"""Checks that both games share: the names in a table (looked up in one place), the
expansions listed, the players' names. Each check is a pure function of the table and its
ruleset returning problems; `scorer.validate` and `scorer.duel_validate` list them per game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scorer.names import NameIndex, did_you_mean, normalize
from scorer.problems import Problem, ProblemCode, problem
from scorer.ruleset import (
    Ruleset,
    RulesetLoadError,
    available_expansions,
    available_games,
    load_ruleset,
)


class AnyPlayer(Protocol):
    @property
    def name(self) -> str: ...


class AnyTable(Protocol):
    @property
    def game(self) -> str: ...

    @property
    def expansions(self) -> list[str]: ...

    @property
    def players(self) -> Sequence[AnyPlayer]: ...


@dataclass(frozen=True)
class NamedField:
    """A field of a seat that holds names of the ruleset's things."""

    field: str
    """As the file names it: `cards`, `wonder.board`, `buried.leader`."""
    section: str
    """The ruleset's index it names: cards, wonders, leaders or progress."""
    kind: str
    """What one is called in a message: card, wonder, leader, progress token."""
    read: Callable[[Any], Sequence[str] | str | None]
    """The names in a seat: a list, one name, or None when absent."""


def index(rules: Ruleset, section: str) -> NameIndex[Any]:
    found: NameIndex[Any] = getattr(rules, section)
    return found


def _everything(game: str) -> Ruleset | None:
    """The game with every expansion, to tell "needs an expansion" from "no such name"."""
    try:
        return load_ruleset(game, tuple(available_expansions(game)))
    except RulesetLoadError:
        return None


def why_unknown(rules: Ruleset, section: str, kind: str, name: str) -> tuple[ProblemCode, str]:
    """A name not in this ruleset: which expansion or other game has it, or the closest
    name, or why this ruleset knows it but cannot score it."""
    const = rules.constants
    refused = {normalize(k): (k, why) for k, why in const.not_supported.items()}
    if normalize(name) in refused:
        known_as, why = refused[normalize(name)]
        return "not-supported", f'{kind} "{known_as}" cannot be scored in {const.title}: {why}'
    full = _everything(rules.game)
    elsewhere = full and index(full, section).canonical(name)
    if elsewhere:
        needed = [
            e
            for e in available_expansions(rules.game)
            if index(load_ruleset(rules.game, (e,)), section).canonical(name)
        ]
        return (
            "needs-expansion",
            f'{kind} "{elsewhere}" needs the {" or ".join(needed)} expansion; '
            f"add it to the expansions",
        )
    for other in available_games():
        other_full = _everything(other) if other != rules.game else None
        if other_full is not None and index(other_full, section).canonical(name):
            title = load_ruleset(other).constants.title
            return "other-game", f'{kind} "{name}" belongs to {title}, not {const.title}'
    hint = did_you_mean(name, index(rules, section).names())
    return "unknown-name", f'no {kind} "{name}" in {const.title}{hint}'


def unknown_names(table: AnyTable, rules: Ruleset, fields: Sequence[NamedField]) -> list[Problem]:
    """Every name of the table that its ruleset does not have, each at its place."""
    out = []
    for seat, player in enumerate(table.players):
        for f in fields:
            value = f.read(player)
            if value is None:
                continue
            entries = [(None, value)] if isinstance(value, str) else list(enumerate(value))
            known = index(rules, f.section)
            for item, name in entries:
                if known.get(name) is None:
                    code, message = why_unknown(rules, f.section, f.kind, name)
                    out.append(problem(code, message, seat, f.field, item))
    return out


def expansion_problems(table: AnyTable, rules: Ruleset) -> list[Problem]:
    """Unknown or repeated expansion names."""
    known = available_expansions(table.game)
    out, seen = [], set()
    for i, name in enumerate(table.expansions):
        if name not in known:
            out.append(
                problem(
                    "unknown-expansion",
                    f'no expansion "{name}" for {rules.constants.title}; expected one of '
                    f"{', '.join(known)}{did_you_mean(name, known)}",
                    None,
                    "expansions",
                    i,
                )
            )
        elif name in seen:
            out.append(
                problem("repeated-expansion", f'"{name}" is listed twice', None, "expansions", i)
            )
        seen.add(name)
    return out


def player_name_problems(table: AnyTable, rules: Ruleset) -> list[Problem]:
    return player_names([p.name for p in table.players])


def player_names(names: Sequence[str]) -> list[Problem]:
    """Blank or repeated player names (case and outer spaces do not make a name new): also
    what the app asks of a name typed at setup or after Start."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            out.append(problem("blank-name", "a player's name must not be blank", i, "name"))
        elif key in seen:
            out.append(
                problem(
                    "duplicate-name",
                    f'"{name}" is the name of player {seen[key] + 1} already; names must differ',
                    i,
                    "name",
                )
            )
        else:
            seen[key] = i
    return out


def player_count(table: AnyTable, rules: Ruleset, seats: int, hint: str = "") -> list[Problem]:
    const = rules.constants
    least, most = const.min_players, const.max_players
    if least <= seats <= most:
        return []
    count = f"exactly {least}" if least == most else f"{least} to {most}"
    return [
        problem(
            "player-count",
            f"{const.title} is for {count} players, this table has {seats}{hint}",
            None,
            "players",
        )
    ]


def once_across_cities(
    table: AnyTable,
    rules: Ruleset,
    field: NamedField,
    copies: Callable[[Any], int],
) -> list[Problem]:
    """Each thing in the box exists `copies(thing)` times: never more across the cities
    (within one city, a name twice is `repeated-in-city`, reported on its own). The copies
    beyond the box's are the problems, each naming where the others are."""
    known = index(rules, field.section)
    holders: dict[str, list[tuple[int, int | None]]] = {}
    things: dict[str, Any] = {}
    for seat, player in enumerate(table.players):
        value = field.read(player)
        if value is None:
            continue
        names = [value] if isinstance(value, str) else value
        for j, thing in enumerate(known.get_all(names)):
            if thing is None:
                continue
            places = holders.setdefault(thing.name, [])
            if not places or places[-1][0] != seat:  # a city's second one is not a copy
                places.append((seat, None if isinstance(value, str) else j))
                things[thing.name] = thing
    out = []
    for name, places in holders.items():
        if len(places) < 2:
            continue
        allowed = copies(things[name])
        if not allowed:
            continue  # not in this game at all: `not-in-deck` says so
        for seat, item in places[allowed:]:
            others = [table.players[s].name for s, _ in places[:allowed]]
            in_box = "once" if allowed == 1 else f"{allowed} times"
            out.append(
                problem(
                    "too-many-copies",
                    f'{field.kind} "{name}" is also held by {_names(others)}; it exists '
                    f"{in_box} in this game",
                    seat,
                    field.field,
                    item,
                )
            )
    return out


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def player_index(table: AnyTable, name: str) -> int | None:
    """The seat of a player named in another field (exact, else ignoring case)."""
    names = [p.name for p in table.players]
    if name in names:
        return names.index(name)
    folded = [n.casefold() for n in names]
    return folded.index(name.casefold()) if name.casefold() in folded else None


def unknown_player(table: AnyTable, field: str, name: str) -> Problem:
    names = [p.name for p in table.players]
    return problem(
        "unknown-player",
        f'no player "{name}"; the players are {", ".join(repr(n) for n in names)}'
        f"{did_you_mean(name, names)}",
        None,
        field,
    )
