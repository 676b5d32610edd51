"""How many moves a whole city takes, in a real browser (not a test):
`python -m benchmarks.city_entry [--way search|chips|both]`.

Starts `python -m ui` on 127.0.0.1 (fresh data folder; `--root` serves another checkout of
the app, to measure an older version the same way) and Debian's chromium at 360x780
(headless, offline, Playwright). A 3-player 1st-edition game; then Ann's city, as it lies on
the table at the end of a game: Gizah with 2 stages built, 7 coins and 15 cards (`CITY`).
Counted as a player's moves: taps (a pointer down and up), keys typed, and scroll steps (a
turn of the wheel of at most 500 px, the most a thumb's flick moves the page). A step
brings what the player needs next up to `READ_FROM` px under the top of the thumb's area
(a player reading down the page keeps a line of what they just did in sight); nothing is
tapped that is not on the screen. The city is entered in the order the screen shows it.
Two ways to enter the cards:

- `chips`: the thumb only: the board, its stages, the coins, then each Age's chips (the
  Age's picker tapped when that Age is not the one shown: the city opens on Age I), and
  each leader's chip;
- `search`: the search field, each card and leader by the first letters of its name until
  the search offers it (issue 31: what Enter adds, named under the field, and the next
  three names as buttons): Enter when it is the first, else a tap on its button.

At the end the running total on the page is checked against the engine's total of the city.
Prints, per way: taps, keys, scroll steps, and the time it took.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.browser_page import phone_page, start_game
from tools import server as srv

AGES: list[tuple[str, list[str]]] = [
    ("I", ["Lumber Yard", "Loom", "Altar", "Stockade", "Scriptorium"]),
    ("II", ["Sawmill", "Glassworks", "Library", "Walls", "Forum"]),
    ("III", ["Pantheon", "Arena", "Arsenal", "University", "Workers Guild"]),
]
CITY = [card for _, cards in AGES for card in cards]
LEADERS = ["Nefertiti", "Hatshepsut", "Cleopatra"]
EXPANSIONS = ("leaders",)
"""The game's expansions (ruleset names); the setup screen names Leaders "Leaders"."""
STEP_PX = 500
TOP, BOTTOM = 90, 700
"""The part of the 780 px screen a thumb taps in (under the app bar, above the note)."""
READ_FROM = 120
"""Where a step down brings the next thing: this far under TOP (what was just done stays in
sight above it); a step up brings it as far above BOTTOM."""

_FIND = r"""([role, name, prefix]) => {
  const all = [...document.querySelectorAll(role === 'textbox' ? 'input, textarea' :
                                            'flt-semantics' + (role ? `[role="${role}"]` : ''))];
  // a field's name joins the words said first ("Ann:") and its label with a line break
  const words = e => (e.getAttribute('aria-label') || e.innerText || '').replace(/\s+/g, ' ')
    .trim();
  const hit = all.find(e => prefix ? words(e).startsWith(name) : words(e) === name);
  if (!hit) return null;
  const r = hit.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
_TOTAL = """() => {
  const t = document.querySelector('[flt-semantics-identifier="running-total"]');
  return t ? (t.innerText || t.getAttribute('aria-label') || '') : '';
}"""
_FOCUSED = """() => {
  const a = document.activeElement;
  return !!a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA');
}"""


@dataclass
class Moves:
    taps: int = 0
    keys: int = 0
    scrolls: int = 0


class Player:
    """A thumb on the page, counting its moves."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.moves = Moves()

    def where(self, name: str, role: str = "button", prefix: bool = False) -> Any:
        return self.page.evaluate(_FIND, [role, name, prefix])

    def bring(self, name: str, role: str = "button", prefix: bool = False) -> tuple[float, float]:
        """Scroll (by steps of at most STEP_PX) until `name` is where a thumb taps."""
        for _ in range(60):
            at = self.where(name, role, prefix)
            for _ in range(10):  # a render under way takes a chip out of the semantics for
                if at is not None:  # a moment (a loaded machine): not a reason to scroll
                    break
                self.page.wait_for_timeout(100)
                at = self.where(name, role, prefix)
            if at is not None and TOP <= at[1] <= BOTTOM:
                return float(at[0]), float(at[1])
            # not on the page's semantics yet: below what is laid out, so further down
            if at is None:
                dy = STEP_PX
            elif at[1] > BOTTOM:
                dy = min(STEP_PX, at[1] - (TOP + READ_FROM))
            else:
                dy = max(-STEP_PX, at[1] - (BOTTOM - READ_FROM))
            self.page.mouse.move(180, 400)
            self.page.mouse.wheel(0, dy)
            self.moves.scrolls += 1
            self.page.wait_for_timeout(250)
            self._still(name, role, prefix)
        raise RuntimeError(f"{name!r} never came on the screen")

    def _still(self, name: str, role: str, prefix: bool) -> None:
        """Until `name` stops moving (the scroll drawn: a loaded machine draws it late)."""
        last = self.where(name, role, prefix)
        for _ in range(20):
            self.page.wait_for_timeout(100)
            now = self.where(name, role, prefix)
            if now == last:
                return
            last = now

    def tap(self, name: str, role: str = "button", prefix: bool = False) -> None:
        x, y = self.bring(name, role, prefix)
        for _ in range(40):  # still where it was (a scroll or a render may still move it)
            self.page.wait_for_timeout(100)
            at = self.where(name, role, prefix)
            if at is not None and abs(at[0] - x) < 1 and abs(at[1] - y) < 1:
                break
            x, y = self.bring(name, role, prefix)
        self.page.mouse.click(x, y)
        self.moves.taps += 1
        self.page.wait_for_timeout(300)

    def type(self, text: str) -> None:
        for ch in text:
            self.page.keyboard.type(ch)
            self.moves.keys += 1
            self.page.wait_for_timeout(60)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.moves.keys += 1
        self.page.wait_for_timeout(350)


def _wonder_and_coins(me: Player) -> None:
    me.tap("Gizah", role="radio")  # one board of a few: a radio button to a screen reader
    me.tap("Stage 2 for Ann", role="checkbox", prefix=True)  # its box builds stages 1, 2
    me.tap("Ann: Coins", role="textbox")
    me.page.keyboard.press("Control+A")  # select the 0 to type over it (no extra move)
    me.type("7")


_SHOWN_AGE = """(age) => {
  const n = document.querySelector(`[flt-semantics-identifier="age-${age}"]`);
  return !!n && n.getAttribute('aria-checked') === 'true';
}"""


def in_screen_order(me: Player, names: list[str], prefix: bool) -> list[str]:
    """`names` as the page shows their chips, top to bottom and left to right (a player
    looks for the next chip from where the last one was); any not on the page last."""
    def place(name: str) -> tuple[float, float]:
        at = me.where(name, "checkbox", prefix)
        return (float("inf"), 0.0) if at is None else (round(at[1]), at[0])
    return sorted(names, key=place)


def by_chips(me: Player) -> None:
    _wonder_and_coins(me)
    for k, (age, cards) in enumerate(AGES, start=1):
        if not me.page.evaluate(_SHOWN_AGE, k):
            me.tap(f"Show cards: Age {age}", role="checkbox")  # the Age's picker
            for _ in range(50):  # its chips on the page (a loaded machine answers late)
                if me.page.evaluate(_SHOWN_AGE, k) and me.where(cards[0], "checkbox", True):
                    break
                me.page.wait_for_timeout(100)
        for card in in_screen_order(me, cards, prefix=True):
            # the chip: its name, then its Age and gain
            me.tap(card, role="checkbox", prefix=True)
    for leader in in_screen_order(me, LEADERS, prefix=False):
        me.tap(leader, role="checkbox")


def search_plan(names: list[str]) -> list[tuple[str, int]]:
    """For each name, in the order entered: the first letters a player types until the
    search offers it, and its place among the offers (0: Enter adds it). The app's own
    search over what the city can still take as it fills (`ui.screens.city_search`)."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
    from ui.screens.city_search import SUGGESTED, candidates
    from ui.screens.search import ranked

    draft = SevenWondersDraft(game="7wonders-1e", expansions=list(EXPANSIONS),
                  seats=[SevenWondersSeat("Ann"), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")])
    ann = draft.seats[0]
    plan = []
    for name in names:
        for n in range(1, len(name) + 1):
            offered = [f.name for f in ranked(name[:n], candidates(draft, 0), SUGGESTED)]
            if name in offered:
                plan.append((name[:n], offered.index(name)))
                break
        else:
            raise RuntimeError(f"the search never offers {name!r}")
        (ann.leaders if name in LEADERS else ann.cards).append(name)
    return plan


def by_search(me: Player) -> None:
    _wonder_and_coins(me)
    me.tap("Ann: Search", role="textbox", prefix=True)
    for name, (typed, place) in zip([*CITY, *LEADERS], search_plan([*CITY, *LEADERS]),
                                    strict=True):
        if not me.page.evaluate(_FOCUSED):
            me.tap("Ann: Search", role="textbox", prefix=True)  # the field let go of keys
        me.type(typed)
        if place == 0:
            me.press("Enter")
        else:
            me.tap(name)  # its button under the field


def expected_total() -> str:
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
    from ui.session.verdicts import evaluate

    draft = SevenWondersDraft(game="7wonders-1e", expansions=list(EXPANSIONS), seats=[
        SevenWondersSeat("Ann", board="Gizah", stages=2, coins=7, cards=list(CITY),
             leaders=list(LEADERS)), SevenWondersSeat("Bob"), SevenWondersSeat("Cid")])
    total = evaluate(draft, "en").total(0)
    return f"{total} pts"


@contextmanager
def _browser(root: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    old = srv.ROOT
    srv.ROOT = root
    try:
        with tempfile.TemporaryDirectory() as tmp, srv.start(Path(tmp)) as app, \
                sync_playwright() as p:
            browser, page = phone_page(p)
            start_game(page, f"http://127.0.0.1:{app.port}/", ("Leaders",))
            page.get_by_role("radio", name="Gizah", exact=True).wait_for(timeout=15_000)
            page.wait_for_timeout(500)
            yield page
            browser.close()
    finally:
        srv.ROOT = old


def run(way: str, root: Path) -> tuple[Moves, float, str]:
    with _browser(root) as page:
        me = Player(page)
        began = time.perf_counter()
        (by_search if way == "search" else by_chips)(me)
        page.wait_for_timeout(1000)
        took = time.perf_counter() - began
        total = str(page.evaluate(_TOTAL))
        return me.moves, took, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--way", choices=["search", "chips", "both"], default="both")
    parser.add_argument("--root", type=Path, default=srv.ROOT,
                        help="the checkout whose app is served (default: this one)")
    args = parser.parse_args()
    want = expected_total()
    for way in (["chips", "search"] if args.way == "both" else [args.way]):
        moves, took, total = run(way, args.root)
        ok = "ok" if total.endswith(want) or want in total else f"WRONG (engine: {want})"
        print(f"{way}: {moves.taps} taps, {moves.keys} keys, {moves.scrolls} scroll steps, "
              f"{took:.0f} s; running total {total!r} {ok}")


if __name__ == "__main__":
    main()
