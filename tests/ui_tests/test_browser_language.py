"""A Duel game walked in Vietnamese in a real browser at 360 px (the browser asks for
Vietnamese: the app follows it), with no English word left on any screen but the names of
cards, wonders, leaders, games and players. Screenshots as test_browser.py takes them
(`vi-*.png`)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorer import i18n
from ui.text.language import NAMES

from .game_data import DUEL_CONFLICT, DUEL_PLAYERS
from .test_browser import CHROMIUM, MISSING_CHROMIUM, MOTION, PHONE, ROOT, Phone, launch_chromium
from .test_browser import server as server  # the fixture, by name

pytestmark = pytest.mark.browser

WORD = re.compile(r"[A-Za-z]{3,}")


def _names() -> set[str]:
    """Every word of a name the rulesets give (cards, wonders, leaders, progress tokens,
    games): shown as printed, never translated."""
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("name", "title") and isinstance(inner, str):
                    words.update(WORD.findall(inner))
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for path in (ROOT / "rulesets").rglob("*.toml"):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return words


def english_words() -> set[str]:
    """Words of the catalogue's English texts that its Vietnamese never uses: one of them
    on screen is a text left in English."""
    with i18n.catalogue_path("vi").open("rb") as f:
        catalog = read_po(f, locale="vi")
    source: set[str] = set()
    target: set[str] = set()
    for m in catalog:
        if not m.id:
            continue
        ids = [str(x) for x in (m.id if isinstance(m.id, tuple) else (m.id,))]
        strs = [str(x) for x in (m.string if isinstance(m.string, tuple) else (m.string,))]
        for text in ids:
            source.update(WORD.findall(re.sub(r"\{[^}]*\}", "", text)))
        for text in strs:
            target.update(WORD.findall(re.sub(r"\{[^}]*\}", "", text)))
    names = _names() | {p["name"] for p in DUEL_PLAYERS} | set(NAMES.values())
    return {w for w in source if w not in target and w not in names}


ENGLISH = english_words()


def english_on(phone: Phone) -> set[str]:
    return set(WORD.findall(phone.said())) & ENGLISH  # the names a screen reader reads too


@pytest.fixture
def phone_vi() -> Iterator[Phone]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(MISSING_CHROMIUM)
    with sync_playwright() as p:
        browser = launch_chromium(p, "--lang=vi-VN")
        page = browser.new_page(viewport=PHONE, locale="vi-VN", reduced_motion=MOTION)
        page.route("**/*", lambda route: route.continue_()
                   if route.request.url.startswith("http://127.0.0.1") else route.abort())
        yield Phone(page)
        browser.close()


def test_duel_game_in_vietnamese(server: tuple[str, float], phone_vi: Phone) -> None:
    url, _ = server
    phone = phone_vi
    # the app's socket through the test (Playwright's routing), to drop it at the end
    routes: list[Any] = []
    refuse = [False]

    def through(socket: Any) -> None:
        if refuse[0]:  # the server "down": every reconnection refused
            socket.close()
            return
        socket.connect_to_server()
        routes.append(socket)
    phone.page.route_web_socket(re.compile(r"/ws$"), through)
    phone.open(url, ready="Ván mới")  # "New game"
    seen: dict[str, set[str]] = {}
    seen["home"] = english_on(phone)
    phone.shot("vi-1-home")
    phone.tap("Ván mới")
    phone.tap("7 Wonders Duel")
    for i, p in enumerate(DUEL_PLAYERS):
        phone.type(f"Tên {i + 1}", p["name"])  # "Name {n}"
    seen["setup"] = english_on(phone)
    phone.shot("vi-2-new-game")
    phone.tap("Bắt đầu")  # "Start"
    phone.wait_text("Chạm vào một người chơi")  # "Tap a player to enter their city."
    phone.enter("Số ô tính từ giữa", str(DUEL_CONFLICT["spaces"]))  # "Spaces from the centre"
    phone.tap(f"Quân cờ xung đột: phía {DUEL_CONFLICT['toward']}")  # "{pawn}: {name}'s side"
    seen["table"] = english_on(phone)
    phone.shot("vi-3-duel-table")
    for i, p in enumerate(DUEL_PLAYERS):
        phone.open_player(p["name"])
        phone.enter(f"{p['name']}: Đồng tiền", str(p["coins"]))  # "{name}: Coins"
        for name in [*p["wonders"], *p["progress"]]:
            phone.tap(name)
        phone.show_age(0)  # the cards of every Age
        for name in p["cards"]:
            phone.tap_card(name)
        # "{n} pts": the totals are game_data's (rulebook arithmetic there)
        phone.wait_text(rf"{p['name']} · {p['total']} điểm")
        seen[f"city {p['name']}"] = english_on(phone)
        phone.shot(f"vi-4-duel-city-{i}")
        phone.shot(f"vi-4b-duel-city-{i}-cards", scroll=1100)
        phone.page.go_back()
        phone.wait_text("Chạm vào một người chơi")
    phone.tap("Bảng điểm")  # "Score pad"
    # "{tied} tie on {points}; {winner} wins with {tiebreak} to {others}."
    phone.wait_text("hòa nhau với 24")
    verdict = phone.text_of("verdict")
    assert "Bob thắng" in verdict, verdict
    for p in DUEL_PLAYERS:  # a total says whose it is: "{player}, total: {n} points"
        assert phone.text_of(f"total-{p['name']}").strip() == \
            f"{p['name']}, tổng: {p['total']} điểm; chạm để xem cách tính"
    seen["score pad"] = english_on(phone)
    phone.shot("vi-5-duel-score-pad")
    phone.no_error_box()
    phone.tap("Kết thúc và lưu")  # "Finish and save"
    phone.wait_text("Đã lưu vào lịch sử")  # "Saved to history."
    seen["saved pad"] = english_on(phone)
    phone.shot("vi-6-saved-pad")
    # the other screens, from Home: "History", "Rules", "Import", "Join a game"
    for i, button in enumerate(["Lịch sử", "Luật chơi", "Nhập", "Tham gia ván chơi"]):
        phone.go("/", ready=button)  # Home again, in this page
        phone.tap(button)
        phone.page.wait_for_timeout(800)
        seen[button] = english_on(phone)
        phone.shot(f"vi-{7 + i}-{i}")
        phone.no_error_box()
    # the phone loses its network: said at once, in its language, read out as an alert
    # (the screen said nothing, and a tap went nowhere; issue 31), and gone when it is back
    phone.page.context.set_offline(True)
    lost = phone.page.get_by_role("alert").filter(has_text="Điện thoại này không có mạng")
    lost.wait_for(timeout=10_000)
    phone.shot("vi-11-network-lost")
    phone.page.context.set_offline(False)
    lost.wait_for(state="detached", timeout=10_000)
    # the connection drops (a server restarted): Flet's "Working..." is English only; the
    # line says it in Vietnamese until a connection opens again
    refuse[0] = True
    routes[-1].close()
    dropped = phone.page.get_by_role("alert").filter(has_text="Kết nối với bảng điểm bị ngắt")
    dropped.wait_for(timeout=10_000)
    phone.shot("vi-12-connection-lost")
    refuse[0] = False
    dropped.wait_for(state="detached", timeout=20_000)
    phone.button("Tham gia").wait_for(timeout=20_000)  # the Join screen again: "Join"
    assert {k: v for k, v in seen.items() if v} == {}
