"""Statistics over a known history: every expected number worked out by hand below, from
the rows as written (never from running the code)."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.api import score
from scorer.stats import (
    Filter,
    HeadToHead,
    PlayerRow,
    PlayerStats,
    WonderCount,
    group_stats,
    player_stats,
    players,
    rows_of,
)

ROOT = Path(__file__).resolve().parent.parent
DAY = 86400.0
T1, T2, T3, T4 = 10 * DAY, 20 * DAY, 30 * DAY, 40 * DAY


def row(game: str, kind: str, seat: int, name: str, total: int, rank: int | None, won: bool,
        wonders: tuple[str, ...], side: str, finished: float,
        expansions: tuple[str, ...] = (), **cats: int) -> PlayerRow:
    assert sum(cats.values()) == total  # the known history is self-consistent
    return PlayerRow(game, kind, expansions, finished, seat, name, wonders, side, total,
                     rank, won, cats)


# The known history (4 games):
# g1 7 Wonders 1st ed., base, day 10:  Ann 50 (1st, Babylon A), Bob 45 (2nd, Rhodos B),
#    Cid 40 (3rd, Gizah A)
# g2 7 Wonders 1st ed. + Leaders, day 20: Ann 60 (2nd, Babylon B), Bob 61 (1st, Gizah A),
#    Cid 30 (3rd, Rhodos A)
# g3 Duel, day 30: Ann 70 (1st; Pyramids, The Colossus), Bob 50 (2nd; Piraeus)
# g4 7 Wonders 2nd ed., day 40: Ann 55 and Bob 55 share the victory (both rank 1),
#    Dan 20 (3rd, Alexandria A)
HISTORY = [
    row("g1", "7wonders-1e", 0, "Ann", 50, 1, True, ("Babylon",), "A", T1,
        military=6, science=20, civilian=24),
    row("g1", "7wonders-1e", 1, "Bob", 45, 2, False, ("Rhodos",), "B", T1,
        military=10, civilian=35),
    row("g1", "7wonders-1e", 2, "Cid", 40, 3, False, ("Gizah",), "A", T1,
        military=0, science=40),
    row("g2", "7wonders-1e", 0, "Ann", 60, 2, False, ("Babylon",), "B", T2, ("leaders",),
        military=4, science=30, leaders=26),
    row("g2", "7wonders-1e", 1, "Bob", 61, 1, True, ("Gizah",), "A", T2, ("leaders",),
        military=8, civilian=40, leaders=13),
    row("g2", "7wonders-1e", 2, "Cid", 30, 3, False, ("Rhodos",), "A", T2, ("leaders",),
        military=-2, science=32, leaders=0),
    row("g3", "duel", 0, "Ann", 70, 1, True, ("Pyramids", "The Colossus"), "", T3,
        military=10, civilian=30, progress=30),
    row("g3", "duel", 1, "Bob", 50, 2, False, ("Piraeus",), "", T3,
        military=0, civilian=50, progress=0),
    row("g4", "7wonders-2e", 0, "Ann", 55, 1, True, ("Babylon",), "A", T4,
        military=5, science=50),
    row("g4", "7wonders-2e", 1, "Bob", 55, 1, True, ("Olympia",), "B", T4,
        military=15, civilian=40),
    row("g4", "7wonders-2e", 2, "Dan", 20, 3, False, ("Alexandria",), "A", T4,
        military=-3, civilian=23),
]


def test_players_most_games_first() -> None:
    # Ann and Bob 4 games each (Ann 3 wins: g1, g3, g4; Bob 2: g2, g4), Cid 2 (no win),
    # Dan 1 (no win); ties in games by name
    assert [(p.name, p.games, p.wins) for p in players(HISTORY)] == [
        ("Ann", 4, 3), ("Bob", 4, 2), ("Cid", 2, 0), ("Dan", 1, 0)]


def test_a_players_page_keeps_7_wonders_and_duel_apart() -> None:
    seven, duel = player_stats(HISTORY, "Ann")
    assert (seven.family, duel.family) == ("7wonders", "duel")
    # 7 Wonders: g1, g2, g4 = 3 games; won g1 and g4 = 2; 2/3
    assert (seven.games, seven.wins) == (3, 2)
    assert abs(seven.win_rate - 2 / 3) < 1e-9
    # (50 + 60 + 55) / 3 = 55; best 60 in g2
    assert seven.average_total == 55
    assert (seven.best.total, seven.best.game_id) == (60, "g2")
    # per game, over all 3 (a game without the row counts 0, so the parts add up to the
    # average: a walk read "Where the points come from" adding to 69.3 beside an average
    # of 62.0): military (6 + 4 + 5) / 3 = 5, science (20 + 30 + 50) / 3 = 33.33...,
    # civilian 24 / 3 = 8 (only g1 has the row), leaders 26 / 3 = 8.67 (only g2); in pad
    # order; 5 + 8 + 33.33 + 8.67 = 55, the average total
    cats = dict(seven.categories)
    assert [c for c, _v in seven.categories] == ["military", "civilian", "science", "leaders"]
    assert cats["military"] == 5 and abs(cats["science"] - 100 / 3) < 1e-9
    assert cats["civilian"] == 8 and abs(cats["leaders"] - 26 / 3) < 1e-9
    assert abs(sum(cats.values()) - seven.average_total) < 1e-9
    # Babylon 3 games (g1 won, g2 lost, g4 won): 2 wins
    assert seven.favourite_wonders == [WonderCount("Babylon", "", 3, 2)]
    # against Bob: g1 ahead (1 < 2), g2 behind (2 > 1), g4 level (1 = 1);
    # against Cid: g1 ahead (1 < 3), g2 ahead (2 < 3); Dan met once: not a regular
    assert seven.head_to_head == [HeadToHead("Bob", 3, 1, 1, 1), HeadToHead("Cid", 2, 2, 0, 0)]
    # Duel: g3 alone, won, 70; Bob met once there: no head-to-head yet
    assert (duel.games, duel.wins, duel.average_total, duel.best.total) == (1, 1, 70, 70)
    assert duel.favourite_wonders == [WonderCount("Pyramids", "", 1, 1),
                                      WonderCount("The Colossus", "", 1, 1)]
    assert duel.head_to_head == []


def test_a_player_of_one_family_has_one_entry() -> None:
    (dan,) = player_stats(HISTORY, "Dan")
    assert (dan.family, dan.games, dan.wins, dan.best.total) == ("7wonders", 1, 0, 20)
    assert player_stats(HISTORY, "Nobody") == []


def test_group_records_each_name_its_game() -> None:
    group = group_stats(HISTORY)
    assert group.games == 4
    got = {r.kind: (r.value, r.name, r.game_id) for r in group.records}
    # highest total: Ann's 70 in g3 (then Bob 61); biggest science: Ann 50 in g4 (Cid 40);
    # most military: Bob 15 in g4 (Ann 10 in g3); closest finish: g4, where the winner
    # (Ann, first of the two sharing it) leads by 55 - 55 = 0 (g2: 61 - 60 = 1, g1: 5,
    # g3: 20)
    assert got == {"highest-total": (70, "Ann", "g3"), "biggest-science": (50, "Ann", "g4"),
                   "most-military": (15, "Bob", "g4"), "closest-finish": (0, "Ann", "g4")}
    # g4 is shared (Ann and Bob both won, 55 each): not "won by 0 points"
    assert [r.finish for r in group.records if r.kind == "closest-finish"] == ["shared"]


def test_a_tie_on_points_won_on_the_tie_break_says_so() -> None:
    """Issue 31: a closest finish of 0 points read "won by 0 points". A tie on points is
    won on coins in 7 Wonders and on civilian points in Duel (rules_multiplayer.md and
    rules_duel.md, end of the game: the tie-break), and the record says which."""
    seven = [row("t1", "7wonders-1e", 0, "Ann", 48, 1, True, ("Gizah",), "A", T1, civilian=48),
             row("t1", "7wonders-1e", 1, "Bob", 48, 2, False, ("Babylon",), "A", T1, civilian=48)]
    duel = [row("t2", "duel", 0, "Ann", 61, 1, True, ("Pyramids",), "", T2, civilian=61),
            row("t2", "duel", 1, "Bob", 61, 2, False, ("The Colossus",), "", T2, civilian=61)]
    by_three = [row("t3", "7wonders-1e", 0, "Ann", 51, 1, True, ("Gizah",), "A", T1, civilian=51),
                row("t3", "7wonders-1e", 1, "Bob", 48, 2, False, ("Babylon",), "A", T1,
                    civilian=48)]
    # 48 - 48 = 0, won on coins; 61 - 61 = 0, won on civilian points; 51 - 48 = 3
    assert [(r.value, r.finish) for r in group_stats(seven).records
            if r.kind == "closest-finish"] == [(0, "coins")]
    assert [(r.value, r.finish) for r in group_stats(duel).records
            if r.kind == "closest-finish"] == [(0, "civilian")]
    assert [(r.value, r.finish) for r in group_stats(by_three).records
            if r.kind == "closest-finish"] == [(3, "points")]


def test_group_wins_by_wonder_and_side() -> None:
    group = group_stats(HISTORY, Filter(family="7wonders"))
    # 7 Wonders only (3 games): Gizah A 2 plays (g1 lost, g2 won); Babylon A (g1, 1st
    # edition) and Babylon Day (g4, the 2nd edition's side A: another board, reference
    # §6, in its edition's words) 1 play and 1 win each; Olympia Night 1 (g4 won); the
    # others 1 play, no win. Most wins, then most plays, then by name.
    assert group.games == 3
    assert group.wins_by_wonder[:4] == [WonderCount("Gizah", "A", 2, 1),
                                        WonderCount("Babylon", "A", 1, 1),
                                        WonderCount("Babylon", "day", 1, 1),
                                        WonderCount("Olympia", "night", 1, 1)]
    assert {(w.wonder, w.side) for w in group.wins_by_wonder[4:]} == {
        ("Alexandria", "day"), ("Babylon", "B"), ("Rhodos", "A"), ("Rhodos", "B")}
    cats = dict(group.categories)
    # military over the 9 rows of 7 Wonders: 6+10+0+4+8-2+5+15-3 = 43, / 9
    assert abs(cats["military"] - 43 / 9) < 1e-9
    # science over the 5 rows that have it: 20+40+30+32+50 = 172, / 5 = 34.4
    assert abs(cats["science"] - 34.4) < 1e-9
    assert "progress" not in cats  # a Duel category


def test_filters_by_expansion_and_period() -> None:
    leaders = group_stats(HISTORY, Filter(expansion="leaders"))
    assert leaders.games == 1 and leaders.records[0].game_id == "g2"  # highest: Bob 61
    base = group_stats(HISTORY, Filter(expansion=""))
    assert base.games == 3  # g1, g3, g4 have no expansion
    late = group_stats(HISTORY, Filter(since=T2, until=T4))
    assert late.games == 2  # g2 (day 20) and g3 (day 30); g4 is at the end, left out
    (ann,) = player_stats(HISTORY, "Ann", Filter(family="duel"))
    assert ann.family == "duel"


def test_rows_of_a_scored_table_carry_its_result() -> None:
    # examples/7wonders-1e-4p-full-game.json: the README's pad, Ann 62, Bob 82, Cid 33,
    # Dan 35; Bob wins
    table = json.loads((ROOT / "examples" / "7wonders-1e-4p-full-game.json").read_text())
    rows = rows_of("x", 5.0, table, score(table))
    assert [(r.name, r.total, r.rank, r.won) for r in rows] == [
        ("Ann", 62, 2, False), ("Bob", 82, 1, True), ("Cid", 33, 4, False),
        ("Dan", 35, 3, False)]
    assert rows[1].categories["science"] == 76  # the pad's science row for Bob
    assert all(len(r.wonders) == 1 and r.side in ("A", "B") for r in rows)


def test_rows_name_a_wonder_as_its_ruleset_does() -> None:
    """A wonder typed by another of its names counts as one wonder: the example Duel file
    says "Pyramids" and "Great Library", which the ruleset names "The Pyramids" and "The
    Great Library" (rules_duel.md §4); Group statistics listed "Pyramids" beside "The
    Pyramids" (seen in chromium). A 7 Wonders board typed "giza" is Gizah."""
    table = json.loads((ROOT / "examples" / "duel-full-game.json").read_text())
    rows = rows_of("d", 5.0, table, score(table))
    assert rows[0].wonders == ("The Pyramids", "The Great Library", "The Appian Way")
    seven = json.loads((ROOT / "examples" / "7wonders-1e-4p-full-game.json").read_text())
    seven["players"][0]["wonder"]["board"] = "giza"
    assert rows_of("s", 5.0, seven, score(seven))[0].wonders == ("Gizah",)


def test_the_free_city_is_no_player() -> None:
    table = json.loads((ROOT / "examples" / "7wonders-1e-2p-free-city.json").read_text())
    rows = rows_of("x", 5.0, table, score(table))
    assert [r.name for r in rows] == ["Ann", "Bob", "Free City"]
    assert [p.name for p in players(rows)] == ["Ann", "Bob"]  # one game each, by name


def test_a_players_page_lists_an_expansions_rows_where_its_pad_does() -> None:
    """Armada's naval conflicts come under Military on a player's page, as on its pad
    (rulesets/7wonders-1e+armada: military, naval, treasury, ...), not after Guilds; Cities'
    debt under the treasury. Averages of one game: the points themselves."""
    rows = [row("a1", "7wonders-1e", 0, "Eve", 20, 1, True, ("Gizah",), "A", T4,
                ("armada", "cities"), guilds=3, treasury=2, naval=4, military=6,
                debt=-1, shipyard=6)]
    (seven,) = player_stats(rows, "Eve")
    assert [c for c, _v in seven.categories] == [
        "military", "naval", "treasury", "debt", "guilds", "shipyard"]


def test_stats_averages_round_a_half_up_as_players_do() -> None:
    """An average of 3.25 (13 points over 4 games) reads 3.3, -2.25 reads -2.3 and 2.25
    reads 2.3 (a walk's statistics read 3,2, -2,2 and 2,2: a half rounded to even); a
    small negative average reads 0.0, never -0.0; the command line's table the same."""
    from scorer.i18n import one_decimal, to_tenths

    assert [one_decimal(v) for v in (13 / 4, -9 / 4, 9 / 4, -0.04)] == \
        ["3.3", "-2.3", "2.3", "0.0"]
    assert [f"{to_tenths(v)}" for v in (13 / 4, 26.35)] == ["3.3", "26.4"]


def test_stats_name_pantheons_purple_row_as_its_games_do() -> None:
    """Duel + Pantheon puts the Grand Temples in the Guilds' row (duel-pantheon.md §2-3;
    rulesets/duel+pantheon `guilds_replaced_by`): a player's page over Pantheon games
    alone calls the row "Grand Temples", over games with and without Pantheon "Guilds /
    Grand Temples" (the command line said "Guilds" for both); 7 Wonders keeps "Guilds".
    Averages by hand: Kim's guilds 6 and 12 over 2 games = 9.0; Lan's 12 alone = 12.0."""
    from scorer.stats_text import render_player

    def said(stats: PlayerStats) -> list[str]:  # each line, its spaces of alignment as one
        return [" ".join(line.split()) for line in render_player(stats)]

    plain = row("d1", "duel", 0, "Kim", 26, 1, True, ("Piraeus",), "", T1,
                civilian=20, guilds=6)
    temples = [row("d2", "duel", 0, "Kim", 32, 1, True, ("Piraeus",), "", T2,
                   ("pantheon",), civilian=20, guilds=12),
               row("d2", "duel", 1, "Lan", 22, 2, False, ("Pyramids",), "", T2,
                   ("pantheon",), civilian=10, guilds=12)]
    seven = row("s1", "7wonders-1e", 0, "Kim", 7, 1, True, ("Gizah",), "A", T3, guilds=7)
    everything = [plain, *temples, seven]
    kim_seven, kim_duel = player_stats(everything, "Kim")
    assert dict(kim_duel.category_names) == {"guilds": ("Guilds", "Grand Temples")}
    assert "Guilds / Grand Temples 9.0" in said(kim_duel)
    assert dict(kim_seven.category_names) == {}
    assert "Guilds 7.0" in said(kim_seven)
    (lan,) = player_stats(everything, "Lan")
    assert "Grand Temples 12.0" in said(lan)
    # the group's averages: the Duel's over its 3 rows (6 + 12 + 12 = 30 / 3 = 10.0)
    duel = group_stats(r for r in everything if r.game == "duel")
    assert dict(duel.categories)["guilds"] == 10.0
    assert dict(duel.category_names) == {"guilds": ("Guilds", "Grand Temples")}
