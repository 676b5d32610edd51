"""Each game's part of the entry, one module per game: what the app needs of a game beyond
the engine (today: its draft as the spec's table file). The game is chosen as the engine
chooses it (`scorer.games.registry`: the ruleset's `[constants] protocol`), never by asking
what the table has (`has_boards`). A new game: its module here and one line in `ENTRIES`,
which mypy checks against `GameEntry` (a module without `table` is a type error)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Protocol

from scorer.facts import ruleset
from scorer.games.registry import game_of
from ui.entry.draft import Draft
from ui.entry.games import duel, seven_wonders


class GameEntry(Protocol):
    """What a game's entry module gives."""

    def table(self, draft: Draft) -> dict[str, Any]:
        """The draft as the spec's table file (version 1)."""
        ...


SEVEN_WONDERS: GameEntry = seven_wonders
DUEL: GameEntry = duel

ENTRIES: Mapping[str, GameEntry] = MappingProxyType({
    "seven_wonders": SEVEN_WONDERS,
    "duel": DUEL,
})
"""Every game's entry, by the engine's name of its game (`scorer.games.registry.GAMES`)."""


def entry_of(draft: Draft) -> GameEntry:
    """The entry module of the draft's game (a game the engine does not have: the engine's
    `RulesetLoadError`, as for any table of it)."""
    rules = ruleset(draft.game, draft.expansions)
    game_of(rules)  # a protocol no game has: said as the engine says it
    return ENTRIES[rules.constants.protocol]


def table_of(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for this draft, as its game writes it."""
    return entry_of(draft).table(draft)
