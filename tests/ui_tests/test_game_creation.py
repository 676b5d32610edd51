"""New games are bounded (issue 32): per device and per client address within the hour,
open codes server-wide (never more than half the code space), each refusal in words; the
search for a free code gives up instead of searching on, so that no request waits for a
code forever (tested with a small code space: one letter, 18 codes)."""

from __future__ import annotations

import time

import pytest

from ui import host_limit
from ui import store as store_module
from ui import strings as S
from ui.draft import Draft, Seat
from ui.host_limit import GAMES_PER_ADDRESS, GAMES_PER_DEVICE
from ui.live import HostRefused, tables_for
from ui.store import CODE_LENGTH, JOIN_LETTERS, CodesHeld, LiveRecord, Store

from .test_live import phone


def _draft() -> Draft:
    return Draft(game="7wonders-1e", seats=[Seat(name="Ann"), Seat(name="Bob")])


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
    words = {r: S.host_refused(HostRefused(r, 600))
             for r in ("too-many-games", "too-many-games-here", "server-full")}
    assert len(set(words.values())) == 3
    assert "10 min" in words["too-many-games"]  # 600 s


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
