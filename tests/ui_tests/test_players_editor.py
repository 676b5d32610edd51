"""The table's Players editor keeps every character typed (issue 31): its handlers ran
with the names of the render before the last keys, so a name typed in one field, then
another field typed or Enter pressed before that render, lost the latest characters (the
rename saved the old name, or the other field's typing wiped the first)."""

from __future__ import annotations

import flet as ft
import pytest

from ui.store.store import Store

from .flet_client import shared_hub
from .test_live import host_game, saved_game

pytestmark = pytest.mark.asyncio


async def test_entry_players_editor_keeps_names_typed_before_a_render(store: Store) -> None:
    a, _code = await host_game(store, shared_hub())
    await a.tap("Players")
    first, second = a.find("Name 1", ft.TextField), a.find("Name 2", ft.TextField)
    session = a.session
    assert session is not None
    # two fields typed and Ann's Enter, each event before the render the last one asked
    # for (the phone's keys arrive faster than the server renders)
    for field, text in ((first, "Annabel"), (second, "Bobby")):
        session.apply_patch(field._i, {"value": text})
        await session.dispatch_event(field._i, "change", text)
    await session.dispatch_event(first._i, "submit", None)
    await a.idle()
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Annabel", "Bob", "Cid"]
    # Bob's field still holds what was typed there, and its Enter saves it whole
    assert a.find("Name 2", ft.TextField).value == "Bobby"
    await session.dispatch_event(a.find("Name 2", ft.TextField)._i, "submit", None)
    await a.idle()
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Annabel", "Bobby", "Cid"]


async def test_entry_players_editor_says_why_no_one_can_leave_at_the_fewest(
        store: Store) -> None:
    """At 3 players of the 2nd edition (rules: 3 to 7) Remove is greyed: the editor says
    why (a new players' walk found it greyed with no word); at 4 it says nothing of it."""
    a, _code = await host_game(store, shared_hub())
    await a.tap("Players")
    assert a.has("This game is for 3 to 7 players.")
    await a.type("Add player", "Dan")
    await a.tap_control(a.find("Add player", ft.IconButton))
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Ann", "Bob", "Cid", "Dan"]
    assert not a.has("This game is for 3 to 7 players.")
