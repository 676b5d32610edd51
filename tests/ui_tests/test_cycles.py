"""A tap leaves nothing in reference cycles (issue 19: one process's pauses). A component
rendered again by its parent is a new instance that takes the old one's hooks (Flet's
`Component._migrate_state`); the old one kept its rendered body, whose handlers hold the
old render's `set_state`, which holds the old instance: a cycle per re-rendered component,
freed only by a full collection, which on a busy server walks every object since the last
one. `ui.flet_door.no_cycles_per_render` lets the old body go once its patch is made, so
reference counting frees it at once."""

from __future__ import annotations

import gc
from collections import Counter

import pytest

from ui import flet_door
from ui.app import make_main
from ui.draft import Draft
from ui.store import Store

from .flet_client import Client
from .game_data import TABLE

pytestmark = pytest.mark.asyncio


def _cyclic_garbage() -> Counter[str]:
    """The objects only the cyclic collector would free now, by type (nothing freed:
    `DEBUG_SAVEALL` keeps them in `gc.garbage`, cleared here)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


async def test_cycles_none_left_by_taps_on_a_city(store: Store) -> None:
    flet_door.no_cycles_per_render()
    store.save_current(Draft.from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/0").start()
    for coins in range(1, 4):  # warm up: every part has been rendered again once
        await c.type("Coins", str(coins))
        await c.tap("Clay Pool")
        await c.tap("Clay Pool")
    _cyclic_garbage()
    for coins in range(10, 30):  # 20 typed numbers, 20 cards taken and 20 given back
        await c.type("Coins", str(coins))
        await c.tap("Clay Pool")
        await c.tap("Clay Pool")
    left = _cyclic_garbage()
    # the coins' stepper is rendered again at every typed number (its value): without the
    # fix each render left its old instance and body (~29 objects, a Component among them)
    assert left["Component"] == 0, left
    assert sum(left.values()) < 60, left  # 60 changes: less than one object each
    await c.close()
