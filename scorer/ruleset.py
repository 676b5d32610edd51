"""Rulesets: the declarative game data in `rulesets/`, read with the standard library.

A ruleset is a folder of TOML files. `rulesets/<game>/` is a base game;
`rulesets/<game>+<expansion>/` extends it (its `[ruleset] extends` names the base). Entries
with the name of an existing one replace it; `[[imports]]` takes whole sections of another
ruleset (the 2nd-edition Leaders reuse the 1st-edition leaders). Constants are data too.
"""

import os
import tomllib
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from scorer.data import data_folder
from scorer.effects import CardColour, Effect
from scorer.i18n import _, all_of, ngettext, translated
from scorer.names import NameIndex, normalize

RULESETS_DIR = Path(os.environ.get("WONDERS_RULESETS") or data_folder("rulesets"))

Category = Literal[
    # in the order a page of several games lists them (`scorer.stats`): each expansion's
    # row where its pad puts it (Armada's naval conflicts under Military, Cities' debt under
    # the treasury; a walk read Naval after Guilds on a player's page, after Military on the
    # pad); a score pad itself follows its ruleset's `categories`
    "military",
    "naval",
    "treasury",
    "debt",
    "wonders",
    "civilian",
    "commercial",
    "science",
    "guilds",
    "progress",
    "senate",
    "leaders",
    "divinities",  # Pantheon (Duel): Aphrodite, the coins left on Astarte
    "cities",
    "shipyard",
    "islands",
    "tower",
    "projects",
    "edifice",
]


TieBreak = Literal["coins", "civilian"]

Basis = Literal["exact", "uncertain", "as-printed"]
"""How sure the data of a component is (for the rules list): "exact", two sources agree;
"uncertain", scored from the value we chose where the sources disagree (the TOML's comment
says which and why); "as-printed", scored only from what the table enters (the values are
printed on the component and no source gives them one by one)."""


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class _Entry(_Data):
    """An entry of a section (a card, wonder, leader, progress token, Divinity)."""

    uncertain: str = ""
    """[?] What about it no two sources agree on, and the value chosen (the rules list
    marks it uncertain with this note); empty: the sources agree."""


class Card(_Entry):
    """An Age card or guild. `copies` lists, for each physical copy, the least player count
    that uses it (`[3, 5]` = one copy from 3 players, a second from 5); guilds leave it
    empty: they enter the game by the guild draw, not by player count."""

    name: str
    colour: CardColour
    ages: tuple[int, ...] = Field(min_length=1)
    """The Ages whose decks hold it (Loom is in Ages I and II: still one name)."""
    copies: tuple[int, ...] = ()
    effects: tuple[Effect, ...] = ()
    aliases: tuple[str, ...] = ()
    cost: str = ""
    chains_to: tuple[str, ...] = ()
    gives_chain: tuple[str, ...] = ()
    """Duel: chain symbols printed on the card (a later card with the symbol is free)."""
    uses_chain: tuple[str, ...] = ()
    """Duel: the chain symbol that makes this card free."""
    text: str = ""
    extra_cards: int = Field(default=0, ge=0)
    """Age cards this card can add to the city beyond one per turn (Cities' Forging Agency
    builds from the discard), for the card count check and the shields of each Age."""
    from_discard: bool = False
    """Its extra cards are built from the discard, so a card of an earlier Age can come in a
    later one (Halikarnassos, Solomon, Forging Agency, the Great Wall A's 4th stage; not
    Babylon B, whose 7th card is played in its own Age): the checks of each Age allow it."""
    moves_tokens: bool = False
    """Gives or takes conflict tokens outside the conflicts (Cities' Raider cards, 2nd
    edition): in play, the token-count laws do not hold (as a leader's `moves_tokens`)."""
    group: str = ""
    """A set of the box its colour does not tell apart, named as printed ("Grand Temple":
    Pantheon's purple cards, which are no guilds); empty for the rest."""
    source: str = ""
    """Where its data comes from (the reference's section and source keys)."""
    basis: Basis = "exact"

    @property
    def is_guild(self) -> bool:
        """The one "is a guild" test: guilds are the purple cards (both games) that belong
        to no other group (a Pantheon Grand Temple is purple, but no guild)."""
        return self.colour == "purple" and not self.group


class WonderStage(_Data):
    effects: tuple[Effect, ...] = ()
    cost: str = ""
    text: str = ""
    leader_recruits: int = Field(default=0, ge=0)
    """Extra leaders this stage lets the owner recruit (Rome B), for the leader count check."""
    extra_cards: int = Field(default=0, ge=0)
    """Age cards this stage can add to the city beyond one per turn (Halikarnassos builds
    from the discard, Babylon B plays the 7th card), for the card count check."""
    from_discard: bool = False
    """Its extra cards are built from the discard, so a card of an earlier Age can come in a
    later one (Halikarnassos, Solomon, Forging Agency, the Great Wall A's 4th stage; not
    Babylon B, whose 7th card is played in its own Age): the checks of each Age allow it."""


class WonderSide(_Data):
    stages: tuple[WonderStage, ...] = Field(min_length=1)
    text: str = ""
    """What the board itself does (not a stage), in our own words."""


class Wonder(_Entry):
    """A 7 Wonders board (two sides of stages) or a Duel wonder (one card: no sides, its
    own effects)."""

    name: str
    aliases: tuple[str, ...] = ()
    resource: str = ""
    sides: dict[Literal["A", "B"], WonderSide] = {}
    effects: tuple[Effect, ...] = ()
    cost: str = ""
    text: str = ""
    source: str = ""
    """Where its data comes from (the reference's section and source keys)."""
    basis: Basis = "exact"
    any_order: bool = False
    """Its stages may be built in any order (the Great Wall): a table lists which
    (`wonder.built`)."""


class ProgressToken(_Entry):
    """A Duel progress token."""

    name: str
    aliases: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""


class Divinity(_Entry):
    """A Pantheon (Duel) card taken from the Pantheon board: a Divinity of one of the five
    Mythologies, or the Gate (`gate`), which activates one more Divinity."""

    name: str
    aliases: tuple[str, ...] = ()
    mythology: str = ""
    """Its Mythology as printed (Greek, Roman, ...); empty for the Gate."""
    gate: bool = False
    effects: tuple[Effect, ...] = ()
    text: str = ""


class Leader(_Entry):
    name: str
    cost: int | None = Field(default=None, ge=0)
    """Coins printed on the card; None where the sources know no value."""
    uncertain_cost: int | None = Field(default=None, ge=0)
    """[?] Where no source of this game prints the cost: the likeliest value (the ruleset's
    comment says which and why), shown in the rules list marked uncertain; never scored."""
    cost_note: str = ""
    """The cost in words where it is no single number ("the current Age (1-3 coins)")."""
    effects: tuple[Effect, ...] = ()
    text: str = ""
    aliases: tuple[str, ...] = ()
    moves_tokens: bool = False
    """Gives, takes or redirects conflict tokens, so the token-count laws do not hold."""
    extra_cards: int = Field(default=0, ge=0)
    """Age cards this leader can add to the city beyond one per turn (Solomon)."""
    from_discard: bool = False
    """Its extra cards are built from the discard, so a card of an earlier Age can come in a
    later one (Halikarnassos, Solomon, Forging Agency, the Great Wall A's 4th stage; not
    Babylon B, whose 7th card is played in its own Age): the checks of each Age allow it."""
    gives_chain: tuple[str, ...] = ()
    """Duel Leaders: chain symbols printed on the leader (they count for Vitruvius)."""
    gives_chain_unknown: bool = False
    """Duel Leaders: the leader prints chain symbols that no source names, so a count of
    chain pairs (Vitruvius) may be short; the line says so."""
    source: str = ""
    """Where its data comes from (the reference's section and source keys)."""
    basis: Basis = "exact"
    shields_from_defeats: bool = False
    """Its owner's defeat tokens count as shields (Cities' Semiramis): the printed shields
    do not decide the conflicts, so tokens are entered, not derived."""


class Piece(_Data):
    """Something a city holds that is no card, board or leader and that the score pad has a
    row for: tokens by face value (Cities' debt, Armada's naval tokens), a count (Babel
    tiles built) or points read off printed components (Armada's Islands). A table enters
    it under `tokens`, `counts` or `printed` by its `key`."""

    name: str
    """Its key in a table file (`"debt"`)."""
    label: str
    """What players call it ("debt tokens"), in the catalogue."""
    category: Category
    held: Literal["tokens", "count", "points"]
    faces: dict[str, int] = {}
    """Tokens: each face value ("-1") and how many the box holds."""
    box_is_limit: bool = True
    """Tokens: more than the box holds, all cities together, is refused."""
    least: int = 0
    most: int = Field(ge=0)
    """Per city: the largest count or points (tokens: of one face)."""
    most_in_city: int | None = Field(None, ge=0)
    """Tokens: the most a city holds, every face together (Armada: one naval token an
    Age); None: only each face's `most`."""
    boards: tuple[str, ...] = ()
    """Only a city with one of these boards holds it; empty: any city."""
    uses_card_play: bool = False
    """A count whose each one took a card play, its card given up (a Babel tile: the card
    discarded to place it): the city holds one card fewer for each (the card count check)."""
    effects: tuple[Effect, ...] = ()
    text: str = ""
    source: str = ""
    basis: Basis = "exact"


class MilitaryZone(_Data):
    """Duel: from `first` spaces away from the centre, the player ahead scores `points`."""

    first: int = Field(ge=1)
    points: int


GAMES_DIR = Path(__file__).resolve().parent / "games"
"""The games' packages (`Constants.protocol` names one)."""


class Constants(_Data):
    """The numbers of a game that are rules, not code. Every rule value is stated by the
    game's TOML: a field without a default must be there; a field with one is a thing the
    game may not have at all (Duel has no conflict tokens, 7 Wonders no Senate), and the
    default says "none"."""

    printed_title: str = Field(alias="title")
    """The game's name as its box prints it (the TOML's `title`); `title` gives it in the
    reader's words ("7 Wonders Duel với Agora")."""
    protocol: str
    """The package of `scorer/games/` that checks, scores and ranks this game."""
    min_players: int
    max_players: int
    starting_coins: int
    coins_per_point: int
    categories: tuple[Category, ...]
    """The score pad's rows, in the order the printed pad lists them."""
    tiebreak: TieBreak
    """What decides equal totals (then the victory is shared): the city's coins (7 Wonders)
    or its civilian (blue card) VP (Duel)."""
    colour_categories: dict[CardColour, Category]
    """Which pad row points printed on a card of each colour go to."""
    colour_order: tuple[CardColour, ...]
    """The card colours in the order a city's cards are shown (the pad's order)."""
    wonder_unit: Literal["stages", "wonders"]
    """What `per_wonder_stage` counts, as explanations name it: built stages of the board
    (7 Wonders) or wonders built (Duel)."""
    paper_derived: tuple[Category, ...]
    """Pad rows the app works out from what a paper-pad player still enters (coins,
    conflict tokens) instead of asking for the row's total."""
    paper_row_most: int
    """The most points one typed row of a paper pad can hold at a real table (any row): a
    paper total above it was mistyped, and the app takes none."""
    cards_unlisted: bool = False
    """The game deals cards its ruleset does not name (Armada's 24 Armada cards, no source
    lists them): what a city counted on paper may hold of a colour has no bound the data
    can give (the verdict's `most_gain`)."""
    paper_row_range: dict[str, tuple[int, int]] = {}
    """A typed row's least and most points where a row can be below zero (else 0 to
    `paper_row_most`): Cities' and Edifice's debt only below (a walk typed Dan's debt of
    3 and his total went up by 3), Armada's naval conflicts and Babel's Great Projects
    either way."""
    # --- 7 Wonders (none in Duel) ---
    victory_token_by_age: tuple[int, ...] = ()
    """Conflict victory tokens, one value per Age; empty: the game has no conflict tokens."""
    defeat_token: int = 0
    conflicts_per_age: int = 0
    """Conflicts each city fights per Age (one with each neighbour): bounds its tokens."""
    science_set_points: int = 0
    plays_per_age: int = 0
    """Cards each city plays per Age (7 dealt, the last discarded): built, discarded or
    tucked under a wonder stage; bounds how many cards a city can hold. An expansion's
    `add_plays_per_age` adds to it (Cities and Armada: a card more in each hand)."""
    leaders_recruited_max: int = 0
    """Face-up leaders a city can hold without a wonder stage that recruits more."""
    free_city: bool = False
    """The 2-player variant: a Free City seat that is scored but never ranked."""
    side_names: dict[str, Literal["A", "B"]] = {}
    """The board sides a table may name, and the side each means; empty: no boards."""
    symbol_words: dict[str, str] = {}
    """The science symbols as players call them, by the rulesets' `symbol` keys ("mortar":
    "mortar and pestle"); in the catalogue, put in the reader's words by `symbol_word`."""
    tiebreak_unit: tuple[str, str]
    """What the tie-break compares, counted: singular and plural ("{count} coin",
    "{count} coins"); in the catalogue."""
    cost_letters: dict[str, str] = {}
    """The resource each letter of a cost stands for ("O" = Ore); empty: costs are words."""
    not_supported: dict[str, str] = {}
    """Names a player may enter that this ruleset knows but cannot score, with the reason."""
    boards_not_offered: tuple[str, ...] = ()
    """The boards of the box among `not_supported` (each with its reason there): a city's
    board picker names them and why, instead of leaving them out without a word (a walk
    looked for Carthage)."""
    # --- Duel (none in 7 Wonders) ---
    military_zones: tuple[MilitaryZone, ...] = ()
    """Duel military track: VP for the player the pawn stands away from, by distance."""
    military_token_spaces: tuple[int, ...] = ()
    """Duel: the spaces (distance from the centre) where a military token lies on each side;
    the pawn entering one takes it (a conquest)."""
    supremacy_space: int = 0
    """Duel: the pawn on this space (the capital) is Military Supremacy; 0: no track."""
    shield_per_red_card_by: tuple[str, ...] = ()
    """Duel: Progress tokens after which each red card built gives one more shield
    (Strategy): a city holding one moved the pawn up to one space more per red card."""
    pawn_unseen_spaces_by: dict[str, int] = {}
    """Duel: leaders and Divinities that move, stop or cancel the Conflict pawn's moves in
    ways the cities do not show (Aspasia, Semiramis, Minerva, Anubis), each with the most
    spaces it can put the pawn away from where the shields take it, either way: with one in
    the game, the pawn may stand that much further or nearer."""
    pawn_unseen_spaces: int = 0
    """Duel: the most spaces the game itself moves the pawn in ways the cities do not show
    (Agora: a Decree, a Conspiracy), either way."""
    science_pairs_unseen: bool = False
    """Duel: green cards leave a city after their pair took a Progress token (Agora's
    Conspiracies): its tokens are then not checked against the pairs it shows."""
    science_supremacy_symbols: int = 0
    """Duel: this many different science symbols is Scientific Supremacy."""
    science_changed_by: tuple[str, ...] = ()
    """Duel leaders that change a card's symbol, so the cards alone cannot show the symbols."""
    science_reduced_by: tuple[str, ...] = ()
    """Of those, the ones that can take a symbol away from what the cards show (Ptolemy: a
    card counts an earlier card's symbol): the cards show a Scientific Supremacy only with
    one symbol more for each."""
    chamber_points: tuple[int, ...] = ()
    """Agora: VP of each Senate Chamber, left to right; empty without Agora."""
    cubes_per_player: int = 0
    """Agora: Influence cubes each player owns."""
    wonders_per_city: int = 0
    wonders_in_game: int = 0
    wonders_extra_with: tuple[str, ...] = ()
    """Duel Leaders that let one more wonder be built (Imhotep)."""
    guilds_in_game: int = 0
    """Guilds dealt into the game (7 Wonders: on top of one per player)."""
    guilds_per_player: int = 0
    """Guilds dealt for each player (7 Wonders: players + 2)."""
    guilds_extra_with: tuple[str, ...] = ()
    """Duel Leaders that add a guild to the game (Ramses)."""
    repeats_in_city: bool = False
    """A card the box holds several copies of may be in one city more than once (Agora's
    Senators); otherwise a city never holds two cards of one name."""
    leaders_in_hand: int = 0
    """Duel Leaders: the leaders each player drafts; 0: no such limit."""
    leader_recruitments: int = 0
    """Duel Leaders: leaders a player can recruit (one per Age's recruitment phase)."""
    leaders_added_by: dict[str, int] = {}
    """Duel Leaders: a wonder built or leader recruited that adds leaders to choose from."""
    leader_recruitments_by: dict[str, int] = {}
    """Duel Leaders: a wonder built or leader recruited that recruits one more leader."""
    # --- Pantheon (Duel; none elsewhere) ---
    guilds_replaced_by: str = ""
    """What takes the place of the Guilds, so that none is dealt (Pantheon: the Grand
    Temples); empty: the guilds are dealt as `guilds_in_game` says."""
    groups_in_game: dict[str, int] = {}
    """Cards of a group (`Card.group`) dealt into a game: Pantheon shuffles 3 of its 5 Grand
    Temples into Age III."""
    divinities_in_pantheon: int = 0
    """Divinities placed on the Pantheon board (one per Mythology token in play); 0: no
    Pantheon."""
    divinities_extra_with: tuple[str, ...] = ()
    """The Gate and the wonders that each activate one more Divinity from a Mythology deck."""
    mythologies: tuple[str, ...] = ()
    """The Mythologies as printed (a Mythology token names one)."""
    mythology_tokens_in_game: int = 0
    """Mythology tokens put on Age I cards."""
    mythology_tokens_each: int = 0
    """Mythology tokens of one Mythology in the box."""
    offering_tokens_in_game: int = 0
    """Offering tokens put on Age II cards (each discarded when used)."""
    minerva_pawn_by: str = ""
    """The Divinity that puts the Minerva pawn on the track (a table's `minerva`)."""
    progress_on_board: int = 0
    """Duel: Progress tokens put on the board at setup (the rest are out of play); 0: no
    bound on the tokens a table holds."""
    progress_taken_by: dict[str, int] = {}
    """Duel: a wonder built or a Divinity activated that takes Progress tokens from those
    out of play (the Great Library, Enki), and how many."""
    progress_unseen_with: dict[str, int] = {}
    """Duel: a Divinity that, in play in either city, can unbuild a wonder whose Progress
    token stays (Pantheon's Anubis: the Great Library's instant effect stays,
    duel-pantheon.md): that many tokens a city may hold beyond what its table shows."""
    progress_taken_unseen: dict[str, int] = {}
    """Duel: what takes Progress tokens from those out of play without the table showing it
    (Agora's Espionage, a Conspiracy), and how many: always allowed for."""
    wonders_taken_by: tuple[str, ...] = ()
    """Divinities and cards that take an unbuilt wonder from the opponent (Ra; Agora's
    Extortion is counted by Agora's `wonders_per_city`): each lets a city hold one more."""
    # --- 7 Wonders multiplayer expansions (issue 34) ---
    tokens_from_conflicts_only: bool = True
    """Conflict tokens come only from conflicts (one victory and one defeat each, two per
    city and Age), so the token-count laws hold; false where an expansion gives or takes
    tokens otherwise (Edifice's Outpost, 2nd-edition Cities' Raider cards): then the laws
    of the whole table (balance, tokens of an Age) do not hold, and a city's own bounds
    grow by `victory_tokens_beyond_conflicts`."""
    victory_tokens_beyond_conflicts: dict[int, int] = {}
    """Victory tokens of a value (the key) a city can take outside the conflicts, at most
    this many (Edifice: Outpost's +3 and Staging Camp's +5, one each)."""
    shields_can_go_down: bool = False
    """An expansion's penalty takes red cards away (Edifice: an Outpost, Staging Camp or
    Military School left unbuilt makes each non-participant discard one): a city's shields
    can go down from one Age to the next."""
    shields_beyond_cities: bool = False
    """Something besides a city's cards, stages and leaders gives it shields, how many no
    source says (Edifice's Curtain Wall and Concentric Castle rewards): its shields are
    bounded below only, and the tokens they give are the conflicts' alone."""
    drawn_per_seat: dict[CardColour, int] = {}
    """Cards of a colour drawn at random into each Age's deck, this many per seat (Cities:
    one black card per player and Age): bounds those cards per Age, all cities together."""
    diplomacy_tokens: int = 0
    """Diplomacy tokens in the box (Cities: 3); 0: the game has no diplomacy."""

    @field_validator("protocol")
    @classmethod
    def _a_package_of_games(cls, value: str) -> str:
        if not (GAMES_DIR / value / "__init__.py").is_file():
            known = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())
            raise ValueError(f"no package scorer/games/{value}; expected one of {known}")
        return value

    @property
    def title(self) -> str:
        """The game's name in the reader's words (through the catalogue)."""
        return translated(self.printed_title)

    def most_guilds(self, seats: int, recruited: Collection[str] = ()) -> int:
        """The most different guilds a game of `seats` players can hold: `guilds_in_game`
        plus `guilds_per_player` a seat, plus one for each leader of `guilds_extra_with`
        among the `recruited` (the one place the engine's check and the app's offer read
        it)."""
        extra = sum(1 for name in self.guilds_extra_with if name in recruited)
        return self.guilds_in_game + self.guilds_per_player * seats + extra

    def guilds_possible(self, seats: int) -> bool:
        """Whether any guild can be in a game of `seats` players: with every leader that
        brings one in recruited (Pantheon alone deals none; with Duel Leaders, Ramses can)."""
        return self.most_guilds(seats, self.guilds_extra_with) > 0


class RulesetLoadError(Exception):
    """A data file in `rulesets/` is wrong: every problem, each naming file, entry and field."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class Ruleset:
    """One game with its expansions, ready for lookups by any accepted spelling."""

    def __init__(
        self,
        ruleset_id: str,
        game: str,
        expansions: tuple[str, ...],
        constants: Constants,
        cards: Mapping[str, Card],
        wonders: Mapping[str, Wonder],
        leaders: Mapping[str, Leader],
        aliases: Mapping[str, Mapping[str, str]],
        progress: Mapping[str, ProgressToken] | None = None,
        divinities: Mapping[str, Divinity] | None = None,
        pieces: Mapping[str, Piece] | None = None,
    ) -> None:
        self.id = ruleset_id
        self.game = game
        self.expansions = expansions
        self.constants = constants
        self.cards: NameIndex[Card] = NameIndex(cards, aliases.get("cards", {}))
        self.wonders: NameIndex[Wonder] = NameIndex(wonders, aliases.get("wonders", {}))
        self.leaders: NameIndex[Leader] = NameIndex(leaders, aliases.get("leaders", {}))
        self.progress: NameIndex[ProgressToken] = NameIndex(
            progress or {}, aliases.get("progress", {})
        )
        self.divinities: NameIndex[Divinity] = NameIndex(
            divinities or {}, aliases.get("divinities", {})
        )
        """Pantheon (Duel): the Divinities and the Gate; empty without Pantheon."""
        self.pieces: dict[str, Piece] = dict(pieces or {})
        """The pieces by their key in a table file (`debt`)."""
        self.sides: NameIndex[Literal["A", "B"]] = NameIndex(constants.side_names, {})
        """The board side each typed side means ("day" is A in the 2nd edition)."""
        self._side_shown: dict[str, str] = {v: k for k, v in constants.side_names.items()}
        """Each side by the last name the ruleset gives it: the edition's own (Night)."""

    @property
    def title(self) -> str:
        """The game with every expansion in it, in the reader's words ("7 Wonders Duel with
        Agora and Duel Leaders"): what a message calls the game (`composed_title`)."""
        return composed_title(self.game, self.expansions)

    def renamed_categories(self) -> dict[str, str]:
        """The pad's rows this game names otherwise than the category, untranslated
        (Pantheon's Grand Temples in the Guilds' row): the pad, the command line and the
        statistics say the same words (`scorer.facts.category_words` translates them)."""
        replaced = self.constants.guilds_replaced_by
        return {"guilds": replaced} if replaced else {}

    def side_name(self, side: str) -> str:
        """A board side ("A", "B", or as a file spells it: "night") as its edition names it:
        "day" and "night" in the 2nd edition, "A" and "B" in the 1st (the last name
        `side_names` gives it). Put into words by `scorer.words.side_word`."""
        key = self.sides.get(side)
        return self._side_shown.get(key, side) if key else side

    @property
    def guilds(self) -> list[Card]:
        return [c for c in self.cards.values() if c.is_guild]


_SECTIONS: dict[str, type[_Data]] = {
    "cards": Card,
    "wonders": Wonder,
    "leaders": Leader,
    "progress": ProgressToken,
    "divinities": Divinity,  # Pantheon (Duel)
    "pieces": Piece,  # multiplayer expansions (issue 34)
}


Sections = tuple[
    list[Card], list[Wonder], list[Leader], list[ProgressToken], list[Divinity], list[Piece]
]
"""The entries of every section, in the order of `_SECTIONS`."""


@cache
def _sections_adapter() -> TypeAdapter[Sections]:
    """One validator for the entries of every section: the effect kinds, which cards,
    wonder stages and leaders share, are built into it once instead of once per model
    (about 6 ms of each command line's start)."""
    return TypeAdapter(Sections)


def _validation_messages(where: str, err: ValidationError) -> list[str]:
    out = []
    for e in err.errors():
        field = ".".join(str(p) for p in e["loc"]) or "(entry)"
        out.append(f"{where}: {field}: {e['msg']}")
    return out


class _RawRuleset:
    """One folder's TOML merged, before validation."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.header: dict[str, Any] = {}
        self.constants: dict[str, Any] = {}
        self.sections: dict[str, list[tuple[str, dict[str, Any]]]] = {s: [] for s in _SECTIONS}
        self.imports: list[dict[str, Any]] = []
        self.problems: list[str] = []
        if not folder.is_dir():
            self.problems.append(f"{folder}: no such ruleset folder")
            return
        for path in sorted(folder.glob("*.toml")):
            self._read(path)

    def _read(self, path: Path) -> None:
        rel = _rel(path)
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            self.problems.append(f"{rel}: cannot read: {exc}")
            return
        for key, value in doc.items():
            if key == "ruleset":
                self.header.update(value)
            elif key == "constants":
                self.constants.update(value)
            elif key == "imports":
                self.imports.extend(value)
            elif key in _SECTIONS and isinstance(value, list):
                for index, entry in enumerate(value):
                    name = entry.get("name", "?") if isinstance(entry, dict) else "?"
                    self.sections[key].append((f'{rel}: {key}[{index}] "{name}"', entry))
            else:
                self.problems.append(
                    f"{rel}: unknown top-level key {key!r}; expected ruleset, constants, "
                    f"imports or one of {', '.join(_SECTIONS)}"
                )


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(RULESETS_DIR.parent))
    except ValueError:
        return str(path)


def ruleset_id(game: str, expansions: Sequence[str] = ()) -> str:
    return "+".join([game, *sorted(expansions)])


def origins(game: str, expansions: Sequence[str] = ()) -> dict[tuple[str, str], str]:
    """Where each entry of a merged ruleset comes from: (section, normalized name) -> the
    ruleset folder that gives it last (an expansion replaces a base entry of the same name;
    an imported section counts as the importing folder's)."""
    found: dict[tuple[str, str], str] = {}
    for folder in [game, *(f"{game}+{e}" for e in sorted(set(expansions)))]:
        raw = _raw(folder)
        for imp in raw.imports:
            source, section = imp.get("from"), imp.get("section")
            if not isinstance(source, str) or section not in _SECTIONS:
                continue
            excluded = {normalize(n) for n in imp.get("except", [])}
            for _where, entry in _raw(source).sections[section]:
                key = normalize(str(entry.get("name", "")))
                if key not in excluded:
                    found[(section, key)] = folder
        for section, items in raw.sections.items():
            for _where, entry in items:
                found[(section, normalize(str(entry.get("name", ""))))] = folder
    return found


def expansion_name(game: str, expansion: str) -> str:
    """The expansion as its box names it (its folder's `[ruleset] name`), else its id."""
    name = _raw(f"{game}+{expansion}").header.get("name")
    return name if isinstance(name, str) and name else expansion


def composed_title(game: str, expansions: Sequence[str]) -> str:
    """The game and every expansion in it, as players name them ("7 Wonders Duel with Agora
    and Duel Leaders", "7 Wonders 1st edition with Cities and Leaders"), in the reader's
    words: what a message says a game is (a merged ruleset's own title is its base game's
    or its last expansion's)."""
    base = load_ruleset(game).constants.title
    if not expansions:
        return base
    return _("{game} with {expansions}").format(
        game=base, expansions=all_of(expansion_title(game, e) for e in expansions))


def expansion_title(game: str, expansion: str) -> str:
    """The expansion as players name it in a sentence (its folder's `[ruleset] title`:
    "Duel Leaders", where the box's "Leaders" would be the multiplayer one), else its box
    name."""
    title = _raw(f"{game}+{expansion}").header.get("title")
    return title if isinstance(title, str) and title else expansion_name(game, expansion)


def bgg_id(game: str, expansion: str = "") -> int | None:
    """The game's (or one of its expansions') BoardGameGeek id, its folder's
    `[ruleset] bgg_id`: how BG Stats knows the game; None where it has none."""
    folder = f"{game}+{expansion}" if expansion else game
    found = _raw(folder).header.get("bgg_id")
    return found if isinstance(found, int) else None


def offered_in_app(game: str, expansion: str) -> bool:
    """Whether the app's new-game screen offers the expansion: its folder's `[ruleset] app`
    (default true; false while the app's screens cannot enter all the expansion asks)."""
    return _raw(f"{game}+{expansion}").header.get("app", True) is not False


def available_expansions(game: str) -> list[str]:
    return list(_expansions(game))


@cache
def _expansions(game: str) -> tuple[str, ...]:
    """Cached: the folders do not change while the program runs, and this is asked per table."""
    prefix = game + "+"
    return tuple(
        sorted(p.name[len(prefix) :] for p in RULESETS_DIR.glob(prefix + "*") if p.is_dir())
    )


@cache
def _games() -> tuple[str, ...]:
    return tuple(sorted(p.name for p in RULESETS_DIR.iterdir() if p.is_dir() and "+" not in p.name))


def available_games() -> list[str]:
    return list(_games())


@cache
def load_ruleset(game: str, expansions: tuple[str, ...] = ()) -> Ruleset:
    """The merged ruleset of a game and its expansions (cached: rulesets never change while
    the program runs). Raises RulesetLoadError naming every bad file, entry and field."""
    return _load(game, expansions)


_LISTS_ADDED_TO = frozenset({"boards_not_offered"})
"""Constants whose lists each expansion adds to, where another list replaces the base's:
Edifice's Carthage and Ur stay not offered beside the 2nd edition Leaders' Roma (a review:
with both, the last expansion's list alone was said)."""


def _load(game: str, expansions: tuple[str, ...]) -> Ruleset:
    folders = [game, *(f"{game}+{e}" for e in sorted(set(expansions)))]
    problems: list[str] = []
    constants: dict[str, Any] = {}
    entries: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {s: {} for s in _SECTIONS}
    for folder in folders:
        raw = _raw(folder)
        problems.extend(raw.problems)
        if folder != game and raw.header.get("extends") != game:
            problems.append(f"{_rel(raw.folder)}: [ruleset] extends must be {game!r}")
        for imp in raw.imports:
            problems.extend(_apply_import(raw, imp, entries))
        added = raw.constants.get("add_categories", [])
        for key, value in raw.constants.items():
            if key == "add_categories":
                continue
            if key == "add_plays_per_age":  # an expansion's card more a hand (Cities, Armada)
                constants["plays_per_age"] = constants.get("plays_per_age", 0) + value
                continue
            if isinstance(value, dict) and isinstance(constants.get(key), dict):
                value = {**constants[key], **value}  # an expansion adds to a table (a colour)
            if key in _LISTS_ADDED_TO and isinstance(constants.get(key), list):
                value = [*constants[key], *value]  # two expansions' boards not offered
            constants[key] = value
        if added:  # an expansion adds its score pad rows (Duel: senate, leaders)
            constants["categories"] = _with_rows(constants.get("categories", []), added)
        for section, items in raw.sections.items():
            for where, entry in items:
                if not set(entry.get("needs", ())) <= set(expansions):
                    continue  # needs another expansion too (a Cities leader: Leaders)
                entry = {k: v for k, v in entry.items() if k != "needs"}
                entries[section][normalize(str(entry.get("name", "")))] = (where, entry)
    validated: dict[str, dict[str, Any]] = {s: {} for s in _SECTIONS}
    # Aliases per section: a wonder's alias must not name a card (Ephesus).
    aliases: dict[str, dict[str, str]] = {s: {} for s in _SECTIONS}
    named = [list(entries[section].values()) for section in _SECTIONS]
    valid: Sections = ([], [], [], [], [], [])
    try:
        valid = _sections_adapter().validate_python(
            tuple([entry for _where, entry in pairs] for pairs in named)
        )
    except ValidationError as err:
        for e in err.errors():
            section_index, entry_index, *field = e["loc"]
            where = named[int(section_index)][int(entry_index)][0]
            problems.append(f"{where}: {'.'.join(str(p) for p in field) or '(entry)'}: {e['msg']}")
    by_section: list[Sequence[Card | Wonder | Leader | ProgressToken | Divinity | Piece]] = [
        *valid
    ]
    for section, found in zip(_SECTIONS, by_section, strict=True):
        for item in found:
            validated[section][item.name] = item
            for alias in getattr(item, "aliases", ()):
                aliases[section][alias] = item.name
    try:
        consts = Constants.model_validate(constants)
    except ValidationError as err:
        problems.extend(_validation_messages(f"{_rel(RULESETS_DIR / game)}: [constants]", err))
    if not problems:
        unmapped = sorted(
            {c.colour for c in validated["cards"].values()} - set(consts.colour_categories)
        )
        if unmapped:
            problems.append(
                f"{_rel(RULESETS_DIR / game)}: [constants.colour_categories]: no pad row for "
                f"the card colour(s) {', '.join(unmapped)}"
            )
        unsaid = [b for b in consts.boards_not_offered if b not in consts.not_supported]
        if unsaid:
            problems.append(
                f"{_rel(RULESETS_DIR / game)}: [constants] boards_not_offered: no reason in "
                f"not_supported for {', '.join(unsaid)}"
            )
    if problems:
        raise RulesetLoadError(problems)
    _LOADED_SYMBOL_WORDS.update(consts.symbol_words)
    return Ruleset(
        ruleset_id(game, expansions),
        game,
        tuple(sorted(set(expansions))),
        consts,
        validated["cards"],
        validated["wonders"],
        validated["leaders"],
        aliases,
        validated["progress"],
        validated["divinities"],
        validated["pieces"],
    )


def _with_rows(rows: list[Any], added: list[Any]) -> list[Any]:
    """The pad rows with an expansion's added: a name is appended; `{row, after}` goes
    after that row (Cities' debt after the treasury), or last when the pad lacks it; a row
    the pad has already stays where it is."""
    out = list(rows)
    for item in added:
        if (item.get("row") if isinstance(item, dict) else item) in out:
            continue  # two expansions with the same row (Cities' and Edifice's debt)
        if isinstance(item, dict) and item.get("after") in out:
            out.insert(out.index(item["after"]) + 1, item.get("row"))
        else:
            out.append(item.get("row") if isinstance(item, dict) else item)
    return out


def needed_with(game: str, section: str, name: str) -> tuple[str, ...]:
    """The other expansions an expansion's entry needs besides its own (a Cities leader
    needs Leaders), found by its name in the expansions' raw data."""
    key = normalize(name)
    for expansion in available_expansions(game):
        for _where, entry in _raw(f"{game}+{expansion}").sections.get(section, []):
            names = [entry.get("name", ""), *entry.get("aliases", ())]
            if any(normalize(str(n)) == key for n in names) and entry.get("needs"):
                return (expansion, *entry["needs"])
    return ()


@cache
def _raw(folder: str) -> _RawRuleset:
    return _RawRuleset(RULESETS_DIR / folder)


def _apply_import(
    raw: _RawRuleset,
    imp: dict[str, Any],
    entries: dict[str, dict[str, tuple[str, dict[str, Any]]]],
) -> list[str]:
    where = f"{_rel(raw.folder)}: [[imports]] {imp.get('from', '?')!r}"
    source_name, section = imp.get("from"), imp.get("section")
    if not isinstance(source_name, str) or section not in _SECTIONS:
        wanted = ", ".join(_SECTIONS)
        return [f"{where}: needs from = <ruleset folder> and section = one of {wanted}"]
    source = _raw(source_name)
    if source.problems:
        return source.problems
    excluded = {normalize(n) for n in imp.get("except", [])}
    found = {normalize(str(e.get("name", ""))) for _, e in source.sections[section]}
    problems = [f"{where}: except names {n!r}, which it does not have" for n in excluded - found]
    for item_where, entry in source.sections[section]:
        key = normalize(str(entry.get("name", "")))
        if key not in excluded:
            entries[section][key] = (item_where, entry)
    return problems


def symbol_word(rules: Ruleset, symbol: str) -> str:
    """A science symbol in the reader's words (the ruleset's `symbol_words`)."""
    word = rules.constants.symbol_words.get(symbol)
    return translated(word) if word else symbol.replace("_", " ")


@cache
def _every_symbol_word() -> dict[str, str]:
    """Every game's science symbols with their words, from the rulesets (the one place they
    are written): a result's line names a symbol without its ruleset at hand."""
    words: dict[str, str] = {}
    for game in available_games():
        words.update(load_ruleset(game).constants.symbol_words)
    return words


_LOADED_SYMBOL_WORDS: dict[str, str] = {}
"""The science symbols' words of every ruleset loaded so far (`_load` adds them): a result's
lines name the symbols of the game just scored, so its words are here without loading every
other game's data."""


def any_symbol_word(symbol: str) -> str:
    """A science symbol of any game of the family, in the reader's words: from the rulesets
    already loaded, else from every game's."""
    word = _LOADED_SYMBOL_WORDS.get(symbol) or _every_symbol_word().get(symbol)
    return translated(word) if word else symbol.replace("_", " ")


def tiebreak_amount(rules: Ruleset, count: int) -> str:
    """What the game's tie-break compares, counted in the reader's words: "7 coins"."""
    one, many = rules.constants.tiebreak_unit
    return ngettext(one, many, count).format(count=count)


@cache
def copies_in_deck(rules: Ruleset, seats: int) -> dict[str, int]:
    """Copies of each card in a game of `seats` (0: not in that deck); a card with no
    per-count copies (a guild, which enters by the guild draw; a Duel card) counts once.
    A count the game is not for is read as the nearest it is for (a 2-player table without
    its Free City: the 3-player deck), so that `player-count` alone says what is wrong."""
    const = rules.constants
    seats = min(max(seats, const.min_players), const.max_players)
    return {
        c.name: sum(1 for m in c.copies if m <= seats) if c.copies else 1
        for c in rules.cards.values()
    }


def most_cards_unseen(rules: Ruleset, seats: int, colours: tuple[str, ...], guilds_only: bool,
                      held: Collection[str], cities: int) -> int:
    """The most cards of `colours` (or guilds) `cities` cities whose cards are not known (a
    player who counted on paper) can hold together in a game of `seats`: each city one card
    of a name (a city never holds two), and no more copies than the deck has beyond those
    the known cities hold (`held`, their cards' names). A bound, not a likely count: what
    they may add to a line next door is bounded by it."""
    in_deck = copies_in_deck(rules, seats)
    taken = Counter(held)
    return sum(min(cities, max(0, in_deck[c.name] - taken[c.name]))
               for c in rules.cards.values()
               if (c.is_guild if guilds_only else c.colour in colours))
