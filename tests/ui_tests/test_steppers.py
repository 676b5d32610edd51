"""Every number a player steps up on one phone is saved: no stepper of any game or expansion
is refused as "changed on another phone" when nothing else changed. Pantheon's Mythology
tokens were (each edit named the count it replaced as None where the saved count is 0), so
Mysticism never counted them; this walks every stepper of every offered expansion."""

from __future__ import annotations

from dataclasses import replace

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


@pytest.mark.parametrize("game, expansions", GAMES)
async def test_entry_every_stepper_steps_up_unrefused(store: Store, game: str,
                                                      expansions: tuple[str, ...]) -> None:
    """Ann's city and the table, on one phone: a tap on each stepper's + is saved (or, at a
    bound, does nothing), never refused as a change made on another phone. With Pantheon,
    Ann holds Astarte and Minerva: her coins' stepper and Minerva's pawn show only then."""
    draft = new_draft(game, expansions, ["Ann", "Bob", "Cid"][:2 if game == "duel" else 3])
    if isinstance(draft, DuelDraft) and "pantheon" in expansions:
        draft = draft.with_seat(0, replace(draft.seats[0], divinities=["Astarte", "Minerva"]))
    store.save_current(draft)
    stepped = 0
    for route in ("/game/player/0", "/game"):
        c = await Client(make_main(store), route=route).start()
        for k in range(len(c.steppers())):
            label, _minus, plus = c.steppers()[k]  # as rendered now
            await c.tap_control(plus)
            note = c.note()
            said = str(note.label or "") if note is not None else ""
            assert "changed on another phone" not in " ".join(c.texts()) + said, (
                route, label, c.texts()[-6:])
            stepped += 1
        await c.close()
    assert stepped >= 2, stepped  # at least the coins and a conflict token or the pawn
    if "pantheon" in expansions:
        # the city's coins, the 5 Mythologies' tokens (duel-pantheon.md §1), Astarte's
        # coins, the Offering tokens; the table's two pawns (Minerva's field merged with
        # its words): 1 + 5 + 1 + 1 + 2 = 10
        assert stepped == 10, stepped
