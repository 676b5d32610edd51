"""Large, legal tables for the benchmarks, built from the rulesets (not hand-typed)."""

from __future__ import annotations

from typing import Any

from scorer import load_ruleset
from scorer.effects import Shields

BOARDS = ["Alexandria", "Babylon", "Ephesos", "Gizah", "Halikarnassos", "Olympia", "Rome"]
SIDES = ["B", "A", "B", "B", "A", "B", "A"]
STAGES = [3, 3, 3, 3, 3, 3, 2]
LEADERS = [
    ["Aristotle", "Euclid", "Caesar"],
    ["Pythagoras", "Ptolemy", "Midas"],
    ["Plato", "Justinian", "Nefertiti"],
    ["Hiram", "Pericles", "Amytis"],
    ["Alexander", "Hypatia", "Zenobia"],
    ["Cleopatra", "Phidias", "Varro"],
    ["Nebuchadnezzar", "Praxiteles", "Sappho"],
]
GUILDS = [
    "Scientists Guild",
    "Courtesans Guild",
    "Builders Guild",
    "Workers Guild",
    "Spies Guild",
    "Diplomats Guild",
    "Architects Guild",
    "Shipowners Guild",
    "Magistrates Guild",
]


def seven_player_leaders_table() -> dict[str, Any]:
    """Every card of the 7-player 1st-edition deck dealt: each city builds 6 of its 7 cards
    per Age (the 7th is discarded), tucking some under its wonder; leaders recruited;
    wildcards (Babylon A, Scientists Guild); a Courtesan for the engine to choose."""
    rules = load_ruleset("7wonders-1e", ("leaders",))
    n = 7
    cities: list[list[str]] = [[] for _ in range(n)]
    shields = [[0, 0, 0] for _ in range(n)]
    for age in (1, 2, 3):
        deck = [c for c in rules.cards.values() if age in c.ages and c.colour != "purple"]
        copies = [
            (c, k)
            for c in deck
            for k in range(sum(1 for m in c.copies if m <= n) // len(c.ages))  # per Age
        ]
        if age == 3:
            guilds = [rules.cards.get(g) for g in GUILDS]
            copies = [(g, 0) for g in guilds if g is not None] + copies
        hands: list[list[str]] = [[] for _ in range(n)]
        for index, (card, k) in enumerate(copies):
            # spread copies of one name over different cities
            for step in range(n):
                seat = (index + k + step) % n
                if len(hands[seat]) < 7 and card.name not in hands[seat] + cities[seat]:
                    hands[seat].append(card.name)
                    break
        for seat, hand in enumerate(hands):
            built = hand[: 6 - (1 if age <= STAGES[seat] else 0)]
            cities[seat].extend(built)
            for name in built:
                played = rules.cards.get(name)
                assert played is not None
                shields[seat][age - 1] += sum(
                    e.shields for e in played.effects if isinstance(e, Shields)
                )
    for seat, names in enumerate(LEADERS):  # leaders' shields count from Age III on
        for name in names:
            leader = rules.leaders.get(name)
            assert leader is not None
            shields[seat][2] += sum(e.shields for e in leader.effects if isinstance(e, Shields))
    players = []
    for seat in range(n):
        players.append(
            {
                "name": f"Player {seat + 1}",
                "wonder": {"board": BOARDS[seat], "side": SIDES[seat], "stages": STAGES[seat]},
                "cards": cities[seat],
                "coins": 3 + 2 * seat,
                "leaders": LEADERS[seat],
                "shields": [sum(shields[seat][: a + 1]) for a in range(3)],
            }
        )
    return {"game": "7wonders-1e", "expansions": ["leaders"], "players": players}


def duel_table() -> dict[str, Any]:
    """A complete 7 Wonders Duel game with Agora and Duel Leaders: every Age played out (20
    cards a city, guilds, Senators and Senate cubes, 7 wonders built, progress tokens,
    leaders, a buried leader under Abu Simbel, the pawn 6 spaces toward Ann). The table of
    tests/scenarios/duel/complete-game-agora-leaders.json, worked by hand there; the engine
    accepts it (`python -m scorer score`)."""
    return {
        "game": "duel",
        "expansions": [
            "agora",
            "leaders"
        ],
        "players": [
            {
                "name": "Ann",
                "cards": [
                    "Lumber Yard",
                    "Clay Pit",
                    "Press",
                    "Altar",
                    "Apothecary",
                    "Palisade",
                    "Wood Reserve",
                    "Politician",
                    "Conspirator",
                    "Shelf Quarry",
                    "Temple",
                    "School",
                    "Rostrum",
                    "Customs House",
                    "Politician",
                    "Senate",
                    "Pantheon",
                    "Fortifications",
                    "Builders Guild",
                    "Merchants Guild"
                ],
                "wonders": [
                    "Knossos",
                    "Rome",
                    "The Great Lighthouse"
                ],
                "progress": [
                    "Mathematics",
                    "Corruption"
                ],
                "coins": 9,
                "influence": [
                    2,
                    0,
                    1,
                    2,
                    0,
                    0
                ],
                "leaders": [
                    "Cleopatra",
                    "Hiram",
                    "Amytis"
                ]
            },
            {
                "name": "Bob",
                "cards": [
                    "Stone Pit",
                    "Quarry",
                    "Glassworks",
                    "Theater",
                    "Baths",
                    "Stable",
                    "Garrison",
                    "Pharmacist",
                    "Conspirator",
                    "Glassblower",
                    "Statue",
                    "Aqueduct",
                    "Horse Breeders",
                    "Barracks",
                    "Dispensary",
                    "Politician",
                    "Gardens",
                    "Circus",
                    "Port",
                    "Tacticians Guild"
                ],
                "wonders": [
                    "Abu Simbel",
                    "The Colossus",
                    "Circus Maximus",
                    "Curia Julia"
                ],
                "progress": [
                    "Agriculture"
                ],
                "coins": 6,
                "influence": [
                    0,
                    1,
                    1,
                    2,
                    3,
                    0
                ],
                "leaders": [
                    "Nebuchadnezzar",
                    "Alexander"
                ],
                "buried": {
                    "leader": "Pericles",
                    "cost": 3
                }
            }
        ],
        "conflict": {
            "toward": "Ann",
            "spaces": 6
        }
    }
