"""New games are bounded (issue 32): per device and per client address within the hour,
open codes server-wide (never more than half the code space), each refusal in words; the
search for a free code gives up instead of searching on, so that no request waits for a
code forever (tested with a small code space: one letter, 18 codes)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from scorer import i18n
from scorer.history import Play
from ui.entry.draft import Draft
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import HostRefused, JoinRefused, Tables, tables_for
from ui.store import store as store_module
from ui.store.codes import CODE_LENGTH, HISTORY_CODE_LENGTH, JOIN_LETTERS
from ui.store.store import CodesHeld, LiveRecord, Store
from ui.text import strings as S
from ui.text.strings import HostRefusalCode
from ui.web import host_limit
from ui.web.host_limit import GAMES_PER_ADDRESS, GAMES_PER_DEVICE

from .test_live import phone

ROOT = Path(__file__).resolve().parents[2]


def _four() -> dict[str, object]:
    """The 4-player example's table (Ann 62, Bob 82, Cid 33, Dan 35)."""
    table: dict[str, object] = json.loads(
        (ROOT / "examples" / "7wonders-1e-4p-full-game.json").read_text())
    return table


def _draft() -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name="Ann"),
                                                        SevenWondersSeat(name="Bob")])


def test_hostile_one_device_opens_a_bounded_number_of_games(store: Store) -> None:
    tables = tables_for(store)
    opened = [tables.open_new(_draft(), "loop-phone", f"10.0.0.{i + 1}")
              for i in range(GAMES_PER_DEVICE + 3)]  # from a new address each time
    refused = [g for g in opened if isinstance(g, HostRefused)]
    assert len(refused) == 3 and all(g.reason == "too-many-games" for g in refused)
    assert 3500 < refused[0].wait_s <= 3601  # the hour from its first game
    # another device, even from the same address, opens its game
    assert isinstance(tables.open_new(_draft(), "ann-phone", "10.0.0.1"), LiveRecord)


def test_hostile_one_address_opens_a_bounded_number_of_games(store: Store) -> None:
    tables = tables_for(store)
    opened = [tables.open_new(_draft(), f"minted-{i}", "198.51.100.7")
              for i in range(GAMES_PER_ADDRESS + 2)]  # a new device each time
    refused = [g for g in opened if isinstance(g, HostRefused)]
    assert len(refused) == 2 and all(g.reason == "too-many-games-here" for g in refused)
    assert isinstance(tables.open_new(_draft(), "ann-phone", "198.51.100.8"), LiveRecord)


def test_hostile_a_full_small_code_space_refuses_at_once(store: Store) -> None:
    store.code_length = 1  # 18 codes: at most 9 open (half the space)
    tables = tables_for(store)
    assert store.open_code_cap == len(JOIN_LETTERS) // 2 == 9
    codes = set()
    for i in range(9):
        got = tables.open_new(_draft(), f"phone-{i}", f"10.0.{i}.1")
        assert isinstance(got, LiveRecord)
        codes.add(got.code)
    assert len(codes) == 9 and all(len(c) == 1 for c in codes)
    start = time.monotonic()
    full = tables.open_new(_draft(), "phone-x", "10.9.0.1")
    assert full == HostRefused("server-full")
    assert time.monotonic() - start < 5  # an answer, not a search without end
    # a code comes back when its game is finished: a new game opens again
    rec = tables.open(next(iter(tables._games)), "phone-0")
    assert rec is not None
    tables.finish(rec.id, rec.host, "", rec.version)
    assert isinstance(tables.open_new(_draft(), "phone-y", "10.9.0.2"), LiveRecord)


def test_hostile_the_search_for_a_free_code_gives_up(store: Store,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    tables = tables_for(store)
    held = tables.host(_draft(), "ann-phone")
    drawn: list[int] = []

    def always_held(length: int = CODE_LENGTH) -> str:
        drawn.append(length)
        return held.code
    monkeypatch.setattr(store_module, "new_code", always_held)
    with pytest.raises(CodesHeld):
        store.host_game(_draft(), "bob-phone")
    assert len(drawn) == host_limit.CODE_DRAWS  # then it gave up
    assert tables.open_new(_draft(), "bob-phone", "10.0.0.2") == HostRefused("server-full")


def test_hostile_every_refusal_of_a_new_game_has_its_words() -> None:
    reasons: tuple[HostRefusalCode, ...] = (
        "too-many-games", "too-many-games-here", "too-many-open-here", "server-full")
    words = {r: S.host_refused(HostRefused(r, 600)) for r in reasons}
    assert len(set(words.values())) == 4
    assert "10 min" in words["too-many-games"]  # 600 s
    assert words["too-many-open-here"] == (
        "Too many games in progress were started from this network. Finish one of them, "
        "or try again later.")
    with i18n.language("vi"):  # each through the catalogue, in Vietnamese too
        said_vi = {r: S.host_refused(HostRefused(r, 600)) for r in reasons}
    assert not set(said_vi.values()) & set(words.values())
    assert "mạng này" in said_vi["too-many-open-here"]  # "this network"


def test_hostile_one_address_holds_a_bounded_number_of_open_codes(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    assert host_limit.OPEN_CODES_PER_ADDRESS == 100
    monkeypatch.setattr(host_limit, "OPEN_CODES_PER_ADDRESS", 3)
    # two processes on one store (each its own hourly counts): the open codes are counted
    # by the database, so the bound holds across them
    one, two = Tables(store), Tables(store)
    opened = [t.open_new(_draft(), f"minted-{i}", "198.51.100.7")
              for i, t in enumerate([one, two, one])]
    assert all(isinstance(g, LiveRecord) for g in opened)
    refused = two.open_new(_draft(), "minted-9", "198.51.100.7")
    assert isinstance(refused, HostRefused) and refused.reason == "too-many-open-here"
    assert 24 * 3600 - 60 < refused.wait_s <= 24 * 3600 + 1  # its oldest code's day
    # the same machine over IPv4-mapped IPv6 is the same address; another is not held
    mapped = one.open_new(_draft(), "m-10", "::ffff:198.51.100.7")
    assert isinstance(mapped, HostRefused) and mapped.reason == "too-many-open-here"
    assert isinstance(one.open_new(_draft(), "ann-phone", "198.51.100.8"), LiveRecord)
    # a game finished gives its code back: the address opens one again
    first = opened[0]
    assert isinstance(first, LiveRecord)
    one.finish(first.id, first.host, "", first.version)
    assert isinstance(two.open_new(_draft(), "minted-11", "198.51.100.7"), LiveRecord)


def test_hostile_a_finished_game_opened_from_history_holds_no_join_code(
        store: Store) -> None:
    store.code_length = 1  # 18 codes, at most 9 open: the server is full
    tables = tables_for(store)
    for i in range(9):
        assert isinstance(tables.open_new(_draft(), f"phone-{i}", f"10.0.{i}.1"), LiveRecord)
    assert tables.open_new(_draft(), "phone-x", "10.9.0.1") == HostRefused("server-full")
    # Eve's imported game (her copy: a member, no game in progress behind it) opens anyway
    eve = store.for_owner("eve-phone")
    done = eve.import_plays([Play("eve-game", 1000.0, _four())])
    assert done is not None and done.added == 1
    got = eve.saved_game("eve-game")
    assert got is not None
    rec = tables.open_finished(got[1], "eve-phone", "10.9.0.1")
    assert isinstance(rec, LiveRecord) and rec.closed and rec.spent
    # its address is no join code: not of a join code's length, and no join finds it
    assert len(rec.code) == HISTORY_CODE_LENGTH != store.code_length
    assert isinstance(tables.join(rec.code, "mallory-phone", "10.7.0.1"), JoinRefused)
    assert tables.join(rec.code, "eve-phone", "10.9.0.1") == rec  # its member's way back
    # it holds none of the open codes: still 9, the server as full as before, no more
    assert tables.open_new(_draft(), "phone-y", "10.9.0.2") == HostRefused("server-full")
    # nor of its address's hourly bound: opened again and again, it is the one record
    for _ in range(GAMES_PER_ADDRESS + 1):
        assert tables.open_finished(got[1], "eve-phone", "10.9.0.1") == rec
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT count(*) FROM live").fetchone() == (9 + 1,)


@pytest.mark.asyncio
async def test_hostile_a_phone_refused_a_new_game_is_told_why(store: Store) -> None:
    tables = tables_for(store)
    for i in range(GAMES_PER_DEVICE):
        assert isinstance(tables.open_new(_draft(), "ann-phone", f"10.1.0.{i}"), LiveRecord)
    a = await phone(store, "ann-phone")
    before = tables.current("ann-phone")
    await a.tap("New game")
    for i, name in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Name {i + 1}", name)
    await a.tap("Start")
    await a.until("This phone started too many games within an hour. Try again in 60 min.")
    assert tables.current("ann-phone") == before
