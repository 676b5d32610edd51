"""The table file format (spec: shared/spec/table-format.md) as pydantic models.

These models check shapes and types only; whether the table can exist under the rules of
its game is the job of its game's checks (`scorer.games`), because that needs the ruleset.
"""

import datetime as dt
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Literal, Self, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr
from pydantic_core import PydanticCustomError

Name = Annotated[str, Field(min_length=1, max_length=100, pattern=r"^[^\x00-\x1f\x7f]*$")]
"""A name as typed at the table: no control characters (they would garble the score pad)."""
MOST_COUNT = 10_000
"""The largest count the format takes (coins, tokens, shields, stages, cubes): far above
any real table (the rules' own limits are checked with the ruleset), and far below the
size at which Python can no longer print a sum of counts (4,300 digits)."""
Count = Annotated[int, Field(ge=0)]
"""A count with a bound of its own (given with its field)."""
Amount = Annotated[int, Field(ge=0, le=MOST_COUNT)]
"""A count no rule of the format bounds more closely: at most `MOST_COUNT`."""


class _In(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, populate_by_name=False, defer_build=True
    )


class _Seats(_In):
    """A table: its seats, some of which the reader may have stood in for."""

    _stood_in: frozenset[int] = PrivateAttr(default_factory=frozenset)

    @property
    def stood_in(self) -> frozenset[int]:
        """The seats whose player's name was stood in for to read a file of the wrong shape
        (a seat that is not an object, a name missing or not text: `scorer.api`): no player
        is called by the stand-in, and a real name equal to it is no repeat of it."""
        return self._stood_in

    def standing_in(self, seats: Iterable[int]) -> Self:
        """This table with `seats` marked as stood in for."""
        marked = self.model_copy()
        marked._stood_in = frozenset(seats)
        return marked


StageNumber = Annotated[int, Field(ge=1, le=10)]


class WonderEntry(_In):
    board: Name
    side: Name = Field(description='"A" or "B"; 2nd edition also "day" / "night"')
    stages: Amount = Field(0, description="stages built, left to right")
    built: list[StageNumber] | None = Field(
        None,
        max_length=10,
        description="(extension) a board whose stages are built in any order (the Great "
        "Wall): the numbers of the stages built; `stages` is then their count",
    )


class Military(_In):
    """Conflict tokens held, by face value; missing keys mean none."""

    victory_1: Amount = Field(0, alias="1")
    victory_3: Amount = Field(0, alias="3")
    victory_5: Amount = Field(0, alias="5")
    defeat: Amount = Field(0, alias="-1")

    def victories(self) -> dict[int, int]:
        return {1: self.victory_1, 3: self.victory_3, 5: self.victory_5}

    def as_spec(self) -> dict[str, int]:
        return {"1": self.victory_1, "3": self.victory_3, "5": self.victory_5, "-1": self.defeat}


class Choices(_In):
    copied_guild: Name | None = Field(
        None, description="1st-ed Olympia B last stage: the neighbour's guild copied"
    )
    courtesan: Name | None = Field(
        None, description="Courtesans Guild: the neighbour's leader under the Courtesan token "
        "(also Olympia B's copy of that guild: a leader of Olympia's neighbours)"
    )
    copied_stage: Name | None = Field(
        None, description="(extension) Manneken Pis A's third stage: the neighbour's wonder "
        "whose third stage it copied"
    )


def _no_names() -> list[str]:
    """An omitted list is empty. (A function of ours, not the builtin `list`: pydantic reads
    a default factory's signature, and a builtin's costs a tokenizer run at start.)"""
    return []


_NO_CHOICES = Choices.model_construct()


def _no_choices() -> Choices:
    """The default, made once without validation (nothing to check; frozen, so shared):
    `Choices()` per player would cost a validation each and make pydantic build that
    model's own validator on a command-line run, which the kept table validator avoids."""
    return _NO_CHOICES


Note = Annotated[str, Field(max_length=1000, pattern=r"^[^\x00-\x08\x0b-\x1f\x7f]*$")]
"""A note of several lines: no control characters but the line break and the tab."""


ISO_MOMENT = "iso_moment"
"""The error type of a text that is no ISO 8601 date and time (`scorer.problems` words it)."""


def _iso_moment(value: str) -> str:
    """A date and time as ISO 8601 writes it, as the history file reads it
    (`datetime.fromisoformat`): the table and the history refuse the same texts."""
    try:
        dt.datetime.fromisoformat(value)
    except ValueError:
        raise PydanticCustomError(ISO_MOMENT, "not an ISO 8601 date and time") from None
    return value


def moment_time(value: object) -> float | None:
    """A `Moment` as a time (seconds since the epoch, a moment without an offset in local
    time); None for what is no ISO 8601 date and time: the history file, the app's import
    and the table read a moment the same way."""
    if not isinstance(value, str):
        return None
    try:
        return dt.datetime.fromisoformat(value).timestamp()
    except ValueError:
        return None


Moment = Annotated[str, Field(max_length=40), AfterValidator(_iso_moment)]
"""When something happened, ISO 8601 (`2026-11-28T19:05:00+07:00`; a date alone is the
start of that day)."""


class Play(_In):
    """(extension) When and where the game was played: the app writes it for a finished
    game; the engine reads it and scores nothing from it."""

    started: Moment | None = Field(None, description="ISO 8601, when Start was tapped")
    finished: Moment | None = Field(
        None, description="ISO 8601, when the game was finished")
    duration_min: Count | None = Field(None, le=100_000, description="Start to Finish")
    place: Annotated[str, Field(max_length=100, pattern=r"^[^\x00-\x1f\x7f]*$")] = ""
    note: Note = ""


Age = Annotated[int, Field(ge=1, le=3)]
KEY_PATTERN = r"^[a-z_]+$"
"""A key the format names in its own words (a piece, a paper row): small letters and "_"."""
PieceKey = Annotated[str, Field(min_length=1, max_length=40, pattern=KEY_PATTERN)]
"""The key of a ruleset's piece (`debt`, `naval`)."""
Face = Annotated[str, Field(max_length=4, pattern=r"^-?[0-9]{1,3}$")]
"""A token's face value as a key ("-1", "7")."""
Points = Annotated[int, Field(ge=-MOST_COUNT, le=MOST_COUNT)]
CategoryKey = Annotated[str, Field(min_length=1, max_length=40, pattern=KEY_PATTERN)]
"""A score pad's row as the result names it (`civilian`, `debt`)."""


def _paper_field() -> Any:
    """The `paper` of a seat in either game (one declaration; each row's bounds are the
    ruleset's, checked in `scorer.typed`)."""
    return Field(
        None,
        max_length=20,
        description="(extension) this player counted on a paper score pad: the totals typed "
        'from it, by row ({"civilian": 20, "debt": -3}); a row given replaces what the engine '
        "finds for it, the others (treasury, military) are worked out as for any player",
    )


def _no_ages() -> list[int]:
    return []


def _no_pieces() -> dict[str, Any]:
    return {}


class SevenWondersPlayer(_In):
    name: Name
    wonder: WonderEntry
    cards: list[Name] = Field(default_factory=_no_names, max_length=60)
    coins: Count = Field(0, le=MOST_COUNT)
    military: Military | None = Field(
        None,
        description="conflict tokens; omitted = none, or derived when every player gives shields",
    )
    shields: Annotated[list[Amount], Field(min_length=3, max_length=3)] | None = Field(
        None, description="shield totals at the end of Ages I, II, III"
    )
    leaders: list[Name] = Field(default_factory=_no_names, max_length=20)
    choices: Choices = Field(default_factory=_no_choices)
    free_city: bool = Field(
        False, description="the 2-player variant's Free City: scored, never ranked"
    )
    # --- multiplayer expansions (issue 34); all optional ---
    diplomacy: list[Age] = Field(
        default_factory=_no_ages,
        max_length=3,
        description="(extension) Cities: the Ages in which this player used a diplomacy token",
    )
    tokens: dict[PieceKey, dict[Face, Amount]] = Field(
        default_factory=_no_pieces,
        max_length=10,
        description='(extension) tokens by kind and face value: {"debt": {"-1": 3, "-5": 1}}',
    )
    counts: dict[PieceKey, Amount] = Field(
        default_factory=_no_pieces,
        max_length=10,
        description='(extension) pieces counted: {"tower_tiles": 2}',
    )
    printed: dict[PieceKey, Points] = Field(
        default_factory=_no_pieces,
        max_length=10,
        description='(extension) points read off printed components: {"islands": 6}',
    )
    entombed: list[Name] = Field(
        default_factory=_no_names,
        max_length=5,
        description="(extension) Abu Simbel: the leaders entombed (not among `leaders`)",
    )
    paper: dict[CategoryKey, Points] | None = _paper_field()

    HELD_IN_CITY: ClassVar[tuple[str, ...]] = (
        "cards", "leaders", "choices", "tokens", "counts", "printed", "entombed")
    """What a city holds that a paper pad's totals stand for (`paper`): not given beside
    them (its wonder, coins, conflict tokens, shields and diplomacy are, as for any player:
    they decide the conflicts next door too)."""


class SevenWondersTable(_Seats):
    game: Literal["7wonders-1e", "7wonders-2e"]
    expansions: list[Name] = Field(default_factory=_no_names, max_length=10)
    players: list[SevenWondersPlayer] = Field(min_length=1, max_length=20)
    play: Play | None = Field(None, description="(extension) when and where it was played")


class Buried(_In):
    """Duel Leaders, Abu Simbel: the leader buried under it and the cost that counts."""

    leader: Name
    cost: Count | None = Field(
        None, le=100, description="coins printed on the leader; omitted = the ruleset's, if known"
    )


class DuelPlayer(_In):
    name: Name
    cards: list[Name] = Field(
        default_factory=_no_names,
        max_length=80,
        description="Age cards, guilds (and Agora Senators) in the city; not tucked ones",
    )
    wonders: list[Name] = Field(
        default_factory=_no_names, max_length=10, description="wonders built"
    )
    progress: list[Name] = Field(
        default_factory=_no_names, max_length=15, description="progress tokens owned"
    )
    coins: Count = Field(0, le=MOST_COUNT)
    influence: Annotated[list[Amount], Field(min_length=6, max_length=6)] | None = Field(
        None, description="Agora: cubes in Chambers 1-6, left to right"
    )
    leaders: list[Name] = Field(
        default_factory=_no_names, max_length=20, description="Duel Leaders: recruited, not buried"
    )
    buried: Buried | None = Field(None, description="Duel Leaders: the leader under Abu Simbel")
    conquests: Count | None = Field(
        None, le=2, description="Duel Leaders: military tokens taken from the opponent's side"
    )
    # --- Pantheon (optional; its checks bound each by the ruleset) ---
    divinities: list[Name] = Field(
        default_factory=_no_names,
        max_length=10,
        description="Pantheon: the Divinities (and the Gate) this player activated",
    )
    astarte_coins: Count | None = Field(
        None, le=MOST_COUNT, description="Pantheon: coins still on Astarte (not in `coins`)"
    )
    mythology_tokens: list[Name] = Field(
        default_factory=_no_names,
        max_length=10,
        description="Pantheon: Mythology tokens held, by Mythology (Greek, Roman, ...)",
    )
    offering_tokens: Count | None = Field(
        None, le=MOST_COUNT, description="Pantheon: Offering tokens still held (unused)"
    )
    snake: Name | None = Field(
        None, description="Pantheon (Nisaba): the opponent's green card under the Snake token"
    )
    paper: dict[CategoryKey, Points] | None = _paper_field()

    HELD_IN_CITY: ClassVar[tuple[str, ...]] = (
        "cards", "wonders", "progress", "leaders", "buried", "divinities", "astarte_coins",
        "mythology_tokens", "offering_tokens", "snake")
    """What a city holds that a paper pad's totals stand for (`paper`): not given beside
    them (its coins, Senate cubes and conquests are, as for any player)."""


class Conflict(_In):
    """The Conflict pawn: `spaces` from the centre toward `toward`'s capital."""

    toward: Name | None = None
    spaces: Count = Field(le=9)


class Minerva(_In):
    """Pantheon: the Minerva pawn still on the track, `spaces` from the centre toward
    `toward`'s capital (it is discarded once it stops the Conflict pawn)."""

    toward: Name | None = None
    spaces: Count = Field(le=9)


class Supremacy(_In):
    kind: Literal["military", "science", "political"]
    winner: Name


class DuelTable(_Seats):
    game: Literal["duel"]
    expansions: list[Name] = Field(default_factory=_no_names, max_length=10)
    players: list[DuelPlayer] = Field(min_length=1, max_length=20)
    conflict: Conflict
    supremacy: Supremacy | None = Field(
        None, description="a game that ended early; omitted = detected from the state"
    )
    minerva: Minerva | None = Field(
        None, description="Pantheon: the Minerva pawn, when it is still on the track"
    )
    play: Play | None = Field(None, description="(extension) when and where it was played")


GAME_TAGS: tuple[str, ...] = (
    *get_args(SevenWondersTable.model_fields["game"].annotation),
    *get_args(DuelTable.model_fields["game"].annotation),
)
"""The games the format knows, as its `game` field spells them."""

TABLE_MODELS = (SevenWondersTable, DuelTable)
"""The format's table models, one per shape of game (a table given already parsed)."""

Table = Annotated[SevenWondersTable | DuelTable, Field(discriminator="game")]
"""Any table file, told apart by `game`."""
