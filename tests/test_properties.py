"""Laws the scoring must obey whatever the table (hypothesis)."""

from __future__ import annotations

import copy
from itertools import product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import TableError, load_ruleset, score
from scorer.effects import Symbol
from scorer.science import SYMBOLS, best
from tests.strategies import seven_wonders_tables


def brute_force(fixed: dict[Symbol, int], wildcards: int, set_points: int) -> int:
    """Every ordered assignment of every wildcard: the plain definition of the optimum."""
    top = 0
    for assignment in product(SYMBOLS, repeat=wildcards):
        counts = dict(fixed)
        for s in assignment:
            counts[s] += 1
        value = sum(n * n for n in counts.values()) + set_points * min(counts.values())
        top = max(top, value)
    return top


@given(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5)),
    st.integers(0, 3),
    st.sampled_from([7, 10, 13]),
)
def test_science_search_equals_brute_force(
    counts: tuple[int, int, int], wildcards: int, set_points: int
) -> None:
    fixed: dict[Symbol, int] = dict(zip(SYMBOLS, counts, strict=True))
    outcome = best(fixed, wildcards, set_points)
    found = outcome.squares() + set_points * outcome.sets
    assert found == brute_force(fixed, wildcards, set_points)
    assert sum(outcome.counts.values()) == sum(counts) + wildcards


@settings(max_examples=60, deadline=None)
@given(seven_wonders_tables())
def test_total_is_the_sum_of_the_categories(table: dict[str, Any]) -> None:
    result = score(table)
    rules = load_ruleset(table["game"], tuple(table["expansions"]))
    for player in result.players:
        assert list(player.categories) == list(rules.constants.categories)
        assert player.total == sum(player.categories.values())
        assert player.total == sum(line.points for line in player.lines)


@settings(max_examples=60, deadline=None)
@given(seven_wonders_tables(), st.data())
def test_adding_a_blue_card_never_lowers_a_total(
    table: dict[str, Any], data: st.DataObject
) -> None:
    rules = load_ruleset(table["game"], tuple(table["expansions"]))
    n = len(table["players"])
    placed = [c for p in table["players"] for c in p["cards"]]
    free_blue = [
        card.name
        for card in rules.cards.values()
        if card.colour == "blue" and placed.count(card.name) < sum(1 for m in card.copies if m <= n)
    ]
    who = data.draw(st.integers(0, n - 1))
    candidates = [b for b in free_blue if b not in table["players"][who]["cards"]]
    if not candidates:
        return
    before = score(table).players[who].total
    grown = copy.deepcopy(table)
    grown["players"][who]["cards"].append(data.draw(st.sampled_from(candidates)))
    try:
        after = score(grown).players[who].total
    except TableError as err:  # pragma: no cover - the strategy only builds legal tables
        raise AssertionError(err.problems) from err
    assert after >= before
