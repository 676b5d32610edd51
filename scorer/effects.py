"""The closed set of scoring effect kinds.

Every card, wonder stage, leader or token in `rulesets/` lists its effects as data; each
entry is one of the models below, chosen by its `kind`. `scorer.engine` gives each kind its
meaning in one `match`, so a new kind without a meaning fails `mypy --strict`.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypeAliasType

Colour = Literal["brown", "grey", "blue", "yellow", "green", "red", "purple", "black"]
"""Card colours an effect can count; "black": the City cards of 7 Wonders: Cities."""
CardColour = Literal["brown", "grey", "blue", "yellow", "green", "red", "purple", "black", "none"]
"""A card's colour; "none" for Agora's Senators, which are no colour and score nothing."""

Scope = Literal["own", "left", "right", "opponent"]
"""Which cities an effect counts in: the owner's, the neighbour on either side (7 Wonders),
or the opponent (Duel). (Not `City`: that is the resolved city of `scorer.board`.)"""

CountIn = Literal["each", "most"]
"""How an effect counting in several cities adds them up: "each" counts every listed city
and adds the counts (7 Wonders guilds); "most" counts only the listed city with the most
(Duel guilds: "in the city which has the most")."""

Symbol = Literal["compass", "gear", "tablet"]
DuelSymbol = Literal["globe", "law", "sundial", "mortar", "plumb_line", "quill", "wheel"]
"""The seven Duel science symbols (reference rules_duel.md §1.2); Law only from tokens."""


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class _PerCity(_Effect):
    """Points per item counted in the listed cities, added up or only the city with most."""

    points: int
    cities: tuple[Scope, ...] = Field(min_length=1)
    count_in: CountIn = "each"


class Points(_Effect):
    """Flat victory points (blue cards, wonder stages, Cleopatra...)."""

    kind: Literal["points"]
    points: int


class Shields(_Effect):
    """Shields: they decide conflicts, so they reach the score only through tokens."""

    kind: Literal["shields"]
    shields: int = Field(ge=1)


class ScienceSymbol(_Effect):
    """One fixed science symbol (green cards, Euclid, Ptolemy, Pythagoras; Duel green
    cards and the Law token)."""

    kind: Literal["science_symbol"]
    symbol: Symbol | DuelSymbol


class ScienceWildcard(_Effect):
    """A symbol of the owner's choice at game end (Scientists Guild, Babylon)."""

    kind: Literal["science_wildcard"]
    count: int = Field(default=1, ge=1)


class PerCard(_PerCity):
    """Points per card of the given colours in the given cities (guilds, yellow cards,
    Phidias, Hiram...; `count_in = "most"`: the Duel guilds, Shipowners counting brown and
    grey of one city)."""

    kind: Literal["per_card"]
    colours: tuple[Colour, ...] = Field(min_length=1)
    only_guilds: bool = False
    """Count only the guilds among them (Duel Hiram: "Guild cards"; a Pantheon Grand
    Temple is purple but no guild)."""


class PerWonderStage(_PerCity):
    """Points per built wonder stage (7 Wonders) or wonder built (Duel) in the given cities
    (Builders Guild, Arena, Amytis; `count_in = "most"`: the Duel Builders Guild)."""

    kind: Literal["per_wonder_stage"]


class PerDefeatToken(_PerCity):
    """Points per defeat token held in the given cities (Strategists Guild)."""

    kind: Literal["per_defeat_token"]


class PerVictoryToken(_Effect):
    """Points per victory token the owner holds, whatever its value (Alexander), or of one
    value (`value`: 2nd-edition Cities' Guardhouse counts Age II's tokens of 3)."""

    kind: Literal["per_victory_token"]
    points: int
    value: int | None = None


class PerCoins(_PerCity):
    """Points per full set of `coins` coins in a treasury: the owner's (Midas, Gamers Guild),
    or with `count_in = "most"` the richest of the given cities (Duel Moneylenders Guild).
    With "each" over several cities, each city's sets are counted on its own."""

    kind: Literal["per_coins"]
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


class PerLeader(_PerCity):
    """Points per recruited (face-up) leader in the given cities (Diplomats Guild)."""

    kind: Literal["per_leader"]


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


class CardMajority(_Effect):
    """Points if the owner has strictly more cards of the given colours than each neighbour
    (2nd-ed Leaders: Phryne, Cornelia, Euryptyle, Theano). Two kinds, not one with "cards
    or coins" options: each kind then has exactly the fields its rule reads, and a card
    majority without colours cannot be written."""

    kind: Literal["card_majority"]
    points: int
    colours: tuple[Colour, ...] = Field(min_length=1)


class CoinMajority(_Effect):
    """Points if the owner has strictly more coins than each neighbour (Makeda)."""

    kind: Literal["coin_majority"]
    points: int


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


class PerProgressToken(_Effect):
    """Points per progress token the owner holds, this one included when it is a token
    (Mathematics; Duel Aristotle)."""

    kind: Literal["per_progress_token"]
    points: int


class PerChainPair(_Effect):
    """Points per pair in the owner's city of something giving a chain symbol and a card
    using it (Duel Vitruvius: Theater + Statue is one pair)."""

    kind: Literal["per_chain_pair"]
    points: int


class ByConquests(_Effect):
    """Points by the number of military tokens the owner took from the opponent's side:
    `points[n]` for n conquests (Duel Alexander: 0, 2, 5)."""

    kind: Literal["by_conquests"]
    points: tuple[int, ...] = Field(min_length=1)


class BuriedLeaderCost(_Effect):
    """The leader buried under this wonder is worth `factor` x its coin cost, in the
    leaders row (Duel Leaders, Abu Simbel)."""

    kind: Literal["buried_leader_cost"]
    factor: int = Field(ge=1)


# --- Pantheon (Duel) ---------------------------------------------------------------------


class ByGroupCount(_Effect):
    """Points by how many cards of a group the owner's city holds, `points[n]` for n, once
    for the whole group (Pantheon Grand Temples: 0, 5, 12, 21). Every card of the group
    carries it; the city's first one writes the line."""

    kind: Literal["by_group_count"]
    group: str = Field(min_length=1)
    points: tuple[int, ...] = Field(min_length=2)


class PerPantheonToken(_Effect):
    """Points per Mythology token and per Offering token the owner still holds
    (Pantheon Mysticism)."""

    kind: Literal["per_pantheon_token"]
    points: int


class CoinsOnCard(_Effect):
    """Points per coin still on this card at the end, kept apart from the treasury (Pantheon
    Astarte: at most `most`, the coins put on her)."""

    kind: Literal["coins_on_card"]
    points: int
    most: int = Field(ge=1)


class SnakeSymbol(_Effect):
    """The science symbol of the opponent's green card under the Snake token (Pantheon
    Nisaba); unknown while the table does not say which card."""

    kind: Literal["snake_symbol"]


# --- end of Pantheon (Duel) ----------------------------------------------------------------


# --- 7 Wonders multiplayer expansions (issue 34: Cities, Armada, Babel, Edifice, Wonder Pack) ---


class CopyNeighbourScience(_Effect):
    """A mask (Cities' Pigeon Loft, Spy Ring, Torture Chamber; the Great Wall B): at game
    end, one science symbol printed on a green card of either neighbouring city, even one
    the owner holds too. The engine picks the copy that scores most."""

    kind: Literal["copy_neighbour_science"]


class CopyNeighbourStage(_Effect):
    """A wonder stage that copies a stage of a neighbour's wonder (Manneken Pis A): it gives
    what that stage gives. Its points are read off the table (the board is "as printed":
    the `wonder_points` piece); its shields are what the checks take from it (a copied
    Rhodos stage's 2 shields). `neighbours`: whose stage it may copy (either: the player
    chose when building)."""

    kind: Literal["copy_neighbour_stage"]
    neighbours: tuple[Literal["left", "right"], ...] = Field(min_length=1)
    stage: int = Field(ge=1)
    """The copied stage's number on the neighbour's board (1 = leftmost)."""


class Diplomacy(_Effect):
    """A diplomacy token (Cities, the Great Wall B): no points; the owner sits out that
    Age's conflicts. It bounds the table's `diplomacy` entries (which Ages)."""

    kind: Literal["diplomacy"]
    ages: tuple[int, ...] = ()
    """The Ages it can be used in (an Age card's own Age); empty: any Age (a wonder stage
    or a leader, used in the Age it is built or recruited)."""


class PerVictoryTokenIn(_PerCity):
    """Points per victory token, whatever its value, held in the given cities (Cities'
    Mourners Guild: the two neighbours; Slave Market: the owner's)."""

    kind: Literal["per_victory_token_in"]


class EntombedLeaders(_Effect):
    """Abu Simbel (Wonder Pack): the stage entombs one recruited leader; at game end each
    entombed leader is worth `factor` x the coins printed on it, in the leaders row (as
    Duel's buried leader: table-format.md's Result)."""

    kind: Literal["entombed_leaders"]
    factor: int = Field(ge=1)


class TokenFaces(_Effect):
    """A piece held as tokens by face value (Cities' debt, Armada's naval tokens): the sum
    of the faces, as printed on the tokens."""

    kind: Literal["token_faces"]


class ByCount(_Effect):
    """A piece held as a count: `points[n]` for n of them (Babel: tiles built 0-3 give
    0, 2, 5, 10)."""

    kind: Literal["by_count"]
    points: tuple[int, ...] = Field(min_length=1)


class SymbolsCounted(_Effect):
    """A piece held as a count of one science symbol (Armada: the symbols its cards and
    Islands give, as the table reads them off): each one a symbol of the city's science."""

    kind: Literal["symbols_counted"]
    symbol: Symbol


class AsPrinted(_Effect):
    """A piece whose points the table reads off a printed component (an Island card, a
    shipyard track, a Great Project): the points entered, where no source gives the values
    card by card."""

    kind: Literal["as_printed"]


# A named alias: cards, wonder stages, wonders, leaders and progress tokens all list
# effects, and pydantic builds a named alias's validator once for all of them (an
# anonymous union once per field: about 2 ms of each command line's start).
Effect = TypeAliasType(
    "Effect",
    Annotated[
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
        | CardMajority
        | CoinMajority
        | NoDefeatBonus
        | VictoryTokenPairs
        | SoleLeaderBonus
        | ExtraScienceSymbolOfMost
        | ConvertScienceSymbol
        | PerProgressToken
        | PerChainPair
        | ByConquests
        | BuriedLeaderCost
        # Pantheon (Duel)
        | ByGroupCount
        | PerPantheonToken
        | CoinsOnCard
        | SnakeSymbol
        # --- multiplayer expansions (issue 34) ---
        | CopyNeighbourScience
        | CopyNeighbourStage
        | Diplomacy
        | PerVictoryTokenIn
        | EntombedLeaders
        | TokenFaces
        | ByCount
        | SymbolsCounted
        | AsPrinted,
        Field(discriminator="kind"),
    ],
)
