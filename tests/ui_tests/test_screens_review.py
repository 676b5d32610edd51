"""Screens driven in-process, after review: the Senate sized by the ruleset, a game never
replaced without asking, corrections to a finished game, bad links, typed numbers kept."""

from __future__ import annotations

import flet as ft
import pytest

from scorer.helpers import chambers, ruleset
from ui.app import make_main
from ui.draft import Draft, Seat
from ui.store import Store

from .flet_client import Client

pytestmark = pytest.mark.asyncio


async def duel_with(c: Client, expansion: str) -> None:
    await c.go("/new")
    await c.tap("7 Wonders Duel")
    await c.tap(expansion)
    await c.type("Name 1", "Ann")
    await c.type("Name 2", "Bob")
    await c.tap("Start")
    assert c.title() == "Table"


def steppers(c: Client, prefix: str) -> list[ft.TextField]:
    return [x for x in c.controls() if isinstance(x, ft.TextField)
            and str(x.label or "").startswith(prefix)]


# --- the Senate: as many Chambers as the ruleset has -----------------------------------------

async def test_senate_has_the_rulesets_chambers(store: Store) -> None:
    rules = ruleset("duel", ["agora"])
    c = await Client(make_main(store)).start()
    await duel_with(c, "Agora")
    await c.go("/game/player/0")
    assert len(steppers(c, "Chamber ")) == chambers(rules)
    await c.type("Chamber 3", "2")  # Ann controls Chamber 3 alone: its VP
    assert c.title() == f"Ann · {rules.constants.chamber_points[2]} pts"
    saved = store.load_current()
    assert saved is not None
    assert saved.table()["players"][0]["influence"] == [0, 0, 2] + [0] * (chambers(rules) - 3)
    assert "influence" not in saved.table()["players"][1]  # Bob placed none


async def test_a_short_senate_list_does_not_break_the_city(store: Store) -> None:
    draft = Draft(game="duel", expansions=["agora"],
                  seats=[Seat(name="Ann", influence=[1]), Seat(name="Bob")])
    store.save_current(draft)
    c = await Client(make_main(store), route="/game/player/0").start()
    assert [x.value for x in steppers(c, "Chamber ")][:2] == ["1", "0"]


async def test_no_senate_without_agora(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await duel_with(c, "Leaders")
    await c.go("/game/player/0")
    assert steppers(c, "Chamber ") == []
