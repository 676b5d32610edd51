"""One protocol per game: each game's package (scorer/games/<name>/) checks, scores and
ranks its tables; the ruleset names the package, so `assess` is the same four steps for
any game and a new game of the family is a new package plus its rulesets."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from scorer import assess, load_ruleset
from scorer.games.registry import game_of
from scorer.paper import score_mixed
from scorer.ruleset import RulesetLoadError, available_games
from tests.test_rulesets import rulesets_copy  # noqa: F401  (a fixture)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", available_games())
def test_games_each_ruleset_names_a_package_with_the_protocol(game: str) -> None:
    package = game_of(load_ruleset(game))
    for step in ("check", "board", "score", "rank"):
        assert callable(getattr(package, step)), (game, step)


def test_games_the_front_door_names_no_game() -> None:
    """api.py parses, checks, scores and ranks through the protocol: it imports no game's
    package (only the registry of games) and tests no table's type to choose a game."""
    tree = ast.parse((ROOT / "scorer" / "api.py").read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names]
    games = [m for m in imported if m.startswith("scorer.games.") or m.endswith("duel")]
    assert games == ["scorer.games.registry"]  # the registry, which names every game for it
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"DuelTable", "SevenWondersTable", "DECIDED_BY", "duel"}


def test_games_an_unknown_package_is_refused_at_load(rulesets_copy: Path) -> None:  # noqa: F811
    game = rulesets_copy / "duel" / "game.toml"
    game.write_text(game.read_text().replace('protocol = "duel"', 'protocol = "chess"'))
    with pytest.raises(RulesetLoadError) as caught:
        load_ruleset("duel")
    assert any("protocol" in p and "scorer/games/chess" in p for p in caught.value.problems)


def test_games_a_paper_pad_is_ranked_by_its_game_once() -> None:
    """Typed totals go in before the game ranks: a Duel supremacy still wins whatever the
    typed points (the pawn on Bob's capital: rules_duel.md §1.1), and the verdict is the
    game's, not a second ranking made beside it."""
    path = ROOT / "tests" / "scenarios" / "duel" / "supremacy-military-detected.json"
    table = json.loads(path.read_text(encoding="utf-8"))["table"]
    plain = assess(table).result
    assert plain is not None and plain.decided_by == "supremacy:military"
    winner = plain.winners[0]
    loser = next(p.name for p in plain.players if p.name != winner)
    for seat in table["players"]:  # the loser's city on paper: no cards beside the totals
        if seat["name"] == loser:
            seat.update(cards=[], wonders=[], progress=[])
    typed = score_mixed(table, {loser: {"civilian": 90}})
    assert typed.winners == [winner] and typed.decided_by == "supremacy:military"
    assert next(p for p in typed.players if p.name == loser).categories["civilian"] == 90


def test_games_one_pair_of_symbols_is_said_in_the_singular() -> None:
    """Two Progress tokens beside one pair of identical science symbols: "shows 1 pair",
    not "1 pairs" (a reread)."""
    path = ROOT / "tests" / "scenarios" / "duel" / "invalid-progress-two-tokens-one-pair.json"
    found = assess(json.loads(path.read_text(encoding="utf-8"))["table"])
    (said,) = [p.message for p in found.problems if p.code == "too-many-progress"]
    assert "this city shows 1 pair: at most 1" in said, said
