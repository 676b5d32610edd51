"""Screens driven in-process, what keeps a player's work safe: a game never replaced without
asking, corrections to a finished game saved again, a bad link with its way out, typed
names and numbers kept (one out of range stays typed with its reason), a paper total
cleared; and the Senate sized by the ruleset."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace

import flet as ft
import pytest

from scorer.facts import GameFacts, expansions, facts, ruleset
from scorer.ruleset import Ruleset
from ui.app import make_main
from ui.entry.draft import Draft
from ui.entry.games import as_seven_wonders, from_table, table_of
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.store.store import Store

from .flet_client import Client, label
from .game_data import SUMMARY, TABLE, VERDICT, save_finished

pytestmark = pytest.mark.asyncio


async def duel_with(c: Client, expansion: str) -> None:
    await c.go("/new")
    await c.tap("7 Wonders Duel")
    await c.tap(expansion)
    await c.type("Name 1", "Ann")
    await c.type("Name 2", "Bob")
    await c.tap("Start")
    assert c.title() == "Table"


def fields(c: Client, prefix: str) -> list[ft.TextField]:
    return [x for x in c.controls() if isinstance(x, ft.TextField)
            and str(x.label or "").startswith(prefix)]


# --- the Senate: as many Chambers as the ruleset has -----------------------------------------

async def test_senate_has_the_rulesets_chambers(store: Store) -> None:
    rules = ruleset("duel", ["agora"])
    c = await Client(make_main(store)).start()
    await duel_with(c, "Agora")
    await c.go("/game/player/0")
    assert len(fields(c, "Chamber ")) == facts(rules).chambers
    await c.type("Chamber 3", "2")  # Ann controls Chamber 3 alone: its VP
    assert c.title() == f"Ann · {rules.constants.chamber_points[2]} pts"
    saved = store.load_current()
    assert saved is not None
    chambers = facts(rules).chambers
    assert table_of(saved)["players"][0]["influence"] == [0, 0, 2] + [0] * (chambers - 3)
    assert "influence" not in table_of(saved)["players"][1]  # Bob placed none


async def test_a_short_senate_list_does_not_break_the_city(store: Store) -> None:
    draft = DuelDraft(game="duel", expansions=["agora"],
                  seats=[DuelSeat(name="Ann", influence=[1]), DuelSeat(name="Bob")])
    store.save_current(draft)
    c = await Client(make_main(store), route="/game/player/0").start()
    assert [x.value for x in fields(c, "Chamber ")][:2] == ["1", "0"]


async def test_no_senate_without_agora(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await duel_with(c, "Leaders")
    await c.go("/game/player/0")
    assert fields(c, "Chamber ") == []


# --- a finished game corrected reaches the history -------------------------------------------

async def test_a_correction_to_a_finished_game_is_saved_again(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.until(VERDICT)
    await c.tap("Finish and save")
    assert not c.has("Finish and save", exact=True)  # saved: the ways on instead
    assert store.games()[0].summary == SUMMARY
    # Cid had 8 coins, not 5: 8 // 3 = 2 treasury instead of 1, so 18 instead of 17
    await c.go("/game/player/2")
    await c.type("Coins", "8")
    saved = store.load_current()
    assert saved is not None and saved.finished is None
    await c.go("/game/pad")
    await c.tap("Finish and save")
    assert [g.summary for g in store.games()] == ["Ann 31 · Bob 31 · Cid 18"]


async def test_a_game_being_corrected_opened_again_from_history_opens_as_corrected(
        store: Store) -> None:
    """A finished game opened from History and corrected (Cid's coins 5 -> 8), then opened
    from History again: it is the game in progress, so it opens with its correction, not
    behind "Replace the game in progress?" (a walk: "Replace" would have thrown the
    correction away)."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.until(VERDICT)
    await c.tap("Finish and save")
    await c.go("/history")
    await c.until(SUMMARY)
    await c.tap("Open")
    await c.go("/game/player/2")
    await c.type("Coins", "8")
    await c.go("/history")
    await c.until(SUMMARY)
    await c.tap("Open")
    assert not c.has("Replace the game in progress?")
    saved = store.load_current()
    assert saved is not None and saved.seats[2].coins == 8


async def test_a_game_opened_again_says_no_word_of_an_earlier_action(store: Store) -> None:
    """"Saved to history." is said on the pad where Finish was tapped, once: the game opened
    again from History (its correction begins) does not say it again, nor a game imported
    earlier "Imported." (a walk read both on a game opened from History, in English under
    Vietnamese words)."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.until(VERDICT)
    await c.tap("Finish and save")
    assert c.has("Saved to history.", exact=True)
    await c.go("/history")
    await c.until(SUMMARY)
    await c.tap("Open")
    await c.go("/game/pad")
    await c.until(VERDICT)
    assert not c.has("Saved to history.", exact=True) and not c.has("Imported.", exact=True)


# --- a mistyped link -------------------------------------------------------------------------

@pytest.mark.parametrize("link", ["abc", "-1", "3", "1.5"])
async def test_a_bad_player_link_shows_the_way_out(store: Store, link: str) -> None:
    store.save_current(from_table(TABLE))  # three seats: 0, 1, 2
    c = await Client(make_main(store), route=f"/game/player/{link}").start()
    assert c.has("This link names no player of the game in progress.")
    await c.tap("Back to the table")
    assert c.title() == "Table"


# --- the game in progress is never replaced without asking -----------------------------------

def in_progress(store: Store) -> Draft:
    """An unfinished game with something entered: Zoe's coins."""
    mine = from_table(TABLE)
    mine = mine.with_seat(0, replace(mine.seats[0], name="Zoe"))
    store.save_current(mine)
    return mine


def kept(store: Store, mine: Draft) -> bool:
    now = store.load_current()
    return now is not None and now.id == mine.id and table_of(now) == table_of(mine)


@pytest.mark.parametrize("button", ["Open", "Play again"])
async def test_history_asks_before_replacing_the_game(store: Store, button: str) -> None:
    mine = in_progress(store)
    save_finished(store)
    c = await Client(make_main(store), route="/history").start()
    await c.until(SUMMARY)
    await c.tap(button)
    assert c.title() == "History"
    assert c.has("Replace the game in progress?") and c.has("Zoe, Bob, Cid")
    await c.tap("Keep my game")
    assert not c.has("Replace the game in progress?")
    assert kept(store, mine)
    await c.tap(button)
    await c.tap("Replace")
    assert c.title() == ("Score pad" if button == "Open" else "Table")
    now = store.load_current()
    assert now is not None and now.id != mine.id and now.seats[0].name == "Ann"


async def test_new_game_asks_before_replacing_the_game(store: Store) -> None:
    mine = in_progress(store)
    c = await Client(make_main(store), route="/new").start()
    for i, n in enumerate(["Ann", "Bob", "Cid"]):
        await c.type(f"Name {i + 1}", n)
    await c.tap("Start")
    assert c.title() == "New game" and c.has("Replace the game in progress?")
    await c.tap("Keep my game")
    assert kept(store, mine)
    await c.tap("Start")
    await c.tap("Replace")
    assert c.title() == "Table"
    now = store.load_current()
    assert now is not None and [s.name for s in now.seats] == ["Ann", "Bob", "Cid"]


async def test_a_game_with_only_names_is_replaced_without_asking(store: Store) -> None:
    store.save_current(SevenWondersDraft(game="7wonders-1e",
                                         seats=[SevenWondersSeat(name=n) for n in "XYZ"]))
    save_finished(store)
    c = await Client(make_main(store), route="/history").start()
    await c.until(SUMMARY)
    await c.tap("Open")
    assert c.title() == "Score pad"


async def test_a_finished_game_is_replaced_without_asking(store: Store) -> None:
    done = replace(from_table(TABLE), finished=1_700_000_000.0)
    store.save_current(done)
    c = await Client(make_main(store), route="/import").start()
    await c.type("Paste a table file (JSON)", json.dumps(TABLE))
    await c.tap("Import")
    assert c.title() == "Table"


# --- rule facts come from the rulesets -------------------------------------------------------

def start_button(c: Client) -> ft.FilledButton:
    button: ft.FilledButton = c.find("Start", ft.FilledButton)
    return button


async def test_switching_game_keeps_typed_names_and_checks_the_count(store: Store) -> None:
    duel = ruleset("duel").constants
    base = ruleset("7wonders-1e").constants
    c = await Client(make_main(store), route="/new").start()
    names = ["Ann", "Bob", "Cid"][:base.min_players]
    for i, n in enumerate(names):
        await c.type(f"Name {i + 1}", n)
    await c.tap("7 Wonders Duel")
    if len(names) > duel.max_players:  # typed names are never dropped: Start waits
        assert [str(f.value) for f in fields(c, "Name ")] == names
        assert start_button(c).disabled
        assert c.has(f"This game is for {duel.min_players} players.")
        for _ in range(len(names) - duel.max_players):
            removes = [x for x in c.controls()
                       if isinstance(x, ft.IconButton) and label(x).startswith("Remove ")]
            await c.tap_control(removes[-1])
    assert not start_button(c).disabled
    await c.tap("7 Wonders 1st edition")  # too few names for it now: a row to fill
    assert len(fields(c, "Name ")) == base.min_players
    assert start_button(c).disabled
    for i in range(duel.max_players, base.min_players):
        await c.type(f"Name {i + 1}", f"P{i}")
    assert not start_button(c).disabled


async def test_typed_names_kept_when_a_render_comes_between_their_keys_and_change(
        store: Store) -> None:
    """A name's keys reach the server in two messages: the field's new text (applied at
    once) and its change (handled in a task of its own, later). On a loaded server a
    render another event asked for (the field left before, its buttons renamed) can come
    between them: it rendered the row with the screen's text, "" as the change was not
    handled yet, so the server's copy of the field and the phone's field were set back
    to "", the change then read "" and Start stayed disabled, the name shown nowhere
    (full browser runs at load ~10: twice in ~8)."""
    c = await Client(make_main(store), route="/new").start()
    session = c.session
    assert session is not None
    await c.type_only("Name 1", "Ann")
    first, second = c.find("Name 1", ft.TextField), c.find("Name 2", ft.TextField)
    # Name 1 left: its row's buttons say "Ann" in the render that comes next ...
    await session.dispatch_event(first._i, "blur", None)
    # ... and Name 2's text arrives before that render, its change after it
    session.apply_patch(second._i, {"value": "Bob"})
    await c.idle()
    assert c.find("Name 2", ft.TextField).value == "Bob"  # not set back by the render
    await session.dispatch_event(second._i, "change", "Bob")
    await c.type("Name 3", "Cid")
    assert [str(f.value) for f in fields(c, "Name ")] == ["Ann", "Bob", "Cid"]
    assert not start_button(c).disabled
    await c.tap("Start")
    assert c.title() == "Table"
    started = store.load_current()
    assert started is not None and [s.name for s in started.seats] == ["Ann", "Bob", "Cid"]


async def test_rules_list_every_expansion_without_a_game(store: Store) -> None:
    rules = ruleset("duel", expansions("duel"))  # no game in progress: every expansion
    c = await Client(make_main(store), route="/rules").start()
    await c.tap("7 Wonders Duel")
    leader = rules.leaders.names()[0]
    await c.type("Search", leader)
    assert c.has(leader)


async def test_cards_of_a_colour_not_in_the_order_are_shown(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.screens import city_cards

    rules = ruleset("duel", ["agora"])
    unlisted = [c.name for c in rules.cards.values() if c.colour == "none"]
    assert unlisted  # Agora's Senators
    real = facts

    def without_none(r: Ruleset) -> GameFacts:  # a ruleset whose order forgot a colour
        got = real(r)
        return dataclasses.replace(got, colour_order=tuple(
            x for x in got.colour_order if x != "none"))

    monkeypatch.setattr(city_cards, "facts", without_none)
    store.save_current(DuelDraft(game="duel", expansions=["agora"],
                             seats=[DuelSeat(name="Ann"), DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    for name in unlisted:
        c.find(name)


# --- typed numbers: never ignored in silence, never saved as something else ------------------

async def test_a_number_out_of_range_stays_typed_with_the_reason(store: Store) -> None:
    gizah = ruleset("7wonders-1e").wonders.get("Gizah")
    assert gizah is not None
    stages = len(gizah.sides["A"].stages)
    store.save_current(from_table(TABLE))  # Ann: Gizah A, 2 stages built
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.type("Stages built", str(stages + 1))
    field = c.find("Stages built", ft.TextField)
    assert field.value == str(stages + 1)
    assert field.error == f"A whole number from 0 to {stages}"
    saved = store.load_current()
    assert as_seven_wonders(saved).seats[0].stages == 2  # the number kept as it was
    await c.tap("Altar")  # another change re-draws the screen: what was typed stays
    field = c.find("Stages built", ft.TextField)
    assert (field.value, field.error) == (str(stages + 1), f"A whole number from 0 to {stages}")
    await c.step("Stages built", 1)  # a button takes over from the stepper's value
    field = c.find("Stages built", ft.TextField)
    assert (field.value, field.error) == ("3", None)


async def test_clearing_a_paper_total_removes_it(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.tap("Paper totals")
    await c.type("Wonders", "3")
    saved = store.load_current()
    assert saved is not None and saved.seats[2].typed == {"wonders": 3}
    await c.type("Wonders", "x")  # not a number: said so, the total kept
    assert c.find("Wonders", ft.TextField).error == "A whole number from 0 to 300"  # paper_row_most
    saved = store.load_current()
    assert saved is not None and saved.seats[2].typed == {"wonders": 3}
    await c.type("Wonders", "")
    saved = store.load_current()
    assert saved is not None and saved.seats[2].typed == {}
    assert c.find("Wonders", ft.TextField).value == ""
