"""Limits of a table that depend on what is (or was) in play: an ability already used is
not cancelled by burying its leader under Abu Simbel (seed 003), and a city's per-Age
shields are checked whether or not the other players gave theirs. Each test failed on main
(`-k buried_ability`, `-k shields_one`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorer import assess, score

ROOT = Path(__file__).resolve().parent.parent
SEVEN = ROOT / "examples" / "7wonders-1e-4p-full-game.json"


def _duel(ann: dict[str, Any], bob: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "duel",
        "expansions": ["leaders"],
        "players": [{"name": "Ann", **ann}, {"name": "Bob", **bob}],
        "conflict": {"spaces": 0},
    }


def _eight_wonders(buried: dict[str, Any]) -> dict[str, Any]:
    """Ann's 4 wonders (Abu Simbel the 4th, with a buried leader) and Bob's 4: 8 in all."""
    return _duel(
        {"wonders": ["The Pyramids", "The Sphinx", "Piraeus", "Abu Simbel"], "buried": buried},
        {"wonders": [
            "The Mausoleum", "The Great Library", "The Appian Way", "The Great Lighthouse"
        ]},
    )


def test_buried_ability_imhotep_still_allows_the_eighth_wonder() -> None:
    """Seed 003 (Abu Simbel): the buried leader loses its ability, but what it did stays
    ("effects already applied stay", rules_duel.md §9.3). Ann built her 4th wonder with
    Imhotep, then buried him under Abu Simbel (her 4th): 8 wonders stand."""
    result = score(_eight_wonders({"leader": "Imhotep", "cost": 3}))
    ann = result.players[0]
    # wonders: Pyramids 9 + Sphinx 6 + Piraeus 2 + Abu Simbel 0 = 17; Imhotep buried 2 x 3 = 6
    assert ann.categories["wonders"] == 17
    assert ann.categories["leaders"] == 6


def test_buried_ability_ramses_still_allows_the_fourth_guild() -> None:
    """Ramses built a 4th guild in Age III, then was buried: the guild stays in the city."""
    table = _duel(
        {
            "cards": ["Merchants Guild", "Builders Guild"],
            "wonders": ["Abu Simbel"],
            "buried": {"leader": "Ramses", "cost": 5},
        },
        {"cards": ["Magistrates Guild", "Scientists Guild"]},
    )
    found = assess(table)
    assert [p.code for p in found.problems] == []
    # Ann: Builders Guild 2 x 1 wonder (Ann 1, Bob 0) = 2; Ramses buried 2 x 5 = 10
    assert found.players[0].categories["guilds"] == 2
    assert found.players[0].categories["leaders"] == 10


def test_buried_ability_without_it_the_limits_still_hold() -> None:
    """Burying another leader allows nothing: 8 wonders are still one too many."""
    found = assess(_eight_wonders({"leader": "Cleopatra", "cost": 4}))
    assert [(p.code, p.path) for p in found.problems] == [("too-many-wonders", "players")]


TOKENS = [
    {"1": 0, "3": 2, "5": 2, "-1": 1},
    {"1": 1, "-1": 5},
    {"1": 2, "3": 2, "5": 2},
    {"-1": 5},
]
"""The example's conflict tokens, worked out by hand from its shields (Ann 0/2/5, Bob 1/1/1,
Cid 2/9/19, Dan 0/0/0; neighbours Ann-Bob, Bob-Cid, Cid-Dan, Dan-Ann; tokens 1, 3, 5 and
-1, rules_multiplayer.md): Age I Bob beats Ann, Cid beats Bob and Dan, Dan-Ann tie; Ages II
and III Ann beats Bob and Dan, Cid beats Bob and Dan. Ann 3+3+5+5-1 = 15, as the README's pad."""


def _seven(shields_of_ann: list[int] | None) -> dict[str, Any]:
    """The 4-player example with its tokens entered and no shields but Ann's (if given)."""
    data: dict[str, Any] = json.loads(SEVEN.read_text())
    for player, tokens in zip(data["players"], TOKENS, strict=True):
        player.pop("shields")
        player["military"] = tokens
    if shields_of_ann is not None:
        data["players"][0]["shields"] = shields_of_ann
    return data


def test_shields_one_player_decreasing_is_refused() -> None:
    """A city's shields never go down (they come from built cards and stages); given for
    one player only, they are still that city's and checked as when every player gives
    them."""
    one = {(p.code, p.path) for p in assess(_seven([3, 2, 1])).problems}
    assert ("shields-decrease", "players[0].shields") in one
    every = json.loads(SEVEN.read_text())
    every["players"][0]["shields"] = [3, 2, 1]
    assert ("shields-decrease", "players[0].shields") in {
        (p.code, p.path) for p in assess(every).problems
    }


def test_shields_one_player_more_than_the_city_gives_is_refused() -> None:
    """Ann's cards give 5 shields (Walls 2 + Fortifications 3); 40 cannot be."""
    found = {(p.code, p.path) for p in assess(_seven([0, 0, 40])).problems}
    assert ("shields-impossible", "players[0].shields[2]") in found


def test_shields_one_player_that_fit_are_accepted() -> None:
    """The spec makes `shields` optional per player: one player's true shields are no
    problem and change nothing (the tokens entered count; no derivation without every
    player's shields)."""
    plain = score(_seven(None))
    assert plain.players[0].categories["military"] == 15  # 3 + 3 + 5 + 5 - 1
    with_ann = score(_seven([0, 2, 5]))
    assert with_ann.model_dump() == plain.model_dump()
