"""Ranks and the winner under the official tie-break, with the reason in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorer.board import City
from scorer.engine import CityScore
from scorer.i18n import _, all_of, ngettext
from scorer.result import DecidedBy
from scorer.ruleset import Category, Ruleset, TieBreak, tiebreak_amount

TIEBREAKS: dict[TieBreak, DecidedBy] = {
    "coins": "tiebreak:coins",
    "civilian": "tiebreak:civilian",
}
"""Each tie-break of the rulesets' `tiebreak`: how the result names it."""


def _points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


class Contender(NamedTuple):
    name: str
    total: int
    tiebreak: int
    """The value the tie-break compares (coins in 7 Wonders, civilian VP in Duel)."""


def contender(
    name: str, total: int, coins: int, categories: Mapping[Category, int], tiebreak: TieBreak
) -> Contender:
    """A city in the ranking, with the value its game's tie-break compares."""
    value = coins if tiebreak == "coins" else categories.get("civilian", 0)
    return Contender(name, total, value)


class Verdict(NamedTuple):
    ranks: dict[str, int]
    winners: list[str]
    decided_by: DecidedBy
    text: str


def decide(contenders: Sequence[Contender], rules: Ruleset) -> Verdict:
    """Highest total wins; tied totals go to the higher tie-break value (the ruleset's
    `tiebreak`, counted in its `tiebreak_unit`); still tied, the victory is shared. Tied
    players share a rank (1, 1, 3)."""
    tiebreak = TIEBREAKS[rules.constants.tiebreak]
    key = {c.name: (c.total, c.tiebreak) for c in contenders}
    # a rank is 1 + how many are strictly ahead: the first place of its key, best first
    ahead = sorted([key[c.name] for c in contenders], reverse=True)
    ranks = {c.name: 1 + ahead.index(key[c.name]) for c in contenders}
    top = max(c.total for c in contenders)
    leaders = [c for c in contenders if c.total == top]
    if len(leaders) == 1:
        w = leaders[0]
        text = ngettext(
            "{name} wins with {count} point.", "{name} wins with {count} points.", w.total
        )
        return Verdict(ranks, [w.name], "points", text.format(name=w.name, count=w.total))
    best = max(c.tiebreak for c in leaders)
    winners = [c for c in leaders if c.tiebreak == best]
    tied = all_of([c.name for c in leaders])
    if len(winners) == 1:
        w = winners[0]
        others = all_of([str(c.tiebreak) for c in leaders if c is not w])
        text = _("{tied} tie on {points}; {winner} wins with {tiebreak} to {others}.").format(
            tied=tied,
            points=_points(top),
            winner=w.name,
            tiebreak=tiebreak_amount(rules, best),
            others=others,
        )
        return Verdict(ranks, [w.name], tiebreak, text)
    names = [c.name for c in winners]
    if len(winners) == len(leaders):
        text = _("{tied} tie on {points} and {tiebreak}: {winners} share the victory.")
        behind = ""
    else:
        text = _(
            "{tied} tie on {points}; {winners} tie on {tiebreak} ({behind}): {winners} share "
            "the victory."
        )
        behind = ", ".join(f"{c.name} {c.tiebreak}" for c in leaders if c not in winners)
    message = text.format(
        tied=tied,
        points=_points(top),
        tiebreak=tiebreak_amount(rules, best),
        winners=all_of(names),
        behind=behind,
    )
    return Verdict(ranks, names, "shared", message)


def by_supremacy(
    names: Sequence[str],
    winner: str,
    decided_by: DecidedBy,
    how: str,
    reason: str,
    declared: bool = True,
) -> Verdict:
    """A supremacy wins whatever the points (Duel): the winner ranks 1, the other 2.
    `declared` False: the cities show it, nobody said the game ended on it (said as what the
    cities show: no word of files or fields reaches a player)."""
    ranks = {n: 1 if n == winner else 2 for n in names}
    if declared:
        text = _("{winner} wins by {supremacy}: {reason}; the points are not compared.")
    else:
        text = _(
            "{winner} wins by {supremacy}: {reason}, as the cities show; the points are not "
            "compared."
        )
    return Verdict(
        ranks, [winner], decided_by, text.format(winner=winner, supremacy=how, reason=reason)
    )


def ranked(cities: Sequence[City], scores: Sequence[CityScore], rules: Ruleset) -> Verdict:
    """Most points, then the game's tie-break (the ruleset's `tiebreak`); the Free City is
    never ranked. Every game's verdict without a supremacy."""
    kind = rules.constants.tiebreak
    return decide(
        [
            contender(c.name, s.total, c.coins, s.categories, kind)
            for c, s in zip(cities, scores, strict=True)
            if not c.free_city
        ],
        rules,
    )
