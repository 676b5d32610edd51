"""7 Wonders Duel scoring flow: the things in a city go through the one interpreter
(`engine.apply`); the track, the treasury, the Senate and the supremacies are the Duel
rules around it, with every number taken from the ruleset's constants."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal, NamedTuple

from scorer.board import Board, City
from scorer.effects import BuriedLeaderCost, SnakeSymbol
from scorer.engine import CityScore, Tally, add_treasury, apply_all, city_score, sources
from scorer.i18n import N_, _, all_of, ngettext
from scorer.result import DecidedBy
from scorer.ruleset import Ruleset, symbol_word
from scorer.words import says

SupremacyKind = Literal["military", "science", "political"]
SUPREMACY_KINDS: tuple[SupremacyKind, ...] = ("military", "science", "political")
LABEL: dict[SupremacyKind, str] = {
    "military": N_("Military Supremacy"),
    "science": N_("Scientific Supremacy"),
    "political": N_("Political Supremacy"),
}
"""The supremacies' names in the catalogue's source language; `translated` where shown."""
DECIDED_BY: dict[SupremacyKind, DecidedBy] = {
    "military": "supremacy:military",
    "science": "supremacy:science",
    "political": "supremacy:political",
}


class Supremacy(NamedTuple):
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


def buried_cost_factor(rules: Ruleset) -> int:
    """How many times its coin cost a buried leader is worth (0: no wonder buries one)."""
    return next((e.factor for w in rules.wonders.values() for e in w.effects
                 if isinstance(e, BuriedLeaderCost)), 0)


def tally(board: Board, city: City) -> Tally:
    """The city's effects through the one interpreter."""
    result = Tally()
    apply_all(sources(board, city), city, board, result)
    return result


def symbol_words(rules: Ruleset, symbols: Sequence[str]) -> str:
    """Science symbols in the reader's words, as a list: "globe, law, wheel"."""
    return ", ".join(symbol_word(rules, s) for s in symbols)


def symbols(effects: Tally) -> list[str]:
    """The different science symbols a city's effects show (Law included), sorted."""
    return sorted(s for s, n in effects.symbols.items() if n)


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


def supremacies(board: Board, tallies: Sequence[Tally]) -> list[Supremacy]:
    """Every supremacy the state shows, in rulebook order (military, science, political);
    `tallies` are the cities' effects, worked out once for the checks and the scores."""
    const = board.ruleset.constants
    found: list[Supremacy] = []
    lead = ahead(board)
    if lead is not None and lead[1] >= const.supremacy_space:
        loser = board.neighbour(lead[0], "opponent")
        found.append(
            Supremacy(
                "military",
                lead[0].index,
                _("the Conflict pawn reached {name}'s capital").format(name=loser.name),
                False,
            )
        )
    for city in board.cities:
        have = symbols(tallies[city.index])
        # a leader that can take a symbol away from what the cards show (Ptolemy: a card
        # counts an earlier one's): the state shows a supremacy only with one more symbol
        # for each (else a claim decides: `contradiction` takes it as made)
        reduced = sum(1 for ld in city.leaders_ever if ld.name in const.science_reduced_by)
        if len(have) >= const.science_supremacy_symbols + reduced:
            found.append(
                Supremacy(
                    "science",
                    city.index,
                    _("{name} has {count} different science symbols ({symbols})").format(
                        name=city.name, count=len(have), symbols=symbol_words(board.ruleset, have)
                    ),
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
                        _("{name} controls all {count} Chambers").format(
                            name=city.name, count=len(const.chamber_points)
                        ),
                        False,
                    )
                )
    return found


def contradiction(board: Board, city: City, effects: Tally, kind: SupremacyKind) -> str | None:
    """Why the state contradicts a claimed supremacy for `city`, or None if it cannot tell
    (a leader changed a science symbol: the cards no longer show them)."""
    const = board.ruleset.constants
    opponent = board.neighbour(city, "opponent")
    if kind == "military":
        track = board.track
        if track is None or track.toward is None or not track.spaces:
            text = _(
                "Military Supremacy for {name} needs the pawn on space {space} toward "
                "{opponent}'s capital; it is at the centre"
            )
        else:
            text = ngettext(
                "Military Supremacy for {name} needs the pawn on space {space} toward "
                "{opponent}'s capital; it is {count} space toward {toward}'s capital",
                "Military Supremacy for {name} needs the pawn on space {space} toward "
                "{opponent}'s capital; it is {count} spaces toward {toward}'s capital",
                track.spaces,
            )
        return text.format(
            name=city.name,
            space=const.supremacy_space,
            opponent=opponent.name,
            count=track.spaces if track is not None else 0,
            toward=board.cities[track.toward].name
            if track is not None and track.toward is not None
            else "",
        )
    if kind == "science":
        if city.on_paper or any(ld.name in const.science_changed_by for ld in city.leaders_ever):
            return None  # its cards are not known, or no longer show the symbols
        if city.snake is None and any(
            isinstance(e, SnakeSymbol) for d in city.divinities for e in d.effects
        ):
            return None  # Nisaba's symbol is the Snake's card's, which the table does not say
        have = symbols(effects)
        if have:
            text = _(
                "Scientific Supremacy for {name} needs {need} different science symbols; the "
                "city shows {count} ({symbols})"
            )
        else:
            text = _(
                "Scientific Supremacy for {name} needs {need} different science symbols; the "
                "city shows {count}"
            )
        return text.format(
            name=city.name,
            need=const.science_supremacy_symbols,
            count=len(have),
            symbols=symbol_words(board.ruleset, have),
        )
    if not const.chamber_points:
        return _("Political Supremacy belongs to the Agora expansion; add it to the expansions")
    held = [i + 1 for i in controlled(board, city)]
    if held:
        text = ngettext(
            "Political Supremacy for {name} needs all {count} Chambers; the influence gives "
            "{name} Chamber {chambers}",
            "Political Supremacy for {name} needs all {count} Chambers; the influence gives "
            "{name} Chambers {chambers}",
            len(held),
        )
    else:
        text = _(
            "Political Supremacy for {name} needs all {count} Chambers; the influence gives "
            "{name} none"
        )
    return text.format(
        name=city.name, count=len(const.chamber_points), chambers=all_of(map(str, held))
    )


def _military(board: Board, city: City, result: Tally) -> None:
    lead = ahead(board)
    if lead is None or lead[0] is not city:
        return
    spaces = lead[1]
    capital = board.ruleset.constants.supremacy_space
    if capital and spaces >= capital:  # Military Supremacy: the game ended, no VP (§1.1)
        return
    zones = sorted(board.ruleset.constants.military_zones, key=lambda z: z.first)
    reached = [z for z in zones if spaces >= z.first]
    if not reached:
        return
    zone = reached[-1]
    following = [z.first for z in zones if z.first > zone.first]
    last = (following[0] if following else capital) - 1
    loser = board.neighbour(city, "opponent")
    why = says(
        "pawn", count=spaces, name=loser.name, first=zone.first, last=last, points=zone.points
    )
    result.add("military", MILITARY_TRACK, zone.points, why)


MILITARY_TRACK = says("military-track")


def _senate(board: Board, city: City, result: Tally) -> None:
    points = board.ruleset.constants.chamber_points
    theirs = board.neighbour(city, "opponent").influence
    for i in controlled(board, city):
        result.add(
            "senate",
            says("chamber", number=i + 1),
            points[i],
            says("chamber-control", mine=city.influence[i], theirs=theirs[i], points=points[i]),
        )


def score_city(board: Board, city: City, effects: Tally) -> CityScore:
    """Every row of the Duel score pad for one city, from its effects' tally."""
    const = board.ruleset.constants
    result = dataclasses.replace(effects, lines=list(effects.lines))  # the checks read it as is
    _military(board, city, result)
    add_treasury(city, result, const.coins_per_point)
    if const.chamber_points:
        _senate(board, city, result)
    return city_score(result, const.categories, {})
