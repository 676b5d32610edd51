"""What the server lets go of at a long quiet (`ui.web.collector.let_go_when_quiet`): the
games in progress kept in memory and the engine's verdicts; both are made again from the
store and the draft when next needed, so a game goes on as if nothing happened."""

from __future__ import annotations

from ui.entry.edits import SetSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import Change, Tables
from ui.session import verdicts
from ui.store.store import Store


def test_a_game_goes_on_after_its_copy_in_memory_is_let_go(store: Store) -> None:
    """Ann's coins 5, the games in memory let go, then 5 -> 7: the second change is made
    to the game read from the store (its `was` of 5 checked against it), saved, and
    the game's version counts both changes."""
    tables = Tables(store)
    game = tables.host(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat(name="Ann"), SevenWondersSeat(name="Bob"),
        SevenWondersSeat(name="Cid")]), "ann-phone")
    first = tables.commit(game.id, "ann-phone", SetSeat(0, "Ann", "coins", 5, (0,)))
    assert isinstance(first, Change)
    tables.forget_games()
    assert not tables._games
    second = tables.commit(game.id, "ann-phone", SetSeat(0, "Ann", "coins", 7, (5,)))
    assert isinstance(second, Change)
    saved = store.live(game.id)
    assert saved is not None and saved.draft.seats[0].coins == 7
    assert saved.version == game.version + 2
    # a change made to a value another phone changed meanwhile is still refused
    stale = tables.commit(game.id, "ann-phone", SetSeat(0, "Ann", "coins", 9, (5,)))
    assert not isinstance(stale, Change)


def test_verdicts_let_go_are_made_again_the_same() -> None:
    """Ann's Altar (2 civilian VP, rules_multiplayer.md): the verdict made again after the
    cache was let go says the same 2 points."""
    draft = SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat(name="Ann", cards=["Altar"]), SevenWondersSeat(name="Bob"),
        SevenWondersSeat(name="Cid")])
    before = verdicts.evaluate(draft, "en").total(0)
    assert (draft, "en") in verdicts._VERDICTS
    verdicts.forget_verdicts()
    assert not verdicts._VERDICTS
    assert verdicts.evaluate(draft, "en").total(0) == before == 2


def test_letting_go_never_waits_on_a_change_under_way(store: Store) -> None:
    """The collector's round runs on the event loop: while another thread holds the games'
    lock (a change being saved), letting go returns at once and keeps the games (the next
    quiet lets go); once the lock is free, it lets go."""
    import threading

    tables = Tables(store)
    game = tables.host(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat(name="Ann"), SevenWondersSeat(name="Bob"),
        SevenWondersSeat(name="Cid")]), "ann-phone")
    held, release = threading.Event(), threading.Event()

    def saving() -> None:
        with tables._lock:
            held.set()
            release.wait(5)
    worker = threading.Thread(target=saving)
    worker.start()
    held.wait(5)
    tables.forget_games()  # would block here for 5 s if it waited
    assert game.id in tables._games
    release.set()
    worker.join()
    tables.forget_games()
    assert not tables._games
