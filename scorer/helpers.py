"""Small pure helpers for the app, built on the engine's own data and interpreter.

The app (`ui/`) holds no rule of the game: whatever it shows that depends on the rules (which
cards a player count uses, what coins or tokens are worth, the science of a paper score pad,
what a leader would score for a player, which choices a table leaves open) comes from here,
and everything here is computed by the rulesets and `scorer.score`.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer import science
from scorer.api import score
from scorer.duel import LABEL as SUPREMACY_LABEL
from scorer.duel import SUPREMACY_KINDS
from scorer.duel import burying_wonders as burying_wonders  # the app asks here; Duel defines it
from scorer.effects import Symbol
from scorer.problems import Problem, TableError
from scorer.result import Line, PlayerResult, Result
from scorer.ruleset import (
    Card,
    Category,
    Ruleset,
    RulesetLoadError,
    available_expansions,
    available_games,
    load_ruleset,
)
from scorer.table import DuelPlayer, SevenWondersPlayer
from scorer.validate import copies_in_deck
from scorer.verdict import contender, decide

# --- games and rulesets --------------------------------------------------------------------


def games() -> list[str]:
    """The games whose rulesets load (a ruleset still being written is left out)."""
    out = []
    for game in available_games():
        try:
            load_ruleset(game, ())
        except RulesetLoadError:
            continue
        out.append(game)
    return out


def expansions(game: str) -> list[str]:
    """The expansions of `game` whose rulesets load on top of it."""
    out = []
    for expansion in available_expansions(game):
        try:
            load_ruleset(game, (expansion,))
        except RulesetLoadError:
            continue
        out.append(expansion)
    return out


def ruleset(game: str, chosen: Sequence[str] = ()) -> Ruleset:
    """The ruleset of a game with the chosen expansions that exist (others are ignored)."""
    usable = set(expansions(game))
    return load_ruleset(game, tuple(sorted(e for e in chosen if e in usable)))


# --- cards ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardUse:
    card: Card
    copies: int
    """Copies of the card in a game of this many players (guilds: 1, the draw decides)."""


def cards_in_play(rules: Ruleset, players: int) -> list[CardUse]:
    """Every card a game of `players` players can hold, in ruleset order, with its copies."""
    in_deck = copies_in_deck(rules, players)
    return [CardUse(c, in_deck[c.name]) for c in rules.cards.values() if in_deck[c.name]]


def copies_taken(rules: Ruleset, cities: Sequence[Sequence[str]]) -> dict[str, int]:
    """How many copies of each card (by its ruleset name) the given cities hold."""
    taken: dict[str, int] = {}
    for cards in cities:
        for name in cards:
            canonical = rules.cards.canonical(name)
            if canonical is not None:
                taken[canonical] = taken.get(canonical, 0) + 1
    return taken


# --- Duel Leaders and the end of a Duel game ------------------------------------------------


def leader_cost(rules: Ruleset, name: str) -> int | None:
    """The coin cost printed on a leader, when the ruleset knows it."""
    leader = rules.leaders.get(name)
    return None if leader is None else leader.cost


def max_name_length() -> int:
    """The longest player name the table format takes (its `Name` type's bound)."""
    from scorer.table import Name

    for meta in getattr(Name, "__metadata__", ()):
        for bound in getattr(meta, "metadata", ()):
            le = getattr(bound, "max_length", None)
            if isinstance(le, int):
                return le
    return 100


def max_conquests() -> int:
    """The most military tokens a Duel player can take from the opponent's side (the
    table format's bound on `conquests`)."""
    for meta in DuelPlayer.model_fields["conquests"].metadata:
        le = getattr(meta, "le", None)
        if isinstance(le, int):
            return le
    return 0


def track_spaces(rules: Ruleset) -> int:
    """The Conflict pawn's farthest space from the centre (a capital: military supremacy)."""
    return rules.constants.supremacy_space


def chambers(rules: Ruleset) -> int:
    """How many Senate Chambers the game has (Agora), 0 without the Senate."""
    return len(rules.constants.chamber_points)


def supremacy_kinds(rules: Ruleset) -> dict[str, str]:
    """The supremacies a Duel game with these rules can end on, with the engine's names
    (political only with the Senate of Agora)."""
    return {
        k: SUPREMACY_LABEL[k]
        for k in SUPREMACY_KINDS
        if k != "political" or rules.constants.chamber_points
    }


# --- the largest number each field of a screen takes ---------------------------------------


@dataclass(frozen=True)
class FieldBounds:
    """The most a city can hold of each counted thing, from the rules: a screen takes no
    number beyond these (the engine then checks the finer rules)."""

    coins: int
    """The table format's bound on coins."""
    tokens: dict[int, int]
    """Conflict tokens of each face value: every conflict of the Ages that give it, at the
    largest table (a leader may move tokens, so not only the two a city fights)."""
    cubes: int
    """Senate cubes in one Chamber: all of a player's cubes (0 without the Senate)."""
    symbols: dict[Symbol, int]
    """Each science symbol: every card, wonder board, leader and token that shows it."""
    wildcards: int
    """Science wildcards: every source of one (Scientists Guild, Babylon...)."""


def _table_le(model: Any, name: str) -> int:
    """The upper bound (`le`) the table format gives a field."""
    for meta in model.model_fields[name].metadata:
        le = getattr(meta, "le", None)
        if isinstance(le, int):
            return le
    raise LookupError(f"{model.__name__}.{name} has no upper bound")


def _most(rules: Ruleset, count: Any) -> int:
    """The most of something one city can hold, where `count(effects)` counts it in a list
    of effects: each card and leader once, the best wonder board and side (several in
    Duel), every token, and what a copy of a neighbour's guild or leader can add."""
    guild = max((count(g.effects) for g in rules.guilds), default=0)
    leader = max((count(ld.effects) for ld in rules.leaders.values()), default=0)

    def with_copies(effects: Sequence[Any]) -> int:
        copied = sum(guild if e.kind == "copy_neighbour_guild" else
                     leader if e.kind == "copy_neighbour_leader" else 0 for e in effects)
        return int(count(effects)) + copied

    held = sum(with_copies(c.effects) for c in rules.cards.values())
    held += sum(with_copies(ld.effects) for ld in rules.leaders.values())
    held += sum(with_copies(t.effects) for t in rules.progress.values())
    boards = [with_copies(w.effects)
              + max((sum(with_copies(st.effects) for st in side.stages)
                     for side in w.sides.values()), default=0)
              for w in rules.wonders.values()]
    if rules.game == "duel":  # a Duel city builds several wonders
        return held + sum(boards)
    return held + max(boards, default=0)


def field_bounds(game: str, chosen: Sequence[str] = ()) -> FieldBounds:
    """The largest number each field of a city screen takes, for a game and expansions."""
    return _field_bounds(game, tuple(sorted(chosen)))


@functools.lru_cache(maxsize=32)
def _field_bounds(game: str, chosen: tuple[str, ...]) -> FieldBounds:
    """Cached: a screen asks on every render."""
    rules = ruleset(game, chosen)
    const = rules.constants
    ages = const.victory_token_by_age
    tokens = {v: ages.count(v) * const.max_players for v in dict.fromkeys(ages)}
    if ages:
        tokens[const.defeat_token] = len(ages) * const.max_players

    def symbol(s: str) -> Any:
        return lambda effects: sum(
            1 for e in effects if e.kind == "science_symbol" and e.symbol == s)

    def wild(effects: Sequence[Any]) -> int:
        return sum(e.count for e in effects if e.kind == "science_wildcard")

    return FieldBounds(
        coins=_table_le(DuelPlayer if game == "duel" else SevenWondersPlayer, "coins"),
        tokens=tokens,
        cubes=const.cubes_per_player if const.chamber_points else 0,
        symbols={s: _most(rules, symbol(s)) for s in science.SYMBOLS},
        wildcards=_most(rules, wild),
    )


# --- paper score pad helpers ---------------------------------------------------------------


@dataclass(frozen=True)
class SciencePoints:
    points: int
    counts: dict[Symbol, int]
    """The symbols after the wildcards were given their best value."""
    sets: int


def science_points(
    compass: int, gear: int, tablet: int, wildcards: int, game: str
) -> SciencePoints:
    """A city's science from its symbols and wildcards, the wildcards placed to score most."""
    set_points = load_ruleset(game, ()).constants.science_set_points
    fixed: dict[Symbol, int] = {"compass": compass, "gear": gear, "tablet": tablet}
    best = science.best(fixed, wildcards, set_points)
    return SciencePoints(science.score(best.counts, set_points), best.counts, best.sets)


def coins_points(coins: int, game: str) -> int:
    """Treasury points for a number of coins."""
    return coins // load_ruleset(game, ()).constants.coins_per_point


def token_values(game: str) -> list[int]:
    """The face values of the conflict tokens of a game: victories by Age, then defeat."""
    const = load_ruleset(game, ()).constants
    if not const.victory_token_by_age:
        return []  # no conflict tokens in this game (Duel: the track instead)
    return [*dict.fromkeys(const.victory_token_by_age), const.defeat_token]


def tokens_points(tokens: Mapping[int, int], game: str) -> int:
    """Military points of conflict tokens given as {face value: count}."""
    allowed = set(token_values(game))
    return sum(value * count for value, count in tokens.items() if value in allowed)


# --- a table that mixes paper totals and detailed cities -----------------------------------


def score_mixed(data: Mapping[str, Any], quick: Mapping[str, Mapping[str, int]]) -> Result:
    """Score a table where some players typed their category totals from a paper pad.

    `quick` maps a player's name to the totals they typed, by category. Those players stay
    in the table as seats (wonder, coins, conflict tokens), so neighbours, the token checks
    and the tie-break see them; a category they typed replaces what the engine found for
    their (cardless) city, the others (treasury and military, from coins and tokens) stay
    the engine's. Ranks and winners are then decided again by the engine's verdict rule."""
    result = score(dict(data))
    if not quick:
        return result
    players: list[PlayerResult] = []
    for p in result.players:
        typed = quick.get(p.name)
        if typed is None:
            players.append(p)
            continue
        categories: dict[Category, int] = {
            c: int(typed[c]) if c in typed else v for c, v in p.categories.items()
        }
        lines = [line for line in p.lines if line.category not in typed]
        lines += [
            Line(
                category=c,
                source="paper score pad",
                points=categories[c],
                why="typed from the paper score pad",
            )
            for c in p.categories
            if c in typed and categories[c]
        ]
        players.append(
            p.model_copy(
                update={
                    "total": sum(categories.values()),
                    "categories": categories,
                    "lines": lines,
                    "choices": {},
                }
            )
        )
    if result.decided_by.startswith("supremacy"):
        return result.model_copy(update={"players": players})
    kind = ruleset(data["game"], data.get("expansions") or ()).constants.tiebreak
    coins = {str(p["name"]): int(p.get("coins", 0)) for p in data["players"]}
    ranked = [
        contender(p.name, p.total, coins.get(p.name, 0), p.categories, kind)
        for p in players
        if not p.free_city
    ]
    verdict = decide(ranked, kind)
    players = [
        p.model_copy(update={"rank": None if p.free_city else verdict.ranks[p.name]})
        for p in players
    ]
    return result.model_copy(
        update={
            "players": players,
            "winners": verdict.winners,
            "decided_by": verdict.decided_by,
            "verdict": verdict.text,
        }
    )


# --- "what would this score for <player>" --------------------------------------------------


@dataclass(frozen=True)
class WhatIf:
    points: int
    """How much the player's total would change."""
    lines: list[Line]
    """The lines of the player's result that name the added thing."""
    problems: list[Problem]
    """Why the table could not hold it (then points is 0)."""


def what_if(data: Mapping[str, Any], player: int, kind: str, name: str) -> WhatIf:
    """What adding a leader (`kind="leader"`) or card (`kind="card"`) to a player's city
    would change in their score, scored by the engine on a copy of the table."""
    table = copy.deepcopy(dict(data))
    seats = table.get("players")
    if not isinstance(seats, list) or not 0 <= player < len(seats):
        return WhatIf(0, [], [Problem(path="players", message=f"no player {player} at this table")])
    try:
        before = score(table).players[player].total
    except TableError as err:
        return WhatIf(0, [], err.problems)
    seat = table["players"][player]
    if kind == "leader":
        expansions_now = list(table.get("expansions", []))
        if "leaders" not in expansions_now:
            table["expansions"] = [*expansions_now, "leaders"]
        seat["leaders"] = [*seat.get("leaders", []), name]
    else:
        seat["cards"] = [*seat.get("cards", []), name]
    try:
        after = score(table).players[player]
    except TableError as err:
        return WhatIf(0, [], err.problems)
    lines = [line for line in after.lines if line.source.startswith(name)]
    return WhatIf(after.total - before, lines, [])


# --- choices the table may leave open ------------------------------------------------------


def choice_options(data: Mapping[str, Any], player: int, result: Result) -> dict[str, list[str]]:
    """For each choice the engine made for a player (Olympia's copied guild, the Courtesan),
    the alternatives the table allows: the neighbours' guilds or leaders."""
    made = result.players[player].choices
    if not made:
        return {}
    rules = ruleset(str(data["game"]), list(data.get("expansions", [])))
    seats = list(data["players"])
    n = len(seats)
    neighbours = [seats[(player - 1) % n], seats[(player + 1) % n]]
    out: dict[str, list[str]] = {}
    if "copied_guild" in made:
        guilds: list[str] = []
        for seat in neighbours:
            for name in seat.get("cards", []):
                card = rules.cards.get(name)
                if card is not None and card.colour == "purple" and card.name not in guilds:
                    guilds.append(card.name)
        out["copied_guild"] = guilds
    if "courtesan" in made:
        leaders: list[str] = []
        for seat in neighbours:
            for name in seat.get("leaders", []):
                leader = rules.leaders.get(name)
                if leader is not None and leader.name not in leaders:
                    leaders.append(leader.name)
        out["courtesan"] = leaders
    return out


# --- running totals while a table is still being entered -----------------------------------

_AT = re.compile(r"^players\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?")


def provisional(
    data: Mapping[str, Any],
    quick: Mapping[str, Mapping[str, int]] | None = None,
) -> list[int | None]:
    """Each player's total so far, for a table that may still be impossible (half entered).

    When the engine accepts the table these are its totals. Otherwise the parts the engine
    names as wrong are set aside (a wrong card or leader, a choice, the conflict tokens when
    they do not balance yet) and the rest is scored by the engine, again until it accepts
    it; conflict tokens set aside count at face value for their own city. A player whose
    seat itself is wrong (no wonder board, say) gets None. Never the final score: the app
    says so while a problem stands."""
    quick = quick or {}
    table = copy.deepcopy(dict(data))
    seats: list[dict[str, Any]] = table.get("players", [])
    unknown: set[int] = set()
    aside: list[int] = [0] * len(seats)
    for _ in range(5):
        try:
            totals = [p.total for p in score_mixed(table, quick).players]
        except TableError as err:
            try:
                mended = _set_aside(table, err.problems, unknown, aside)
            except (ValueError, TypeError, KeyError, AttributeError):
                mended = False  # a seat too malformed to mend (tokens "x", a seat "x")
            if not mended:
                return [None] * len(seats)
            continue
        except (RulesetLoadError, ValueError, KeyError):
            break
        return [None if i in unknown else t + aside[i] for i, t in enumerate(totals)]
    return [None] * len(seats)


def _set_aside(
    table: dict[str, Any], problems: Sequence[Problem], unknown: set[int], aside: list[int]
) -> bool:
    """Remove from `table` what the problems name; False when that is not possible."""
    seats: list[dict[str, Any]] = table.get("players", [])
    game = str(table.get("game", ""))
    drop: dict[tuple[int, str], set[int]] = {}
    tokens = False
    newly_unknown: set[int] = set()
    for p in problems:
        m = _AT.match(p.path)
        if not m:
            if p.path.startswith("supremacy"):
                table.pop("supremacy", None)
                continue
            if p.path == "players" or "token" in p.message:
                tokens = True
                continue
            return False
        i, field_name, k = int(m.group(1)), m.group(2) or "", m.group(3)
        if i >= len(seats):
            return False
        if field_name in ("cards", "leaders", "wonders", "progress") and k is not None:
            drop.setdefault((i, field_name), set()).add(int(k))
        elif field_name in ("choices", "buried", "conquests"):
            seats[i].pop(field_name, None)
        elif field_name == "military":
            tokens = True
        elif i in unknown:
            return False  # a placeholder seat that still fails: give up
        else:
            newly_unknown.add(i)
    for (i, field_name), indices in drop.items():
        seats[i][field_name] = [
            x for n, x in enumerate(seats[i].get(field_name, [])) if n not in indices
        ]
    if newly_unknown and game == "duel":  # a Duel seat needs only its name
        unknown |= newly_unknown
        for i in newly_unknown:
            seats[i] = {"name": seats[i].get("name") or f"?{i}"}
    elif newly_unknown:
        unknown |= newly_unknown
        rules = ruleset(game, list(table.get("expansions", [])))
        used = {
            str(s.get("wonder", {}).get("board", ""))
            for k, s in enumerate(seats)
            if k not in unknown
        }
        spare = [w for w in rules.wonders.names() if w not in used]
        for i in sorted(unknown):
            if not spare:
                return False
            seats[i] = {
                "name": seats[i].get("name") or f"?{i}",
                "wonder": {"board": spare.pop(0), "side": "A", "stages": 0},
            }
    if tokens:
        for i, s in enumerate(seats):
            aside[i] += tokens_points(_counts(s.pop("military", None)), game)
    return True


def _counts(held: object) -> dict[int, int]:
    """Conflict tokens as entered ({"1": 2, "-1": 1}), the well-formed entries only: a token
    typed wrong is named by the engine's problem and counts for nothing meanwhile."""
    if not isinstance(held, dict):
        return {}
    out: dict[int, int] = {}
    for value, n in held.items():
        try:
            out[int(value)] = int(n) if isinstance(n, int) else int(str(n), 10)
        except ValueError:
            continue
    return out
