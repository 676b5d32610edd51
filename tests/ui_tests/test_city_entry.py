"""A city in few moves: the search adds the first card it shows on Enter and is emptied for
the next name (benchmarks/city_entry.py counts the moves in a browser)."""

from __future__ import annotations

import flet as ft
import pytest

from ui.app import make_main
from ui.draft import Draft, Seat
from ui.store import Store

from .flet_client import Client

pytestmark = pytest.mark.asyncio


async def enter(c: Client, typed: str) -> None:
    await c.type("Search", typed)
    field = c.find("Search", ft.TextField)
    assert c.session is not None
    await c.session.dispatch_event(field._i, "submit", None)
    await c.idle()


async def test_search_enter_adds_the_first_card_shown(store: Store) -> None:
    store.save_current(Draft(game="7wonders-1e", seats=[Seat("Ann"), Seat("Bob"), Seat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await enter(c, "alt")
    await enter(c, "pan")
    assert c.find("Search", ft.TextField).value == ""  # emptied for the next name
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == ["Altar", "Pantheon"]
    # rules_multiplayer.md: Altar 2 VP + Pantheon 7 VP civilian
    assert c.title() == "Ann · 9 pts"
    # "lo" shows Loom first (grey, before the green Lodge): added; again, Loom is held,
    # so the next card the search shows is added instead
    await enter(c, "lo")
    await enter(c, "lo")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards[2:] == ["Loom", "Lodge"]


async def test_search_enter_with_nothing_shown_adds_nothing(store: Store) -> None:
    store.save_current(Draft(game="7wonders-1e", seats=[Seat("Ann"), Seat("Bob"), Seat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await enter(c, "zzz")
    await enter(c, "   ")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].cards == []
