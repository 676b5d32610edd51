"""BG Stats keeps a player's role (the board and its side) by its text: the link gives the
same role whatever the phone's language, the edition's English side name (2nd edition:
Day, Night; 1st edition: A, B), so one board is one role in BG Stats."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from scorer import i18n
from scorer.bgstats import LINK
from ui.entry.games import from_table
from ui.screens.history import bg_stats_link
from ui.store.history_db import HistoryEntry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _roles(example: str, lang: str) -> dict[str, str]:
    draft = from_table(json.loads((EXAMPLES / example).read_text(encoding="utf-8")))
    entry = HistoryEntry(id="g-1", game=draft.game, expansions=tuple(draft.expansions),
                         summary="", started=None, finished=1_790_000_000.0, place="", note="")
    with i18n.language(lang):
        link = bg_stats_link(entry, draft)
    assert link.startswith(LINK)
    data: dict[str, Any] = json.loads(urllib.parse.unquote(link[len(LINK):]))
    return {p["name"]: p["role"] for p in data["players"]}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_bg_stats_role_of_a_2nd_edition_side_is_its_english_name(lang: str) -> None:
    # the example: Ann on Alexandria "day", Bob on Olympia "night", Cid on Halikarnassos
    # "day" (the 2nd edition's sides: Day, Night)
    assert _roles("7wonders-2e-leaders-3p.json", lang) == {
        "Ann": "Alexandria Day", "Bob": "Olympia Night", "Cid": "Halikarnassos Day"}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_bg_stats_role_of_a_1st_edition_side_is_its_letter(lang: str) -> None:
    table = json.loads((EXAMPLES / "7wonders-1e-4p-full-game.json").read_text(encoding="utf-8"))
    expected = {p["name"]: f'{p["wonder"]["board"]} {p["wonder"]["side"]}'
                for p in table["players"]}
    assert set(expected.values()) <= {f"{b} {s}" for b in (
        "Alexandria", "Babylon", "Ephesos", "Gizah", "Halikarnassos", "Olympia", "Rhodos")
        for s in "AB"}
    assert _roles("7wonders-1e-4p-full-game.json", lang) == expected


def test_bg_stats_note_names_duel_leaders_so() -> None:
    """A Duel game with the fan-made Leaders: BG Stats' note says "Duel Leaders" (its
    folder's title), not the box's "Leaders", which reads as the multiplayer expansion
    (BGG 92539: a walk's finding)."""
    draft = from_table(json.loads(
        (EXAMPLES / "duel-agora-leaders.json").read_text(encoding="utf-8")))
    entry = HistoryEntry(id="g-1", game=draft.game, expansions=tuple(draft.expansions),
                         summary="", started=None, finished=1_790_000_000.0, place="", note="")
    data: dict[str, Any] = json.loads(urllib.parse.unquote(
        bg_stats_link(entry, draft)[len(LINK):]))
    assert "Duel Leaders" in data["comments"], data["comments"]
    assert "Agora (BGG 271324)" in data["comments"]
