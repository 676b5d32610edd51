"""Issue 31 in Debian's chromium at 360 x 780: entry nobody can get wrong. The search adds
the card whose name starts with what was typed, named before Enter; a removed player's
phone never shows another seat; the note keeps every character; two phones, one a network
trip away, never store digits nobody typed; the second player's board leaves no error on
the table; a count goes down; a stage changes only by its box. Screenshots as
test_browser.py takes them (`40-*.png`...; UPDATE_SCREENSHOTS=1 writes docs/screenshots/)."""

from __future__ import annotations

import asyncio
import importlib.util
import io
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageFont

from ui.store.store import Store

from .game_data import TABLE
from .test_browser import PHONE, ROOT, Phone, host_game, offline_phones, start_duel
from .test_browser import phone as phone  # the fixtures, by name
from .test_browser import server as server
from .test_browser_accessibility import import_table
from .test_browser_stats import history as history

pytestmark = pytest.mark.browser

ERROR_BOX = "Something went wrong"
"""What a part that failed to render shows in its place (ui/app.py's error boundary)."""


def _city(url: str, ph: Phone, names: tuple[str, ...] = ("Ann", "Bob", "Cid")) -> None:
    """A new game of `names` on phone `ph`, on the table."""
    ph.open(url)
    ph.tap("New game")
    for i, n in enumerate(names):
        ph.type(f"Name {i + 1}", n)
    ph.tap_start(names)
    ph.wait_text("Tap a player")


_ALL_WORDS = """() => [...document.querySelectorAll('flt-semantics')]
    .map(n => (n.getAttribute('aria-label') || '') + ' ' + (n.innerText || '')).join(' | ')"""


def _all_words(ph: Phone) -> str:
    """Every word the page says, read-out labels too (a list tile's words are its
    button's name)."""
    return str(ph.page.evaluate(_ALL_WORDS))


def _focus(ph: Phone, label: str) -> None:
    """Tap the text field `label` and wait until it has the keyboard's focus (on a loaded
    machine the tap lands before Flutter gives it focus: keys typed then go nowhere)."""
    ph.reveal(ph.page.get_by_role("textbox", name=label, exact=True)).click()
    ph.page.wait_for_function(
        "() => { const e = document.activeElement;"
        " return !!e && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA'); }",
        timeout=10_000)


TOOLTIP_WAIT_MS = 600
"""Longer than a mouse rests before Flutter shows a tooltip (at once on a hover)."""


def _key_by_key(ph: Phone, text: str, delay_ms: int) -> None:
    for ch in text:
        ph.page.keyboard.type(ch)
        if delay_ms:
            ph.page.wait_for_timeout(delay_ms)


def test_entry_search_enter_adds_the_card_whose_name_starts_with_the_text_in_chromium(
        server: tuple[str, float], phone: Phone) -> None:
    """"Works" + Enter added Glassworks (grey, shown first; it only holds the text): now
    Workshop, whose name starts with it, named under the field, on the screen, before
    Enter; the text is emptied after the add. Then "zzq" says nothing is called that.
    The search is clicked right after the coins' +, the mouse still on it: the +'s
    tooltip, hiding as the field took the keyboard, took it away again (a walk's "Gar"
    went nowhere, then "ar" added Arena); a stepper's buttons have no tooltip now."""
    url, _ = server
    phone.page.set_viewport_size(PHONE)
    _city(url, phone)
    phone.open_player("Ann")
    plus = phone.reveal(phone.page.get_by_role("button", name="Coins for Ann: 0, add one",
                                               exact=True))
    plus.hover()
    phone.page.wait_for_timeout(TOOLTIP_WAIT_MS)  # where a tooltip would show by now
    plus.click()
    phone.wait_text("Ann's coins changed to 1")
    box = phone.reveal(phone.page.get_by_role("textbox", name="Ann: Search", exact=True))
    box.click()
    phone.page.wait_for_timeout(200)
    _key_by_key(phone, "Works", 60)
    phone.wait_text("Enter adds Workshop")
    said = phone.page.get_by_text("Enter adds Workshop").first.bounding_box()
    assert said is not None and said["y"] >= 56 and said["y"] + said["height"] <= 780, said
    # the next names found are buttons under it, on the screen too
    found = phone.page.get_by_role("button", name="Siege Workshop", exact=True).bounding_box()
    assert found is not None and found["y"] + found["height"] <= 780, found
    phone.shot("40-search-names-what-enter-adds")
    phone.page.keyboard.press("Enter")
    phone.wait_text("Workshop added to Ann")
    assert "Glassworks added" not in phone.page.inner_text("body")
    assert phone.focused_value("") == ""
    _key_by_key(phone, "zzq", 60)
    phone.wait_text("Nothing left to add is called \u201czzq\u201d")
    phone.no_error_box()


def test_entry_removed_players_phone_never_shows_another_seat_in_chromium(
        server: tuple[str, float]) -> None:
    """Cid's phone is on Cid's city; the host removes Cid: Dan now sits at that place, and
    Cid's phone says Cid is no longer in the game (before: it showed Dan's city, editable).
    The host's Undo: Cid's phone shows Cid's city again, at its own place."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    url, _ = server
    with sync_playwright() as p:
        browser, (a, c) = offline_phones(p, 2)
        code = host_game(a, url, ("Ann", "Bob", "Cid", "Dan"))
        c.open(f"{url}g/{code}", ready="I am Cid")
        c.open_player("Cid")
        a.tap("Players")
        a.tap("Remove Cid")  # an icon button, found by its role and name
        a.wait_text(r"Remove Cid from the game\?")
        a.tap("Remove")
        c.wait_text("Cid is no longer in this game")
        body = c.page.inner_text("body")
        assert "Dan ·" not in body and "Coins" not in body, body[:400]
        c.shot("41-removed-players-phone")
        try:
            a.page.get_by_role("button", name=re.compile(r"^Undo: ")).click(timeout=4_000)
        except PlaywrightTimeout:  # the note came and went while the page was busy: the list
            a.open(f"{url}g/{code}/changes", ready="Undo")
            a.page.get_by_role("button", name=re.compile(r"^Undo: ")).first.click()
        c.wait_text(r"Cid · ", timeout=20)
        assert c.page.url.endswith(f"/g/{code}/player/2"), c.page.url
        assert "Dan ·" not in c.page.inner_text("body")
        browser.close()


@pytest.mark.parametrize("delay_ms", [0, 150])
def test_entry_note_keeps_every_character(server: tuple[str, float], phone: Phone,
                                          tmp_path: Path, delay_ms: int) -> None:
    """A game's note typed key by key (0 and 150 ms between keys) and saved at once: every
    character is saved (before, "...with the score pad" could be saved as "...with the
    score": Save read the note of the render before the last keys). The phone corrects a
    game it finished itself (only the host corrects a finished game: issue 32)."""
    url, _ = server
    import_table(phone, url, TABLE, tmp_path)  # a complete game: the pad is final
    phone.tap("Score pad")
    phone.tap("Finish and save")
    phone.wait_text("Saved to history")
    phone.go("/history")
    phone.reveal(phone.page.get_by_role("button", name=re.compile(r"^Details"))).click()
    phone.wait_text("Log to BG Stats")
    note = "Bob counted the guilds twice with the score pad"
    _focus(phone, "Note")
    phone.page.keyboard.press("Control+A")
    _key_by_key(phone, note, delay_ms)
    # Save is enabled once the server has the note's keys (the screen drawn anew with a
    # change to save): a tap before that, on a loaded machine, landed on a disabled button
    save = phone.page.get_by_role("button", name="Save", exact=True, disabled=False)
    save.wait_for(timeout=20_000)
    save.click()
    # disabled again: the server saved the note and read the game back (nothing to save)
    phone.page.get_by_role("button", name="Save", exact=True, disabled=True).wait_for(
        timeout=20_000)
    phone.page.reload()  # what was saved, read back from the server
    phone.page.wait_for_selector("#loading", state="detached", timeout=30_000)
    phone.page.evaluate("() => document.querySelector('flt-semantics-placeholder')?.click()")
    phone.wait_text("Log to BG Stats", timeout=20)
    _focus(phone, "Note")  # the field being edited holds its text
    assert phone.focused_value(note) == note


class SlowLink:
    """A TCP link to the app `delay_s` away each way, in order (a phone on a slow Wi-Fi):
    every chunk is passed on `delay_s` after it arrived."""

    def __init__(self, target_port: int, delay_s: float) -> None:
        self.target_port = target_port
        self.delay_s = delay_s
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stopping: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

            async def later() -> None:
                while True:
                    due, data = await queue.get()
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    if not data:
                        writer.close()
                        return
                    writer.write(data)
                    await writer.drain()

            sender = asyncio.ensure_future(later())
            try:
                while True:
                    data = await reader.read(65536)
                    await queue.put((time.monotonic() + self.delay_s, data))
                    if not data:
                        break
                await sender
            except (ConnectionError, OSError):
                sender.cancel()

        async def link(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer),
                                 return_exceptions=True)

        async def start() -> None:
            stopping = self.stopping = asyncio.Event()
            srv = await asyncio.start_server(link, "127.0.0.1", 0)
            self.port = srv.sockets[0].getsockname()[1]
            self.ready.set()
            async with srv:
                await stopping.wait()
            # the links still open end here, before the loop closes (no task left pending)
            links = asyncio.all_tasks() - {asyncio.current_task()}
            for task in links:
                task.cancel()
            await asyncio.gather(*links, return_exceptions=True)

        self.loop.run_until_complete(start())
        self.loop.close()

    def __enter__(self) -> SlowLink:
        self.thread.start()
        self.ready.wait(5)
        return self

    def __exit__(self, *_: object) -> None:
        if self.stopping is not None:
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(10)


@contextmanager
def _two_phones_one_away(url: str, delay_ms: int) -> Iterator[tuple[Any, Phone, Phone, str]]:
    """The host's phone (Ann's) on this machine, Bob's `delay_ms` away; both on Bob's
    city. Yields the browser, the two phones and the game's code."""
    from playwright.sync_api import sync_playwright

    port = int(url.rstrip("/").rsplit(":", 1)[1])
    with sync_playwright() as p, SlowLink(port, delay_ms / 1000) as link:
        browser, (a, b) = offline_phones(p, 2)
        code = host_game(a, url)
        slow = f"http://127.0.0.1:{link.port}/"
        b.open(f"{slow}g/{code}", ready="I am Bob")
        a.open_player("Bob")
        b.open_player("Bob")
        yield browser, a, b, code
        browser.close()


def _stored_coins(data: Path, code: str) -> int | None:
    """Bob's coins as the server stored them (its data folder, read as a second process
    would)."""
    store = Store(data / "games.sqlite3")
    try:
        rec = store.live_by_code(code)
        assert rec is not None
        return rec.draft.seats[1].coins
    finally:
        store.close()


def _coins_field(ph: Phone) -> Any:
    return ph.reveal(ph.page.get_by_role("textbox", name="Bob: Coins", exact=True))


def _logged_changes(data: Path, code: str) -> list[str]:
    """The game's change list as the server saved it, oldest first (what each phone sent
    that was taken), for a failure's message."""
    store = Store(data / "games.sqlite3")
    try:
        rec = store.live_by_code(code)
        assert rec is not None
        return [repr(c) for c in reversed(store.changes(rec.id))]
    finally:
        store.close()


def _type_at_once(a: Phone, b: Phone, mine: int, theirs: int, gap: int) -> tuple[str, str]:
    """Both phones tap Bob's coins, select what they hold and type their number key
    between key, `gap` ms between keys; what each field holds then (not yet submitted)."""
    for ph in (a, b):
        ph.focus(_coins_field(ph))
        ph.select_all()
    for x, y in zip(str(mine), str(theirs), strict=True):
        a.page.keyboard.type(x)
        b.page.keyboard.type(y)
        if gap:
            a.page.wait_for_timeout(gap)
    return (a.focused_value(str(mine), 3_000), b.focused_value(str(theirs), 3_000))


ROUND_TRIES = 2
"""Tries at a round: a field that does not hold what its phone typed when Enter is due had
no keyboard (its keys went nowhere), and that try tests nothing of what is stored. Seen once,
in CI under load (stop 41: Bob's phone never sent its 57, so no phone was refused). Such a
try is submitted as it stands, both fields are let to settle on what was stored, and the
round is typed again with other numbers (each one more); a second such try fails the test,
saying what the fields held."""


def _let_go(phones: tuple[Phone, ...], data: Path, code: str) -> int:
    """Both fields let go (what a phone typed submitted as it loses the keyboard), and each
    then showing the stored number, read as its input's value: the number stored."""
    for ph in phones:
        ph.page.evaluate("() => document.activeElement?.blur()")
        ph.page.wait_for_timeout(600)
    stored = _stored_coins(data, code)
    for ph in phones:
        ph.focus(_coins_field(ph))
        shown = ph.focused_value(str(stored))
        ph.page.evaluate("() => document.activeElement?.blur()")
        assert shown == str(stored), (ph.page.url, shown, stored)
    assert stored is not None
    return stored


@pytest.mark.parametrize("delay_ms", [50, 150])
def test_entry_two_phones_one_away_never_store_digits_nobody_typed(
        server: tuple[str, float], tmp_path: Path, delay_ms: int) -> None:
    """Ann's phone and Bob's (`delay_ms` away) type two different numbers into Bob's coins
    at once, key between key, with 0 to 150 ms between keys, and press Enter. What is
    stored is one of the two numbers as typed (never 4011 from 40 and 11), and a phone
    whose number is not stored says so and shows the stored one."""
    url, _ = server
    rounds = [(11, 40, 0), (23, 57, 60), (31, 86, 150), (42, 13, 100)]
    with _two_phones_one_away(url, delay_ms) as (_browser, a, b, code):
        for mine, theirs, gap in rounds:
            tries: list[tuple[str, str]] = []
            while True:
                tries.append(_type_at_once(a, b, mine, theirs, gap))
                a.page.keyboard.press("Enter")
                b.page.keyboard.press("Enter")
                if tries[-1] == (str(mine), str(theirs)):
                    break
                assert len(tries) < ROUND_TRIES, (
                    f"the fields held {tries} when Enter was due, not what was typed")
                _let_go((a, b), tmp_path, code)
                mine, theirs = mine + 1, theirs + 1
            # both answers home, over the slow link too: the number stored, and the phone
            # whose number it is not saying so (or, after 20 s, the assertions below say what
            # there is)
            deadline = time.monotonic() + 20
            while True:
                stored = _stored_coins(tmp_path, code)
                if time.monotonic() > deadline or (stored in (mine, theirs) and any(
                        re.search(rf"{stored} now \(changed on another phone\)",
                                  ph.page.inner_text("body")) for ph in (a, b))):
                    break
                a.page.wait_for_timeout(100)
            assert stored in (mine, theirs), f"stored {stored}: typed {mine} and {theirs}"
            loser = b if stored == mine else a
            assert re.search(rf"{stored} now \(changed on another phone\)",
                             loser.page.inner_text("body")), (
                loser.page.inner_text("body")[-300:], tries, _logged_changes(tmp_path, code)[-4:])
            # the stored number in both fields once they let go
            assert _let_go((a, b), tmp_path, code) == stored


def test_entry_second_players_board_leaves_no_error_on_the_table(
        server: tuple[str, float], phone: Phone) -> None:
    """A board picked on the second player's city, then back to the table: the player's
    line shows the board, never "Something went wrong on this screen" (before, every
    time: `_SeatTile: use_model() outside the app`)."""
    url, _ = server
    _city(url, phone)
    phone.open_player("Bob")
    phone.tap("Babylon")
    phone.page.wait_for_timeout(400)
    phone.page.go_back()
    phone.wait_text("Tap a player")
    phone.page.wait_for_timeout(1500)  # the table's body is back, each line rendered
    for _ in range(50):
        if "Babylon" in _all_words(phone):
            break
        phone.page.wait_for_timeout(100)
    words = _all_words(phone)
    assert "Babylon" in words and ERROR_BOX not in words, words[:800]
    phone.no_error_box()
    phone.shot("42-table-after-second-board")


def test_entry_a_senator_count_goes_down_in_chromium(server: tuple[str, float],
                                                     phone: Phone) -> None:
    """Agora: two taps are 2 Politicians of the box's 7 (AGORA-RB); the minus beside the
    chip, named for a screen reader, takes one away: 1 of 7."""
    url, _ = server
    start_duel(phone, url, "Agora")
    phone.open_player("Ann")
    phone.tap_card("Politician")
    # each tap's count on the chip before the next tap (a tap while the chip is drawn anew,
    # on a loaded machine, can land on nothing)
    phone.card("Politician \u00d71 of 7").wait_for(timeout=10_000)
    phone.tap_card("Politician")
    phone.card("Politician \u00d72 of 7").wait_for(timeout=10_000)
    # an icon button, found by its role and the name a screen reader reads
    phone.tap("Politician for Ann: 2, take one away")
    phone.card("Politician \u00d71 of 7").wait_for(timeout=10_000)
    phone.shot("43-senator-minus", scroll=1500)


def test_entry_stage_changes_only_by_its_box_in_chromium(server: tuple[str, float],
                                                         phone: Phone) -> None:
    """Gizah with its 3 stages built; touches on each stage's words, out to the screen's
    right edge (where a conflict token's + sits below): the stages stay 3 (before, such
    touches made them 0, 1 or 2)."""
    url, _ = server
    phone.page.set_viewport_size(PHONE)
    _city(url, phone)
    phone.open_player("Ann")
    phone.tap("Gizah")
    phone.enter("Ann: Stages built", "3")
    phone.wait_text(r"Ann · ")
    for k in (1, 2, 3):
        words = phone.reveal(phone.page.get_by_text(re.compile(rf"^{k}\. "))).bounding_box()
        assert words is not None
        phone.page.mouse.click(340, words["y"] + words["height"] / 2)  # inside the margin
        phone.page.wait_for_timeout(400)
    field = phone.reveal(phone.page.get_by_role("textbox", name="Ann: Stages built",
                                                exact=True))
    assert field.input_value() == "3"
    assert "Gizah's stages changed" not in phone.page.inner_text("body")


LONG_NAME = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen und Habsburg-Lothringen"
"""76 characters: typed fast, its keys arrive at the server in bursts, faster than the
screen re-renders."""


@pytest.mark.parametrize("delay_ms", [0, 30])
def test_entry_name_keeps_every_character_over_a_slow_link(
        server: tuple[str, float], delay_ms: int) -> None:
    """A long name typed key by key (0 and 30 ms between keys) into New game's field by a
    phone 150 ms away: the field ends holding exactly what was typed and Start keeps it.
    Before, a render for an early key reached the phone after later keys were typed and
    set the field back ("...von HohenzollerSigmaringen undin": CI, 2026-12-04)."""
    from playwright.sync_api import sync_playwright

    url, _ = server
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    with sync_playwright() as p, SlowLink(port, 0.15) as link:
        browser, (ph,) = offline_phones(p, 1)
        ph.open(f"http://127.0.0.1:{link.port}/")
        ph.tap("New game")
        box = ph.reveal(ph.page.get_by_role("textbox", name="Name 1", exact=True))
        box.click()
        ph.page.wait_for_timeout(300)
        _key_by_key(ph, LONG_NAME, delay_ms)
        held = ""
        for _ in range(60):  # every answer home over the slow link: 2 x 150 ms, and more
            ph.page.wait_for_timeout(100)
            held = box.input_value(timeout=2000)
            if held == LONG_NAME:
                break
        ph.page.wait_for_timeout(1000)  # no late answer sets it back
        assert box.input_value(timeout=2000) == LONG_NAME, held
        browser.close()


def test_entry_a_city_by_chips_in_two_scroll_steps() -> None:
    """Issue 31's city (benchmarks/city_entry.py: Gizah, 2 stages, 7 coins, 15 cards of
    three Ages and 3 leaders) by the thumb alone in chromium at 360x780: at most 2 scroll
    steps (10-14 before: 36 leader chips and the tokens sat between the board and the
    cards) and 23 taps: the board, the stage box, the coins field, the Age II and III
    pickers, 15 cards and 3 leaders (1 + 1 + 1 + 2 + 15 + 3). Every tap lands on the
    chip it meant (a chip kept from one Age's grid at another place in the next took the
    taps of the chip whose place it had), and the running total is the engine's."""
    from benchmarks import city_entry

    moves, _took, total = city_entry.run("chips", ROOT)
    assert total.endswith(city_entry.expected_total()), total
    assert (moves.taps, moves.keys) == (23, 1), moves
    assert moves.scrolls <= 2, moves


def _roboto() -> Path:
    """The one font the page has offline (flet-web's): what a chip's words are drawn in."""
    spec = importlib.util.find_spec("flet_web")
    assert spec is not None and spec.origin is not None, "flet-web is not installed"
    return Path(spec.origin).parent / "web" / "assets" / "fonts" / "roboto.woff2"

Line = tuple[int, int, int, int]
"""A line of words on a chip: its ink's top, bottom, left and right (px in the chip)."""


def _screen(ph: Phone) -> Image.Image:
    """The phone's screen as drawn, the pointer away from every chip and button, in the
    screen's left margin (a hover tints a chip, a tooltip covers others)."""
    ph.page.mouse.move(3, 400)
    ph.frames(4)
    return Image.open(io.BytesIO(ph.page.screenshot())).convert("RGB")


def _ink(shot: Image.Image, box: dict[str, float]) -> tuple[set[tuple[int, int]], int, int]:
    """The ink of a held chip's words: the pixels unlike its fill at least 3 px inside the
    fill on their row (the stadium's edge is not ink); with the chip's width and height."""
    x0, y0 = round(box["x"]), round(box["y"])
    w, h = round(box["width"]), round(box["height"])
    pixels = [(int(p[0]), int(p[1]), int(p[2]))
              for p in shot.crop((x0, y0, x0 + w, y0 + h)).get_flattened_data()
              if isinstance(p, tuple)]  # an RGB image's pixels: (r, g, b) each
    fill = Counter(pixels).most_common(1)[0][0]

    def unlike(x: int, y: int) -> int:
        return max(abs(a - b) for a, b in zip(pixels[y * w + x], fill, strict=True))

    ink: set[tuple[int, int]] = set()
    for y in range(h):
        inside = [x for x in range(w) if unlike(x, y) < 24]
        if len(inside) >= 8:
            ink |= {(x, y) for x in range(inside[0] + 3, inside[-1] - 2) if unlike(x, y) > 90}
    return ink, w, h


def _lines(ink: set[tuple[int, int]]) -> list[Line]:
    """The lines of words of a chip's ink, top to bottom (rows of ink a blank row apart)."""
    rows = sorted({y for _, y in ink})
    out: list[list[int]] = []
    for y in rows:
        xs = [x for x, yy in ink if yy == y]
        if out and y - out[-1][1] <= 1:
            out[-1][1:] = [y, min(out[-1][2], *xs), max(out[-1][3], *xs)]
        else:
            out.append([y, y, min(xs), max(xs)])
    return [(a, b, c, d) for a, b, c, d in out]


def _drawn_width(text: str, size: int) -> int:
    """How wide `text`'s ink is in Roboto at `size` px."""
    left, _, right, _ = ImageFont.truetype(str(_roboto()), size).getbbox(text)
    return int(right - left)


def _whole_words(lines: list[Line], name: str, size: int) -> bool:
    """Whether a chip's first lines are its name broken between words only: each as wide
    as the words it would hold (4 px either way), "Nebuchadnezzar" on one line, or
    "Philosophers" over "Guild" (not "Philosophe" over "rs Guild")."""
    words = name.split()
    splits = [[name]] + [[" ".join(words[:k]), " ".join(words[k:])]
                         for k in range(1, len(words))]
    return any(len(lines) >= len(split) and all(
        abs(line[3] - line[2] + 1 - _drawn_width(text, size)) <= 4
        for line, text in zip(lines, split, strict=False)) for split in splits)


def _ends_in_dots(ink: set[tuple[int, int]], line: Line) -> bool:
    """Whether a line of a chip ends in "…": its last marks, right to left, are flat (at
    most 2 px high) on the line's lower half, and span 4 to 9 px (10 px Roboto draws "…"
    6.7 px wide; chromium's smoothing joins its three dots, or not)."""
    top, bottom, _, _ = line
    columns = sorted({x for x, y in ink if top <= y <= bottom}, reverse=True)
    marks: list[list[int]] = []
    for x in columns:
        if marks and marks[-1][-1] == x + 1:
            marks[-1].append(x)
        else:
            marks.append([x])
    middle = (top + bottom) / 2
    flat: list[int] = []
    for mark in marks:
        ys = [y for x, y in ink if x in mark and top <= y <= bottom]
        if max(ys) - min(ys) > 1 or min(ys) < middle:
            break
        flat += mark
    return bool(flat) and 4 <= max(flat) - min(flat) + 1 <= 9


def _held_chip(ph: Phone, name: str) -> tuple[str, set[tuple[int, int]], list[Line]]:
    """A held chip's accessible name, ink and lines of words, on the 360 x 780 screen."""
    chip = ph.card(name)
    assert chip.get_attribute("aria-checked") == "true", name
    # the chip where it was before the screenshot and after it: a full run at load ~10 read
    # a box a frame off the drawn chip (a scroll or the note still moving the page), and
    # took the chip's edge for a line of words
    for _ in range(20):
        box = chip.bounding_box()
        assert box is not None
        shot = _screen(ph)
        if chip.bounding_box() == box:
            break
    ink, _, _ = _ink(shot, box)
    return str(chip.get_attribute("aria-label")), ink, _lines(ink)


def test_entry_long_names_break_only_between_words_in_chromium(
        server: tuple[str, float], phone: Phone) -> None:
    """Issue 31's chips at 360 x 780, 7 Wonders with Leaders: the leader Nebuchadnezzar's
    chip shows the name on one line (a quarter of the phone broke it "Nebuchadne / zzar");
    the long guilds of Age III, held, break their names between words only (a held chip's
    check mark broke "Philosophe / rs Guild"), what they give on the lines under them."""
    url, _ = server
    phone.page.set_viewport_size(PHONE)
    phone.open(url)
    phone.tap("New game")
    phone.tap("Leaders")
    for i, n in enumerate(("Ann", "Bob", "Cid")):
        phone.type(f"Name {i + 1}", n)
    phone.tap_start(("Ann", "Bob", "Cid"))
    phone.wait_text("Tap a player")
    phone.open_player("Ann")
    phone.tap("Nebuchadnezzar")
    _, _, lines = _held_chip(phone, "Nebuchadnezzar")
    # a narrow chip's words are 12 px (ui.screens.widgets.NARROW_TEXT)
    assert len(lines) == 1 and _whole_words(lines, "Nebuchadnezzar", 12), lines
    phone.show_age(3)
    guilds = ("Philosophers Guild", "Shipowners Guild", "Workers Guild")
    for guild in guilds:
        phone.tap_card(guild)
    for guild in guilds:
        said, _, lines = _held_chip(phone, guild)
        # a card chip's name is 13 px (ui.screens.city_cards.CHIP_TEXT); what it gives
        # follows on the chip's other lines
        assert said.startswith(guild) and _whole_words(lines, guild, 13), (guild, lines)
        assert len(lines) <= 3, (guild, lines)
    phone.no_error_box()


def test_entry_a_long_gain_ends_in_an_ellipsis_and_is_read_whole_in_chromium(
        server: tuple[str, float], phone: Phone) -> None:
    """7 Wonders Duel with Agora at 360 x 780: the Politician's chip, held, shows what the
    card gives until its last line, which ends in "…" (before, the words were cut at the
    chip's edge, mid-line); its accessible name still holds every word of it (the Agora
    rule book's text, rulesets/duel+agora/cards.toml). Moneylenders Guild, held, and the
    wonder The Hanging Gardens break their names between words only."""
    url, _ = server
    phone.page.set_viewport_size(PHONE)
    start_duel(phone, url, "Agora")
    phone.open_player("Ann")
    phone.tap("The Hanging Gardens")
    _, _, lines = _held_chip(phone, "The Hanging Gardens")
    assert _whole_words(lines, "The Hanging Gardens", 12) and len(lines) <= 2, lines
    phone.tap_card("Politician")
    phone.card("Politician \u00d71 of 7").wait_for(timeout=10_000)
    said, ink, lines = _held_chip(phone, "Politician")
    assert "Senate actions (Place in its section / Move), 1-3 by blue cards in your city" \
        in said, said
    assert len(lines) <= 3 and _ends_in_dots(ink, lines[-1]), lines
    phone.show_age(3)
    phone.tap_card("Moneylenders Guild")
    said, _, lines = _held_chip(phone, "Moneylenders Guild")
    assert _whole_words(lines, "Moneylenders Guild", 13), lines
    phone.no_error_box()
