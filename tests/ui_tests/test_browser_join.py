"""A finished game's join code, opened in Debian's chromium at 360x780 by a phone that did not
play it: the screen says the game is finished and offers History (the README's screenshot
with UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.entry.games import from_table
from ui.live.tables import Change, tables_for
from ui.store.store import Store

from .game_data import SUMMARY, TABLE
from .test_browser import Phone
from .test_browser import phone as phone  # the fixtures, by name
from .test_browser import server as server

pytestmark = pytest.mark.browser


@pytest.fixture
def finished_code(tmp_path: Path) -> str:
    """A game hosted and finished by Ann's phone in the server's data folder (set up before
    the server: list it first); its join code."""
    store = Store(tmp_path / "games.sqlite3")
    tables = tables_for(store)
    rec = tables.host(from_table(TABLE), "ann-phone")
    done = tables.finish(rec.id, "ann-phone", SUMMARY, rec.version)
    assert isinstance(done, Change)
    tables.stop_listening()
    store.close()
    return rec.code


def test_finished_code_in_the_browser(finished_code: str, server: tuple[str, float],
                                      phone: Phone) -> None:
    url, _ = server
    phone.open(f"{url}g/{finished_code}", ready="Join a game")
    phone.wait_text("This game is finished")
    phone.no_error_box()
    assert "No game in progress" not in phone.page.inner_text("body")
    phone.shot("12b-join-finished")
    phone.tap("History")
    phone.wait_text("No finished games")
