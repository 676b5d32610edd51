"""The game being entered, as the app keeps it: the seats as they lie on the table, plus the
paper totals of players who counted on paper. It turns into the spec's table file; it holds
no rule of the game (what is allowed and what scores is the engine's business).

A draft is a frozen value: a change makes a new draft (`dataclasses.replace`, the edits of
`ui.entry.edits`), sharing the seats it did not change, and nothing changes a draft, a seat,
or their lists and dicts in place. So a draft can be a key: equal drafts hash equal (the hash
is worked out once per value), and the engine's verdict is kept by the draft itself
(`ui.session.verdicts.evaluate`), not by its id or its JSON."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError, with_config

from scorer.facts import GameFacts, facts, ruleset

_STORED = ConfigDict(strict=True, extra="forbid")
"""A stored draft is read back only as written: a wrong type or an unknown field is an
error (the store keeps such a draft aside), never a value the screens trip on later."""


def _frozen_hash(item: object, key: tuple[object, ...]) -> int:
    """The hash of a frozen value, kept on it (worked out once: a render asks many times)."""
    got = hash(key)
    object.__setattr__(item, "_hash", got)
    return got


@with_config(_STORED)
@dataclass(frozen=True)
class Seat:
    name: str
    board: str = ""
    side: str = "A"
    stages: int = 0
    built: list[int] | None = None
    """A board whose stages are built in any order (the Wonder Pack's Great Wall): which
    stages, by number (None: the first `stages`, left to right)."""
    cards: list[str] = field(default_factory=list)
    coins: int = 0
    military: dict[str, int] = field(default_factory=dict)
    shields: list[int] | None = None
    """Shield totals at the end of each Age, as a table file gives them (None = not given)."""
    free_city: bool = False
    """The 2-player variant's Free City: scored, never ranked."""
    leaders: list[str] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    quick: bool = False
    typed: dict[str, int] = field(default_factory=dict)
    """Paper mode: the category totals typed from the paper score pad."""
    # Duel
    wonders: list[str] = field(default_factory=list)
    progress: list[str] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    """Agora: cubes by Chamber, left to right ([] = none entered; sized by the city screen
    from the ruleset's Chambers when the first cube is placed)."""
    # Duel Leaders
    buried: str = ""
    """The leader buried under Abu Simbel ("" = none)."""
    buried_cost: int | None = None
    """The coins printed on the buried leader (None = the ruleset's, if it knows it)."""
    conquests: int | None = None
    """Military tokens taken from the opponent's side (None = as the pawn shows)."""
    # 7 Wonders' expansions (Cities, Armada, Babel, Edifice, the Wonder Pack)
    diplomacy: dict[str, int] = field(default_factory=dict)
    """Cities: the Ages in which the city used a diplomacy token, each as one entry
    (`{"2": 1}`: Age II), so that it is set and taken back as any entry of a seat."""
    pieces: dict[str, int] = field(default_factory=dict)
    """The ruleset's pieces (`Ruleset.pieces`) the city holds, by `piece_key`: where the
    table file puts it, the piece and a token's face ("tokens:debt:-1" = 3: three -1 debt
    tokens; "counts:tower_tiles", "printed:islands")."""
    entombed: list[str] = field(default_factory=list)
    """Abu Simbel: the leaders entombed (not among `leaders`)."""
    # Pantheon (Duel)
    divinities: list[str] = field(default_factory=list)
    astarte_coins: int | None = None
    """Coins still on Astarte (None = none entered)."""
    mythology: dict[str, int] = field(default_factory=dict)
    """Mythology tokens held, by Mythology."""
    offering_tokens: int | None = None
    snake: str = ""
    """Nisaba: the opponent's green card under the Snake ("" = not said)."""

    def __hash__(self) -> int:
        got: int | None = self.__dict__.get("_hash")
        if got is not None:
            return got
        return _frozen_hash(self, (
            self.name, self.board, self.side, self.stages,
            None if self.built is None else tuple(self.built), tuple(self.cards), self.coins,
            tuple(sorted(self.military.items())), None if self.shields is None else
            tuple(self.shields), self.free_city, tuple(self.leaders),
            tuple(sorted(self.choices.items())), self.quick, tuple(sorted(self.typed.items())),
            tuple(self.wonders), tuple(self.progress), tuple(self.influence), self.buried,
            self.buried_cost, self.conquests, tuple(sorted(self.diplomacy.items())),
            tuple(sorted(self.pieces.items())), tuple(self.entombed), tuple(self.divinities),
            self.astarte_coins, tuple(sorted(self.mythology.items())), self.offering_tokens,
            self.snake))


@with_config(_STORED)
@dataclass(frozen=True)
class Draft:
    game: str
    expansions: list[str] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    conflict_toward: str = ""
    conflict_spaces: int = 0
    supremacy_kind: str = ""
    supremacy_winner: str = ""
    """Duel: a supremacy the table claims ("" = none, or as the state shows)."""
    minerva_toward: str = ""
    minerva_spaces: int = 0
    """Pantheon: Minerva's pawn, still on the track (0 spaces: not on it)."""
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = field(default_factory=time.time)
    finished: float | None = None

    def __hash__(self) -> int:
        got: int | None = self.__dict__.get("_hash")
        if got is not None:
            return got
        return _frozen_hash(self, (
            self.game, tuple(self.expansions), tuple(self.seats), self.conflict_toward,
            self.conflict_spaces, self.supremacy_kind, self.supremacy_winner,
            self.minerva_toward, self.minerva_spaces, self.id, self.created, self.finished))

    def with_seat(self, index: int, seat: Seat) -> Draft:
        """This draft with `seat` at `index` (the other seats shared: a tap makes one city)."""
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=seats)

    @property
    def facts(self) -> GameFacts:
        """What the game being entered has (boards, leaders, a Senate...), from its rules."""
        return facts(ruleset(self.game, self.expansions))

    def quick(self) -> dict[str, dict[str, int]]:
        """Paper totals by player name, for the players who counted on paper."""
        return {s.name: dict(s.typed) for s in self.seats if s.quick}

    def to_json(self) -> str:
        """The draft as the store keeps it (every change of a game writes it: pydantic's
        serializer, ~20x faster than `json.dumps(asdict(...))`)."""
        return _stored().dump_json(self).decode()

    @staticmethod
    def from_json(text: str) -> Draft:
        """A stored draft; ValueError when it is not one as `to_json` writes it (a wrong
        type, an unknown field), saying where, for the store's "kept aside" message."""
        try:
            return _stored().validate_json(text)
        except ValidationError as err:
            where = [f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}"
                     for e in err.errors()[:3]]
            raise ValueError("; ".join(where)) from None

    @staticmethod
    def from_table(data: dict[str, Any]) -> Draft:
        """A draft holding a table file as it was read (checked by the engine afterwards)."""
        seats = []
        for p in data.get("players", []):
            wonder = p.get("wonder") or {}
            buried = p.get("buried") or {}
            seats.append(Seat(
                name=str(p.get("name", "")),
                board=str(wonder.get("board", "")),
                side=str(wonder.get("side", "A")),
                stages=int(wonder.get("stages", 0)),
                built=None if wonder.get("built") is None else [int(x) for x in wonder["built"]],
                cards=[str(c) for c in p.get("cards", [])],
                coins=int(p.get("coins", 0)),
                military={str(k): int(v) for k, v in (p.get("military") or {}).items()},
                leaders=[str(x) for x in p.get("leaders", [])],
                choices={str(k): str(v) for k, v in (p.get("choices") or {}).items() if v},
                wonders=[str(x) for x in p.get("wonders", [])],
                progress=[str(x) for x in p.get("progress", [])],
                influence=[int(x) for x in p.get("influence") or []],
                shields=None if p.get("shields") is None else [int(x) for x in p["shields"]],
                free_city=p.get("free_city") is True,
                buried=str(buried.get("leader", "")),
                buried_cost=None if buried.get("cost") is None else int(buried["cost"]),
                conquests=None if p.get("conquests") is None else int(p["conquests"]),
                diplomacy={str(int(x)): 1 for x in p.get("diplomacy") or []},
                pieces=_pieces_of(p),
                entombed=[str(x) for x in p.get("entombed") or []],
                divinities=[str(x) for x in p.get("divinities") or []],
                astarte_coins=None if p.get("astarte_coins") is None else int(
                    p["astarte_coins"]),
                mythology=_counted(p.get("mythology_tokens") or []),
                offering_tokens=None if p.get("offering_tokens") is None else int(
                    p["offering_tokens"]),
                snake=str(p.get("snake") or ""),
            ))
        conflict = data.get("conflict") or {}
        supremacy = data.get("supremacy") or {}
        minerva = data.get("minerva") or {}
        return Draft(game=str(data.get("game", "")),
                     expansions=[str(e) for e in data.get("expansions", [])], seats=seats,
                     conflict_toward=str(conflict.get("toward") or ""),
                     conflict_spaces=int(conflict.get("spaces", 0)),
                     supremacy_kind=str(supremacy.get("kind", "")),
                     supremacy_winner=str(supremacy.get("winner", "")),
                     minerva_toward=str(minerva.get("toward") or ""),
                     minerva_spaces=int(minerva.get("spaces", 0)))

    def fresh_copy(self) -> Draft:
        """The same game, players, seats and wonders, with empty cities: a new game."""
        return Draft(
            game=self.game,
            expansions=list(self.expansions),
            seats=[Seat(name=s.name, board=s.board, side=s.side, free_city=s.free_city)
                   for s in self.seats],
        )

    def untouched(self) -> bool:
        """Nothing entered beyond the players' names (as the new-game screen makes it), so
        replacing it loses nothing worth asking about."""
        blank = Draft(game=self.game, expansions=list(self.expansions), id=self.id,
                      created=self.created, finished=self.finished,
                      seats=[Seat(name=s.name, free_city=s.free_city) for s in self.seats])
        return self == blank


PIECE_FIELDS = {"tokens": "tokens", "count": "counts", "points": "printed"}
"""Where a table file puts a piece, by how it is held (`Piece.held`)."""


def piece_key(where: str, piece: str, face: str = "") -> str:
    """A piece's key in `Seat.pieces`: the table file's field, the piece and a token's face
    ("tokens:debt:-1", "counts:tower_tiles"): kept as the file had it, even for a piece of an
    expansion the game does not have (the engine names that)."""
    return f"{where}:{piece}:{face}" if face else f"{where}:{piece}"


def split_piece_key(key: str) -> tuple[str, str, str]:
    """The table file's field, the piece and the face ("" but for tokens) of a key."""
    where, _, rest = key.partition(":")
    piece, _, face = rest.partition(":")
    return where, piece, face


def _pieces_of(p: dict[str, Any]) -> dict[str, int]:
    """A table file's tokens, counts and printed points as `Seat.pieces`."""
    out: dict[str, int] = {}
    for piece, faces in (p.get("tokens") or {}).items():
        for face, n in (faces or {}).items():
            out[piece_key("tokens", str(piece), str(face))] = int(n)
    for where in ("counts", "printed"):
        for piece, n in (p.get(where) or {}).items():
            out[piece_key(where, str(piece))] = int(n)
    return out


def _counted(names: list[Any]) -> dict[str, int]:
    """A list of names as how many times each is in it (Mythology tokens)."""
    out: dict[str, int] = {}
    for name in names:
        out[str(name)] = out.get(str(name), 0) + 1
    return out


@cache
def _stored() -> TypeAdapter[Draft]:
    """The reader of stored drafts (built once, on first use)."""
    return TypeAdapter(Draft)
