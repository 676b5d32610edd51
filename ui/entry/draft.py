"""The game being entered, as the app keeps it: the seats as they lie on the table, plus the
paper totals of players who counted on paper. It turns into the spec's table file; it holds
no rule of the game (what is allowed and what scores is the engine's business).

What every game's draft has is here (`Seat`, `Draft`); each game's own draft is in its
package, `ui.entry.games.<game>` (`SevenWondersDraft` of `SevenWondersSeat`, `DuelDraft` of
`DuelSeat`), with the fields only that game has: a 7 Wonders seat has no Duel progress
token, a Duel draft no wonder board. `ui.entry.games` reads a stored draft or a table file
into its game's type. `Draft` itself is never made: it is the part every game shares.

A draft is a frozen value: a change makes a new draft (`dataclasses.replace`, the edits of
`ui.entry.edits`), sharing the seats it did not change, and nothing changes a draft, a seat,
or their lists and dicts in place. So a draft can be a key: equal drafts hash equal (the hash
is worked out once per value), and the engine's verdict is kept by the draft itself
(`ui.session.verdicts.evaluate`), not by its id or its JSON."""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Self

from pydantic import ConfigDict, TypeAdapter, ValidationError, with_config

from scorer.facts import GameFacts, facts, ruleset
from scorer.table import moment_time

STORED = ConfigDict(strict=True, extra="forbid")
"""A stored draft is read back only as written: a wrong type or an unknown field is an
error (the store keeps such a draft aside), never a value the screens trip on later."""


def _fields_hash(item: Seat | Draft) -> int:
    """The hash of a frozen seat or draft by its type and all its fields (a list as a tuple,
    a dict as its sorted items: no field nests them), kept on it: worked out once per value,
    a render asks many times, and a tap makes one new seat and one new draft."""
    got: int | None = item.__dict__.get("_hash")
    if got is None:
        values = item.__dict__
        key: list[object] = [type(item).__name__]
        for name in field_names(type(item)):
            value = values[name]
            if type(value) is list:
                value = tuple(value)
            elif type(value) is dict:
                value = tuple(sorted(value.items()))
            key.append(value)
        got = hash(tuple(key))
        object.__setattr__(item, "_hash", got)
    return got


@with_config(STORED)
@dataclass(frozen=True)
class Seat:
    """What a seat holds in every game: the player, the cards, coins and leaders of their
    city, the engine's choices, and paper totals when they counted on paper. Each game's
    seat adds its own (`ui.entry.games`)."""

    name: str
    cards: list[str] = field(default_factory=list)
    coins: int = 0
    leaders: list[str] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    quick: bool = False
    typed: dict[str, int] = field(default_factory=dict)
    """Paper mode: the category totals typed from the paper score pad."""

    def __hash__(self) -> int:
        return _fields_hash(self)

    def fresh(self) -> Self:
        """The seat at the start of a new game with the same players: the name only (a
        game's seat keeps what it keeps from one game to the next, a board)."""
        return type(self)(name=self.name)

    def blank(self) -> Self:
        """The seat as the new-game screen makes it (the name, what set-up decides)."""
        return type(self)(name=self.name)

    @property
    def claimable(self) -> bool:
        """Whether a phone can hold this seat ("I am ..."): a player's seat can."""
        return True


@with_config(STORED)
@dataclass(frozen=True)
class Draft:
    """What every game's draft has: the game, its expansions, its seats, its id and times.
    Only a game's own draft is ever made (`ui.entry.games`)."""

    game: str
    expansions: list[str] = field(default_factory=list)
    seats: Sequence[Seat] = field(default_factory=list)
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = field(default_factory=time.time)
    finished: float | None = None
    played: float | None = None
    """When the play ended: its first finish, kept while a finished game is corrected
    (unfinished again), so Finish gives the corrected game the play's own date and length,
    not the correction's."""
    place: str = ""
    note: str = ""
    """An imported finished game's place and note (its table file's `play`): its history
    takes them at Finish, where it has none of its own yet (a game's page sets them
    otherwise)."""

    SEAT: ClassVar[type[Seat]] = Seat
    """The type of this game's seats."""

    def __post_init__(self) -> None:
        if type(self) is Draft:
            raise TypeError("a draft is a game's own (ui.entry.games), not the shared part")

    def __hash__(self) -> int:
        return _fields_hash(self)

    def with_seat(self, index: int, seat: Seat) -> Self:
        """This draft with `seat` at `index` (the other seats shared: a tap makes one city);
        a seat of another game's type is a programming error (TypeError)."""
        if not isinstance(seat, self.SEAT):
            raise TypeError(f"a {type(seat).__name__} in a {type(self).__name__}")
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=seats)

    def renamed(self, old: str, new: str) -> Self:
        """This draft with the player `old` called `new` wherever it names them (their seat;
        a game's draft may name players elsewhere: Duel's pawn)."""
        return replace(self, seats=[replace(s, name=new) if s.name == old else s
                                    for s in self.seats])

    def forget(self, name: str) -> Self:
        """This draft without `name` where it names a player outside the seats (a removed
        player; a game's draft may name players elsewhere: Duel's pawn)."""
        return self

    def new_seat(self, name: str) -> Seat:
        """An empty seat of this game for `name`."""
        return self.SEAT(name=name)

    @property
    def facts(self) -> GameFacts:
        """What the game being entered has (boards, leaders, a Senate...), from its rules."""
        return facts(ruleset(self.game, self.expansions))

    def quick(self) -> dict[str, dict[str, int]]:
        """Paper totals by player name, for the players who counted on paper."""
        return {s.name: dict(s.typed) for s in self.seats if s.quick}

    def to_json(self) -> str:
        """The draft as the store keeps it (every change of a game writes it: pydantic's
        serializer, ~20x faster than `json.dumps(asdict(...))`): its own game's fields only
        (`ui.entry.games.read_draft` reads it back)."""
        return adapter_of(type(self)).dump_json(self).decode()

    def fresh_copy(self) -> Self:
        """The same game, players, seats and wonders, with empty cities: a new game."""
        return type(self)(game=self.game, expansions=list(self.expansions),
                          seats=[s.fresh() for s in self.seats])

    def untouched(self) -> bool:
        """Nothing entered beyond the players' names (as the new-game screen makes it), so
        replacing it loses nothing worth asking about."""
        blank = type(self)(game=self.game, expansions=list(self.expansions), id=self.id,
                           created=self.created, finished=self.finished,
                           played=self.played, seats=[s.blank() for s in self.seats])
        return self == blank


_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(kind: type[Seat] | type[Draft]) -> tuple[str, ...]:
    """The fields of a game's seat or draft type, in order (read once per type)."""
    got = _FIELDS.get(kind)
    if got is None:
        got = _FIELDS[kind] = tuple(f.name for f in fields(kind))
    return got


def has_field(kind: type[Seat] | type[Draft], name: str) -> bool:
    """Whether a game's seat or draft type has this field (an edit of another game's field,
    a Duel seat's board, is refused, never applied)."""
    return name in field_names(kind)


def common_seat_fields(data: dict[str, Any]) -> dict[str, Any]:
    """What every game's seat reads from a table file's player (`Seat`'s fields)."""
    paper = data.get("paper")
    return dict(
        name=str(data.get("name", "")),
        cards=[str(c) for c in data.get("cards", [])],
        coins=int(data.get("coins", 0)),
        leaders=[str(x) for x in data.get("leaders", [])],
        choices={str(k): str(v) for k, v in (data.get("choices") or {}).items() if v},
        # a player who counted on paper: the file's `paper` (the engine checks its rows)
        quick=isinstance(paper, dict),
        typed={str(k): v for k, v in paper.items() if type(v) is int} if isinstance(
            paper, dict) else {},
    )


def common_draft_fields(data: dict[str, Any]) -> dict[str, Any]:
    """What every game's draft reads from a table file (`Draft`'s fields but the seats): a
    finished game's `play` gives when it was started and finished (`created`, `played`),
    so that its Finish keeps the play's own date and length, not the import's (a walk's
    imported game read "12:00 · 0 min" for a play of 11:51 - 11:56)."""
    out: dict[str, Any] = dict(game=str(data.get("game", "")),
                               expansions=[str(e) for e in data.get("expansions", [])])
    play = data.get("play")
    if isinstance(play, dict):
        finished = moment_time(play.get("finished"))
        started = moment_time(play.get("started"))
        if finished is not None:
            out["played"] = finished
            if started is not None and started <= finished:
                out["created"] = started
        for key in ("place", "note"):  # bounded by the table format (100, 1000 characters)
            if isinstance(play.get(key), str):
                out[key] = play[key]
    return out


def stored_problem(err: ValidationError) -> ValueError:
    """A stored draft that is not one as `to_json` writes it, said where (for the store's
    "kept aside" message)."""
    where = [f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in err.errors()[:3]]
    return ValueError("; ".join(where))


_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


def adapter_of(kind: type[Draft]) -> TypeAdapter[Any]:
    """The writer and reader of one game's stored drafts (built once per game, on first
    use)."""
    got = _ADAPTERS.get(kind.__qualname__)
    if got is None:
        got = _ADAPTERS[kind.__qualname__] = TypeAdapter(kind)
    return got
