"""Science: the best use of wildcards, found by exact search over every assignment."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from scorer.effects import Symbol

SYMBOLS: tuple[Symbol, ...] = ("compass", "gear", "tablet")


@dataclass(frozen=True)
class ScienceOutcome:
    counts: dict[Symbol, int]
    wildcards: tuple[Symbol, ...]
    """The symbol given to each wildcard, in the order the wildcards were listed."""
    extra_of_most: tuple[Symbol, ...]
    """The symbol each "one more of your most common symbol" effect added."""
    conversion: tuple[Symbol, Symbol] | None
    """A symbol turned into another (from, to), if a conversion effect was used."""

    @property
    def sets(self) -> int:
        return min(self.counts.values())

    def squares(self) -> int:
        return sum(n * n for n in self.counts.values())


def score(counts: dict[Symbol, int], set_points: int) -> int:
    return sum(n * n for n in counts.values()) + set_points * min(counts.values())


def best(
    fixed: dict[Symbol, int],
    wildcards: int,
    set_points: int,
    extra_of_most: int = 0,
    conversions: int = 0,
) -> ScienceOutcome:
    """The assignment that scores most for `set_points` per complete set. Wildcards come
    first, then each "extra of most" symbol, then at most one conversion per effect; every
    combination is tried, so the result is the true optimum. Ties keep the first found,
    which prefers compass, then gear, then tablet."""
    key = tuple(fixed[s] for s in SYMBOLS)
    return _best(key, wildcards, set_points, extra_of_most, conversions)


@lru_cache(maxsize=1024)
def _best(
    key: tuple[int, ...], wildcards: int, set_points: int, extra_of_most: int, conversions: int
) -> ScienceOutcome:
    """Cached: the same few symbol counts recur across cities and choices."""
    fixed: dict[Symbol, int] = dict(zip(SYMBOLS, key, strict=True))
    best_outcome: ScienceOutcome | None = None
    best_score = -1
    for assignment in combinations_with_replacement(SYMBOLS, wildcards):
        counts = dict(fixed)
        for symbol in assignment:
            counts[symbol] += 1
        for outcome in _after_extras(counts, assignment, extra_of_most, conversions):
            value = score(outcome.counts, set_points)
            if value > best_score:
                best_outcome, best_score = outcome, value
    assert best_outcome is not None
    return best_outcome


def _after_extras(
    counts: dict[Symbol, int], wildcards: Sequence[Symbol], extras: int, conversions: int
) -> list[ScienceOutcome]:
    outcomes = [ScienceOutcome(counts, tuple(wildcards), (), None)]
    for _ in range(extras):
        grown = []
        for o in outcomes:
            top = max(o.counts.values())
            for symbol in SYMBOLS:
                if o.counts[symbol] == top:
                    c = dict(o.counts)
                    c[symbol] += 1
                    grown.append(ScienceOutcome(c, o.wildcards, (*o.extra_of_most, symbol), None))
        outcomes = grown
    if conversions:
        converted = list(outcomes)
        for o in outcomes:
            for src in SYMBOLS:
                for dst in SYMBOLS:
                    if src != dst and o.counts[src] > 0:
                        c = dict(o.counts)
                        c[src] -= 1
                        c[dst] += 1
                        converted.append(
                            ScienceOutcome(c, o.wildcards, o.extra_of_most, (src, dst))
                        )
        outcomes = converted
    return outcomes
