"""The command line as a user meets it: real processes, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorer import score

SCIENCE_48 = Path(__file__).parent / "scenarios" / "7wonders" / "science-rulebook-3-3-3.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def table_file(tmp_path: Path) -> Path:
    table = json.loads(SCIENCE_48.read_text())["table"]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    return path


def test_score_prints_the_pad_and_verdict(table_file: Path) -> None:
    out = run("score", str(table_file))
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line.split()[1:] for line in out.stdout.splitlines() if line.strip()}
    assert rows["Science"] == ["48", "0", "0"]  # 3x3 x 3 + 7 x 3 sets (rulebook)
    assert rows["Total"] == ["48", "0", "0"]
    assert rows["Rank"] == ["1", "2", "2"]  # Bob and Cid tie on 0 points and 0 coins
    assert "Ann wins with 48 points." in out.stdout


def test_json_equals_the_python_api(table_file: Path) -> None:
    out = run("score", str(table_file), "--json")
    assert out.returncode == 0, out.stderr
    expected: dict[str, Any] = score(json.loads(table_file.read_text())).model_dump(mode="json")
    assert json.loads(out.stdout) == expected


def test_explain_shows_one_players_lines(table_file: Path) -> None:
    out = run("explain", str(table_file), "--player", "Ann")
    assert out.returncode == 0, out.stderr
    assert "Ann: 48 points, rank 1" in out.stdout
    assert "+48  science symbols" in out.stdout


def test_explain_unknown_player_is_exit_2(table_file: Path) -> None:
    out = run("explain", str(table_file), "--player", "Zed")
    assert out.returncode == 2
    assert "no player 'Zed'" in out.stderr and "'Ann'" in out.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "a table file is a JSON object"),
        ('{"game": "chess", "players": []}', "game: the game cannot be 'chess'"),
        ('{"game": "7wonders-1e"}', "players: the players is required"),
    ],
)
def test_bad_input_is_exit_2_without_traceback(text: str, message: str) -> None:
    out = run("score", "-", stdin=text)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_every_problem_is_listed_at_once() -> None:
    table = {
        "game": "7wonders-1e",
        "players": [
            {"name": "Ann", "wonder": {"board": "Gza", "side": "A"}, "cards": ["Lumbr Yard"]},
            {"name": "Bob", "wonder": {"board": "Rhodos", "side": "A"}, "coins": -2},
            {"name": "Cid", "wonder": {"board": "Babylon", "side": "A"}},
        ],
    }
    out = run("score", "-", stdin=json.dumps(table))
    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert (
        'players[0].wonder.board: no wonder "Gza" in 7 Wonders 1st edition; did you mean "Gizah"?'
        in lines
    )
    assert any(line.startswith("players[0].cards[0]") and '"Lumber Yard"' in line for line in lines)
    assert "players[1].coins: the coins must be 0 or more, not -2" in lines


def test_json_lists_the_problems_as_data() -> None:
    table = {
        "game": "7wonders-1e",
        "players": [
            {"name": "Ann", "wonder": {"board": "Gizah", "side": "A"}, "cards": ["Lumbr Yard"]},
            {"name": "Bob", "wonder": {"board": "Rhodos", "side": "A"}},
            {"name": "Cid", "wonder": {"board": "Babylon", "side": "A"}},
        ],
    }
    out = run("score", "-", "--json", stdin=json.dumps(table))
    assert out.returncode == 2 and not out.stderr
    (found,) = json.loads(out.stdout)["problems"]
    assert {k: found[k] for k in ("code", "path", "seat", "field", "item")} == {
        "code": "unknown-name",
        "path": "players[0].cards[0]",
        "seat": 0,
        "field": "cards",
        "item": 0,
    }
    assert '"Lumber Yard"' in found["message"]


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    out = run("score", str(tmp_path / "nope.json"))
    assert out.returncode == 2
    assert "cannot read" in out.stderr


def test_file_is_never_changed(table_file: Path) -> None:
    before = table_file.read_bytes()
    run("score", str(table_file))
    assert table_file.read_bytes() == before


def test_schema_is_json_schema() -> None:
    out = run("schema")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/")
    # the spec's two games, told apart by "game", each with its players
    tables = schema["$defs"]
    assert set(schema["discriminator"]["mapping"]) == {"7wonders-1e", "7wonders-2e", "duel"}
    for name in ("SevenWondersTable", "DuelTable"):
        assert {"game", "players"} <= set(tables[name]["required"])


@pytest.mark.parametrize(
    "args", [["--help"], ["score", "--help"], ["explain", "--help"], ["schema", "--help"]]
)
def test_help_everywhere(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 0
    assert "usage: python -m scorer" in out.stdout


def test_broken_game_data_is_exit_1_without_traceback(tmp_path: Path, table_file: Path) -> None:
    """A maintainer's typo in rulesets/ is named, file and field, not shown as a traceback."""
    import os
    import shutil

    rulesets = tmp_path / "rulesets"
    shutil.copytree(Path(__file__).parent.parent / "rulesets", rulesets)
    cards = rulesets / "7wonders-1e" / "cards.toml"
    cards.write_text(cards.read_text().replace('colour = "blue"', 'colour = "blu"', 1))
    env = {**os.environ, "WONDERS_RULESETS": str(rulesets)}
    out = subprocess.run(
        [sys.executable, "-m", "scorer", "score", str(table_file)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    assert out.returncode == 1
    assert "the game data in rulesets/ is broken" in out.stderr
    assert "rulesets/7wonders-1e/cards.toml" in out.stderr and "colour" in out.stderr
    assert "Traceback" not in out.stderr
