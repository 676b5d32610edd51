"""Every number a player steps up on one phone is saved: no stepper of any game or expansion
is refused as "changed on another phone" when nothing else changed. Pantheon's Mythology
tokens were (each edit named the count it replaced as None where the saved count is 0), so
Mysticism never counted them; this walks every stepper of every offered expansion."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from scorer.facts import offered_expansions
from ui.app import make_main
from ui.entry.games import new_draft
from ui.entry.games.duel import DuelDraft
from ui.store.store import Store

from .flet_client import Client

pytestmark = pytest.mark.asyncio

GAMES = [(game, (expansion,) if expansion else ())
         for game in ("7wonders-1e", "7wonders-2e", "duel")
         for expansion in ("", *offered_expansions(game))]
"""Each game alone and with each expansion it offers."""


def _pluses(c: Client) -> dict[str, Any]:
    """The + of each number field with a - and a + (`ui.screens.widgets.stepper`) on
    screen, by the field's identifier, top to bottom."""
    out = {}
    for row in c.controls():
        if isinstance(row, ft.Row) and len(row.controls) == 3:
            field: ft.Control | None = row.controls[1]
            if isinstance(field, ft.MergeSemantics):  # a field read with words before it
                field = field.content
            if isinstance(field, ft.Semantics) and str(field.identifier).startswith("number-"):
                out[str(field.identifier)] = row.controls[2]
    return out


@pytest.mark.parametrize("game, expansions", GAMES)
async def test_entry_every_stepper_steps_up_unrefused(store: Store, game: str,
                                                      expansions: tuple[str, ...]) -> None:
    """Ann's city and the table, on one phone: a tap on each stepper's + is saved (or, at a
    bound, does nothing), never refused as a change made on another phone. A Duel city
    holds Astarte (Pantheon), whose coins have a stepper only then."""
    draft = new_draft(game, expansions, ["Ann", "Bob", "Cid"][:2 if game == "duel" else 3])
    if isinstance(draft, DuelDraft) and "pantheon" in expansions:
        draft = draft.with_seat(0, replace(draft.seats[0], divinities=["Astarte"]))
    store.save_current(draft)
    stepped = 0
    for route in ("/game/player/0", "/game"):
        c = await Client(make_main(store), route=route).start()
        for identifier in list(_pluses(c)):
            await c.tap_control(_pluses(c)[identifier])  # as rendered now
            note = c.note()
            said = str(note.label or "") if note is not None else ""
            assert "changed on another phone" not in " ".join(c.texts()) + said, (
                route, identifier, c.texts()[-6:])
            stepped += 1
        await c.close()
    assert stepped >= 2, stepped  # at least the coins and a conflict token or the pawn
