"""Undo, the change list and the asks before remove and free, on two phone-size pages in a
real browser (360 x 780): what a player sees and taps. Screenshots as test_browser.py takes
them (`30-*.png` to `35-*.png`, UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import re

import pytest

from .test_browser import SHOTS, Phone, host_game, offline_phones
from .test_browser import phone as phone  # the fixtures, by name
from .test_browser import server as server

pytestmark = pytest.mark.browser


def _shot(p: Phone, name: str, scroll: int = 0) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if scroll:
        p.page.mouse.move(180, 400)
        p.page.mouse.wheel(0, scroll)
    p.drawn(700)
    p.page.screenshot(path=str(SHOTS / f"{name}.png"))


_SAID = """() => [...document.querySelectorAll('flt-semantics')].map(
    e => (e.getAttribute('aria-label') || '') + ' ' + (e.innerText || '')).join('\\n')"""


def said(p: Phone, text: str, timeout_ms: int = 10_000) -> None:
    """Wait until `text` is on the page, as words or as a note's label (a SnackBar's words
    are its semantics label)."""
    for _ in range(timeout_ms // 100):
        if text in str(p.page.evaluate(_SAID)):
            return
        p.page.wait_for_timeout(100)
    raise AssertionError(f"{text!r} never said: {str(p.page.evaluate(_SAID))[:600]}")


def test_undo_remove_and_free_on_two_phones(server: tuple[str, float]) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    url, _ = server
    with sync_playwright() as pw:
        browser, (a, b) = offline_phones(pw, 2)
        code = host_game(a, url, ("Ann", "Bob", "Cid", "Dan"))
        b.open(f"{url}g/{code}", ready="I am Bob")
        b.tap("I am Bob")
        # Bob's phone: a card, then Undo on the note that confirms it
        b.open_player("Bob")
        b.tap("Gizah")
        b.tap_card("Altar")
        said(b, "Altar added to Bob's city")
        _shot(b, "30-undo-note")
        b.starting("Undo:").click()  # named by what it takes back
        said(b, "Undone: Altar added to Bob's city")
        b.tap_card("Theater")  # kept: Bob leads the table (rules_multiplayer.md: 2 VP)
        b.wait_text(r"Bob · 2 pts")
        # Ann's phone, the host: free Bob's seat (named, beside Bob, asked first)
        a.go(f"/g/{code}", ready="Free Bob's seat")  # its table shows Bob's claim live
        a.button("Free Bob's seat")
        _shot(a, "31-free-seat-beside-its-player", scroll=250)
        a.tap("Free Bob's seat")
        a.wait_text(r"Free Bob's seat\?")
        a.tap("Cancel")
        # remove Cid: asked first, then Undo brings Cid back with the whole city
        a.tap("Players")
        a.tap("Remove Cid")  # an icon button, found by its role and name
        a.wait_text(r"Remove Cid from the game\?")
        _shot(a, "32-remove-asks-first")
        a.tap("Remove")
        for _ in range(200):  # removed (a loaded machine may take seconds)
            if "I am Cid" not in a.said():
                break
            a.page.wait_for_timeout(100)
        assert "I am Cid" not in a.said()
        note = a.page.get_by_role("button", name=re.compile(r"^Undo: "))
        try:
            note.wait_for(timeout=4_000)  # the note shows its Undo for 5 s
            _shot(a, "33-remove-then-undo")
            note.click()
        except PlaywrightTimeout:  # the note came and went while the page was busy: the list
            a.go(f"/g/{code}/changes")
            # each Undo of the list names its change ("Undo: Cid left the table")
            a.page.get_by_role("button", name=re.compile(r"^Undo: ")).first.click()
            a.go(f"/g/{code}", ready="Score pad")
        a.wait_text("I am Cid", timeout=20)  # back, with the whole city
        # the change list, on Bob's phone: every change, who made it, Undo on each
        b.go(f"/g/{code}/changes")
        b.wait_text("Undone: Cid left the table")
        # waited for, not read once: a fresh clone's run read the page's text empty just
        # after the line above had found its words (the page between two drawings)
        b.wait_text(r"on the host's phone")
        _shot(b, "34-changes")
        # the table at a glance on Bob's phone: places, totals, this phone's seat
        b.go(f"/g/{code}", ready="Score pad")
        said(b, "Bob (you)")
        _shot(b, "35-table-at-a-glance")
        browser.close()


def test_city_at_a_glance_in_the_second_edition(server: tuple[str, float],
                                                phone: Phone) -> None:
    """A 2nd-edition board says Day and Night; its stage texts wrap on a 360 px screen."""
    url, _ = server
    phone.open(url)
    phone.tap("New game")
    phone.tap("7 Wonders 2nd edition")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        phone.type(f"Name {i + 1}", n)
    phone.tap_start(("Ann", "Bob", "Cid"))
    phone.wait_text("Tap a player")
    phone.open_player("Ann")
    phone.tap("Babylon")
    phone.button("Night").wait_for(timeout=10_000)
    phone.tap("Night")
    body = phone.said()  # the chips' words are their names
    assert "Side A" not in body and "Side B" not in body
    said(phone, "Ann's wonder side changed to Night")  # its note, in the same words
    phone.shot("36-city-day-night-stages", scroll=120)
