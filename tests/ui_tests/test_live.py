"""One game, every phone: several in-process clients on one server (one store, one pub/sub
hub), as phones around a table."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import flet as ft
import pytest

from ui.app import make_main
from ui.entry.draft import Draft
from ui.entry.edits import AddPlayer, Refusal, RemovePlayer, SetSeat
from ui.entry.games import as_seven_wonders, from_table
from ui.live.tables import FAILED_JOINS, Change, JoinRefused, tables_for
from ui.session.model import AppModel
from ui.store.codes import CODE_LENGTH, JOIN_LETTERS
from ui.store.store import IDLE_EXPIRY_S, LiveRecord, Store
from ui.text import strings as S

from .flet_client import Client, label, shared_hub, walk
from .game_data import SUMMARY, TABLE

pytestmark = pytest.mark.asyncio


async def phone(store: Store, device: str | None, route: str = "/",
                hub: object = None, address: str = "192.168.1.20") -> Client:
    c = Client(make_main(store), route=route, device=device, hub=hub,  # type: ignore[arg-type]
               address=address)
    return await c.start()


async def host_game(store: Store, hub: object) -> tuple[Client, str]:
    """Ann's phone starts a game for Ann, Bob and Cid and shows its join code."""
    a = await phone(store, "ann-phone", hub=hub)
    await a.tap("New game")
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await a.type(f"Name {i + 1}", n)
    await a.tap("Start")
    code = a.cell("join-code-shown")
    assert len(code) == CODE_LENGTH and all(ch in JOIN_LETTERS for ch in code)
    assert a.has(f"/g/{code}")
    return a, code


def saved_game(store: Store) -> Draft | None:
    """The game as the store holds it (the host's current game)."""
    return store.for_owner("ann-phone").load_current()


def coins(c: Client) -> str:
    return str(c.find("Coins", ft.TextField).value)


async def test_join_claim_and_live_updates_both_ways(store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)  # the QR code's address
    assert b.title() == "Table" and b.has("Ann") and b.has("Cid")
    await b.tap("I am Bob")
    assert b.find("I am Bob").icon == ft.Icons.CHECK
    await a.idle()
    assert a.find("I am Bob (taken)").disabled  # Ann's phone cannot take Bob's seat
    await a.go("/game/player/1")
    await b.go("/game/player/1")
    await b.type("Coins", "7")
    await a.until("Bob's coins changed to 7 on Bob's phone")  # shown briefly on the others
    assert coins(a) == "7"
    # and back: Ann's phone helps Bob (every seat is editable from any device of the game)
    await a.type("Coins", "4")
    await b.until("Bob's coins changed to 4 on the host's phone")
    assert coins(b) == "4"
    # three cards tapped on Bob's phone: Ann's phone shows Bob's new total
    await b.tap("Gizah")
    for card in ("Altar", "Theater", "Baths"):
        await b.tap(card)
    await a.idle()
    # rules_multiplayer.md, Age I blue cards: Altar 2 + Theater 2 + Baths 3 = 7 civilian;
    # 4 coins // 3 = 1 treasury; Gizah with no stage built 0: 8 so far
    assert b.title() == "Bob · 8 pts" and a.title() == "Bob · 8 pts"
    saved = saved_game(store)
    assert saved is not None and saved.seats[1].cards == ["Altar", "Theater", "Baths"]


async def test_same_field_race_last_write_wins_everywhere(store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await a.go("/game/player/2")
    await b.go("/game/player/2")
    await a.type("Coins", "5")
    await b.type("Coins", "9")  # saved after Ann's 5: it wins
    await a.idle()
    await b.idle()
    assert coins(a) == coins(b) == "9"
    assert saved_game(store).seats[2].coins == 9  # type: ignore[union-attr]


async def test_dropped_phone_comes_back_to_its_seat(store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route="/join", hub=hub)
    await b.type("Join code", code.lower())  # typed in small letters
    await b.tap("Join")
    await b.tap("I am Bob")
    await b.go("/game/player/1")
    await b.type("Coins", "6")
    await b.close()  # the phone drops
    await a.go("/game/player/1")
    await a.tap("Gizah")  # entered while Bob's phone is away
    back = await phone(store, "bob-phone", hub=hub)  # the same browser comes back
    assert back.has("Game in progress") and back.has("Ann, Bob, Cid")
    await back.go("/game")
    assert back.find("I am Bob").icon == ft.Icons.CHECK
    await back.go("/game/player/1")
    assert coins(back) == "6" and back.cell("wonder-board") == "Gizah"


async def test_two_games_never_mix(store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    other = await phone(store, "dan-phone", hub=hub)
    await other.tap("New game")
    for i, n in enumerate(["Dan", "Eve", "Fay"]):
        await other.type(f"Name {i + 1}", n)
    await other.tap("Start")
    assert other.cell("join-code-shown") != code
    await a.go("/game/player/0")
    await other.go("/game/player/0")
    await a.type("Coins", "3")
    await other.type("Coins", "8")
    await a.idle()
    assert coins(a) == "3" and coins(other) == "8"
    # each phone's note is of its own change (with its Undo), never of the other game's
    assert a.snacks() == ["Ann's coins changed to 3"]
    assert other.snacks() == ["Dan's coins changed to 8"]
    # a message from a device that is not in the game changes nothing
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    refused = tables.commit(game.id, "dan-phone", SetSeat(0, "Ann", "coins", 99))
    assert getattr(refused, "message", "") == "This device is not at this table: join it " \
        "with its code first."
    await a.idle()
    assert coins(a) == "3" and tables.current("ann-phone").draft.seats[0].coins == 3  # type: ignore[union-attr]


async def _two_pads_of_a_complete_game(store: Store, hub: object
                                       ) -> tuple[Client, Client, LiveRecord]:
    """Ann's phone hosts a complete game (game_data's TABLE), Bob's joined it: both on its
    score pad."""
    store.for_owner("ann-phone").save_current(from_table(TABLE))
    a = await phone(store, "ann-phone", route="/game/pad", hub=hub)
    game = tables_for(store).current("ann-phone")
    assert game is not None
    b = await phone(store, "bob-phone", route=f"/g/{game.code}", hub=hub)
    await b.go("/game/pad")
    return a, b, game


async def test_finish_by_the_host_reaches_every_history(store: Store) -> None:
    hub = shared_hub()
    a, b, game = await _two_pads_of_a_complete_game(store, hub)
    assert b.find("Finish and save").disabled and b.has("Only the host's phone can finish")
    await a.tap("Finish and save")
    await b.until("The host finished the game")
    for c in (a, b):
        await c.go("/history")
        await c.until(SUMMARY)
    # the code admits nobody any more (it says the game is finished); a device that was
    # not there has no such game in its history
    late = await phone(store, "cid-phone", route=f"/g/{game.code}", hub=hub)
    assert late.has("This game is finished")
    await late.go("/history")
    await late.until("No finished games")


async def test_failed_joins_are_limited_per_address(store: Store) -> None:
    hub = shared_hub()
    _, code = await host_game(store, hub)
    wrong = "".join(JOIN_LETTERS[(JOIN_LETTERS.index(ch) + 1) % len(JOIN_LETTERS)]
                    for ch in code)
    guesser = await phone(store, "guesser", route="/join", hub=hub, address="10.0.0.9")
    for _ in range(FAILED_JOINS):
        await guesser.type("Join code", wrong)
        await guesser.tap("Join")
        assert guesser.has("No game in progress has this code")
    await guesser.type("Join code", code)  # even the right code, now
    await guesser.tap("Join")
    assert guesser.has("Too many wrong codes") and guesser.title() == "Join a game"
    # another address is not held back
    friend = await phone(store, "friend", route=f"/g/{code}", hub=hub, address="10.0.0.10")
    assert friend.title() == "Table"


async def test_browser_without_storage_is_never_offered_another_game(store: Store) -> None:
    hub = shared_hub()
    await host_game(store, hub)
    stranger = await phone(store, None, hub=hub)
    assert not stranger.has("Game in progress")
    await stranger.go("/game")
    assert stranger.has("No game in progress.")


async def test_two_tabs_of_one_browser_see_each_other(store: Store) -> None:
    hub = shared_hub()
    a, _ = await host_game(store, hub)
    tab = await phone(store, "ann-phone", route="/game/player/0", hub=hub)
    await a.go("/game/player/0")
    await tab.tap("Babylon")
    await a.idle()
    assert a.cell("wonder-board") == "Babylon"  # no silent overwrite: both show it
    await a.tap("Altar")
    await tab.idle()
    saved = saved_game(store)
    assert saved is not None and as_seven_wonders(saved).seats[0].board == "Babylon"
    assert saved.seats[0].cards == ["Altar"] and tab.find("Altar").data.selected  # filled, held


async def test_players_after_start(store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await b.tap("I am Bob")
    await a.idle()
    await a.tap("Players")
    await a.type("Name 2", "Ann")  # the engine refuses a repeated name, here and now
    await a.tap("Rename Bob")
    assert a.has('"Ann" is already players[0]', exact=False) or a.has("already", exact=False)
    await a.type("Name 2", "Bobby")
    await a.tap("Rename Bob")
    await b.until("Bob is now Bobby")
    assert b.find("I am Bobby").icon == ft.Icons.CHECK  # the seat follows the name
    await a.type("Add player", "Dan")
    await a.tap_control(a.find("Add player", ft.IconButton))
    await a.tap("Move Ann down")
    await b.idle()
    saved = saved_game(store)
    assert saved is not None and [s.name for s in saved.seats] == ["Bobby", "Ann", "Cid", "Dan"]
    assert b.texts().index("Bobby (you)") < b.texts().index("Dan")  # its own seat marked
    await a.tap("Remove Cid")
    await a.tap("Remove")  # asked first (tests/ui_tests/test_undo.py)
    await b.until("Cid left the table")
    # 7 Wonders takes at most 7 players (the ruleset's max_players): no eighth seat
    for n in ["Eve", "Fay", "Gus", "Hal"]:  # Bobby, Ann, Dan and these four: 7
        await a.type("Add player", n)
        await a.tap_control(a.find("Add player", ft.IconButton))
    assert [s.name for s in saved_game(store).seats][-1] == "Hal"  # type: ignore[union-attr]
    assert len(saved_game(store).seats) == 7  # type: ignore[union-attr]
    assert a.has("This game is for 3 to 7 players.")
    with pytest.raises(AssertionError):
        a.find("Add player", ft.TextField)


async def test_every_screen_of_a_game_has_its_address(store: Store) -> None:
    """A reload (or a shared link) of the screen a player is on leads back to that game,
    even when the phone has taken part in a newer game since."""
    hub = shared_hub()
    _, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await b.tap("Score pad")
    assert b.page.route == f"/g/{code}/pad"
    await b.go(f"/g/{code}/player/1")
    await b.type("Coins", "6")
    assert b.page.route == f"/g/{code}/player/1"
    # Bob's phone then hosts a game of its own: its newest one (Bob has 3 coins there)
    newer = tables_for(store).host(from_table(TABLE), "bob-phone")
    assert newer.code != code
    assert tables_for(store).current("bob-phone").id == newer.id  # type: ignore[union-attr]
    again = await phone(store, "bob-phone", route=f"/g/{code}/player/1", hub=hub)  # reload
    assert again.title() == "Bob · 2 pts"  # 6 coins // 3 = 2, nothing else entered
    assert coins(again) == "6"
    assert [v.route for v in again.views()] == ["/", f"/g/{code}", f"/g/{code}/player/1"]
    await again.back()
    assert again.title() == "Table" and again.cell("join-code-shown") == code
    other = await phone(store, "bob-phone", route=f"/g/{newer.code}/player/1", hub=hub)
    assert coins(other) == "3"  # game_data.TABLE: Bob has 3 coins


async def test_a_finished_game_keeps_its_address_and_its_code_stays_spent(
        store: Store) -> None:
    hub = shared_hub()
    _, code = await host_game(store, hub)
    await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)  # Bob's phone joins
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    assert not isinstance(tables.finish(game.id, "ann-phone", SUMMARY, game.version),
                          Refusal)
    # Bob's phone reloads the score pad of the finished game: it is still there for him,
    # and reaching it is no failed join
    again = await phone(store, "bob-phone", route=f"/g/{code}/pad", hub=hub,
                        address="10.0.0.7")
    assert again.title() == "Score pad" and not again.has("No game in progress")
    assert not tables._failed.counted("10.0.0.7", "bob-phone")
    # a correction after Finish (only the host's: issue 17) reopens the game, not its code:
    # nobody new gets in
    fixed = tables.commit(game.id, "ann-phone", SetSeat(1, "Bob", "coins", 4))
    assert not isinstance(fixed, Refusal) and not fixed.game.closed
    assert tables.join(code, "dan-phone", "10.0.0.8") == JoinRefused("no-such-code")


async def test_a_code_idle_for_a_day_admits_nobody_even_after_a_change(store: Store) -> None:
    hub = shared_hub()
    _, code = await host_game(store, hub)
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    # the game was last changed a day and a second ago (IDLE_EXPIRY_S = 24 h)
    idle = replace(game, touched=time.time() - IDLE_EXPIRY_S - 1, version=game.version + 1)
    assert store.save_live(idle)  # a save is compare-and-set: over the version before
    tables._games[game.id] = idle
    assert isinstance(tables.join(code, "dan-phone", "10.0.0.8"), JoinRefused)
    # Ann's phone enters something: the game goes on, its code stays spent
    assert not isinstance(tables.commit(game.id, "ann-phone",
                                        SetSeat(0, "Ann", "coins", 2)), Refusal)
    assert isinstance(tables.join(code, "dan-phone", "10.0.0.8"), JoinRefused)
    assert store.live(game.id).spent  # type: ignore[union-attr]  # and so after a restart
    # Ann's phone still finds its game at its address
    back = await phone(store, "ann-phone", route=f"/g/{code}", hub=hub)
    assert back.title() == "Table" and back.has("Ann")


async def test_a_player_is_not_held_back_by_a_guesser_at_the_same_address(
        store: Store) -> None:
    hub = shared_hub()
    _, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub, address="10.0.0.9")
    assert b.title() == "Table"
    tables = tables_for(store)
    for _ in range(FAILED_JOINS):  # someone behind the same address tries codes
        assert isinstance(tables.join("AAAA" if code != "AAAA" else "CCCC", "guesser",
                                      "10.0.0.9"), JoinRefused)
    held = tables.join(code, "guesser", "10.0.0.9")
    assert isinstance(held, JoinRefused) and held.reason == "too-many-tries"
    again = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub, address="10.0.0.9")
    assert again.title() == "Table" and again.find("I am Bob")


async def test_a_device_not_in_the_game_changes_nothing(store: Store) -> None:
    hub = shared_hub()
    await host_game(store, hub)
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    for refused in (tables.commit(game.id, "dan-phone", SetSeat(0, "Ann", "coins", 99)),
                    tables.claim(game.id, "dan-phone", "Ann"),
                    tables.finish(game.id, "dan-phone", SUMMARY, game.version)):
        assert isinstance(refused, Refusal) and refused.code == "not-in-game"
    saved = store.live(game.id)
    assert saved is not None and saved.version == game.version and saved.claims == {}
    assert not saved.closed and saved.draft.seats[0].coins == 0
    assert store.for_owner("dan-phone").games() == []


async def test_a_device_that_left_the_game_changes_nothing(store: Store) -> None:
    """Membership is checked by the save itself (one transaction per change): a phone that
    left, whose game this server still holds in memory, changes nothing, and a change the
    game would refuse anyway is refused as not in the game (it learns nothing of it)."""
    hub = shared_hub()
    _, code = await host_game(store, hub)
    await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    tables = tables_for(store)
    game = tables.current("bob-phone")
    assert game is not None
    assert not isinstance(tables.commit(game.id, "bob-phone", SetSeat(1, "Bob", "coins", 3)),
                          Refusal)
    store.for_owner("bob-phone").save_current(None)  # Bob's phone leaves the game
    kept = store.live(game.id)
    assert kept is not None
    for refused in (tables.commit(game.id, "bob-phone", SetSeat(1, "Bob", "coins", 4)),
                    # 3 coins are saved: a change over 0 is stale, and still not Bob's to try
                    tables.commit(game.id, "bob-phone", SetSeat(1, "Bob", "coins", 5, was=(0,))),
                    tables.claim(game.id, "bob-phone", "Bob")):
        assert isinstance(refused, Refusal) and refused.code == "not-in-game"
    saved = store.live(game.id)
    assert saved is not None and saved.version == kept.version
    assert saved.draft.seats[1].coins == 3


async def test_an_older_answer_never_hides_a_newer_change(store: Store) -> None:
    """Two phones set Ann's coins at once: this phone's own answer (5) can arrive after the
    other phone's later change (9) was shown; the phone keeps showing the saved 9."""
    tables = tables_for(store)
    rec = tables.host(from_table(TABLE), "ann-phone")
    model = AppModel(store=store.for_owner("ann-phone"), device="ann-phone")
    model.open_game(rec)
    first = tables.commit(rec.id, "ann-phone", SetSeat(0, "Ann", "coins", 5))
    second = tables.commit(rec.id, "ann-phone", SetSeat(0, "Ann", "coins", 9))
    assert isinstance(first, Change) and isinstance(second, Change)
    await model._receive(second)  # heard from the other phone first
    model._outcome(first)  # this phone's own answer, older
    assert model.draft is not None and model.draft.seats[0].coins == 9
    assert model.game == second.game == store.live(rec.id)


async def test_the_host_frees_the_seat_of_a_lost_phone(store: Store) -> None:
    """Bob's phone breaks: his seat stays held by it until the host frees it; then Bob
    takes it on another phone. Only the host frees a seat."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    lost = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await lost.tap("I am Bob")
    await lost.close()
    spare = await phone(store, "bob-spare", route=f"/g/{code}", hub=hub)
    assert spare.find("I am Bob (taken)").disabled
    with pytest.raises(AssertionError):
        spare.find("Free Bob's seat")  # not the host's phone
    game = tables_for(store).current("ann-phone")
    assert game is not None
    refused = tables_for(store).free(game.id, "bob-spare", "Bob")
    assert isinstance(refused, Refusal) and refused.code == "host-frees"
    await a.idle()
    await a.tap("Free Bob's seat")
    await a.tap("Free")  # asked first (tests/ui_tests/test_undo.py)
    await spare.until("Bob's seat is free: Bob can take it on another phone.")
    await spare.tap("I am Bob")
    assert spare.find("I am Bob").icon == ft.Icons.CHECK
    assert store.live(game.id).claims == {"Bob": "bob-spare"}  # type: ignore[union-attr]


async def test_finish_is_refused_when_the_game_changed_after_the_pad_showed_it(
        store: Store) -> None:
    """The host's pad shows one result; Bob's phone changes his coins before Finish is
    tapped (a change not yet shown there): the game is not finished with a summary that
    no longer fits it; the pad shows the saved game, and Finish then saves that."""
    store.for_owner("ann-phone").save_current(from_table(TABLE))
    a = await phone(store, "ann-phone", route="/game/pad")  # its own hub: hears nothing
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    assert not isinstance(tables.join(game.code, "bob-phone", "x"), JoinRefused)
    assert not isinstance(tables.commit(game.id, "bob-phone", SetSeat(1, "Bob", "coins", 6)),
                          Refusal)
    await a.tap("Finish and save")
    assert a.has("The game changed on another phone just now")
    assert not a.has("Saved to history.") and store.for_owner("ann-phone").games() == []
    await a.tap("Finish and save")
    await a.until("Saved to history.")
    [saved] = store.for_owner("bob-phone").games()
    # game_data: Bob 31 with 3 coins (1 treasury); 6 coins // 3 = 2 treasury: 32
    assert saved.summary == "Bob 32 · Ann 31 · Cid 17"


async def test_a_name_being_typed_follows_its_player_when_another_phone_reseats(
        store: Store) -> None:
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await a.tap("Players")
    await a.type("Name 1", "Annie")  # typed for Ann, not saved yet
    await b.tap("Players")
    await b.tap("Move Ann down")  # meanwhile, on Bob's phone: Bob, Ann, Cid
    await a.until("Ann moved to seat 2")
    assert a.find("Name 1", ft.TextField).value == "Bob"
    assert a.find("Name 2", ft.TextField).value == "Annie"
    await a.tap("Rename Ann")
    await b.until("Ann is now Annie")
    assert [s.name for s in saved_game(store).seats] == ["Bob", "Annie", "Cid"]  # type: ignore[union-attr]


async def test_a_city_screen_follows_its_player_to_a_new_seat(store: Store) -> None:
    """Bob scores his city on his phone (seat 2 of Ann, Bob, Cid); the host moves Ann down
    (Bob, Ann, Cid): Bob's phone shows Bob's city at his new seat, not Ann's, which now sits
    where Bob did."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}/player/1", hub=hub)
    await b.type("Coins", "6")
    await a.tap("Players")
    await a.tap("Move Ann down")
    await b.idle()
    assert b.page.route == f"/g/{code}/player/0"
    assert b.title() == "Bob · 2 pts"  # his 6 coins // 3 = 2, at his new seat
    assert coins(b) == "6"
    # a number typed, not saved, as the host reseats again: it stays in Bob's field, the
    # screen at his new seat at once, and is saved as Bob's (a review: the field went with
    # the old seat's screen, and its number with it)
    await b.type_only("Coins", "7")
    await a.tap("Move Ann up")  # Ann, Bob, Cid again: Bob back at seat 2
    await b.idle()
    assert b.page.route == f"/g/{code}/player/1" and coins(b) == "7"
    await b.leave("Coins")
    saved = saved_game(store)
    assert saved is not None and [s.coins for s in saved.seats] == [0, 7, 0]  # 6 typed over
    assert not any("not there" in said for said in b.snacks())
    await a.tap("Move Ann down")  # Bob, Ann, Cid
    await b.idle()
    # a seat the player picks is shown as picked: Next player shows Ann, now after Bob
    await b.tap("Next player")
    assert b.page.route == f"/g/{code}/player/1" and b.title().startswith("Ann")


async def test_a_pad_opened_from_a_city_goes_back_to_it_and_follows_a_reseat(
        store: Store) -> None:
    """Bob opens the pad from his city (seat 2): its back arrow leads to his city, not the
    table (a walk: one more tap to find it again); while the pad shows, the host moves Ann
    down (Bob, Ann, Cid): the pad stays, over Bob's city at his new seat, and back leads
    there."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}/player/1", hub=hub)
    await b.type_only("Search", "alt")
    await b.tap("Score pad")
    assert b.page.route == f"/g/{code}/player/1/pad"
    assert [v.route for v in b.views()][-2:] == [f"/g/{code}/player/1", f"/g/{code}/player/1/pad"]
    # the city under the pad lets go of its body (its chips and their watches), as the
    # table under a city does; its search is there again on the way back
    await asyncio.sleep(0.05)
    await b.idle()
    assert not any(isinstance(x, ft.OutlinedButton) for x in walk(b.views()[-2]))
    await b.back()
    assert b.page.route == f"/g/{code}/player/1" and b.title().startswith("Bob")
    assert b.find("Search", ft.TextField).value == "alt" and b.find("Altar") is not None
    await b.tap("Score pad")
    await a.tap("Players")
    await a.tap("Move Ann down")
    await b.idle()
    assert b.page.route == f"/g/{code}/player/0/pad"
    # the pad still hears Escape (it closes a cell's lines) at the new address (a review:
    # it listened for the address it opened at, and let go of the keyboard on the first
    # key), and back from Export over it
    assert b.session is not None
    for _ in range(2):
        await b.session.dispatch_event(b.page._i, "keyboard_event", {
            "key": "Escape", "shift": False, "ctrl": False, "alt": False, "meta": False})
        await b.idle()
        assert b.page.on_keyboard_event is not None
        await b.tap("Export")
        await b.session.dispatch_event(b.page._i, "keyboard_event", {  # a key on Export
            "key": "a", "shift": False, "ctrl": False, "alt": False, "meta": False})
        await b.idle()
        await b.back()
        assert b.page.route == f"/g/{code}/player/0/pad"
    await b.back()
    assert b.page.route == f"/g/{code}/player/0" and b.title().startswith("Bob")


async def test_a_number_typed_is_saved_when_the_browsers_back_takes_its_screen_away(
        store: Store) -> None:
    """A walk typed 10 in Ann's Coins, no Enter, then the browser's (a phone's) back: the
    city went without its field losing focus, and the 10 with it (the table kept the
    number before). A number left typed is saved when its field goes, as on a blur: a
    stepper's (Coins) and a paper total's (Civilian)."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    await a.go(f"/g/{code}/player/0")
    await a.type_only("Coins", "10")
    await a.go(f"/g/{code}")  # the browser's back: the address changes, no blur
    saved = saved_game(store)
    assert saved is not None and saved.seats[0].coins == 10
    await a.go(f"/g/{code}/player/1")
    await a.tap("Paper totals")
    await a.type_only("Civilian", "12")
    await a.go(f"/g/{code}")
    saved = saved_game(store)
    assert saved is not None and saved.seats[1].typed.get("civilian") == 12
    assert not a.has("Something went wrong", exact=False)
    # a city reached by Next player (the screen's fields were Ann's before: a review found
    # the 10 lost there, and Ann's typing shown, then saved, as Bob's)
    await a.go(f"/g/{code}/player/0")
    await a.type_only("Coins", "4")
    await a.go(f"/g/{code}/player/2")  # on to Cid without a blur (the browser's forward)
    assert coins(a) == "0"  # Cid's, not Ann's typing
    await a.type_only("Coins", "9")
    await a.go(f"/g/{code}")
    saved = saved_game(store)
    assert saved is not None and [s.coins for s in saved.seats] == [4, 0, 9]


async def test_a_refused_tap_is_said_on_the_phone_that_made_it(store: Store) -> None:
    """Cid scores on his phone; meanwhile the host adds Dan and removes Cid, so Dan sits in
    Cid's seat. Cid's next tap is refused (the edit names Cid, the seat holds Dan): his phone says
    why, and changes nothing."""
    hub = shared_hub()
    _host, code = await host_game(store, hub)
    c = await phone(store, "cid-phone", route=f"/g/{code}/player/2", hub=hub)
    stale = c.find("Altar")  # the chip as Cid's phone shows it, before the news arrives
    tables = tables_for(store)
    game = tables.current("ann-phone")
    assert game is not None
    # Dan first: a game keeps at least 3 players (the ruleset's min_players)
    assert not isinstance(tables.commit(game.id, "ann-phone", AddPlayer("Dan")), Refusal)
    assert not isinstance(tables.commit(game.id, "ann-phone", RemovePlayer(2, "Cid")), Refusal)
    await c.tap_control(stale)
    assert any("Cid is not there any more" in s for s in c.snacks())
    saved = saved_game(store)
    assert saved is not None and saved.seats[2].name == "Dan" and saved.seats[2].cards == []


async def test_a_long_name_in_its_seat_chip_ends_after_two_lines(store: Store) -> None:
    """A seat's chip is 48 px tall: "I am" and a 75-letter name took three lines there, the
    third cut in half by the chip's edge (seen at 360 px, screenshot 39c). Its words now end
    in "…" after two lines; a screen reader still reads them whole. A short name's chip is
    as it was (its words a plain label)."""
    long = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen und Habsburg-Lothringen"
    a = await phone(store, "ann-phone", hub=shared_hub())
    await a.tap("New game")
    for i, n in enumerate(["Ann", "Bob", long]):
        await a.type(f"Name {i + 1}", n)
    await a.tap("Start")
    chip = a.find(f"I am {long}")
    assert isinstance(chip.content, ft.Text)
    assert chip.content.value == f"I am {long}"  # whole, for the screen reader
    assert chip.content.max_lines == 2 and chip.content.overflow == ft.TextOverflow.ELLIPSIS
    assert a.find("I am Bob").content == "I am Bob"


@pytest.mark.filterwarnings("ignore::pytest.PytestWarning")  # the module's asyncio mark
def test_an_undo_logged_by_another_version_is_refused_in_words(store: Store) -> None:
    """A logged undo that no longer reads (another version of the app, a damaged row) is
    refused as not undoable, and the change list leaves it out: never a traceback on the
    phone that tapped Undo, the game as it was."""
    import sqlite3

    from ui.entry.games import new_draft

    tables = tables_for(store)
    game = tables.host(new_draft("7wonders-1e", (), ["Ann", "Bob", "Cid"]), "ann-phone")
    made = tables.commit(game.id, "ann-phone", SetSeat(0, "Ann", "coins", 7))
    assert isinstance(made, Change)
    db = sqlite3.connect(store.path)
    db.execute("UPDATE edits SET undo = ?", ('{"kind": "revert", "steps": "?"}',))
    db.commit()
    db.close()
    got = tables.revert(game.id, "ann-phone", made.game.version)
    assert isinstance(got, Refusal) and got.code == "bad-value"
    saved = store.live(game.id)
    assert saved is not None and saved.draft.seats[0].coins == 7  # the change stands


async def test_a_chip_made_wider_by_another_phone_moves_its_row_and_draws(store: Store) -> None:
    """Bob's phone takes the Siege Workshop (one copy at 3 players: rules_multiplayer.md,
    1st edition, Age III 3+/5+): on Ann's phone its chip reads "(taken)" and takes half a row
    instead of a third, so the chips beside it move in their row. A chip kept from the last
    drawing could not be moved ("Frozen controls cannot be updated" in a walk's server log)
    and the Age's chips were not drawn: they are drawn, each in its place."""
    hub = shared_hub()
    a, code = await host_game(store, hub)
    b = await phone(store, "bob-phone", route=f"/g/{code}", hub=hub)
    await a.go("/game/player/0")
    await a.tap("III")
    await b.go("/game/player/1")
    await b.tap("III")
    await b.tap("Siege Workshop")
    await a.idle()
    assert not a.has("Something went wrong", exact=False)
    taken = [x for x in a.controls() if isinstance(x, ft.OutlinedButton)
             and label(x).startswith("Siege Workshop")]
    assert taken and "(taken)" in label(taken[0]) and taken[0].disabled
    # Ann's own tap after it draws too
    await a.tap("Pantheon")
    assert a.title() == "Ann · 7 pts"  # rules_multiplayer.md: Pantheon 7 VP


async def test_play_again_offers_the_next_game_to_the_other_phones(store: Store) -> None:
    """The host finishes and taps Play again: Bob's phone, still on the finished pad, is
    offered "Join the next game", which takes it to the new game's join step (its
    seats to claim); before, it stayed on the finished game untold, and had to be given the new
    code (a walk's finding)."""
    a, b, game = await _two_pads_of_a_complete_game(store, shared_hub())
    await a.tap("Finish and save")
    await b.until("The host finished the game")

    def offered() -> bool:
        return any(label(x) == "Join the next game" for x in b.controls())

    assert not offered()
    await a.tap("Play again")
    for _ in range(250):  # told through the hub: a task of its own
        if offered():
            break
        await b.idle(rounds=1)
    assert offered()
    new = tables_for(store).current("ann-phone")
    assert new is not None and new.code != game.code
    await b.tap("Join the next game")
    await b.until("Tap your own name: your phone then holds your seat.")
    assert b.page.route == f"/g/{new.code}"


async def test_a_correction_of_a_finished_game_says_history_keeps_it_until_finished(
        store: Store) -> None:
    """The host changes a finished game on its table: its pad says History keeps the game
    as it was until it is finished again (docs/app.md; a walk's host corrected a name and
    left History with the old one, untold); a game never finished says nothing of it, and
    the Finish again takes the line away."""
    a, _b, _game = await _two_pads_of_a_complete_game(store, shared_hub())
    assert not a.has(S.CORRECTING)  # never finished: nothing to keep
    await a.tap("Finish and save")
    await a.until("Finished: in the history.")
    await a.go("/game/player/0")
    await a.type("Coins", "8")
    await a.go("/game/pad")
    await a.until(S.CORRECTING)
    await a.tap("Finish and save")
    await a.until("Finished: in the history.")
    assert not a.has(S.CORRECTING)
