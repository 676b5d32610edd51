"""assess(): every table gets scores from what can be scored, its problems as data and
what was set aside; score() is assess() that raises. Expected values come from the
rulebooks / shared/reference, with the arithmetic alongside."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import assess, score
from scorer.api import places_so_far
from scorer.games.checks import unknown_names
from scorer.games.seven_wonders.checks import BOARD
from scorer.names import PLACEHOLDER
from scorer.ruleset import load_ruleset
from scorer.table import SevenWondersTable
from tests.strategies import seven_wonders_tables
from tests.test_facts import DUEL_LEADERS, TABLE


def _totals(table: dict[str, Any]) -> list[int]:
    return [p.total for p in assess(table).players]


def _codes(table: dict[str, Any]) -> set[tuple[str, str]]:
    return {(p.code, p.path) for p in assess(table).problems}


def test_a_valid_table_is_final() -> None:
    found = assess(TABLE)
    assert found.final and not found.problems
    assert found.result == score(TABLE)
    assert [p.total for p in found.players] == [31, 31, 17]  # tests/ui_tests/game_data.py


def test_a_half_entered_table_scores_what_it_can() -> None:
    table = copy.deepcopy(TABLE)
    for p in table["players"][1:]:  # Bob and Cid not entered yet: no wonder, no tokens
        p["wonder"] = {"board": "", "side": "A", "stages": 0}
        p.pop("military")
        p["cards"] = []
    found = assess(table)
    # Ann keeps her 31 (her tokens as entered: 1 + 3 + 5 - 2 = 7); Bob 3 coins // 3 = 1,
    # Cid 5 coins // 3 = 1: their boards are set aside, their coins still count
    assert [p.total for p in found.players] == [31, 1, 1]
    assert found.result is None
    assert {(p.code, p.path) for p in found.problems} == {
        ("empty-text", "players[1].wonder.board"),
        ("empty-text", "players[2].wonder.board"),
        # Ann's 3 victories and 2 defeats alone: every conflict gives one of each
        ("tokens-unbalanced", "players"),
    }
    assert [p.code for p in found.players[1].set_aside] == ["empty-text"]


def test_a_blank_board_is_not_looked_up_as_a_name() -> None:
    """A blank board reads as the placeholder, and its format problem says what is wrong:
    the name check does not look the placeholder up (a "did you mean" search of every
    game's wonders, on every change of a table whose boards are not chosen yet)."""
    table = copy.deepcopy(TABLE)
    table["players"][1]["wonder"]["board"] = ""
    parsed = SevenWondersTable.model_validate(
        {**table, "players": [*table["players"][:1],
                              {**table["players"][1], "wonder": {
                                  **table["players"][1]["wonder"], "board": PLACEHOLDER}},
                              *table["players"][2:]]})
    assert unknown_names(parsed, load_ruleset(table["game"]), (BOARD,)) == []
    # and the table as a whole still says it once, at its place
    assert ("empty-text", "players[1].wonder.board") in _codes(table)


def test_a_table_repaired_to_be_read_is_a_copy_the_caller_never_sees() -> None:
    """What a user entered is never rewritten: the blank board, the token that is not a
    count and the card that is not a name stay as they were in the caller's table, and
    a second assessment of it says the same."""
    table = copy.deepcopy(TABLE)
    table["players"][1]["wonder"]["board"] = ""
    table["players"][0]["military"] = {"1": "x"}
    table["players"][2]["cards"][1:1] = [3]
    entered = copy.deepcopy(table)
    first = assess(table)
    assert table == entered
    assert assess(table) == first
    assert {("empty-text", "players[1].wonder.board"), ("wrong-type", "players[0].military.1"),
            ("wrong-type", "players[2].cards[1]")} <= {(p.code, p.path) for p in first.problems}


def test_tokens_typed_wrong_are_set_aside_without_crashing() -> None:
    table = copy.deepcopy(TABLE)
    table["players"][0]["military"] = {"1": "x"}  # not a count: the format refuses it
    # Ann's tokens count for nothing while wrong: 8 wonders + 14 civilian + 2 treasury = 24
    # (game_data); Bob and Cid keep their tokens: 31 and 17
    assert _totals(table) == [24, 31, 17]
    assert ("wrong-type", "players[0].military.1") in _codes(table)
    # a seat that is not an object at all: it keeps its place (a seat of nothing, 0), and
    # the others are still checked and scored: Ann 24, Cid 17 (Haven counts Cid's own
    # brown cards; no card of theirs counts a neighbour's), no crash
    table["players"][1] = "Bob"
    found = assess(table)
    assert [p.total for p in found.players] == [24, 0, 17] and found.result is None
    assert {("wrong-type", "players[1]"), ("wrong-type", "players[0].military.1")} <= {
        (p.code, p.path) for p in found.problems}


def test_an_unknown_card_is_set_aside_where_it_was_typed() -> None:
    table = copy.deepcopy(TABLE)
    table["players"][0]["cards"].insert(1, "Lumbr Yard")
    found = assess(table)
    assert [p.total for p in found.players] == [31, 31, 17]  # as if it were not there
    (p,) = found.problems
    assert (p.code, p.seat, p.field, p.item) == ("unknown-name", 0, "cards", 1)
    assert found.players[0].set_aside == [p]
    assert "players[" not in p.message and "Lumber Yard" in p.message


def test_an_item_of_the_wrong_shape_keeps_the_others_in_place() -> None:
    table = copy.deepcopy(TABLE)
    table["players"][0]["cards"][1:1] = [3, "Lumbr Yard"]
    assert {("wrong-type", "players[0].cards[1]"), ("unknown-name", "players[0].cards[2]")} == (
        _codes(table)
    )


def test_duel_leader_fields_are_set_aside() -> None:
    # Ann: Theater 3 + Alexander 2 (one token taken) + Plato buried 2 x 4 = 8: 13;
    # Bob: Altar 3 + 6 coins // 3 = 2: 5 (rules_duel §2, §9.2-9.3)
    assert _totals(DUEL_LEADERS) == [13, 5]
    no_cost = copy.deepcopy(DUEL_LEADERS)
    del no_cost["players"][0]["buried"]["cost"]  # Plato's cost unknown: buried set aside
    assert _totals(no_cost) == [5, 5]  # Theater 3 + Alexander 2
    assert _codes(no_cost) == {("unknown-cost", "players[0].buried.cost")}
    claim = copy.deepcopy(DUEL_LEADERS)
    claim["supremacy"] = {"kind": "science", "winner": "Ann"}  # contradicted by the table
    assert _totals(claim) == [13, 5]
    assert _codes(claim) == {("supremacy-contradicted", "supremacy")}


@settings(max_examples=40, deadline=None)
@given(seven_wonders_tables())
def test_on_a_valid_table_assess_is_score(table: dict[str, Any]) -> None:
    found = assess(table)
    assert found.result == score(table)
    assert [p.total for p in found.players] == [p.total for p in found.result.players]


@settings(max_examples=60, deadline=None)
@given(seven_wonders_tables(), st.data())
def test_removing_what_was_set_aside_changes_no_line(
    table: dict[str, Any], data: st.DataObject
) -> None:
    """An unknown card, and a copy of a card beyond the deck's, are set aside: removing
    the items the problems locate changes no player's lines (theirs or anyone's)."""
    wrong = copy.deepcopy(table)
    seat = data.draw(st.integers(0, len(table["players"]) - 1))
    cards = wrong["players"][seat]["cards"]
    cards.insert(data.draw(st.integers(0, len(cards))), "No Such Card")
    held = [c for i, p in enumerate(table["players"]) if i != seat for c in p["cards"]]
    if held:
        extra = data.draw(st.sampled_from(held))
        if extra not in cards:
            cards.insert(data.draw(st.integers(0, len(cards))), extra)
    found = assess(wrong)
    aside = sorted(
        ((p.seat, p.item) for p in found.problems if p.field == "cards" and p.item is not None),
        reverse=True,
    )
    assert any(p.code == "unknown-name" for p in found.problems)
    cleaned = copy.deepcopy(wrong)
    for s, item in aside:
        assert s is not None
        del cleaned["players"][s]["cards"][item]
    assert [p.lines for p in found.players] == [p.lines for p in assess(cleaned).players]


def test_places_so_far_rank_a_table_that_is_not_final_by_the_games_rule() -> None:
    # Duel: treasury 1 VP per 3 coins (rules_duel.md): Ann 6 coins = 2 VP, Bob 3 coins = 1 VP;
    # the pawn at the centre gives nobody military VP; a card no game has keeps the table
    # from being final
    table = {"game": "duel", "expansions": [], "conflict": {"toward": None, "spaces": 0},
             "players": [{"name": "Ann", "coins": 6, "cards": ["No Such Card"]},
                         {"name": "Bob", "coins": 3}]}
    found = assess(table)
    assert not found.final
    assert places_so_far(table, found) == (1, 2)
    # equal totals and equal civilian VP (Duel's tie-break): a shared place
    table["players"][0]["coins"] = 3  # type: ignore[index]
    assert places_so_far(table, assess(table)) == (1, 1)
