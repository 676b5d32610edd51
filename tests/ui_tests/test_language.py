"""The app in the player's language: each session (each phone) its own, the browser's on a
first visit, then the one chosen on Home, remembered by that browser. The expected words are
the Vietnamese catalogue's (locale/vi/LC_MESSAGES/messages.po)."""

from __future__ import annotations

import pytest

from ui.app import make_main
from ui.store.store import Store

from .flet_client import Client, label, shared_hub

pytestmark = pytest.mark.asyncio


def shows(c: Client, text: str) -> bool:
    """`text` on screen: a text, or a button's or field's label."""
    return c.has(text, exact=True) or any(label(x) == text for x in c.controls())


async def browser(store: Store, languages: list[str], device: str = "ann-phone",
                  route: str = "/", hub: object = None) -> Client:
    c = Client(make_main(store), route=route, device=device, hub=hub)  # type: ignore[arg-type]
    c.languages = languages
    return await c.start()


async def test_browser_language_first_then_the_choice_remembered(store: Store) -> None:
    c = await browser(store, ["vi-VN", "en-US"])
    # "Wonders Score Pad" and "New game" in the catalogue
    assert c.title() == "Bảng điểm Wonders"
    assert shows(c, "Ván mới") and not shows(c, "New game")
    assert shows(c, "Ngôn ngữ")  # the picker's header, "Language"
    await c.tap("English")
    assert c.title() == "Wonders Score Pad" and shows(c, "New game")
    assert c.storage is not None and c.storage["wonders.language"] == "en"
    # the same browser later (its storage): its choice wins over its preferred languages
    again = Client(make_main(store), device="ann-phone")
    again.languages, again.storage = ["vi-VN"], c.storage
    await again.start()
    assert again.title() == "Wonders Score Pad"
    # a browser that asks for a language without a catalogue gets English
    other = await browser(store, ["fr-FR"], device="fr-phone")
    assert other.title() == "Wonders Score Pad"


async def test_each_phone_reads_the_game_in_its_own_language(store: Store) -> None:
    hub = shared_hub()
    a = await browser(store, ["vi"], hub=hub)
    await a.tap("Ván mới")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Tên {i + 1}", n)
    await a.tap("Bắt đầu")
    assert a.title() == "Bàn chơi"
    code = a.cell("join-code-shown")
    b = await browser(store, ["en-GB"], device="bob-phone", route=f"/g/{code}", hub=hub)
    assert b.title() == "Table"
    await b.tap("I am Bob")
    await a.until("Bob đã nhận chỗ.")  # "{player} took their seat."
    # the engine's problems come in each phone's language at the same moment
    await a.go(f"/g/{code}/player/0")
    await b.go(f"/g/{code}/player/0")
    # "{subject} must not be empty" with "the wonder board"
    await a.until("Bảng Kỳ quan không được để trống")
    await b.until("The wonder board must not be empty")
    assert not a.has("must not be empty")
    # a change on Bob's English phone is told to Ann's phone in Vietnamese:
    # "{what} on {device}" of "{player}'s {what} changed to {value}", "coins", "{player}'s phone"
    await b.go(f"/g/{code}/player/1")
    await b.type("Coins", "7")
    await a.until("tiền của Bob đổi thành 7 trên điện thoại của Bob")
    await a.type("Đồng tiền", "4")
    await b.until("Ann's coins changed to 4 on the host's phone")


def _drawn(text: str) -> bytes:
    from PIL import Image, ImageDraw

    from ui.screens.share_image import _font

    img = Image.new("L", (80, 40), 0)
    ImageDraw.Draw(img).text((4, 4), text, font=_font(24), fill=255)
    return img.tobytes()


async def test_the_share_image_draws_vietnamese_letters() -> None:
    # a font without them draws one same box for each (Pillow's own font did)
    letters = ["ể", "ở", "ạ", "ự", "Đ"]
    drawn = {_drawn(x) for x in letters}
    assert len(drawn) == len(letters)
    assert _drawn("ể") != _drawn("e") and _drawn("ể") != _drawn("\uffff")


async def test_a_note_said_in_one_language_goes_when_the_phone_switches(store: Store) -> None:
    """A note at the foot of the screen said in English ("Ann's coins changed to 4") goes
    when the phone switches to Tiếng Việt, as the notice does: a walk read an English note
    on a Vietnamese phone's Home, table and pad after the switch."""
    c = await browser(store, ["en-GB"])
    await c.tap("New game")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await c.type(f"Name {i + 1}", n)
    await c.tap("Start")
    await c.go("/game/player/0")
    await c.type("Coins", "4")
    await c.until("Ann's coins changed to 4")
    await c.go("/")
    await c.tap("Tiếng Việt")
    assert c.title() == "Bảng điểm Wonders"
    assert not c.has("Ann's coins changed to 4")
