"""Each game's sections of the city screen and of the table screen, one module per game,
chosen as the engine chooses the game (`scorer.games.registry`: the ruleset's `[constants]
protocol`), never by asking what the table has. A new game: its module here and one line
in `CITY`, which mypy checks against `CityGame`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

import flet as ft

from scorer.facts import ruleset
from scorer.games.registry import game_of
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from ui.entry.draft import Draft
from ui.entry.edits import Edit as AnEdit
from ui.screens.city_parts import Edit
from ui.screens.games import duel, seven_wonders
from ui.session.verdicts import Evaluation


class CityGame(Protocol):
    """What a game's module gives the city screen."""

    def board(self, i: int) -> ft.Control | None:
        """Seat `i`'s wonder board as a part of its own, or None (a game without boards)."""
        ...

    def pieces(self, i: int, rules: Ruleset) -> ft.Control | None:
        """Seat `i`'s numbers of the game's expansions (Cities' debt, Pantheon's tokens...)
        as a part of its own, or None (`rules` has none)."""
        ...

    def named_sections(self, draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str,
                       mine: dict[str, list[str]], clear_query: Callable[[], None]
                       ) -> list[ft.Control]:
        """The sections of names seat `i`'s city has (leaders, Duel wonders, progress...),
        with `mine`, the engine's messages by field."""
        ...

    def table_sections(self, draft: Draft, edit: Callable[[AnEdit], None],
                       evaluation: Evaluation | None, rest: list[Problem]
                       ) -> tuple[list[ft.Control], list[Problem]]:
        """The game's parts of the table screen beyond its players (Duel's pawn, a
        supremacy), each with the problems of `rest` about it; and the problems left."""
        ...


SEVEN_WONDERS: CityGame = seven_wonders
DUEL: CityGame = duel

CITY: Mapping[str, CityGame] = MappingProxyType({
    "seven_wonders": SEVEN_WONDERS,
    "duel": DUEL,
})
"""Every game's city sections, by the engine's name of its game."""


def city_game(game: str, expansions: list[str] | tuple[str, ...]) -> CityGame:
    """The city sections of this game (a game the engine does not have: its error)."""
    rules = ruleset(game, list(expansions))
    game_of(rules)
    return CITY[rules.constants.protocol]
