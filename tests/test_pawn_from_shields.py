"""Duel: the Conflict pawn stands where the cities' shields put it (rules_duel.md §1.1:
each shield moves it one space toward the opponent's capital; §5: Strategy adds one to each
red card built after it). What the refusal says; which tables it leaves alone is in the
scenarios (tests/scenarios/duel: `invalid-pawn-*`, `military-pawn-*`, `leaders-aspasia-*`,
`agora-pawn-*`, `pantheon/anubis-*`, `pantheon/*minerva*`)."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.api import assess


def _table(ann: list[str], spaces: int, toward: str = "Bob",
           expansions: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"game": "duel", "expansions": list(expansions),
            "players": [{"name": "Ann", "cards": ann}, {"name": "Bob", "cards": []}],
            "conflict": {"toward": toward, "spaces": spaces}}


def _said(table: dict[str, Any]) -> list[str]:
    return [p.message for p in assess(table).problems if p.code == "pawn-beyond-shields"]


def test_pawn_shields_beyond_the_capital_put_it_at_the_capital() -> None:
    """Arsenal 3 + Pretorium 3 + Walls 2 + Archery Range 2 = 10 shields: the pawn reached
    Bob's capital (the game ended there), never 8 spaces short of it. A review read
    "between Bob's capital and Bob's capital"."""
    said = _said(_table(["Arsenal", "Pretorium", "Walls", "Archery Range"], 8))
    assert len(said) == 1
    assert said[0].startswith("the pawn stands 8 spaces toward Bob's capital, but the "
                              "cities' shields put it at Bob's capital (Ann: 10 shields; "
                              "Bob: 0 shields)")


def test_pawn_shields_with_strategy_say_the_places_they_allow() -> None:
    """Walls 2 + Stable 1 = 3 shields, Strategy up to 1 more for each of the 2 red cards:
    3 to 5 spaces toward Bob's capital; the pawn at the centre is refused, saying so."""
    table = _table(["Walls", "Stable"], 0)
    table["players"][0]["progress"] = ["Strategy"]
    del table["conflict"]["toward"]
    assert _said(table) == [
        "the pawn stands at the centre, but the cities' shields put it between 3 and 5 "
        "spaces toward Bob's capital (Ann: 3 shields, and up to 2 more from Strategy; Bob: "
        "0 shields): each shield moves it one space toward the opponent's capital. Check "
        "each city's red cards and wonders, or where the pawn stands"]


@pytest.mark.parametrize(("expansions", "sources"), [
    ((), "red cards and wonders"),
    (("leaders",), "red cards, wonders and leaders"),
    (("pantheon",), "red cards, wonders and Divinities"),
])
def test_pawn_shields_name_what_gives_shields_in_the_game(expansions: tuple[str, ...],
                                                          sources: str) -> None:
    """The refusal says what to check by the game's own parts (a review: it named leaders
    in a base game and never Pantheon's Divinities, which give shields: Mars)."""
    said = _said(_table(["Walls"], 5, expansions=expansions))
    assert len(said) == 1 and f"Check each city's {sources}, or" in said[0], said


def test_pawn_shields_a_misspelt_card_is_its_own_problem_alone() -> None:
    """A card the game does not know is named by its own problem; the pawn is not judged
    on shields that card may give."""
    problems = assess(_table(["Arsenl"], 3)).problems
    assert [p.code for p in problems] == ["unknown-name"]


def test_pawn_shields_say_what_the_cities_do_not_show() -> None:
    """With Agora the pawn may stand up to 5 spaces from where the shields take it (a
    Decree 1, Coup 2, Sabotage's wonder 2: rules_duel.md §7.4-7.5), and the refusal says
    so: Walls 2 shields, so 2 - 5 = -3 to 2 + 5 = 7 spaces toward Bob, never at his
    capital."""
    table = _table(["Walls"], 9, expansions=("agora",))
    for p in table["players"]:
        p["influence"] = [0] * 6
    said = _said(table)
    assert len(said) == 1 and (
        "put it between 3 spaces toward Ann's capital and 7 spaces toward Bob's capital "
        "(Ann: 2 shields; Bob: 0 shields; and up to 5 spaces either way that the cities do "
        "not show)") in said[0], said
