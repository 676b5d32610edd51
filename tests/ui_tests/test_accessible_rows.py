"""Rows of one list read apart by a screen reader: every History row has the same words on
its buttons (Details, Open, Play again, Delete), and every entry of the rules list its "What
would it score for Bob?"; each button's name says which game or entry it acts on, so that a
list of buttons is not the same name read again and again (issue 35: names that say what a
button does to whom, no name read twice)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import flet as ft
import pytest

from ui.app import make_main
from ui.entry.games import from_table
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.store.store import Store

from .flet_client import Client, walk
from .game_data import SUMMARY, TABLE

pytestmark = pytest.mark.asyncio


def _button_names(c: Client) -> list[str]:
    """What a screen reader names each text button on the screen: its words' own label
    where they have one, else its words."""
    names = []
    for b in walk(c.top()):
        if isinstance(b, ft.TextButton):
            words = b.content
            if isinstance(words, ft.Text):
                names.append(str(words.semantics_label or words.value or ""))
            else:
                names.append(str(words or ""))
    return names


async def test_accessible_history_rows_name_their_game(store: Store) -> None:
    for i, finished in enumerate((1_700_000_000.0, 1_700_090_000.0)):
        done = replace(from_table(TABLE), finished=finished)
        store.save_game(done, f"{SUMMARY} #{i}")
    c = await Client(make_main(store), route="/history").start()
    names = _button_names(c)
    # two rows x (Details, Open, Play again, Delete): 8 names, none repeated
    per_row = [n for n in names if SUMMARY in n]
    assert len(per_row) == 8, names
    assert max(Counter(per_row).values()) == 1, per_row
    assert any(n.startswith("Delete the game") and n.endswith("#1") for n in per_row), per_row
    await c.tap("Delete")  # the words on screen are still the short ones
    assert c.has("Deleted:", exact=False)


async def test_accessible_what_if_names_its_entry(store: Store) -> None:
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/rules").start()
    asks = [n for n in _button_names(c) if n.startswith("What would ")]
    assert len(asks) >= 2, asks
    assert max(Counter(asks).values()) == 1, asks  # each names its card or leader


async def test_accessible_pad_ranks_say_whose(store: Store) -> None:
    """A rank cell is read with its player ("Ann, rank 2"), not as a bare number."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    said = [str(t.semantics_label) for t in walk(c.top())
            if isinstance(t, ft.Text) and t.semantics_label]
    # game_data: Ann 31, Bob 31, Cid 17; every seat has its rank cell
    assert sum(1 for s in said if ", rank " in s) == len(TABLE["players"]), said


async def test_accessible_player_rows_left_one_after_another_keep_their_names(
        store: Store) -> None:
    """New game's row buttons say whose row it is once its field is left ("Remove Ann").
    Two fields left before the render the first asked for (a loaded server): each row
    keeps its name (the second handler built on the render's names, without the first's:
    Ann's row said "player 1" again)."""
    c = await Client(make_main(store), route="/new").start()
    session = c.session
    assert session is not None
    await c.type_only("Name 1", "Ann")
    await c.type_only("Name 2", "Bob")
    first, second = c.find("Name 1", ft.TextField), c.find("Name 2", ft.TextField)
    await session.dispatch_event(first._i, "blur", None)
    await session.dispatch_event(second._i, "blur", None)
    await c.idle()
    removes = [str(getattr(b.icon, "semantics_label", "")) for b in walk(c.top())
               if isinstance(b, ft.IconButton)
               and str(getattr(b.icon, "semantics_label", "")).startswith("Remove ")]
    assert removes[:2] == ["Remove Ann", "Remove Bob"], removes


async def test_accessible_pawn_sides_say_which_pawn(store: Store) -> None:
    """Duel with Pantheon: the table shows the conflict pawn's side chips and Minerva's, each
    "Ann's side" / "Bob's side" on screen; a screen reader hears which pawn each is for (the
    two "Ann's side" read alike before)."""
    store.save_current(DuelDraft(game="duel", expansions=["pantheon"], seats=[
        DuelSeat(name="Ann", divinities=["Minerva"]), DuelSeat(name="Bob")]))  # her pawn
    c = await Client(make_main(store), route="/game").start()
    sides: list[tuple[str, str]] = []  # (words on screen, name read out)
    for chip in walk(c.top()):
        if isinstance(chip, ft.OutlinedButton | ft.FilledButton) and \
                isinstance(chip.content, ft.Text) and str(chip.content.value).endswith("'s side"):
            sides.append((str(chip.content.value), str(chip.content.semantics_label)))
    # the conflict pawn's chips first (its part is above Minerva's), each player's in seat order
    assert sides == [("Ann's side", "Conflict pawn: Ann's side"),
                     ("Bob's side", "Conflict pawn: Bob's side"),
                     ("Ann's side", "Minerva pawn: Ann's side"),
                     ("Bob's side", "Minerva pawn: Bob's side")]


async def test_accessible_pawn_fields_say_which_pawn(store: Store) -> None:
    """Duel with Pantheon: the conflict pawn's field and Minerva's both show "Spaces from
    the centre"; Minerva's is read "Minerva pawn, Spaces from the centre" (its label merged
    into the field's own name, not a group around it), the conflict pawn's as before (the
    two fields read alike before)."""
    store.save_current(DuelDraft(game="duel", expansions=["pantheon"], seats=[
        DuelSeat(name="Ann", divinities=["Minerva"]), DuelSeat(name="Bob")]))  # her pawn
    c = await Client(make_main(store), route="/game").start()
    said: list[tuple[str, str]] = []  # (the field's label, the words heard before it)
    for node in walk(c.top()):
        if isinstance(node, ft.MergeSemantics) and isinstance(node.content, ft.Semantics) \
                and isinstance(node.content.content, ft.TextField):
            said.append((str(node.content.content.label), str(node.content.label)))
        elif isinstance(node, ft.Semantics) and isinstance(node.content, ft.TextField) \
                and node.label is None and str(node.content.label) == "Spaces from the centre":
            said.append((str(node.content.label), ""))  # (the one merged: seen above)
    assert said == [("Spaces from the centre", ""), ("Spaces from the centre", "Minerva pawn")]


async def test_accessible_buried_leader_and_tokens_taken_chips_say_what(store: Store) -> None:
    """Duel Leaders, Ann's city with Abu Simbel: each leader has a recruit chip and a chip
    under "Leader buried under Abu Simbel", both showing the leader's name; a screen reader
    hears the second as "Alexander, buried under Abu Simbel" (two checkboxes read
    "Alexander" before). Alexander's count chips ("0", "1", ...) are read "2 military tokens
    taken"."""
    store.save_current(DuelDraft(game="duel", expansions=["leaders"], seats=[
        DuelSeat(name="Ann", wonders=["Abu Simbel"], leaders=["Alexander"]),
        DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    named: dict[str, list[str]] = {}  # words on screen: the names read out
    for chip in walk(c.top()):
        if isinstance(chip, ft.OutlinedButton | ft.FilledButton):
            words = chip.content.value if isinstance(chip.content, ft.Text) else chip.content
            spoken = chip.content.semantics_label if isinstance(chip.content, ft.Text) else None
            named.setdefault(str(words), []).append(str(spoken or words))
    assert named["Alexander"] == ["Alexander", "Alexander, buried under Abu Simbel"]
    assert named["2"] == ["2 military tokens taken"] and named["1"] == ["1 military token taken"]


async def test_accessible_join_qr_code_is_named(store: Store) -> None:
    """The table's join card: its QR image is named for a screen reader ("QR code of the
    game's address"; it was an image with no name, read as nothing)."""
    store.save_current(DuelDraft(game="duel", seats=[DuelSeat(name="Ann"), DuelSeat(name="Bob")]))
    c = await Client(make_main(store), route="/game").start()
    [qr] = [x for x in walk(c.top())
            if isinstance(x, ft.Semantics) and x.identifier == "join-qr"]
    assert isinstance(qr.content, ft.Image)
    assert qr.content.semantics_label == "QR code of the game's address"


async def test_accessible_earlier_players_say_what_a_tap_does(store: Store) -> None:
    """New game's earlier players (the names this phone started a game with: Ann, Bob,
    Cid) are buttons a screen reader names by what a tap does, "Add Ann to the players",
    not the bare name a walk heard ("Ann", "Bob"...: a list of names, with no word of what
    they do)."""
    from ui.text import strings as S

    store.remember(["Ann", "Bob", "Cid"])
    c = await Client(make_main(store)).start()
    await c.tap("New game")
    earlier = {}
    for b in walk(c.top()):
        if isinstance(b, ft.OutlinedButton) and isinstance(b.content, ft.Text) \
                and b.content.value in ("Ann", "Bob", "Cid"):
            earlier[b.content.value] = b.content.semantics_label
    assert earlier == {n: S.add_earlier_player(n) for n in ("Ann", "Bob", "Cid")}
    assert S.add_earlier_player("Ann") == "Add Ann to the players"


async def test_accessible_earlier_players_fill_the_empty_rows_of_a_full_table(
        store: Store) -> None:
    """Duel takes 2 players and New game shows its 2 rows: while one is empty an earlier
    player's button fills it (a walk found them all disabled, since the rows were as many
    as the game takes); once both are filled, they are disabled (a tap adds nobody)."""
    store.remember(["Ann", "Bob", "Cid"])
    c = await Client(make_main(store)).start()
    await c.tap("New game")
    await c.tap("7 Wonders Duel")

    def earlier(name: str) -> ft.OutlinedButton:
        return next(b for b in walk(c.top()) if isinstance(b, ft.OutlinedButton)
                    and isinstance(b.content, ft.Text) and b.content.value == name)

    assert not earlier("Cid").disabled
    await c.tap_control(earlier("Cid"))
    await c.tap_control(earlier("Ann"))
    assert [c.find(f"Name {i}", ft.TextField).value for i in (1, 2)] == ["Cid", "Ann"]
    assert earlier("Bob").disabled


async def test_accessible_supremacy_winner_chips_say_what_they_claim(store: Store) -> None:
    """A Duel game ended by Military Supremacy: the winner chips are named "Military
    Supremacy won by Ann", not "Ann", which the player's own line on the same table screen
    reads (a screen reader heard two "Ann" controls that do different things)."""
    from ui.text import strings as S

    store.save_current(DuelDraft(game="duel", seats=[DuelSeat("Ann"), DuelSeat("Bob")],
                                 supremacy_kind="military"))
    c = await Client(make_main(store), route="/game").start()
    names = {w.semantics_label for w in walk(c.top()) if isinstance(w, ft.Text)
             and w.value in ("Ann", "Bob") and w.semantics_label}
    assert names == {S.supremacy_won_by("Military Supremacy", n) for n in ("Ann", "Bob")}
    assert "Military Supremacy won by Ann" in names  # the words, as a screen reader says them


async def test_accessible_names_say_whose_number_and_what_undo_takes_back(
        store: Store) -> None:
    """A screen-reader walk heard bare names: a conflict token's field "+1", the paper
    science calculator's buttons without a player ("Compass: 0, add one"), the paper rows'
    fields, the calculator's Use, Previous and Next player, the pad's column buttons "Ann",
    the note's "Undo". Each now says whose, and what."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat

    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah"), SevenWondersSeat("Bob", board="Rhodos"),
        SevenWondersSeat("Cid", board="Babylon")]))
    c = await Client(make_main(store), route="/game/player/0").start()
    tokens = [x for x in walk(c.top()) if isinstance(x, ft.Semantics)
              and x.identifier == "number-+1"]
    # whose first, as "Ann: Coins" (a review: "Conflict tokens for Ann" beside "Ann: Coins")
    assert [t.label for t in tokens] == ["Ann, Conflict tokens:"]  # then "+1"
    await c.tap("Conflict tokens +1 for Ann: 0, add one")
    undo = next(b for b in walk(c.top()) if isinstance(b, ft.TextButton)
                and isinstance(b.content, ft.Text) and b.content.value == "Undo")
    assert isinstance(undo.content, ft.Text)
    assert undo.content.semantics_label == "Undo: Ann's +1 tokens changed to 1"
    await c.tap("Paper totals")
    assert c.find("Compass for Ann: 0, add one") is not None
    assert c.find("Wildcards for Ann: 0, add one") is not None
    paper = [x.label for x in walk(c.top()) if isinstance(x, ft.Semantics)
             and x.identifier == "number-Civilian"]
    assert paper == ["Ann, Paper totals:"]  # then "Civilian"
    said = {str(t.semantics_label) for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.semantics_label}
    # a walk heard "Use 0 pts", "Previous player", "Next player" alone
    assert {"Use 0 pts as Science for Ann", "Previous player: Cid",
            "Next player: Bob"} <= said, said
    store.save_current(from_table(TABLE))  # Ann, Bob, Cid: a pad with every column
    pad = await Client(make_main(store), route="/game/pad").start()
    said = {str(t.semantics_label) for t in walk(pad.top()) if isinstance(t, ft.Text)
            and t.value in ("Ann", "Bob", "Cid")}
    assert said == {"Ann: how the total is made", "Bob: how the total is made",
                    "Cid: how the total is made"}


async def test_accessible_city_fields_say_whose_and_a_board_is_one_of_a_few(
        store: Store) -> None:
    """A walk's screen-reader list, on Bob's city (1st edition + Leaders; Ann holds Gizah
    and Amytis): a field read alone said "Coins", "Stages built", "Search" with no player
    (now "Bob:" first); the wonder boards were checkboxes (now radio buttons in one group,
    Gizah "taken by Ann", out of reach); a taken leader said "taken" and not by whom; the
    Age and colour filters said a bare "Age I" and "Civilian" (now what a tap does)."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
    from ui.text import strings as S

    store.save_current(SevenWondersDraft(game="7wonders-1e", expansions=["leaders"], seats=[
        SevenWondersSeat("Ann", board="Gizah", leaders=["Amytis"]),
        SevenWondersSeat("Bob", board="Rhodos"), SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/1").start()
    fields = {str(x.identifier): x.label for x in walk(c.top()) if isinstance(x, ft.Semantics)
              and str(x.identifier or "") in ("number-Coins", "number-Stages built", "search")}
    assert fields == {"number-Coins": "Bob:", "number-Stages built": "Bob:", "search": "Bob:"}
    # each of them merged with its field: one node, "Bob: Coins"
    assert all(isinstance(m.content, ft.Semantics) for m in walk(c.top())
               if isinstance(m, ft.MergeSemantics) and m.content is not None
               and getattr(m.content, "identifier", "") in fields)
    await c.tap("Change")  # the wonder: every board offered again
    groups = [g for g in walk(c.top()) if isinstance(g, ft.RadioGroup)]
    boards = [r for r in walk(groups[0]) if isinstance(r, ft.Radio)]
    assert groups[0].value == "Rhodos"
    # rules_multiplayer.md §5: the 1st edition's seven boards (Leaders adds its own), each
    # offered once
    values = [str(r.value) for r in boards]
    assert {"Alexandria", "Babylon", "Ephesos", "Gizah", "Halikarnassos", "Olympia",
            "Rhodos"} <= set(values) and len(values) == len(set(values))
    gizah = next(r for r in boards if r.value == "Gizah")
    assert gizah.label == "Gizah (taken by Ann)" and gizah.disabled
    assert not any(r.disabled for r in boards if r.value != "Gizah")
    sides = [r for r in walk(groups[1]) if isinstance(r, ft.Radio)]
    assert [r.label for r in sides] == ["Side A", "Side B"] and groups[1].value == "A"
    await c.tap("Babylon")
    saved = store.load_current()
    assert isinstance(saved, SevenWondersDraft)
    assert c.cell("wonder-board") == "Babylon" and saved.seats[1].board == "Babylon"
    assert c.find("Amytis (taken by Ann)").disabled
    said = {str(t.semantics_label) for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.semantics_label}
    assert {S.show_cards("All Ages"), S.show_cards("Age I")} <= said, said
    swatches = {str(x.label) for x in walk(c.top()) if isinstance(x, ft.Semantics)
                and str(x.identifier or "").startswith("filter-")}
    assert "Show cards: Civilian" in swatches, swatches


async def test_accessible_pad_cells_say_a_tap_shows_how(store: Store) -> None:
    """A pad cell and a total are buttons; their names say so ("...; tap to see how"): a
    walk heard "Bob, Science: 18 points" and did not know a tap explains it."""
    store.save_current(from_table(TABLE))
    c = await Client(make_main(store), route="/game/pad").start()
    said = [str(t.semantics_label) for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.semantics_label]
    # game_data.py: Bob's science 1 + 1 + 9 + 7 = 18 (the rulebook's example)
    assert "Bob, Science: 18 points; tap to see how" in said, said
    assert sum(1 for s in said if ", total: " in s and s.endswith("; tap to see how")) == 3


async def test_accessible_change_board_then_keep_it(store: Store) -> None:
    """A review: after Change, a tap on the held board's radio changed nothing and the list
    stayed, and the picked board was a radio group of one ("1 of 1") whose tap did
    nothing. The picked board is its name with Change beside it; Change offers the boards
    with Keep under them, which leaves the board as it was."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat

    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah"), SevenWondersSeat("Bob", board="Rhodos"),
        SevenWondersSeat("Cid")]))
    c = await Client(make_main(store), route="/game/player/1").start()
    assert c.cell("wonder-board") == "Rhodos"
    assert [g for g in walk(c.top()) if isinstance(g, ft.RadioGroup)
            and any(r.value == "Rhodos" for r in walk(g) if isinstance(r, ft.Radio))] == []
    await c.tap("Change")
    assert c.holds("Rhodos")
    await c.tap("Keep Rhodos")
    assert c.cell("wonder-board") == "Rhodos"
    saved = store.load_current()
    assert isinstance(saved, SevenWondersDraft) and saved.seats[1].board == "Rhodos"


async def test_accessible_a_short_line_is_read_at_least(store: Store) -> None:
    """A review: the cell read "at least 6 points", its line "Vitruvius, 6 points". The
    Vitruvius scenario with Archimedes recruited too (test_knock_on.py: 3 pairs x 2 = 6,
    may be short): the line is read "Vitruvius, at least 6 points"."""
    import json
    from pathlib import Path

    path = Path(__file__).parents[1] / "scenarios" / "duel" / "leaders-vitruvius.json"
    table = json.loads(path.read_text(encoding="utf-8"))["table"]
    table["players"][0]["leaders"].append("Archimedes")
    store.save_current(from_table(table))
    c = await Client(make_main(store), route="/game/pad").start()
    await c.tap_identifier("cell-Ann-leaders")
    said = {str(t.semantics_label) for t in walk(c.top()) if isinstance(t, ft.Text)
            and t.semantics_label}
    assert "Vitruvius, at least 6 points" in said, said


async def test_accessible_taken_card_says_by_whom(store: Store) -> None:
    """A card every copy of which other cities hold reads "(taken)" on its chip, which
    keeps its third of a row; a screen reader hears whose ("Altar (taken by Ann)"), as a
    taken board says (a walk heard "(taken)" alone). A counted card (Agora's Senators)
    whose every copy other cities hold says so too."""
    from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
    from ui.screens.city_cards import Holdings, cards_touched, chip_of

    # a 3-player game has one Altar (rules_multiplayer.md §2: Altar 3+, 5+)
    store.save_current(SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah", cards=["Altar"]),
        SevenWondersSeat("Bob", board="Rhodos"), SevenWondersSeat("Cid", board="Babylon")]))
    c = await Client(make_main(store), route="/game/player/1").start()
    chip = c.find("Altar (taken)", ft.OutlinedButton)
    assert chip.disabled and isinstance(chip.content, ft.Text)
    assert str(chip.content.semantics_label).startswith("Altar (taken by Ann)\n")
    held = Holdings({}, frozenset(), {"Politician": (0, 0)}, {"Politician": "Ann and Bob"})
    senators = chip_of(held, "Politician", "")
    assert senators.disabled and senators.spoken == "Politician (taken by Ann and Bob)"
    # Ann renamed Anna: the chip is drawn again with the new name (a review: it was not)
    renamed = Holdings({}, frozenset({"Altar"}), {}, {"Altar": "Anna"})
    assert cards_touched(Holdings({}, frozenset({"Altar"}), {}, {"Altar": "Ann"}),
                         renamed) == {"Altar"}
