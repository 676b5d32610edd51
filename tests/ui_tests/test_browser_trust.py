"""Issue 17 in real browsers (Debian's chromium): two phones typing into one number field.
Before, each keystroke was saved, so interleaved keys saved numbers nobody typed, and the
phone that typed last could show the other's value while the saved value was its own."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_browser import Phone, host_game, offline_phones, server

pytestmark = pytest.mark.browser

__all__ = ["server"]


def _field(ph: Phone, label: str) -> Any:
    return ph.reveal(ph.page.get_by_role("textbox", name=label, exact=True))


def test_trust_two_phones_typing_one_field_end_on_the_saved_value(
        server: tuple[str, float]) -> None:
    """Ann's phone types 18 into Bob's coins and keeps the field; Bob's phone types 21 and
    presses Enter: 21 is saved, and Ann's field still holds her 18 (not rewritten under her
    fingers). Ann presses Enter: her 18 was typed over the 0 that is no longer saved, so it
    is refused and said; both phones then show the saved 21 (21 // 3 = 7 treasury: Bob has
    7 points, no card entered)."""
    from playwright.sync_api import sync_playwright

    url, _ = server
    with sync_playwright() as p:
        browser, (a, b) = offline_phones(p, 2)
        code = host_game(a, url)
        b.open(f"{url}g/{code}", ready="I am Bob")
        a.open_player("Bob")
        b.open_player("Bob")
        a.type("Bob: Coins", "18")  # the keyboard still up: nothing saved yet
        b.enter("Bob: Coins", "21")
        b.wait_text(r"Bob · 7 pts")
        a.wait_text(r"Bob · 7 pts")  # the title follows the saved game...
        # ...the field being typed does not follow it
        assert a.focused_value("18") == "18"
        a.page.keyboard.press("Enter")
        a.wait_text(r"21 now \(changed on another phone\)")
        for ph in (a, b):
            ph.wait_text(r"Bob · 7 pts")
            ph.focus(_field(ph, "Bob: Coins"))  # what the field holds, read as its input's value
            assert ph.focused_value("21") == "21"
        assert re.search(r"Bob · 7 pts", b.page.inner_text("body"))
        browser.close()
