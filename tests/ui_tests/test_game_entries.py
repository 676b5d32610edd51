"""A game is one package, end to end: each game's entry module (`ui.entry.games`) writes its
drafts as table files, chosen by the engine's registry of games, not by what the table has."""

from __future__ import annotations

from scorer import assess
from scorer.facts import ruleset
from scorer.games.registry import GAMES
from ui.entry.games import DRAFTS, ENTRIES, duel, entry_of, new_draft, seven_wonders, table_of
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.screens.games import CITY, city_game
from ui.screens.games import duel as city_duel
from ui.screens.games import seven_wonders as city_seven


def test_entry_registry_has_every_game_of_the_engine() -> None:
    """One entry per game the engine plays, under the engine's name for it, and every
    ruleset's game finds its entry through the ruleset's protocol."""
    assert set(ENTRIES) == set(GAMES)
    for game, expansions, module in (("7wonders-1e", (), seven_wonders),
                                     ("7wonders-2e", ("leaders",), seven_wonders),
                                     ("duel", ("agora",), duel), ("duel", ("leaders",), duel)):
        draft = new_draft(game, expansions, [])
        assert entry_of(draft) is module
        assert type(draft) is DRAFTS[module.NAME]  # the game's own draft type
        assert ruleset(game, expansions).constants.protocol in ENTRIES


def test_entry_registry_each_game_writes_its_own_shape() -> None:
    """7 Wonders: a wonder board per player, no pawn; Duel: wonders as cards, the pawn,
    and a claimed supremacy. Both tables are read by the engine without a problem of
    shape (`unknown-field`)."""
    seven = SevenWondersDraft(game="7wonders-1e", seats=[
        SevenWondersSeat("Ann", board="Gizah", stages=1), SevenWondersSeat("Bob"),
        SevenWondersSeat("Cid")])
    table = table_of(seven)
    assert table["players"][0]["wonder"] == {"board": "Gizah", "side": "A", "stages": 1}
    assert "conflict" not in table and "wonders" not in table["players"][0]
    duel_draft = DuelDraft(game="duel", seats=[
        DuelSeat("Ann", wonders=["The Colossus"]), DuelSeat("Bob")],
        conflict_toward="Bob", conflict_spaces=3, supremacy_kind="military",
        supremacy_winner="Ann")
    table = table_of(duel_draft)
    assert "wonder" not in table["players"][0]
    assert table["players"][0]["wonders"] == ["The Colossus"]
    assert table["conflict"] == {"spaces": 3, "toward": "Bob"}
    assert table["supremacy"] == {"kind": "military", "winner": "Ann"}
    for shaped in (table_of(seven), table):
        assert not [p for p in assess(shaped).problems if p.code == "unknown-field"]


def test_city_registry_has_every_game_of_the_engine() -> None:
    """The city screen's sections: one module per game the engine plays, chosen by the
    ruleset's protocol (Duel's has no wonder board: its wonders are cards)."""
    assert set(CITY) == set(GAMES)
    assert city_game("7wonders-2e", ("leaders",)) is city_seven
    assert city_game("duel", ("agora",)) is city_duel
    assert city_duel.board(0) is None
