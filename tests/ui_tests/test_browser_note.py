"""The note at the foot of the screen (`ui.screens.note_strip`) in a real browser, on two phones at
360 x 780 and on a desktop width: a note keeps 16 px clear of the screen's edges, wraps
beside Undo and without it, takes two lines at most (a tap shows it whole), and the strip
grows to hold it below the screen's body. Screenshots as test_browser.py takes them
(`37-*.png` to `39-*.png`; UPDATE_SCREENSHOTS=1 writes them to docs/screenshots/)."""

from __future__ import annotations

import io
from typing import Any, TypedDict

import pytest

from .test_browser import MOTION, PHONE, SHOTS, Phone, host_game, launch_chromium, offline_phones
from .test_browser import server as server  # the fixture, by name

pytestmark = pytest.mark.browser

LONG = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen und Habsburg-Lothringen"
"""A long name (75 characters; the format takes 100): a note that names it is some 110
characters, three lines of a 360 px strip (~50 characters a line)."""
LINE = 20
"""One line of the note's words, in px (Roboto 14 at Flutter's line height is ~20)."""
MARGIN = 16
"""The strip's margin left of the words: the same on their right when there is no Undo."""


class Box(TypedDict):
    x: float
    y: float
    width: float
    height: float


_STRIP = ('[flt-semantics-identifier="note"], flt-semantics[role="group"][flt-tappable]'
          '[aria-label]')
"""The strip's node: by its identifier, or (a phone whose first note came after its screen:
there the node came without `flt-semantics-identifier`, found this session and left for the
next) the tappable group that the strip's words label."""
_SAID = ("() => [...document.querySelectorAll('" + _STRIP + "')]"
         ".map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.innerText || '')).join(' ')")


def _note(p: Phone, text: str, timeout_ms: int = 8_000) -> Box:
    """The strip's box (its semantics node) once it says `text`."""
    find = """([sel, text]) => { for (const n of document.querySelectorAll(sel)) {
        const said = (n.getAttribute('aria-label') || '') + ' ' + (n.innerText || '');
        if (said.includes(text)) { const r = n.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height}; } } return null; }"""
    for _ in range(timeout_ms // 100):
        box: Any = p.page.evaluate(find, [_STRIP, text])
        if box is not None:
            return Box(x=box["x"], y=box["y"], width=box["width"], height=box["height"])
        p.page.wait_for_timeout(100)
    raise AssertionError(f"the note never said {text!r}: {p.page.evaluate(_SAID)!r}")


def _within_the_screen(p: Phone, box: Box) -> None:
    size = p.page.viewport_size or PHONE
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] + box["height"] <= size["height"] + 0.5, box


def _ink(p: Phone, strip: Box, name: str = "", until: float = 0) -> tuple[int, int]:
    """The leftmost and rightmost columns of the words' pixels in the strip (left of
    `until` when given: Undo's word is light too), read from the page as drawn (Flutter
    draws on a canvas: light letters on the dark strip). `name`: the screenshot is kept
    under that name too."""
    from PIL import Image

    p.page.wait_for_timeout(300)  # the frame after the semantics update
    png = p.page.screenshot()
    if name:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"{name}.png").write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("L")
    top, bottom = int(strip["y"]) + 2, int(strip["y"] + strip["height"]) - 2
    width = int(until or strip["x"] + strip["width"])
    columns = [x for x in range(int(strip["x"]), width)
               if any(image.getpixel((x, y)) > 150 for y in range(top, bottom))]  # type: ignore[operator]
    assert columns, "no words drawn in the strip"
    return columns[0], columns[-1]


def test_a_long_note_wraps_on_both_phones(server: tuple[str, float]) -> None:
    from playwright.sync_api import sync_playwright

    url, _ = server
    with sync_playwright() as pw:
        browser, (a, b) = offline_phones(pw, 2)
        code = host_game(a, url, ("Ann", "Bob", LONG))
        b.open(f"{url}g/{code}", ready="I am Bob")
        b.tap("I am Bob")
        b.open_player("Bob")
        b.tap("Gizah")
        b.tap_card("Baths")
        b.card("Baths").click()
        _note(b, "Baths taken from Bob's city")
        b.starting("Undo:").click()  # named by what it takes back
        # the table screen of another phone: the note that was cut at the screen's edge
        # (~330 px of words: one line where 328 px leave the edge 16 px clear, else two)
        other = _note(a, "Undone: Baths taken from Bob's city on Bob's phone")
        _within_the_screen(a, other)
        left, right = _ink(a, other, "37-note-other-phone")
        assert left >= MARGIN - 1 and right <= PHONE["width"] - MARGIN, (left, right, other)

        # a long name: Bob's phone enters its city; the note beside Undo wraps
        a.open_player(LONG)
        b.go(f"/g/{code}/player/2", ready="Babylon")
        b.tap("Babylon")
        b.card("Altar").click()
        own = _note(b, f"Altar added to {LONG}'s city")
        undo = b.starting("Undo:").bounding_box()
        assert undo is not None
        _within_the_screen(b, own)
        # ~100 characters beside Undo (~35 a line): two lines, ending in "..."
        assert 2 * LINE <= own["height"] <= 2 * LINE + 24, own
        assert own["y"] <= undo["y"] and undo["y"] + undo["height"] <= own["y"] + own["height"]
        assert undo["x"] + undo["width"] <= PHONE["width"], undo
        left, right = _ink(b, own, "38-note-long-this-phone", until=undo["x"])
        assert left >= MARGIN - 1 and right < undo["x"], (left, right)
        # the other phone: ~110 characters, three lines' worth: two, ending in "..."
        said = f"Altar added to {LONG}'s city on Bob's phone"
        short = _note(a, said)
        _within_the_screen(a, short)
        assert 2 * LINE <= short["height"] <= 2 * LINE + 2 * 8 + 4, short
        _ink(a, short, "39-note-long-other-phone")
        # a tap on the words shows the note whole (three lines), the screen's body above it:
        # scrolled to its foot, its last button ends where the strip begins
        a.page.mouse.click(PHONE["width"] / 2, short["y"] + short["height"] / 2)
        whole = short
        for _ in range(30):
            whole = _note(a, said)
            if whole["height"] >= 3 * LINE:
                break
            a.page.wait_for_timeout(100)
        assert whole["height"] >= 3 * LINE, whole
        _within_the_screen(a, whole)
        a.page.mouse.move(180, 300)
        a.page.mouse.wheel(0, 6000)
        a.page.wait_for_timeout(400)
        last = max((box for box in (n.bounding_box() for n in a.page.get_by_role(
            "button", name="Score pad", exact=True).all()) if box is not None),
            key=lambda box: box["y"])
        assert last["y"] + last["height"] <= _note(a, said)["y"] + 0.5, last
        _ink(a, whole, "39b-note-long-whole")

        # a desktop width: the same note on one line
        a.page.set_viewport_size({"width": 1280, "height": 800})
        a.frames(4)  # the new width laid out (on a loaded machine the note came first once)
        b.card("Theater").click()
        wide = _note(a, f"Theater added to {LONG}'s city on Bob's phone")
        _within_the_screen(a, wide)
        assert wide["height"] < 2 * LINE, wide
        browser.close()


def test_a_long_note_in_vietnamese_keeps_two_lines_within_the_strip(
        server: tuple[str, float]) -> None:
    """The same long note on a phone that speaks Vietnamese, whose words are longer
    ("Altar được thêm vào thành phố của ...") and carry marks above and below the letters:
    two lines at most, 16 px clear of both edges, and no mark cut by the strip's edge (the
    words' ink stays inside the strip). Screenshot `39c-note-long-vietnamese`."""
    from playwright.sync_api import sync_playwright

    url, _ = server
    with sync_playwright() as pw:
        browser, (a,) = offline_phones(pw, 1)
        vi_browser = launch_chromium(pw, "--lang=vi-VN")
        page = vi_browser.new_context(viewport=PHONE, locale="vi-VN",
                                      reduced_motion=MOTION).new_page()
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
            "http://127.0.0.1") else r.abort())
        b = Phone(page)
        code = host_game(a, url, ("Ann", "Bob", LONG))
        b.open(f"{url}g/{code}", ready="Tôi là Bob")  # "I am Bob"
        b.tap("Tôi là Bob")
        a.open_player(LONG)
        a.tap("Babylon")
        a.card("Altar").click()
        # "{card} added to {player}'s city" in the catalogue: ~115 characters with the phone
        said = f"Altar được thêm vào thành phố của {LONG}"
        note = _note(b, said)
        _within_the_screen(b, note)
        assert 2 * LINE <= note["height"] <= 2 * LINE + 2 * 8 + 4, note
        left, right = _ink(b, note, "39c-note-long-vietnamese")
        assert left >= MARGIN - 1 and right <= PHONE["width"] - MARGIN, (left, right, note)
        vi_browser.close()
        browser.close()
