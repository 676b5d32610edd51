"""The registry of games (`scorer.games.registry.GAMES`): a static, typed mapping from a
ruleset's `[constants] protocol` to the package that plays that game. It holds every game
the rulesets name and every package there is; each package fits the `Game` protocol (mypy
checks the registry's typed names; these tests check the same at run time); a name no game
has is a loading problem, not a KeyError."""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scorer import assess, load_ruleset
from scorer.games import Game, StandIns
from scorer.games.registry import GAMES, game_of
from scorer.ruleset import RulesetLoadError, available_games
from tests.test_rulesets import rulesets_copy  # noqa: F401  (a fixture)

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
STEPS = ("check", "board", "score", "rank")


def protocols_named() -> dict[str, str]:
    """Each ruleset folder that names its game's package -> that name, read from the TOML
    files themselves (an expansion extends its base and names none of its own)."""
    named: dict[str, str] = {}
    for game_toml in sorted(RULESETS.glob("*/game.toml")):
        constants = tomllib.loads(game_toml.read_text("utf-8")).get("constants", {})
        if "protocol" in constants:
            named[game_toml.parent.name] = constants["protocol"]
    return named


def test_registry_holds_every_protocol_every_ruleset_names() -> None:
    named = protocols_named()
    # the three base games name theirs: 7wonders-1e and -2e one package, duel the other
    assert named == {"7wonders-1e": "seven_wonders", "7wonders-2e": "seven_wonders",
                     "duel": "duel"}
    assert set(named.values()) <= set(GAMES), sorted(set(named.values()) - set(GAMES))


@pytest.mark.parametrize("game", available_games())
def test_registry_plays_each_game_with_every_expansion(game: str) -> None:
    """Every ruleset the loader offers, with all its expansions, finds its package."""
    base = load_ruleset(game)
    assert game_of(base) is GAMES[protocols_named()[game]]
    every = load_ruleset(game, tuple(sorted(
        p.name.split("+", 1)[1] for p in RULESETS.glob(f"{game}+*"))))
    assert game_of(every) is game_of(base)


def test_registry_holds_every_game_package_and_no_other() -> None:
    """The packages under scorer/games/ that play a game (the loader accepts a `protocol`
    that names one) are exactly the registry's: the two cannot drift apart."""
    packages = {p.parent.name for p in (ROOT / "scorer" / "games").glob("*/__init__.py")}
    assert packages == set(GAMES)
    for name, package in GAMES.items():
        assert package is importlib.import_module(f"scorer.games.{name}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_registry_each_package_fits_the_protocol_at_run_time(name: str) -> None:
    """What mypy checks of the registry's typed names, checked again as the program runs:
    the stand-ins, and each step with the protocol's parameters in its order."""
    package = GAMES[name]
    assert isinstance(package.STAND_INS, StandIns)
    for step in STEPS:
        wanted = [p for p in inspect.signature(getattr(Game, step)).parameters if p != "self"]
        given = list(inspect.signature(getattr(package, step)).parameters)
        assert given == wanted, (name, step, given, wanted)


@pytest.mark.parametrize("path, game", [
    ("tests/scenarios/duel/supremacy-military-detected.json", "duel"),
])
def test_registry_the_front_door_plays_through_the_registry(path: str, game: str) -> None:
    """`assess` reaches the game's steps through the registry: a Duel table is ranked by the
    Duel package (a military supremacy: the pawn on the capital, rules_duel.md §1.1)."""
    table = json.loads((ROOT / path).read_text("utf-8"))["table"]
    result = assess(table).result
    assert result is not None and result.decided_by == "supremacy:military"
    assert game_of(load_ruleset(table["game"])) is GAMES[game]


def test_registry_an_unknown_protocol_is_a_loading_problem() -> None:
    """A ruleset whose `protocol` no game has (the loader's check bypassed: a package folder
    that was never registered) gives the loader's error with where and what is right."""
    rules = copy.copy(load_ruleset("duel"))
    rules.constants = rules.constants.model_copy(update={"protocol": "chess"})
    with pytest.raises(RulesetLoadError) as caught:
        game_of(rules)
    assert caught.value.problems == [
        "rulesets/duel: [constants]: protocol: no game 'chess' in "
        "scorer.games.registry.GAMES; expected one of ['duel', 'seven_wonders']"]


def test_registry_an_unknown_protocol_in_a_file_is_refused_at_load(
        rulesets_copy: Path) -> None:  # noqa: F811
    """Written in the TOML, such a name is refused when the ruleset loads, with the file."""
    game = rulesets_copy / "duel" / "game.toml"
    game.write_text(game.read_text("utf-8").replace('protocol = "duel"', 'protocol = "chess"'),
                    "utf-8")
    with pytest.raises(RulesetLoadError) as caught:
        load_ruleset("duel")
    assert any(p.startswith("rulesets/duel: [constants]") and "protocol" in p
               for p in caught.value.problems), caught.value.problems


def test_registry_a_package_that_does_not_fit_fails_mypy(tmp_path: Path) -> None:
    """The registry's typed names are what makes mypy check a package: the Duel's package
    named as a game whose state is a 7 Wonders board is refused, the right type passes."""
    use = tmp_path / "use_registry.py"
    use.write_text(
        "from scorer.board import Board\n"
        "from scorer.games import Game, duel\n"
        "from scorer.games.duel.state import DuelGame\n"
        "\n"
        "right: Game[DuelGame] = duel\n"
        "wrong: Game[Board] = duel\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(use)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, out.stdout + out.stderr
    assert f"{use.name}:6:" in errors[0] and "Incompatible types in assignment" in errors[0]
