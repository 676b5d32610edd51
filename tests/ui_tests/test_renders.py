"""What a change renders again: only the parts that show what changed (ui.session.model.use_watch),
on the phone that made it and on the other phones of the game. Counted, not timed: the
time is in BENCHMARKS.md."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator

import flet as ft
import pytest

from ui.app import make_main
from ui.entry.games import from_table
from ui.screens import widgets
from ui.store.store import Store
from ui.web import flet_door
from ui.web.flet_door import Component

from .flet_client import Client, shared_hub, walk
from .flet_client import label as label_of
from .game_data import TABLE

pytestmark = pytest.mark.asyncio


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How many times each component function rendered (as its own update, or because the
    part above it rendered and its props changed)."""
    seen: Counter[str] = Counter()
    update, before_update = Component.update, Component.before_update

    def counted_update(self: Component) -> None:
        if not self._stale:  # a part another rendered again in its place: Flet skips it
            seen[self.fn.__name__] += 1
        update(self)  # type: ignore[no-untyped-call]

    def counted_before_update(self: Component) -> None:
        memo_skip = (self.memoized and not self._state.is_dirty
                     and self._state.last_b is not None
                     and self._state.last_args == self.args
                     and self._state.last_kwargs == self.kwargs)
        if not memo_skip:
            seen[self.fn.__name__] += 1
        before_update(self)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(Component, "update", counted_update)
    monkeypatch.setattr(Component, "before_update", counted_before_update)
    yield seen


async def _ann_and_bob_on_their_cities(store: Store) -> tuple[Client, Client]:
    """A new 3-player game (Ann, Bob, Cid) started on Ann's phone; Bob's phone joined by
    its code. Each phone on its own player's city."""
    hub = shared_hub()
    a = await Client(make_main(store), device="ann-phone", hub=hub).start()
    await a.tap("New game")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Name {i + 1}", n)
    await a.tap("Start")
    code = a.cell("join-code-shown")
    b = await Client(make_main(store), device="bob-phone", hub=hub,
                     route=f"/g/{code}/player/1").start()
    await a.go(f"/g/{code}/player/0")
    return a, b


async def test_a_card_tapped_renders_its_chip_and_the_total_only(
        store: Store, renders: Counter[str]) -> None:
    a, b = await _ann_and_bob_on_their_cities(store)
    await a.tap("Altar")
    await b.idle()
    renders.clear()
    others = {"ann": ("Altar", "Baths"), "bob": ("Altar (taken)", "Baths")}
    kept = {"ann": [a.find(n) for n in others["ann"]],
            "bob": [b.find(n) for n in others["bob"]]}
    await a.tap("Theater")  # on Ann's phone, in Ann's city
    await b.idle()
    # Ann's phone: her blue cards' group and the title's total (Altar 2 + Theater 2 = 4 pts).
    # Bob's phone, showing Bob's city: his blue cards' group only, its Theater now taken (a
    # 3-player game has one Theater: cards.toml, copies = [3, 6]); not his total, nor any
    # other part; and on each phone the words of the note at its foot (who changed what),
    # not the strip around them; on Ann's phone its Undo, named by what it takes back (a
    # screen reader met "Undo" alone)
    assert a.title() == "Ann · 4 pts" and b.title() == "Bob · 0 pts"
    assert b.find("Theater (taken)").disabled
    assert dict(renders) == {"_CardGroup": 2, "_TitleTotal": 1, "_NoteWords": 2,
                             "_NoteEnd": 1}
    # in each group only the Theater chip is built again: the others are the very controls
    # they were (nothing of them to compare or send)
    for phone, name in ((a, "ann"), (b, "bob")):
        now = [phone.find(n) for n in others[name]]
        assert all(x is y for x, y in zip(now, kept[name], strict=True)), name


def _words_box(phone: Client) -> tuple[ft.Container, ft.Text]:
    """The box of the note's words at the foot of the phone's screen (the one a tap opens
    whole), and the words."""
    note = phone.note()
    assert note is not None
    box = next(x for x in walk(note) if isinstance(x, ft.Container) and x.on_click)
    return box, next(x for x in walk(box) if isinstance(x, ft.Text))


async def test_a_note_after_a_note_builds_its_words_only(store: Store) -> None:
    """Every phone of the game gets a note per change: its words are the one control made
    again for it. The box around them (its paddings, its tap that shows a long note whole)
    is the very control it was: nothing of it built (~50 properties set), compared or
    sent, on each phone, for each change."""
    a, b = await _ann_and_bob_on_their_cities(store)
    await a.type("Coins", "3")  # a first note on both phones
    await b.idle()
    before = {"ann": _words_box(a), "bob": _words_box(b)}
    await a.type("Coins", "6")
    await b.idle()
    assert b.snacks() == ["Ann's coins changed to 6 on the host's phone"]
    for phone, name in ((a, "ann"), (b, "bob")):
        box, words = _words_box(phone)
        assert box is before[name][0], name
        assert words is not before[name][1] and "6" in str(words.value), name


def _steps(phone: Client, label: str) -> list[ft.IconButton]:
    return [x for x in walk(phone.top()) if isinstance(x, ft.IconButton)
            and label_of(x).startswith(f"{label}: ")]


async def test_a_number_changed_keeps_its_filter_and_names_its_buttons(store: Store) -> None:
    """A stepper's number changes (typed, or by its own - and +): the field is made again,
    with the field's filter of digits the very object it was; its - and + say the new
    number ("Coins for Ann: 8, add one": a screen reader reads it after the tap), and act
    on it."""
    a = await Client(make_main(store)).start()
    await a.tap("New game")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Name {i + 1}", n)
    await a.tap("Start")
    await a.go(a.views()[-1].route + "/player/0")
    assert [label_of(x) for x in _steps(a, "Coins for Ann")] == [
        "Coins for Ann: 0, remove one", "Coins for Ann: 0, add one"]
    typed_as = a.find("Coins", ft.TextField).input_filter
    await a.type("Coins", "6")
    await a.tap("Coins for Ann: 6, add one")
    await a.tap("Coins for Ann: 7, add one")
    # 6 + 1 + 1 = 8 coins, 8 // 3 = 2 pts: the buttons act on the number shown now
    assert a.title() == "Ann · 2 pts" and a.find("Coins", ft.TextField).value == "8"
    # the new field's filter: the same one
    assert a.find("Coins", ft.TextField).input_filter is typed_as
    await a.tap("Coins for Ann: 8, remove one")
    assert a.find("Coins", ft.TextField).value == "7"


async def test_screens_under_a_city_keep_their_app_bar_only(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Home and the table under a city hold no body (a phone's session holds the one screen
    it shows: BENCHMARKS.md, "Memory and pauses per session"); back on the table, it shows
    its players again at once."""
    monkeypatch.setattr(widgets, "UNDER_KEPT_S", 0.05)
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.idle()
    under = c.views()[:-1]
    assert len(under) == 2  # home, then the table
    # each: the view, its app bar, the title's text, an empty column, and the note's
    # part with its hidden strip (ui/screens/note_strip.py)
    assert [len(list(walk(v))) for v in under] == [6, 6]
    assert c.has("Cid", exact=False)  # the city on top is whole
    await c.go(c.views()[1].route or "")
    assert [t for t in ("Ann", "Bob", "Cid") if c.has(t, exact=True)] == ["Ann", "Bob", "Cid"]


async def test_a_name_typed_on_the_table_is_there_after_a_city(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table under a city lets its players editor go, but not what was typed in it and
    not saved yet (a name to add): back on the table, the editor is open with the name."""
    monkeypatch.setattr(widgets, "UNDER_KEPT_S", 0.05)
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game").start()
    table_route = c.views()[-1].route or ""
    await c.tap("Players")
    await c.type_only("Add player", "Dan")
    await c.go(f"{table_route}/player/2")
    await asyncio.sleep(0.2)
    await c.idle()
    assert len(list(walk(c.views()[-2]))) == 6  # the table holds its app bar (and note) only
    await c.go(table_route)
    assert c.find("Add player").value == "Dan"


async def test_coins_typed_render_their_stepper_once(
        store: Store, renders: Counter[str]) -> None:
    """A number typed and left: the field lets go of what was typed and the saved coins
    change, both in one pass of the screen's update. The part that holds the field
    (`CoinsStepper`) renders it once, with both: the field did not first render alone with
    the old number (Ann's 7 coins flashed between the typed 9 and the saved 9, a render and
    a message more), then again."""
    flet_door.one_patch_per_pass()  # as the app's server runs (ui/web/server.py build_app)
    store.save_current(from_table(TABLE))  # Ann: 7 coins (game_data.PLAYERS)
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.idle()
    renders.clear()
    await c.type("Coins", "9")
    # 9 coins // 3 = 3 treasury, where 7 // 3 gave 2: Ann's total 31 + 1 = 32
    assert c.title() == "Ann · 32 pts" and c.find("Coins", ft.TextField).value == "9"
    assert renders["_Stepper"] == 1 and renders["_CoinsStepper"] == 1, dict(renders)
