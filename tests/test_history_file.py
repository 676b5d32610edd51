"""The history file: `python -m scorer stats`, every problem of a bad file named with its
place, and the BG Stats link of a play."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from scorer import history_stream
from scorer.bgstats import LINK, play_data, play_link
from scorer.history import history_json, read_history, scored_rows
from scorer.jsonfile import loads
from scorer.problems import TableError
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "history.json"


def test_stats_of_the_example_history_lists_every_player() -> None:
    out = run("stats", str(EXAMPLE))
    assert out.returncode == 0, out.stderr
    data = json.loads(EXAMPLE.read_text())
    names = {p["name"] for g in data["games"] for p in g["table"]["players"]} - {"Free City"}
    assert names == {"Ann", "Bob", "Cid", "Dan"}
    for name in names:
        assert f"{name} · 7 Wonders" in out.stdout
    assert "Free City" not in out.stdout
    # Ann played Duel in games 5, 6 and 8; Dan never did
    assert "Ann · 7 Wonders Duel" in out.stdout and "Dan · 7 Wonders Duel" not in out.stdout


def test_stats_in_vietnamese() -> None:
    out = run("stats", str(EXAMPLE), lang="vi_VN.UTF-8")
    assert out.returncode == 0 and "Games" not in out.stdout


def _bad() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    data["games"][0]["finished"] = "last tuesday"
    data["games"][1]["table"]["players"][0]["cards"][0] = "Lumbr Yard"
    data["games"][2]["colour"] = "red"
    data["games"][3]["id"] = data["games"][4]["id"]
    return data


def test_a_bad_history_names_every_problem_exit_2_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_bad()))
    out = run("stats", str(path))
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert any(x.startswith("games[0].finished: ") for x in lines)
    assert any(x.startswith("games[1].table.players[0].cards[0]: ") and "Lumber Yard" in x
               for x in lines)
    assert any(x.startswith("games[2].colour: ") for x in lines)
    assert any(x.startswith("games[4].id: ") for x in lines)  # the second of the same id
    assert len(lines) == 4


def test_not_a_history_file(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text((ROOT / "examples" / "duel-full-game.json").read_text())
    out = run("stats", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr and "format" in out.stderr
    assert run("stats", str(tmp_path / "missing.json")).returncode == 2


def test_the_file_written_is_the_file_read() -> None:
    plays, problems = read_history(json.loads(EXAMPLE.read_text()))
    assert problems == [] and len(plays) == 8
    again, problems = read_history(json.loads(history_json([p.play for p in plays])))
    assert problems == [] and [p.play for p in again] == [p.play for p in plays]
    first = plays[0].play
    # games[0]: 19:10 to 19:58 at +07:00, 48 minutes, at Ann's
    assert first.duration_min == 48 and first.place == "Ann's"


# --- BG Stats ---------------------------------------------------------------------------------
# The documented play (bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites):
# top level sourceName, sourcePlayId, playDate "YYYY-MM-DD HH:MM:SS", durationMin, location,
# comments, game {name, bggId, sourceGameId, highestWins, noPoints}, players [{name,
# sourcePlayerId, score, rank, winner, startPlayer, role}].
PLAY_FIELDS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments",
               "game", "players", "board"}
GAME_FIELDS = {"name", "bggId", "sourceGameId", "highestWins", "noPoints"}
PLAYER_FIELDS = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}


def _decoded(link: str) -> dict[str, Any]:
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    data: dict[str, Any] = json.loads(urllib.parse.unquote(link[len(LINK):]))
    return data


def test_bg_stats_link_carries_the_documented_fields() -> None:
    data = play_data(
        play_id="g-1", game="7wonders-1e", game_name="7 Wonders",
        expansions=[("leaders", "Leaders")], finished=1_790_000_000.0, duration_min=48,
        place="Ann's & Bob's", note="Close one",
        players=[{"name": "Ann", "score": 62, "rank": 2, "winner": False, "role": "Babylon A"},
                 {"name": "Bob", "score": 82, "rank": 1, "winner": True, "role": "Gizah B"},
                 {"name": "Free City", "score": 40, "rank": None, "winner": False}])
    got = _decoded(play_link(data))
    assert set(got) <= PLAY_FIELDS and set(got["game"]) <= GAME_FIELDS
    assert all(set(p) <= PLAYER_FIELDS for p in got["players"])
    assert got["sourceName"] == "Wonders Score Pad" and got["sourcePlayId"] == "g-1"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", got["playDate"])
    assert got["durationMin"] == 48 and got["location"] == "Ann's & Bob's"
    # 7 Wonders is BoardGameGeek's 68448; Leaders 92539 is named in the comments (the
    # format has no expansion field)
    assert got["game"]["bggId"] == 68448 and got["game"]["highestWins"] is True
    assert got["comments"] == "Close one\nExpansions: Leaders (BGG 92539)"
    # the Free City is scored, never ranked: not a player of the play
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in got["players"]] == [
        ("Ann", 62, 2, False), ("Bob", 82, 1, True)]
    # the https form of the same link
    assert play_link(data, web=True).startswith("https://app.bgstatsapp.com/createPlay.html?data=")


def test_bg_stats_play_date_is_utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """playDate in UTC, as BG Stats' own integrations send it (BG Stats shows it in each
    phone's time zone); it was the server's local time, off by the server's offset."""
    monkeypatch.setenv("TZ", "Asia/Ho_Chi_Minh")  # UTC+07:00 all year (no summer time)
    time.tzset()
    try:
        # finished 2026-11-28 19:05 in Hanoi (+07:00) = 12:05 UTC the same day
        finished = dt.datetime(2026, 11, 28, 19, 5,
                               tzinfo=dt.timezone(dt.timedelta(hours=7))).timestamp()
        data = play_data(play_id="g", game="duel", game_name="7 Wonders Duel", expansions=[],
                         finished=finished, duration_min=None, place="", note="", players=[])
        assert data["playDate"] == "2026-11-28 12:05:00"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_bg_stats_ids_of_each_game() -> None:
    # BoardGameGeek: 7 Wonders (Second Edition) 316377, 7 Wonders Duel 173346, and Duel's
    # Agora 271324
    for game, bgg in (("7wonders-2e", 316377), ("duel", 173346)):
        data = play_data(play_id="x", game=game, game_name="g", expansions=[], finished=0.0,
                         duration_min=None, place="", note="", players=[])
        assert data["game"]["bggId"] == bgg and "durationMin" not in data
        assert "comments" not in data and "location" not in data
    data = play_data(play_id="x", game="duel", game_name="g",
                     expansions=[("agora", "Agora")], finished=0.0, duration_min=None,
                     place="", note="", players=[])
    assert data["comments"] == "Expansions: Agora (BGG 271324)"
    # 7 Wonders Duel: Pantheon, BGG 202976 ([?] rulesets/duel+pantheon/game.toml says why)
    data = play_data(play_id="x", game="duel", game_name="g",
                     expansions=[("pantheon", "Pantheon")], finished=0.0, duration_min=None,
                     place="", note="", players=[])
    assert data["comments"] == "Expansions: Pantheon (BGG 202976)"


def test_hostile_stats_reads_a_history_one_chunk_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The streamed reading gives the rows of the whole file's reading, whatever the chunk
    boundaries cut (a game, a string, a number), and with the header after the games."""
    plays, problems = read_history(json.loads(EXAMPLE.read_text()))
    assert problems == []
    whole = sorted(scored_rows(plays))
    data = json.loads(EXAMPLE.read_text())
    moved = json.dumps({"games": data["games"], "version": 1, "format": data["format"]},
                       indent=1)
    for chunk in (1, 7, 64, 4096):
        monkeypatch.setattr(history_stream, "CHUNK", chunk)
        for text in (EXAMPLE.read_text(), moved):
            rows, found = history_stream.history_rows(io.StringIO(text))
            assert found == [] and sorted(rows) == whole


def test_hostile_stats_streamed_names_every_problem_where_it_is() -> None:
    data = _bad()
    data["extra"] = 1
    text = json.dumps(data).replace('"id"', '"id": "twice", "id"', 1)  # games[0] id twice
    rows, problems = history_stream.history_rows(io.StringIO(text))
    assert rows == []
    paths = sorted(p.path for p in problems)
    assert "games[0].id" in paths  # the key given twice: that game is read no further
    assert "games[1].table.players[0].cards[0]" in paths and "games[2].colour" in paths
    assert "games[4].id" in paths and "extra" in paths



def test_play_started_not_a_moment_is_refused_by_a_table_as_by_the_history_file() -> None:
    """`play.started` (and `finished`) are ISO 8601 (the README's extension): a table
    refuses "yesterday" as the history file does, with the same code, at its place."""
    from scorer import assess

    table: dict[str, Any] = json.loads((ROOT / "examples" / "duel-full-game.json").read_text())
    table["play"] = {"started": "yesterday", "finished": "2026-11-28T21:00:00+07:00"}
    found = assess(table)
    assert [(p.code, p.path) for p in found.problems] == [("wrong-type", "play.started")]
    assert "yesterday" in found.problems[0].message
    history = {"games": [{"id": "g1", "finished": "2026-11-28T21:00:00+07:00",
                          "started": "yesterday", "table": table}]}
    _plays, problems = read_history(history)
    assert ("wrong-type", "games[0].started") in [(p.code, p.path) for p in problems]


def test_play_started_a_real_moment_is_accepted() -> None:
    from scorer import assess

    table: dict[str, Any] = json.loads((ROOT / "examples" / "duel-full-game.json").read_text())
    table["play"] = {"started": "2026-11-28T19:05:00+07:00", "finished": "2026-11-28"}
    assert assess(table).problems == []


def _whole_file_problems(text: str) -> list[tuple[str, str, str]]:
    """The problems of the whole-file reading (`loads`, then `read_history`)."""
    try:
        data = loads(text)
    except TableError as err:
        problems = err.problems
    else:
        problems = read_history(data)[1]
    return sorted((p.code, p.path, p.message) for p in problems)


def _malformed() -> list[str]:
    """History files that are not what the format says, each in its own way."""
    data = json.loads(EXAMPLE.read_text())
    game = json.dumps(data["games"][0])
    head = f'"format": {json.dumps(data["format"])}, "version": 1'
    return [
        '{"format":"x","version":1,"games":[ @ ]}',  # the reviewer's file
        '{"games": [',  # cut off
        '{"games": [' + game + ",",
        '{"games": [' + game,
        "{" + head.replace(",", "") + ', "games": [' + game + "]}",  # no comma between keys
        "{" + head + ' "games": [' + game + "]}",
        "{" + head + ', "games": [' + game + "]} garbage",  # something after the end
        "{" + head + ', "games": [' + game + "]}}",
        "{" + head + ', "games": [],}',  # a comma before the end
        "{" + head + ', "games": [' + game + ",]}",
        "{" + head + ', "games": [' + game + " " + game + "]}",  # no comma between games
        "{" + head + ', "games": [' + game + ", @, " + game + "]}",
        '{"format" ' + json.dumps(data["format"]) + "}",  # no colon
        "{1: 2}",
        "{" + head + ', "format": ' + json.dumps(data["format"]) + ', "games": []}',
        '{"games": 5, "colour": "red"}',
        "{}", "", "   ", "@", "[]", "[1, 2]", "7", '"x"',
        # a stray character on a later line, past chunk boundaries: its line and column
        json.dumps(data, indent=1).replace('"Ann"', '"Ann" @', 2),
    ]


@pytest.mark.parametrize("chunk", [1, 7, 4096])
def test_hostile_stats_streamed_finds_the_problems_of_the_whole_file(
        monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """The streamed reading refuses what the whole-file reading refuses, with the same
    problems (a text that is not JSON: one problem, the same line and column)."""
    monkeypatch.setattr(history_stream, "CHUNK", chunk)
    for text in _malformed():
        expected = _whole_file_problems(text)
        assert expected, text  # each file is malformed
        rows, problems = history_stream.history_rows(io.StringIO(text))
        assert rows == [], text
        assert sorted((p.code, p.path, p.message) for p in problems) == expected, text


def test_hostile_stats_streamed_refuses_a_huge_number_and_deep_nesting() -> None:
    """A 5,000-digit number (Python's parser refuses more than 4,300 digits) and 100,000
    nested lists (past its recursion limit) are each the file's one problem, as when the
    whole file is read: never a traceback."""
    head = '{"format": "wonders-score-pad-history", "version": 1, "games": ['
    for text, said in ((head + "9" * 5000 + "]}", "thousands of digits"),
                       (head + "[" * 100_000 + "]" * 100_000 + "]}", "nested too deeply")):
        rows, problems = history_stream.history_rows(io.StringIO(text))
        assert rows == [] and [p.code for p in problems] == ["not-json"], problems
        assert said in problems[0].message


def test_hostile_stats_streamed_bounds_what_a_pipe_sends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input has no size to check before reading: past the bound, the file is
    refused as too large while it is read (one game string of any length was kept whole)."""
    monkeypatch.setattr(history_stream, "CHUNK", 64)
    text = '{"format": "wonders-score-pad-history", "version": 1, "games": ["' + "x" * 5000
    rows, problems = history_stream.history_rows(io.StringIO(text), most_chars=1000)
    assert rows == [] and [p.code for p in problems] == ["file-too-large"], problems


def test_hostile_stats_of_a_file_not_json_exit_2_naming_the_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    for text, column in (('{"format":"x","version":1,"games":[ @ ]}', 37),  # the @
                         ('{"games": [', 12)):  # just past the end
        path.write_text(text)
        out = run("stats", str(path))
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert out.stderr.strip() == f"not valid JSON: Expecting value at line 1, column {column}"


class _CountingReader(io.StringIO):
    """A text file that counts the characters read from it."""

    read_so_far = 0

    def read(self, size: int | None = -1, /) -> str:
        text = super().read(size)
        self.read_so_far += len(text)
        return text


def test_hostile_stats_stops_reading_at_an_early_syntax_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stray character after the first game: the rest of a large file is not read (the
    reading went on to its end before, a chunk at a time, holding it all in memory)."""
    monkeypatch.setattr(history_stream, "CHUNK", 4096)
    data = json.loads(EXAMPLE.read_text())
    game = json.dumps(data["games"][0])
    text = ('{"format": ' + json.dumps(data["format"]) + ', "version": 1, "games": [' + game
            + " @, " + ", ".join([game] * 500) + "]}")
    f = _CountingReader(text)
    rows, problems = history_stream.history_rows(f)
    assert rows == [] and [p.code for p in problems] == ["not-json"]
    assert len(text) > 500 * len(game)
    # the first game and the @ lie in the first chunks; one more chunk at the most is read
    assert f.read_so_far <= text.index("@") + 2 * 4096


def test_history_a_table_file_is_named_as_one(tmp_path: Path) -> None:
    """A table file (one game) given where a history file is read is said to be one, with
    where to import it, not refused field by field ("game: no such field", "version:
    version 1 is the one this score pad reads" for a file that has no version: a walk
    pasted a table into History's import)."""
    table = json.loads((ROOT / "examples" / "7wonders-1e-4p-full-game.json").read_text())
    plays, problems = read_history(table)
    assert plays == [] and len(problems) == 1
    assert problems[0].code == "not-allowed" and "table file" in problems[0].message


TWO_LEFT = ROOT / "tests" / "scenarios" / "7wonders" / "cities" / \
    "diplomacy-two-left-fight-once.json"
"""A Cities table (Ann 1, Bob 15, Cid -3 without paper; Ann's military -2, wonders 3)."""


def _two_left() -> dict[str, Any]:
    table: dict[str, Any] = json.loads(TWO_LEFT.read_text())["table"]
    return table


def _stats_with_paper(tmp_path: Path, table: object, paper: object,
                      name: str = "h") -> Any:
    """`python -m scorer stats` of a history file of one game: `table`, `paper` beside it."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({
        "format": "wonders-score-pad-history", "version": 1, "games": [{
            "id": "g1", "finished": "2026-12-07T20:00:00+07:00", "table": table,
            "paper": paper}]}))
    return run("stats", str(path))


def test_stats_refuses_a_paper_debt_above_zero(tmp_path: Path) -> None:
    """A history file's paper totals are checked as the app's typed rows are: Cities' debt
    is a loss (cities.md §1-2), so Ann's typed Debt of 3 is named at its place in the file,
    saying the row's bounds and the minus sign, exit 2 (it scored +3: a walk's 69 -> 72);
    a Debt of -3 is read. With Ann's -3 typed on paper (`TWO_LEFT`), her total is military
    -2 + wonders 3 + debt -3 = -2."""
    refused = _stats_with_paper(tmp_path, _two_left(), {"Ann": {"debt": 3}}, "plus")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    (line,) = refused.stderr.splitlines()
    assert line.startswith("games[0].paper.Ann.debt: ") and "-300 to 0" in line
    assert "minus sign: -3" in line
    read = _stats_with_paper(tmp_path, _two_left(), {"Ann": {"debt": -3}}, "minus")
    assert read.returncode == 0, read.stderr
    assert "Best total         -2" in read.stdout


def test_stats_paper_of_no_player_is_said_once_where_it_is(tmp_path: Path) -> None:
    """Paper totals for a name not at the table: one problem at `games[0].paper.Zed` (no
    such player), not a second one placed inside the table for its Debt's bounds."""
    out = _stats_with_paper(tmp_path, _two_left(), {"Zed": {"debt": 3}})
    assert out.returncode == 2 and "Traceback" not in out.stderr
    (line,) = out.stderr.splitlines()
    assert line.startswith("games[0].paper.Zed: "), line


def test_stats_paper_beside_a_table_of_the_wrong_shape_is_no_traceback(
        tmp_path: Path) -> None:
    """A table whose expansions or players are not lists, with paper totals beside it: the
    table's format problem, exit 2, never a traceback (the paper rows' bounds read both)."""
    for key in ("expansions", "players"):
        table = _two_left()
        table[key] = 5
        out = _stats_with_paper(tmp_path, table, {"Ann": {"debt": 3}}, key)
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert any(line.startswith(f"games[0].table.{key}") for line in out.stderr.splitlines())


def test_stats_paper_beside_seats_of_the_wrong_shape_is_no_traceback(tmp_path: Path) -> None:
    """Paper totals beside a table whose seat's name is a list (unhashable) or whose seat
    holds a `paper` that is not an object: each seat's own format problem at its place,
    exit 2, never a traceback (the history's map is put into the seats by name)."""
    table = _two_left()
    table["players"][0]["name"] = ["Ann"]
    table["players"][1]["paper"] = [1]
    out = _stats_with_paper(tmp_path, table, {"Bob": {"civilian": 3}})
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    places = [line.split(":")[0] for line in out.stderr.splitlines()]
    assert "games[0].table.players[0].name" in places, out.stderr
    assert "games[0].table.players[1].paper" in places, out.stderr


def test_stats_paper_map_beside_a_seat_whose_paper_is_null_is_scored(tmp_path: Path) -> None:
    """A seat's `"paper": null` is no paper of its own: the history's map still gives its
    player's rows (a review: the map was dropped, Ann scored from her table, silently). With
    Ann's Debt -3 from the map (`TWO_LEFT`): -2 + 3 - 3 = -2, as with no `paper`."""
    table = _two_left()
    table["players"][0]["paper"] = None
    out = _stats_with_paper(tmp_path, table, {"Ann": {"debt": -3}})
    assert out.returncode == 0, out.stderr
    assert "Best total         -2" in out.stdout
