"""Benchmark files (not a test) for `python -m scorer stats`: a history file of N games,
made deterministically (the same bytes for the same arguments).

    PYTHONPATH=. python -m benchmarks.stats_file --games 100000 --kind varied --out FILE
    /usr/bin/time -v python -m scorer stats FILE >/dev/null

Two kinds of file:

- `examples`: the file the issue measured (`benchmarks.history.plays`: the five example
  tables in turn, their players renamed from a group of eight): few distinct tables, each
  repeated thousands of times;
- `varied`: every game's table its own: 7 Wonders tables drawn as `tests/strategies.py`
  draws them (either edition, with or without Leaders, 3 to 7 players, legal cards for the
  player count, copies respected, conflict tokens from shields), drawn with a seeded
  `random.Random`, and one game in four a scenario of `tests/scenarios/` that has a result
  (every game and expansion: Duel, Pantheon, Agora, Cities, Armada, Babel, Edifice, the
  Wonder Pack), its players renamed from a group of twelve.

`--check` scores every game once while writing (slow: the engine's own time) and stops at
the first table that does not score, so a benchmark never times a file of problems.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from scorer.history import FORMAT, VERSION, Play, play_json
from scorer.ruleset import Ruleset, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
GROUP = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hoa", "Ivy", "Jon", "Kim", "Lan"]
SEVEN = [("7wonders-1e", ()), ("7wonders-2e", ()), ("7wonders-1e", ("leaders",)),
         ("7wonders-2e", ("leaders",))]
START = 1_700_000_000.0
"""The first game's finish (a fixed moment: the file is the same on every run)."""


def playable(rules: Ruleset, cards: list[str]) -> list[str]:
    """The first of `cards` a city can have played: 3 Ages x 6 plays, minus up to 4 cards
    tucked under stages (whichever Ages they were built in), so at most 14 in all, 9 of
    Age II and later and 4 of Age III."""
    kept: list[str] = []
    for name in cards:
        card = rules.cards.get(name)
        assert card is not None
        later = [min(c.ages) for c in rules.cards.get_all(kept) if c is not None]
        if len(kept) == 14 or (min(card.ages) >= 2 and sum(a >= 2 for a in later) == 9) or (
                min(card.ages) == 3 and sum(a == 3 for a in later) == 4):
            continue
        kept.append(name)
    return kept


def seven_wonders_table(rng: random.Random, names: list[str]) -> dict[str, Any]:
    """A 7 Wonders table that can exist (`tests/strategies.seven_wonders_tables`, drawn
    with `rng`)."""
    from scorer.military import derive_tokens

    game, expansions = rng.choice(SEVEN)
    rules = load_ruleset(game, expansions)
    n = rng.randint(3, min(rules.constants.max_players, len(names)))
    wonders = rng.sample(rules.wonders.names(), n)
    cities: list[list[str]] = [[] for _ in range(n)]
    guild_names = [g.name for g in rules.guilds]
    guilds = rng.sample(guild_names, rng.randint(0, min(n + 2, len(guild_names))))
    for name, copies in _copies(game, expansions, n):
        for owner in rng.sample(range(n), rng.randint(0, min(copies, n))):
            if rng.random() < 0.5:
                cities[owner].append(name)
    for guild in guilds:
        cities[rng.randrange(n)].append(guild)
    shields = [[rng.randint(0, 12) for _ in range(3)] for _ in range(n)]
    tokens = derive_tokens(shields, rules.constants.victory_token_by_age)
    leaders = [ld.name for ld in rules.leaders.values() if not ld.moves_tokens]
    rng.shuffle(leaders)
    seats = rng.sample(names, n)
    players = []
    for i in range(n):
        board = rules.wonders.get(wonders[i])
        assert board is not None
        side = rng.choice(sorted(board.sides))
        stages = rng.randint(0, len(board.sides[side].stages))
        recruited = leaders[3 * i: 3 * i + rng.randint(0, 3)] if leaders else []
        cards = cities[i][:]
        rng.shuffle(cards)
        t = tokens[i]
        player: dict[str, Any] = {
            "name": seats[i],
            "wonder": {"board": wonders[i], "side": side, "stages": stages},
            "cards": playable(rules, cards),
            "coins": rng.randint(0, 40),
            "military": {"1": t.victories[1], "3": t.victories[3], "5": t.victories[5],
                         "-1": t.defeats},
        }
        if expansions:
            player["leaders"] = recruited
        players.append(player)
    return {"game": game, "expansions": list(expansions), "players": players}


@cache
def _copies(game: str, expansions: tuple[str, ...], n: int) -> list[tuple[str, int]]:
    """Each card of the game but its guilds, with its copies in an `n`-player game."""
    rules = load_ruleset(game, expansions)
    return [(card.name, sum(1 for m in card.copies if m <= n))
            for card in rules.cards.values() if not card.is_guild]


def scenario_tables() -> list[dict[str, Any]]:
    """The tables of every scenario with a result (`expect`), in path order."""
    out = []
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.json")):
        scenario = json.loads(path.read_text(encoding="utf-8"))
        if "expect" in scenario:
            out.append(scenario["table"])
    return out


def renamed(table: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The table with its players' names replaced (in seating order) wherever a name is a
    value (the seats, `conflict.toward`, a supremacy's winner); the Free City keeps its
    name."""
    old = [p.get("name") for p in table.get("players", [])]
    to = {o: n for o, n in zip(old, names, strict=False)
          if isinstance(o, str) and o != "Free City"}

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return to.get(node, node) if isinstance(node, str) else node

    out: dict[str, Any] = walk(table)
    return out


def varied(n: int, seed: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    scenarios = scenario_tables()
    for _i in range(n):
        if rng.random() < 0.25:
            table = rng.choice(scenarios)
            seats = sum(1 for p in table["players"] if p.get("name") != "Free City")
            yield renamed(table, rng.sample(GROUP, min(seats, len(GROUP))))
        else:
            yield seven_wonders_table(rng, GROUP)


def examples(n: int) -> Iterator[dict[str, Any]]:
    from benchmarks.history import plays

    for play in plays(n):
        yield play.table


def write(out: Path, n: int, kind: str, seed: int, check: bool) -> None:
    """The file, written a game at a time (100,000 games are 200 MB of text)."""
    tables = varied(n, seed) if kind == "varied" else examples(n)
    step = 4 * 365 * 86400 / max(n, 1)
    with out.open("w", encoding="utf-8") as f:
        f.write(f'{{"format": "{FORMAT}", "version": {VERSION}, "games": [\n')
        for i, table in enumerate(tables):
            if check:
                from scorer.api import score

                score(table)  # raises TableError: a benchmark file has no problem
            finished = START + i * step
            play = Play(f"bench-{i:06d}", finished, table, finished - 2400 - 60 * (i % 40),
                        "Ann's" if i % 3 else "", "")
            text = json.dumps(play_json(play), ensure_ascii=False, indent=1)
            f.write(("" if i == 0 else ",\n") + text)
        f.write("\n]}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--kind", choices=("varied", "examples"), default="varied")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--check", action="store_true",
                        help="score every table while writing (slow)")
    args = parser.parse_args()
    began = time.perf_counter()
    write(args.out, args.games, args.kind, args.seed, args.check)
    print(f"wrote {args.out}: {args.games} games ({args.kind}), "
          f"{args.out.stat().st_size / 1e6:.1f} MB in {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
