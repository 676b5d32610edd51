"""The game being entered, as the app keeps it: the seats as they lie on the table, plus the
paper totals of players who counted on paper. It turns into the spec's table file; it holds
no rule of the game (what is allowed and what scores is the engine's business)."""

from __future__ import annotations

import copy
import time
import uuid
import weakref
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, TypeVar

from pydantic import ConfigDict, TypeAdapter, ValidationError, with_config

from scorer.facts import GameFacts, facts, ruleset

_STORED = ConfigDict(strict=True, extra="forbid")
"""A stored draft is read back only as written: a wrong type or an unknown field is an
error (the store keeps such a draft aside), never a value the screens trip on later."""


@with_config(_STORED)
@dataclass
class Seat:
    name: str
    board: str = ""
    side: str = "A"
    stages: int = 0
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


@with_config(_STORED)
@dataclass
class Draft:
    game: str
    expansions: list[str] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    conflict_toward: str = ""
    conflict_spaces: int = 0
    supremacy_kind: str = ""
    supremacy_winner: str = ""
    """Duel: a supremacy the table claims ("" = none, or as the state shows)."""
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: float = field(default_factory=time.time)
    finished: float | None = None

    @property
    def facts(self) -> GameFacts:
        """What the game being entered has (boards, leaders, a Senate...), from its rules."""
        return facts(ruleset(self.game, self.expansions))

    def table(self) -> dict[str, Any]:
        """The table file of the spec (version 1) for this draft."""
        if not self.facts.has_boards:  # wonders are cards of their own: the Duel shape
            return self._duel_table()
        players = []
        has = self.facts
        for s in self.seats:
            p: dict[str, Any] = {
                "name": s.name,
                "wonder": {"board": s.board, "side": s.side, "stages": s.stages},
                "cards": [] if s.quick else list(s.cards),
                "coins": s.coins,
            }
            tokens = {k: v for k, v in s.military.items() if v}
            if tokens:
                p["military"] = tokens
            if s.shields is not None:
                p["shields"] = list(s.shields)
            if has.has_leaders and s.leaders and not s.quick:
                p["leaders"] = list(s.leaders)
            choices = {k: v for k, v in s.choices.items() if v}
            if choices and not s.quick:
                p["choices"] = choices
            if s.free_city:
                p["free_city"] = True
            players.append(p)
        return {"game": self.game, "expansions": list(self.expansions), "players": players}

    def _duel_table(self) -> dict[str, Any]:
        players = []
        has = self.facts
        for s in self.seats:
            p: dict[str, Any] = {
                "name": s.name,
                "cards": [] if s.quick else list(s.cards),
                "wonders": [] if s.quick else list(s.wonders),
                "progress": [] if s.quick else list(s.progress),
                "coins": s.coins,
            }
            if has.chambers and s.influence:
                p["influence"] = list(s.influence)
            if has.has_leaders and not s.quick:
                if s.leaders:
                    p["leaders"] = list(s.leaders)
                if s.buried:
                    p["buried"] = {"leader": s.buried}
                    if s.buried_cost is not None:
                        p["buried"]["cost"] = s.buried_cost
            if has.has_leaders and s.conquests is not None:
                p["conquests"] = s.conquests
            players.append(p)
        conflict: dict[str, Any] = {"spaces": self.conflict_spaces}
        if self.conflict_spaces and self.conflict_toward:
            conflict["toward"] = self.conflict_toward
        table: dict[str, Any] = {"game": self.game, "expansions": list(self.expansions),
                                 "players": players, "conflict": conflict}
        if self.supremacy_kind and self.supremacy_winner:
            table["supremacy"] = {"kind": self.supremacy_kind, "winner": self.supremacy_winner}
        return table

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
        game = str(data.get("game", ""))
        draft = Draft(game=game, expansions=[str(e) for e in data.get("expansions", [])])
        for p in data.get("players", []):
            wonder = p.get("wonder") or {}
            seat = Seat(
                name=str(p.get("name", "")),
                board=str(wonder.get("board", "")),
                side=str(wonder.get("side", "A")),
                stages=int(wonder.get("stages", 0)),
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
            )
            buried = p.get("buried") or {}
            seat.buried = str(buried.get("leader", ""))
            seat.buried_cost = None if buried.get("cost") is None else int(buried["cost"])
            seat.conquests = None if p.get("conquests") is None else int(p["conquests"])
            draft.seats.append(seat)
        conflict = data.get("conflict") or {}
        draft.conflict_toward = str(conflict.get("toward") or "")
        draft.conflict_spaces = int(conflict.get("spaces", 0))
        supremacy = data.get("supremacy") or {}
        draft.supremacy_kind = str(supremacy.get("kind", ""))
        draft.supremacy_winner = str(supremacy.get("winner", ""))
        return draft

    def copy(self) -> Draft:
        """An equal draft that shares no list or dict with this one (an edit changes the copy
        only). Every field holds plain values or lists and dicts of them, so one level is
        enough: a tap's copy, not `copy.deepcopy`'s (~10x the time)."""
        return _copied(replace(self, seats=[_copied(s) for s in self.seats]))

    def copy_seat(self, index: int) -> Draft:
        """An equal draft for an edit of one seat: that seat is its own copy (as `copy`
        makes it), the list of seats too; the other seats (and lists) are this draft's. A saved
        draft is never changed (every edit changes a copy), so sharing them is safe, and a
        tap copies one city, not the table."""
        seats = list(self.seats)
        seats[index] = _copied(seats[index])
        return replace(self, seats=seats)

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


_D = TypeVar("_D", Draft, Seat)


_SAVED: dict[int, tuple[weakref.ref[Draft], str]] = {}
"""The JSON each saved draft was written as (or read from), by draft object, while the draft
lives: a saved draft is never changed (every edit changes a copy), so its JSON stays its
content, and the engine's verdict is looked up by it (`ui.model.evaluate`) instead of the
table being written out again on every change."""


def saved_as(draft: Draft, text: str) -> None:
    """`draft` is saved as `text` (the store says so when it writes or reads it)."""
    key = id(draft)

    def gone(_ref: object) -> None:
        kept = _SAVED.get(key)
        if kept is not None and kept[0]() is None:
            del _SAVED[key]
    _SAVED[key] = (weakref.ref(draft, gone), text)


def saved_json(draft: Draft) -> str | None:
    """The JSON `draft` was saved as (None: not a saved draft, or not known here)."""
    kept = _SAVED.get(id(draft))
    return kept[1] if kept is not None and kept[0]() is draft else None


def _copied(item: _D) -> _D:
    """`item` with its own copy of each list and dict field (their items are plain values)."""
    out = copy.copy(item)
    own = vars(out)
    for name, value in own.items():
        if isinstance(value, list):
            own[name] = list(value)
        elif isinstance(value, dict):
            own[name] = dict(value)
    return out


@cache
def _stored() -> TypeAdapter[Draft]:
    """The reader of stored drafts (built once, on first use)."""
    return TypeAdapter(Draft)
