"""Hypothesis strategies for tables that can exist: legal cards for the player count, copies
respected, distinct wonders, tokens won in real conflicts."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from benchmarks.stats_file import playable
from scorer import load_ruleset
from scorer.military import derive_tokens

GAMES = [
    ("7wonders-1e", ()),
    ("7wonders-2e", ()),
    ("7wonders-1e", ("leaders",)),
    ("7wonders-2e", ("leaders",)),
]


@st.composite
def seven_wonders_tables(draw: st.DrawFn) -> dict[str, Any]:
    game, expansions = draw(st.sampled_from(GAMES))
    rules = load_ruleset(game, expansions)
    n = draw(st.integers(3, rules.constants.max_players))
    wonders = draw(st.permutations(rules.wonders.names()))[:n]
    cities: list[list[str]] = [[] for _ in range(n)]
    guild_names = [g.name for g in rules.guilds]
    guilds = draw(st.lists(st.sampled_from(guild_names), unique=True, max_size=n + 2))
    for card in rules.cards.values():
        if card.is_guild:
            continue
        copies = sum(1 for m in card.copies if m <= n)
        owners = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=copies))
        for owner in owners:
            if draw(st.booleans()):
                cities[owner].append(card.name)
    for guild in guilds:
        cities[draw(st.integers(0, n - 1))].append(guild)
    shields = [[draw(st.integers(0, 12)) for _ in range(3)] for _ in range(n)]
    tokens = derive_tokens(shields, rules.constants.victory_token_by_age)
    leaders = [ld.name for ld in rules.leaders.values() if not ld.moves_tokens]
    pool = draw(st.permutations(leaders)) if leaders else []
    players = []
    for i in range(n):
        board = rules.wonders.get(wonders[i])
        assert board is not None
        side = draw(st.sampled_from(sorted(board.sides)))
        stages = draw(st.integers(0, len(board.sides[side].stages)))
        recruited = list(pool[3 * i : 3 * i + draw(st.integers(0, 3))]) if leaders else []
        t = tokens[i]
        players.append(
            {
                "name": f"P{i}",
                "wonder": {"board": wonders[i], "side": side, "stages": stages},
                "cards": playable(rules, draw(st.permutations(cities[i]))),
                "coins": draw(st.integers(0, 40)),
                "military": {
                    "1": t.victories[1],
                    "3": t.victories[3],
                    "5": t.victories[5],
                    "-1": t.defeats,
                },
                "leaders": recruited,
            }
        )
    return {"game": game, "expansions": list(expansions), "players": players}


@st.composite
def duel_tables(draw: st.DrawFn) -> dict[str, Any]:
    """Any table the format reads for Duel, possible or not: one to four seats (a seat may
    repeat another), names from every Duel expansion (or misspelt), cubes, a buried leader,
    conquests, the pawn and a claimed supremacy, each drawn or left out."""
    expansions = draw(st.lists(st.sampled_from(["agora", "leaders"]), unique=True))
    full = load_ruleset("duel", ("agora", "leaders"))

    def names(section: list[str], most: int) -> st.SearchStrategy[list[str]]:
        name = st.sampled_from(section) | st.sampled_from(section).map(lambda n: n[:-1] or "x")
        return st.lists(name, max_size=most)

    cards, wonders = full.cards.names(), full.wonders.names()
    progress, leaders = full.progress.names(), full.leaders.names()
    players: list[dict[str, Any]] = []
    for i in range(draw(st.integers(1, 4))):
        repeat = draw(st.booleans())
        if players and repeat:
            players.append(dict(draw(st.sampled_from(players))))  # a seat entered twice
            continue
        player: dict[str, Any] = {
            "name": draw(st.sampled_from(["Ann", "Bob", "Cid", f"P{i}"])),
            "cards": draw(names(cards, 25)),
            "wonders": draw(names(wonders, 5)),
            "progress": draw(names(progress, 4)),
            "coins": draw(st.integers(0, 40)),
        }
        if draw(st.booleans()):
            player["influence"] = draw(st.lists(st.integers(0, 12), min_size=6, max_size=6))
        if draw(st.booleans()):
            player["leaders"] = draw(names(leaders, 7))
        if draw(st.booleans()):
            player["buried"] = {"leader": draw(st.sampled_from(leaders))}
            if draw(st.booleans()):
                player["buried"]["cost"] = draw(st.integers(0, 8))
        if draw(st.booleans()):
            player["conquests"] = draw(st.integers(0, 2))
        players.append(player)
    seat_names = [p["name"] for p in players] + ["Zed"]
    conflict: dict[str, Any] = {"spaces": draw(st.integers(0, 9))}
    if draw(st.booleans()):
        conflict["toward"] = draw(st.sampled_from(seat_names))
    table: dict[str, Any] = {
        "game": "duel", "expansions": expansions, "players": players, "conflict": conflict,
    }
    if draw(st.booleans()):
        table["supremacy"] = {
            "kind": draw(st.sampled_from(["military", "science", "political"])),
            "winner": draw(st.sampled_from(seat_names)),
        }
    return table
