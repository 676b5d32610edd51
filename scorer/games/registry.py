"""Which package plays which game: a ruleset's `[constants] protocol` is a key of `GAMES`.

A static mapping that mypy follows: each game's package (a module) is assigned to a name
typed as the `Game` protocol over its own state, so a package that lacks a step, or whose
step takes or gives the wrong types, fails `mypy --strict` here. A new game of the family:
its package under `scorer/games/`, its rulesets, and one line in each of the two blocks
below. The engine's front door (`scorer.api`) asks `game_of` and names no game."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scorer.board import Board
from scorer.games import Game, duel, seven_wonders
from scorer.games.duel.state import DuelGame
from scorer.ruleset import Ruleset, RulesetLoadError

SEVEN_WONDERS: Game[Board] = seven_wonders
"""7 Wonders (1st and 2nd edition, Leaders, Cities...): its state is the board."""
DUEL: Game[DuelGame] = duel
"""7 Wonders Duel (Pantheon, Agora, Duel Leaders): its state is the board and the
supremacies it shows."""

GAMES: Mapping[str, Game[Any]] = MappingProxyType({
    "seven_wonders": SEVEN_WONDERS,
    "duel": DUEL,
})
"""Every game the engine plays, by the name its rulesets give as `[constants] protocol`."""


def game_of(rules: Ruleset) -> Game[Any]:
    """The package that plays this ruleset's game. A name no game has is a problem of the
    installation's data (RulesetLoadError, as the loader's: the CLI says it and exits 2),
    never a KeyError."""
    protocol = rules.constants.protocol
    found = GAMES.get(protocol)
    if found is None:
        raise RulesetLoadError([
            f"rulesets/{rules.game}: [constants]: protocol: no game {protocol!r} in "
            f"scorer.games.registry.GAMES; expected one of {sorted(GAMES)}"])
    return found
