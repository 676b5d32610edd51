"""7 Wonders Duel scoring flow: the things in a city go through the one interpreter
(`engine.apply`); the track, the treasury, the Senate and the supremacies are the Duel
rules around it, with every number taken from the ruleset's constants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scorer.board import Board, City
from scorer.effects import BuriedLeaderCost
from scorer.engine import CityScore, Tally, add_treasury, apply_all, city_score, sources
from scorer.result import DecidedBy
from scorer.ruleset import Ruleset

SupremacyKind = Literal["military", "science", "political"]
SUPREMACY_KINDS: tuple[SupremacyKind, ...] = ("military", "science", "political")
LABEL: dict[SupremacyKind, str] = {
    "military": "Military Supremacy",
    "science": "Scientific Supremacy",
    "political": "Political Supremacy",
}
DECIDED_BY: dict[SupremacyKind, DecidedBy] = {
    "military": "supremacy:military",
    "science": "supremacy:science",
    "political": "supremacy:political",
}


@dataclass(frozen=True)
class Supremacy:
    """A game that ended early: who won, how, and whether the table said so."""

    kind: SupremacyKind
    winner: int
    """Index of the winning city."""
    reason: str
    declared: bool
    """True when the table's `supremacy` field said so; False when read from the state."""


def burying_wonders(rules: Ruleset) -> list[str]:
    """The wonders a leader can be buried under (Duel Leaders: Abu Simbel), by their effect."""
    return [
        w.name
        for w in rules.wonders.values()
        if any(isinstance(e, BuriedLeaderCost) for e in w.effects)
    ]


def tally(board: Board, city: City) -> Tally:
    """The city's effects through the one interpreter."""
    result = Tally()
    apply_all(sources(board, city), city, board, result)
    return result


def symbols(board: Board, city: City) -> list[str]:
    """The different science symbols the city shows (Law included), sorted."""
    return sorted(s for s, n in tally(board, city).symbols.items() if n)


def controlled(board: Board, city: City) -> list[int]:
    """Chambers (0-based) where the city has strictly more cubes than its opponent."""
    theirs = board.neighbour(city, "opponent").influence  # one count per Chamber, 0 included
    return [i for i, (a, b) in enumerate(zip(city.influence, theirs, strict=True)) if a > b]


def ahead(board: Board) -> tuple[City, int] | None:
    """The city the pawn stands away from, and the distance; None at the centre."""
    track = board.track
    if track is None or track.toward is None or track.spaces == 0:
        return None
    return board.cities[1 - track.toward], track.spaces


def conquests_implied(board: Board, city: City) -> int:
    """Military tokens the city must have taken, given where the pawn stands now."""
    lead = ahead(board)
    if lead is None or lead[0] is not city:
        return 0
    return sum(1 for s in board.ruleset.constants.military_token_spaces if lead[1] >= s)


def supremacies(board: Board) -> list[Supremacy]:
    """Every supremacy the state shows, in rulebook order (military, science, political)."""
    const = board.ruleset.constants
    found: list[Supremacy] = []
    lead = ahead(board)
    if lead is not None and lead[1] >= const.supremacy_space:
        loser = board.neighbour(lead[0], "opponent")
        found.append(
            Supremacy(
                "military",
                lead[0].index,
                f"the Conflict pawn reached {loser.name}'s capital",
                False,
            )
        )
    for city in board.cities:
        have = symbols(board, city)
        if len(have) >= const.science_supremacy_symbols:
            found.append(
                Supremacy(
                    "science",
                    city.index,
                    f"{city.name} has {len(have)} different science symbols "
                    f"({', '.join(s.replace('_', ' ') for s in have)})",
                    False,
                )
            )
    if const.chamber_points:
        for city in board.cities:
            if len(controlled(board, city)) == len(const.chamber_points):
                found.append(
                    Supremacy(
                        "political",
                        city.index,
                        f"{city.name} controls all {len(const.chamber_points)} Chambers",
                        False,
                    )
                )
    return found


def _military(board: Board, city: City, result: Tally) -> None:
    lead = ahead(board)
    if lead is None or lead[0] is not city:
        return
    spaces = lead[1]
    zones = sorted(board.ruleset.constants.military_zones, key=lambda z: z.first)
    reached = [z for z in zones if spaces >= z.first]
    if not reached:
        return
    zone = reached[-1]
    following = [z.first for z in zones if z.first > zone.first]
    last = (following[0] if following else board.ruleset.constants.supremacy_space) - 1
    loser = board.neighbour(city, "opponent")
    result.add(
        "military",
        "military track",
        zone.points,
        f"pawn {spaces} space(s) toward {loser.name}'s capital: zone "
        f"{zone.first}-{last} = {zone.points} VP",
    )


def _senate(board: Board, city: City, result: Tally) -> None:
    points = board.ruleset.constants.chamber_points
    theirs = board.neighbour(city, "opponent").influence
    for i in controlled(board, city):
        result.add(
            "senate",
            f"Chamber {i + 1}",
            points[i],
            f"controlled ({city.influence[i]} cubes to {theirs[i]}): {points[i]} VP",
        )


def score_city(board: Board, city: City) -> CityScore:
    """Every row of the Duel score pad for one city."""
    const = board.ruleset.constants
    result = tally(board, city)
    _military(board, city, result)
    add_treasury(city, result, const.coins_per_point)
    if const.chamber_points:
        _senate(board, city, result)
    return city_score(result, const.categories, {})
