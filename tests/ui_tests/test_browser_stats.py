"""The players, a player's page, the group's statistics and the history in Debian's
chromium at 360x780, in English and Vietnamese: every word on screen, no error box, and
the screenshots of the README (UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.history import read_history
from ui.store.store import Store

from .test_browser import ROOT, Phone
from .test_browser import phone as phone  # the fixtures, by name
from .test_browser import server as server
from .test_browser_language import english_on
from .test_browser_language import phone_vi as phone_vi

pytestmark = pytest.mark.browser


@pytest.fixture
def history(tmp_path: Path) -> None:
    """The example history (8 games of Ann, Bob, Cid and Dan) in the server's data folder,
    seen by every device (set up before the server: list it first)."""
    plays, problems = read_history(json.loads((ROOT / "examples" / "history.json").read_text()))
    assert problems == []
    store = Store(tmp_path / "games.sqlite3")
    assert store.import_plays([p.play for p in plays], everyone=True) is not None
    store.close()


def test_statistics_screens(history: None, server: tuple[str, float], phone: Phone) -> None:
    url, _ = server
    phone.open(url + "players", ready="Group statistics")
    phone.wait_text("Ann")
    phone.no_error_box()
    phone.shot("18-players")
    phone.go("/players/Ann", ready="Rename")
    phone.wait_text("Where the points come from")
    phone.wait_text("against Bob")
    phone.no_error_box()
    phone.shot("19-player")
    phone.shot("19b-player-duel", scroll=1500)
    phone.go("/stats", ready="7 Wonders Duel")
    phone.wait_text("Closest finish")
    phone.no_error_box()
    phone.shot("20-group-stats")
    phone.shot("20b-group-stats-wonders", scroll=900)
    phone.go("/history", ready="Export all games")
    phone.starting("Details")  # each row's button names its game
    phone.no_error_box()
    phone.shot("21-history")
    phone.go("/history/example-06", ready="Log to BG Stats")
    phone.no_error_box()
    phone.shot("22-game")


def test_statistics_in_vietnamese(history: None, server: tuple[str, float],
                                  phone_vi: Phone) -> None:
    url, _ = server
    phone = phone_vi
    phone.open(url + "players/Ann", ready="Đổi tên")  # "Rename"
    phone.wait_text("Điểm đến từ đâu")  # "Where the points come from"
    assert english_on(phone) == set()
    phone.no_error_box()
    phone.shot("vi-6-player")
    phone.go("/stats", ready="Tất cả")  # "All"
    phone.wait_text("Kỷ lục")  # "Records"
    assert english_on(phone) == set()
    phone.shot("vi-7-group-stats")
