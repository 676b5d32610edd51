"""Agora's Senators entered as counts: one chip a city could hold only once could not take
3 Politicians. The fact comes from the rules (`facts.counted_cards`), the edit is a typed
count bounded by the box (7 Politicians, 6 Conspirators: AGORA-RB, seeds/004)."""

from __future__ import annotations

from scorer import assess, load_ruleset
from scorer.facts import facts
from ui.entry.draft import Draft
from ui.entry.edits import Edit, Refusal, SeatEdits, SetCopies, apply, from_json, to_json
from ui.entry.games import table_of
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.screens.city_cards import Chip, card_flipper, holdings


def _agora() -> Draft:
    return DuelDraft(game="duel", expansions=["agora"], seats=[DuelSeat(name="Ann"),
                                                               DuelSeat(name="Bob")])


def test_senators_are_the_counted_cards_of_agora_only() -> None:
    assert facts(load_ruleset("duel", ("agora",))).counted_cards == {"Politician", "Conspirator"}
    assert facts(load_ruleset("duel")).counted_cards == frozenset()
    assert facts(load_ruleset("7wonders-1e")).counted_cards == frozenset()


def test_senators_three_politicians_entered_as_a_count() -> None:
    draft = apply(_agora(), SetCopies(0, "Ann", "Politician", 3))
    assert not isinstance(draft, Refusal)
    assert draft.seats[0].cards == ["Politician"] * 3
    draft = apply(draft, SetCopies(1, "Bob", "Politician", 4))
    assert not isinstance(draft, Refusal)
    found = assess(table_of(draft))
    assert not [p for p in found.problems if p.code == "too-many-copies"]  # 3 + 4 = 7: the box
    # Ann holds 3; Bob's 4 leave her 7 - 4 = 3 to choose from
    assert holdings(draft, 0).counts["Politician"] == (3, 3)
    fewer = apply(draft, SetCopies(0, "Ann", "Politician", 1))
    assert not isinstance(fewer, Refusal) and fewer.seats[0].cards == ["Politician"]


def test_senators_beyond_the_box_or_on_a_card_held_once_are_refused() -> None:
    assert isinstance(apply(_agora(), SetCopies(0, "Ann", "Politician", 8)), Refusal)
    assert isinstance(apply(_agora(), SetCopies(0, "Ann", "Conspirator", 7)), Refusal)
    assert isinstance(apply(_agora(), SetCopies(0, "Ann", "Lumber Yard", 2)), Refusal)
    assert isinstance(apply(_agora(), SetCopies(0, "Ann", "Politician", -1)), Refusal)


def test_entry_senators_a_tap_adds_one_up_to_the_box_and_a_minus_takes_one_away() -> None:
    """A count goes down as it goes up: at the box's 7 Politicians (AGORA-RB) a tap adds
    nothing (before, it wrapped to none, unseen); the minus takes one away, and at none it
    takes nothing."""
    sent: list[Edit] = []
    flip = card_flipper(SeatEdits(sent.append, 0, "Ann"))
    flip(Chip("Politician", "", "", True, False, "", count=2, room=7), 1)
    flip(Chip("Politician", "", "", True, False, "", count=7, room=7), 1)  # the box is empty
    flip(Chip("Politician", "", "", True, False, "", count=7, room=7), -1)
    flip(Chip("Politician", "", "", False, False, "", count=0, room=7), -1)  # none to take
    assert sent == [SetCopies(0, "Ann", "Politician", 3), SetCopies(0, "Ann", "Politician", 6)]
    assert from_json(to_json(sent[0])) == sent[0]  # sent to other devices as it is


def test_trust_a_stale_senator_tap_is_refused_and_said() -> None:
    """A + or a minus made on "Politician x2" reaches the server after another phone set 3:
    read against the 3, it would save 4 or 2, a number nobody meant; read as made on the 2,
    the minus saved 1 over the other phone's 3 without a word (a review's finding). Each
    is refused as made over a number another phone changed, and said; the city keeps 3."""
    sent: list[Edit] = []
    flip = card_flipper(SeatEdits(sent.append, 0, "Ann"))
    two = Chip("Politician", "", "", True, False, "", count=2, room=7)
    three = Chip("Politician", "", "", True, False, "", count=3, room=7)
    flip(three, 1, two)
    flip(three, -1, two)
    assert sent == [SetCopies(0, "Ann", "Politician", 3, (2,)),
                    SetCopies(0, "Ann", "Politician", 1, (2,))]
    held = apply(_agora(), SetCopies(0, "Ann", "Politician", 3))  # the other phone's 3
    assert not isinstance(held, Refusal)
    for stale in sent:
        refused = apply(held, stale)
        assert isinstance(refused, Refusal) and refused.code == "stale", refused
        assert refused.message.startswith("Ann's Politician: 3 now (changed on another phone)")
    fresh = apply(held, SetCopies(0, "Ann", "Politician", 4, (3,)))  # made on the 3 shown
    assert not isinstance(fresh, Refusal) and fresh.seats[0].cards == ["Politician"] * 4


def test_entry_senators_chip_says_its_bound_and_its_minus_names_the_player() -> None:
    """What the chip and its minus say: the count of the box's room, and for a screen
    reader whose Senators the minus takes from."""
    import flet as ft

    from ui.screens.city_cards import Holdings, OneLess, card_chip, chip_of

    chip = chip_of(Holdings({"Politician": "Politician"}, frozenset(),
                            {"Politician": (2, 7)}), "Politician", "")
    # the count kept on one line (no-break spaces): read as "Politician x2 of 7"
    assert chip.label == "Politician \u00d72\u00a0of\u00a07"
    row = card_chip(chip, lambda e: None, ft.Text(chip.label), ft.ButtonStyle(), "Ann")
    minus = row.controls[0]  # type: ignore[attr-defined]
    assert isinstance(minus.data, OneLess) and minus.data.chip == chip
    # what a screen reader reads on the button's node (and a mouse's tooltip shows)
    assert minus.icon.semantics_label == "Politician for Ann: 2, take one away"
    assert minus.tooltip.message == "Politician for Ann: 2, take one away"
