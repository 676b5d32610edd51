"""The rulesets as data: every shipped one loads and obeys the rulebooks' deck arithmetic; a
broken one is refused with the file, the entry and the field."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorer import facts, ruleset
from scorer.ruleset import RulesetLoadError, available_expansions, available_games, load_ruleset

SHIPPED = ruleset.RULESETS_DIR


@pytest.mark.parametrize("game", ["7wonders-1e", "7wonders-2e", "duel"])
def test_every_shipped_ruleset_loads(game: str) -> None:
    expansions = available_expansions(game)
    assert load_ruleset(game).cards
    for expansion in expansions:
        assert load_ruleset(game, (expansion,)).cards
    assert load_ruleset(game, tuple(expansions)).cards


@pytest.mark.parametrize("game", ["7wonders-1e", "7wonders-2e"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deck_gives_seven_cards_per_player_and_age(game: str, players: int) -> None:
    """R1/R2: Ages I and II deal 7 cards per player; Age III deals 7 per player of which
    players + 2 are guilds. Non-guild cards in all: 7n + 7n + (7n - (n + 2)) = 20n - 2."""
    rules = load_ruleset(game)
    total = sum(
        sum(1 for least in card.copies if least <= players)
        for card in rules.cards.values()
        if card.colour != "purple"
    )
    assert total == 20 * players - 2


def test_every_seven_wonders_guild_is_one_card_of_age_three() -> None:
    for game in ("7wonders-1e", "7wonders-2e"):
        rules = load_ruleset(game, tuple(available_expansions(game)))
        for guild in rules.guilds:
            assert guild.ages == (3,) and not guild.copies, guild.name


@pytest.fixture
def rulesets_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of the rulesets, with every in-memory cache cleared."""
    root = tmp_path / "rulesets"
    shutil.copytree(SHIPPED, root)
    monkeypatch.setattr(ruleset, "RULESETS_DIR", root)
    caches = [
        load_ruleset,
        ruleset._raw,
        ruleset._expansions,
        ruleset._games,
        facts._ruleset,
    ]
    for c in caches:
        c.cache_clear()
    yield root
    for c in caches:
        c.cache_clear()


def test_a_broken_ruleset_names_file_entry_and_field(rulesets_copy: Path) -> None:
    cards = rulesets_copy / "7wonders-1e" / "cards.toml"
    text = cards.read_text()
    text = text.replace('name = "Altar"\ncolour = "blue"', 'name = "Altar"\ncolour = "blu"', 1)
    text = text.replace('{ kind = "points", points = 3 }', '{ kind = "pointz", points = 3 }', 1)
    cards.write_text(text)
    with pytest.raises(RulesetLoadError) as caught:
        load_ruleset("7wonders-1e")
    problems = caught.value.problems
    assert any(
        p.startswith("rulesets/7wonders-1e/cards.toml: cards[") and '"Altar"' in p and "colour" in p
        for p in problems
    ), problems
    assert any("effects.0" in p and "pointz" in p for p in problems), problems


def test_a_board_not_offered_without_its_reason_is_refused(rulesets_copy: Path) -> None:
    """A board the picker names as not offered says why from `not_supported`: one without
    a reason there is a loading error naming the file, the field and the board."""
    game = rulesets_copy / "7wonders-1e+edifice" / "game.toml"
    game.write_text(game.read_text().replace('boards_not_offered = ["Carthage", "Ur"]',
                                             'boards_not_offered = ["Carthage", "Uruk"]', 1))
    with pytest.raises(RulesetLoadError) as caught:
        load_ruleset("7wonders-1e", ("edifice",))
    assert caught.value.problems == [
        "rulesets/7wonders-1e: [constants] boards_not_offered: no reason in not_supported "
        "for Uruk"]


def test_an_unknown_top_level_key_is_refused(rulesets_copy: Path) -> None:
    (rulesets_copy / "7wonders-1e" / "extra.toml").write_text("[[cardz]]\nname = 'X'\n")
    with pytest.raises(RulesetLoadError) as caught:
        load_ruleset("7wonders-1e")
    assert any("extra.toml: unknown top-level key 'cardz'" in p for p in caught.value.problems)


def test_games_and_expansions_are_the_folders() -> None:
    assert available_games() == ["7wonders-1e", "7wonders-2e", "duel"]
    assert available_expansions("7wonders-1e") == [
        "armada", "babel", "cities", "edifice", "leaders", "wonder-pack"
    ]
    assert available_expansions("duel") == ["agora", "leaders", "pantheon"]


def test_a_game_whose_ruleset_is_broken_is_not_offered(rulesets_copy: Path) -> None:
    (rulesets_copy / "duel" / "extra.toml").write_text("[[cardz]]\nname = 'X'\n")
    assert facts.games() == ["7wonders-1e", "7wonders-2e"]


_SPY = """
import json, sys
import scorer.ruleset as R
seen = []
read = R._RawRuleset.__init__
def spy(self, folder):
    seen.append(folder.name)
    read(self, folder)
R._RawRuleset.__init__ = spy
from scorer.api import result_json, score
from scorer.words import say
result = score(json.loads(open(sys.argv[1]).read()))
result_json(result)
[say(line.why_message) for p in result.players for line in p.lines]
print(json.dumps(sorted(set(seen))))
"""


@pytest.mark.parametrize(("example", "folders"), [
    ("7wonders-1e-4p-full-game.json", ["7wonders-1e"]),
    ("duel-full-game.json", ["duel"]),
    ("duel-agora-leaders.json", ["duel", "duel+agora", "duel+leaders"]),
])
def test_a_table_loads_only_its_games_data(example: str, folders: list[str]) -> None:
    """Scoring a table and putting its lines into words (science symbols included) reads
    the rulesets of its game and expansions, not every game's (issue 34: command-line
    speed with more expansions on the shelf)."""
    import subprocess
    import sys

    path = Path(__file__).parent.parent / "examples" / example
    out = subprocess.run([sys.executable, "-c", _SPY, str(path)], capture_output=True,
                         text=True, check=False, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == folders


def test_every_expansion_the_engine_scores_is_offered_by_the_app() -> None:
    """The app's New game offers every expansion the engine takes: their screens enter
    every piece (issue 34; a ruleset could still say `app = false`)."""
    assert "pantheon" in facts.expansions("duel")
    for game in ("duel", "7wonders-1e", "7wonders-2e"):
        assert facts.offered_expansions(game) == facts.expansions(game)
