"""A phone's page in Debian's chromium for the browser benchmarks (city_entry, browser_tap):
offline (only the app's own address loads), 360 x 780, a 3-player game started on it."""

from __future__ import annotations

import shutil
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def phone_page(p: Any) -> tuple[Any, Any]:
    """A headless chromium and its one page at 360 x 780 that loads nothing but 127.0.0.1."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"])
    page = browser.new_page(viewport={"width": 360, "height": 780})
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
        "http://127.0.0.1") else r.abort())
    return browser, page


def start_game(page: Any, url: str, expansions: tuple[str, ...] = ()) -> None:
    """Ann, Bob and Cid's new game typed in as a player would (with `expansions`, by their
    names on the setup screen), then Ann's city opened."""
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=30_000)
    page.evaluate("() => document.querySelector('flt-semantics-placeholder')?.click()")
    page.get_by_role("button", name="New game", exact=True).click()
    for expansion in expansions:
        page.get_by_role("checkbox", name=expansion, exact=True).click()  # a chip
        page.wait_for_timeout(250)
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        box = page.get_by_role("textbox", name=f"Name {i + 1}", exact=True)
        box.click()
        page.wait_for_timeout(200)  # the field takes the keyboard
        page.keyboard.type(name)
        page.wait_for_timeout(250)
    page.get_by_role("button", name="Start", exact=True).click()
    page.get_by_text("Tap a player").wait_for(timeout=15_000)
    page.get_by_role("button", name="Ann", exact=False).first.click()
