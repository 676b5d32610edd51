"""A seat the reader stood in for (its name missing, not text, or the seat not an object)
is never called by the stand-in ("?", `scorer.names.PLACEHOLDER`): lists of the players'
names leave it out, and a message that must name it names it by its place ("player 2").
A player really named "?" is no repeat of the stand-in. The same on the command line and
in the app's import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from scorer import assess
from scorer.names import PLACEHOLDER
from ui.entry.export import read_table

# Duel: Ann, and a seat without a name (the format requires one); the pawn 3 spaces from
# the centre
NAMELESS_DUEL: dict[str, Any] = {
    "game": "duel",
    "players": [{"name": "Ann"}, {"cards": ["Altar"]}],
    "conflict": {"spaces": 3},
}


def _said(data: Any) -> dict[tuple[str, str], str]:
    return {(p.code, p.path): p.message for p in assess(data).problems}


def _no_stand_in(messages: Any) -> None:
    for message in messages:
        assert f'"{PLACEHOLDER}"' not in message and f"'{PLACEHOLDER}'" not in message, message
        assert f"{PLACEHOLDER} has" not in message, message


def test_stand_in_not_offered_as_the_pawns_direction() -> None:
    said = _said(NAMELESS_DUEL)
    assert said == {
        ("missing-field", "players[1].name"): "the name is required",
        # Ann is the only player with a name to give
        ("pawn-direction", "conflict.toward"):
            'the pawn is 3 spaces from the centre: say toward whose capital ("Ann")',
    }


def test_stand_in_not_listed_among_the_players_for_an_unknown_name() -> None:
    toward = {**NAMELESS_DUEL, "conflict": {"spaces": 3, "toward": "Zed"}}
    assert _said(toward)[("unknown-player", "conflict.toward")] == \
        "no player \"Zed\"; the players are 'Ann'"
    winner = {**NAMELESS_DUEL, "conflict": {"spaces": 3, "toward": "Ann"},
              "supremacy": {"kind": "science", "winner": "Zed"}}
    assert _said(winner)[("unknown-player", "supremacy.winner")] == \
        "no player \"Zed\"; the players are 'Ann'"


def test_stand_in_no_seat_with_a_name_lists_the_seats_by_place() -> None:
    both = {"game": "duel", "players": [{"cards": []}, {"cards": []}],
            "conflict": {"spaces": 3}}
    assert _said(both)[("pawn-direction", "conflict.toward")] == \
        "the pawn is 3 spaces from the centre: say toward whose capital (player 1 or player 2)"
    toward = {**both, "conflict": {"spaces": 3, "toward": "Zed"}}
    assert _said(toward)[("unknown-player", "conflict.toward")] == \
        'no player "Zed"; the players are player 1, player 2'


def test_stand_in_a_stood_in_seat_is_named_by_its_place() -> None:
    """7 Wonders with Leaders: Ann's Courtesans Guild copies "Nero", a leader neither
    neighbour recruited; her neighbours are the nameless seat 2 (Plato) and Cid (none)."""
    table = {"game": "7wonders-1e", "expansions": ["leaders"], "players": [
        {"name": "Ann", "wonder": {"board": "Gizah", "side": "A"},
         "cards": ["Courtesans Guild"], "choices": {"courtesan": "Nero"}},
        {"wonder": {"board": "Rhodos", "side": "A"}, "leaders": ["Plato"]},
        {"name": "Cid", "wonder": {"board": "Babylon", "side": "A"}}]}
    message = _said(table)[("choice-not-offered", "players[0].choices.courtesan")]
    assert "player 2 has Plato" in message and "Cid has no leader" in message
    _no_stand_in([message])


def test_stand_in_a_seat_that_is_not_an_object_is_named_by_its_place() -> None:
    table = {"game": "duel", "players": [{"name": "Ann"}, "Bob"], "conflict": {"spaces": 2}}
    said = _said(table)
    assert said[("pawn-direction", "conflict.toward")] == \
        'the pawn is 2 spaces from the centre: say toward whose capital ("Ann")'


def test_stand_in_does_not_clash_with_a_player_really_named_so() -> None:
    # seat 1 has no name (stood in for); seat 2 is really called "?": no repeat, and the
    # pawn toward "?" points to seat 2, the one player of that name (seat 1's Walls, 2
    # shields, put it there: rules_duel.md §1.1)
    table = {"game": "duel", "players": [{"cards": ["Altar", "Walls"]}, {"name": PLACEHOLDER}],
             "conflict": {"spaces": 2, "toward": PLACEHOLDER}}
    assert set(_said(table)) == {("missing-field", "players[0].name")}
    # two real "?" are a repeat as any other name
    two = {"game": "duel", "players": [{"name": PLACEHOLDER}, {"name": PLACEHOLDER}],
           "conflict": {"spaces": 0}}
    assert set(_said(two)) == {("duplicate-name", "players[1].name")}


def test_stand_in_never_in_the_apps_import() -> None:
    for data in (NAMELESS_DUEL, {**NAMELESS_DUEL, "conflict": {"spaces": 3, "toward": "Zed"}}):
        got = read_table(json.dumps(data))
        assert got.draft is None and len(got.problems) == 2
        _no_stand_in(got.problems)
        assert any("Ann" in p for p in got.problems)


def test_stand_in_never_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "nameless.json"
    path.write_text(json.dumps({**NAMELESS_DUEL, "conflict": {"spaces": 3, "toward": "Zed"}}),
                    encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "C.UTF-8"
    out = subprocess.run([sys.executable, "-m", "scorer", "score", str(path)],
                         capture_output=True, text=True, timeout=60, check=False, env=env)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.splitlines() == [
        "players[1].name: the name is required",
        "conflict.toward: no player \"Zed\"; the players are 'Ann'",
    ]


def test_stand_in_named_by_place_where_a_card_is_held_twice() -> None:
    # Duel has one Altar: the nameless seat 1 and Bob both hold it
    table = {"game": "duel", "players": [{"cards": ["Altar"]}, {"name": "Bob", "cards": ["Altar"]}],
             "conflict": {"spaces": 0}}
    assert _said(table)[("too-many-copies", "players[1].cards[0]")] == \
        'card "Altar" is also held by player 1; it exists once in this game'
