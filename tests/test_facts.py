"""scorer.facts, scorer.paper and scorer.whatif: what the app asks the engine instead of
holding rules of its own. Expected values come from the rulebooks / shared/reference, with
the arithmetic alongside."""

from __future__ import annotations

import copy
from typing import Any

from scorer import score
from scorer.facts import (
    cards_in_play,
    cards_of_age,
    copies_taken,
    cost_in_words,
    facts,
    field_bounds,
    games,
    leader_cost,
    max_name_length,
    ruleset,
)
from scorer.paper import coins_points, science_points, score_mixed, tokens_points
from scorer.whatif import choice_options, what_if

TABLE: dict[str, Any] = {  # the app tests' game: Ann 31, Bob 31, Cid 17 (see tests/ui_tests)
    "game": "7wonders-1e",
    "players": [
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "A", "stages": 2}, "coins": 7,
         "military": {"1": 1, "3": 1, "5": 1, "-1": 2},
         "cards": ["Altar", "Theater", "Temple", "Pantheon", "Guard Tower"]},
        {"name": "Bob", "wonder": {"board": "Babylon", "side": "A", "stages": 3}, "coins": 3,
         "military": {"-1": 5},
         "cards": ["Apothecary", "Workshop", "Scriptorium", "Library", "Baths", "Courthouse"]},
        {"name": "Cid", "wonder": {"board": "Rhodos", "side": "A", "stages": 1}, "coins": 5,
         "military": {"1": 2, "3": 1, "5": 1},
         "cards": ["Lumber Yard", "Ore Vein", "Stone Pit", "Barracks", "Stockade", "Marketplace",
                   "Haven"]},
    ],
}


def test_games_listed_only_when_their_rulesets_load() -> None:
    assert {"7wonders-1e", "7wonders-2e"} <= set(games())


def test_cards_in_play_follow_player_count() -> None:
    rules = ruleset("7wonders-1e")
    at3 = {u.card.name: u.copies for u in cards_in_play(rules, 3)}
    at4 = {u.card.name: u.copies for u in cards_in_play(rules, 4)}
    # reference §2: Lumber Yard 3+, 4+ -> 1 copy at 3 players, 2 at 4; Pawnshop 4+, 7+ -> none
    # at 3, 1 at 4; guilds are always offered (the draw decides), once each
    assert at3["Lumber Yard"] == 1 and at4["Lumber Yard"] == 2
    assert "Pawnshop" not in at3 and at4["Pawnshop"] == 1
    assert at3["Scientists Guild"] == 1


def _names(game: str, players: int, age: int, chosen: tuple[str, ...] = ()) -> list[str]:
    return [u.card.name for u in cards_of_age(ruleset(game, chosen), players, age)]


def test_the_ages_of_a_game_and_their_cards() -> None:
    """The city's Age filter (ui/screens/city.py) asks these: which Ages exist, which cards
    each deals."""
    assert facts(ruleset("7wonders-1e")).ages == (1, 2, 3)
    assert facts(ruleset("duel")).ages == (1, 2, 3)
    # reference §2, 1st edition at 3 players: the "3+" cards of each Age.
    # Age I: brown 6 (Clay Pit, Clay Pool, Lumber Yard, Ore Vein, Stone Pit, Timber Yard)
    # + grey 3 + blue 3 (Altar, Baths, Theater) + yellow 3 (East/West Trading Post,
    # Marketplace) + red 3 + green 3 = 21 = 7 cards x 3 players (the deck check)
    age1 = _names("7wonders-1e", 3, 1)
    assert len(age1) == 21 and len(set(age1)) == 21
    assert "Pawnshop" not in age1 and "Tavern" not in age1  # 4+
    # Age II: brown 4 + grey 3 + blue 4 + yellow 3 (Caravansery, Forum, Vineyard) + red 3
    # (Archery Range, Stables, Walls) + green 4 = 21
    assert len(_names("7wonders-1e", 3, 2)) == 21
    # Age III: 7 x 3 - (3 + 2) = 16 Age cards (blue 5 + yellow 3 + red 3 + green 5), and
    # every guild, the draw decides which 5 are in: the 10 of §3a + Gamers and Architects
    # (§10a: allowed without Leaders) = 12; 16 + 12 = 28
    age3 = _names("7wonders-1e", 3, 3)
    assert len(age3) == 28 and "Scientists Guild" in age3 and "Arena" in age3
    # with Leaders, its two guilds that need leaders join the pool (§10a): 28 + 2 = 30;
    # leaders are not Age cards (§10): none is in any Age
    leaders_age3 = _names("7wonders-1e", 3, 3, ("leaders",))
    assert len(leaders_age3) == 30 and "Diplomats Guild" in leaders_age3
    assert "Cleopatra" not in _names("7wonders-1e", 3, 0, ("leaders",))
    # Glassworks, Loom and Press are in the decks of Ages I and II (§2): one card each,
    # shown in both Ages; every Age: 21 + 21 + 28 - 3 = 67 names, Age I's first
    assert {"Glassworks", "Loom", "Press"} <= set(age1) & set(_names("7wonders-1e", 3, 2))
    every = _names("7wonders-1e", 3, 0)
    assert len(every) == 67 and every[:21] == age1
    assert "Altar" in age1 and "Altar" not in _names("7wonders-1e", 3, 2)
    # rules_duel.md §2-3: 23 Age I cards, 23 Age II, 20 Age III + the 7 guilds = 27
    assert [len(_names("duel", 2, a)) for a in (1, 2, 3)] == [23, 23, 27]


def test_copies_taken_counts_any_spelling() -> None:
    rules = ruleset("7wonders-1e")
    assert copies_taken(rules, [["lumber-yard", "Altar"], ["Lumber Yard"]]) == {
        "Lumber Yard": 2, "Altar": 1}


def test_science_calculator_places_wildcards_best() -> None:
    # 1 compass, 1 gear, 2 tablets + 1 wildcard: as tablet 1 + 1 + 9 + 7 = 18 beats
    # as compass/gear 4 + 1 + 4 + 7 = 16
    rules = ruleset("7wonders-1e")
    got = science_points(rules, 1, 1, 2, 1)
    assert got.points == 18 and got.counts == {"compass": 1, "gear": 1, "tablet": 3}
    # rulebook example: 3 of each = 9 + 9 + 9 + 3 x 7 = 48
    assert science_points(rules, 3, 3, 3, 0).points == 48


def test_coins_and_tokens_to_points() -> None:
    rules = ruleset("7wonders-1e")
    assert coins_points(rules, 7) == 2  # 7 // 3
    assert facts(rules).token_values == (1, 3, 5, -1)  # R1: Ages I-III 1/3/5, defeat -1
    assert tokens_points(rules, {1: 2, 3: 1, 5: 1, -1: 3}) == 2 + 3 + 5 - 3
    assert facts(ruleset("duel")).token_values == ()  # Duel: the track, no tokens


def test_score_mixed_replaces_typed_categories_and_decides_again() -> None:
    table = copy.deepcopy(TABLE)
    table["players"][2]["cards"] = []
    # Cid typed from paper: wonders 3, commercial 3, science 26; military 10 and treasury 1
    # stay the engine's (tokens, coins): 10 + 1 + 3 + 3 + 26 = 43 -> Cid wins alone
    result = score_mixed(table, {"Cid": {"wonders": 3, "commercial": 3, "science": 26}})
    cid = result.players[2]
    assert cid.total == 43 and cid.categories["military"] == 10
    assert result.winners == ["Cid"] and result.decided_by == "points"
    assert [p.rank for p in result.players] == [2, 3, 1]  # Ann wins the 31-31 tie on coins


def test_score_mixed_without_paper_players_is_the_engine() -> None:
    assert score_mixed(TABLE, {}) == score(TABLE)


def test_what_if_a_guild_or_leader_joined_a_city() -> None:
    # Scientists Guild for Bob: two wildcards with 1 compass, 1 gear, 2 tablets: 2/2/2 gives
    # 4 + 4 + 4 + 2 x 7 = 26 instead of 18: +8
    got = what_if(TABLE, 1, "card", "Scientists Guild")
    assert got.points == 8 and not got.problems
    # a card already in another city cannot join a second one at 3 players
    assert what_if(TABLE, 0, "card", "Haven").problems
    assert what_if(TABLE, 3, "card", "Altar").problems  # three players: 0, 1, 2


def test_choice_options_are_the_neighbours_guilds() -> None:
    table = copy.deepcopy(TABLE)
    table["players"][0]["wonder"] = {"board": "Olympia", "side": "B", "stages": 3}
    table["players"][1]["cards"].append("Philosophers Guild")
    table["players"][2]["cards"].append("Builders Guild")
    result = score(table)
    assert "copied_guild" in result.players[0].choices
    # Ann's neighbours: Cid on her left (the seat before, wrapping), Bob on her right
    assert choice_options(table, 0, result) == {
        "copied_guild": ["Builders Guild", "Philosophers Guild"]}


DUEL_LEADERS: dict[str, Any] = {
    # Duel Leaders (reference §9.2-9.3): Abu Simbel 0 VP, the leader under it 2 x its cost;
    # Alexander 2 VP for 1 token taken; Theater and Altar 3 civilian VP (rules_duel §2).
    "game": "duel", "expansions": ["leaders"], "conflict": {"spaces": 0},
    "players": [
        {"name": "Ann", "cards": ["Theater"], "wonders": ["Abu Simbel"], "coins": 0,
         "leaders": ["Alexander"], "buried": {"leader": "Plato", "cost": 4}, "conquests": 1},
        {"name": "Bob", "cards": ["Altar"], "coins": 6},
    ],
}


def test_duel_leaders_facts() -> None:
    rules = ruleset("duel", ["leaders"])
    assert facts(rules).burying_wonders == ("Abu Simbel",)
    assert facts(ruleset("duel")).burying_wonders == ()
    assert leader_cost(rules, "Darius") == 0  # printed 0 (LEAD-VN)
    assert leader_cost(rules, "Plato") is None  # no source prints it
    # rules_duel §1.1: a military token lies on spaces 3 and 6 of each side: 2 to take
    assert facts(rules).max_conquests == 2
    assert list(facts(rules).supremacies) == ["military", "science"]
    assert list(facts(ruleset("duel", ["agora"])).supremacies) == ["military", "science",
                                                                    "political"]


def test_track_and_senate_sizes_come_from_the_ruleset() -> None:
    # reference rules_duel.md §1.1: 9 spaces to each capital; Agora: Chambers 1-6
    assert facts(ruleset("duel")).track_spaces == 9
    assert facts(ruleset("duel", ["agora"])).chambers == 6
    assert facts(ruleset("duel")).chambers == 0


def test_what_a_game_has() -> None:
    # R1/R2: boards with two sides, conflict tokens, no track; Leaders adds leaders;
    # rules_duel: no boards, a track; Agora a Senate
    first = facts(ruleset("7wonders-1e"))
    assert first.has_boards and not first.has_leaders and first.track_spaces == 0
    assert first.free_city and not facts(ruleset("7wonders-2e")).free_city
    assert facts(ruleset("7wonders-1e", ["leaders"])).has_leaders
    duel = facts(ruleset("duel"))
    assert not duel.has_boards and duel.supremacies and duel.chambers == 0
    assert duel.max_players == 2 and first.max_players == 7


# --- issue 10: the largest number each field takes ------------------------------------------


def test_field_bounds_of_the_first_edition() -> None:
    most = field_bounds(ruleset("7wonders-1e"))
    # a table of 7 at most (1st-edition rulebook); each Age's conflicts give one victory
    # token per seat: 7 of +1 (Age I), 7 of +3 (II), 7 of +5 (III), 3 x 7 = 21 defeats
    assert most.tokens == {1: 7, 3: 7, 5: 7, -1: 21}
    # green cards by symbol, one of each name a city: compass Apothecary, Dispensary, Lodge,
    # Academy; gear Workshop, Laboratory, Observatory, Study; tablet Scriptorium, Library,
    # School, University
    assert most.symbols == {"compass": 4, "gear": 4, "tablet": 4}
    # wildcards: the Scientists Guild and one wonder stage (Babylon B); Olympia B copying a
    # guild cannot copy the Scientists Guild a second time (one copy in the game)
    assert most.wildcards == 2
    assert most.coins == 10_000  # the table format's bound
    assert most.cubes == 0  # no Senate outside Duel Agora


def test_field_bounds_of_duel_agora() -> None:
    most = field_bounds(ruleset("duel", ["agora"]))
    assert most.cubes == 12  # Agora: 12 Senate cubes a player
    assert most.tokens == {}  # the Conflict pawn instead of tokens


def test_a_name_is_at_most_the_formats_length() -> None:
    assert max_name_length() == 100  # spec table-format.md: names of 1-100 characters


def test_a_cost_reads_in_words() -> None:
    # reference rules_multiplayer.md (top): O ore, C clay, S stone, W wood
    rules = ruleset("7wonders-1e")
    assert cost_in_words(rules, "OOCSW") == "2 Ore + 1 Clay + 1 Stone + 1 Wood"
    assert cost_in_words(rules, "1 coin") == "1 coin"  # already words
    assert cost_in_words(ruleset("duel"), "1 Clay") == "1 Clay"  # Duel writes words


def test_the_free_city_is_added_to_a_2_player_1st_edition_table_only() -> None:
    """The 1st edition's 2-player game takes the Free City as its third seat (seed 002,
    "2-PLAYER"); 3 players take none, and the 2nd edition has no 2-player game (seed 001:
    3 to 7 players)."""
    from scorer.facts import facts, ruleset

    first, second = facts(ruleset("7wonders-1e")), facts(ruleset("7wonders-2e"))
    assert [first.adds_free_city(n) for n in (1, 2, 3)] == [False, True, False]
    assert not second.adds_free_city(2)
