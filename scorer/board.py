"""A table resolved against its ruleset: what the engine scores. One `City` shape serves
7 Wonders (a board with stages) and Duel (wonders built, progress tokens, influence)."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.effects import CardColour, Colour
from scorer.effects import City as CityScope
from scorer.ruleset import Card, Leader, ProgressToken, Ruleset, Wonder, WonderSide


@dataclass(frozen=True)
class Tokens:
    victories: dict[int, int]
    """Victory tokens by face value (1, 3, 5)."""
    defeats: int

    @property
    def victory_count(self) -> int:
        return sum(self.victories.values())


NO_TOKENS = Tokens({1: 0, 3: 0, 5: 0}, 0)

NO_BOARD = Wonder.model_construct(name="(no wonder board)", aliases=(), resource="", sides={})
"""A Duel city has no board: its wonders are separate cards (`City.wonders`)."""
NO_SIDE = WonderSide.model_construct(stages=())


@dataclass(frozen=True)
class Buried:
    """Duel Leaders, Abu Simbel: the leader under the wonder and the cost that counts."""

    leader: Leader
    cost: int


@dataclass(frozen=True, kw_only=True)
class City:
    index: int
    name: str
    wonder: Wonder = NO_BOARD
    side_name: str = ""
    side: WonderSide = NO_SIDE
    stages_built: int
    """Wonder stages built (7 Wonders) or wonders built (Duel)."""
    cards: tuple[Card, ...]
    coins: int
    tokens: Tokens = NO_TOKENS
    leaders: tuple[Leader, ...]
    wonders: tuple[Wonder, ...] = ()
    """Duel: the wonders built."""
    progress: tuple[ProgressToken, ...] = ()
    """Duel: the progress tokens owned."""
    influence: tuple[int, ...] = ()
    """Agora: cubes in Chambers 1-6."""
    conquests: int = 0
    """Duel Leaders: military tokens taken from the opponent's side of the track."""
    buried: Buried | None = None
    free_city: bool = False
    copied_guild: Card | None = None
    """The table's choice for Olympia B, when given."""
    courtesan: Leader | None = None
    """The table's choice for the Courtesans Guild, when given."""

    colour_counts: dict[CardColour, int] = field(init=False, repr=False, compare=False)
    copies_a_guild: bool = field(init=False, repr=False, compare=False)
    """A built stage copies a neighbour's guild (1st-edition Olympia B)."""
    copies_a_leader: bool = field(init=False, repr=False, compare=False)
    """A card of the city copies a neighbour's leader (Courtesans Guild)."""

    def __post_init__(self) -> None:
        """What effects ask of the city again and again, worked out once (eager, not a
        cached property: the compiled engine's classes keep no instance dict). Kinds are
        told by their tag: an isinstance test of a pydantic class is far slower."""
        built = self.side.stages[: self.stages_built]
        colours: dict[CardColour, int] = {}
        for card in self.cards:
            colours[card.colour] = colours.get(card.colour, 0) + 1
        derived = {
            "colour_counts": colours,
            "copies_a_guild": any(
                e.kind == "copy_neighbour_guild" for s in built for e in s.effects
            ),
            "copies_a_leader": any(
                e.kind == "copy_neighbour_leader" for c in self.cards for e in c.effects
            ),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # frozen: set once, here

    def count(self, colours: tuple[Colour, ...]) -> int:
        counts = self.colour_counts
        return sum([counts.get(c, 0) for c in colours])

    @property
    def guilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.colour == "purple")


def guilds_beside(left: City, right: City) -> dict[str, Card]:
    """The guilds a city could copy from its neighbours, by name (each once)."""
    return {g.name: g for g in (*left.guilds, *right.guilds)}


def leaders_beside(left: City, right: City) -> dict[str, Leader]:
    """The recruited leaders a city could copy from its neighbours, by name."""
    return {ld.name: ld for ld in (*left.leaders, *right.leaders)}


@dataclass(frozen=True)
class Track:
    """Duel: the Conflict pawn, `spaces` from the centre toward the capital of city
    `toward` (None at the centre)."""

    toward: int | None
    spaces: int


@dataclass(frozen=True)
class Board:
    ruleset: Ruleset
    cities: tuple[City, ...]
    track: Track | None = None
    """Duel only."""

    def around(self, city: City, scopes: tuple[CityScope, ...]) -> list[City]:
        return [self.neighbour(city, s) for s in scopes]

    def neighbour(self, city: City, scope: CityScope) -> City:
        n = len(self.cities)
        if scope == "own":
            return city
        if scope == "opponent":
            if n != 2:
                raise ValueError("the opponent scope is for two-player (Duel) boards")
            return self.cities[1 - city.index]
        step = -1 if scope == "left" else 1
        return self.cities[(city.index + step) % n]
