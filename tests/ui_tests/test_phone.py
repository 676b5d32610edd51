"""The phone experience (issue 12), driven in-process: a saved game offers the ways on, a later
edit clears "Saved", the stage boxes set the stages, the card list filters by Age and colour
and says what each card gives, no Semantics wraps hidden content, and the shared image."""

from __future__ import annotations

import io
import json
from pathlib import Path

import flet as ft
import pytest
from PIL import Image

from scorer import score
from scorer.facts import ruleset
from ui.app import make_main
from ui.entry.games import as_seven_wonders, from_table
from ui.screens.share_image import (
    CELL_W,
    LABEL_W,
    PAD,
    ROW_H,
    TITLE_H,
    TITLE_LINE,
    image_size,
    pad_png,
)
from ui.store.store import Store

from .flet_client import Client, walk
from .game_data import SUMMARY, TABLE, VERDICT

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.asyncio


def hidden_semantics(c: Client) -> list[str]:
    """Semantics controls whose content is hidden: Flet draws its red error box for each."""
    return [str(s.identifier) for s in walk(c.top()) if isinstance(s, ft.Semantics)
            and s.visible is not False and s.content is not None
            and getattr(s.content, "visible", True) is False]


async def test_no_semantics_hides_its_only_content_on_any_screen(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store)).start()
    for route in ["/", "/new", "/game", "/game/player/0", "/game/pad", "/game/export",
                  "/import", "/history", "/rules"]:
        await c.go(route)
        await c.idle()
        assert hidden_semantics(c) == [], route


async def test_a_saved_game_offers_the_ways_on_until_it_is_changed(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.until(VERDICT)
    await c.tap("Finish and save")
    assert store.games()[0].summary == SUMMARY
    assert c.has("Saved to history.")
    for way in ["Play again", "New game", "Home"]:
        c.find(way)
    # a once-note (issue 31: it stayed on the pad after a reload): the phone comes back
    # to its session, the pad says the game is finished, not that it was just saved
    await c.drop()
    await c.come_back()
    await c.until("Finished: in the history.")
    assert not c.has("Saved to history.")
    # a correction afterwards: the game is unfinished again, "Saved" is no longer said
    await c.go("/game/player/2")
    await c.type("Coins", "8")
    await c.go("/game/pad")
    await c.until(VERDICT)
    c.find("Finish and save")
    assert not c.has("Saved to history.")
    # Play again: the same players, seats and wonders, empty cities (Draft.fresh_copy)
    await c.tap("Finish and save")
    await c.tap("Play again")
    assert c.title() == "Table"
    again = store.load_current()
    assert again is not None and [s.name for s in again.seats] == ["Ann", "Bob", "Cid"]
    assert all(not s.cards and s.coins == 0 for s in again.seats)
    assert [s.board for s in as_seven_wonders(again).seats] == ["Gizah", "Babylon", "Rhodos"]


async def test_stage_boxes_set_the_stages(store: Store) -> None:
    store.save_current(from_table(TABLE))  # Ann: Gizah A, 2 stages built
    c = await Client(make_main(store), route="/game/player/0").start()
    boxes = [x for x in c.controls() if isinstance(x, ft.Checkbox)]
    assert [b.value for b in boxes] == [True, True, False]  # Gizah A has 3 stages
    await c.tap_change(boxes[2], True)  # tick the 3rd: three built
    saved = store.load_current()
    assert saved is not None and as_seven_wonders(saved).seats[0].stages == 3
    boxes = [x for x in c.controls() if isinstance(x, ft.Checkbox)]
    await c.tap_change(boxes[1], False)  # untick the 2nd: only the 1st stays built
    saved = store.load_current()
    assert saved is not None and as_seven_wonders(saved).seats[0].stages == 1


async def test_cards_show_age_and_what_they_give_and_filter(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    # 1st-edition card table: Pantheon is an Age III blue card worth 7 VP; Apothecary an
    # Age I green card with a compass. The city opens on Age I (one Age at a time)
    assert c.has("I · compass", exact=True)
    assert not c.has("III · 7 VP", exact=True)
    c.find("Clay Pit")
    await c.tap_identifier("age-0")  # All Ages
    assert c.has("III · 7 VP", exact=True)
    assert c.has("I · compass", exact=True)
    await c.tap_identifier("age-3")
    assert c.has("III · 7 VP", exact=True)
    assert not c.has("I · compass", exact=True)
    with pytest.raises(AssertionError):
        c.find("Clay Pit")  # an Age I card
    await c.tap_identifier("filter-blue")
    c.find("Pantheon")
    with pytest.raises(AssertionError):
        c.find("Fortifications")  # Age III, but red
    # a tap on a card still enters it while filtered (Ann holds Pantheon: it goes)
    await c.tap("Pantheon")
    saved = store.load_current()
    assert saved is not None and "Pantheon" not in saved.seats[0].cards


async def test_number_fields_take_digits_only_with_the_numeric_keyboard(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    coins = c.find("Coins", ft.TextField)
    assert coins.keyboard_type == ft.KeyboardType.NUMBER
    assert coins.input_filter is not None and coins.input_filter.regex_string == r"^[0-9]*$"
    await c.tap("Paper totals")
    # a typed pad row is 0 or more (no row the paper pad asks for goes below zero; military,
    # which does, comes from the tokens): digits only
    paper = c.find("Civilian", ft.TextField)
    assert paper.input_filter is not None and paper.input_filter.regex_string == r"^[0-9]*$"


async def test_every_chip_and_button_on_the_city_is_a_thumb_target(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    small = [x for x in c.controls()
             if isinstance(x, (ft.FilledButton, ft.OutlinedButton)) and (x.height or 0) < 48]
    assert small == []


async def test_a_long_name_leaves_the_running_total_in_sight(store: Store) -> None:
    # the walk at 360 px: "Maximilian-Alexander von Hohenzollern · 3 pts" in the city's
    # app bar was cut after "Maximilian-Alexander ...": the total, the one place it
    # shows, was gone. A long title takes two lines of smaller type; a very long name
    # ends in "…" so that the total still fits; a short one is as it was
    long = "Maximilian-Alexander von Hohenzollern"
    huge = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen und Habsburg-Lothringen Jr"
    for name, shown in ((long, f"{long} · 31 pts"),  # game_data: Ann 31
                        (huge, f"{huge[:39]}\u2026 · 31 pts"), ("Ann", "Ann · 31 pts")):
        table = {**TABLE, "players": [{**TABLE["players"][0], "name": name},
                                      *TABLE["players"][1:]]}
        store.save_current(from_table(table))
        c = await Client(make_main(store), route="/game/player/0").start()
        (title,) = [x for x in walk(c.top().appbar) if isinstance(x, ft.Text)]
        assert title.value == shown
        if name == "Ann":
            assert title.max_lines is None and title.size is None
        else:  # two lines of 16 px type hold ~60 characters on a 360 px phone
            assert title.max_lines == 2 and title.size == 16 and len(shown) <= 50


def _pad_image() -> tuple[Image.Image, int]:
    result = score(TABLE)
    categories = [c for c in ruleset("7wonders-1e").constants.categories
                  if c in result.players[0].categories]
    png = pad_png(result, categories, "7 Wonders 1st edition")
    return Image.open(io.BytesIO(png)), len(categories)


async def test_the_shared_image_is_the_pad() -> None:
    img, rows = _pad_image()
    assert img.format == "PNG"
    # 3 players, 7 rows of the 1st-edition pad, the verdict on one or two lines
    assert img.size[0] == 2 * PAD + LABEL_W + 3 * CELL_W
    assert img.size in (image_size(3, rows, 1), image_size(3, rows, 2))
    # the military row (the first) is red, the science row (5th) green, in Bob's column
    x = PAD + LABEL_W + CELL_W + 6
    military_y = PAD + TITLE_H + ROW_H * 1 + 6
    science_y = PAD + TITLE_H + ROW_H * 5 + 6
    rgb = img.convert("RGB")
    assert rgb.getpixel((x, military_y)) == (0xC6, 0x28, 0x28)
    assert rgb.getpixel((x, science_y)) == (0x2E, 0x8B, 0x3E)
    # the winner (Ann, on the tie-break) has her total marked in gold; Bob's is white
    total_y = PAD + TITLE_H + ROW_H * (rows + 1) + 6
    assert rgb.getpixel((PAD + LABEL_W + 6, total_y)) == (0xB8, 0x86, 0x0B)
    assert rgb.getpixel((PAD + LABEL_W + CELL_W + 6, total_y)) == (0xFF, 0xFF, 0xFF)


def _level(gray: Image.Image, x: int, y: int) -> int:
    """A grey image's pixel, 0 (black) to 255."""
    value = gray.getpixel((x, y))
    assert isinstance(value, int)
    return value


async def test_the_shared_image_wraps_a_long_title() -> None:
    """A Duel game with two expansions on the 2-player image (438 px wide): its title,
    "7 Wonders Duel with Agora and Duel Leaders", takes two lines, every line within the
    image (a walk's PNG read "7 Wonders Duel with Agora and", the rest cut at the edge)."""
    result = score(json.loads((ROOT / "examples" / "duel-agora-leaders.json").read_text()))
    categories = [c for c in ruleset("duel", ("agora", "leaders")).constants.categories
                  if c in result.players[0].categories]
    title = "7 Wonders Duel with Agora and Duel Leaders"
    img = Image.open(io.BytesIO(pad_png(result, categories, title)))
    rows = len(categories)
    assert img.size[0] == 2 * PAD + LABEL_W + 2 * CELL_W == 438
    assert img.size[1] in {image_size(2, rows, v, 2)[1] for v in (1, 2, 3)}
    # the title's two lines leave ink on both, nothing past the right margin on either
    gray = img.convert("L")
    for n in (0, 1):
        y = PAD + TITLE_H // 2 + TITLE_LINE * n
        row = [_level(gray, x, y + dy) for dy in range(-8, 9) for x in range(img.size[0])]
        assert min(row) < 100  # ink on the line
        right = [_level(gray, x, y + dy) for dy in range(-8, 9)
                 for x in range(img.size[0] - PAD + 2, img.size[0])]
        assert min(right) > 200  # the margin stays clear


async def test_screens_below_catch_up_when_back_on_top(store: Store) -> None:
    """The table and home keep what they showed while a city is on top (memoized bodies),
    and show the change once they are on top again."""
    store.save_current(from_table(TABLE))  # Ann 31 (TABLE, game_data.py)
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap_identifier("age-3")
    await c.tap("Pantheon")  # Ann gives back Pantheon, 7 VP: 31 - 7 = 24
    assert c.title() == "Ann · 24 pts"
    await c.back()
    assert c.title() == "Table"
    assert c.has("24 pts", exact=True)
    await c.back()
    assert c.has("Ann, Bob, Cid", exact=True)  # Home: the game in progress


async def test_the_banner_gives_this_computers_address_and_the_lan_ones() -> None:
    from ui.__main__ import urls
    from ui.text.strings import serve_banner

    here, lan = urls("0.0.0.0", 8550)
    assert here == "http://127.0.0.1:8550/"
    assert all(u.startswith("http://") and u.endswith(":8550/") and "127.0.0.1" not in u
               for u in lan)
    assert "On this computer: http://127.0.0.1:8550/" in serve_banner(here, lan)
    assert urls("127.0.0.1", 9000) == ("http://127.0.0.1:9000/", [])  # no phone can reach it


async def test_the_page_has_our_name_and_asks_no_cdn() -> None:
    """Our scripts go before Flet's configuration; the names are Flet's own parameters
    (the served page's title is checked in test_package.py and the browser tests)."""
    from ui.web.webapp import index_html, manifest, web_names

    flet_page = ('<head><meta name="description" content="Flet application.">'
                 '<meta name="apple-mobile-web-app-title" content="Flet">'
                 "<title>Flet</title><!-- fletAppConfig --></head>")
    page = index_html(flet_page)
    assert page.index("HTMLScriptElement") < page.index("<!-- fletAppConfig -->")
    assert page.index("flutter.wonders.browser") < page.index("<!-- fletAppConfig -->")
    assert web_names() == {"app_name": "Wonders Score Pad", "app_short_name": "Score Pad",
                           "app_description": "Count a finished game: every point explained."}
    assert (manifest("vi")["id"], manifest("vi")["lang"]) == ("/", "vi")
    with pytest.raises(RuntimeError, match="fletAppConfig"):
        index_html("<head><title>Flet</title></head>")  # a Flet that changed its page
