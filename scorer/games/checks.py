"""Checks that every game of the family shares, and the one way they run: the names in a
table (looked up in one place), the expansions listed, the players' names, the copies of
things, the guilds in play; what a problem sets aside (`Aside`), and `run_checks`: the
table's checks, the state resolved without what they set aside, then the checks of that
state. Each check is a pure function returning problems; each game's `checks` module
lists its own (`scorer.games.seven_wonders.checks`, `scorer.games.duel.checks`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from scorer.board import City
from scorer.i18n import _, all_of, any_of, ngettext, translated
from scorer.names import PLACEHOLDER, NameIndex, closest, normalize
from scorer.problems import SETS_ASIDE, Problem, ProblemCode, problem
from scorer.ruleset import (
    Ruleset,
    RulesetLoadError,
    available_expansions,
    available_games,
    expansion_title,
    load_ruleset,
    needed_with,
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

    @property
    def stood_in(self) -> frozenset[int]: ...


def called(table: AnyTable, seat: int) -> str:
    """How a message names a seat's player: by name, or by place ("player 2") when the
    name was stood in for (`scorer.table`): the stand-in is no name players know."""
    if seat in table.stood_in:
        return _("player {number}").format(number=seat + 1)
    return table.players[seat].name


def named(table: AnyTable) -> list[str]:
    """The players' names a message may list: the seats whose name was stood in for left
    out (each has a format problem of its own)."""
    return [p.name for i, p in enumerate(table.players) if i not in table.stood_in]


def players_listed(table: AnyTable, quote: Callable[[str], str]) -> list[str]:
    """The players as a message lists them: their names, each quoted (`named`); when no
    seat has a name, the seats by their place ("player 1")."""
    names = named(table)
    if names:
        return [quote(n) for n in names]
    return [called(table, i) for i in range(len(table.players))]


T = TypeVar("T")
Table = TypeVar("Table")
State = TypeVar("State")

Aside = frozenset[tuple[int | None, str | None, int | None]]
"""What problems set aside: (seat, field, item); item None is the whole field."""


def aside_of(problems: Iterable[Problem]) -> Aside:
    return frozenset((p.seat, p.field, p.item) for p in problems if p.code in SETS_ASIDE)


def kept(aside: Aside, seat: int | None, field: str, item: int | None = None) -> bool:
    """Whether a place of the table is scored (no problem set it, or its field, aside)."""
    if not aside:  # the common case: a table with no problem sets nothing aside
        return True
    return (seat, field, None) not in aside and (seat, field, item) not in aside


def known(found: Sequence[T | None], aside: Aside, seat: int, field: str) -> tuple[T, ...]:
    """The things of a list field that are known and not set aside."""
    if not aside:  # the common case: nothing to leave out but unknown names
        return tuple(x for x in found if x is not None)
    return tuple(x for j, x in enumerate(found) if x is not None and kept(aside, seat, field, j))


def run_checks(
    table: Table,
    rules: Ruleset,
    table_checks: Sequence[Callable[[Table, Ruleset], list[Problem]]],
    resolve: Callable[[Table, Ruleset, Aside], tuple[State, list[Problem]]],
    state_checks: Sequence[Callable[[Table, State], list[Problem]]],
) -> tuple[State, list[Problem]]:
    """The one way a game is checked: the table's checks; the state to score, resolved
    without what their problems set aside (with any problems resolving finds); then the
    checks of that state. No check depends on another."""
    problems = [p for check in table_checks for p in check(table, rules)]
    state, found = resolve(table, rules, aside_of(problems))
    problems += found
    problems += [p for check in state_checks for p in check(table, state)]
    return state, problems


def guilds_in_game(cities: Sequence[City], rules: Ruleset) -> list[Problem]:
    """No more different guilds built than the game deals: `guilds_in_game`, plus
    `guilds_per_player` for each seat (7 Wonders: players + 2), plus one for each leader
    of `guilds_extra_with` recruited (Duel Leaders: Ramses)."""
    const = rules.constants
    guilds = sorted({card.name for c in cities for card in c.guilds})
    recruited = {ld.name for c in cities for ld in c.leaders_ever}  # buried: still used
    seats = len(cities)
    most = const.most_guilds(seats, recruited)
    if len(guilds) <= most:
        return _guilds_brought_in(cities, rules)
    if most == 0 and const.guilds_replaced_by:
        text = ngettext(
            "{count} guild is built ({guilds}), but in this game the {replaced} take the "
            "place of the Guilds, which all stay in the box",
            "{count} guilds are built ({guilds}), but in this game the {replaced} take the "
            "place of the Guilds, which all stay in the box",
            len(guilds),
        ).format(
            count=len(guilds),
            guilds=", ".join(guilds),
            replaced=translated(const.guilds_replaced_by),
        )
    elif const.guilds_per_player:
        text = _(
            "{built} different guilds are built, but a {seats}-player game uses only {most} "
            "guilds (players + {extra})"
        ).format(built=len(guilds), seats=seats, most=most, extra=const.guilds_in_game)
    else:
        text = _(
            "{count} different guilds are built ({guilds}), but the game uses only {most}"
        ).format(count=len(guilds), guilds=", ".join(guilds), most=most)
    return [problem("too-many-guilds", text, None, "players")]


def _guilds_brought_in(cities: Sequence[City], rules: Ruleset) -> list[Problem]:
    """The guild a leader brings into the game (Ramses: his owner builds 1 of 2 unused
    guilds) is in his owner's city: the other cities hold no more guilds than the game
    deals without him."""
    const = rules.constants
    owners = {c.index: ld.name for c in cities for ld in c.leaders_ever
              if ld.name in const.guilds_extra_with}
    if not owners:
        return []
    elsewhere = sorted({card.name for c in cities if c.index not in owners for card in c.guilds})
    most = const.most_guilds(len(cities))
    if len(elsewhere) <= most:
        return []
    leaders = sorted(set(owners.values()))
    text = ngettext(
        "{count} guild is built outside the city of {leaders} ({guilds}), but the game deals "
        "only {most}: the guild {leaders} brings in is built in the owner's own city",
        "{count} guilds are built outside the city of {leaders} ({guilds}), but the game "
        "deals only {most}: the guild {leaders} brings in is built in the owner's own city",
        len(elsewhere),
    ).format(count=len(elsewhere), leaders=any_of(leaders), guilds=", ".join(elsewhere),
             most=most)
    return [problem("too-many-guilds", text, None, "players")]


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


def unscorable(rules: Ruleset, name: str) -> tuple[str, str]:
    """A name of the box this ruleset knows but cannot score (`not_supported`), as the
    ruleset spells it, with the reason in the reader's words; ("", "") for any other."""
    wanted = normalize(name)
    for known, why in rules.constants.not_supported.items():
        if normalize(known) == wanted:
            return known, translated(why)
    return "", ""


SEARCHED = ("cards", "wonders", "leaders", "progress", "divinities")
"""The sections a city's search finds names in."""


def in_another_expansion(rules: Ruleset, typed: str) -> tuple[str, str]:
    """A name of another expansion of this game that starts with what a search typed
    ("Mann": Manneken Pis), and that expansion's title: said where the search finds
    nothing here. ("", "") for none, for fewer than 3 letters, or where a name of this
    game starts so (the city holds it, or another took it: "Arch" is no Architect Cabinet
    of Cities where Archery Range is taken)."""
    wanted = normalize(typed)
    full = _everything(rules.game)
    if len(wanted) < 3 or full is None or any(
            normalize(name).startswith(wanted)
            for section in SEARCHED for name in index(rules, section).names()):
        return "", ""  # this game has such a name (held already, or taken): not elsewhere
    for section in SEARCHED:
        here = index(rules, section)
        for name in index(full, section).names():
            if normalize(name).startswith(wanted) and here.get(name) is None:
                for e in _expansions_with(rules.game, section, name)[:1]:
                    return name, expansion_title(rules.game, e)
    return "", ""


def _expansions_with(game: str, section: str, name: str) -> list[str]:
    """The expansions of `game` that have `name` in `section`, each loaded alone."""
    return [e for e in available_expansions(game)
            if index(load_ruleset(game, (e,)), section).canonical(name)]


def why_unknown(rules: Ruleset, section: str, kind: str, name: str) -> tuple[ProblemCode, str]:
    """A name not in this ruleset: which expansion or other game has it, or the closest
    name, or why this ruleset knows it but cannot score it. `kind` is the `N_` word for
    one of the section's things."""
    kind = translated(kind)
    known_as, why = unscorable(rules, name)
    if known_as:
        return "not-supported", _('{kind} "{name}" cannot be scored in {game}: {reason}').format(
            kind=kind, name=known_as, game=rules.title, reason=why
        )
    full = _everything(rules.game)
    elsewhere = full and index(full, section).canonical(name)
    if elsewhere:
        together = needed_with(rules.game, section, name)
        if together:  # an entry of one expansion that needs another too (Cities' leaders)
            return (
                "needs-expansion",
                _('{kind} "{name}" needs the {expansions} expansions; add them to the '
                  "expansions").format(
                    kind=kind,
                    name=elsewhere,
                    expansions=all_of(expansion_title(rules.game, e) for e in together),
                ),
            )
        needed = _expansions_with(rules.game, section, name)
        return (
            "needs-expansion",
            _('{kind} "{name}" needs the {expansion} expansion; add it to the expansions').format(
                kind=kind,
                name=elsewhere,
                expansion=any_of(expansion_title(rules.game, e) for e in needed),
            ),
        )
    for other in available_games():
        other_full = _everything(other) if other != rules.game else None
        if other_full is not None and index(other_full, section).canonical(name):
            title = load_ruleset(other).constants.title
            return "other-game", _('{kind} "{name}" belongs to {other}, not {game}').format(
                kind=kind, name=name, other=title, game=rules.title
            )
    hint = closest(name, index(rules, section).names())
    if hint is None:
        message = _('no {kind} "{name}" in {game}')
    else:
        message = _('no {kind} "{name}" in {game}; did you mean "{hint}"?')
    return "unknown-name", message.format(kind=kind, name=name, game=rules.title, hint=hint)


def unknown_names(table: AnyTable, rules: Ruleset, fields: Sequence[NamedField]) -> list[Problem]:
    """Every name of the table that its ruleset does not have, each at its place."""
    out = []
    for seat, player in enumerate(table.players):
        for f in fields:
            value = f.read(player)
            if value is None or value == PLACEHOLDER:  # its format problem says it
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
    return player_names([p.name for p in table.players], table.stood_in)


def player_names(names: Sequence[str], stood_in: frozenset[int] = frozenset()) -> list[Problem]:
    """Blank or repeated player names (case and outer spaces do not make a name new): also
    what the app asks of a name typed at setup or after Start. The seats of `stood_in`
    are skipped: their name is the reader's stand-in, no player's."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if i in stood_in:
            continue
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
    message = text.format(game=rules.title, least=least, most=most, seats=seats)
    return [problem("player-count", message, None, "players")]


def repeats_in_city(rules: Ruleset, thing: Any) -> bool:
    """Whether one city may hold `thing` more than once: in a game whose ruleset says so
    (Agora's Senators), a card the box holds several copies of."""
    return rules.constants.repeats_in_city and len(getattr(thing, "copies", ())) > 1


def repeated_in_city(
    table: AnyTable, rules: Ruleset, fields: Sequence[NamedField]
) -> list[Problem]:
    """A city holds each card, wonder, token and leader at most once (except what
    `repeats_in_city` allows: those copies are counted by `once_across_cities`)."""
    out = []
    for field in fields:
        known = index(rules, field.section)
        for i, p in enumerate(table.players):
            value = field.read(p)
            if value is None or isinstance(value, str) or len(value) < 2:
                continue
            first_at: dict[str, int] = {}
            for j, thing in enumerate(known.get_all(value)):
                if thing is None or repeats_in_city(rules, thing):
                    continue
                if thing.name in first_at:
                    text = _('"{name}" is in this city already (entry {entry}); each exists once')
                    message = text.format(name=thing.name, entry=first_at[thing.name] + 1)
                    out.append(problem("repeated-in-city", message, i, field.field, j))
                else:
                    first_at[thing.name] = j
    return out


def once_across_cities(
    table: AnyTable,
    rules: Ruleset,
    field: NamedField,
    copies: Callable[[Any], int],
) -> list[Problem]:
    """Each thing in the box exists `copies(thing)` times: never more across the cities
    (within one city, a name twice is `repeated-in-city`, reported on its own, except for
    what `repeats_in_city` allows: each of those is a copy). The copies beyond the box's
    are the problems, each naming where the others are."""
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
            elif places[-1][0] != seat or repeats_in_city(rules, thing):
                places.append((seat, item))  # a city's second one is a copy only then
    out = []
    for name, places in holders.items():
        if len(places) < 2:
            continue
        allowed = copies(things[name])
        if not allowed:
            continue  # not in this game at all: `not-in-deck` says so
        for seat, item in places[allowed:]:
            if all(s == seat for s, _item in places[: allowed + 1]):
                text = ngettext(
                    '{kind} "{name}": this city holds more than the game has ({count})',
                    '{kind} "{name}": this city holds more than the game has ({count})',
                    allowed,
                ).format(kind=translated(field.kind), name=name, count=allowed)
                out.append(problem("too-many-copies", text, seat, field.field, item))
                continue
            # the other cities that hold it (this one's own copies are said apart)
            others = list(dict.fromkeys(called(table, s) for s, _item in places[:allowed]
                                        if s != seat))
            if any(s == seat for s, _item in places[:allowed]):
                text = ngettext(
                    '{kind} "{name}" is also held by {others}, beside this city\'s own; it '
                    "exists once in this game",
                    '{kind} "{name}" is also held by {others}, beside this city\'s own; it '
                    "exists {count} times in this game",
                    allowed,
                )
            else:
                text = ngettext(
                    '{kind} "{name}" is also held by {others}; it exists once in this game',
                    '{kind} "{name}" is also held by {others}; it exists {count} times in this '
                    "game",
                    allowed,
                )
            text = text.format(kind=translated(field.kind), name=name, others=all_of(others),
                               count=allowed)
            out.append(problem("too-many-copies", text, seat, field.field, item))
    return out


def player_index(table: AnyTable, name: str) -> int | None:
    """The seat of a player named in another field (exact, else ignoring case); never a
    seat whose name was stood in for."""
    seats = [(i, p.name) for i, p in enumerate(table.players) if i not in table.stood_in]
    exact = [i for i, n in seats if n == name]
    if exact:
        return exact[0]
    folded = [i for i, n in seats if n.casefold() == name.casefold()]
    return folded[0] if folded else None


def unknown_player(table: AnyTable, field: str, name: str) -> Problem:
    names = named(table)
    hint = closest(name, names)
    if hint is None:
        text = _('no player "{name}"; the players are {players}')
    else:
        text = _('no player "{name}"; the players are {players}; did you mean "{hint}"?')
    players = ", ".join(players_listed(table, repr))
    return problem(
        "unknown-player", text.format(name=name, players=players, hint=hint), None, field
    )
