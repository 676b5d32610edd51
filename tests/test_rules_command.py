"""`python -m scorer rules GAME [--expansion E]...`: a game's components with where each
comes from and how sure its data are, generic over the rulesets (every game and expansion
folder appears without code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from scorer import rules_list
from scorer.ruleset import available_expansions, available_games, expansion_title, load_ruleset
from tests.test_cli import run

STATUSES = ("exact", "as-entered", "text-only", "uncertain")
"""The JSON output's status values (docs/format.md)."""


def _by_name(data: dict[str, object]) -> dict[str, dict[str, str]]:
    components = data["components"]
    assert isinstance(components, list)
    return {c["name"]: c for c in components}


def test_rules_duel_with_pantheon_lists_each_part_with_its_source() -> None:
    out = run("rules", "duel", "--expansion", "pantheon", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["title"] == "7 Wonders Duel with Pantheon"
    found = _by_name(data)
    # the base game's wonder and Pantheon's own (duel-pantheon.md §5)
    assert found["The Pyramids"]["source"] == "7 Wonders Duel"
    assert found["The Divine Theater"]["source"] == "Pantheon"
    assert found["The Divine Theater"]["status"] == "exact"
    # the 15 Divinities and the Gate, the 5 Grand Temples, the 3 progress tokens (§1)
    divinities = [c for c in data["components"] if c["group"] == "divinities"]
    assert len(divinities) == 16
    temples = [c for c in data["components"] if c["group"] == "Grand Temple"]
    assert len(temples) == 5 and all(c["source"] == "Pantheon" for c in temples)
    assert {"Mysticism", "Poliorcetics", "Engineering"} <= set(found)
    # Baal only moves a card: its text only; Aphrodite's row is the ruleset's [?] choice
    assert found["Baal"]["status"] == "text-only"
    assert found["Aphrodite"]["status"] == "uncertain" and found["Aphrodite"]["note"]
    assert found["Ishtar"]["status"] == "exact"


def test_rules_text_says_exact_text_only_and_uncertain() -> None:
    out = run("rules", "duel", "--expansion", "pantheon", "--expansion", "leaders")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("7 Wonders Duel with Duel Leaders and Pantheon")
    for word in ("Divinities", "Grand Temples", "Leaders", "Progress tokens", "Wonders"):
        assert f"\n{word}\n" in text
    assert "· exact" in text and "· text only" in text and "· uncertain [?]" in text
    assert "as printed" not in text
    assert "  Aphrodite  · Pantheon · uncertain [?]" in text


def test_rules_in_vietnamese() -> None:
    out = run("--lang", "vi", "rules", "duel", "--expansion", "pantheon")
    assert out.returncode == 0, out.stderr
    assert "\nThần linh\n" in out.stdout and "Đại Đền thờ" in out.stdout
    assert "Divinities" not in out.stdout


@pytest.mark.parametrize("game", available_games())
def test_rules_every_game_and_expansion_shows_what_it_adds(game: str) -> None:
    """Generic over the rulesets: each expansion's folder gives at least one component
    whose source is that expansion, and nothing of the list is without a source."""
    every = rules_list.components(game, every=True)
    assert every and all(c.source and c.status in STATUSES
                         for c in every)
    base = rules_list.components(game)
    assert {c.source for c in base} == {load_ruleset(game).constants.title}
    for expansion in available_expansions(game):
        found = rules_list.components(game, [expansion])
        assert any(c.source == expansion_title(game, expansion) for c in found), expansion
        assert all(c.status != "uncertain" or c.note for c in found)


@pytest.mark.parametrize(("args", "said"), [
    (("rules", "duell"), 'no game "duell"; the games are 7wonders-1e, 7wonders-2e, duel; '
                         'did you mean "duel"?'),
    (("rules", "duel", "--expansion", "panthon"),
     'no expansion "panthon" for duel; expected one of agora, leaders, pantheon; '
     'did you mean "pantheon"?'),
])
def test_rules_unknown_game_or_expansion_exit_2(args: tuple[str, ...], said: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == "" and "Traceback" not in out.stderr
    assert said in out.stderr


def test_rules_is_in_the_help() -> None:
    out = run("--help")
    assert out.returncode == 0 and "rules" in out.stdout
    sub = run("rules", "--help")
    assert sub.returncode == 0
    words = " ".join(sub.stdout.split())  # argparse wraps the lines
    for option in ("--expansion", "--all", "--json", "exact", "points as entered", "text only",
                   "uncertain"):
        assert option in words


def test_rules_points_as_entered_are_not_text_only() -> None:
    """Two meanings, two statuses: a component scored from the printed value the table
    enters (Armada's Island cards, wonder-pack's Stonehenge: the ruleset's
    `basis = "as-printed"`) is `as-entered`; one that scores nothing at the end (Cities'
    Gambling Den: its text only) is `text-only`."""
    out = run("rules", "7wonders-1e", "--expansion", "armada", "--expansion", "wonder-pack",
              "--expansion", "cities", "--json")
    assert out.returncode == 0, out.stderr
    found = _by_name(json.loads(out.stdout))
    assert found["Island card points"]["status"] == "as-entered"
    assert found["Stonehenge A"]["status"] == "as-entered"
    assert found["Gambling Den"]["status"] == "text-only"
    text = run("rules", "7wonders-1e", "--expansion", "armada", "--expansion", "cities").stdout
    assert "  Island card points  · Armada · points as entered" in text
    assert "  Gambling Den  · Cities · text only" in text


def test_rules_json_statuses_are_the_documented_ones() -> None:
    """The JSON output's `status` values are a contract: docs/format.md names each one."""
    assert set(get_args(rules_list.Status)) == set(STATUSES)
    doc = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(
        encoding="utf-8")
    for status in STATUSES:
        assert f'`"{status}"`' in doc, status
