"""Each game's part of the entry, one module per game: its draft (`SevenWondersDraft` of
`SevenWondersSeat`, `DuelDraft` of `DuelSeat`: each holds only its game's fields) and that
draft as the spec's table file, and back. The game is chosen as the engine chooses it
(`scorer.games.registry`: the ruleset's `[constants] protocol`), never by asking what the
table has (`has_boards`). A new game: its module here and one line in `ENTRIES`, which mypy
checks against `GameEntry` (a module without `table` is a type error).

Here too: a stored draft read back into its game's type (`read_draft`, which also reads a
draft stored before the split, when one record held both games' fields), a table file read
into its game's draft (`from_table`), and a new game's draft (`new_draft`)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import MISSING, fields
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, Protocol

from pydantic import BeforeValidator, Discriminator, Tag, ValidationError

from scorer.facts import facts, ruleset
from scorer.games.registry import game_of
from scorer.ruleset import RulesetLoadError
from ui.entry.draft import Draft, Seat, adapter_of, field_names, stored_problem
from ui.entry.games import duel, seven_wonders
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat


class GameEntry(Protocol):
    """What a game's entry module gives."""

    @property
    def NAME(self) -> str:
        """The engine's name of the game (`scorer.games.registry.GAMES`)."""
        ...

    def table(self, draft: Draft) -> dict[str, Any]:
        """The draft as the spec's table file (version 1)."""
        ...

    def from_table(self, data: dict[str, Any]) -> Draft:
        """A draft of the game holding a table file as it was read."""
        ...


SEVEN_WONDERS: GameEntry = seven_wonders
DUEL: GameEntry = duel

ENTRIES: Mapping[str, GameEntry] = MappingProxyType({
    seven_wonders.NAME: SEVEN_WONDERS,
    duel.NAME: DUEL,
})
"""Every game's entry, by the engine's name of its game (`scorer.games.registry.GAMES`)."""

DRAFTS: Mapping[str, type[Draft]] = MappingProxyType({
    seven_wonders.NAME: SevenWondersDraft,
    duel.NAME: DuelDraft,
})
"""Every game's draft type, by the engine's name of its game."""


def protocol_of(game: str, expansions: list[str] | tuple[str, ...] = ()) -> str:
    """The engine's name of the game a ruleset plays (a game the engine does not have: the
    engine's `RulesetLoadError`, as for any table of it)."""
    rules = ruleset(game, list(expansions))
    game_of(rules)  # a protocol no game has: said as the engine says it
    return rules.constants.protocol


def entry_of(draft: Draft) -> GameEntry:
    """The entry module of the draft's game."""
    return ENTRIES[protocol_of(draft.game, draft.expansions)]


def table_of(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for this draft, as its game writes it."""
    return entry_of(draft).table(draft)


def from_table(data: dict[str, Any]) -> Draft:
    """The draft of a table file's game holding the file as it was read (checked by the
    engine afterwards); a game the engine does not have: `RulesetLoadError`."""
    return ENTRIES[protocol_of(str(data.get("game", "")))].from_table(data)


def new_draft(game: str, expansions: list[str] | tuple[str, ...], names: list[str],
              free_city: str = "") -> Draft:
    """A new game of `names` (empty cities), of the game's own draft type. With fewer names
    than a table's seats where the game has a 2-player variant (the 1st edition's Free
    City), the Free City's seat comes last, named `free_city` (the words of the phone that
    starts the game)."""
    kind = DRAFTS[protocol_of(game, expansions)]
    seats = [kind.SEAT(name=n) for n in names]
    if free_city and facts(ruleset(game, list(expansions))).adds_free_city(len(names)):
        seats.append(SevenWondersSeat(name=free_city, free_city=True))
    return kind(game=game, expansions=list(expansions), seats=seats)


def read_draft(text: str) -> Draft:
    """A stored draft, of its game's type; ValueError when it is not one as `to_json`
    writes it (a wrong type, an unknown field, a game the engine does not have), saying
    where, for the store's "kept aside" message. A draft stored before each game had its
    own type (every seat held both games' fields) is read too: the other game's fields go
    when they hold nothing (as they always did), else it is not one."""
    found = _GAME.match(text)  # `to_json` writes the game first: no second reading
    try:
        game = json.loads(found.group(1)) if found else _parsed(text).get("game")
    except ValueError as err:
        raise ValueError(f"not JSON: {err}") from None
    try:
        kind = DRAFTS[protocol_of(str(game))]
    except (RulesetLoadError, KeyError):
        raise ValueError(f"game: no game {game!r}") from None
    reader = adapter_of(kind)
    try:
        read: Draft = reader.validate_json(text)
        return read
    except ValidationError as err:
        first = err
    data = _parsed(text)  # of before the split? then without the other game's empty fields
    cleaned = _without_legacy(data, kind)
    seats = cleaned.get("seats")
    if isinstance(seats, list):
        cleaned["seats"] = [_without_legacy(s, kind.SEAT) if isinstance(s, dict) else s
                            for s in seats]
    if cleaned == data:
        raise stored_problem(first) from None
    try:
        read = reader.validate_json(json.dumps(cleaned))
        return read
    except ValidationError as err:
        raise stored_problem(err) from None


_GAME = re.compile(r'\{"game":("(?:[^"\\]|\\.)*")')
"""The game of a stored draft, as `to_json` writes it (its first field)."""


def _parsed(text: str) -> dict[str, Any]:
    """A stored draft as JSON data (ValueError when it is not a JSON object)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not an object")
    return data


@cache
def _defaults() -> Mapping[str, Mapping[str, object]]:
    """Each field of every game's draft and seat and the value it holds when nothing was
    entered, by type name ("SevenWondersSeat" -> {"board": "", ...})."""
    out: dict[str, dict[str, object]] = {}
    kinds: list[type[Draft] | type[Seat]] = [*DRAFTS.values(), *(d.SEAT for d in DRAFTS.values())]
    for kind in kinds:
        held: dict[str, object] = {}
        for f in fields(kind):
            if f.default is not MISSING:
                held[f.name] = f.default
            elif f.default_factory is not MISSING:
                held[f.name] = f.default_factory()
        out[kind.__name__] = held
    return out


def _without_legacy(data: dict[str, Any], kind: type[Draft] | type[Seat]) -> dict[str, Any]:
    """`data` without the fields another game's type has and `kind` has not, where they
    hold nothing (a record of before the split held them all, empty); a field holding
    something stays, for the reader to name."""
    own = {f.name for f in fields(kind)}
    others: dict[str, object] = {}
    for name, defaults in _defaults().items():
        if name != kind.__name__:
            others.update({k: v for k, v in defaults.items() if k not in own})
    return {k: v for k, v in data.items()
            if k in own or k not in others or not _nothing(v, others[k])}


def _nothing(value: object, default: object) -> bool:
    """Whether a field of before the split holds nothing: its default, or Agora's cubes as
    the app once sized them for every city (each Chamber 0)."""
    return value == default or (isinstance(value, list) and bool(value)
                                and all(x == 0 for x in value))


def _seat_game(value: Any) -> str:
    """Which game's seat a seat is (an edit holds one: a removed player's city): by its
    type, or, read from JSON, by the fields it has that only one game's seat has."""
    if isinstance(value, Seat):
        return duel.NAME if isinstance(value, DuelSeat) else seven_wonders.NAME
    keys = set(value) if isinstance(value, dict) else set()
    duel_only = set(field_names(DuelSeat)) - set(field_names(Seat))
    seven_only = set(field_names(SevenWondersSeat)) - set(field_names(Seat))
    if keys & duel_only and not keys & seven_only:
        return duel.NAME
    if keys & seven_only and not keys & duel_only:
        return seven_wonders.NAME
    # of before the split (both games' fields): the game whose fields hold something
    # (Agora's cubes all 0, as once sized for every city, hold nothing)
    duel_defaults = _defaults()["DuelSeat"]
    if any(not _nothing(value[k], duel_defaults[k]) for k in keys & duel_only):
        return duel.NAME
    return seven_wonders.NAME


def _seat_without_legacy(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    kind = DuelSeat if _seat_game(value) == duel.NAME else SevenWondersSeat
    return _without_legacy(value, kind)


AnySeat = Annotated[
    Annotated[Annotated[SevenWondersSeat, Tag(seven_wonders.NAME)]
              | Annotated[DuelSeat, Tag(duel.NAME)], Discriminator(_seat_game)],
    BeforeValidator(_seat_without_legacy)]
"""A seat of any game, read back as its game's (an edit that gives a removed player their
city back holds one)."""


def as_seven_wonders(draft: Draft | None) -> SevenWondersDraft:
    """A draft known to be of 7 Wonders, as its type (a test's or a 7 Wonders part's)."""
    if not isinstance(draft, SevenWondersDraft):
        raise TypeError(f"not a game of 7 Wonders: {type(draft).__name__}")
    return draft


def as_duel(draft: Draft | None) -> DuelDraft:
    """A draft known to be of 7 Wonders Duel, as its type."""
    if not isinstance(draft, DuelDraft):
        raise TypeError(f"not a game of 7 Wonders Duel: {type(draft).__name__}")
    return draft


def board_of(seat: Seat) -> str:
    """The wonder board a seat holds ("" for none, and in a game without boards)."""
    return seat.board if isinstance(seat, SevenWondersSeat) else ""


def buried_of(seat: Seat) -> list[str]:
    """The leader buried under a Duel city's Abu Simbel, as a list ([] for none)."""
    return [seat.buried] if isinstance(seat, DuelSeat) and seat.buried else []


def any_seat(seat: Seat) -> SevenWondersSeat | DuelSeat:
    """A seat as one of the games' seat types (every seat made is one)."""
    assert isinstance(seat, SevenWondersSeat | DuelSeat), type(seat)
    return seat


def seat_for(draft: Draft, seat: Seat) -> Seat | None:
    """`seat` as a seat of `draft`'s game: itself, or, for a seat of another game's type
    holding nothing of that game (one read from an edit stored before the split), the same
    player and city in this game's type; None when it holds another game's entries."""
    if isinstance(seat, draft.SEAT):
        return seat
    other = _defaults()[type(seat).__name__]
    common = {f.name for f in fields(Seat)}
    if any(getattr(seat, k) != v for k, v in other.items() if k not in common):
        return None
    return draft.SEAT(**{k: getattr(seat, k) for k in common})
