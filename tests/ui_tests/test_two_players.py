"""The 1st edition's 2-player game (seed 002, "2-PLAYER"; table-format.md: the Free City as
a third seat, scored and never ranked), started on a phone: New game takes two names and
adds the Free City; no phone takes the Free City's seat. A walk found Start disabled at two
names and no Free City anywhere but in an imported file."""

from __future__ import annotations

import pytest

from ui.app import make_main
from ui.entry.edits import Refusal
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import Change, tables_for
from ui.store.store import Store

from .flet_client import Client


async def _two_names(store: Store, game: str) -> Client:
    c = await Client(make_main(store)).start()
    await c.tap("New game")
    await c.tap(game)
    await c.tap("Remove player 3")
    await c.type("Name 1", "Hal")
    await c.type("Name 2", "Ivy")
    return c


@pytest.mark.asyncio
async def test_two_players_start_a_1st_edition_game_with_the_free_city(store: Store) -> None:
    c = await _two_names(store, "7 Wonders 1st edition")
    assert c.has("With two players, the Free City takes the third seat")
    await c.tap("Start")
    assert c.title() == "Table"
    saved = store.load_current()
    assert isinstance(saved, SevenWondersDraft)
    assert [(s.name, s.free_city) for s in saved.seats] == [
        ("Hal", False), ("Ivy", False), ("Free City", True)]
    # the Free City is a city to enter (its cards, wonder and coins score), never a phone's
    c.find("I am Hal")
    with pytest.raises(AssertionError):
        c.find("I am Free City")
    # the Free City is no earlier player to offer the next New game
    assert "Free City" not in store.names() and {"Hal", "Ivy"} <= set(store.names())


@pytest.mark.asyncio
async def test_two_players_one_named_free_city_is_asked_for_another_name(store: Store) -> None:
    """A player typed "free city": two seats of that name, the Free City's and a player's
    (a walk's finding: the table ranked the Free City, and a rename renamed both). Start
    waits for another name, saying so; so does a name typed twice in another case."""
    c = await _two_names(store, "7 Wonders 1st edition")
    await c.type("Name 1", "free city")
    assert c.find("Start").disabled and c.has("Give every player a different name.")
    await c.type("Name 1", "Hal")
    await c.type("Name 2", "hal")
    assert c.find("Start").disabled
    await c.type("Name 2", "Ivy")
    assert not c.find("Start").disabled


@pytest.mark.asyncio
async def test_two_players_are_too_few_for_the_2nd_edition(store: Store) -> None:
    """The 2nd edition has no 2-player game (3 to 7 players: its rulebook, seed 001): its
    third row cannot be removed."""
    c = await Client(make_main(store)).start()
    await c.tap("New game")
    await c.tap("7 Wonders 2nd edition")
    assert c.find("Remove player 3").disabled
    await c.tap("7 Wonders 1st edition")
    assert not c.find("Remove player 3").disabled


def test_two_players_no_phone_claims_the_free_city(store: Store) -> None:
    tables = tables_for(store)
    rec = tables.host(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Hal"), SevenWondersSeat("Ivy"),
        SevenWondersSeat("Free City", free_city=True)]), "hal-phone")
    refused = tables.claim(rec.id, "hal-phone", "Free City")
    assert isinstance(refused, Refusal) and "no player's seat" in refused.message
    assert isinstance(tables.claim(rec.id, "hal-phone", "Hal"), Change)


def test_two_players_a_third_player_takes_the_free_citys_seat() -> None:
    """A player added to a 2-player game takes the Free City's seat (it plays only in a
    2-player game, seed 002): before, the table took a fourth seat and could not be
    finished, with nothing telling the host why. Its undo brings the Free City back."""
    from ui.entry.edits import AddPlayer, Refusal, apply, inverse

    draft = SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Hal"), SevenWondersSeat("Free City", coins=4, free_city=True),
        SevenWondersSeat("Ivy")])
    added = apply(draft, AddPlayer("Joe"))
    assert not isinstance(added, Refusal)
    assert [(s.name, s.claimable) for s in added.seats] == [
        ("Hal", True), ("Ivy", True), ("Joe", True)]
    back = apply(added, inverse(AddPlayer("Joe"), draft, added))
    assert back == draft
    assert AddPlayer("Joe").describe(draft) == "Joe joined the table in the Free City's seat"


@pytest.mark.parametrize("free_at", [0, 1, 2])
def test_two_players_undo_of_the_third_player_from_the_change_list(
        store: Store, free_at: int) -> None:
    """The third player's arrival undone from the change list (a review's finding: always
    refused, "the seats changed"), wherever the Free City sat, and after the new player was
    renamed: the Free City is back in its place, the new player gone; redone, the new player
    takes its seat again."""
    from ui.entry.edits import AddPlayer, RenamePlayer

    seats = [SevenWondersSeat("Hal"), SevenWondersSeat("Ivy")]
    seats.insert(free_at, SevenWondersSeat("Free City", coins=4, free_city=True))
    tables = tables_for(store)
    rec = tables.host(SevenWondersDraft(game="7wonders-1e", seats=seats), "hal-phone")
    added = tables.commit(rec.id, "hal-phone", AddPlayer("Joe"))
    assert isinstance(added, Change)
    renamed = tables.commit(rec.id, "hal-phone", RenamePlayer(2, "Joe", "Jo"))
    assert isinstance(renamed, Change)
    undone = tables.revert(rec.id, "hal-phone", added.game.version)
    assert isinstance(undone, Change), undone
    assert [(s.name, s.claimable) for s in undone.game.draft.seats] == [
        (s.name, s.claimable) for s in seats]
    assert undone.game.draft.seats[free_at].coins == 4  # its city as it was
    redone = tables.revert(rec.id, "hal-phone", undone.game.version)
    assert isinstance(redone, Change), redone
    assert [s.name for s in redone.game.draft.seats] == ["Hal", "Ivy", "Jo"]


def test_two_players_the_free_city_never_comes_back_beside_three(store: Store) -> None:
    """Joe, then Kim, added to Hal and Ivy's 2-player game; Joe's arrival undone: the Free
    City would sit beside three players, a table no rule has (seed 002): refused, said."""
    from ui.entry.edits import AddPlayer

    tables = tables_for(store)
    rec = tables.host(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Hal"), SevenWondersSeat("Ivy"),
        SevenWondersSeat("Free City", free_city=True)]), "hal-phone")
    joe = tables.commit(rec.id, "hal-phone", AddPlayer("Joe"))
    assert isinstance(joe, Change)
    assert isinstance(tables.commit(rec.id, "hal-phone", AddPlayer("Kim")), Change)
    refused = tables.revert(rec.id, "hal-phone", joe.game.version)
    assert isinstance(refused, Refusal) and "only to a 2-player game" in refused.message
    # a player named as the Free City is refused as any name taken
    again = tables.host(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Hal"), SevenWondersSeat("Ivy"),
        SevenWondersSeat("Free City", free_city=True)]), "hal-phone")
    assert isinstance(tables.commit(again.id, "hal-phone", AddPlayer("free city")), Refusal)
