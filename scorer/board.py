"""A table resolved against its ruleset: what the engine scores. One `City` shape serves
7 Wonders (a board with stages) and Duel (wonders built, progress tokens, influence)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from scorer.effects import (
    CardColour,
    Colour,
    CopyNeighbourGuild,
    CopyNeighbourLeader,
    CopyNeighbourStage,
    Effect,
    Scope,
    Shields,
)
from scorer.ruleset import (
    Card,
    Divinity,
    Leader,
    ProgressToken,
    Ruleset,
    Wonder,
    WonderSide,
    WonderStage,
)


class Tokens(NamedTuple):
    victories: dict[int, int]
    """Victory tokens by face value (the ruleset's `victory_token_by_age`); a face not
    listed is none."""
    defeats: int

    @property
    def victory_count(self) -> int:
        return sum(self.victories.values())


NO_TOKENS = Tokens({}, 0)

NO_BOARD = Wonder.model_construct(name="(no wonder board)", aliases=(), resource="", sides={})
"""A Duel city has no board: its wonders are separate cards (`City.wonders`)."""
NO_SIDE = WonderSide.model_construct(stages=())


class Buried(NamedTuple):
    """Duel Leaders, Abu Simbel: the leader under the wonder and the cost that counts."""

    leader: Leader
    cost: int


@dataclass(frozen=True, kw_only=True)
class City:
    """One seat's city as the engine scores it: its known things, less what was set aside."""

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
    # --- Pantheon (Duel) ---
    divinities: tuple[Divinity, ...] = ()
    """The Divinities (and the Gate) the city's player activated."""
    astarte_coins: int = 0
    """Coins still on Astarte: not in the treasury."""
    mythology_tokens: int = 0
    offering_tokens: int = 0
    snake: Card | None = None
    """The opponent's green card under the Snake token (Nisaba), when the table says."""
    free_city: bool = False
    on_paper: bool = False
    """Its player counted on a paper pad (the table's `paper`): its cards and leaders are
    not known, so what counts them next door may be short (`engine._per_item`)."""
    copied_guild: Card | None = None
    """The table's choice for Olympia B, when given."""
    courtesan: Leader | None = None
    """The table's choice for the Courtesans Guild, when given."""
    copied_stage_from: tuple[Scope, ...] | None = None
    """Manneken Pis A's third stage (it copies either neighbour's): the neighbours it may
    have copied, narrowed by the table (its choice, one; or its shields); None: either."""
    copied_stage_entered: str | None = None
    """The board the table's choice names for that stage (said "as entered")."""
    # --- multiplayer expansions (issue 34) ---
    stage_numbers: tuple[int, ...] | None = None
    """A board built in any order (the Great Wall): the numbers of the stages built."""
    diplomacy: tuple[int, ...] = ()
    """Cities: the Ages in which the city used a diplomacy token (sat out the conflicts)."""
    tokens_held: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    """Pieces held as tokens, by key and face value (Cities' debt, Armada's naval)."""
    counts: Mapping[str, int] = field(default_factory=dict)
    """Pieces counted, by key (Babel tiles built)."""
    printed: Mapping[str, int] = field(default_factory=dict)
    """Points read off printed components, by piece key."""
    entombed: tuple[Leader, ...] = ()
    """Abu Simbel: the leaders entombed under it."""

    @cached_property
    def built(self) -> tuple[tuple[int, WonderStage], ...]:
        """The stages built, each with its number (1 = leftmost): the first `stages_built`,
        or the ones a board built in any order lists."""
        stages = self.side.stages
        if self.stage_numbers is not None:
            return tuple((n, stages[n - 1]) for n in self.stage_numbers if n <= len(stages))
        return tuple(enumerate(stages[: self.stages_built], start=1))

    @property
    def built_stages(self) -> tuple[WonderStage, ...]:
        return tuple(stage for _n, stage in self.built)

    @cached_property
    def builds_from_discard(self) -> bool:
        """Whether a stage built, a leader or a card of the city builds a card from the
        discard (`from_discard`): a card of an earlier Age may then come in a later one."""
        return any(st.from_discard for st in self.built_stages) or any(
            ld.from_discard for ld in self.leaders) or any(card.from_discard for card in self.cards)

    @cached_property
    def colour_counts(self) -> dict[CardColour, int]:
        """Cards of each colour (worked out once: the city never changes)."""
        counts: dict[CardColour, int] = {}
        for card in self.cards:
            counts[card.colour] = counts.get(card.colour, 0) + 1
        return counts

    def count(self, colours: tuple[Colour, ...]) -> int:
        """Cards of the given colours in the city."""
        counts = self.colour_counts
        if len(colours) == 1:  # the common case: one colour
            return counts.get(colours[0], 0)
        return sum([counts.get(c, 0) for c in colours])

    @cached_property
    def copies_a_guild(self) -> bool:
        """A built stage copies a neighbour's guild (1st-edition Olympia B)."""
        return any(
            isinstance(e, CopyNeighbourGuild)
            for s in self.built_stages
            for e in s.effects
        )

    @cached_property
    def copies_a_leader(self) -> bool:
        """A card of the city copies a neighbour's leader (Courtesans Guild)."""
        return self.leader_copier is not None

    @property
    def leader_copier(self) -> str | None:
        """The name of the city's card that copies a neighbour's leader, if any."""
        return next((card.name for card in self.cards if copies_leaders(card)), None)

    @cached_property
    def leaders_ever(self) -> tuple[Leader, ...]:
        """The recruited leaders and the one buried under Abu Simbel: a buried leader loses
        its ability, but what it already did stays (seed 003: "các hiệu ứng đã xảy ra rồi
        thì sẽ không bị hủy bỏ"), so the limits it raised (Imhotep's 8th wonder, Ramses'
        4th guild, Euclid's symbol) still hold for the table."""
        if self.buried is None:
            return self.leaders
        return (*self.leaders, self.buried.leader)

    @cached_property
    def guilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_guild)


def neighbour(cities: Sequence[City], city: City, scope: Scope) -> City:
    """The one neighbour rule: "left" is the seat before, "right" the seat after (wrapping
    around the table), "opponent" the other city of a two-player (Duel) board. Takes the
    seats as a sequence so that validation can use it before a `Board` exists."""
    n = len(cities)
    match scope:
        case "own":
            return city
        case "opponent":
            if n != 2:  # a Duel table of the wrong size (`player-count`): nobody opposite
                return _nobody(city)
            return cities[1 - city.index]
        case "left":
            return cities[(city.index - 1) % n]
        case "right":
            return cities[(city.index + 1) % n]


def _nobody(city: City) -> City:
    """An empty city opposite `city`, so that a Duel table of the wrong player count is
    still scored (each city on its own) and checked, beside its `player-count` problem."""
    return City(
        index=-1,
        name="",
        stages_built=0,
        cards=(),
        coins=0,
        leaders=(),
        influence=(0,) * len(city.influence),
    )


def beside(cities: Sequence[City], city: City) -> tuple[City, City]:
    """The left and the right neighbour."""
    return neighbour(cities, city, "left"), neighbour(cities, city, "right")


def copies_leaders(card: Card) -> bool:
    """Whether the card copies a neighbour's leader (the Courtesans Guild), in a city or as
    Olympia B's copy of it."""
    return any(isinstance(e, CopyNeighbourLeader) for e in card.effects)


def guilds_beside(left: City, right: City) -> dict[str, Card]:
    """The guilds a city could copy from its neighbours, by name (each once)."""
    return {g.name: g for g in (*left.guilds, *right.guilds)}


def leaders_beside(left: City, right: City) -> dict[str, Leader]:
    """The recruited leaders a city could copy from its neighbours, by name."""
    return {ld.name: ld for ld in (*left.leaders, *right.leaders)}


class Track(NamedTuple):
    """Duel: the Conflict pawn, `spaces` from the centre toward the capital of city
    `toward` (None at the centre)."""

    toward: int | None
    spaces: int


@dataclass(frozen=True)
class Board:
    """Every city of a table with the ruleset they are scored by."""

    ruleset: Ruleset
    cities: tuple[City, ...]
    track: Track | None = None
    """Duel only."""
    shield_tokens: tuple[Tokens, ...] | None = None
    """7 Wonders: the conflict tokens each city's per-Age shields give, when every player
    gave them and no leader moves tokens (worked out once: resolving and a check use it)."""

    def around(self, city: City, scopes: tuple[Scope, ...]) -> list[City]:
        return [neighbour(self.cities, city, s) for s in scopes]

    def neighbour(self, city: City, scope: Scope) -> City:
        return neighbour(self.cities, city, scope)

    def beside(self, city: City) -> tuple[City, City]:
        return beside(self.cities, city)

    def copy_scopes(self, city: City, copy: CopyNeighbourStage) -> tuple[Scope, ...]:
        """The neighbours whose stage `copy` may have copied: those whose board has that
        stage (whether the neighbour must have built it, no source says [?]: its board
        decides, built or not), narrowed to the table's (`copied_stage_from`) for a stage
        that copies either neighbour's."""
        scopes = tuple(scope for scope in copy.neighbours
                       if copy.stage <= len(self.neighbour(city, scope).side.stages))
        if len(copy.neighbours) > 1 and city.copied_stage_from is not None:
            scopes = tuple(s for s in scopes if s in city.copied_stage_from)
        return scopes

    def copy_choices(self, city: City) -> tuple[Scope, ...]:
        """The neighbours a built stage copying either neighbour's (Manneken Pis A's third)
        may still have copied: two when the engine has to pick (`score_city`), else none."""
        for stage in city.built_stages:
            for e in stage.effects:
                if isinstance(e, CopyNeighbourStage) and len(e.neighbours) > 1:
                    scopes = self.copy_scopes(city, e)
                    return scopes if len(scopes) > 1 else ()
        return ()

    def copied_stage(self, city: City, copy: CopyNeighbourStage) -> tuple[Effect, ...]:
        """What a stage that copies a neighbour's stage (Manneken Pis A) gives beyond its
        shields (checked, `possible_shields`): the copied stage's points and the rest of it,
        the city's own (a science symbol of choice, a mask, a guild to copy, a diplomacy, a
        build from the discard). A copy of a board whose points are printed only
        (Stonehenge's) gives none from data: those are the `wonder_points` piece. A copy
        of a stage that itself copies gives nothing more [?] (chosen: the sources say what a
        copy gives, not what a copy of a copy does). Where the stage may copy either
        neighbour's and the table does not say whose, the engine scores each
        (`score_city`, which settles `copied_stage_from` to one); unsettled, the first."""
        scopes = self.copy_scopes(city, copy)
        return self._stage_rest(city, copy, scopes[0]) if scopes else ()

    def copied_from(self, city: City, copy: CopyNeighbourStage) -> City | None:
        """The neighbour whose stage `copy` takes (as `copied_stage` settles it)."""
        scopes = self.copy_scopes(city, copy)
        return self.neighbour(city, scopes[0]) if scopes else None

    def _stage_rest(self, city: City, copy: CopyNeighbourStage, scope: Scope
                    ) -> tuple[Effect, ...]:
        stage = self.neighbour(city, scope).side.stages[copy.stage - 1]
        return tuple(e for e in stage.effects if not isinstance(e, Shields | CopyNeighbourStage))

    def copied_stage_options(self, city: City) -> tuple[tuple[WonderStage, ...], ...]:
        """For each built stage of the city that copies a neighbour's, the neighbours'
        stages it may have copied (two where the table leaves Manneken Pis A's third stage
        open): what a copy allows the city (a card from the discard, a 7th card, a
        diplomacy, a guild to copy) is allowed by the checks, one option per stage."""
        return tuple(
            tuple(self.neighbour(city, scope).side.stages[e.stage - 1]
                  for scope in self.copy_scopes(city, e))
            for stage in city.built_stages for e in stage.effects
            if isinstance(e, CopyNeighbourStage))

    def copies_printed_points(self, city: City) -> bool:
        """A built stage of the city may copy a stage of a board whose points are read off
        it (`basis` "as-printed": Stonehenge's), which no data counts."""
        return any(self.neighbour(city, scope).wonder.basis == "as-printed"
                   for stage in city.built_stages for e in stage.effects
                   if isinstance(e, CopyNeighbourStage) for scope in self.copy_scopes(city, e))

    def builds_from_discard(self, city: City) -> bool:
        """`City.builds_from_discard`, or a stage the city may have copied does (Manneken Pis
        A copying Halikarnassos's)."""
        return city.builds_from_discard or any(
            st.from_discard for options in self.copied_stage_options(city) for st in options)

    def copies_a_guild(self, city: City) -> bool:
        """A built stage copies a neighbour's guild: its own (1st-edition Olympia B) or
        one it may copy (Manneken Pis A copying Olympia B's third stage; with two stages it
        may copy, either: the engine then scores each)."""
        return city.copies_a_guild or any(
            isinstance(e, CopyNeighbourGuild) for options in self.copied_stage_options(city)
            for copied in options for e in copied.effects)


