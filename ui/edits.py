"""A change to a game is a typed value: the screens make one, `apply` (the one function that
changes a draft) turns the saved draft into the next, and the same value is logged with the
game and broadcast to the other devices of the game. No closures: a change can be stored,
sent, described ("Bob's coins changed to 7") and refused as data.

Every seat edit names the seat by its index *and* the player sitting there when the change
was made: a change that meets a table whose seats moved meanwhile is refused (the device then
shows the saved table), never applied to the wrong player. Each value edit also carries the
value it replaces as the device showed it (`was`): when two devices set the same field from
the same value, the first one saved stands and the other is refused as stale (that device is
shown the saved game), so no device undoes another's change unseen. An undo (`Revert`) is an
edit of the same kind, each step carrying the value it takes back.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from pydantic import TypeAdapter

from scorer.facts import (
    FieldBounds,
    GameFacts,
    copies_in_deck,
    facts,
    field_bounds,
    max_name_length,
    ruleset,
)
from scorer.games.checks import player_names
from scorer.ruleset import Ruleset
from scorer.words import side_word
from ui import strings as S
from ui.draft import Draft, Seat

SeatField = Literal["board", "side", "stages", "coins", "quick", "buried", "buried_cost",
                    "conquests"]
EntryField = Literal["military", "typed", "choices"]
ListField = Literal["cards", "wonders", "progress", "leaders"]
TableField = Literal["conflict_toward", "conflict_spaces", "supremacy_kind", "supremacy_winner"]

_SEAT_TYPES: dict[str, tuple[type, ...]] = {
    "board": (str,), "side": (str,), "stages": (int,), "coins": (int,), "quick": (bool,),
    "buried": (str,), "buried_cost": (int, type(None)), "conquests": (int, type(None)),
}
_TABLE_TYPES: dict[str, tuple[type, ...]] = {
    "conflict_toward": (str,), "conflict_spaces": (int,), "supremacy_kind": (str,),
    "supremacy_winner": (str,),
}


Was = tuple[str | int | bool | None, ...]
"""The value an edit replaces, as the phone that made it showed it: `(value,)`; `()` when not
said (an edit logged before `was` existed). A saved value that differs refuses the edit
(code "stale"): it was computed from, or typed over, a value that is no longer the game's."""


@dataclass(frozen=True)
class SetSeat:
    """One value of a seat: its board (which clears the stages built on the old one), side,
    stages, coins, paper mode, buried leader (which clears its cost), ..."""

    seat: int
    player: str
    field: SeatField
    value: str | int | bool | None
    was: Was = ()
    kind: Literal["set_seat"] = "set_seat"


@dataclass(frozen=True)
class SetEntry:
    """One entry of a seat's table of numbers or names: a conflict token count, a paper
    total, a choice. None removes the entry."""

    seat: int
    player: str
    field: EntryField
    key: str
    value: int | str | None
    was: Was = ()
    kind: Literal["set_entry"] = "set_entry"


@dataclass(frozen=True)
class Hold:
    """A card, wonder, progress token or leader is (or is no longer) in a city. `entered`
    is the name as the city holds it, when it differs (an imported table's spelling)."""

    seat: int
    player: str
    field: ListField
    name: str
    held: bool
    entered: str = ""
    kind: Literal["hold"] = "hold"


@dataclass(frozen=True)
class SetCopies:
    """A city holds `count` copies of a card it may hold several of (Agora's Senators:
    `facts.counted_cards`), at most as many as the box has."""

    seat: int
    player: str
    name: str
    count: int
    kind: Literal["set_copies"] = "set_copies"


@dataclass(frozen=True)
class SetCubes:
    """Agora: the cubes of one seat in one Chamber (of `chambers`, the ruleset's count)."""

    seat: int
    player: str
    chamber: int
    value: int
    chambers: int
    was: Was = ()
    kind: Literal["set_cubes"] = "set_cubes"


@dataclass(frozen=True)
class SetTable:
    """A value of the whole table: the Duel conflict pawn, a claimed supremacy."""

    field: TableField
    value: str | int
    was: Was = ()
    kind: Literal["set_table"] = "set_table"


@dataclass(frozen=True)
class AddPlayer:
    name: str
    kind: Literal["add_player"] = "add_player"


@dataclass(frozen=True)
class RemovePlayer:
    seat: int
    player: str
    kind: Literal["remove_player"] = "remove_player"


@dataclass(frozen=True)
class RenamePlayer:
    seat: int
    player: str
    name: str
    kind: Literal["rename_player"] = "rename_player"


@dataclass(frozen=True)
class MoveSeat:
    """The player at `seat` now sits at `to` (the others close up, seating order kept)."""

    seat: int
    player: str
    to: int
    kind: Literal["move_seat"] = "move_seat"


@dataclass(frozen=True)
class ReturnPlayer:
    """A removed player sits again at `seat` (the others make room) with their whole city as
    it was when they left: how a removal is undone."""

    seat: int
    city: Seat
    kind: Literal["return_player"] = "return_player"


Step = SetSeat | SetEntry | Hold | SetCopies | SetCubes | SetTable | AddPlayer | \
    RemovePlayer | RenamePlayer | MoveSeat | ReturnPlayer
"""One change as a player makes it."""

MAX_STEPS = 4
"""The most steps an undo takes (a removed player back with the pawn and a supremacy)."""


@dataclass(frozen=True)
class Revert:
    """An undo: the change `undoes` (as it was made, to say what is undone) taken back by
    `steps`, its inverse worked out from the game just before it (`inverse`). Applied as
    one change (every step or none) that every phone sees and the game's log keeps; `redo`
    when it takes back an undo. `version`: the logged change it undoes (0: not known)."""

    undoes: Step
    steps: tuple[Step, ...]
    version: int = 0
    redo: bool = False
    kind: Literal["revert"] = "revert"


Edit = Step | Revert
SeatEdit = SetSeat | SetEntry | Hold | SetCopies | SetCubes | RemovePlayer | RenamePlayer | \
    MoveSeat


@cache
def _adapter() -> TypeAdapter[Edit]:
    return TypeAdapter(Edit)


_WRITERS: dict[type, TypeAdapter[Any]] = {}
"""The serializer of each kind of edit: the same JSON as the union's (its `kind` tag
included), without the union's search for the edit's type on every change."""


def to_json(edit: Edit) -> str:
    """The edit as it is logged with the game."""
    writer = _WRITERS.get(type(edit))
    if writer is None:
        writer = _WRITERS[type(edit)] = TypeAdapter(type(edit))
    return writer.dump_json(edit).decode()


def from_json(text: str) -> Edit:
    return _adapter().validate_json(text)


RefusalCode = Literal["bad-value", "stale", "player-count", "name", "seats-moved", "seat-taken",
                      "not-in-game", "host-finishes", "host-frees", "host-corrects",
                      "changed"]


@dataclass(frozen=True)
class Refusal:
    """Why an edit or a request was not applied: a code the app acts on, and the words."""

    code: RefusalCode
    message: str


def name_problem(draft: Draft, seat: int, name: str) -> Refusal | None:
    """What the engine says against `name` at `seat` (blank, repeated, too long...), or None."""
    if len(name) > max_name_length():
        return Refusal("name", S.name_too_long(max_name_length()))
    names = [s.name for s in draft.seats]
    if seat == len(names):
        names.append(name)
    else:
        names[seat] = name
    for p in player_names(names):
        if p.seat == seat:
            return Refusal("name", p.message)
    return None


def _seat_of(draft: Draft, edit: SeatEdit) -> Seat | Refusal:
    if not 0 <= edit.seat < len(draft.seats) or draft.seats[edit.seat].name != edit.player:
        return Refusal("seats-moved", S.seats_moved(edit.player))
    return draft.seats[edit.seat]


def apply(draft: Draft, edit: Edit) -> Draft | Refusal:
    """The draft after `edit` (a new value; `draft` is left as it was), or why not.
    A finished game that is corrected is unfinished again until Finish saves it."""
    problem = out_of_bounds(draft, edit) or _stale(draft, edit)
    if problem is not None:
        return problem
    one_seat = isinstance(edit, SetSeat | SetEntry | Hold | SetCopies | SetCubes) and \
        0 <= edit.seat < len(draft.seats)
    new = draft.copy_seat(edit.seat) if one_seat else draft.copy()  # type: ignore[union-attr]
    problem = _apply(new, edit)
    if problem is not None:
        return problem
    new.finished = None
    return new


def _apply(d: Draft, edit: Edit) -> Refusal | None:
    if isinstance(edit, Revert):
        if not 0 < len(edit.steps) <= MAX_STEPS:
            return Refusal("bad-value", S.BAD_VALUE)
        for step in edit.steps:  # on the same copy: all of them or (refused) none
            problem = out_of_bounds(d, step) or _stale(d, step) or _apply(d, step)
            if problem is not None:
                return problem
        return None
    if isinstance(edit, ReturnPlayer):
        limits = ruleset(d.game, d.expansions).constants
        if len(d.seats) >= limits.max_players:
            return Refusal("player-count", S.players_for(limits.min_players, limits.max_players))
        if not 0 <= edit.seat <= len(d.seats):
            return Refusal("bad-value", S.BAD_VALUE)
        problem = name_problem(d, len(d.seats), edit.city.name)
        if problem is not None:
            return problem
        d.seats.insert(edit.seat, copy.deepcopy(edit.city))  # the edit stays as it was
        return None
    if isinstance(edit, SetTable):
        if not isinstance(edit.value, _TABLE_TYPES[edit.field]):
            return Refusal("bad-value", S.BAD_VALUE)
        setattr(d, edit.field, edit.value)
        if edit.field == "supremacy_kind" and not edit.value:
            d.supremacy_winner = ""
        return None
    if isinstance(edit, AddPlayer):
        most = ruleset(d.game, d.expansions).constants.max_players
        if len(d.seats) >= most:
            return Refusal("player-count", S.players_for(
                ruleset(d.game).constants.min_players, most))
        name = edit.name.strip()
        problem = name_problem(d, len(d.seats), name)
        if problem is not None:
            return problem
        d.seats.append(Seat(name=name))
        return None
    seat = _seat_of(d, edit)
    if isinstance(seat, Refusal):
        return seat
    i = edit.seat
    if isinstance(edit, SetSeat):
        if not isinstance(edit.value, _SEAT_TYPES[edit.field]) or (
                isinstance(edit.value, bool) and edit.field != "quick"):
            return Refusal("bad-value", S.BAD_VALUE)
        setattr(seat, edit.field, edit.value)
        if edit.field == "board":
            seat.stages = 0
        elif edit.field == "buried":
            seat.buried_cost = None
    elif isinstance(edit, SetEntry):
        table: dict[str, int] | dict[str, str] = getattr(seat, edit.field)
        wanted = str if edit.field == "choices" else int
        if edit.value is None:
            table.pop(edit.key, None)
        elif isinstance(edit.value, wanted) and not isinstance(edit.value, bool):
            table[edit.key] = edit.value  # type: ignore[assignment]
        else:
            return Refusal("bad-value", S.BAD_VALUE)
    elif isinstance(edit, Hold):
        items: list[str] = getattr(seat, edit.field)
        held = [x for x in items if x in (edit.name, edit.entered)]
        if edit.held and not held:
            items.append(edit.name)
        elif not edit.held and held:
            items.remove(held[0])
    elif isinstance(edit, SetCopies):
        rules = ruleset(d.game, d.expansions)
        card = rules.cards.get(edit.name)
        if card is None or card.name not in facts(rules).counted_cards or not (
                0 <= edit.count <= copies_in_deck(rules, len(d.seats))[card.name]):
            return Refusal("bad-value", S.BAD_VALUE)
        others = [x for x in seat.cards if rules.cards.canonical(x) != card.name]
        seat.cards[:] = others + [card.name] * edit.count
    elif isinstance(edit, SetCubes):
        if not 0 <= edit.chamber < edit.chambers:
            return Refusal("bad-value", S.BAD_VALUE)
        seat.influence += [0] * (edit.chambers - len(seat.influence))
        seat.influence[edit.chamber] = edit.value
    elif isinstance(edit, RemovePlayer):
        least = ruleset(d.game, d.expansions).constants.min_players
        if len(d.seats) <= least:
            return Refusal("player-count", S.players_for(
                least, ruleset(d.game).constants.max_players))
        del d.seats[i]
        _forget(d, edit.player)
    elif isinstance(edit, RenamePlayer):
        name = edit.name.strip()
        problem = name_problem(d, i, name)
        if problem is not None:
            return problem
        seat.name = name
        if d.conflict_toward == edit.player:
            d.conflict_toward = name
        if d.supremacy_winner == edit.player:
            d.supremacy_winner = name
    elif isinstance(edit, MoveSeat):
        if not 0 <= edit.to < len(d.seats):
            return Refusal("bad-value", S.BAD_VALUE)
        d.seats.insert(edit.to, d.seats.pop(i))
    return None


def saved_value(draft: Draft, edit: Edit) -> str | int | bool | None:
    """The value of the game that `edit` replaces, as the screens show it (a conflict
    token or a Chamber not entered is 0; a paper total not typed is None)."""
    if isinstance(edit, SetTable):
        value: str | int = getattr(draft, edit.field)
        return value
    if not isinstance(edit, SetSeat | SetEntry | SetCubes):
        return None
    if not 0 <= edit.seat < len(draft.seats):
        return None
    seat = draft.seats[edit.seat]
    if isinstance(edit, SetSeat):
        held: str | int | bool | None = getattr(seat, edit.field)
        return held
    if isinstance(edit, SetCubes):
        return seat.influence[edit.chamber] if 0 <= edit.chamber < len(seat.influence) else 0
    entries: dict[str, int] | dict[str, str] = getattr(seat, edit.field)
    return entries.get(edit.key, 0 if edit.field == "military" else None)


def _stale(draft: Draft, edit: Edit) -> Refusal | None:
    """An edit made over a value that is no longer the saved one: refused, said in words."""
    if not isinstance(edit, SetSeat | SetEntry | SetCubes | SetTable) or not edit.was:
        return None
    if not isinstance(edit, SetTable) and isinstance(_seat_of(draft, edit), Refusal):
        return None  # the player moved or left: said as that (seats-moved), not as stale
    now = saved_value(draft, edit)
    if now == edit.was[0] and type(now) is type(edit.was[0]):
        return None
    if isinstance(edit, SetTable):
        return Refusal("stale", S.stale_table(S.TABLE_FIELD.get(edit.field, edit.field),
                                              _shown(now)))
    if isinstance(edit, SetSeat) and edit.field == "quick":
        return Refusal("stale", S.stale_switch(S.switched_entry(edit.player, bool(now))))
    return Refusal("stale", S.stale_seat(edit.player, _what(edit), _shown(now)))


def _shown(value: str | int | bool | None) -> str:
    if value is None or value == "":
        return S.NO_VALUE
    return S.yes_no(value) if isinstance(value, bool) else str(value)


def _what(edit: SetSeat | SetEntry | SetCubes) -> str:
    if isinstance(edit, SetSeat):
        return S.SEAT_FIELD.get(edit.field, edit.field)
    if isinstance(edit, SetEntry):
        return S.entry_label(edit.field, edit.key)
    return f"{S.CHAMBER} {edit.chamber + 1}"


def _within(value: object, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _known(rules: Ruleset, field: str, name: object) -> bool:
    """Whether the game has a card, wonder, progress token or leader of this name."""
    if not isinstance(name, str):
        return False
    if field == "cards":
        return rules.cards.get(name) is not None
    if field == "wonders":
        return rules.wonders.get(name) is not None
    if field == "progress":
        return rules.progress.get(name) is not None
    return rules.leaders.get(name) is not None


def out_of_bounds(draft: Draft, edit: Edit) -> Refusal | None:
    """Why a value no real table has is refused (a 4,300-digit paper total, a board or a
    card the game does not have, a 200-character name), or None. Every bound is the
    ruleset's or the table format's (`scorer.facts`), checked here where every change
    passes, whatever a screen or a client sent."""
    rules = ruleset(draft.game, draft.expansions)
    has, most = facts(rules), field_bounds(rules)
    bad = Refusal("bad-value", S.BAD_VALUE)
    if isinstance(edit, SetTable):
        names = {s.name for s in draft.seats} | {""}
        ok = {"conflict_toward": edit.value in names,
              "conflict_spaces": _within(edit.value, 0, has.track_spaces),
              "supremacy_kind": edit.value in {"", *has.supremacies},
              "supremacy_winner": edit.value in names}[edit.field]
        return None if ok else bad
    if isinstance(edit, SetSeat):
        return None if _seat_value_fits(rules, has, most, draft, edit) else bad
    if isinstance(edit, SetEntry):
        return None if _entry_fits(rules, has, most, edit) else bad
    if isinstance(edit, SetCubes):
        fits = (edit.chambers == has.chambers and 0 <= edit.chamber < has.chambers
                and _within(edit.value, 0, most.cubes))
        return None if fits else bad
    if isinstance(edit, Hold):
        # a name the game has; one the city holds may always be taken out (an import's)
        return None if not edit.held or _known(rules, edit.field, edit.name) else bad
    return None


def _seat_value_fits(rules: Ruleset, has: GameFacts, most: FieldBounds, draft: Draft,
                     edit: SetSeat) -> bool:
    value = edit.value
    if edit.field == "board":
        return value == "" or (has.has_boards and _known(rules, "wonders", value))
    if edit.field == "side":
        return isinstance(value, str) and rules.sides.get(value) is not None
    if edit.field == "stages":
        return _within(value, 0, most.stages)
    if edit.field == "coins":
        return _within(value, 0, most.coins)
    if edit.field == "quick":
        return isinstance(value, bool)
    if edit.field == "buried":
        return value == "" or (has.has_leaders and _known(rules, "leaders", value))
    if edit.field == "buried_cost":
        return value is None or _within(value, 0, most.buried_cost)
    return value is None or _within(value, 0, has.max_conquests)  # conquests


def _entry_fits(rules: Ruleset, has: GameFacts, most: FieldBounds, edit: SetEntry) -> bool:
    if edit.value is None:
        return True
    if edit.field == "military":
        faces = {str(v): n for v, n in most.tokens.items()}
        return edit.key in faces and _within(edit.value, 0, faces[edit.key])
    if edit.field == "typed":
        rows = [c for c in has.categories if c not in has.paper_derived]
        return edit.key in rows and _within(edit.value, 0, most.paper_row)
    # choices: Olympia's copied guild, the Courtesan's leader
    field = {"copied_guild": "cards", "courtesan": "leaders"}.get(edit.key)
    return field is not None and (edit.value == "" or _known(rules, field, edit.value))


def _forget(d: Draft, name: str) -> None:
    """A removed player is no longer where the pawn points or who won a supremacy."""
    if d.conflict_toward == name:
        d.conflict_toward = ""
    if d.supremacy_winner == name:
        d.supremacy_winner = ""


def inverse(edit: Edit, before: Draft, after: Draft | None = None) -> Revert:
    """The change that takes `edit` back, worked out from `before`, the game just before
    `edit` was applied to it: each value the edit set gets the one it replaced, a removed
    player comes back with the whole city at the same seat. An undo's inverse redoes it.
    `after`: the game `apply` made of `before` with `edit`, when at hand (not changed here;
    without it, it is made again)."""
    if isinstance(edit, Revert):
        after = before.copy()
        steps: list[Step] = []
        for step in edit.steps:
            steps = [*_inverse_steps(step, after), *steps]
            _apply(after, step)
        return Revert(edit.undoes, _over(steps, after), edit.version, not edit.redo)
    steps = _inverse_steps(edit, before)
    if after is None:
        after = before.copy()
        _apply(after, edit)
    return Revert(edit, _over(steps, after))


def _over(steps: list[Step], after: Draft) -> tuple[Step, ...]:
    """Each step carries the value it takes back (`was`: as the change, and the steps before
    it, left it): an undo of a value someone changed since is refused as stale, never
    silently undoing theirs. `after` is not changed (the steps apply to a copy, made only
    when a step follows another: a tap's undo is one step)."""
    state, guarded = after, []
    for i, step in enumerate(steps):  # in the order they apply: a step sees the ones before
        if isinstance(step, SetSeat | SetEntry | SetCubes | SetTable):
            step = replace(step, was=(saved_value(state, step),))
        if i + 1 < len(steps):
            if state is after:
                state = after.copy()
            _apply(state, step)
        guarded.append(step)
    return tuple(guarded)


def _inverse_steps(edit: Step, d: Draft) -> list[Step]:
    """The steps that take `edit` back on the game after it (`d`: the game before it)."""
    if isinstance(edit, SetTable):
        steps: list[Step] = [SetTable(edit.field, getattr(d, edit.field))]
        if edit.field == "supremacy_kind" and d.supremacy_winner:
            steps.append(SetTable("supremacy_winner", d.supremacy_winner))
        return steps
    if isinstance(edit, AddPlayer):
        return [RemovePlayer(len(d.seats), edit.name.strip())]
    if isinstance(edit, ReturnPlayer):
        return [RemovePlayer(edit.seat, edit.city.name)]
    if not 0 <= edit.seat < len(d.seats):
        return []  # refused when it was made: nothing to take back
    seat = d.seats[edit.seat]
    if isinstance(edit, SetSeat):
        steps = [SetSeat(edit.seat, edit.player, edit.field, getattr(seat, edit.field))]
        if edit.field == "board":  # a new board clears the stages built on the old one
            steps.append(SetSeat(edit.seat, edit.player, "stages", seat.stages))
        elif edit.field == "buried":
            steps.append(SetSeat(edit.seat, edit.player, "buried_cost", seat.buried_cost))
        return steps
    if isinstance(edit, SetEntry):
        table: dict[str, int] | dict[str, str] = getattr(seat, edit.field)
        return [SetEntry(edit.seat, edit.player, edit.field, edit.key, table.get(edit.key))]
    if isinstance(edit, Hold):
        items: list[str] = getattr(seat, edit.field)
        held = [x for x in items if x in (edit.name, edit.entered)]
        if bool(held) == edit.held:
            return []  # it changed nothing
        return [Hold(edit.seat, edit.player, edit.field, held[0] if held else edit.name,
                     not edit.held)]
    if isinstance(edit, SetCopies):
        rules = ruleset(d.game, d.expansions)
        card = rules.cards.get(edit.name)
        name = card.name if card is not None else edit.name
        count = sum(1 for x in seat.cards if rules.cards.canonical(x) == name)
        return [SetCopies(edit.seat, edit.player, edit.name, count)]
    if isinstance(edit, SetCubes):
        was = seat.influence[edit.chamber] if edit.chamber < len(seat.influence) else 0
        return [SetCubes(edit.seat, edit.player, edit.chamber, was, edit.chambers)]
    if isinstance(edit, RemovePlayer):
        steps = [ReturnPlayer(edit.seat, copy.deepcopy(seat))]
        if d.conflict_toward == edit.player:
            steps.append(SetTable("conflict_toward", edit.player))
        if d.supremacy_winner == edit.player:
            steps.append(SetTable("supremacy_winner", edit.player))
        return steps
    if isinstance(edit, RenamePlayer):
        return [RenamePlayer(edit.seat, edit.name.strip(), edit.player)]
    return [MoveSeat(edit.to, edit.player, edit.seat)]


def describe(edit: Edit, before: Draft) -> str:
    """The change in words, for the other devices ("Bob's coins changed to 7")."""
    if isinstance(edit, Revert):
        said = describe(edit.undoes, before)
        return S.redone(said) if edit.redo else S.undone(said)
    if isinstance(edit, ReturnPlayer):
        return S.player_back(edit.city.name)
    if isinstance(edit, SetTable):
        return S.table_changed(S.TABLE_FIELD.get(edit.field, edit.field), str(edit.value))
    if isinstance(edit, AddPlayer):
        return S.player_added(edit.name.strip())
    if isinstance(edit, RemovePlayer):
        return S.player_removed(edit.player)
    if isinstance(edit, RenamePlayer):
        return S.player_renamed(edit.player, edit.name.strip())
    if isinstance(edit, MoveSeat):
        return S.player_moved(edit.player, edit.to + 1)
    if isinstance(edit, SetSeat) and edit.field == "side" and isinstance(edit.value, str):
        # the edition's own word (Night, not B)
        shown = ruleset(before.game, before.expansions).side_name(edit.value)
        return S.seat_changed(edit.player, S.SEAT_FIELD["side"], side_word(shown))
    if isinstance(edit, SetSeat) and edit.field == "quick":
        return S.switched_entry(edit.player, bool(edit.value))
    if isinstance(edit, SetSeat):
        shown = S.NO_VALUE if edit.value is None else (
            S.yes_no(edit.value) if isinstance(edit.value, bool) else str(edit.value))
        return S.seat_changed(edit.player, S.SEAT_FIELD.get(edit.field, edit.field), shown)
    if isinstance(edit, SetEntry):
        what = S.entry_label(edit.field, edit.key)
        shown = S.NO_VALUE if edit.value is None else str(edit.value)
        return S.seat_changed(edit.player, what, shown)
    if isinstance(edit, SetCubes):
        return S.seat_changed(edit.player, f"{S.CHAMBER} {edit.chamber + 1}", str(edit.value))
    if isinstance(edit, SetCopies):
        return S.seat_changed(edit.player, edit.name, str(edit.count))
    return S.held_changed(edit.player, edit.name, edit.held)


@dataclass(frozen=True)
class SeatEdits:
    """The edits of one seat, sent with `send` (the city screen's handlers make them)."""

    send: Callable[[Edit], None]
    seat: int
    player: str

    def set(self, field: SeatField, value: str | int | bool | None, was: Was = ()) -> None:
        self.send(SetSeat(self.seat, self.player, field, value, was))

    def entry(self, field: EntryField, key: str, value: int | str | None,
              was: Was = ()) -> None:
        self.send(SetEntry(self.seat, self.player, field, key, value, was))

    def hold(self, field: ListField, name: str, held: bool, entered: str = "") -> None:
        self.send(Hold(self.seat, self.player, field, name, held, entered))

    def copies(self, name: str, count: int) -> None:
        self.send(SetCopies(self.seat, self.player, name, count))

    def cubes(self, chamber: int, value: int, chambers: int, was: Was = ()) -> None:
        self.send(SetCubes(self.seat, self.player, chamber, value, chambers, was))
