"""Science: the score of a set of symbols, and the best use of wildcards, computed directly.

The one formula (`score`): each symbol's count squared, plus `set_points` per complete
compass + gear + tablet set (rulebook: 7 per set; Aristotle adds 3).

The best assignment without searching every one. Write x for the fixed counts and A = x + d
for the counts after the w wildcards d. Fix m, the smallest count of A: every symbol must be
raised to at least m (the cheapest way: "level" the ones below m), and the r wildcards left
may go anywhere. The sum of squares is convex, and a convex function on the simplex of the r
left-over wildcards is largest at a corner: all r on one symbol. So the optimum is among
"level to m, the rest on symbol t". As m grows by one, the wildcards it takes come out of
t's pile: within a stretch of m where the same symbols are being levelled, every count is a
linear function of m, so the value (squares: convex; m x set points: linear) is convex in m, and a
convex function on an interval is largest at an end. The ends are the fixed counts and the
highest level the wildcards can reach, so a handful of candidates (levels x symbols),
whatever w is.

Enheduanna (one more of the symbol you have most of, after the wildcards) adds
2 x E x max(A) + E^2 for E such symbols: max is convex too, so the same candidates hold.
Aganice (turn one symbol into another, last) moves the ends by one: the levels one either
side of each end are tried too, and at the highest level two left-over wildcards spread on
two symbols. That part is checked, not proved: `tests/test_properties.py` compares the
result with trying every assignment, up to large wildcard counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import NamedTuple

from scorer.effects import Symbol

SYMBOLS: tuple[Symbol, ...] = ("compass", "gear", "tablet")

Counts = tuple[int, int, int]
"""Compass, gear, tablet."""


def squares(counts: Mapping[Symbol, int]) -> int:
    """Each symbol's count squared, summed."""
    return sum(n * n for n in counts.values())


def sets(counts: Mapping[Symbol, int]) -> int:
    """Complete compass + gear + tablet sets."""
    return min(counts[s] for s in SYMBOLS)


def score(counts: Mapping[Symbol, int], set_points: int) -> int:
    """The one science formula: squares, plus `set_points` per complete set."""
    return squares(counts) + set_points * sets(counts)


class ScienceOutcome(NamedTuple):
    counts: dict[Symbol, int]
    """The final count of each symbol."""
    wildcards: dict[Symbol, int]
    """How many wildcards became each symbol."""
    extra_of_most: tuple[Symbol, ...]
    """The symbol each "one more of your most common symbol" effect added."""
    conversions: tuple[tuple[Symbol, Symbol], ...]
    """Symbols turned into others (from, to), one per conversion effect used."""
    copied: tuple[Symbol | None, ...] = ()
    """The symbol each mask copied from a neighbour's green card (None: nothing to copy);
    already in `counts`."""

    @property
    def sets(self) -> int:
        return sets(self.counts)

    def given(self) -> list[Symbol]:
        """The symbol of each wildcard, in symbol order (compass first)."""
        return [s for s in SYMBOLS for _ in range(self.wildcards[s])]


def best(
    fixed: Mapping[Symbol, int],
    wildcards: int,
    set_points: int,
    extra_of_most: int = 0,
    conversions: int = 0,
) -> ScienceOutcome:
    """The assignment that scores most for `set_points` per complete set. Wildcards come
    first, then each "extra of most" symbol, then each conversion (at most one symbol
    each). Ties keep the first found: fewer changes, then compass, gear, tablet."""
    base: Counts = (fixed["compass"], fixed["gear"], fixed["tablet"])
    if not (wildcards or extra_of_most or conversions):  # nothing to choose
        return ScienceOutcome(dict(fixed), dict.fromkeys(SYMBOLS, 0), (), ())
    found: tuple[int, Counts, Counts, tuple[int, ...], tuple[tuple[int, int], ...]] | None = None
    for counts in candidates(base, wildcards, conversions):
        if not (extra_of_most or conversions):  # wildcards alone: the candidate is final
            value = _value(counts, set_points)
            if found is None or value > found[0]:
                found = (value, counts, counts, (), ())
            continue
        for final, extras, moves in _finishes(counts, extra_of_most, conversions):
            value = _value(final, set_points)
            if found is None or value > found[0]:
                found = (value, final, counts, extras, moves)
    assert found is not None
    _, final, counts, extras, moves = found
    return ScienceOutcome(
        dict(zip(SYMBOLS, final, strict=True)),
        {s: counts[i] - base[i] for i, s in enumerate(SYMBOLS)},
        tuple(SYMBOLS[i] for i in extras),
        tuple((SYMBOLS[a], SYMBOLS[b]) for a, b in moves),
    )


def _value(counts: Counts, set_points: int) -> int:
    return counts[0] ** 2 + counts[1] ** 2 + counts[2] ** 2 + set_points * min(counts)


def highest_level(fixed: Counts, wildcards: int) -> int:
    """The highest m such that raising every count below m to m takes at most `wildcards`."""
    lo, mid, hi = sorted(fixed)
    if wildcards >= (hi - lo) + (hi - mid):
        return hi + (wildcards - (hi - lo) - (hi - mid)) // 3
    if wildcards >= mid - lo:
        return mid + (wildcards - (mid - lo)) // 2
    return lo + wildcards


def candidates(fixed: Counts, wildcards: int, shifts: int) -> list[Counts]:
    """The counts after the wildcards that can be best (module docstring): level to m, then
    the rest on one symbol; m is the lowest count, a fixed count or the highest level, and
    with conversions after the wildcards (`shifts`) each of those give or take `shifts` + 1.
    At the highest level, two wildcards left over may also go one each on two symbols."""
    if wildcards == 0:
        return [fixed]
    top = highest_level(fixed, wildcards)
    lo = min(fixed)
    ends = {lo, top, *fixed}
    near = {m + k for m in ends for k in range(-shifts - 1, shifts + 2)} if shifts else ends
    levels = sorted(m for m in near if lo <= m <= top)
    out: dict[Counts, None] = {}  # ordered and without repeats
    a, b, c = fixed
    for m in levels:
        ra, rb, rc = max(a, m), max(b, m), max(c, m)
        rest = wildcards - (ra - a) - (rb - b) - (rc - c)
        # the rest piled on each symbol in turn
        out[ra + rest, rb, rc] = None
        out[ra, rb + rest, rc] = None
        out[ra, rb, rc + rest] = None
        if m == top and rest == 2:  # two left over: one each on two symbols
            out[ra, rb + 1, rc + 1] = None
            out[ra + 1, rb, rc + 1] = None
            out[ra + 1, rb + 1, rc] = None
    return list(out)


def _counts(values: list[int]) -> Counts:
    return values[0], values[1], values[2]


def _finishes(
    counts: Counts, extras: int, conversions: int
) -> Iterator[tuple[Counts, tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """Every way the "extra of most" symbols and the conversions can end (no conversion
    first: a conversion is used only when it scores more)."""
    grown: list[tuple[Counts, tuple[int, ...]]] = [(counts, ())]
    for _ in range(extras):
        nxt = []
        for c, added in grown:
            top = max(c)
            for i in range(3):
                if c[i] == top:
                    bumped = list(c)
                    bumped[i] += 1
                    nxt.append((_counts(bumped), (*added, i)))
        grown = nxt
    for c, added in grown:
        ends: list[tuple[Counts, tuple[tuple[int, int], ...]]] = [(c, ())]
        last = ends
        for _ in range(conversions):  # each conversion turns one symbol held, or none
            last = [
                (_move(e, a, b), (*moves, (a, b)))
                for e, moves in last
                for a, b in _MOVES
                if e[a] > 0
            ]
            ends = ends + last
        for e, moves in ends:
            yield e, added, moves


def _move(counts: Counts, a: int, b: int) -> Counts:
    """One symbol `a` turned into a `b`."""
    moved = list(counts)
    moved[a] -= 1
    moved[b] += 1
    return _counts(moved)


_MOVES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(3) for b in range(3) if a != b)
