"""The command line as a user meets it: real processes, exit codes, no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorer import score

SCENARIOS = Path(__file__).parent / "scenarios"
SCIENCE_48 = SCENARIOS / "7wonders" / "science-rulebook-3-3-3.json"


def run(
    *args: str, stdin: str | None = None, lang: str = "C.UTF-8"
) -> subprocess.CompletedProcess[str]:
    """The command line in a locale of our choosing (English unless `lang` asks for another),
    whatever the locale of the machine running the tests."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "scorer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
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
    assert out.stderr.strip() == "the file cannot be read: there is no such file"
    assert str(tmp_path) not in out.stderr  # no path, no operating system's English


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


# --- in Vietnamese ----------------------------------------------------------------------------

BAD_TABLE = {
    "game": "7wonders-1e",
    "players": [
        {"name": "Ann", "wonder": {"board": "Gza", "side": "A"}, "cards": ["Lumbr Yard"]},
        {"name": "Bob", "wonder": {"board": "Rhodos", "side": "A"}, "coins": -2},
        {"name": "Cid", "wonder": {"board": "Babylon", "side": "A"}},
    ],
}


def test_verdict_in_vietnamese_from_lang(table_file: Path) -> None:
    out = run("score", str(table_file), lang="vi_VN.UTF-8")
    assert out.returncode == 0, out.stderr
    (science,) = [line for line in out.stdout.splitlines() if line.startswith("Khoa học ")]
    assert science.split()[2:] == ["48", "0", "0"]  # 3x3 x 3 + 7 x 3 sets (rulebook)
    assert "Ann thắng với 48 điểm." in out.stdout.splitlines()


def test_supremacy_verdict_in_vietnamese_with_lang_option(tmp_path: Path) -> None:
    """The pawn on space 9, Bob's capital, is Ann's Military Supremacy (reference
    rules_duel.md §1.1); the file does not claim it, so the verdict says the cities show it
    (no word of files: issue 31)."""
    table = json.loads((SCENARIOS / "duel" / "supremacy-military-detected.json").read_text())
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(table["table"]))
    out = run("--lang", "vi", "score", str(path), lang="en_US.UTF-8")  # --lang wins over LANG
    assert out.returncode == 0, out.stderr
    assert (
        "Ann thắng bằng Thống trị Quân sự: quân cờ xung đột đã tới thủ đô của Bob, như các "
        "thành phố cho thấy; không cần so điểm."
    ) in out.stdout.splitlines()


@pytest.mark.parametrize(("args", "lang"), [((), "vi_VN.UTF-8"), (("--lang", "vi"), "C.UTF-8")])
def test_problems_in_vietnamese(args: tuple[str, ...], lang: str) -> None:
    out = run(*args, "score", "-", stdin=json.dumps(BAD_TABLE), lang=lang)
    assert out.returncode == 2
    assert out.stderr.splitlines() == [
        "players[1].coins: số đồng tiền phải từ 0 trở lên, không phải -2",
        'players[0].wonder.board: không có Kỳ quan "Gza" trong 7 Wonders bản 1; '
        'có phải ý bạn là "Gizah"?',
        'players[0].cards[0]: không có thẻ "Lumbr Yard" trong 7 Wonders bản 1; '
        'có phải ý bạn là "Lumber Yard"?',
    ]


def test_json_is_the_same_in_every_language_but_its_words(table_file: Path) -> None:
    """Codes, places, numbers and the lines' message ids and parameters do not depend on the
    language; only the texts the format carries (messages, the verdict, the lines' words) do."""
    english = json.loads(run("score", str(table_file), "--json").stdout)
    vietnamese = json.loads(run("--lang", "vi", "score", str(table_file), "--json").stdout)
    assert vietnamese["verdict"] == "Ann thắng với 48 điểm."

    def data(result: dict[str, Any]) -> dict[str, Any]:
        players = [
            {**p, "lines": [{k: v for k, v in ln.items() if k not in ("source", "why")}
                            for ln in p["lines"]]}
            for p in result["players"]
        ]
        return {**result, "verdict": "", "players": players}

    assert data(vietnamese) == data(english)
    english_lines = [ln for p in english["players"] for ln in p["lines"]]
    vietnamese_lines = [ln for p in vietnamese["players"] for ln in p["lines"]]
    assert english_lines and all(ln["why_message"]["id"] for ln in english_lines)
    assert [ln["why"] for ln in vietnamese_lines] != [ln["why"] for ln in english_lines]

    def problems(*args: str) -> list[dict[str, Any]]:
        out = run(*args, "score", "-", "--json", stdin=json.dumps(BAD_TABLE))
        assert out.returncode == 2
        found: list[dict[str, Any]] = json.loads(out.stdout)["problems"]
        return found

    en, vi = problems(), problems("--lang", "vi")
    assert [{**p, "message": ""} for p in vi] == [{**p, "message": ""} for p in en]
    assert all(a["message"] != b["message"] for a, b in zip(en, vi, strict=True))


def test_a_language_without_a_catalogue_is_refused_not_replaced(table_file: Path) -> None:
    """`--lang xx`: said, with the languages there are, exit 2; never a pad in English that
    the player did not ask for. A locale spelling of a language there is (`vi_VN`) is it."""
    refused = run("--lang", "xx", "score", str(table_file))
    assert refused.returncode == 2 and refused.stdout == ""
    assert "no language xx" in refused.stderr and "en, vi" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert run("--lang", "vi_VN", "score", str(table_file)).returncode == 0


def test_version_is_printed_on_standard_output() -> None:
    """`--version` prints the package's version on standard output, as argparse's own
    version action does (a script reads `wonders --version`; it went to standard error)."""
    from scorer.cli import package_version

    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == package_version() and out.stderr == ""


def test_score_names_the_free_city_once() -> None:
    """The example's Free City seat is named "Free City": its column says so once, not
    "Free City (Free City)" (a walk's finding); another name keeps the mark."""
    from scorer.api import assess
    from scorer.cli import render_pad

    table = json.loads((Path(__file__).parents[1] / "examples" /
                        "7wonders-1e-2p-free-city.json").read_text())
    def header() -> str:
        result = assess(table).result
        assert result is not None
        return render_pad(result).splitlines()[0]

    assert "Free City" in header() and "(Free City)" not in header()
    table["players"][2]["name"] = "Neutral"
    assert "Neutral (Free City)" in header()


@pytest.mark.parametrize("args", [["rules", "7wonders-1e", "--all"],
                                  ["stats", str(Path(__file__).parents[1] / "examples"
                                                / "history.json")]])
def test_output_cut_by_its_reader_ends_without_a_traceback(args: list[str]) -> None:
    """`wonders stats FILE | head`: the reader goes before the output is written (a pipe
    closed at once here). The command stops quietly, exit status 141 as a shell reports
    it (128 + SIGPIPE); a walk read a BrokenPipeError traceback (never a traceback:
    docs/format.md)."""
    read, write = os.pipe()
    os.close(read)  # nobody will read: the first write fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "scorer", *args], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    finally:
        os.close(write)
    assert done.returncode == 141
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


def test_pad_and_lines_name_pantheons_purple_row_grand_temples() -> None:
    """Duel + Pantheon: the Grand Temples take the Guilds' place (duel-pantheon.md §2-3), so
    the command line's pad and a player's lines name that row "Grand Temples", as the app's
    pad does (it said "Guilds" beside the temples' own lines); a Duel without Pantheon keeps
    "Guilds"."""
    from scorer.api import assess
    from scorer.cli import render_lines, render_pad

    folder = Path(__file__).parent / "scenarios" / "duel"
    pantheon = json.loads((folder / "pantheon" / "grand-temples-three.json").read_text())
    result = assess(pantheon["table"]).result
    assert result is not None
    pad = render_pad(result).splitlines()
    rows = [line.split()[0] for line in pad[1:] if line.strip()]
    assert "Grand" in rows and "Guilds" not in rows
    first = result.players[0].name
    lines = render_lines(result, first)
    assert lines is not None and "  Grand Temples:" in lines and "Guilds" not in lines
    base = json.loads((folder / "guild-builders.json").read_text())
    plain = assess(base["table"]).result
    assert plain is not None
    assert any(line.startswith("Guilds") for line in render_pad(plain).splitlines())


def test_score_marks_a_count_that_may_be_short(tmp_path: Path) -> None:
    """The command line's pad marks what the app's pad marks "≥": Ann's Phryne beside Bob,
    who counted on paper, cannot be told (scenarios/7wonders/leaders-2e/phryne-beside-a-
    paper-player-is-not-told.json: Leaders ≥ 0, total ≥ 3 = Altar 3), and says what it
    means; a table without such a count has no mark."""
    scenario = Path(__file__).parent / "scenarios" / "7wonders" / "leaders-2e" / \
        "phryne-beside-a-paper-player-is-not-told.json"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(json.loads(scenario.read_text())["table"]))
    out = run("score", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert next(x for x in lines if x.startswith("Leaders")).split()[1:3] == ["\u2265", "0"]
    assert next(x for x in lines if x.startswith("Total")).split()[1:3] == ["\u2265", "3"]
    assert "\u2265: the count may be short (explain says why)" in lines
    four = Path(__file__).parents[1] / "examples" / "7wonders-1e-4p-full-game.json"
    plain = run("score", str(four))
    assert "\u2265" not in plain.stdout


def test_score_names_a_paper_row_key_in_its_own_words(tmp_path: Path) -> None:
    """A paper row written "Civilian": said as the key and where it is, with what is right,
    not the path "paper.Civilian.[key]" and control characters (a review)."""
    table = json.loads((Path(__file__).parents[1] / "examples" /
                        "7wonders-1e-4p-full-game.json").read_text())
    table["players"][1].update(cards=[], paper={"Civilian": 3})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    out = run("score", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    (line,) = [x for x in out.stderr.splitlines() if "Civilian" in x]
    assert line.startswith('players[1].paper.Civilian.[key]: "Civilian" in the paper pad\'s '
                           'totals must be written in small letters and "_"'), line


def test_score_says_odd_paper_keys_on_one_line_each(tmp_path: Path) -> None:
    """Keys with a dot, a line break or 300 characters: each problem on one line, the key
    as written in the object it is in, a long one cut (a review: '"paper.civ.ilian" must
    be...', a raw line break in the output, a 300-character key said twice in full)."""
    table = json.loads((Path(__file__).parents[1] / "examples" /
                        "7wonders-1e-4p-full-game.json").read_text())
    table["players"][1].update(cards=[], paper={"civ.ilian": 3, "a\nb": 1, "x" * 300: 2})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    out = run("score", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 3, lines
    assert '"civ.ilian" in the paper pad\'s totals must be written' in lines[0]
    assert lines[1].startswith('players[1].paper.a\\nb.[key]: "a\\nb" in the paper pad')
    said = lines[2].split(": ", 1)[1]
    assert said.startswith('"' + "x" * 39 + '\u2026" in the paper pad\'s totals'), said
