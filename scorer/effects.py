"""The closed set of scoring effect kinds.

Every card, wonder stage, leader or token in `rulesets/` lists its effects as data; each
entry is one of the models below, chosen by its `kind`. `scorer.engine` gives each kind its
meaning in one `match`, so a new kind without a meaning fails `mypy --strict`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Colour = Literal["brown", "grey", "blue", "yellow", "green", "red", "purple"]
City = Literal["own", "left", "right"]
"""Which cities an effect counts in: the owner's, or the neighbour on either side."""

Symbol = Literal["compass", "gear", "tablet"]
CITY_SCOPES: tuple[City, ...] = ("own", "left", "right")


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Points(_Effect):
    """Flat victory points (blue cards, wonder stages, Cleopatra...)."""

    kind: Literal["points"]
    points: int


class Shields(_Effect):
    """Shields: they decide conflicts, so they reach the score only through tokens."""

    kind: Literal["shields"]
    shields: int = Field(ge=1)


class ScienceSymbol(_Effect):
    """One fixed science symbol (green cards, Euclid, Ptolemy, Pythagoras)."""

    kind: Literal["science_symbol"]
    symbol: Symbol


class ScienceWildcard(_Effect):
    """A symbol of the owner's choice at game end (Scientists Guild, Babylon)."""

    kind: Literal["science_wildcard"]
    count: int = Field(default=1, ge=1)


class PerCard(_Effect):
    """Points per card of the given colours in the given cities (guilds, yellow cards,
    Phidias, Hiram...)."""

    kind: Literal["per_card"]
    points: int
    colours: tuple[Colour, ...] = Field(min_length=1)
    cities: tuple[City, ...] = Field(min_length=1)


class PerWonderStage(_Effect):
    """Points per built wonder stage in the given cities (Builders Guild, Arena, Amytis)."""

    kind: Literal["per_wonder_stage"]
    points: int
    cities: tuple[City, ...] = Field(min_length=1)


class PerDefeatToken(_Effect):
    """Points per defeat token held in the given cities (Strategists Guild)."""

    kind: Literal["per_defeat_token"]
    points: int
    cities: tuple[City, ...] = Field(min_length=1)


class PerVictoryToken(_Effect):
    """Points per victory token the owner holds, whatever its value (Alexander)."""

    kind: Literal["per_victory_token"]
    points: int


class PerCoins(_Effect):
    """Points per full set of `coins` coins in the owner's treasury (Midas, Gamers Guild)."""

    kind: Literal["per_coins"]
    points: int
    coins: int = Field(ge=1)


class PerColourSet(_Effect):
    """Points per complete set of one card of each given colour (Plato, Justinian)."""

    kind: Literal["per_colour_set"]
    points: int
    colours: tuple[Colour, ...] = Field(min_length=2)


class PerScienceSet(_Effect):
    """Extra points per complete compass+gear+tablet set (Aristotle): it changes what the
    best wildcard assignment is, so the science search takes it into account."""

    kind: Literal["per_science_set"]
    points: int


class PerLeader(_Effect):
    """Points per recruited (face-up) leader in the given cities (Diplomats Guild)."""

    kind: Literal["per_leader"]
    points: int
    cities: tuple[City, ...] = Field(min_length=1)


class WonderComplete(_Effect):
    """Points if every stage of the owner's wonder is built (Decorators Guild)."""

    kind: Literal["wonder_complete"]
    points: int


class CopyNeighbourGuild(_Effect):
    """Score one guild of a neighbour as if it were one's own (1st-ed Olympia B)."""

    kind: Literal["copy_neighbour_guild"]


class CopyNeighbourLeader(_Effect):
    """Gain the effect of one recruited leader of a neighbour (Courtesans Guild)."""

    kind: Literal["copy_neighbour_leader"]


class MajorityBonus(_Effect):
    """Points if the owner has strictly more of something than each neighbour
    (2nd-ed Leaders: Phryne, Cornelia, Euryptyle, Theano by card colour; Makeda by coins)."""

    kind: Literal["majority_bonus"]
    points: int
    colours: tuple[Colour, ...] = ()
    coins: bool = False


class NoDefeatBonus(_Effect):
    """Points if the owner holds no defeat token (Cynisca)."""

    kind: Literal["no_defeat_bonus"]
    points: int


class VictoryTokenPairs(_Effect):
    """For each pair of identical victory tokens, points equal to the token's value (Gorgo)."""

    kind: Literal["victory_token_pairs"]


class SoleLeaderBonus(_Effect):
    """Points if this is the owner's only face-up leader (Agrippina)."""

    kind: Literal["sole_leader_bonus"]
    points: int


class ExtraScienceSymbolOfMost(_Effect):
    """One more symbol of the type the owner has most of, at game end (Enheduanna)."""

    kind: Literal["extra_symbol_of_most"]


class ConvertScienceSymbol(_Effect):
    """At game end, turn one of the owner's symbols into another (Aganice)."""

    kind: Literal["convert_science_symbol"]


Effect = Annotated[
    Points
    | Shields
    | ScienceSymbol
    | ScienceWildcard
    | PerCard
    | PerWonderStage
    | PerDefeatToken
    | PerVictoryToken
    | PerCoins
    | PerColourSet
    | PerScienceSet
    | PerLeader
    | WonderComplete
    | CopyNeighbourGuild
    | CopyNeighbourLeader
    | MajorityBonus
    | NoDefeatBonus
    | VictoryTokenPairs
    | SoleLeaderBonus
    | ExtraScienceSymbolOfMost
    | ConvertScienceSymbol,
    Field(discriminator="kind"),
]
