"""Screens, navigation and state of the app, driven in-process (no browser)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import flet as ft
import pytest

from scorer.facts import facts, ruleset
from scorer.i18n import language
from ui.app import make_main
from ui.entry.export import result_csv
from ui.entry.games import from_table, read_draft, table_of
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.session.verdicts import evaluate
from ui.store.store import Store
from ui.web.browser import FEATURES_KEY

from .flet_client import Client, walk
from .flet_client import label as words_of
from .game_data import (
    CATEGORIES,
    DUEL_CONFLICT,
    DUEL_PLAYERS,
    DUEL_VERDICT_PARTS,
    PLAYERS,
    SUMMARY,
    TABLE,
    VERDICT,
    save_finished,
)

pytestmark = pytest.mark.asyncio


async def scenario_city(store: Store, *path: str) -> Client:
    """The first player's city of a scenario file's table, as the game in progress."""
    store.save_current(from_table(scenario_table(*path)))
    return await Client(make_main(store), route="/game/player/0").start()


def scenario_table(*path: str) -> dict[str, Any]:
    """The table of a scenario file (tests/scenarios/...): a screen shows what the
    scenario's expected result was worked out for."""
    scenario = Path(__file__).parents[1] / "scenarios" / Path(*path)
    return cast(dict[str, Any], json.loads(scenario.read_text())["table"])


async def new_game(c: Client, names: list[str], game: str = "7 Wonders 1st edition") -> None:
    await c.go("/")
    await c.tap("New game")
    await c.tap(game)
    for i, n in enumerate(names):
        await c.type(f"Name {i + 1}", n)
    await c.tap("Start")
    assert c.title() == "Table"


async def pick_boards(c: Client, boards: list[str]) -> None:
    for i, board in enumerate(boards):
        await c.go(f"/game/player/{i}")
        await c.tap(board)


async def enter_city(c: Client, index: int, p: dict[str, Any]) -> None:
    await c.go(f"/game/player/{index}")
    await c.tap(p["board"])
    await c.type("Stages built", str(p["stages"]))
    await c.type("Coins", str(p["coins"]))
    for label, n in p["tokens"].items():
        await c.type(label, str(n))
    await c.tap_identifier("age-0")  # All Ages: the city opens on Age I
    for card in p["cards"]:
        await c.tap(card)


async def test_complete_game_by_tapping(store: Store) -> None:
    c = await Client(make_main(store)).start()
    assert c.title() == "Wonders Score Pad"
    await new_game(c, ["Ann", "Bob", "Cid"])
    for i, p in enumerate(PLAYERS):
        await enter_city(c, i, p)
        # the running total of this player is on screen, in the title and big
        assert c.title() == f"{p['name']} · {p['total']} pts"
    await c.go("/game/pad")
    assert c.has(VERDICT, exact=True)
    # score pad column per player: every category cell, then the total (game_data arithmetic)
    for p in PLAYERS:
        for category, points in CATEGORIES[p["name"]].items():
            assert c.cell(f"cell-{p['name']}-{category}") == str(points)
        assert c.cell(f"total-{p['name']}") == str(p["total"])
    # tap Bob's science cell: the lines say why 18
    cell = c.find("18", ft.Container)
    await c.tap_control(cell)
    assert c.has("Points for Bob · Science")
    # a line starts with a capital, as "Altar: 2" beside it (the engine's "science
    # symbols" sits inside its sentences in lower case)
    assert c.has("Science symbols: 18")
    # the lines open right under the row tapped (issue 31: below the whole pad and its
    # legend, off screen): after Bob's science cell, before the totals
    order = [getattr(x, "identifier", None) or getattr(x, "value", None) for x in c.controls()]
    assert order.index("cell-Bob-science") < order.index("Points for Bob · Science") \
        < order.index("total-Ann"), order
    await c.tap_identifier("cell-Ann-military")
    order = [getattr(x, "identifier", None) or getattr(x, "value", None) for x in c.controls()]
    assert order.index("cell-Cid-military") < order.index("Points for Ann · Military") \
        < order.index("cell-Ann-treasury"), order
    # finish: saved to history
    await c.tap("Finish and save")
    assert c.has("Saved to history.")
    assert store.games()[0].summary == SUMMARY


async def test_running_total_updates_on_every_tap(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await new_game(c, ["Ann", "Bob", "Cid"])
    await pick_boards(c, ["Gizah", "Babylon", "Rhodos"])
    await c.go("/game/player/0")
    assert c.title() == "Ann · 0 pts"
    await c.tap("Altar")  # 2 VP
    assert c.title() == "Ann · 2 pts"
    await c.tap_identifier("age-3")
    await c.tap("Pantheon")  # 7 VP: 2 + 7 = 9
    assert c.title() == "Ann · 9 pts"
    await c.tap_identifier("age-1")
    await c.tap("Altar")  # untap: 7
    assert c.title() == "Ann · 7 pts"
    await c.type("Coins", "6")  # 6 // 3 = 2 more: 9
    assert c.title() == "Ann · 9 pts"
    # a card held by another city is shown as taken (1 copy at 3 players)
    await c.go("/game/player/1")
    await c.tap_identifier("age-3")
    taken = c.find("Pantheon (taken)")
    assert taken.disabled


async def test_problems_shown_next_to_the_field_and_never_final(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await new_game(c, ["Ann", "Bob", "Cid"])
    await c.go("/game/player/0")
    # no wonder yet: the engine's message is on the player's screen, a sentence (the
    # engine writes it to follow "where: " on the command line)
    assert c.has("The wonder board must not be empty.", exact=True)
    # nothing entered yet: 0 points so far, the missing board set aside
    assert c.title() == "Ann · 0 pts"
    assert c.has("not final · 1 problem", exact=True)  # her own board missing
    await c.tap("Gizah")  # hers is complete now: the problems are Bob's and Cid's boards
    assert c.has("not final · problems at Bob, Cid", exact=True)
    await c.go("/game/pad")
    assert c.has("Fix these first")
    assert c.has("Bob: The wonder board must not be empty")
    assert not c.has("wins")
    assert not any(label == "Finish and save" for label in c.texts())


async def test_impossible_tokens_message(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await new_game(c, ["Ann", "Bob", "Cid"])
    await pick_boards(c, ["Gizah", "Babylon", "Rhodos"])
    await c.go("/game/player/1")
    await c.type("-1", "7")  # two neighbours x three Ages: at most 6 defeats
    assert c.has("defeat tokens: at most 6")
    # the tokens count at face value while the table is impossible, never as final
    assert c.title() == "Bob · -7 pts"
    assert c.has("not final")
    await c.go("/game/pad")
    assert c.has("Totals so far (not final)")
    assert c.has("Bob: -7 pts", exact=True)
    assert not c.has("wins")


async def test_game_survives_a_restart(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await new_game(c, ["Ann", "Bob", "Cid"])
    await enter_city(c, 0, PLAYERS[0])
    # a new tab (or a restarted server): same store, nothing lost
    again = await Client(make_main(Store(store.path))).start()
    assert again.has("Game in progress")
    await again.tap("Continue game")
    assert again.title() == "Table"
    await again.go("/game/player/0")
    await again.tap_identifier("age-3")
    assert again.find("Pantheon").data.selected  # the chip of a held card (filled)


async def test_deep_link_and_back(store: Store) -> None:
    store.save_current(from_table(TABLE))
    code = store.current_game().code  # type: ignore[union-attr]
    c = await Client(make_main(store), route=f"/g/{code}/player/2").start()
    assert c.title() == "Cid · 17 pts"
    assert [v.route for v in c.views()] == ["/", f"/g/{code}", f"/g/{code}/player/2"]
    await c.back()
    assert c.title() == "Table"
    await c.back()
    assert c.title() == "Wonders Score Pad"


async def test_a_link_from_before_game_addresses_goes_on_to_the_game(store: Store) -> None:
    store.save_current(from_table(TABLE))
    code = store.current_game().code  # type: ignore[union-attr]
    c = await Client(make_main(store), route="/game/player/2").start()
    assert c.page.route == f"/g/{code}/player/2"
    assert c.title() == "Cid · 17 pts"
    assert [v.route for v in c.views()] == ["/", f"/g/{code}", f"/g/{code}/player/2"]
    await c.go("/game/pad")
    assert c.page.route == f"/g/{code}/pad"


@pytest.mark.parametrize("route", ["/game", "/game/pad", "/game/player/0"])
async def test_a_stale_link_without_a_game_offers_a_way_out(store: Store, route: str) -> None:
    c = await Client(make_main(store), route=route).start()
    assert c.has("No game in progress")
    await c.tap("New game")
    assert c.views()[-1].route == "/new"


async def test_pad_lines_close_by_escape_or_their_close_button(store: Store) -> None:
    """A pad cell's lines close as a dialog does: Escape on a keyboard (a walk's finding:
    only a second tap on the cell closed them), or a Close button a screen reader finds
    by its name; Escape with nothing open changes nothing."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    assert c.session is not None
    page = c.session.page

    async def escape() -> None:
        assert c.session is not None
        await c.session.dispatch_event(page._i, "keyboard_event", {
            "key": "Escape", "shift": False, "ctrl": False, "alt": False, "meta": False})
        await c.idle()

    await c.tap_identifier("cell-Bob-science")
    assert c.has("Points for Bob · Science")
    # its Close says which row; each line's title is read with its points (a walk heard
    # "Baths: 3 3 points, as printed"); game_data.py: Bob's science 18 (1 + 1 + 9 + 7)
    assert c.find("Close the points for Bob · Science") is not None
    said = {str(t.semantics_label) for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.semantics_label}
    assert any(s.endswith(", 18 points") for s in said), said
    await escape()
    assert not c.has("Points for Bob")
    await escape()
    assert not c.has("Points for Bob")
    await c.tap_identifier("total-Ann")
    assert c.has("Points for Ann")
    await c.tap("Close the points for Ann")
    assert not c.has("Points for Ann")
    await c.tap_identifier("cell-Bob-science")  # and they open again
    assert c.has("Points for Bob · Science")


async def test_paper_totals_mix_with_detailed_players(store: Store) -> None:
    draft = from_table(TABLE)
    store.save_current(draft)
    c = await Client(make_main(store), route="/game/player/2").start()
    await c.tap("Paper totals")
    # Cid keeps coins and tokens (treasury 1, military 10); types the rest from paper
    await c.type("Wonders", "3")
    await c.type("Commercial", "3")
    assert c.title() == "Cid · 17 pts"  # 10 + 1 + 3 + 3
    # science calculator: 2 compass, 2 gear, 1 tablet, 1 wildcard -> tablet:
    # 4 + 4 + 4 + 7 x 2 sets = 26
    await c.type("Compass", "2")
    await c.type("Gear", "2")
    await c.type("Tablet", "1")
    await c.type("Wildcards", "1")
    await c.tap("Use 26 pts")
    assert c.title() == "Cid · 43 pts"  # 17 + 26
    await c.go("/game/pad")
    # Cid 43 beats Ann 31 and Bob 31
    assert c.has("Cid wins with 43 points.", exact=True)


async def test_history_delete_undo_and_play_again(store: Store) -> None:
    save_finished(store)
    c = await Client(make_main(store), route="/history").start()
    assert c.has(SUMMARY, exact=True)
    await c.tap("Delete")
    assert c.has("Deleted: Ann 31 · Bob 31 · Cid 17")
    assert store.games() == []
    await c.tap("Undo")
    assert c.has(SUMMARY, exact=True)
    await c.tap("Play again")
    assert c.title() == "Table"
    await c.go("/game/player/0")
    # same seat and wonder, empty city: Gizah A with nothing built scores 0
    assert c.title() == "Ann · 0 pts"
    await c.go("/history")
    await c.tap("Open")
    # the game played again has its wonders on the table: replacing it is asked first
    await c.tap("Replace")
    assert c.title() == "Score pad"
    assert c.has(VERDICT, exact=True)


async def test_import_and_export(store: Store) -> None:
    c = Client(make_main(store), route="/import")
    assert c.storage is not None  # an https page that may copy (ui/web/browser.py)
    c.storage[FEATURES_KEY] = json.dumps({"secure": True, "copy_text": True})
    await c.start()
    await c.type("Paste a table file (JSON)", "{not json")
    await c.tap("Import")
    assert c.has("not valid JSON: Expecting property name enclosed in double quotes at line 1, "
                 "column 2")
    bad = json.loads(json.dumps(TABLE))
    bad["players"][0]["coinz"] = 3
    await c.type("Paste a table file (JSON)", json.dumps(bad))
    await c.tap("Import")
    assert c.has('Ann: "coinz" is not a field of the format')  # her name, not players[0]
    await c.type("Paste a table file (JSON)", json.dumps(TABLE))
    await c.tap("Import")
    assert c.title() == "Table"
    await c.go("/game/export")
    fields = [x for x in c.controls() if isinstance(x, ft.TextField)]
    exported = json.loads(fields[0].value or "")
    assert exported == {**TABLE, "expansions": []}
    assert fields[1].value.splitlines()[1:] == [
        # the last column: the rows that may be more (none: every count is sure)
        "Ann,1,7,2,8,14,0,0,0,31,", "Bob,2,-5,1,10,7,18,0,0,31,", "Cid,3,10,1,3,0,0,3,0,17,"]
    assert VERDICT in (fields[2].value or "")
    await c.tap_control(c.find("Copy"))
    assert c.conn is not None and any(name == "set" or "clipboard" in name.lower()
                                      for name, _ in c.conn.invoked)


async def test_setup_reorders_and_remembers_names(store: Store) -> None:
    store.remember(["Zoe"])
    c = await Client(make_main(store), route="/new").start()
    await c.type("Name 1", "Ann")
    await c.type("Name 2", "Bob")
    await c.tap("Zoe")  # fills the first empty seat
    await c.tap("Move Bob up")  # Bob, Ann, Zoe
    await c.tap("Start")
    assert store.load_current() is not None
    assert [s.name for s in store.load_current().seats] == ["Bob", "Ann", "Zoe"]  # type: ignore[union-attr]


async def test_rules_reference_and_what_if(store: Store) -> None:
    draft = replace(from_table(TABLE), expansions=["leaders"])
    store.save_current(draft)
    c = await Client(make_main(store), route="/rules").start()
    await c.type("Search", "Scientists")
    assert c.has("Scientists Guild")
    # the guild's wildcard would give Bob: compass 1, gear 1, tablet 2 and two wildcards
    # -> tablet 4: 1 + 1 + 16 + 7 = 25, or 2/2/2: 4+4+4 + 14 = 26 -> 26 - 18 = +8
    await c.tap("Bob")
    await c.tap("What would it score for Bob?")
    assert c.has("Scientists Guild would score +8 for Bob")


async def test_duel_game_is_offered_when_its_ruleset_exists(store: Store) -> None:
    from scorer.facts import games

    c = await Client(make_main(store), route="/new").start()
    titles = [words_of(x) for x in c.controls()]  # the games: radio buttons, by their words
    assert ("duel" in games()) == any("Duel" in t for t in titles)


@pytest.mark.filterwarnings("ignore::pytest.PytestWarning")
def test_draft_round_trip() -> None:
    d = SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat(name="Ann", cards=["Altar"], typed={"wonders": 3})])
    assert read_draft(d.to_json()) == d
    assert table_of(from_table(table_of(d))) == table_of(d)


async def test_duel_game_by_tapping(store: Store) -> None:
    c = await Client(make_main(store)).start()
    await new_game(c, ["Ann", "Bob"], game="7 Wonders Duel")
    await c.type("Spaces from the centre", str(DUEL_CONFLICT["spaces"]))
    await c.tap(f"{DUEL_CONFLICT['toward']}'s side")
    for i, p in enumerate(DUEL_PLAYERS):
        await c.go(f"/game/player/{i}")
        await c.type("Coins", str(p["coins"]))
        await c.tap_identifier("age-0")  # All Ages: the city opens on Age I
        for name in [*p["wonders"], *p["progress"], *p["cards"]]:
            await c.tap(name)
        assert c.title() == f"{p['name']} · {p['total']} pts"
    await c.go("/game/pad")
    verdict = [t for t in c.texts() if "tie on" in t]
    assert verdict and all(part in verdict[0] for part in DUEL_VERDICT_PARTS), verdict


@pytest.mark.parametrize("route", ["/nonsense", "/g/ACDE/nonsense"])
async def test_an_address_the_app_does_not_have_says_so(store: Store, route: str) -> None:
    c = await Client(make_main(store), route=route).start()
    assert c.has("This app has no such page")
    await c.tap("Home")
    assert c.title() == "Wonders Score Pad"


async def test_pad_keyboard_let_go_once_another_screen_shows(store: Store) -> None:
    """Opened from an old `/game/pad` link, the pad's clean-up did not run when the table
    showed (a review's finding): its Escape handler stayed, closing lines on other
    screens, and the browser went on sending every key to the server. The first key after
    the pad is left lets go of the keyboard and changes nothing."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    assert c.session is not None
    page = c.session.page
    await c.tap_identifier("cell-Bob-science")
    await c.go(c.session.page.route.removesuffix("/pad"))
    await c.session.dispatch_event(page._i, "keyboard_event", {
        "key": "Escape", "shift": False, "ctrl": False, "alt": False, "meta": False})
    await c.idle()
    assert page.on_keyboard_event is None


async def test_pad_names_pantheons_purple_row_the_grand_temples(store: Store) -> None:
    """Duel + Pantheon: the Grand Temples take the Guilds' place (duel-pantheon.md §2-3),
    so the purple row is named for them on the pad, its cell and the result's CSV ("Grand
    Temples", Vietnamese "Đại Đền thờ"; a walk read "Guilds" beside their lines); the
    result's data keep the format's `guilds` key. Bob's 2 temples: 12 (sheet §3)."""
    scenario = Path(__file__).parent.parent / "scenarios" / "duel" / "pantheon" / \
        "grand-temples-by-count.json"
    table = json.loads(scenario.read_text(encoding="utf-8"))["table"]
    store.save_current(from_table(table))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.until("Grand Temples")
    assert c.has("Grand Temples", exact=True) and not c.has("Guilds", exact=True)
    said = [str(t.semantics_label) for t in walk(c.top())
            if isinstance(t, ft.Text) and t.semantics_label]
    assert any(s.startswith("Bob, Grand Temples: 12") for s in said), said
    draft = store.load_current()
    assert draft is not None
    got = evaluate(draft).result
    assert got is not None and got.players[1].categories["guilds"] == 12
    header = result_csv(got, None, draft.facts.category_words).splitlines()[0]
    assert "Grand Temples" in header and "Guilds" not in header
    with language("vi"):
        assert facts(ruleset("duel", ["pantheon"])).category_words == {"guilds": "Đại Đền thờ"}


async def test_problems_read_as_sentences_and_keep_a_players_name_as_typed() -> None:
    """A problem under its field reads as a sentence: it starts with a capital letter
    (issue 31: "the pawn stands ..." read as a sentence cut off) and ends with a full stop
    (a walk: the pawn's message ended without one, beside the screens' own sentences), but
    a message that starts with a player's name keeps the name as typed: "ann" stays
    "ann"; one that ends with a question ("did you mean ...?") gets no stop after it."""
    from scorer.problems import problem
    from ui.session.verdicts import _as_sentence

    said = problem("pawn-direction", "the pawn is 3 spaces from the centre")
    assert _as_sentence(said, ("Ann",)).message == "The pawn is 3 spaces from the centre."
    named = problem("too-many-cards", "ann's city holds 19 cards")
    assert _as_sentence(named, ("ann", "Bob")).message == "ann's city holds 19 cards."
    asked = problem("unknown-name", 'no card "Lumbr Yard"; did you mean "Lumber Yard"?')
    assert _as_sentence(asked, ()).message == 'No card "Lumbr Yard"; did you mean "Lumber Yard"?'
    quoted = problem("unknown-name", 'no card "Zzz"')
    assert _as_sentence(quoted, ()).message == 'No card "Zzz".'
    assert _as_sentence(said, ()).code == "pawn-direction"


async def test_paper_debt_is_typed_as_a_loss(store: Store) -> None:
    """Cities' debt is a loss (cities.md §1-2: each debt token costs its face in points):
    a paper pad's Debt row of 3 took Dan's total up by 3 (a walk: 69 -> 72, and "-3"
    could not be typed). The row now takes -300 to 0 (rulesets `paper_row_range`): "3" is
    refused with its bounds said and nothing saved, "-3" takes 3 points off. Ann on paper
    with coins 6 (6 // 3 = 2 treasury) and Civilian 10 typed: 12, then 12 - 3 = 9."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann", board="Gizah", coins=6), SevenWondersSeat("Bob"),
        SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap("Paper totals")
    await c.type("Civilian", "10")
    assert c.title() == "Ann · 12 pts"
    await c.type("Debt", "3")
    assert c.find("Debt", ft.TextField).error == "A whole number from -300 to 0"
    saved = store.load_current()
    assert saved is not None and "debt" not in saved.seats[0].typed
    assert c.title() == "Ann · 12 pts"
    await c.type("Debt", "-3")
    assert c.title() == "Ann · 9 pts"
    saved = store.load_current()
    assert saved is not None and saved.seats[0].typed["debt"] == -3


async def test_paper_debt_sign_button_turns_what_a_minus_less_keypad_typed(
        store: Store) -> None:
    """An iPhone's number pad has no minus key: a walk could not type a Debt of -3. The
    row's sign button turns what the field shows, taken as if typed: "3" refused, then the
    button saves -3 (cities.md §1-2, a loss); again, 3 is refused as typed (a Debt row
    takes -300 to 0) and -3 stays. Ann: coins 6 // 3 = 2 + Civilian 10 = 12, 12 - 3 = 9."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann", board="Gizah", coins=6), SevenWondersSeat("Bob"),
        SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    await c.tap("Paper totals")
    assert not c.has("Civilian for Ann: change the sign (a loss or a gain)")  # 0 to 300
    await c.type("Civilian", "10")
    await c.type("Debt", "3")
    assert c.find("Debt", ft.TextField).error == "A whole number from -300 to 0"
    await c.tap("Debt for Ann: change the sign (a loss or a gain)")
    assert c.title() == "Ann · 9 pts"
    saved = store.load_current()
    assert saved is not None and saved.seats[0].typed["debt"] == -3
    assert c.find("Debt", ft.TextField).error is None
    await c.tap("Debt for Ann: change the sign (a loss or a gain)")
    assert c.find("Debt", ft.TextField).error == "A whole number from -300 to 0"
    saved = store.load_current()
    assert saved is not None and saved.seats[0].typed["debt"] == -3
    assert c.title() == "Ann · 9 pts"


async def test_paper_debt_above_zero_saved_before_is_said_not_scored(store: Store) -> None:
    """A game saved before the Debt row took only losses (a walk's Dan: Debt 3 typed, +3
    scored) is never silently wrong: the city's paper section says the row's bounds and
    the minus sign, and the game is not final until it is typed again."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann", board="Gizah", coins=6, quick=True, typed={"debt": 3}),
        SevenWondersSeat("Bob", board="Rhodos"), SevenWondersSeat("Cid", board="Babylon")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    said = ("Debt typed from the paper pad is 3; that row takes -300 to 0 (a loss, typed "
            "with a minus sign: -3).")
    assert c.has(said, exact=True)
    texts = c.texts()  # right under the rows, not under the calculator (a walk: off screen)
    assert texts.index(said) < texts.index("Science calculator"), texts
    assert c.has("not final · 1 problem", exact=True)
    await c.type("Debt", "-3")
    assert not c.has("Debt typed from the paper pad is 3")


async def test_paper_neighbour_totals_that_may_be_short_say_so(store: Store) -> None:
    """Ann's Magistrates Guild counts the blue cards of Dan, who counted on paper: her
    total may be short. A walk read "52 pts" on the table beside the pad's "≥ 52", and a
    verdict for Dan that Ann's unknown count could overturn. The table's line says "≥" and
    the pad's verdict says it is not sure (scenarios/7wonders/base-1e/guild-magistrates-
    beside-a-paper-player.json: Ann Altar 2 + Magistrates ≥ 3 = ≥ 5; Bob wins with 12)."""
    store.save_current(from_table(scenario_table(
        "7wonders", "base-1e",
        "guild-magistrates-beside-a-paper-player.json")))
    c = await Client(make_main(store), route="/game").start()
    assert c.has("\u2265 5 pts", exact=True) and c.has("12 pts", exact=True)
    # said as the pad says it (a walk heard "≥ 15 pts" on the table, "at least" on the pad)
    assert {t.semantics_label for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.value in ("\u2265 5 pts", "12 pts")} == {"at least 5 points", "12 points"}
    assert c.has("Rhodos, Side A · paper", exact=True)  # Dan's line: his board, then paper
    pad = await Client(make_main(store), route="/game/pad").start()
    assert pad.has("Bob wins with 12 points. Not sure: Ann may have more (a count marked "
                   "\u2265), which could change the winner.", exact=True)


async def test_paper_duel_players_line_has_no_stray_separator(store: Store) -> None:
    """A Duel line has no board: a paper player's line read " · paper" (a walk)."""
    store.save_current(from_table(scenario_table(
        "duel",
        "paper-player-tiebreak-on-typed-civilian.json")))
    c = await Client(make_main(store), route="/game").start()
    assert c.has("paper", exact=True) and not c.has(" · paper", exact=True)


async def test_paper_neighbours_guild_can_be_named_for_olympia(store: Store) -> None:
    """Ann's Olympia B copies a guild; Bob, next to her, counted on paper, so the engine
    cannot see his guilds and picks none (a review: the app offered nothing to name). The
    city offers the game's guilds that no city entered card by card holds; naming one
    scores it as entered (scenarios/7wonders/base-1e/olympia-b-pick-beside-a-paper-player-
    may-be-short.json: Ann 5 + 2 = 7; with the Magistrates Guild copied, Cid's Theater 1
    and Bob's unknown: ≥ 8)."""
    c = await scenario_city(store, "7wonders", "base-1e",
                            "olympia-b-pick-beside-a-paper-player-may-be-short.json")
    assert c.title() == "Ann · \u2265 7 pts"
    assert c.has("the guilds of Bob are not known", exact=False)
    await c.tap("Magistrates Guild")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].choices == {"copied_guild": "Magistrates Guild"}
    assert c.title() == "Ann · \u2265 8 pts"


async def test_olympias_copy_of_the_courtesans_guild_offers_the_leaders(store: Store) -> None:
    """Ann's Olympia B copies Bob's Courtesans Guild, whose copy copies a leader of Ann's
    neighbours (it scored nothing before). The engine picks Cid's Cleopatra (stage 2: 5 +
    5 = 10: scenarios/7wonders/leaders/olympia-b-copies-the-courtesans-guild.json); the
    city offers Bob's Sappho too, and a tap on it is the table's choice (5 + 2 = 7)."""
    c = await scenario_city(store, "7wonders", "leaders",
                            "olympia-b-copies-the-courtesans-guild.json")
    assert c.title() == "Ann · 10 pts"
    assert c.has("Cleopatra (picked as the best of 2 for Ann)", exact=True)
    assert c.has("Courtesans Guild (picked as the best of 2 for Ann)", exact=True)
    assert not c.holds("Cleopatra") and not c.holds("Sappho")  # neither the table's word
    await c.tap("Sappho")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].choices == {"courtesan": "Sappho"}
    assert c.title() == "Ann · 7 pts"
    # the guild follows from the leader entered, in a player's words (a walk read "its
    # Courtesan's leader as entered", and "the best of 1")
    assert c.has("Courtesans Guild (as Sappho is entered under its Courtesan)", exact=True)
    assert c.holds("Sappho") and c.holds("The best for this player (the score pad picks)")


async def test_a_refused_courtesan_beside_another_copied_guild_keeps_every_option(
        store: Store) -> None:
    """Ann's Olympia B copies Cid's Workers Guild, her Courtesan's leader is Sappho: the
    Workers Guild copies no leader, and the refusal says what to let go of (a walk read
    "remove this choice" beside two choices). The city still offers every guild and leader
    next door (the guilds shrank to the refused one), the pad leads to Ann's city (it led
    to the table); the Courtesans Guild tapped, Ann scores 5 + 2 = 7
    (scenarios/7wonders/leaders/olympia-b-copies-the-courtesans-guild-onto-the-leader-
    entered.json)."""
    table = scenario_table("7wonders", "leaders", "olympia-b-copies-the-courtesans-guild.json")
    table["players"][0]["choices"] = {"copied_guild": "Workers Guild", "courtesan": "Sappho"}
    store.save_current(from_table(table))
    pad = await Client(make_main(store), route="/game/pad").start()
    await pad.tap("Fix Ann's city")
    assert pad.page.route.endswith("/player/0")
    c = await Client(make_main(store), route="/game/player/0").start()
    assert c.has("Olympia copies the Workers Guild, which copies no leader: let go of Sappho "
                 "under the Courtesan.", exact=True)
    assert c.holds("Workers Guild") and c.holds("Sappho")
    assert c.find("Courtesans Guild") is not None and c.find("Cleopatra") is not None
    await c.tap("Courtesans Guild")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].choices == {
        "copied_guild": "Courtesans Guild", "courtesan": "Sappho"}
    assert c.title() == "Ann · 7 pts"


async def test_pad_problems_of_the_whole_game_lead_to_the_table(store: Store) -> None:
    """A problem of the game as a whole (more guilds than the game has, at `players`: no
    one city's) is fixed on the table: the pad offers the table for it beside the city of
    a problem about one player (a review: only the cities were offered then)."""
    table = scenario_table("7wonders", "validation", "too-many-guilds.json")
    table["players"][0]["coins"] = -3  # Ann's own problem
    store.save_current(from_table(table))
    pad = await Client(make_main(store), route="/game/pad").start()
    assert pad.find(f"Fix {table['players'][0]['name']}'s city") is not None
    await pad.tap("Table")
    assert pad.title() == "Table" and "/player/" not in pad.page.route


async def test_paper_players_diplomacy_is_shown_and_kept(store: Store) -> None:
    """A paper player's diplomacy (Cities) decides the conflicts next door when tokens come
    from shields: the paper screen shows its Ages (a review: it was written but could not
    be seen or set, then dropped, turning the neighbours' military), and the table file
    keeps it beside the typed totals."""
    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["cities"], seats=[
        SevenWondersSeat("Ann", board="Gizah"),
        SevenWondersSeat("Bob", board="Rhodos", quick=True, typed={"civilian": 4}),
        SevenWondersSeat("Cid", board="Babylon")]))
    c = await Client(make_main(store), route="/game/player/1").start()
    await c.tap("Diplomacy in Age II")
    saved = store.load_current()
    assert saved is not None and table_of(saved)["players"][1]["diplomacy"] == [2]
    assert table_of(saved)["players"][1]["paper"] == {"civilian": 4}
    again = from_table(table_of(saved))
    assert table_of(again)["players"][1]["diplomacy"] == [2]  # a file's round trip


async def test_paper_neighbours_refused_guild_can_be_let_go_on_the_city(store: Store) -> None:
    """Ann's Olympia B names the Magistrates Guild as copied from Bob (on paper), but Cid's
    city, entered card by card and not next to Ann (Dan joins: Ann's neighbours are Bob and
    Dan), holds it, and the game has one: the engine refuses the pick.
    The refusal is said, and the pick stays, held, beside "The best for this player", a
    tap on which lets go of it (before, the choices showed only with a result: nothing on
    the city could take the pick back but switching to paper totals or editing the file).
    Let go: the engine picks again, Ann ≥ 7 as in the scenario (Olympia B: 5 + 2 = 7)."""
    table = scenario_table("7wonders", "base-1e",
                           "olympia-b-pick-beside-a-paper-player-may-be-short.json")
    table["players"][2]["cards"].append("Magistrates Guild")
    table["players"].append({"name": "Dan", "wonder": {"board": "Rhodos", "side": "A",
                                                       "stages": 0}, "cards": [], "coins": 0})
    table["players"][0]["choices"] = {"copied_guild": "Magistrates Guild"}
    store.save_current(from_table(table))
    c = await Client(make_main(store), route="/game/player/0").start()
    assert c.has("is in Cid's city", exact=False)
    assert c.holds("Magistrates Guild")
    await c.tap("The best for this player (the score pad picks)")
    saved = store.load_current()
    assert saved is not None and saved.seats[0].choices == {}
    assert c.title() == "Ann · \u2265 7 pts"
    assert c.holds("The best for this player (the score pad picks)")
    # the note says it in a player's words (a walk read "changed to —", "courtesan")
    assert c.has("Ann's guild copied by the wonder: none picked, the best counts",
                 exact=False)
