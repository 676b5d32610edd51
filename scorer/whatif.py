"""What a leader or card would score for a player on the current table, and the
alternatives to a choice the engine made: the rules screen's questions."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scorer.api import assess
from scorer.facts import expansion_with_leader, ruleset
from scorer.i18n import _
from scorer.problems import Problem, problem
from scorer.result import Line, Result


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


def choice_options(data: Mapping[str, Any], player: int, result: Result) -> dict[str, list[str]]:
    """For each choice the engine made for a player (Olympia's copied guild, the Courtesan,
    the neighbour's stage Manneken Pis A's third copied), the alternatives the table allows:
    the neighbours' guilds, leaders or wonders."""
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
            for card in rules.cards.get_all(seat.get("cards", [])):
                if card is not None and card.is_guild and card.name not in guilds:
                    guilds.append(card.name)
        out["copied_guild"] = guilds
    if "courtesan" in made:
        leaders: list[str] = []
        for seat in neighbours:
            for leader in rules.leaders.get_all(seat.get("leaders", [])):
                if leader is not None and leader.name not in leaders:
                    leaders.append(leader.name)
        out["courtesan"] = leaders
    if "copied_stage" in made:
        wonders: list[str] = []
        for seat in neighbours:
            wonder = rules.wonders.get(str((seat.get("wonder") or {}).get("board", "")))
            if wonder is not None and wonder.name not in wonders:
                wonders.append(wonder.name)
        out["copied_stage"] = wonders
    return out
