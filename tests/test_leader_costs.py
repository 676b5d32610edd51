"""What each leader costs, in the rules list (the app's Rules screen): Duel Leaders' costs as
the reference gives them. Darius and Nero cost 0 (reference rules_duel.md §9.2; seed 003:
"Darius không tốn bất kỳ đồng tiền nào để tuyển dụng", Nero likewise). The fan cards' other
costs are printed by no source ([?], §9.2): the list shows the multiplayer card's cost
(§9.5, the reference's "editable defaults") marked uncertain, or says the cost is unknown;
an uncertain cost is never scored (Abu Simbel asks the table for the printed one)."""

from __future__ import annotations

import copy
from typing import Any

from scorer import i18n
from scorer.api import assess
from ui.screens.rules import entries

UNCERTAIN = "uncertain"
UNKNOWN = "unknown"


def _costs(game: str, expansions: list[str]) -> dict[str, str]:
    return {e.name: e.cost for e in entries(game, expansions) if e.kind == "leader"}


def test_leader_cost_every_duel_leader_shows_one() -> None:
    costs = _costs("duel", ["leaders"])
    assert len(costs) == 43  # the 43 leaders LEAD-VN describes (§9.1: "41" stated)
    assert all(costs.values()), [n for n, c in costs.items() if not c]


def test_leader_cost_the_known_ones_are_plain() -> None:
    costs = _costs("duel", ["leaders"])
    assert costs["Darius"] == "0"
    assert costs["Nero"] == "0"  # not the multiplayer card's 1 (§9.5: Duel's differs)


def test_leader_cost_uncertain_ones_say_so() -> None:
    costs = _costs("duel", ["leaders"])
    # §9.5, the multiplayer card, where the Duel card does the same (§9.2 against
    # rules_multiplayer.md §10): Plato 4 (7 VP per set of 7 colours), Caesar 5 (2 shields),
    # Cleopatra 4 (5 VP), Hiram 3 (2 VP per guild), Solomon 3 (a free card from the discard)
    for name, coins in (("Plato", 4), ("Caesar", 5), ("Cleopatra", 4), ("Hiram", 3),
                        ("Solomon", 3)):
        assert costs[name].startswith(f"{coins}, ") and UNCERTAIN in costs[name], name
    # no multiplayer card of that effect: Aspasia, Caligula, Diocletian, Da Vinci,
    # Semiramis (Cities' namesakes do other things), Berenice; Pericles and Vitruvius,
    # whose Duel effects differ from the multiplayer cards (§9.5)
    for name in ("Aspasia", "Caligula", "Diocletian", "Da Vinci", "Semiramis", "Berenice",
                 "Pericles", "Vitruvius"):
        assert UNKNOWN in costs[name] and not costs[name][0].isdigit(), name


def test_leader_cost_unknown_where_the_multiplayer_card_is_another() -> None:
    """The multiplayer card of the same name does something else (rules_multiplayer.md §10
    against rules_duel.md §9.2): its cost is no guide. Hatshepsut: +1 coin after YOU pay a
    neighbour, not when the opponent buys from the bank; Archimedes, Hammurabi, Leonidas:
    discounts, not chain symbols; Xenophon: coins per yellow card, not chain symbols;
    Croesus: 6 coins, not a free card of the removed three; Maecenas: later leaders free,
    not 2 leaders to look at; Tomyris: defeat tokens passed on, not coins lost back;
    Alexander (VP per victory token), Aristotle (VP per science set), Bilkis (1 coin a
    resource once a turn), Euclid, Ptolemy, Pythagoras (a science symbol), Imhotep (cheaper
    stages), Ramses (guilds without resources)."""
    costs = _costs("duel", ["leaders"])
    for name in ("Hatshepsut", "Archimedes", "Hammurabi", "Leonidas", "Xenophon", "Croesus",
                 "Maecenas", "Tomyris", "Alexander", "Aristotle", "Bilkis", "Euclid",
                 "Ptolemy", "Pythagoras", "Imhotep", "Ramses"):
        assert UNKNOWN in costs[name] and not costs[name][0].isdigit(), name


def test_leader_cost_words_in_vietnamese() -> None:
    with i18n.language("vi"):
        costs = _costs("duel", ["leaders"])
    assert costs["Plato"].startswith("4, ") and UNCERTAIN not in costs["Plato"]
    assert "chưa chắc" in costs["Plato"]
    assert "chưa rõ" in costs["Aspasia"]


def test_leader_cost_uncertain_is_never_scored() -> None:
    """Plato buried under Abu Simbel without the cost the table read off the card: the
    uncertain 4 is not used (2 x 4 = 8 would be a guess): the table is asked for it."""
    table: dict[str, Any] = {
        "game": "duel", "expansions": ["leaders"], "conflict": {"spaces": 0},
        "players": [
            {"name": "Ann", "wonders": ["Abu Simbel"], "buried": {"leader": "Plato"}},
            {"name": "Bob"}]}
    found = assess(copy.deepcopy(table))
    assert [(p.code, p.path) for p in found.problems] == [
        ("unknown-cost", "players[0].buried.cost")]


def test_leader_cost_an_age_cost_is_said() -> None:
    """2nd-edition Expert leaders whose card says "A": the current Age, 1 to 3 coins
    (reference rules_multiplayer.md §11)."""
    costs = _costs("7wonders-2e", ["leaders"])
    assert costs["Nitocris"] == "the current Age (1-3 coins)"
