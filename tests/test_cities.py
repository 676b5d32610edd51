"""Cities: laws of the conflicts when some cities sit an Age out with diplomacy (hypothesis),
and a mask never lowers a city's science. Selected by `-k diplomacy` and `-k mask`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import military, score

VICTORY_BY_AGE = (1, 3, 5)  # rules_multiplayer.md §7: a victory token is 1, 3, 5 by Age


@st.composite
def _tables(draw: st.DrawFn) -> tuple[list[list[int]], list[list[int]]]:
    """Shields never going down, for 3-8 seats, and the Ages each seat sat out (at most
    three seats per Age: the box's three diplomacy tokens)."""
    seats = draw(st.integers(3, 8))
    shields = []
    for _ in range(seats):
        first = draw(st.integers(0, 5))
        second = first + draw(st.integers(0, 5))
        shields.append([first, second, second + draw(st.integers(0, 5))])
    diplomacy: list[list[int]] = [[] for _ in range(seats)]
    for age in (1, 2, 3):
        for seat in draw(st.sets(st.integers(0, seats - 1), max_size=3)):
            diplomacy[seat].append(age)
    return shields, diplomacy


@settings(max_examples=200, deadline=None)
@given(_tables())
def test_diplomacy_conflicts_give_one_victory_and_one_defeat_each(
    table: tuple[list[list[int]], list[list[int]]],
) -> None:
    shields, diplomacy = table
    tokens = military.derive_tokens(shields, VICTORY_BY_AGE, diplomacy)
    for age, value in enumerate(VICTORY_BY_AGE, start=1):
        sat_out = [i for i, ages in enumerate(diplomacy) if age in ages]
        fought = military.conflicts(len(shields), sat_out)
        # a city that sat the Age out takes none of its tokens
        assert all(tokens[i].victories[value] == 0 for i in sat_out)
        # each conflict gives at most one victory token of the Age's value
        assert sum(t.victories[value] for t in tokens) <= len(fought)
        # every city fights at most its two neighbours; a sitting-out city none
        for i in range(len(shields)):
            meets = sum(i in pair for pair in fought)
            assert meets == 0 if i in sat_out else meets <= 2
    # each conflict with a winner gives one victory and one defeat token
    assert sum(t.victory_count for t in tokens) == sum(t.defeats for t in tokens)


def test_diplomacy_two_cities_left_fight_once() -> None:
    """Two players left in a conflict fight once (cities.md §2, the Wonder Pack's
    clarification); three or more fight around the table; one fights nobody."""
    assert military.conflicts(3, [0]) == [(1, 2)]
    assert military.conflicts(4, [1]) == [(0, 2), (2, 3), (3, 0)]
    assert military.conflicts(3, [0, 1]) == []


_GREEN = ["Apothecary", "Workshop", "Scriptorium"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(_GREEN), unique=True),
    st.lists(st.sampled_from(_GREEN), unique=True, max_size=1),
    st.sampled_from(["Pigeon Loft", "Spy Ring", "Torture Chamber"]),
)
def test_a_mask_never_lowers_science(own: list[str], beside: list[str], mask: str) -> None:
    """A mask copies a symbol only when it scores (it may copy nothing): the city's
    science with it is at least the science without it."""
    neighbour = [c for c in beside if c not in own]

    def science(cards: list[str]) -> int:
        table = {
            "game": "7wonders-1e",
            "expansions": ["cities"],
            "players": [
                {"name": "Ann", "wonder": {"board": "Gizah", "side": "A"}, "cards": cards},
                {"name": "Bob", "wonder": {"board": "Olympia", "side": "A"}, "cards": neighbour},
                {"name": "Cid", "wonder": {"board": "Ephesos", "side": "A"}},
            ],
        }
        return score(table).players[0].categories["science"]

    with_mask = science([*own, mask])
    assert with_mask >= science(own)
    if neighbour:  # something to copy: the copy adds one symbol to the squares at least
        assert with_mask > science(own)


def test_too_many_drawn_names_their_colour() -> None:
    """Cities deals one black card per player and Age (cities.md): nine black cards of Age
    III at eight seats are one too many, said as black cards, not as every card of the Age
    (a walk read "6 cards of Age III are built (Capitol, Cenotaph, ...)")."""
    import json
    from pathlib import Path

    from scorer import assess

    scenario = json.loads((Path(__file__).parent / "scenarios" / "7wonders" / "cities" /
                           "invalid-nine-age-three-black-cards-at-eight.json").read_text())
    (drawn,) = [p for p in assess(scenario["table"]).problems if p.code == "too-many-drawn"]
    assert drawn.message.startswith("9 black cards of Age III are built (")
    assert "a game of 8 players draws only 8" in drawn.message
