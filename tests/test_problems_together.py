"""A bad table is reported in one round: the format's problems (a missing wonder, a seat
that is not an object, text where a number goes) and the game's checks (an unknown board,
side "C", an unknown card, a name given twice, too few players) together, each with where it
is and what would be right. A check that cannot run on a part the format refused skips that
part only, and says nothing about it that the format problem does not already say. The
command line exits 2 without a traceback; the file is never changed; the app's import lists
the same problems, in the players' words."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorer import assess
from ui.entry.export import read_table

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _places(data: Any) -> set[tuple[str, str]]:
    return {(p.code, p.path) for p in assess(copy.deepcopy(data)).problems}


# Ann: no wonder at all (the format requires one); Bob: coins as text and a board no
# edition has; Cid: side "C" and a misspelt card; Dan: Ann's name again.
BAD_SEVEN = {
    "game": "7wonders-1e",
    "players": [
        {"name": "Ann", "cards": ["Altar"]},
        {"name": "Bob", "wonder": {"board": "Atlantis", "side": "A"}, "coins": "three"},
        {"name": "Cid", "wonder": {"board": "Rhodos", "side": "C"}, "cards": ["Lumbr Yard"]},
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "A", "stages": 1}},
    ],
}
SEVEN_PROBLEMS = {
    ("missing-field", "players[0].wonder"),
    ("wrong-type", "players[1].coins"),
    ("unknown-name", "players[1].wonder.board"),
    ("unknown-side", "players[2].wonder.side"),
    ("unknown-name", "players[2].cards[0]"),
    ("duplicate-name", "players[3].name"),
}


def test_all_at_once_format_and_checks_in_one_round() -> None:
    assert _places(BAD_SEVEN) == SEVEN_PROBLEMS


def test_all_at_once_too_few_players_beside_a_format_problem() -> None:
    # 7 Wonders 1st edition: 3 to 7 players (2 with the Free City); here 2, one of them
    # without a wonder
    table = {"game": "7wonders-1e", "players": [
        {"name": "Ann"},
        {"name": "Bob", "wonder": {"board": "Gizah", "side": "A"}, "cards": ["Lumbr Yard"]}]}
    assert _places(table) == {("missing-field", "players[0].wonder"),
                              ("player-count", "players"),
                              ("unknown-name", "players[1].cards[0]")}


def test_all_at_once_a_seat_that_is_not_an_object() -> None:
    """A seat given as a bare name still holds its place: its neighbours keep theirs, and
    the seats are counted with it (3: no player-count problem)."""
    table = {"game": "7wonders-1e", "players": [
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "C"}},
        "Bob",
        {"name": "Cid", "wonder": {"board": "Rhodos", "side": "A"}, "cards": ["Lumbr Yard"]}]}
    assert _places(table) == {("unknown-side", "players[0].wonder.side"),
                              ("wrong-type", "players[1]"),
                              ("unknown-name", "players[2].cards[0]")}


def test_all_at_once_a_seat_that_is_not_an_object_is_said_in_words() -> None:
    table = {"game": "duel", "players": [{"name": "Ann"}, "Bob"], "conflict": {"spaces": 0}}
    (said,) = [p.message for p in assess(table).problems]
    assert said == "player 2 must be an object {...}, not text"


def test_all_at_once_a_wonder_of_the_wrong_kind_skips_only_that_wonder() -> None:
    """Two seats whose wonder cannot be read: neither is "the same wonder twice", and their
    stages are not checked against a board nobody can name."""
    table = {"game": "7wonders-1e", "players": [
        {"name": "Ann", "wonder": "Babylon"},
        {"name": "Bob", "wonder": "Babylon"},
        {"name": "Cid", "wonder": {"board": "Rhodos", "side": "A", "stages": 9}},
        {"name": "Cid", "wonder": {"board": "Gizah", "side": "B"}}]}
    assert _places(table) == {("wrong-type", "players[0].wonder"),
                              ("wrong-type", "players[1].wonder"),
                              ("too-many-stages", "players[2].wonder.stages"),
                              ("duplicate-name", "players[3].name")}


def test_all_at_once_two_seats_without_names_are_not_a_duplicate() -> None:
    table = {"game": "7wonders-1e", "players": [
        {"wonder": {"board": "Gizah", "side": "A"}},
        {"wonder": {"board": "Rhodos", "side": "A"}},
        {"name": "Cid", "wonder": {"board": "Babylon", "side": "C"}}]}
    assert _places(table) == {("missing-field", "players[0].name"),
                              ("missing-field", "players[1].name"),
                              ("unknown-side", "players[2].wonder.side")}


def test_all_at_once_duel_without_its_conflict_pawn() -> None:
    """Duel's pawn is required: without it, what depends on the pawn (a claimed military
    supremacy) is not judged, and everything else is."""
    table = {"game": "duel", "players": [
        {"name": "Ann", "cards": ["Lumbr Yard"]},
        {"name": "Ann", "wonders": ["The Colossus"]}],
        "supremacy": {"kind": "military", "winner": "Ann"}}
    assert _places(table) == {("missing-field", "conflict"),
                              ("unknown-name", "players[0].cards[0]"),
                              ("duplicate-name", "players[1].name")}


def test_all_at_once_duel_pawn_without_its_distance() -> None:
    table = {"game": "duel", "players": [{"name": "Ann"}, {"name": "Bob", "cards": ["Altr"]}],
             "conflict": {"toward": "Bob"}, "supremacy": {"kind": "military", "winner": "Ann"}}
    assert _places(table) == {("missing-field", "conflict.spaces"),
                              ("unknown-name", "players[1].cards[0]")}


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    return subprocess.run([sys.executable, "-m", "scorer", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False, env=env)


def test_all_at_once_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    text = json.dumps(BAD_SEVEN, indent=1)
    path.write_text(text, encoding="utf-8")
    out = _run("score", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr and not out.stdout
    lines = out.stderr.splitlines()
    assert "players[0].wonder: the wonder is required" in lines
    assert "players[1].coins: the coins must be a whole number, not text" in lines
    assert 'players[1].wonder.board: no wonder "Atlantis" in 7 Wonders 1st edition' in lines
    assert "players[2].wonder.side: no side \"C\"; expected one of 'A', 'B'" in lines
    assert any(ln.startswith("players[2].cards[0]") and '"Lumber Yard"' in ln for ln in lines)
    assert any(ln.startswith("players[3].name") and '"Ann"' in ln for ln in lines)
    assert len(lines) == len(SEVEN_PROBLEMS)
    assert path.read_text(encoding="utf-8") == text  # never changed
    as_json = _run("score", str(path), "--json")
    assert as_json.returncode == 2
    assert {(p["code"], p["path"]) for p in json.loads(as_json.stdout)["problems"]} == \
        SEVEN_PROBLEMS


def test_all_at_once_in_the_apps_import() -> None:
    raw = json.dumps(BAD_SEVEN)
    got = read_table(raw)
    assert got.draft is None
    said = "\n".join(got.problems)
    # in the players' words: each problem by the player's name, never a file path
    assert "players[" not in said
    assert len(got.problems) == len(SEVEN_PROBLEMS)
    for words in ("the wonder is required", "not text", '"Atlantis"', 'no side "C"',
                  '"Lumber Yard"', '"Ann"'):
        assert words in said, words


def test_all_at_once_duel_without_its_pawn_still_judges_a_science_claim() -> None:
    """Only a military claim depends on the pawn. Ann claims science supremacy with no
    green card: 6 different science symbols are needed (rules_duel.md, science supremacy),
    she has 0, so the claim is contradicted in the same round as the missing pawn."""
    table = {"game": "duel", "players": [{"name": "Ann"}, {"name": "Bob"}],
             "supremacy": {"kind": "science", "winner": "Ann"}}
    assert _places(table) == {("missing-field", "conflict"),
                              ("supremacy-contradicted", "supremacy")}


def test_all_at_once_duel_without_its_pawn_still_names_an_unknown_winner() -> None:
    table = {"game": "duel", "players": [{"name": "Ann"}, {"name": "Bob"}],
             "supremacy": {"kind": "political", "winner": "Zed"}}
    assert _places(table) == {("missing-field", "conflict"),
                              ("unknown-player", "supremacy.winner")}


def test_all_at_once_duel_pawn_distance_missing_leaves_out_only_a_military_claim() -> None:
    military = {"game": "duel", "players": [{"name": "Ann"}, {"name": "Bob"}],
                "conflict": {"toward": "Bob"}, "supremacy": {"kind": "military", "winner": "Zed"}}
    # a military claim is judged by the pawn: left out, its winner with it
    assert _places(military) == {("missing-field", "conflict.spaces")}
    science = {**military, "supremacy": {"kind": "science", "winner": "Ann"}}
    assert _places(science) == {("missing-field", "conflict.spaces"),
                                ("supremacy-contradicted", "supremacy")}


def _field_at(model: Any, pattern: str) -> Any:
    """The pydantic field a `StandIns` place names (the models' own, by full path)."""
    import typing

    from pydantic import BaseModel

    field = None
    for name in pattern.replace("[]", "").split("."):
        field = model.model_fields[name]
        # the model inside: a list's entries, an optional one, or the model itself
        found = [a for a in (field.annotation, *typing.get_args(field.annotation))
                 for a in (a, *typing.get_args(a))
                 if isinstance(a, type) and issubclass(a, BaseModel)]
        model = found[0] if found else None
    return field


def test_all_at_once_stand_ins_are_declared_by_full_path() -> None:
    """Each game declares its stand-ins by the full place of a required part of its own
    format (a field of the same name elsewhere gets none), and what a stand-in decides."""
    from scorer.games import duel, seven_wonders
    from scorer.table import DuelTable, SevenWondersTable

    for package, model in ((duel, DuelTable), (seven_wonders, SevenWondersTable)):
        stand_ins = package.STAND_INS
        for place in stand_ins.parts:
            assert _field_at(model, place).is_required(), place
        for place in stand_ins.optional:
            assert not _field_at(model, place).is_required(), place
        for place, judged in stand_ins.judged_by.items():
            assert _field_at(model, place) is not None
            assert all(_field_at(model, j.place) is not None for j in judged)
    # Duel: a missing `spaces` or `name` inside another part (a buried leader) is no pawn
    # and no player's name
    assert set(duel.STAND_INS.parts) == {"players[].name", "conflict", "conflict.spaces"}


def test_all_at_once_a_seat_that_is_not_an_object_is_named_once_in_the_import() -> None:
    """The problem of a seat itself names the player already: the import does not put
    "Player 2:" before "player 2 must be ..."."""
    raw = json.dumps({"game": "duel", "players": [{"name": "Ann"}, "Bob"],
                      "conflict": {"spaces": 0}})
    assert read_table(raw).problems == ("player 2 must be an object {...}, not text",)


@pytest.mark.parametrize(("game", "expansions", "named"), [
    ("duel", ["agora", "leaders"], "7 Wonders Duel with Agora and Duel Leaders"),
    ("duel", ["agora", "pantheon"], "7 Wonders Duel with Agora and Pantheon"),
    ("7wonders-1e", ["cities", "leaders"], "7 Wonders 1st edition with Cities and Leaders"),
])
def test_problems_name_the_game_with_every_expansion(game: str, expansions: list[str],
                                                      named: str) -> None:
    """A card no expansion of the game has is said to be missing from the game as played,
    with every expansion in it: a walk read "in 7 Wonders Duel with Duel Leaders" for a
    game with Agora too, and "in 7 Wonders 1st edition" for one with Cities and Leaders."""
    seat = {"cards": ["Zzyzx"], "wonders": [], "progress": []} if game == "duel" else {
        "cards": ["Zzyzx"], "wonder": {"board": "Gizah", "side": "A", "stages": 0}}
    players = [{"name": n, **seat} for n in (["Ann", "Bob"] if game == "duel"
                                             else ["Ann", "Bob", "Cid"])]
    table: dict[str, Any] = {"game": game, "expansions": expansions, "players": players}
    if game == "duel":
        table["conflict"] = {"toward": "", "spaces": 0}
    said = [p.message for p in assess(table).problems if p.code == "unknown-name"]
    assert said and all(named in m for m in said), said


def test_a_copy_beyond_the_box_names_only_the_other_holders() -> None:
    """Agora's 7 Politicians (rules_duel.md §7): Ann holds 4, Bob 4. Bob's 4th is one too
    many, and the message names Ann as the other holder, not Bob beside her ("also held by
    Ann and Bob" was read on Bob's own card: a walk's finding)."""
    table = json.loads((SCENARIOS / "duel" / "invalid-senators-across-cities.json").read_text(
        encoding="utf-8"))["table"]
    (found,) = assess(table).problems
    assert found.path == "players[1].cards[3]"
    assert "held by Ann" in found.message and "Ann and Bob" not in found.message
