"""A tap leaves nothing in reference cycles (issue 19: one process's pauses). A component
rendered again by its parent is a new instance that takes the old one's hooks (Flet's
`Component._migrate_state`); the old one kept its rendered body, whose handlers hold the
old render's `set_state`, which holds the old instance: a cycle per re-rendered component,
freed only by a full collection, which on a busy server walks every object since the last
one. `ui.web.flet_door.no_cycles_per_render` lets the old body go once its patch is made, so
reference counting frees it at once."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from ui.app import make_main
from ui.entry.games import from_table
from ui.session.model import SharedWatch, _Watch
from ui.store.store import Store
from ui.web import flet_door
from ui.web.flet_door import BaseControl

from .flet_client import DEVICE, Client
from .game_data import TABLE

ROOT = Path(__file__).resolve().parents[2]


def _cyclic_garbage() -> Counter[str]:
    """The controls, components and model watchers only the cyclic collector would free
    now, by type (nothing freed: `DEBUG_SAVEALL` keeps them in `gc.garbage`, cleared here).
    Other objects are not counted: what earlier tests of the run leave (their sessions'
    tasks ending) may be collected meanwhile."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage
                       if isinstance(o, (BaseControl, _Watch, SharedWatch)))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


async def _taps_on_a_city() -> dict[str, int]:
    """What 60 changes on a city leave in cycles (see `_cyclic_garbage`), in a process of
    its own (`WONDERS_DATA_DIR` set): in the test run's process, what earlier tests left
    (their models let go by shared caches) can become garbage meanwhile."""
    flet_door.no_cycles_per_render()
    store = Store().for_owner(DEVICE)
    store.save_current(from_table(TABLE))
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
    await c.close()
    store.close()
    return dict(left)


def test_cycles_none_left_by_taps_on_a_city(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import asyncio, json; from tests.ui_tests.test_cycles import "
         "_taps_on_a_city as t; print(json.dumps(asyncio.run(t())))"],
        cwd=ROOT, env=dict(os.environ, WONDERS_DATA_DIR=str(tmp_path)),
        capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    left = json.loads(run.stdout.strip().splitlines()[-1])
    # the coins' stepper is rendered again at every typed number (its value): without the
    # fix each render left its old instance and body (a Component, a Row, two IconButtons,
    # a TextField...: 1,440 objects for 50 changes); a watcher of a part gone, its own
    assert not left, left
