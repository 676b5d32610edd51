"""What a leader or card would score for a player on the current table, and the
alternatives to a choice the engine made: the rules screen's questions."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scorer.api import assess
from scorer.facts import expansion_with_leader, ruleset
from scorer.i18n import _
from scorer.problems import Problem, problem
from scorer.result import Line, Result
from scorer.ruleset import Card, Leader


@dataclass(frozen=True)
class WhatIf:
    points: int
    """How much the player's total would change."""
    lines: list[Line]
    """The lines of the player's result that name the added thing."""
    problems: list[Problem]
    """Why the table could not hold it (then points is 0)."""


def what_if(
    data: Mapping[str, Any], player: int, kind: Literal["card", "leader"], name: str
) -> WhatIf:
    """What adding a leader or card to a player's city would change in their score,
    scored by the engine on a copy of the table."""
    table = copy.deepcopy(dict(data))
    seats = table.get("players")
    if not isinstance(seats, list) or not 0 <= player < len(seats):
        return WhatIf(
            0,
            [],
            [
                problem(
                    "unknown-player", _("no player {number} at this table").format(number=player)
                )
            ],
        )
    before = assess(table)
    if before.result is None:
        return WhatIf(0, [], before.problems)
    seat = table["players"][player]
    if kind == "leader":
        needed = expansion_with_leader(str(table.get("game")), name)
        listed = list(table.get("expansions", []))
        if needed is not None and needed not in listed:
            table["expansions"] = [*listed, needed]
        seat["leaders"] = [*seat.get("leaders", []), name]
    else:
        seat["cards"] = [*seat.get("cards", []), name]
    after = assess(table)
    if after.result is None:
        return WhatIf(0, [], after.problems)
    mine = after.result.players[player]
    lines = [line for line in mine.lines if _names(line, name)]
    return WhatIf(mine.total - before.result.players[player].total, lines, [])


def _names(line: Line, name: str) -> bool:
    """Whether the line's source is the thing `name` (itself, a copy of it, or buried)."""
    source = line.source_message
    return name in (source.get("name"), source.get("leader"))


UNSEEN_CHOICE = {"guild": "copied_guild", "leader": "courtesan"}
"""The table's choice that names what a `copy-unseen` line's copy could not see."""


def _named(found: Iterable[Iterable[Card | Leader | None]]) -> list[str]:
    """The names of what was found, each once, in order (a name the game has not: left out)."""
    out: list[str] = []
    for things in found:
        out += [t.name for t in things if t is not None and t.name not in out]
    return out


def choice_options(data: Mapping[str, Any], player: int, result: Result) -> dict[str, list[str]]:
    """For each choice the engine made for a player (Olympia's copied guild, the Courtesan,
    the neighbour's stage Manneken Pis A's third copied), or could not make beside a
    neighbour who counted on paper (a `copy-unseen` line), the alternatives the table
    allows: the neighbours' guilds, leaders or wonders; beside a paper neighbour, every one
    of the game that no city entered card by card holds (a review: the app could not name
    the paper neighbour's guild at all)."""
    mine = result.players[player]
    made = set(mine.choices) | {
        UNSEEN_CHOICE[str(line.why_message.get("what"))] for line in mine.lines
        if line.why_message.get("id") == "copy-unseen"}
    return options_of(data, player, made)


def options_of(data: Mapping[str, Any], player: int, made: Iterable[str]
               ) -> dict[str, list[str]]:
    """The alternatives the table allows for each of the player's choices named in `made`
    (`choice_options`; also where the engine gave no result: the choices the table holds,
    so that a refused one can be changed to another, not only let go)."""
    made = set(made)
    if not made:
        return {}
    rules = ruleset(str(data["game"]), list(data.get("expansions", [])))
    seats = list(data["players"])
    n = len(seats)
    neighbours = [seats[(player - 1) % n], seats[(player + 1) % n]]
    on_paper = any(isinstance(seat.get("paper"), dict) for seat in neighbours)
    known = [seat for seat in seats if not isinstance(seat.get("paper"), dict)]
    out: dict[str, list[str]] = {}
    if "copied_guild" in made:
        guilds = _named(rules.cards.get_all(seat.get("cards", [])) for seat in neighbours)
        if on_paper:
            held = _named(rules.cards.get_all(seat.get("cards", [])) for seat in known)
            guilds += [g.name for g in rules.guilds if g.name not in held + guilds]
        out["copied_guild"] = [g for g in guilds if (c := rules.cards.get(g)) and c.is_guild]
    if "courtesan" in made:
        leaders = _named(rules.leaders.get_all(seat.get("leaders", [])) for seat in neighbours)
        if on_paper:
            held = _named(rules.leaders.get_all(seat.get("leaders", [])) for seat in known)
            leaders += [ld.name for ld in rules.leaders.values()
                        if ld.name not in held + leaders]
        out["courtesan"] = leaders
    if "copied_stage" in made:
        wonders: list[str] = []
        for seat in neighbours:
            wonder = rules.wonders.get(str((seat.get("wonder") or {}).get("board", "")))
            if wonder is not None and wonder.name not in wonders:
                wonders.append(wonder.name)
        out["copied_stage"] = wonders
    return out
