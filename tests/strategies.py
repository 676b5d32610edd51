"""Hypothesis strategies for tables that can exist: legal cards for the player count, copies
respected, distinct wonders, tokens won in real conflicts."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

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
                # 3 Ages x 6 plays, minus up to 4 cards tucked under stages: at most 14 is legal
            "cards": draw(st.permutations(cities[i]))[:14],
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
