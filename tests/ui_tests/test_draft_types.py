"""One draft type per game (issue 33): a 7 Wonders draft of `SevenWondersSeat`s, a Duel
draft of `DuelSeat`s with the pawn, each holding its own game's fields only; a draft stored
before the split (one record with both games' fields) still reads, into its game's type;
an edit of a field the game has not is refused in words, never applied."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from scorer.games.registry import GAMES
from ui.entry.draft import Draft, Seat
from ui.entry.edits import (
    Hold,
    Refusal,
    ReturnPlayer,
    SetBuilt,
    SetCubes,
    SetSeat,
    SetTable,
    apply,
    from_json,
)
from ui.entry.games import DRAFTS, new_draft, read_draft
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat

COMMON = {"name", "cards", "coins", "leaders", "choices", "quick", "typed"}
"""What every game's seat has (ui/entry/draft.py `Seat`)."""

# a 7 Wonders seat and draft as the app stored them before the split: every seat with
# Duel's fields too, empty, and the pawn's fields on the draft, empty
OLD_SEVEN_SEAT = {
    "name": "Ann", "board": "Gizah", "side": "A", "stages": 2, "built": None,
    "cards": ["Altar"], "coins": 4, "military": {"1": 1}, "shields": None,
    "free_city": False, "leaders": [], "choices": {}, "quick": False, "typed": {},
    "wonders": [], "progress": [], "influence": [], "buried": "", "buried_cost": None,
    "conquests": None, "diplomacy": {}, "pieces": {}, "entombed": [], "divinities": [],
    "astarte_coins": None, "mythology": {}, "offering_tokens": None, "snake": ""}
OLD_TABLE = {"conflict_toward": "", "conflict_spaces": 0, "supremacy_kind": "",
             "supremacy_winner": "", "minerva_toward": "", "minerva_spaces": 0}


def _old(game: str, seats: list[dict[str, object]], **table: object) -> str:
    return json.dumps({"game": game, "expansions": [], "seats": seats,
                       **OLD_TABLE, **table, "id": "g1", "created": 1.0, "finished": None})


def test_draft_registry_each_game_has_its_own_draft_type() -> None:
    """Every game of the engine has a draft type; a 7 Wonders seat has no Duel field and a
    Duel seat no board; only Duel's draft holds the pawn."""
    assert set(DRAFTS) == set(GAMES)
    seven = {f.name for f in fields(SevenWondersSeat)}
    duel = {f.name for f in fields(DuelSeat)}
    assert seven & duel == COMMON
    assert {"board", "side", "stages", "military"} <= seven - duel
    assert {"wonders", "progress", "influence", "buried"} <= duel - seven
    assert "conflict_toward" in {f.name for f in fields(DuelDraft)}
    assert "conflict_toward" not in {f.name for f in fields(SevenWondersDraft)}
    assert isinstance(new_draft("duel", ("agora",), ["Ann", "Bob"]), DuelDraft)
    assert isinstance(new_draft("7wonders-2e", ("leaders",), ["Ann"]), SevenWondersDraft)
    with pytest.raises(TypeError):
        Draft(game="7wonders-1e")  # only a game's own draft is made


def test_draft_registry_reads_a_draft_stored_before_the_split() -> None:
    seven = read_draft(_old("7wonders-1e", [OLD_SEVEN_SEAT, {**OLD_SEVEN_SEAT, "name": "Bob",
                                                             "board": "Rhodos"}]))
    assert isinstance(seven, SevenWondersDraft)
    ann = seven.seats[0]
    assert (ann.board, ann.stages, ann.cards, ann.coins, ann.military) == (
        "Gizah", 2, ["Altar"], 4, {"1": 1})
    assert (seven.id, seven.created) == ("g1", 1.0)
    # written back with its own fields only, and read again the same
    assert '"wonders"' not in seven.to_json() and '"conflict_toward"' not in seven.to_json()
    assert read_draft(seven.to_json()) == seven
    duel_seat = {**OLD_SEVEN_SEAT, "board": "", "stages": 0, "military": {},
                 "wonders": ["The Colossus"], "progress": ["Law"], "influence": [1, 0, 2]}
    duel = read_draft(_old("duel", [duel_seat, {**duel_seat, "name": "Bob", "wonders": []}],
                           conflict_toward="Bob", conflict_spaces=3))
    assert isinstance(duel, DuelDraft)
    assert (duel.seats[0].wonders, duel.seats[0].progress, duel.seats[0].influence) == (
        ["The Colossus"], ["Law"], [1, 0, 2])
    assert (duel.conflict_toward, duel.conflict_spaces) == ("Bob", 3)


def test_draft_registry_keeps_aside_a_stored_draft_with_another_games_entries() -> None:
    """A 7 Wonders seat holding a Duel wonder, or a game the engine does not have, is not a
    draft of any game: ValueError, saying where (the store keeps it aside)."""
    with pytest.raises(ValueError, match=r"seats\.0\.wonders"):
        read_draft(_old("7wonders-1e", [{**OLD_SEVEN_SEAT, "wonders": ["The Colossus"]}]))
    with pytest.raises(ValueError, match="game"):
        read_draft(_old("chess", [OLD_SEVEN_SEAT]))


def test_draft_registry_refuses_an_edit_of_another_games_field() -> None:
    """Each refused in words (bad-value), the game left as it was: a board on a Duel city,
    a Duel wonder or Agora's cubes on a 7 Wonders city, the pawn on a 7 Wonders table."""
    seven = new_draft("7wonders-1e", (), ["Ann", "Bob", "Cid"])
    duel = new_draft("duel", ("agora",), ["Ann", "Bob"])
    for draft, edit in ((duel, SetSeat(0, "Ann", "board", "Gizah")),
                        (duel, SetBuilt(0, "Ann", (1,))),
                        (seven, Hold(0, "Ann", "wonders", "The Colossus", True)),
                        (seven, SetCubes(0, "Ann", 0, 1, 6)),
                        (seven, SetTable("conflict_spaces", 3))):
        got = apply(draft, edit)
        assert isinstance(got, Refusal) and got.code == "bad-value", edit


def test_draft_registry_returns_a_city_logged_before_the_split_as_its_games() -> None:
    """An undo of a removal logged before the split holds the city with both games' fields:
    it reads, and the player comes back to a Duel table as a Duel city."""
    old_city = {**OLD_SEVEN_SEAT, "name": "Bob", "board": "", "stages": 0, "military": {},
                "wonders": ["The Colossus"]}
    logged = from_json(json.dumps({"seat": 1, "city": old_city, "kind": "return_player"}))
    assert isinstance(logged, ReturnPlayer) and isinstance(logged.city, DuelSeat)
    assert logged.city.wonders == ["The Colossus"]
    empty_city = {**OLD_SEVEN_SEAT, "name": "Bob", "board": "", "stages": 0, "military": {},
                  "cards": ["Loom"]}  # nothing of either game's own: read as 7 Wonders'
    logged = from_json(json.dumps({"seat": 1, "city": empty_city, "kind": "return_player"}))
    assert isinstance(logged, ReturnPlayer)
    got = apply(new_draft("duel", (), ["Ann"]), logged)
    assert isinstance(got, DuelDraft) and isinstance(got.seats[1], DuelSeat)
    assert (got.seats[1].name, got.seats[1].cards) == ("Bob", ["Loom"])
    # a 7 Wonders city logged with Agora's cubes sized (all 0) is still a 7 Wonders city
    sized = {**OLD_SEVEN_SEAT, "name": "Bob", "influence": [0, 0, 0, 0, 0, 0]}
    logged = from_json(json.dumps({"seat": 1, "city": sized, "kind": "return_player"}))
    assert isinstance(logged, ReturnPlayer) and isinstance(logged.city, SevenWondersSeat)
    assert logged.city.board == "Gizah"
    # a 7 Wonders city with a board never joins a Duel table
    got = apply(new_draft("duel", (), ["Ann"]),
                ReturnPlayer(1, SevenWondersSeat("Bob", board="Gizah")))
    assert isinstance(got, Refusal) and got.code == "bad-value"


def test_duel_draft_renames_and_forgets_where_its_pawn_names_a_player() -> None:
    duel = DuelDraft(game="duel", seats=[DuelSeat("Ann"), DuelSeat("Bob")],
                     conflict_toward="Bob", conflict_spaces=2, supremacy_kind="military",
                     supremacy_winner="Bob")
    renamed = duel.renamed("Bob", "Bobby")
    assert ([s.name for s in renamed.seats], renamed.conflict_toward,
            renamed.supremacy_winner) == (["Ann", "Bobby"], "Bobby", "Bobby")
    gone = duel.forget("Bob")
    assert (gone.conflict_toward, gone.supremacy_winner) == ("", "")
    seven = SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat("Ann")])
    assert seven.forget("Ann") == seven and isinstance(seven.new_seat("Eve"), Seat)
