"""Ranks and the winner under the official tie-break, with the reason in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorer.result import DecidedBy
from scorer.ruleset import Category, TieBreak

TIEBREAKS: dict[TieBreak, tuple[DecidedBy, str]] = {
    "coins": ("tiebreak:coins", "coins"),
    "civilian": ("tiebreak:civilian", "civilian (blue card) VP"),
}
"""Each tie-break of the rulesets' `tiebreak`: how the result names it, and its unit."""


@dataclass(frozen=True)
class Contender:
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


@dataclass(frozen=True)
class Verdict:
    ranks: dict[str, int]
    winners: list[str]
    decided_by: DecidedBy
    text: str


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def decide(contenders: Sequence[Contender], kind: TieBreak) -> Verdict:
    """Highest total wins; tied totals go to the higher tie-break value; still tied, the
    victory is shared. Tied players share a rank (1, 1, 3)."""
    tiebreak, unit = TIEBREAKS[kind]
    key = {c.name: (c.total, c.tiebreak) for c in contenders}
    ranks = {
        c.name: 1 + sum(1 for o in contenders if key[o.name] > key[c.name]) for c in contenders
    }
    top = max(c.total for c in contenders)
    leaders = [c for c in contenders if c.total == top]
    if len(leaders) == 1:
        w = leaders[0]
        return Verdict(ranks, [w.name], "points", f"{w.name} wins with {w.total} points.")
    best = max(c.tiebreak for c in leaders)
    winners = [c for c in leaders if c.tiebreak == best]
    tied = _names([c.name for c in leaders])
    if len(winners) == 1:
        w = winners[0]
        others = " and ".join(str(c.tiebreak) for c in leaders if c is not w)
        return Verdict(
            ranks,
            [w.name],
            tiebreak,
            f"{tied} tie on {top} points; {w.name} wins with {best} {unit} to {others}.",
        )
    names = [c.name for c in winners]
    if len(winners) == len(leaders):
        why = f"{tied} tie on {top} points and {best} {unit}"
    else:
        behind = ", ".join(f"{c.name} {c.tiebreak}" for c in leaders if c not in winners)
        why = f"{tied} tie on {top} points; {_names(names)} tie on {best} {unit} ({behind})"
    return Verdict(ranks, names, "shared", f"{why}: {_names(names)} share the victory.")


def by_supremacy(
    names: Sequence[str], winner: str, decided_by: DecidedBy, how: str, reason: str
) -> Verdict:
    """A supremacy wins whatever the points (Duel): the winner ranks 1, the other 2."""
    ranks = {n: 1 if n == winner else 2 for n in names}
    return Verdict(
        ranks,
        [winner],
        decided_by,
        f"{winner} wins by {how}: {reason}; the points are not compared.",
    )
