"""Issue 17's law for the shared table, as a property (hypothesis): three phones on one
city, in any interleaving of stepper taps, typed values, drops and comes-back. At the end
every phone shows the stored game; no stored value is one nobody entered; and every saved
change replaced exactly the value saved before it (none was computed from a stale one)."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import flet as ft
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.app import make_main
from ui.entry.edits import SetSeat, from_json
from ui.entry.games import from_table
from ui.live.tables import JoinRefused, tables_for
from ui.store.store import Store

from .flet_client import Client, shared_hub
from .game_data import TABLE

DEVICES = ("ann-phone", "bob-phone", "cid-phone")

Step = tuple[str, int, int]
"""(what, device, number): "tap" (number: -1 or +1), "type" (the coins typed), "drop",
"back" (the phone comes back with its session), "race" (this phone taps +1 and the next
one -1 at once, both from the value they show)."""

steps = st.lists(st.one_of(
    st.tuples(st.just("tap"), st.integers(0, 2), st.sampled_from([-1, 1])),
    st.tuples(st.just("type"), st.integers(0, 2), st.integers(0, 40)),
    st.tuples(st.just("drop"), st.integers(0, 2), st.just(0)),
    st.tuples(st.just("back"), st.integers(0, 2), st.just(0)),
    st.tuples(st.just("race"), st.integers(0, 2), st.just(0)),
), min_size=1, max_size=12)


def _coins(c: Client) -> int:
    return int(str(c.find("Coins", ft.TextField).value))


async def _play(folder: Path, script: list[Step]) -> None:
    store = Store(folder / "games.sqlite3")
    try:
        hub = shared_hub()
        tables = tables_for(store)
        rec = tables.host(from_table(TABLE), DEVICES[0])
        for device in DEVICES[1:]:
            assert not isinstance(tables.join(rec.code, device, "10.0.0.2"), JoinRefused)
        route = f"/g/{rec.code}/player/0"
        phones = [await Client(make_main(store), route=route, device=d, hub=hub).start()
                  for d in DEVICES]
        away = [False, False, False]
        entered = {rec.draft.seats[0].coins}
        """Every value of Ann's coins a phone entered (or the table's own)."""
        for what, k, n in script:
            phone = phones[k]
            if what == "drop" and not away[k]:
                await phone.drop()
                away[k] = True
            elif what == "back" and away[k]:
                await phone.come_back()
                away[k] = False
            elif what == "tap" and not away[k]:
                shown = _coins(phone)
                if shown + n >= 0:
                    entered.add(shown + n)
                    await phone.step("Coins", 1 if n > 0 else -1)
            elif what == "race" and not away[k] and not away[(k + 1) % 3]:
                one, two = phone, phones[(k + 1) % 3]
                up, down = _coins(one) + 1, _coins(two) - 1
                entered.update({up, down})
                assert one.session is not None and two.session is not None
                await asyncio.gather(
                    one.session.dispatch_event(one.step_button("Coins", 1)._i, "click", None),
                    two.session.dispatch_event(two.step_button("Coins", -1)._i, "click",
                                               None))
            elif what == "type" and not away[k]:
                entered.add(n)
                await phone.type("Coins", str(n))
            for other in phones:
                if other.conn is not None and not away[phones.index(other)]:
                    await other.idle(rounds=1)
        for k, phone in enumerate(phones):
            if away[k]:
                await phone.come_back()
        for phone in phones:
            await phone.idle()
        saved = store.live(rec.id)
        assert saved is not None
        stored = saved.draft.seats[0].coins
        assert [_coins(p) for p in phones] == [stored] * 3  # every phone: the stored game
        assert stored in entered  # nobody's value lost in the middle, none made up
        # every saved change replaced the value saved just before it
        logged = store._shared.db.execute(
            "SELECT edit FROM edits WHERE game = ? ORDER BY version", (rec.id,)).fetchall()
        before = rec.draft.seats[0].coins
        for (text,) in logged:
            edit = from_json(text)
            assert isinstance(edit, SetSeat) and edit.field == "coins"
            assert edit.was == (before,), (json.loads(text), before)
            before = int(edit.value)  # type: ignore[arg-type]
        assert before == stored
        for phone in phones:
            await phone.close()
    finally:
        store.close()


@settings(max_examples=20, deadline=None)
@given(script=steps)
def test_trust_three_phones_edits_drops_and_returns_end_on_the_stored_game(
        script: list[Step]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_play(Path(folder), script))
