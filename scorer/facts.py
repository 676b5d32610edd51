"""What the app asks of the rules: which games and expansions exist, which cards a player
count uses, and what a game has (boards, leaders, a Senate, a track, conflict tokens), so
that `ui/` never compares a game's or an expansion's name. Everything comes from the
rulesets' data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from pydantic import BaseModel

from scorer.effects import (
    CardColour,
    CoinsOnCard,
    CopyNeighbourGuild,
    CopyNeighbourLeader,
    CopyNeighbourStage,
    Effect,
    EntombedLeaders,
    ScienceSymbol,
    ScienceWildcard,
    Shields,
    SnakeSymbol,
    Symbol,
)
from scorer.games.checks import in_another_expansion as in_another_expansion  # the search's
from scorer.games.checks import repeats_in_city
from scorer.games.checks import unscorable as unscorable  # said by the city search too
from scorer.games.duel.pantheon import divinities_with
from scorer.games.duel.scoring import LABEL as SUPREMACY_LABEL
from scorer.games.duel.scoring import SUPREMACY_KINDS, buried_cost_factor, burying_wonders
from scorer.games.seven_wonders.expansions import (
    diplomacy_for_anyone,
    diplomacy_sides,
    gives_diplomacy,
)
from scorer.i18n import current, translated
from scorer.ruleset import (
    Card,
    Category,
    Ruleset,
    RulesetLoadError,
    available_expansions,
    available_games,
    load_ruleset,
    offered_in_app,
)
from scorer.ruleset import copies_in_deck as copies_in_deck  # said by the city screens
from scorer.science import SYMBOLS
from scorer.table import Buried, DuelPlayer, Name, SevenWondersPlayer

# --- games and rulesets --------------------------------------------------------------------


def games() -> list[str]:
    """The games whose rulesets load (a ruleset still being written is left out)."""
    out = []
    for game in available_games():
        try:
            load_ruleset(game, ())
        except RulesetLoadError:
            continue
        out.append(game)
    return out


def expansions(game: str) -> list[str]:
    """The expansions of `game` whose rulesets load on top of it (the engine scores them;
    `offered_expansions` says which the app's New game screen offers)."""
    out = []
    for expansion in available_expansions(game):
        try:
            load_ruleset(game, (expansion,))
        except RulesetLoadError:
            continue
        out.append(expansion)
    return out


def offered_expansions(game: str) -> list[str]:
    """The expansions the app's new-game screen offers: those that load and whose screens
    exist (`scorer.ruleset.offered_in_app`)."""
    return [e for e in expansions(game) if offered_in_app(game, e)]


def ruleset(game: str, chosen: Sequence[str] = ()) -> Ruleset:
    """The ruleset of a game with the chosen expansions that exist (others are ignored)."""
    return _ruleset(game, tuple(chosen))


@lru_cache(maxsize=256)
def _ruleset(game: str, chosen: tuple[str, ...]) -> Ruleset:
    """Cached as `load_ruleset` is (rulesets never change while the program runs): every
    change a phone makes asks it several times, and finding the usable expansions walked
    them all each time."""
    usable = set(expansions(game))
    return load_ruleset(game, tuple(sorted(e for e in chosen if e in usable)))


def expansion_with_leader(game: str, name: str) -> str | None:
    """The expansion of `game` whose ruleset has this leader."""
    for expansion in expansions(game):
        if load_ruleset(game, (expansion,)).leaders.get(name) is not None:
            return expansion
    return None


# --- what a game has -----------------------------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """The facts of a ruleset a screen shapes itself by."""

    title: str
    min_players: int
    max_players: int
    categories: tuple[Category, ...]
    """The score pad's rows, in the printed pad's order."""
    has_boards: bool
    """Each city has a wonder board with sides and stages (7 Wonders); else wonders are
    cards of their own (Duel)."""
    side_names: tuple[str, ...]
    has_leaders: bool
    chambers: int
    """Senate Chambers (Agora); 0: no Senate."""
    track_spaces: int
    """The Conflict pawn's farthest space (a capital); 0: no track."""
    max_conquests: int
    """Military tokens a player can take from the opponent's side (one per token space)."""
    token_values: tuple[int, ...]
    """Conflict token faces: victories by Age, then the defeat token; empty: none."""
    supremacies: dict[str, str]
    """The supremacies a game can end on, with their names in the current language (facts
    are made per call, in the reader's context); empty: none."""
    paper_derived: tuple[Category, ...]
    """Pad rows a paper-pad player does not type: they come from coins, tokens, the pawn."""
    colour_order: tuple[CardColour, ...]
    science_sets: bool
    """Science scores compass, gear and tablet sets (7 Wonders): a paper pad's calculator."""
    free_city: bool
    fewest_players: int
    """The fewest players New game takes: with the 2-player variant (`free_city`), one
    fewer than the seats a table needs, the Free City taking the last seat."""
    burying_wonders: tuple[str, ...]
    """Wonders a leader can be buried under (Duel Leaders: Abu Simbel)."""
    buried_factor: int
    """How many times its coin cost a buried leader is worth (0: none can be buried)."""
    counted_cards: frozenset[str]
    """Cards a city may hold several of (Agora's Senators): entered as a count, each copy
    one of the box's (`copies_in_city` says how many)."""
    ages: tuple[int, ...]
    """The Ages whose decks hold the game's cards, in the order they are played (a city
    shows its cards one Age at a time: `cards_of_age`)."""
    diplomacy_ages: tuple[int, ...] = ()
    """Cities: the Ages a diplomacy token can be used in (none: nothing gives one)."""
    diplomacy_for_anyone: bool = False
    """A card or leader gives a diplomacy token (Cities): every city may use one."""
    diplomacy_sides: frozenset[tuple[str, str]] = frozenset()
    """The boards' sides (board, side) whose stage gives a diplomacy token (the Great Wall
    B): without `diplomacy_for_anyone`, only a city on one of them may use one."""
    divinities: tuple[str, ...] = ()
    """Pantheon: the Divinities (and the Gate) a city can activate."""
    mythologies: tuple[str, ...] = ()
    """Pantheon: the Mythologies of the Mythology tokens."""
    offering_tokens: int = 0
    """Pantheon: the Offering tokens in play (0: none)."""
    coins_kept_by: tuple[str, ...] = ()
    """Pantheon: the Divinities that keep coins on their card (Astarte)."""
    snake_placed_by: tuple[str, ...] = ()
    """Pantheon: the Divinities that place the Snake token (Nisaba)."""
    minerva_pawn: bool = False
    """Pantheon: Minerva's pawn can be on the track."""
    minerva_pawn_by: str = ""
    """Pantheon: the Divinity that puts Minerva's pawn on the track (Minerva)."""
    entombing_boards: tuple[str, ...] = ()
    """Wonder Pack: the boards with a stage that entombs leaders (Abu Simbel)."""
    category_words: dict[str, str] = field(default_factory=dict)
    """A pad row's name where the game gives that row to something else, in the current
    language: Pantheon's purple row holds the Grand Temples, which take the Guilds' place
    (duel-pantheon.md §2-3; a walk read "Guilds" beside their lines)."""

    @property
    def typed_rows(self) -> tuple[Category, ...]:
        """The pad's rows a paper-pad player types (every row but `paper_derived`), in pad
        order: what the paper section shows, an edit takes and a seat's `paper` may hold."""
        return tuple(c for c in self.categories if c not in self.paper_derived)

    def adds_free_city(self, players: int) -> bool:
        """Whether a table of `players` players takes the Free City as its last seat (the
        2-player variant: fewer players than the seats a table needs, and no fewer than
        `fewest_players`)."""
        return self.free_city and self.fewest_players <= players < self.min_players


def supremacy_name(kind: str) -> str:
    """A supremacy's name in the current language ("Scientific Supremacy"); "" for none, the
    kind itself for one the game does not have."""
    known = SUPREMACY_LABEL.get(kind)  # type: ignore[call-overload]
    return translated(known) if known is not None else kind


def diplomacy_ages_of(known: GameFacts, board: str, side: str) -> tuple[int, ...]:
    """The Ages a city on `board`'s `side` may use a diplomacy token in: every Age where a
    card or leader gives one (Cities), else only on a side whose stage gives one (the Great
    Wall B); none elsewhere."""
    if known.diplomacy_for_anyone or (board, side) in known.diplomacy_sides:
        return known.diplomacy_ages
    return ()


def category_words(rules: Ruleset) -> dict[str, str]:
    """The pad rows the game names otherwise, in the current language (Pantheon's purple
    row: "Grand Temples"): the app's pad and the command line's say the same words."""
    return {c: translated(words) for c, words in rules.renamed_categories().items()}


def facts(rules: Ruleset) -> GameFacts:
    """The facts of a ruleset, with their words in the current language (made once per
    ruleset and language: every part of a screen asks, on every change)."""
    return _facts(rules, current())


@cache
def _facts(rules: Ruleset, language: str) -> GameFacts:
    const = rules.constants
    kinds = dict.fromkeys(SUPREMACY_KINDS) if const.supremacy_space else {}
    return GameFacts(
        title=const.title,
        min_players=const.min_players,
        max_players=const.max_players,
        categories=const.categories,
        has_boards=any(w.sides for w in rules.wonders.values()),
        side_names=tuple(const.side_names),
        has_leaders=len(rules.leaders) > 0,
        chambers=len(const.chamber_points),
        track_spaces=const.supremacy_space,
        max_conquests=len(const.military_token_spaces),
        token_values=token_values(rules),
        category_words=category_words(rules),
        supremacies={
            k: translated(SUPREMACY_LABEL[k])
            for k in kinds
            if k != "political" or const.chamber_points
        },
        paper_derived=const.paper_derived,
        colour_order=const.colour_order,
        science_sets=const.science_set_points > 0,
        free_city=const.free_city,
        fewest_players=const.min_players - 1 if const.free_city else const.min_players,
        burying_wonders=tuple(burying_wonders(rules)),
        buried_factor=buried_cost_factor(rules),
        counted_cards=frozenset(c.name for c in rules.cards.values() if repeats_in_city(rules, c)),
        ages=tuple(sorted({a for c in rules.cards.values() for a in c.ages})),
        diplomacy_ages=tuple(range(1, len(const.victory_token_by_age) + 1))
        if gives_diplomacy(rules) else (),
        diplomacy_for_anyone=diplomacy_for_anyone(rules),
        diplomacy_sides=diplomacy_sides(rules),
        divinities=tuple(rules.divinities.names()),
        mythologies=tuple(const.mythologies),
        offering_tokens=const.offering_tokens_in_game,
        coins_kept_by=tuple(divinities_with(rules, CoinsOnCard)),
        snake_placed_by=tuple(divinities_with(rules, SnakeSymbol)),
        minerva_pawn=bool(const.minerva_pawn_by),
        minerva_pawn_by=const.minerva_pawn_by,
        entombing_boards=tuple(
            w.name for w in rules.wonders.values()
            if any(isinstance(e, EntombedLeaders) for side in w.sides.values()
                   for stage in side.stages for e in stage.effects)),
    )


def token_values(rules: Ruleset) -> tuple[int, ...]:
    """The face values of the conflict tokens: victories by Age, then defeat."""
    const = rules.constants
    if not const.victory_token_by_age:
        return ()
    return (*dict.fromkeys(const.victory_token_by_age), const.defeat_token)


# --- cards ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardUse:
    card: Card
    copies: int
    """Copies of the card in a game of this many players (guilds: 1, the draw decides)."""


def cards_in_play(rules: Ruleset, players: int) -> list[CardUse]:
    """Every card a game of `players` players can hold, in ruleset order, with its copies.
    No guild where the game deals none (Pantheon: its Grand Temples take their place) unless
    a leader can bring one in (Duel Leaders' Ramses): the engine refuses such a guild."""
    in_deck = copies_in_deck(rules, players)
    guilds = rules.constants.guilds_possible(players)
    return [CardUse(c, in_deck[c.name]) for c in rules.cards.values()
            if in_deck[c.name] and (guilds or not c.is_guild)]


def cards_of_age(rules: Ruleset, players: int, age: int) -> list[CardUse]:
    """The cards a game of `players` players deals in Age `age` (0: in any Age), in the
    order of the Age that first deals each, then the ruleset's. A card two Ages deal (Loom:
    I and II) is in both; guilds are Age III's, every one of them (the draw decides which
    are in the game)."""
    return sorted((u for u in cards_in_play(rules, players) if not age or age in u.card.ages),
                  key=lambda u: min(u.card.ages))


def copies_taken(rules: Ruleset, cities: Sequence[Sequence[str]]) -> dict[str, int]:
    """How many copies of each card (by its ruleset name) the given cities hold."""
    taken: dict[str, int] = {}
    for cards in cities:
        for name in cards:
            canonical = rules.cards.canonical(name)
            if canonical is not None:
                taken[canonical] = taken.get(canonical, 0) + 1
    return taken


def cost_in_words(rules: Ruleset, cost: str) -> str:
    """A printed cost as the card shows it: "OOCSW" is "2 Ore + 1 Clay + 1 Stone + 1 Wood"
    (the order of first appearance); a cost already in words is returned as it is."""
    letters = rules.constants.cost_letters
    if not cost or any(ch not in letters for ch in cost):
        return cost
    counts = {ch: cost.count(ch) for ch in dict.fromkeys(cost)}
    return " + ".join(f"{n} {letters[ch]}" for ch, n in counts.items())


def leader_cost(rules: Ruleset, name: str) -> int | None:
    """The coin cost printed on a leader, when the ruleset knows it."""
    leader = rules.leaders.get(name)
    return None if leader is None else leader.cost


def max_name_length() -> int:
    """The longest player name the table format takes (its `Name` type's bound)."""
    for meta in getattr(Name, "__metadata__", ()):
        for bound in getattr(meta, "metadata", ()):
            most = getattr(bound, "max_length", None)
            if isinstance(most, int):
                return most
    raise LookupError("the table format's Name has no length bound")


# --- the largest number each field of a screen takes ---------------------------------------


@dataclass(frozen=True)
class FieldBounds:
    """The most a city can hold of each counted thing, from the rules: a screen takes no
    number beyond these (the engine then checks the finer rules)."""

    coins: int
    """The table format's bound on coins."""
    tokens: dict[int, int]
    """Conflict tokens of each face value: every conflict of the Ages that give it, at the
    largest table (a leader may move tokens, so not only the two a city fights)."""
    cubes: int
    """Senate cubes in one Chamber: all of a player's cubes (0 without the Senate)."""
    symbols: dict[Symbol, int]
    """Each science symbol: every card, wonder board, leader and token that shows it."""
    wildcards: int
    """Science wildcards: every source of one (Scientists Guild, Babylon...)."""
    paper_row: int
    """A paper pad's typed row: the ruleset's `paper_row_most`."""
    stages: int
    """Wonder stages: the most any side of any board has (0 without boards)."""
    buried_cost: int
    """The coins printed on a buried leader: the table format's bound."""
    coins_on_divinity: int = 0
    """Pantheon: the most coins a Divinity puts on its card (Astarte's; 0 without)."""
    shields: int = 0
    """A city's shields at the end of an Age (a table's per-Age `shields`): every source of
    one, and the defeat tokens a leader counts as shields (Semiramis) where one is in play."""
    paper_rows: dict[str, tuple[int, int]] = field(default_factory=dict)
    """The typed rows that can be below zero, with their least and most points (the
    ruleset's `paper_row_range`)."""

    def paper_range(self, category: str) -> tuple[int, int]:
        """The least and most points a paper pad's typed row of `category` takes."""
        return self.paper_rows.get(category, (0, self.paper_row))


def _table_le(model: type[BaseModel], name: str) -> int:
    """The upper bound (`le`) the table format gives a field."""
    for meta in model.model_fields[name].metadata:
        most = getattr(meta, "le", None)
        if isinstance(most, int):
            return most
    raise LookupError(f"{model.__name__}.{name} has no upper bound")


def _most(rules: Ruleset, count: Callable[[Sequence[Effect]], int]) -> int:
    """The most of something one city can hold, where `count(effects)` counts it in a list
    of effects: each card and leader once, the best wonder board and side (every wonder
    where wonders are cards of their own), every token, and what a copy of a neighbour's
    guild or leader can add."""
    # Olympia B's copy of the Courtesans Guild copies a leader too, but adds no more than
    # the guild held (counted below with its copied leader): a city that copies it does
    # not hold it (it exists once)
    guild = max((count(g.effects) for g in rules.guilds), default=0)
    leader = max((count(ld.effects) for ld in rules.leaders.values()), default=0)

    def with_copies(effects: Sequence[Effect]) -> int:
        copied = sum(
            guild
            if isinstance(e, CopyNeighbourGuild)
            else leader
            if isinstance(e, CopyNeighbourLeader)
            else stage_copy(e.stage)
            if isinstance(e, CopyNeighbourStage)
            else 0
            for e in effects
        )
        return count(effects) + copied

    def stage_copy(number: int) -> int:
        """What a copy of a neighbour's stage `number` can add (Manneken Pis A copying
        Babylon's symbol of choice): the most any board's stage of that number gives (a
        copy of a copy gives nothing more)."""
        return max((count(side.stages[number - 1].effects) + sum(
                        guild for e in side.stages[number - 1].effects
                        if isinstance(e, CopyNeighbourGuild))
                    for w in rules.wonders.values() for side in w.sides.values()
                    if number <= len(side.stages)), default=0)

    held = sum(with_copies(c.effects) for c in rules.cards.values())
    held += sum(with_copies(ld.effects) for ld in rules.leaders.values())
    held += sum(with_copies(t.effects) for t in rules.progress.values())
    boards = [
        with_copies(w.effects)
        + max(
            (sum(with_copies(st.effects) for st in side.stages) for side in w.sides.values()),
            default=0,
        )
        for w in rules.wonders.values()
    ]
    if not facts(rules).has_boards:  # wonders are cards: a city builds several
        return held + sum(boards)
    return held + max(boards, default=0)


@cache
def field_bounds(rules: Ruleset) -> FieldBounds:
    """The largest number each field of a city screen takes, for a game and expansions
    (once per ruleset: every render of a city screen asks, and it reads every card)."""
    const = rules.constants
    ages = const.victory_token_by_age
    tokens = {v: ages.count(v) * const.max_players for v in dict.fromkeys(ages)}
    if ages:
        tokens[const.defeat_token] = len(ages) * const.max_players

    def symbol(s: Symbol) -> Callable[[Sequence[Effect]], int]:
        return lambda effects: sum(
            1 for e in effects if isinstance(e, ScienceSymbol) and e.symbol == s
        )

    def wild(effects: Sequence[Effect]) -> int:
        return sum(e.count for e in effects if isinstance(e, ScienceWildcard))

    player = SevenWondersPlayer if facts(rules).has_boards else DuelPlayer
    return FieldBounds(
        coins=_table_le(player, "coins"),
        tokens=tokens,
        cubes=const.cubes_per_player if const.chamber_points else 0,
        symbols={s: _most(rules, symbol(s)) for s in SYMBOLS},
        wildcards=_most(rules, wild),
        paper_row=const.paper_row_most,
        paper_rows=dict(const.paper_row_range),
        stages=max((len(side.stages) for w in rules.wonders.values()
                    for side in w.sides.values()), default=0),
        buried_cost=_table_le(Buried, "cost"),
        coins_on_divinity=max((e.most for d in rules.divinities.values() for e in d.effects
                               if isinstance(e, CoinsOnCard)), default=0),
        shields=_most(rules, lambda effects: sum(
            e.shields for e in effects if isinstance(e, Shields))) + (
            tokens.get(const.defeat_token, 0) if any(
                ld.shields_from_defeats for ld in rules.leaders.values()) else 0),
    )
