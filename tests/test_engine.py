"""The interpreter's lines say what they could not count (rules_duel.md §9.2)."""

from __future__ import annotations

from typing import Any

from scorer import score
from scorer.engine import LineData, Source, Tally, thing
from scorer.words import says


def _duel(ann_leaders: list[str]) -> dict[str, Any]:
    return {
        "game": "duel",
        "expansions": ["leaders"],
        "players": [
            {"name": "Ann", "cards": ["Theater", "Statue"], "coins": 0, "leaders": ann_leaders},
            {"name": "Bob", "cards": [], "coins": 0},
        ],
        "conflict": {"spaces": 0},
    }


def _vitruvius(leaders: list[str]) -> tuple[int, str]:
    ann = score(_duel(leaders)).players[0]
    (line,) = [ln for ln in ann.lines if ln.source == "Vitruvius"]
    return line.points, line.why


def test_vitruvius_says_its_count_may_be_short_when_a_leaders_chain_symbols_are_unknown() -> None:
    # Theater gives the mask, Statue uses it: 1 pair x 2 VP = 2 (rules_duel.md §9.2, the
    # seed's own example); Archimedes prints chain symbols no source names (§9.2 [?]).
    points, why = _vitruvius(["Vitruvius", "Archimedes"])
    assert points == 2
    assert "may be short" in why and "Archimedes" in why


def test_vitruvius_with_known_chain_symbols_makes_no_such_claim() -> None:
    points, why = _vitruvius(["Vitruvius", "Zenobia"])  # Zenobia prints no chain symbol
    assert points == 2
    assert "may be short" not in why


def test_vitruvius_without_pairs_still_says_it_may_be_short() -> None:
    ann = score({**_duel(["Vitruvius", "Xenophon"]), "players": [
        {"name": "Ann", "cards": [], "coins": 0, "leaders": ["Vitruvius", "Xenophon"]},
        {"name": "Bob", "cards": [], "coins": 0},
    ]}).players[0]
    (line,) = [ln for ln in ann.lines if ln.source == "Vitruvius"]
    assert line.points == 0 and "Xenophon" in line.why


def test_science_with_adds_every_science_field_and_no_line() -> None:
    """Ranking a copy adds its science to the city's: symbols added up, each wildcard,
    set bonus, extra symbol and conversion kept."""
    aristotle = Source("Aristotle", "leaders", (), thing("Aristotle"))
    altar: LineData = {
        "category": "civilian",
        "source_message": thing("Altar"),
        "points": 2,
        "why_message": says("printed", points=2),
    }
    base = Tally(
        lines=[altar],
        symbols={"gear": 3},
        wildcards=["Babylon"],
        set_bonuses=[(aristotle, 3)],
        extra_of_most=["Enheduanna"],
    )
    extra = Tally(symbols={"gear": 1, "compass": 1}, conversions=["Aganice"])
    both = base.science_with(extra)
    assert both.symbols == {"gear": 4, "compass": 1}  # 3 + 1 gear, 0 + 1 compass
    assert both.wildcards == ["Babylon"]
    assert both.set_bonuses == [(aristotle, 3)]
    assert both.extra_of_most == ["Enheduanna"]
    assert both.conversions == ["Aganice"]
    assert both.lines == []


def test_a_choice_of_one_says_it_is_the_only_one() -> None:
    """Ann's Olympia B has one guild next door to copy (Bob's Workers Guild): its choice
    reads "the only one for Ann", not "picked as the best of 1" (a walk found it odd);
    her own Courtesan picks between two leaders (scenarios/7wonders/leaders/olympia-b-
    with-its-own-courtesans-guild-copies-another.json)."""
    import json
    from pathlib import Path

    path = Path(__file__).parent / "scenarios" / "7wonders" / "leaders" / \
        "olympia-b-with-its-own-courtesans-guild-copies-another.json"
    result = score(json.loads(path.read_text(encoding="utf-8"))["table"])
    choices = result.players[0].choices
    assert choices["copied_guild"] == "Workers Guild (the only one for Ann)"
    assert choices["courtesan"] == "Cleopatra (picked as the best of 2 for Ann)"


def test_a_choice_of_one_beside_a_paper_player_is_the_only_one_known() -> None:
    """Beside a neighbour who counted on paper (whose leaders are not known), the one
    leader seen is "the only one known", not "the only one" (a review: a line of the same
    city says a copy of one of Bob's may score more)."""
    table = {"game": "7wonders-1e", "expansions": ["leaders"], "players": [
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "A", "stages": 0},
         "cards": ["Courtesans Guild"]},
        {"name": "Bob", "wonder": {"board": "Babylon", "side": "A", "stages": 0},
         "coins": 0, "paper": {"civilian": 4}},
        {"name": "Cid", "wonder": {"board": "Rhodos", "side": "A", "stages": 0},
         "leaders": ["Cleopatra"]}]}
    result = score(table)
    assert result.players[0].choices["courtesan"] == "Cleopatra (the only one known for Ann)"
