"""Each problem is said once, at its cause, in players' words, naming the right players:
what another problem sets aside or leaves unknown never raises a second problem (the
scenario files in tests/scenarios/*/validation hold the cases that need only codes and
places; here are the ones whose words matter)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorer import assess, score
from ui.screens.pad import cell_value, total_value

SCENARIOS = Path(__file__).parent / "scenarios"


def _seat(name: str, board: str, side: str = "A", stages: int = 0, **more: Any) -> dict[str, Any]:
    return {"name": name, "wonder": {"board": board, "side": side, "stages": stages}, **more}


def _messages(table: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.message) for p in assess(table).problems]


def test_knock_on_choice_not_offered_names_what_each_neighbour_has() -> None:
    # Ann (Olympia B, 3 stages: copies a neighbour's guild) sits between Cid (left, no
    # guild) and Bob (right, Builders Guild): only Bob holds a guild
    table = {"game": "7wonders-1e", "players": [
        _seat("Ann", "Olympia", "B", 3, choices={"copied_guild": "Workers Guild"}),
        _seat("Bob", "Babylon", cards=["Builders Guild"]),
        _seat("Cid", "Gizah"),
    ]}
    [(code, message)] = _messages(table)
    assert code == "choice-not-offered"
    assert "Cid has no guild" in message and "Bob has Builders Guild" in message
    assert "Cid and Bob have" not in message and "Bob and Cid have" not in message


def test_knock_on_courtesan_not_offered_names_what_each_neighbour_has() -> None:
    table = {"game": "7wonders-1e", "expansions": ["leaders"], "players": [
        _seat("Ann", "Gizah", cards=["Courtesans Guild"], choices={"courtesan": "Caesar"}),
        _seat("Bob", "Babylon", leaders=["Nero"]),
        _seat("Cid", "Olympia"),
    ]}
    [(code, message)] = _messages(table)
    assert code == "choice-not-offered"
    assert "Bob has Nero" in message and "Cid has no leader" in message


def test_knock_on_tokens_unbalanced_counts_in_words_and_names_no_absent_leader() -> None:
    # one victory token of 1 entered, no defeat token anywhere: 1 != 0 (rulebook: every
    # conflict gives one victory and one defeat token); no Leaders: no Tomyris to excuse it
    table = {"game": "7wonders-1e", "players": [
        _seat("Ann", "Gizah", military={"1": 1}), _seat("Bob", "Babylon"), _seat("Cid", "Olympia"),
    ]}
    [(code, message)] = _messages(table)
    assert code == "tokens-unbalanced"
    assert "1 victory token and 0 defeat tokens" in message
    assert "Tomyris" not in message and "1 victory tokens" not in message


def test_knock_on_tokens_unbalanced_with_leaders_names_tomyris() -> None:
    table = {"game": "7wonders-1e", "expansions": ["leaders"], "players": [
        _seat("Ann", "Gizah", military={"1": 2}), _seat("Bob", "Babylon"), _seat("Cid", "Olympia"),
    ]}
    [(code, message)] = _messages(table)
    assert code == "tokens-unbalanced"
    assert "2 victory tokens and 0 defeat tokens" in message and "Tomyris" in message


def test_knock_on_needs_expansion_names_duel_leaders_in_players_words() -> None:
    table = {"game": "duel", "players": [
        {"name": "Ann", "leaders": ["Cleopatra"]}, {"name": "Bob"},
    ], "conflict": {"spaces": 0}}
    [(code, message)] = _messages(table)
    assert code == "needs-expansion"
    assert "the Duel Leaders expansion" in message
    assert "the leaders expansion" not in message


def test_knock_on_vitruvius_short_count_is_marked_on_the_pad_cell() -> None:
    # the Vitruvius scenario (3 pairs x 2 = 6 leaders VP) with Archimedes recruited too,
    # whose chain symbols no source names: the 6 may be short, so the cell reads "≥ 6"
    path = SCENARIOS / "duel" / "leaders-vitruvius.json"
    table = json.loads(path.read_text(encoding="utf-8"))["table"]
    table["players"][0]["leaders"].append("Archimedes")
    ann = score(table).players[0]
    assert ann.categories["leaders"] == 6
    assert ann.at_least("leaders") and not ann.at_least("civilian")
    assert cell_value(ann, "leaders") == "\u2265 6"
    assert cell_value(ann, "civilian") == "20"
    assert total_value(ann) == f"\u2265 {ann.total}"  # the total may be short too
    line = next(ln for ln in ann.lines if ln.source == "Vitruvius")
    assert line.model_dump()["at_least"] is True


def test_knock_on_a_sure_count_carries_no_mark() -> None:
    path = SCENARIOS / "duel" / "leaders-vitruvius.json"
    ann = score(json.loads(path.read_text(encoding="utf-8"))["table"]).players[0]
    assert not ann.at_least("leaders")
    assert total_value(ann) == "28"
    assert all("at_least" not in ln.model_dump(exclude_defaults=False) or not ln.at_least
               for ln in ann.lines)
    assert '"at_least"' not in ann.model_dump_json()


def test_knock_on_unknown_piece_is_a_sentence_naming_the_pieces_by_their_labels() -> None:
    # Babel (rulesets/7wonders-1e+babel/game.toml): the one count is "Babel tiles placed",
    # entered as `tower_tiles`; "tower" is a typo for it
    table = {"game": "7wonders-1e", "expansions": ["babel"], "players": [
        _seat("Ann", "Gizah", counts={"tower": 1}), _seat("Bob", "Babylon"),
        _seat("Cid", "Olympia"),
    ]}
    [(code, message)] = _messages(table)
    assert code == "unknown-piece"
    assert "among the counts of 7 Wonders 1st edition" in message
    assert 'Babel tiles placed ("tower_tiles")' in message
    assert "the a count" not in message and "one of tower_tiles" not in message


def test_knock_on_unknown_piece_in_a_game_with_none_says_so() -> None:
    # no expansion: the base game has no printed points to enter (no `[[pieces]]`), and no
    # expansion has "marbles" (else `needs-expansion` would name it)
    table = {"game": "7wonders-1e", "players": [
        _seat("Ann", "Gizah", printed={"marbles": 3}), _seat("Bob", "Babylon"),
        _seat("Cid", "Olympia"),
    ]}
    [(code, message)] = _messages(table)
    assert (code, message) == ("unknown-piece", '"marbles" is not among the printed points of '
                               "7 Wonders 1st edition, which has none")
