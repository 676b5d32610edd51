"""7 Wonders' part of the entry (1st and 2nd edition, Leaders, Cities...): its draft, each
seat with a wonder board, its side and stages, the conflict tokens and the expansions'
pieces, and that draft as the spec's table file (and back). Duel's fields (wonders as
cards, progress, the pawn) are not this game's and are not in its draft."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Self

from pydantic import with_config

from ui.entry.draft import STORED, Draft, Seat, common_draft_fields, common_seat_fields

NAME: Literal["seven_wonders"] = "seven_wonders"
"""The engine's name of this game (`scorer.games.registry`)."""


@with_config(STORED)
@dataclass(frozen=True)
class SevenWondersSeat(Seat):
    """A 7 Wonders city: what every seat has, and its board, conflict tokens and pieces."""

    board: str = ""
    side: str = "A"
    stages: int = 0
    built: list[int] | None = None
    """A board whose stages are built in any order (the Wonder Pack's Great Wall): which
    stages, by number (None: the first `stages`, left to right)."""
    military: dict[str, int] = field(default_factory=dict)
    shields: list[int] | None = None
    """Shield totals at the end of each Age, as a table file gives them (None = not given)."""
    free_city: bool = False
    """The 2-player variant's Free City: scored, never ranked."""
    diplomacy: dict[str, int] = field(default_factory=dict)
    """Cities: the Ages in which the city used a diplomacy token, each as one entry
    (`{"2": 1}`: Age II), so that it is set and taken back as any entry of a seat."""
    pieces: dict[str, int] = field(default_factory=dict)
    """The ruleset's pieces (`Ruleset.pieces`) the city holds, by `piece_key`: where the
    table file puts it, the piece and a token's face ("tokens:debt:-1" = 3: three -1 debt
    tokens; "counts:tower_tiles", "printed:islands")."""
    entombed: list[str] = field(default_factory=list)
    """Abu Simbel: the leaders entombed (not among `leaders`)."""

    def __hash__(self) -> int:
        return super().__hash__()

    def fresh(self) -> Self:
        """A new game with the same players keeps each one's board, side and Free City."""
        return type(self)(name=self.name, board=self.board, side=self.side,
                          free_city=self.free_city)

    def blank(self) -> Self:
        return type(self)(name=self.name, free_city=self.free_city)

    @property
    def claimable(self) -> bool:
        """The Free City is no player's: every phone enters it, none holds it."""
        return not self.free_city


@with_config(STORED)
@dataclass(frozen=True)
class SevenWondersDraft(Draft):
    """A game of 7 Wonders being entered."""

    seats: list[SevenWondersSeat] = field(default_factory=list)

    SEAT: ClassVar[type[Seat]] = SevenWondersSeat

    def __hash__(self) -> int:
        return super().__hash__()


PIECE_FIELDS = {"tokens": "tokens", "count": "counts", "points": "printed"}
"""Where a table file puts a piece, by how it is held (`Piece.held`)."""


def piece_key(where: str, piece: str, face: str = "") -> str:
    """A piece's key in `SevenWondersSeat.pieces`: the table file's field, the piece and a
    token's face ("tokens:debt:-1", "counts:tower_tiles"): kept as the file had it, even for
    a piece of an expansion the game does not have (the engine names that)."""
    return f"{where}:{piece}:{face}" if face else f"{where}:{piece}"


def split_piece_key(key: str) -> tuple[str, str, str]:
    """The table file's field, the piece and the face ("" but for tokens) of a key."""
    where, _, rest = key.partition(":")
    piece, _, face = rest.partition(":")
    return where, piece, face


def from_table(data: dict[str, Any]) -> SevenWondersDraft:
    """A draft holding a 7 Wonders table file as it was read (checked by the engine)."""
    seats = []
    for p in data.get("players", []):
        wonder = p.get("wonder") or {}
        seats.append(SevenWondersSeat(
            **common_seat_fields(p),
            board=str(wonder.get("board", "")),
            side=str(wonder.get("side", "A")),
            stages=int(wonder.get("stages", 0)),
            built=None if wonder.get("built") is None else [int(x) for x in wonder["built"]],
            military={str(k): int(v) for k, v in (p.get("military") or {}).items()},
            shields=None if p.get("shields") is None else [int(x) for x in p["shields"]],
            free_city=p.get("free_city") is True,
            diplomacy={str(int(x)): 1 for x in p.get("diplomacy") or []},
            pieces=_pieces_of(p),
            entombed=[str(x) for x in p.get("entombed") or []],
        ))
    return SevenWondersDraft(**common_draft_fields(data), seats=seats)


def _pieces_of(p: dict[str, Any]) -> dict[str, int]:
    """A table file's tokens, counts and printed points as `SevenWondersSeat.pieces`."""
    out: dict[str, int] = {}
    for piece, faces in (p.get("tokens") or {}).items():
        for face, n in (faces or {}).items():
            out[piece_key("tokens", str(piece), str(face))] = int(n)
    for where in ("counts", "printed"):
        for piece, n in (p.get(where) or {}).items():
            out[piece_key(where, str(piece))] = int(n)
    return out


def table(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for a 7 Wonders draft."""
    assert isinstance(draft, SevenWondersDraft), type(draft)
    players = []
    for s in draft.seats:
        p: dict[str, Any] = {
            "name": s.name,
            "wonder": {"board": s.board, "side": s.side, "stages": s.stages, **(
                {} if s.built is None else {"built": list(s.built)})},
            "cards": [] if s.quick else list(s.cards),
            "coins": s.coins,
        }
        tokens = {k: v for k, v in s.military.items() if v}
        if tokens:
            p["military"] = tokens
        if s.shields is not None:
            p["shields"] = list(s.shields)
        if s.leaders and not s.quick:  # without Leaders too: the engine names them
            p["leaders"] = list(s.leaders)
        choices = {k: v for k, v in s.choices.items() if v}
        if choices and not s.quick:
            p["choices"] = choices
        if s.free_city:
            p["free_city"] = True
        if s.quick:  # counted on a paper pad: its typed rows, and the Ages it sat out of
            p["paper"] = dict(s.typed)  # the conflicts (they decide its neighbours' too)
            p.update({k: v for k, v in _expansion_fields(s).items() if k == "diplomacy"})
        else:
            p.update(_expansion_fields(s))
        players.append(p)
    return {"game": draft.game, "expansions": list(draft.expansions), "players": players}


def _expansion_fields(s: SevenWondersSeat) -> dict[str, Any]:
    """The seat's diplomacy, pieces and entombed leaders, as the table file has them."""
    out: dict[str, Any] = {}
    if s.diplomacy:
        out["diplomacy"] = sorted(int(age) for age, n in s.diplomacy.items() if n)
    for key, n in sorted(s.pieces.items()):
        where, piece, face = split_piece_key(key)
        if not n or where not in PIECE_FIELDS.values():
            continue
        if where == "tokens":
            out.setdefault("tokens", {}).setdefault(piece, {})[face] = n
        else:
            out.setdefault(where, {})[piece] = n
    if s.entombed:
        out["entombed"] = list(s.entombed)
    return out
