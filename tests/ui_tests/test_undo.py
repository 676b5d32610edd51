"""Undo on two phones: a phone takes back its own change from the note that confirms it,
any phone takes back a change from the game's change list, and a removed player comes back
with their whole city; removing a player and freeing a seat ask first. Plus the law behind
it: a change and its inverse leave the game as it was (and the inverse's inverse redoes)."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

import ui.session.model as model_module
from ui.entry.draft import Draft, has_field
from ui.entry.edits import (
    AddPlayer,
    Edit,
    Hold,
    MoveSeat,
    Refusal,
    RemovePlayer,
    RenamePlayer,
    Revert,
    SetCubes,
    SetEntry,
    SetSeat,
    SetTable,
    apply,
    from_json,
    inverse,
    to_json,
)
from ui.entry.games import as_seven_wonders, table_of
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import tables_for
from ui.screens.note_strip import NOTE_ID
from ui.store.store import Store
from ui.text import strings as S

from .flet_client import Client, label, shared_hub, walk
from .test_live import coins, host_game, phone, saved_game


def same(a: Draft, b: Draft) -> bool:
    """The same game (a city's cards in any order: a card given back and taken again is
    the same city)."""
    def norm(d: Draft) -> list[object]:
        return [(s.name, sorted(s.cards), s.coins, *[  # and the game's own fields
            getattr(s, f) for f in ("board", "side", "stages", "military")
            if has_field(type(s), f)]) for s in d.seats]
    return norm(a) == norm(b) and table_of(a) | {"players": []} == table_of(b) | {"players": []}


def _city() -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah", stages=2, cards=["Altar", "Loom"], coins=4,
             military={"1": 2}),
        SevenWondersSeat("Bob", cards=["Baths"]), SevenWondersSeat("Cid"),
        SevenWondersSeat("Dan", board="Rhodos")])


EDITS: list[Edit] = [
    SetSeat(0, "Ann", "board", "Babylon"),  # clears the 2 stages: the undo builds them again
    SetSeat(0, "Ann", "coins", 9),
    SetSeat(0, "Ann", "side", "B"),
    SetEntry(0, "Ann", "military", "1", None),
    SetEntry(0, "Ann", "military", "3", 1),
    Hold(0, "Ann", "cards", "Altar", False),
    Hold(0, "Ann", "cards", "Theater", True),
    Hold(0, "Ann", "cards", "Theater", False),  # not held: changes nothing, undoes nothing
    RemovePlayer(0, "Ann"),
    AddPlayer("Eve"),
    RenamePlayer(1, "Bob", "Bobby"),
    MoveSeat(0, "Ann", 3),
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: f"{e.kind}")
def test_undo_law_change_then_inverse_is_the_game_before(edit: Edit) -> None:
    before = _city()
    after = apply(before, edit)
    assert not isinstance(after, Refusal)
    undo = inverse(edit, before)
    assert from_json(to_json(undo)) == undo  # logged and sent as it is
    assert from_json(to_json(edit)) == edit  # written by its kind's own writer, read back
    if not undo.steps:  # a change that changed nothing has nothing to take back
        assert same(after, before)
        return
    back = apply(after, undo)
    assert not isinstance(back, Refusal)
    assert same(back, before)
    redo = inverse(undo, after)  # an undo taken back: the change again
    again = apply(back, redo)
    assert not isinstance(again, Refusal) and same(again, after)


def test_undo_law_duel_table_values() -> None:
    # Agora: Senate cubes are refused in a game without its Senate (the edit layer's bounds)
    duel = DuelDraft(game="duel", expansions=["agora"], seats=[DuelSeat("Ann"), DuelSeat("Bob")],
                 conflict_toward="Bob", conflict_spaces=4, supremacy_kind="science",
                 supremacy_winner="Ann")
    for edit in (SetTable("conflict_spaces", 6), SetTable("supremacy_kind", ""),
                 SetTable("conflict_toward", "Ann"), SetCubes(0, "Ann", 2, 3, 6)):
        after = apply(duel, edit)
        assert not isinstance(after, Refusal)
        back = apply(after, inverse(edit, duel))
        assert not isinstance(back, Refusal) and same(back, duel), edit


def test_undo_of_a_removal_brings_the_city_back_at_its_seat() -> None:
    before = _city()
    gone = apply(before, RemovePlayer(1, "Bob"))
    assert not isinstance(gone, Refusal) and [s.name for s in gone.seats] == ["Ann", "Cid", "Dan"]
    undo = inverse(RemovePlayer(1, "Bob"), before)
    back = apply(gone, undo)
    assert not isinstance(back, Refusal)
    assert [s.name for s in back.seats] == ["Ann", "Bob", "Cid", "Dan"]
    assert back.seats[1].cards == ["Baths"]
    # a new Bob sat down meanwhile: the old Bob cannot come back under the same name
    taken = apply(gone, AddPlayer("Bob"))
    assert not isinstance(taken, Refusal)
    refused = apply(taken, undo)
    assert isinstance(refused, Refusal) and refused.code == "name"


def test_an_undo_whose_player_left_is_refused_whole() -> None:
    before = _city()
    undo = inverse(SetSeat(0, "Ann", "board", "Babylon"), before)
    assert isinstance(undo, Revert) and len(undo.steps) == 2  # the board, then its stages
    left = apply(before, RemovePlayer(0, "Ann"))
    assert not isinstance(left, Refusal)
    refused = apply(left, undo)
    assert isinstance(refused, Refusal) and refused.code == "seats-moved"


async def tap_undo_on_note(c: Client) -> None:
    """Tap Undo on the note at the foot of the screen."""
    note = c.note()
    assert note is not None, "no note"
    undo = [x for x in walk(note) if isinstance(x, ft.TextButton)]
    assert undo and label(undo[0].content) == "Undo", "no note with Undo"
    await c.tap_control(undo[0])


async def until_no_note(c: Client, seconds: float = 5.0) -> None:
    """Wait until the phone shows no note (its time up): a condition, not a pause as long
    as the note's time, which a loaded machine can outlast."""
    for _ in range(int(seconds / 0.02)):
        await c.idle(rounds=1)
        if c.note() is None and c.snacks() == []:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the note never went from {c.title()!r}: {c.snacks()}")


async def host_and_bob(store: Store, *, claim: bool = True) -> tuple[Client, Client, str]:
    """The host's phone (Ann's) with its game's code, and Bob's phone joined by that code
    (sitting in Bob's seat unless `claim` is false)."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    if claim:
        await b.tap("I am Bob")
    return a, b, code


@pytest.mark.asyncio
async def test_undo_own_change_from_the_note_on_two_phones(store: Store) -> None:
    a, b, _code = await host_and_bob(store)
    await a.go("/game/player/1")
    await b.go("/game/player/1")
    await b.tap("Altar")
    await a.until("Altar added to Bob's city on Bob's phone")
    assert b.snacks() == ["Altar added to Bob's city"]  # the note on the phone that made it
    await tap_undo_on_note(b)
    await a.until("Undone: Altar added to Bob's city on Bob's phone")
    assert not a.find("Altar").data.selected and not b.find("Altar").data.selected
    assert saved_game(store).seats[1].cards == []  # type: ignore[union-attr]
    # the undo's own note offers no Undo (a double tap must not do the change again: issue
    # 32); it is done again from the change list
    assert b.snacks()[-1] == "Undone: Altar added to Bob's city"
    note = b.note()
    assert note is not None and not [x for x in walk(note) if isinstance(x, ft.TextButton)]


@pytest.mark.asyncio
async def test_undo_a_change_from_the_list_on_another_phone(store: Store) -> None:
    a, b, code = await host_and_bob(store)
    await a.go("/game/player/2")
    await a.type("Coins", "5")
    await a.type("Coins", "8")
    await b.go(f"/g/{code}/changes")
    assert b.title() == "Changes"
    texts = b.texts()
    # newest first, each with who made it where (Ann's phone holds no seat: the host's)
    assert texts.index("Cid's coins changed to 8") < texts.index("Cid's coins changed to 5")
    assert b.has("on the host's phone · just now")
    assert b.has("Bob took their seat.") is False  # a claim is not a change of the game
    game = tables_for(store).current("ann-phone")
    assert game is not None
    made = tables_for(store).changes(game.id, "bob-phone")
    first, second = (next(c for c in made if getattr(from_json(c.edit), "value", None) == n)
                     for n in (5, 8))
    # Bob's phone takes back the 5 (the older change) while the coins are 8: that undo
    # would silently drop the 8 entered since, so it is refused and Bob's phone says why
    await b.tap_control(_undo_button(b, first.version))
    assert saved_game(store).seats[2].coins == 8  # type: ignore[union-attr]
    assert any("8 now" in s for s in b.snacks()), b.snacks()
    # newest first: the 8 taken back (5 again), then the 5 (0 again, as before both)
    await b.tap_control(_undo_button(b, second.version))
    await a.until("Undone: Cid's coins changed to 8 on Bob's phone")
    assert saved_game(store).seats[2].coins == 5  # type: ignore[union-attr]
    await b.tap_control(_undo_button(b, first.version))
    await a.until("Undone: Cid's coins changed to 5 on Bob's phone")
    assert coins(a) == "0" and saved_game(store).seats[2].coins == 0  # type: ignore[union-attr]
    assert b.has("Cid's coins changed to 5 (undone)")
    assert _undo_button(b, first.version).disabled  # taken back: its undo is on the new line
    # an undo's line is taken back by doing the change again: it reads Redo (issue 31:
    # it read Undo), named for a screen reader by the change it makes again
    undo_line = max(c.version for c in tables_for(store).changes(game.id, "bob-phone"))
    redo, undo = _undo_button(b, undo_line), _undo_button(b, second.version)
    assert isinstance(redo, ft.TextButton) and isinstance(redo.content, ft.Text)
    assert (redo.content.value, redo.content.semantics_label, redo.icon) == (
        "Redo", "Redo: Cid's coins changed to 5", ft.Icons.REDO)
    assert isinstance(undo, ft.TextButton) and isinstance(undo.content, ft.Text)
    assert undo.content.value == "Undo"
    await b.tap_control(redo)
    await a.until("Done again: Cid's coins changed to 5 on Bob's phone")
    assert saved_game(store).seats[2].coins == 5  # type: ignore[union-attr]


def _labels(c: Client) -> list[str]:
    return [label(x) for x in c.controls()]


def _undo_button(c: Client, version: int) -> ft.Control:
    for x in c.controls():
        if isinstance(x, ft.Semantics) and x.identifier == f"change-{version}":
            tile = x.content
            assert isinstance(tile, ft.ListTile) and isinstance(tile.trailing, ft.TextButton)
            return tile.trailing
    raise AssertionError(f"no change {version} on the list")


@pytest.mark.asyncio
async def test_remove_asks_first_and_undo_brings_the_whole_city_back(store: Store) -> None:
    a, b, _code = await host_and_bob(store, claim=False)
    await a.tap("Players")
    await a.type("Add player", "Dan")
    await a.tap_control(a.find("Add player", ft.IconButton))
    await a.go("/game/player/2")
    await a.tap("Gizah")
    for card in ("Altar", "Baths"):
        await a.tap(card)
    await a.type("Coins", "6")
    await a.go("/game")
    if not any(label == "Remove Cid" for label in _labels(a)):
        await a.tap("Players")
    await a.tap("Remove Cid")
    assert a.has("Remove Cid from the game?") and a.has("Their whole city goes with them.",
                                                         exact=False)
    await a.tap("Cancel")  # a slip: nothing happens
    assert [s.name for s in saved_game(store).seats] == ["Ann", "Bob", "Cid", "Dan"]  # type: ignore[union-attr]
    await a.tap("Remove Cid")
    await a.tap("Remove")
    await b.until("Cid left the table")
    assert [s.name for s in saved_game(store).seats] == ["Ann", "Bob", "Dan"]  # type: ignore[union-attr]
    await tap_undo_on_note(a)
    await b.until("Undone: Cid left the table on the host's phone")
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Ann", "Bob", "Cid", "Dan"]
    cid = as_seven_wonders(saved).seats[2]
    assert (cid.board, cid.cards, cid.coins) == ("Gizah", ["Altar", "Baths"], 6)
    await b.go("/game/player/2")
    # rules_multiplayer.md: Altar 2 + Baths 3 = 5 civilian; 6 coins // 3 = 2 treasury: 7
    assert b.title() == "Cid · 7 pts"


@pytest.mark.asyncio
async def test_free_asks_first_names_the_player_and_sits_beside_them(store: Store) -> None:
    a, b, code = await host_and_bob(store)
    c = await phone(store, "cid-phone", route=f"/g/{code}", hub=b.hub)
    await c.tap("I am Cid")
    await a.idle()
    # each Free is in one unit with the name it frees, named after that player
    for name in ("Bob", "Cid"):
        unit = next(x for x in a.controls() if isinstance(x, ft.Row) and any(
            isinstance(y, ft.MergeSemantics) and isinstance(y.content, ft.Semantics)
            and y.content.identifier == f"claim-{name}" for y in x.controls))
        free = unit.controls[1]
        assert isinstance(free, ft.Semantics) and free.identifier == f"free-{name}"
        assert isinstance(free.content, ft.TextButton)
        assert free.content.content == f"Free {name}'s seat"
    await a.tap("Free Bob's seat")
    assert a.has("Free Bob's seat?")
    await a.tap("Cancel")
    game = tables_for(store).current("ann-phone")
    assert game is not None and store.live(game.id).claims == {  # type: ignore[union-attr]
        "Bob": "bob-phone", "Cid": "cid-phone"}
    await a.tap("Free Bob's seat")
    await a.tap("Free")
    await b.until("Bob's seat is free")
    assert store.live(game.id).claims == {"Cid": "cid-phone"}  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_notes_of_quick_taps_never_pile_up(store: Store) -> None:
    # the note is part of the screen: each tap's note replaces the words of the one before,
    # in the same update as the tap's change (no bar per tap, nothing left behind)
    a, b, _code = await host_and_bob(store)
    await a.go("/game/player/1")
    await b.go("/game/player/1")
    for _ in range(3):
        await b.tap("Altar")  # added, taken, added
    assert b.snacks() == ["Altar added to Bob's city"]
    assert not b.page._dialogs.controls  # no SnackBar, no dialog
    await b.tap("Altar")
    assert b.snacks() == ["Altar taken from Bob's city"]
    await a.until("Altar taken from Bob's city on Bob's phone")
    assert len([x for x in walk(a.top()) if isinstance(x, ft.Semantics)
                and x.identifier == NOTE_ID and x.content is not None]) == 1
    await tap_undo_on_note(b)  # the last change (taken) is undone: Altar held again
    assert saved_game(store).seats[1].cards == ["Altar"]  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_undo_note_goes_after_its_seconds(store: Store,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # a note shows for UNDO_SECONDS from its last word: a newer note moves its end on (the
    # one timer re-armed), and then it goes from the screen on both phones. The times are
    # read from the loop's clock, with a second of slack each side: a loaded machine may
    # run the test's steps late, never early
    monkeypatch.setattr(model_module, "UNDO_SECONDS", 2.0)
    loop = asyncio.get_running_loop()
    a, b, _code = await host_and_bob(store)
    await a.go("/game/player/1")
    await b.go("/game/player/1")
    await b.tap("Altar")
    first_ends = loop.time() + 2.0  # at the latest: the note was told during the tap
    await asyncio.sleep(1.0)
    second_ends = loop.time() + 2.0  # at the earliest: told after this
    await b.tap("Baths")
    await asyncio.sleep(max(0.0, first_ends - loop.time()) + 0.05)
    await b.idle()
    assert loop.time() < second_ends, "the machine was too slow to look in between"
    assert b.snacks() == ["Baths added to Bob's city"]  # the first's time is up: still there
    await a.until("Baths added to Bob's city on Bob's phone")
    await until_no_note(b)
    await until_no_note(a)
    assert b.note() is None and not b.has("Undo")  # nothing left to tap


@pytest.mark.asyncio
async def test_note_shows_on_the_table_after_a_city_was_on_top(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    # the walk at 360 px: Ann's phone was on her city while Bob's phone changed something
    # (the note showed there), went back to the table, and from then on the table showed
    # no note at all: neither Bob's changes nor Ann's own, with the Undo that removing a
    # player promises ("Undo (on the note, or in Changes)")
    monkeypatch.setattr(model_module, "UNDO_SECONDS", 0.3)
    a, b, code = await host_and_bob(store)
    await b.go(f"/g/{code}/player/1")
    await a.go(f"/g/{code}/player/0")
    await b.tap("Altar")
    await a.until("Altar added to Bob's city on Bob's phone")
    await a.back()  # the table is on top again
    await until_no_note(a)  # the note's time is up
    # the notes from here on stay until seen, however slow the machine (the timer's 0.3 s
    # only had to run out once)
    monkeypatch.setattr(model_module, "UNDO_SECONDS", 30)
    await b.tap("Baths")
    await a.until("Baths added to Bob's city on Bob's phone")
    # and a change made on the table itself says so there, with its Undo
    await a.tap("Players")
    await a.type("Add player", "Dan")
    await a.tap_control(a.find("Add player", ft.IconButton))
    await a.until("Dan")
    assert a.snacks() == ["Dan joined the table"]
    await tap_undo_on_note(a)


@pytest.mark.asyncio
async def test_note_follows_on_the_table_when_back_while_a_note_shows(store: Store) -> None:
    # the walk: Ann's phone went back from her city to the table while a note of Bob's
    # showed; Bob's next change put "Something went wrong on this screen" in the note strip
    # (its words' part had lost the app's model: its strip had been rendered again under
    # the same props, Flet's memo kept the words' part of the strip before it)
    a, b, code = await host_and_bob(store)
    await b.go(f"/g/{code}/player/1")
    await a.go(f"/g/{code}/player/0")
    await b.tap("Altar")
    await a.until("Altar added to Bob's city on Bob's phone")
    await a.back()  # while the note shows
    await b.tap("Baths")
    await a.until("Baths added to Bob's city on Bob's phone")
    await b.tap("Theater")
    await a.until("Theater added to Bob's city on Bob's phone")
    assert a.conn is not None and a.conn.crashes == []
    assert not a.has(S.UNEXPECTED_ERROR, exact=False)


@pytest.mark.asyncio
async def test_hostile_a_double_tap_on_undo_takes_back_once(store: Store) -> None:
    a, b, _code = await host_and_bob(store)
    await b.go("/game/player/1")
    await b.tap("Altar")
    note = b.note()
    assert note is not None
    (undo,) = [x for x in walk(note) if isinstance(x, ft.TextButton)]
    await b.tap_control(undo)
    # the second tap of a double tap lands on whatever button the note shows there now
    note = b.note()
    there = [x for x in walk(note) if isinstance(x, ft.TextButton)] if note else []
    await b.tap_control(there[0] if there else undo)
    await a.until("Undone: Altar added to Bob's city on Bob's phone")
    assert saved_game(store).seats[1].cards == []  # type: ignore[union-attr]
    game = tables_for(store).current("ann-phone")
    assert game is not None
    # the change and one undo in the log, nothing more (before: an undo, then a redo)
    logged = tables_for(store).changes(game.id, "ann-phone")
    assert sum('"revert"' in c.edit for c in logged) == 1


def test_note_seconds_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """`WONDERS_NOTE_S` sets how long a note shows (the browser tests: 30 s); unset or not a
    number, 5 s; never under 0.1 s (a note nobody could read)."""
    for raw, seconds in (("30", 30.0), ("2.5", 2.5), ("0", 0.1), ("soon", 5.0), ("", 5.0)):
        monkeypatch.setenv(model_module.NOTE_SECONDS_ENV, raw)
        assert model_module._note_seconds() == seconds, raw
    monkeypatch.delenv(model_module.NOTE_SECONDS_ENV)
    assert model_module._note_seconds() == 5.0


@pytest.mark.asyncio
async def test_undo_note_of_one_game_is_not_offered_in_the_next(store: Store) -> None:
    """Ann adds Altar to Bob's city, then starts a new game while its note (with Undo)
    still shows: the new game's screens show no note of the old game, so its Undo cannot
    take back, in the new game, a change made in the old one (seen: "Excavation taken from
    Ann's city" with Undo on a new game's city and on the statistics)."""
    a, _code = await host_game(store, shared_hub())
    await a.go("/game/player/1")
    await a.tap("Altar")
    assert a.snacks() == ["Altar added to Bob's city"]
    await a.go("/new")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Name {i + 1}", n)
    await a.tap("Start")
    if a.has("Replace"):  # the game in progress is asked about first
        await a.tap("Replace")
    assert a.title() == "Table"
    assert a.note() is None and a.snacks() == []


def test_undo_follows_its_player_renamed_or_moved(store: Store) -> None:
    """An undo acts on its player's city wherever the player now sits and whatever they are
    now called: Bob's coins set to 4, then Bob renamed "Bảo" (the same player, the same
    seat): "Undo: Bob's coins changed to 4" gives Bảo his 0 back. Ann's 9 coins, then Ann
    moved to seat 2: its undo finds her there. A walk was told "The seats changed meanwhile
    (Bob is not there any more)" and could not undo either. A player removed since is
    still refused (their city left with them)."""
    from ui.entry.edits import MoveSeat, RemovePlayer, RenamePlayer, SetSeat
    from ui.entry.games import new_draft
    from ui.live.tables import Change

    tables = tables_for(store)
    game = tables.host(new_draft("7wonders-1e", (), ["Ann", "Bob", "Cid", "Dan"]), "ann-phone")
    coins = tables.commit(game.id, "ann-phone", SetSeat(1, "Bob", "coins", 4, (0,)))
    assert isinstance(coins, Change)
    assert isinstance(tables.commit(game.id, "ann-phone", RenamePlayer(1, "Bob", "Bảo")),
                      Change)
    back = tables.revert(game.id, "ann-phone", coins.game.version)
    assert isinstance(back, Change), back
    assert [(s.name, s.coins) for s in back.game.draft.seats][1] == ("Bảo", 0)
    nine = tables.commit(game.id, "ann-phone", SetSeat(0, "Ann", "coins", 9, (0,)))
    assert isinstance(nine, Change)
    assert isinstance(tables.commit(game.id, "ann-phone", MoveSeat(0, "Ann", 2)), Change)
    back = tables.revert(game.id, "ann-phone", nine.game.version)
    assert isinstance(back, Change), back
    seats = back.game.draft.seats
    assert [s.name for s in seats] == ["Bảo", "Cid", "Ann", "Dan"] and seats[2].coins == 0
    dan = tables.commit(game.id, "ann-phone", SetSeat(3, "Dan", "coins", 5, (0,)))
    assert isinstance(dan, Change)
    assert isinstance(tables.commit(game.id, "ann-phone", RemovePlayer(3, "Dan")), Change)
    refused = tables.revert(game.id, "ann-phone", dan.game.version)
    assert not isinstance(refused, Change)


def test_undo_a_redo_once_done_is_offered_no_more(store: Store) -> None:
    """The change list after Mai's coins set to 14, undone, then done again (Redo on the
    undo's line): the undo's Redo is no longer offered (nothing is undone to do again), the
    redo's line offers Undo, and the change itself is not marked undone. A walk tapped the
    same Redo twice: the second said "14 now (changed on another phone)"; for a card, it
    logged a second "Done again" that changed nothing."""
    import time as clock

    from ui.entry.edits import SetSeat
    from ui.entry.games import new_draft
    from ui.live.tables import Change
    from ui.screens.changes import change_lines

    tables = tables_for(store)
    game = tables.host(new_draft("7wonders-1e", (), ["Ann", "Mai", "Cid"]), "ann-phone")
    made = tables.commit(game.id, "ann-phone", SetSeat(1, "Mai", "coins", 14, (0,)))
    assert isinstance(made, Change)
    undo = tables.revert(game.id, "ann-phone", made.game.version)
    assert isinstance(undo, Change)
    redo = tables.revert(game.id, "ann-phone", undo.game.version)
    assert isinstance(redo, Change) and redo.game.draft.seats[1].coins == 14
    lines = {line.version: line for line in change_lines(
        redo.game, tables.changes(game.id, "ann-phone"), clock.time())}
    change, undone, redone = (lines[made.game.version], lines[undo.game.version],
                              lines[redo.game.version])
    assert not change.undone and change.can_undo  # done again: it can be undone
    assert undone.redoes and not undone.can_undo  # its Redo is spent
    assert not redone.redoes and redone.can_undo  # the redo's own Undo


def test_undo_of_a_removal_gives_the_seat_back_to_its_phone(store: Store) -> None:
    """Dan's phone held Dan's seat; the host removed Dan, then undid it: Dan's city is back
    and so is his phone's hold on the seat ("Dan (you)" on it, taken on the others). A
    walk saw the city back but the seat free for any phone to take."""
    from ui.entry.edits import RemovePlayer
    from ui.entry.games import new_draft
    from ui.live.tables import Change
    from ui.store.store import LiveRecord

    tables = tables_for(store)
    game = tables.host(new_draft("7wonders-1e", (), ["Ann", "Bob", "Cid", "Dan"]), "ann-phone")
    assert isinstance(tables.join(game.code, "dan-phone", "192.168.1.24"), LiveRecord)
    assert isinstance(tables.claim(game.id, "dan-phone", "Dan"), Change)
    gone = tables.commit(game.id, "ann-phone", RemovePlayer(3, "Dan"))
    assert isinstance(gone, Change) and "Dan" not in gone.game.claims
    back = tables.revert(game.id, "ann-phone", gone.game.version)
    assert isinstance(back, Change), back
    assert [s.name for s in back.game.draft.seats] == ["Ann", "Bob", "Cid", "Dan"]
    assert back.game.claims.get("Dan") == "dan-phone"
