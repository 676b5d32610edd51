"""A 7 Wonders table resolved against its ruleset: what the engine scores."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from scorer.effects import City as CityScope
from scorer.effects import Colour
from scorer.ruleset import Card, Leader, Ruleset, Wonder, WonderSide


@dataclass(frozen=True)
class Tokens:
    victories: dict[int, int]
    """Victory tokens by face value (1, 3, 5)."""
    defeats: int

    @property
    def victory_count(self) -> int:
        return sum(self.victories.values())

    @property
    def points_by_value(self) -> dict[int, int]:
        return {value: value * n for value, n in self.victories.items()}


NO_TOKENS = Tokens({1: 0, 3: 0, 5: 0}, 0)


@dataclass(frozen=True)
class City:
    index: int
    name: str
    wonder: Wonder
    side_name: str
    side: WonderSide
    stages_built: int
    cards: tuple[Card, ...]
    coins: int
    tokens: Tokens
    leaders: tuple[Leader, ...]
    free_city: bool = False
    copied_guild: Card | None = None
    """The table's choice for Olympia B, when given."""
    courtesan: Leader | None = None
    """The table's choice for the Courtesans Guild, when given."""

    @cached_property
    def colour_counts(self) -> Counter[Colour]:
        return Counter(card.colour for card in self.cards)

    def count(self, colours: tuple[Colour, ...]) -> int:
        return sum(self.colour_counts.get(c, 0) for c in colours)

    @property
    def guilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.colour == "purple")


@dataclass(frozen=True)
class Board:
    ruleset: Ruleset
    cities: tuple[City, ...]

    def neighbour(self, city: City, scope: CityScope) -> City:
        n = len(self.cities)
        if scope == "own":
            return city
        step = -1 if scope == "left" else 1
        return self.cities[(city.index + step) % n]
