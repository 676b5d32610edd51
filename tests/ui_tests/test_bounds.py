"""One player cannot spoil the table (issue 10): names at most the format's 100 characters,
a paste beyond the import limit refused and let go, formulas in the CSV shown as text."""

from __future__ import annotations

import csv
import io
import json

import flet as ft
import pytest

from scorer import i18n, score
from ui.app import make_main
from ui.entry import export
from ui.entry.games import from_table
from ui.store.store import Store
from ui.web import upload_limit

from .flet_client import Client, label, walk
from .game_data import TABLE


def _fields(c: Client, prefix: str) -> list[ft.TextField]:
    return [x for x in c.controls() if isinstance(x, ft.TextField)
            and str(getattr(x, "label", "")).startswith(prefix)]


@pytest.mark.asyncio
async def test_a_million_character_name_is_cut_to_the_limit(store: Store) -> None:
    c = await Client(make_main(store), route="/new").start()
    await c.type("Name 1", "A" * 1_000_000)
    await c.type("Name 2", "Bob")
    await c.type("Name 3", "Cid")
    assert all(f.max_length == 100 for f in _fields(c, "Name "))  # the browser stops there
    assert [len(str(f.value)) for f in _fields(c, "Name ")] == [100, 3, 3]
    await c.tap("Start")
    assert c.title() != "New game"
    assert sorted(store.names()) == ["A" * 100, "Bob", "Cid"]  # the format's limit: 100


@pytest.mark.asyncio
async def test_a_paste_beyond_the_import_limit_is_refused_and_let_go(store: Store) -> None:
    c = await Client(make_main(store), route="/import").start()
    huge = " " * (upload_limit.MAX_IMPORT_BYTES + 1)
    await c.type("Paste a table file (JSON)", huge)
    # 256 KB = 262,144 bytes; one more is refused
    assert c.has("This is 262,145 bytes; a table file is at most 256 KB (262,144 bytes)")
    (field,) = _fields(c, "Paste")
    assert field.value == "" and field.max_length == upload_limit.MAX_IMPORT_BYTES
    # a table within the limit is still taken
    await c.type("Paste a table file (JSON)", json.dumps(TABLE))
    await c.tap("Import")
    assert not c.has("a table file is at most")


def test_csv_cells_that_look_like_formulas_are_text() -> None:
    table = json.loads(json.dumps(TABLE))
    hostile = ["=HYPERLINK(\"http://x\",\"y\")", "@SUM(A1)", "+1+1", "-2", "\tTab", "Ann"]
    for seat, name in zip(table["players"], hostile, strict=False):
        seat["name"] = name
    result = score(table)
    rows = list(csv.reader(io.StringIO(export.result_csv(result))))
    names = [r[0] for r in rows[1:]]
    wanted = {"=HYPERLINK(\"http://x\",\"y\")": "'=HYPERLINK(\"http://x\",\"y\")",
              "@SUM(A1)": "'@SUM(A1)", "+1+1": "'+1+1", "-2": "'-2", "\tTab": "'\tTab",
              "Ann": "Ann"}
    assert sorted(names) == sorted(wanted[p.name] for p in result.players)
    # numbers stay numbers: a negative military total is written as -N, not '-N
    for row, p in zip(rows[1:], result.players, strict=True):
        assert row[-2] == str(p.total) and row[-1] == ""  # then the rows that may be more


def test_csv_text_escapes_exactly_the_formula_starts() -> None:
    for start in "=+-@\t\r":
        assert export.csv_text(start + "x") == "'" + start + "x"
    for plain in ("Ann", " =x", "x=1", "", "'=x"):
        assert export.csv_text(plain) == plain


@pytest.mark.asyncio
async def test_science_calculator_takes_no_more_wildcards_than_the_game_has(store: Store) -> None:

    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.tap("Paper totals")
    await c.type("Wildcards", "800")  # froze the server for 11 s before
    # Scientists Guild + Babylon: 2 at most; the typed text stays with the reason under it
    assert _error(c, "Wildcards") == ("800", "A whole number from 0 to 2")
    await c.type("Wildcards", "2")
    assert _error(c, "Wildcards") == ("2", None)
    plus = [x for x in c.controls() if isinstance(x, ft.IconButton)
            and label(x) == "Wildcards for Cid: 2, add one"]
    assert plus
    await c.tap_control(plus[0])  # + stops at the bound (never disabled: focus stays put)
    assert _error(c, "Wildcards") == ("2", None)
    await c.type("Coins", "10001")
    assert _error(c, "Coins") == ("10001", "A whole number from 0 to 10000")


def _error(c: Client, label: str) -> tuple[str, str | None]:
    (field,) = [x for x in c.controls() if isinstance(x, ft.TextField) and x.label == label]
    return str(field.value), None if field.error is None else str(field.error)


def test_csv_headers_are_in_the_players_language() -> None:
    """A spreadsheet is read by people: its headers are the pad's words in the session's
    language (Vietnamese catalogue: Player = Người chơi, Rank = Hạng, Total = Tổng, May be
    more = Có thể nhiều hơn)."""
    result = score(json.loads(json.dumps(TABLE)))
    with i18n.language("vi"):
        header = next(csv.reader(io.StringIO(export.result_csv(result))))
    assert header[:2] == ["Người chơi", "Hạng"] and header[-2] == "Tổng"
    assert header[-1] == "Có thể nhiều hơn (số đếm có dấu \u2265)"


@pytest.mark.asyncio
async def test_a_board_radio_takes_only_a_board_of_the_game(store: Store) -> None:
    """A hostile client sends the board group's change itself, past what the page offers:
    100,000 letters, a name of no board, a number, nothing: none is saved, none shows, no
    screen breaks (the client's idle() fails on a crashed session or a Flet error box). A
    board another city holds (its radio is out of reach, not the group) is a change the
    edits take, as two phones racing for one board would: the engine then says the table
    cannot be, on the city (rules_multiplayer.md §5: each board once in a game)."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat

    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah"), SevenWondersSeat("Bob"),
        SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/1").start()
    for value in ("x" * 100_000, "Nowhere", 12, None):
        group = next(g for g in walk(c.top()) if isinstance(g, ft.RadioGroup))
        await c.tap_change(group, value)
        saved = store.load_current()
        assert isinstance(saved, SevenWondersDraft) and saved.seats[1].board == "", value
        assert not c.has("x" * 100) and not c.has("Nowhere")
    group = next(g for g in walk(c.top()) if isinstance(g, ft.RadioGroup))
    await c.tap_change(group, "Gizah")
    assert c.has("is also held by Ann; it exists once in this game")


@pytest.mark.asyncio
@pytest.mark.parametrize(("route", "heading"), [("/new", "Game"), ("/", "Language"),
                                                ("/", "Theme")])
async def test_a_radio_group_takes_only_its_own_answers(store: Store, route: str,
                                                        heading: str) -> None:
    """A hostile client sends a one-of group's change itself (New game's game, Home's
    language and theme): a name of no game broke New game's screen (the ruleset of
    "Nowhere" looked up); a value the group does not offer now changes nothing, and the
    group still holds what it held."""
    c = await Client(make_main(store), route=route).start()
    groups = [g for g in walk(c.top()) if isinstance(g, ft.Semantics)
              and g.label == heading and isinstance(g.content, ft.RadioGroup)]
    assert len(groups) == 1
    before = (c.texts(), c.page.theme_mode)
    for value in ("Nowhere", "x" * 100_000, 12):
        await c.tap_change(groups[0].content, value)
        assert not c.error_boxes(), value
        assert (c.texts(), c.page.theme_mode) == before, value  # nothing changed
