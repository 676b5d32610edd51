"""Checks that both games share: the names in a table (looked up in one place), the
expansions listed, the players' names. Each check is a pure function of the table and its
ruleset returning problems; `scorer.validate` and `scorer.duel_validate` list them per game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol

from scorer.i18n import _, all_of, any_of, ngettext, translated
from scorer.names import NameIndex, closest, normalize
from scorer.problems import Problem, ProblemCode, problem
from scorer.ruleset import (
    Ruleset,
    RulesetLoadError,
    available_expansions,
    available_games,
    expansion_name,
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


class NamedField(NamedTuple):
    """A field of a seat that holds names of the ruleset's things."""

    field: str
    """As the file names it: `cards`, `wonder.board`, `buried.leader`."""
    section: str
    """The ruleset's index it names: cards, wonders, leaders or progress."""
    kind: str
    """What one is called in a message (card, wonder, leader, progress token), marked with
    `N_` and translated where a message names it."""
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
    name, or why this ruleset knows it but cannot score it. `kind` is the `N_` word for
    one of the section's things."""
    const = rules.constants
    kind = translated(kind)
    refused = {normalize(k): (k, why) for k, why in const.not_supported.items()}
    if normalize(name) in refused:
        known_as, why = refused[normalize(name)]
        return "not-supported", _('{kind} "{name}" cannot be scored in {game}: {reason}').format(
            kind=kind, name=known_as, game=const.title, reason=translated(why)
        )
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
            _('{kind} "{name}" needs the {expansion} expansion; add it to the expansions').format(
                kind=kind,
                name=elsewhere,
                expansion=any_of(expansion_name(rules.game, e) for e in needed),
            ),
        )
    for other in available_games():
        other_full = _everything(other) if other != rules.game else None
        if other_full is not None and index(other_full, section).canonical(name):
            title = load_ruleset(other).constants.title
            return "other-game", _('{kind} "{name}" belongs to {other}, not {game}').format(
                kind=kind, name=name, other=title, game=const.title
            )
    hint = closest(name, index(rules, section).names())
    if hint is None:
        message = _('no {kind} "{name}" in {game}')
    else:
        message = _('no {kind} "{name}" in {game}; did you mean "{hint}"?')
    return "unknown-name", message.format(kind=kind, name=name, game=const.title, hint=hint)


def unknown_names(table: AnyTable, rules: Ruleset, fields: Sequence[NamedField]) -> list[Problem]:
    """Every name of the table that its ruleset does not have, each at its place."""
    out = []
    for seat, player in enumerate(table.players):
        for f in fields:
            value = f.read(player)
            if value is None:
                continue
            known = index(rules, f.section)
            if isinstance(value, str):
                if known.get(value) is None:
                    code, message = why_unknown(rules, f.section, f.kind, value)
                    out.append(problem(code, message, seat, f.field))
                continue
            for item, found in enumerate(known.get_all(value)):
                if found is None:
                    code, message = why_unknown(rules, f.section, f.kind, value[item])
                    out.append(problem(code, message, seat, f.field, item))
    return out


def expansion_problems(table: AnyTable, rules: Ruleset) -> list[Problem]:
    """Unknown or repeated expansion names."""
    known = available_expansions(table.game)
    out, seen = [], set()
    for i, name in enumerate(table.expansions):
        if name not in known:
            hint = closest(name, known)
            if hint is None:
                message = _('no expansion "{name}" for {game}; expected one of {expected}')
            else:
                message = _(
                    'no expansion "{name}" for {game}; expected one of {expected}; '
                    'did you mean "{hint}"?'
                )
            text = message.format(
                name=name, game=rules.constants.title, expected=", ".join(known), hint=hint
            )
            out.append(problem("unknown-expansion", text, None, "expansions", i))
        elif name in seen:
            text = _('"{name}" is listed twice').format(name=name)
            out.append(problem("repeated-expansion", text, None, "expansions", i))
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
            out.append(problem("blank-name", _("a player's name must not be blank"), i, "name"))
        elif key in seen:
            text = _('"{name}" is the name of player {number} already; names must differ')
            out.append(
                problem("duplicate-name", text.format(name=name, number=seen[key] + 1), i, "name")
            )
        else:
            seen[key] = i
    return out


def player_count(
    table: AnyTable, rules: Ruleset, seats: int, free_city_hint: bool = False
) -> list[Problem]:
    """The game's player count; with `free_city_hint`, a 2-player table is told how to
    play the Free City variant."""
    const = rules.constants
    least, most = const.min_players, const.max_players
    if least <= seats <= most:
        return []
    if free_city_hint:
        text = _(
            "{game} is for {least} to {most} players, this table has {seats} (for 2 players "
            "add the Free City as a third player, marked as the Free City)"
        )
    elif least == most:
        text = _("{game} is for exactly {least} players, this table has {seats}")
    else:
        text = _("{game} is for {least} to {most} players, this table has {seats}")
    message = text.format(game=const.title, least=least, most=most, seats=seats)
    return [problem("player-count", message, None, "players")]


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
        found: Iterable[tuple[int | None, Any]] = (
            [(None, known.get(value))]
            if isinstance(value, str)
            else enumerate(known.get_all(value))
        )
        for item, thing in found:
            if thing is None:
                continue
            name = thing.name
            places = holders.get(name)
            if places is None:
                holders[name] = [(seat, item)]
                things[name] = thing
            elif places[-1][0] != seat:  # a city's second one is not a copy
                places.append((seat, item))
    out = []
    for name, places in holders.items():
        if len(places) < 2:
            continue
        allowed = copies(things[name])
        if not allowed:
            continue  # not in this game at all: `not-in-deck` says so
        for seat, item in places[allowed:]:
            others = [table.players[s].name for s, _seat in places[:allowed]]
            text = ngettext(
                '{kind} "{name}" is also held by {others}; it exists once in this game',
                '{kind} "{name}" is also held by {others}; it exists {count} times in this game',
                allowed,
            ).format(kind=translated(field.kind), name=name, others=all_of(others), count=allowed)
            out.append(problem("too-many-copies", text, seat, field.field, item))
    return out


def player_index(table: AnyTable, name: str) -> int | None:
    """The seat of a player named in another field (exact, else ignoring case)."""
    names = [p.name for p in table.players]
    if name in names:
        return names.index(name)
    folded = [n.casefold() for n in names]
    return folded.index(name.casefold()) if name.casefold() in folded else None


def unknown_player(table: AnyTable, field: str, name: str) -> Problem:
    names = [p.name for p in table.players]
    hint = closest(name, names)
    if hint is None:
        text = _('no player "{name}"; the players are {players}')
    else:
        text = _('no player "{name}"; the players are {players}; did you mean "{hint}"?')
    players = ", ".join(repr(n) for n in names)
    return problem(
        "unknown-player", text.format(name=name, players=players, hint=hint), None, field
    )
