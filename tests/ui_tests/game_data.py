"""The complete 3-player 7 Wonders game the app tests enter by tapping.

Expected values come from the 1st-edition card tables of shared/reference/rules_multiplayer.md
(section 2 for cards, section 5 for wonders) and the rulebook's treasury (1 VP per 3 coins),
military (tokens at face value) and science (squares + 7 per set) rules:

Ann  Gizah A, 2 stages: 3 + 5 = 8 wonders; Altar 2 + Theater 2 + Temple 3 + Pantheon 7 = 14
     civilian; tokens 1 + 3 + 5 - 1 - 1 = 7 military; 7 coins // 3 = 2 treasury.
     Total 8 + 14 + 7 + 2 = 31.
Bob  Babylon A, 3 stages: 3 + 7 = 10 wonders (the middle stage is a science wildcard);
     Baths 3 + Courthouse 4 = 7 civilian; compass (Apothecary), gear (Workshop), tablet x2
     (Scriptorium, Library) + wildcard as tablet: 1 + 1 + 9 + 7 x 1 set = 18 science
     (as compass or gear it would give 4+1+4+7 = 16); five defeats = -5 military;
     3 coins // 3 = 1 treasury. Total 10 + 7 + 18 - 5 + 1 = 31.
Cid  Rhodos A, 1 stage: 3 wonders; Haven 1 VP per own brown card, 3 brown = 3 commercial;
     tokens 1 + 1 + 3 + 5 = 10 military; 5 coins // 3 = 1 treasury. Total 3 + 3 + 10 + 1 = 17.
Ann and Bob tie on 31; the tie-break is coins, 7 to 3: Ann wins (rulebook: most coins).
Conflict tokens balance: victories 3 (Ann) + 4 (Cid) = 7 = defeats 2 (Ann) + 5 (Bob).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ui.entry.games import from_table
from ui.store.store import Store

PLAYERS: list[dict[str, Any]] = [
    {
        "name": "Ann", "board": "Gizah", "side": "A", "stages": 2, "coins": 7,
        "tokens": {"+1": 1, "+3": 1, "+5": 1, "-1": 2},
        "cards": ["Altar", "Theater", "Temple", "Pantheon", "Guard Tower"],
        "total": 31,
    },
    {
        "name": "Bob", "board": "Babylon", "side": "A", "stages": 3, "coins": 3,
        "tokens": {"-1": 5},
        "cards": ["Apothecary", "Workshop", "Scriptorium", "Library", "Baths", "Courthouse"],
        "total": 31,
    },
    {
        "name": "Cid", "board": "Rhodos", "side": "A", "stages": 1, "coins": 5,
        "tokens": {"+1": 2, "+3": 1, "+5": 1},
        "cards": ["Lumber Yard", "Ore Vein", "Stone Pit", "Barracks", "Stockade", "Marketplace",
                  "Haven"],
        "total": 17,
    },
]
CATEGORIES = {  # per player, by the arithmetic above
    "Ann": {"military": 7, "treasury": 2, "wonders": 8, "civilian": 14, "science": 0,
            "commercial": 0, "guilds": 0},
    "Bob": {"military": -5, "treasury": 1, "wonders": 10, "civilian": 7, "science": 18,
            "commercial": 0, "guilds": 0},
    "Cid": {"military": 10, "treasury": 1, "wonders": 3, "civilian": 0, "science": 0,
            "commercial": 3, "guilds": 0},
}
VERDICT = "Ann and Bob tie on 31 points; Ann wins with 7 coins to 3."

TABLE: dict[str, Any] = {
    "game": "7wonders-1e",
    "players": [
        {"name": p["name"], "wonder": {"board": p["board"], "side": p["side"],
                                       "stages": p["stages"]},
         "coins": p["coins"], "cards": p["cards"],
         "military": {k.lstrip("+"): v for k, v in p["tokens"].items()}}
        for p in PLAYERS
    ],
}

# A 7 Wonders Duel game, from shared/reference/rules_duel.md: card VP (section 2), wonders
# (section 4), progress tokens (section 5), the military track (section 1.1: 3-5 spaces from
# the centre = 5 VP for the player the pawn moved away from), 1 VP per 3 coins.
# Ann: Theater 3 + Statue 4 = 7 civilian; Scriptorium 0 + Library 2 = 2 science;
#      The Pyramids 9; Agriculture 4; 7 coins // 3 = 2. Total 7 + 2 + 9 + 4 + 2 = 24.
# Bob: Altar 3 + Temple 4 + Courthouse 5 + Baths 3 = 15 civilian; The Colossus 3;
#      4 coins // 3 = 1; pawn 5 spaces toward Ann: 5 military. Total 15 + 3 + 1 + 5 = 24.
# Tie on 24: the Duel tie-break is civilian VP, 15 to 7: Bob wins.
DUEL_PLAYERS: list[dict[str, Any]] = [
    {"name": "Ann", "cards": ["Theater", "Statue", "Scriptorium", "Library"],
     "wonders": ["The Pyramids"], "progress": ["Agriculture"], "coins": 7, "total": 24},
    {"name": "Bob", "cards": ["Altar", "Temple", "Courthouse", "Baths", "Garrison", "Barracks",
                              "Stable"],
     "wonders": ["The Colossus"], "progress": [], "coins": 4, "total": 24},
]
DUEL_CONFLICT = {"toward": "Ann", "spaces": 5}
DUEL_VERDICT_PARTS = ("tie on 24", "Bob wins", "15", "to 7")


SUMMARY = "Ann 31 · Bob 31 · Cid 17"
"""The history line of `TABLE` (totals above)."""


def save_finished(store: Store) -> None:
    """`TABLE` as a finished game in the history."""
    done = replace(from_table(TABLE), finished=1_700_000_000.0)
    store.save_game(done, SUMMARY)
