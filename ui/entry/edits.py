"""A change to a game is a typed value: the screens make one, `apply` turns the saved draft
into the next, and the same value is logged with the game and broadcast to the other devices
of the game. No closures: a change can be stored, sent, described ("Bob's coins changed to
7") and refused as data.

Each kind of edit owns its meaning, in one place: what it refuses (`refused`: the table's
bounds and a stale value), what it does (`apply`), what takes it back (`inverse`) and how it
is said (`describe`), as methods of its frozen value (`EditKind`). `KINDS` is built from the
`Edit` union that reads and writes the JSON, and mypy checks every member of that union
against `EditKind`: a new kind without one of its meanings is a type error, not a branch
forgotten in a long function.

Every seat edit names the seat by its index *and* the player sitting there when the change
was made: a change that meets a table whose seats moved meanwhile is refused (the device then
shows the saved table), never applied to the wrong player. Each value edit also carries the
value it replaces as the device showed it (`was`): when two devices set the same field from
the same value, the first one saved stands and the other is refused as stale (that device is
shown the saved game), so no device undoes another's change unseen. An undo (`Revert`) is an
edit of the same kind, each step carrying the value it takes back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, Protocol, get_args

from pydantic import TypeAdapter, ValidationError

from scorer.facts import (
    copies_in_deck,
    facts,
    field_bounds,
    max_name_length,
    ruleset,
    supremacy_name,
)
from scorer.games.checks import player_names
from scorer.i18n import translated
from scorer.ruleset import Ruleset
from scorer.words import side_word
from ui.entry.draft import Draft, Seat, has_field
from ui.entry.games import AnySeat, any_seat, seat_for
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import PIECE_FIELDS, SevenWondersSeat, split_piece_key
from ui.text import strings as S

SeatField = Literal["board", "side", "stages", "coins", "quick", "buried", "buried_cost",
                    "conquests", "astarte_coins", "offering_tokens", "snake"]
EntryField = Literal["military", "typed", "choices", "pieces", "diplomacy", "mythology"]
ListField = Literal["cards", "wonders", "progress", "leaders", "divinities", "entombed"]
TableField = Literal["conflict_toward", "conflict_spaces", "supremacy_kind", "supremacy_winner",
                     "minerva_toward", "minerva_spaces"]

_SEAT_TYPES: dict[str, tuple[type, ...]] = {
    "board": (str,), "side": (str,), "stages": (int,), "coins": (int,), "quick": (bool,),
    "buried": (str,), "buried_cost": (int, type(None)), "conquests": (int, type(None)),
    "astarte_coins": (int, type(None)), "offering_tokens": (int, type(None)), "snake": (str,),
}
_TABLE_TYPES: dict[str, tuple[type, ...]] = {
    "conflict_toward": (str,), "conflict_spaces": (int,), "supremacy_kind": (str,),
    "supremacy_winner": (str,), "minerva_toward": (str,), "minerva_spaces": (int,),
}


Was = tuple[str | int | bool | None, ...]
"""The value an edit replaces, as the phone that made it showed it: `(value,)`; `()` when not
said (an edit logged before `was` existed). A saved value that differs refuses the edit
(code "stale"): it was computed from, or typed over, a value that is no longer the game's."""


RefusalCode = Literal["bad-value", "stale", "player-count", "name", "seats-moved", "seat-taken",
                      "not-in-game", "host-finishes", "host-frees", "host-corrects",
                      "changed"]


@dataclass(frozen=True)
class Refusal:
    """Why an edit or a request was not applied: a code the app acts on, and the words."""

    code: RefusalCode
    message: str


class EditKind(Protocol):
    """What every kind of edit says of itself. Checked by mypy on every member of `Edit`
    (`_meaning`), so the registry `KINDS` holds no kind without its meaning."""

    @property
    def kind(self) -> str:
        """The JSON tag of the kind (its `kind` field)."""
        ...

    def refused(self, draft: Draft) -> Refusal | None:
        """Why this edit is refused on `draft` before it is tried: a value out of the table's
        bounds (`scorer.facts`), or made over a value that is no longer the saved one."""
        ...

    def apply(self, draft: Draft) -> Draft | Refusal:
        """The draft after this edit, a new value (`draft` is left as it is), or why not
        (a seat that moved, a player too many). Bounds and staleness: `refused`."""
        ...

    def inverse(self, before: Draft, after: Draft | None = None) -> Revert:
        """The change that takes this edit back, worked out from `before` (the game just
        before it; `after`: the game it made, when at hand)."""
        ...

    def describe(self, before: Draft) -> str:
        """The change in words, for the other devices ("Bob's coins changed to 7")."""
        ...


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
        # a name another seat has already is said at that seat (the second of the two):
        # refused here too (before, Ann renamed "Bob" beside Bob was taken)
        if p.seat == seat:
            return Refusal("name", p.message)
        if p.seat is not None and names[p.seat].strip().casefold() == name.casefold():
            return Refusal("name", S.name_taken(name, p.seat + 1))
    return None


def _bad() -> Refusal:
    return Refusal("bad-value", S.BAD_VALUE)  # worded now: in the session's language


def _moved(draft: Draft, seat: int, player: str) -> Refusal | None:
    """A seat edit meets a table whose seats moved: refused, never applied to another."""
    if not 0 <= seat < len(draft.seats) or draft.seats[seat].name != player:
        return Refusal("seats-moved", S.seats_moved(player))
    return None


def _seat(draft: Draft, seat: int, player: str) -> Seat | Refusal:
    """The seat a seat edit is about, or why not (it moved)."""
    moved = _moved(draft, seat, player)
    return draft.seats[seat] if moved is None else moved


def _shown(value: str | int | bool | None) -> str:
    if value is None or value == "":
        return S.NO_VALUE
    return S.yes_no(value) if isinstance(value, bool) else str(value)


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
    if field == "divinities":
        return rules.divinities.get(name) is not None
    return rules.leaders.get(name) is not None  # leaders, and those entombed


def _piece_fits(rules: Ruleset, key: str, value: object) -> bool:
    """A piece of the ruleset (`Seat.pieces`'s key) entered where the table file puts it,
    within its bounds per city: a face its tokens have, a count or printed points from
    `least` to `most`."""
    where, name, face = split_piece_key(key)
    piece = rules.pieces.get(name)
    if piece is None or PIECE_FIELDS[piece.held] != where or (where == "tokens") != bool(face):
        return False
    if face and face not in piece.faces:
        return False
    return _within(value, piece.least if not face else 0, piece.most)


def _rules(draft: Draft) -> Ruleset:
    return ruleset(draft.game, draft.expansions)


class _Step:
    """What every step (an edit as a player makes it) shares: its undo is a `Revert` of
    the steps `undo_steps` gives, each guarding the value it takes back."""

    def undo_steps(self, before: Draft) -> list[Step]:
        """The steps that take this edit back on the game after it (`before`: the game
        before it); [] when it changed nothing."""
        raise NotImplementedError

    def inverse(self, before: Draft, after: Draft | None = None) -> Revert:
        me: Step = self  # type: ignore[assignment]  # only the Step kinds derive from it
        steps = self.undo_steps(before)
        if after is None:
            made = me.apply(before)
            after = before if isinstance(made, Refusal) else made
        return Revert(me, _over(steps, after))


class _Valued(_Step):
    """A step that sets one value: it carries the value it replaces (`was`) and is refused
    as stale when the saved value differs."""

    was: Was
    """(Each kind's own field, declared here for `stale`.)"""

    def saved(self, draft: Draft) -> str | int | bool | None:
        """The value of the game this edit replaces, as the screens show it."""
        raise NotImplementedError

    def stale(self, draft: Draft) -> Refusal | None:
        """An edit made over a value that is no longer the saved one: refused, said in words."""
        was = self.was
        if not was:
            return None
        now = self.saved(draft)
        if now == was[0] and type(now) is type(was[0]):
            return None
        return self.stale_words(now, draft)

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        raise NotImplementedError

    def stale_at(self, draft: Draft, seat: int, player: str) -> Refusal | None:
        """`stale`, for an edit of one seat: None when the seat's player has moved (said as
        that, seats-moved, by `apply`, not as stale)."""
        if _moved(draft, seat, player) is not None:
            return None
        return self.stale(draft)


@dataclass(frozen=True)
class SetSeat(_Valued):
    """One value of a seat: its board (which clears the stages built on the old one), side,
    stages, coins, paper mode, buried leader (which clears its cost), ..."""

    seat: int
    player: str
    field: SeatField
    value: str | int | bool | None
    was: Was = ()
    kind: Literal["set_seat"] = "set_seat"

    def refused(self, draft: Draft) -> Refusal | None:
        if not self._fits(draft):
            return _bad()
        return self.stale_at(draft, self.seat, self.player)

    def _fits(self, draft: Draft) -> bool:
        if not has_field(draft.SEAT, self.field):  # another game's (a Duel seat's board)
            return False
        rules = _rules(draft)
        has, most, value = facts(rules), field_bounds(rules), self.value
        if self.field == "board":
            return value == "" or (has.has_boards and _known(rules, "wonders", value))
        if self.field == "side":
            return isinstance(value, str) and rules.sides.get(value) is not None
        if self.field == "stages":
            return _within(value, 0, most.stages)
        if self.field == "coins":
            return _within(value, 0, most.coins)
        if self.field == "quick":
            return isinstance(value, bool)
        if self.field == "buried":
            return value == "" or (has.has_leaders and _known(rules, "leaders", value))
        if self.field == "buried_cost":
            return value is None or _within(value, 0, most.buried_cost)
        if self.field == "conquests":
            return value is None or _within(value, 0, has.max_conquests)
        const = rules.constants
        if self.field == "astarte_coins":  # Pantheon: the coins Astarte puts on her card
            return bool(rules.divinities) and (
                value is None or _within(value, 0, most.coins_on_divinity))
        if self.field == "offering_tokens":
            return bool(rules.divinities) and (
                value is None or _within(value, 0, const.offering_tokens_in_game))
        # the Snake: a green card of the game under Nisaba's token
        return bool(rules.divinities) and (value == "" or _known(rules, "cards", value))

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not isinstance(self.value, _SEAT_TYPES[self.field]) or (
                isinstance(self.value, bool) and self.field != "quick") or not has_field(
                type(seat), self.field):
            return _bad()
        changed: dict[str, Any] = {self.field: self.value}
        if self.field == "board":
            changed["stages"] = 0  # the stages were built on the old board
            changed["built"] = None
        elif self.field == "buried":
            changed["buried_cost"] = None  # the cost printed on another leader
        return draft.with_seat(self.seat, replace(seat, **changed))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []  # refused when it was made: nothing to take back
        seat = before.seats[self.seat]
        if not has_field(type(seat), self.field):
            return []  # refused when it was made: nothing to take back
        steps: list[Step] = [SetSeat(self.seat, self.player, self.field,
                                     getattr(seat, self.field))]
        # a new board clears the stages built on the old one
        if self.field == "board" and isinstance(seat, SevenWondersSeat):
            if seat.built is not None:  # a Great Wall's stages, by number (and their count)
                steps.append(SetBuilt(self.seat, self.player, tuple(seat.built)))
            if seat.stages != len(seat.built or ()):
                steps.append(SetSeat(self.seat, self.player, "stages", seat.stages))
        elif self.field == "buried" and isinstance(seat, DuelSeat):
            steps.append(SetSeat(self.seat, self.player, "buried_cost", seat.buried_cost))
        return steps

    def saved(self, draft: Draft) -> str | int | bool | None:
        if not 0 <= self.seat < len(draft.seats):
            return None
        held: str | int | bool | None = getattr(draft.seats[self.seat], self.field, None)
        return held

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        if self.field == "quick":
            return Refusal("stale", S.stale_switch(S.switched_entry(self.player, bool(now))))
        return Refusal("stale", S.stale_seat(
            self.player, S.SEAT_FIELD[self.field], _shown(now)))

    def describe(self, before: Draft) -> str:
        if self.field == "side" and isinstance(self.value, str):
            # the edition's own word (Night, not B)
            shown = _rules(before).side_name(self.value)
            return S.seat_changed(self.player, S.SEAT_FIELD["side"], side_word(shown))
        if self.field == "quick":
            return S.switched_entry(self.player, bool(self.value))
        value = S.NO_VALUE if self.value is None else (
            S.yes_no(self.value) if isinstance(self.value, bool) else str(self.value))
        return S.seat_changed(self.player, S.SEAT_FIELD[self.field], value)


def built_text(built: Sequence[int] | None) -> str:
    """The stages a board built in any order holds, as its field shows them ("1, 3"; ""
    for none listed): the value a `SetBuilt` replaces."""
    return ", ".join(map(str, built or ()))


@dataclass(frozen=True)
class SetBuilt(_Valued):
    """Which stages of a board built in any order (the Wonder Pack's Great Wall: the
    ruleset's `any_order`) a city has built, by number, in the order they were ticked; its
    count of stages follows. `was`: the stages it replaces as `built_text` says them (a tap
    on another phone meanwhile refuses this one, never loses that one)."""

    seat: int
    player: str
    built: tuple[int, ...]
    was: Was = ()
    kind: Literal["set_built"] = "set_built"

    def refused(self, draft: Draft) -> Refusal | None:
        if not 0 <= self.seat < len(draft.seats):
            return None  # said as that (seats-moved) by `apply`
        rules, seat = _rules(draft), draft.seats[self.seat]
        if not isinstance(seat, SevenWondersSeat):
            return _bad()  # a game without boards
        wonder = rules.wonders.get(seat.board) if seat.board else None
        side = None if wonder is None else wonder.sides.get(rules.sides.get(seat.side) or "A")
        if wonder is None or side is None or not wonder.any_order or (
                len(set(self.built)) != len(self.built)) or not all(
                _within(n, 1, len(side.stages)) for n in self.built):
            return _bad()
        return self.stale(draft) if _moved(draft, self.seat, self.player) is None else None

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not isinstance(seat, SevenWondersSeat):
            return _bad()
        built = list(self.built) or None
        return draft.with_seat(self.seat, replace(seat, built=built, stages=len(self.built)))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        seat = before.seats[self.seat]
        if not isinstance(seat, SevenWondersSeat):
            return []
        steps: list[Step] = [SetBuilt(self.seat, self.player, tuple(seat.built or ()))]
        if seat.stages != len(seat.built or ()):  # a count the list did not match (an import)
            steps.append(SetSeat(self.seat, self.player, "stages", seat.stages))
        return steps

    def saved(self, draft: Draft) -> str | int | bool | None:
        if not 0 <= self.seat < len(draft.seats):
            return None
        seat = draft.seats[self.seat]
        return built_text(seat.built) if isinstance(seat, SevenWondersSeat) else None

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_seat(self.player, S.SEAT_FIELD["stages"], _shown(now)))

    def describe(self, before: Draft) -> str:
        return S.seat_changed(self.player, S.SEAT_FIELD["stages"],
                              built_text(self.built) or S.NO_VALUE)


@dataclass(frozen=True)
class SetEntry(_Valued):
    """One entry of a seat's table of numbers or names: a conflict token count, a paper
    total, a choice. None removes the entry."""

    seat: int
    player: str
    field: EntryField
    key: str
    value: int | str | None
    was: Was = ()
    kind: Literal["set_entry"] = "set_entry"

    def refused(self, draft: Draft) -> Refusal | None:
        if not self._fits(draft):
            return _bad()
        return self.stale_at(draft, self.seat, self.player)

    def _fits(self, draft: Draft) -> bool:
        if not has_field(draft.SEAT, self.field):  # another game's (a Duel seat's tokens)
            return False
        if self.value is None:
            return True
        rules = _rules(draft)
        if self.field == "military":
            faces = {str(v): n for v, n in field_bounds(rules).tokens.items()}
            return self.key in faces and _within(self.value, 0, faces[self.key])
        if self.field == "typed":
            return self.key in facts(rules).typed_rows and _within(
                self.value, *field_bounds(rules).paper_range(self.key))
        if self.field == "pieces":
            return _piece_fits(rules, self.key, self.value)
        if self.field == "diplomacy":  # an Age in which the city used a diplomacy token
            return self.value == 1 and self.key in {
                str(age) for age in range(1, len(rules.constants.victory_token_by_age) + 1)}
        if self.field == "mythology":  # Pantheon: tokens of one Mythology, the box's each
            const = rules.constants
            return self.key in const.mythologies and _within(
                self.value, 0, const.mythology_tokens_each)
        # choices: Olympia's copied guild, the Courtesan's leader, Manneken Pis's copy
        field = {"copied_guild": "cards", "courtesan": "leaders",
                 "copied_stage": "wonders"}.get(self.key)
        return field is not None and (self.value == "" or _known(rules, field, self.value))

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not has_field(type(seat), self.field):
            return _bad()
        table: dict[str, int | str] = dict(getattr(seat, self.field))
        wanted = str if self.field == "choices" else int
        if self.value is None:
            table.pop(self.key, None)
        elif isinstance(self.value, wanted) and not isinstance(self.value, bool):
            table[self.key] = self.value
        else:
            return _bad()
        changed: dict[str, Any] = {self.field: table}
        return draft.with_seat(self.seat, replace(seat, **changed))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        table: dict[str, int] | dict[str, str] = getattr(before.seats[self.seat], self.field, {})
        return [SetEntry(self.seat, self.player, self.field, self.key, table.get(self.key))]

    def saved(self, draft: Draft) -> str | int | bool | None:
        if not 0 <= self.seat < len(draft.seats):
            return None
        entries: dict[str, int] | dict[str, str] = getattr(draft.seats[self.seat], self.field, {})
        return entries.get(self.key, 0 if self._counted else None)

    @property
    def _counted(self) -> bool:
        """A count, whose entry taken away is none held: 0, not "no value"."""
        return self.field in ("military", "pieces", "mythology")

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_seat(self.player, self._label(draft), _shown(now)))

    def describe(self, before: Draft) -> str:
        # a count set to 0 is said "0" ("Ann's Greek Mythology tokens changed to 0"; a look
        # read "changed to —")
        shown = str(self.value) if self.value is not None else "0" if self._counted \
            else S.NO_VALUE
        if self.field == "diplomacy":
            shown = S.yes_no(self.value is not None)
        if self.field == "choices" and self.value is None:
            return S.choice_left_open(self.player, self._label(before))
        return S.seat_changed(self.player, self._label(before), shown)

    def _label(self, draft: Draft) -> str:
        """The entry in the players' words: a piece by its ruleset's name ("debt tokens
        -1"), a diplomacy Age, a Mythology's tokens, else as `S.entry_label` says it."""
        if self.field == "pieces":
            _where, name, face = split_piece_key(self.key)
            piece = _rules(draft).pieces.get(name)
            label = translated(piece.label) if piece is not None else name
            return S.piece_face(label, face) if face else label
        if self.field == "diplomacy":
            return S.diplomacy_in(S.age_label((int(self.key),)) if self.key.isdigit()
                                  else self.key)
        if self.field == "mythology":
            return S.mythology_tokens(self.key)
        return S.entry_label(self.field, self.key)


@dataclass(frozen=True)
class Hold(_Valued):
    """A card, wonder, progress token or leader is (or is no longer) in a city. `entered`
    is the name as the city holds it, when it differs (an imported table's spelling).
    `was`: whether the phone showed it held when tapped (a card chip's tap: refused as
    stale when another phone changed it meanwhile, said, never read against the new
    state, where a take became a give-back)."""

    seat: int
    player: str
    field: ListField
    name: str
    held: bool
    entered: str = ""
    was: Was = ()
    kind: Literal["hold"] = "hold"

    def refused(self, draft: Draft) -> Refusal | None:
        if not has_field(draft.SEAT, self.field):  # another game's (a 7 Wonders seat's wonders)
            return _bad()
        # a name the game has; one the city holds may always be taken out (an import's)
        if self.held and not _known(_rules(draft), self.field, self.name):
            return _bad()
        return self.stale_at(draft, self.seat, self.player)

    def saved(self, draft: Draft) -> str | int | bool | None:
        return bool(self._held(draft.seats[self.seat]))

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_switch(S.held_changed(self.player, self.name,
                                                              bool(now))))

    def _held(self, seat: Seat) -> list[str]:
        items: list[str] = getattr(seat, self.field, [])
        return [x for x in items if x in (self.name, self.entered)]

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not has_field(type(seat), self.field):
            return _bad()
        items: list[str] = list(getattr(seat, self.field))
        held = self._held(seat)
        if self.held and not held:
            items.append(self.name)
        elif not self.held and held:
            items.remove(held[0])
        changed: dict[str, Any] = {self.field: items}
        return draft.with_seat(self.seat, replace(seat, **changed))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        held = self._held(before.seats[self.seat])
        if bool(held) == self.held:
            return []  # it changed nothing
        return [Hold(self.seat, self.player, self.field, held[0] if held else self.name,
                     not self.held)]

    def describe(self, before: Draft) -> str:
        return S.held_changed(self.player, self.name, self.held)


@dataclass(frozen=True)
class SetCopies(_Valued):
    """A city holds `count` copies of a card it may hold several of (Agora's Senators:
    `facts.counted_cards`), at most as many as the box has. `was`: the count the phone
    showed when tapped (refused as stale when another phone changed it meanwhile)."""

    seat: int
    player: str
    name: str
    count: int
    was: Was = ()
    kind: Literal["set_copies"] = "set_copies"

    def refused(self, draft: Draft) -> Refusal | None:
        # the box's count depends on the players: checked by `apply`
        return self.stale_at(draft, self.seat, self.player)

    def saved(self, draft: Draft) -> str | int | bool | None:
        rules = _rules(draft)
        card = rules.cards.get(self.name)
        name = card.name if card is not None else self.name
        return sum(1 for x in draft.seats[self.seat].cards if rules.cards.canonical(x) == name)

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_seat(self.player, self.name, _shown(now)))

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        rules = _rules(draft)
        card = rules.cards.get(self.name)
        if card is None or card.name not in facts(rules).counted_cards or not (
                0 <= self.count <= copies_in_deck(rules, len(draft.seats))[card.name]):
            return _bad()
        others = [x for x in seat.cards if rules.cards.canonical(x) != card.name]
        return draft.with_seat(self.seat, replace(seat, cards=others + [card.name] * self.count))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        rules = _rules(before)
        card = rules.cards.get(self.name)
        name = card.name if card is not None else self.name
        count = sum(1 for x in before.seats[self.seat].cards
                    if rules.cards.canonical(x) == name)
        return [SetCopies(self.seat, self.player, self.name, count)]

    def describe(self, before: Draft) -> str:
        return S.seat_changed(self.player, self.name, str(self.count))


@dataclass(frozen=True)
class SetCubes(_Valued):
    """Agora: the cubes of one seat in one Chamber (of `chambers`, the ruleset's count)."""

    seat: int
    player: str
    chamber: int
    value: int
    chambers: int
    was: Was = ()
    kind: Literal["set_cubes"] = "set_cubes"

    def refused(self, draft: Draft) -> Refusal | None:
        rules = _rules(draft)
        has = facts(rules)
        if not has_field(draft.SEAT, "influence") or not (
                self.chambers == has.chambers and 0 <= self.chamber < has.chambers
                and _within(self.value, 0, field_bounds(rules).cubes)):
            return _bad()
        return self.stale_at(draft, self.seat, self.player)

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not 0 <= self.chamber < self.chambers or not isinstance(seat, DuelSeat):
            return _bad()
        cubes = [*seat.influence, *[0] * (self.chambers - len(seat.influence))]
        cubes[self.chamber] = self.value
        return draft.with_seat(self.seat, replace(seat, influence=cubes))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        return [SetCubes(self.seat, self.player, self.chamber, self._at(before.seats[self.seat]),
                         self.chambers)]

    def _at(self, seat: Seat) -> int:
        if not isinstance(seat, DuelSeat):
            return 0
        return seat.influence[self.chamber] if 0 <= self.chamber < len(seat.influence) else 0

    def saved(self, draft: Draft) -> str | int | bool | None:
        if not 0 <= self.seat < len(draft.seats):
            return None
        return self._at(draft.seats[self.seat])

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_seat(self.player, f"{S.CHAMBER} {self.chamber + 1}",
                                             _shown(now)))

    def describe(self, before: Draft) -> str:
        return S.seat_changed(self.player, f"{S.CHAMBER} {self.chamber + 1}", str(self.value))


@dataclass(frozen=True)
class SetShields(_Valued):
    """A 7 Wonders city's shields at the end of one Age (`age`: 0 for Age I), where its
    table gives them (an imported file: the engine works out every city's conflict tokens
    from them when every city has them). One Age at a time, as a Chamber's cubes: two
    phones changing two Ages refuse neither, and an Age imported beyond the bound is
    corrected alone."""

    seat: int
    player: str
    age: int
    value: int
    was: Was = ()
    kind: Literal["set_shields"] = "set_shields"

    def refused(self, draft: Draft) -> Refusal | None:
        rules = _rules(draft)
        if not has_field(draft.SEAT, "shields") or not (
                0 <= self.age < len(rules.constants.victory_token_by_age)
                and _within(self.value, 0, field_bounds(rules).shields)):
            return _bad()
        return self.stale_at(draft, self.seat, self.player)

    def apply(self, draft: Draft) -> Draft | Refusal:
        seat = _seat(draft, self.seat, self.player)
        if isinstance(seat, Refusal):
            return seat
        if not isinstance(seat, SevenWondersSeat) or seat.shields is None or not (
                0 <= self.age < len(seat.shields)):
            return _bad()  # a city whose table gives no shields: its tokens are entered
        shields = list(seat.shields)
        shields[self.age] = self.value
        return draft.with_seat(self.seat, replace(seat, shields=shields))

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        was = self._at(before.seats[self.seat])
        return [] if was is None else [SetShields(self.seat, self.player, self.age, was)]

    def _at(self, seat: Seat) -> int | None:
        if not isinstance(seat, SevenWondersSeat) or seat.shields is None:
            return None
        return seat.shields[self.age] if 0 <= self.age < len(seat.shields) else None

    def saved(self, draft: Draft) -> str | int | bool | None:
        if not 0 <= self.seat < len(draft.seats):
            return None
        return self._at(draft.seats[self.seat])

    def _label(self) -> str:
        """In a note's sentence ("Ann's shields at the end of Age II changed to 2")."""
        said = S.shields_at_end(S.age_label((self.age + 1,)))
        return said[:1].lower() + said[1:]

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_seat(self.player, self._label(), _shown(now)))

    def describe(self, before: Draft) -> str:
        return S.seat_changed(self.player, self._label(), str(self.value))


@dataclass(frozen=True)
class SetTable(_Valued):
    """A value of the whole table: the Duel conflict pawn, a claimed supremacy."""

    field: TableField
    value: str | int
    was: Was = ()
    kind: Literal["set_table"] = "set_table"

    def refused(self, draft: Draft) -> Refusal | None:
        if not isinstance(draft, DuelDraft):
            return _bad()  # a table without a pawn
        has = facts(_rules(draft))
        names = {s.name for s in draft.seats} | {""}
        pawn = bool(_rules(draft).constants.minerva_pawn_by)  # Pantheon's Minerva
        fits = {"conflict_toward": self.value in names,
                "conflict_spaces": _within(self.value, 0, has.track_spaces),
                "supremacy_kind": self.value in {"", *has.supremacies},
                "supremacy_winner": self.value in names,
                "minerva_toward": pawn and self.value in names,
                "minerva_spaces": pawn and _within(self.value, 0, has.track_spaces),
                }[self.field]
        return self.stale(draft) if fits else _bad()

    def apply(self, draft: Draft) -> Draft | Refusal:
        if not isinstance(self.value, _TABLE_TYPES[self.field]) or not isinstance(
                draft, DuelDraft):
            return _bad()
        changed: dict[str, Any] = {self.field: self.value}
        new = replace(draft, **changed)
        if self.field == "supremacy_kind" and not self.value:
            new = replace(new, supremacy_winner="")
        return new

    def undo_steps(self, before: Draft) -> list[Step]:
        if not isinstance(before, DuelDraft):
            return []
        steps: list[Step] = [SetTable(self.field, getattr(before, self.field))]
        if self.field == "supremacy_kind" and before.supremacy_winner:
            steps.append(SetTable("supremacy_winner", before.supremacy_winner))
        return steps

    def saved(self, draft: Draft) -> str | int | bool | None:
        value: str | int | None = getattr(draft, self.field, None)
        return value

    def stale_words(self, now: str | int | bool | None, draft: Draft) -> Refusal:
        return Refusal("stale", S.stale_table(S.TABLE_FIELD[self.field],
                                              self._said(now)))

    def describe(self, before: Draft) -> str:
        return S.table_changed(S.TABLE_FIELD[self.field], self._said(self.value))

    def _said(self, value: str | int | bool | None) -> str:
        """A value of this field in the players' words: a supremacy by its name in their
        language (a walk read "changed to science" under Vietnamese), none as "No"."""
        if self.field == "supremacy_kind":
            return supremacy_name(str(value)) if value else S.NO_SUPREMACY
        return _shown(value)


@dataclass(frozen=True)
class AddPlayer(_Step):
    name: str
    kind: Literal["add_player"] = "add_player"

    def refused(self, draft: Draft) -> Refusal | None:
        return None  # the seat count and the name: `apply`

    def apply(self, draft: Draft) -> Draft | Refusal:
        most = _rules(draft).constants.max_players
        if len(draft.seats) >= most:
            return Refusal("player-count", S.players_for(
                ruleset(draft.game).constants.min_players, most))
        name = self.name.strip()
        problem = name_problem(draft, len(draft.seats), name)  # the Free City's name too
        if problem is not None:
            return problem
        # a third player takes the Free City's seat: it plays only in a 2-player game (seed
        # 002; before, the table took a fourth seat it could not be finished with)
        players = [s for s in draft.seats if s.claimable]
        return replace(draft, seats=[*players, draft.new_seat(name)])

    def undo_steps(self, before: Draft) -> list[Step]:
        free = [(k, s) for k, s in enumerate(before.seats) if not s.claimable]
        if free:  # the Free City back in its place, the new player gone: one step
            k, city = free[0]
            return [ReturnPlayer(k, any_seat(city), replaces=self.name.strip())]
        return [RemovePlayer(len(before.seats), self.name.strip())]

    def describe(self, before: Draft) -> str:
        if not all(s.claimable for s in before.seats):
            return S.player_added_for_free_city(self.name.strip())
        return S.player_added(self.name.strip())


@dataclass(frozen=True)
class RemovePlayer(_Step):
    seat: int
    player: str
    kind: Literal["remove_player"] = "remove_player"

    def refused(self, draft: Draft) -> Refusal | None:
        return None  # the seat and the player count: `apply`

    def apply(self, draft: Draft) -> Draft | Refusal:
        moved = _moved(draft, self.seat, self.player)
        if moved is not None:
            return moved
        least = _rules(draft).constants.min_players
        if len(draft.seats) <= least:
            return Refusal("player-count", S.players_for(
                least, ruleset(draft.game).constants.max_players))
        seats = [s for i, s in enumerate(draft.seats) if i != self.seat]
        return replace(draft, seats=seats).forget(self.player)

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        steps: list[Step] = [ReturnPlayer(self.seat, any_seat(before.seats[self.seat]))]
        if isinstance(before, DuelDraft):
            if before.conflict_toward == self.player:
                steps.append(SetTable("conflict_toward", self.player))
            if before.supremacy_winner == self.player:
                steps.append(SetTable("supremacy_winner", self.player))
        return steps

    def describe(self, before: Draft) -> str:
        return S.player_removed(self.player)


@dataclass(frozen=True)
class RenamePlayer(_Step):
    seat: int
    player: str
    name: str
    kind: Literal["rename_player"] = "rename_player"

    def refused(self, draft: Draft) -> Refusal | None:
        return None  # the seat and the name: `apply`

    def apply(self, draft: Draft) -> Draft | Refusal:
        moved = _moved(draft, self.seat, self.player)
        if moved is not None:
            return moved
        name = self.name.strip()
        problem = name_problem(draft, self.seat, name)
        if problem is not None:
            return problem
        # the seat, and where the table names the player beside it (Duel's pawn)
        return draft.with_seat(self.seat, replace(draft.seats[self.seat], name=name)
                               ).renamed(self.player, name)

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        return [RenamePlayer(self.seat, self.name.strip(), self.player)]

    def describe(self, before: Draft) -> str:
        return S.player_renamed(self.player, self.name.strip())


@dataclass(frozen=True)
class MoveSeat(_Step):
    """The player at `seat` now sits at `to` (the others close up, seating order kept)."""

    seat: int
    player: str
    to: int
    kind: Literal["move_seat"] = "move_seat"

    def refused(self, draft: Draft) -> Refusal | None:
        return None  # the seats: `apply`

    def apply(self, draft: Draft) -> Draft | Refusal:
        moved = _moved(draft, self.seat, self.player)
        if moved is not None:
            return moved
        if not 0 <= self.to < len(draft.seats):
            return _bad()
        seats = list(draft.seats)
        seats.insert(self.to, seats.pop(self.seat))
        return replace(draft, seats=seats)

    def undo_steps(self, before: Draft) -> list[Step]:
        if not 0 <= self.seat < len(before.seats):
            return []
        return [MoveSeat(self.to, self.player, self.seat)]

    def describe(self, before: Draft) -> str:
        return S.player_moved(self.player, self.to + 1)


@dataclass(frozen=True)
class ReturnPlayer(_Step):
    """A removed player sits again at `seat` (the others make room) with their whole city as
    it was when they left: how a removal is undone."""

    seat: int
    city: AnySeat
    holder: str = ""
    """The device that held the player's seat when they left: the server's log keeps it in
    the removal's undo (phones are sent words, never an edit), and the undo gives the
    seat back to that phone (`ui.live.tables`)."""
    replaces: str = ""
    """The player who leaves in the same step ("" none): the Free City comes back in place of
    the third player added to a 2-player game (and that player in its place again), in one
    step, so that the table never holds a Free City beside three players."""
    kind: Literal["return_player"] = "return_player"

    def refused(self, draft: Draft) -> Refusal | None:
        return None  # the seat count, the seat and the name: `apply`

    def apply(self, draft: Draft) -> Draft | Refusal:
        limits = _rules(draft).constants
        if self.replaces:
            gone = [i for i, s in enumerate(draft.seats) if s.name == self.replaces]
            if not gone:
                return Refusal("seats-moved", S.seats_moved(self.replaces))
            draft = replace(draft, seats=[s for i, s in enumerate(draft.seats) if i != gone[0]])
        elif len(draft.seats) >= limits.max_players:
            return Refusal("player-count", S.players_for(limits.min_players, limits.max_players))
        if not 0 <= self.seat <= len(draft.seats):
            return _bad()
        problem = name_problem(draft, len(draft.seats), self.city.name)
        if problem is not None:
            return problem
        city = seat_for(draft, self.city)  # (logged before each game had its own seat type)
        if city is None:
            return _bad()  # another game's city
        players = sum(1 for s in draft.seats if s.claimable)
        if not city.claimable and players != facts(_rules(draft)).fewest_players:
            return Refusal("player-count", S.FREE_CITY_TWO_ONLY)  # a 2-player game's only
        seats = list(draft.seats)
        seats.insert(self.seat, city)  # a frozen value: the edit's own, shared
        return replace(draft, seats=seats)

    def undo_steps(self, before: Draft) -> list[Step]:
        if self.replaces:  # the one who left comes back in the returned one's place
            at = [i for i, s in enumerate(before.seats) if s.name == self.replaces]
            if not at:
                return []
            return [ReturnPlayer(at[0], any_seat(before.seats[at[0]]),
                                 replaces=self.city.name)]
        return [RemovePlayer(self.seat, self.city.name)]

    def describe(self, before: Draft) -> str:
        return S.player_back(self.city.name)


Step = SetSeat | SetBuilt | SetEntry | Hold | SetCopies | SetCubes | SetShields | SetTable | \
    AddPlayer | RemovePlayer | RenamePlayer | MoveSeat | ReturnPlayer
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

    def refused(self, draft: Draft) -> Refusal | None:
        return None if 0 < len(self.steps) <= MAX_STEPS else _bad()

    def apply(self, draft: Draft) -> Draft | Refusal:
        for step in self.steps:  # each on the game the ones before made: all or none
            problem = step.refused(draft)
            if problem is not None:
                return problem
            made = step.apply(draft)
            if isinstance(made, Refusal):
                return made
            draft = made
        return draft

    def inverse(self, before: Draft, after: Draft | None = None) -> Revert:
        """An undo's inverse redoes it (and a redo's undoes it again)."""
        state, steps = before, list[Step]()
        for step in self.steps:
            steps = [*step.undo_steps(state), *steps]
            made = step.apply(state)
            state = state if isinstance(made, Refusal) else made
        return Revert(self.undoes, _over(steps, state), self.version, not self.redo)

    def describe(self, before: Draft) -> str:
        said = self.undoes.describe(before)
        return S.redone(said) if self.redo else S.undone(said)


Edit = Step | Revert


CITY_STEPS = (SetSeat, SetBuilt, SetEntry, Hold, SetCopies, SetCubes, SetShields)
"""The changes a city screen makes to its player's city (`SeatEdits`)."""

SEAT_STEPS = (*CITY_STEPS, RemovePlayer, RenamePlayer, MoveSeat)
"""The steps about one player's seat: each names its seat and its player."""


def at_players_seat(edit: Edit, draft: Draft | None) -> Edit:
    """A change of a player's city, at the seat that player holds in `draft` (the game as
    this phone has it): a city screen shows a player, not a place, and a change it makes
    just as another phone reseats the players (a number saved as its field goes) is that
    player's, not the seat's new holder's (a review: refused, "Bob is not there any more",
    though Bob had only moved). Unchanged when the player is not in the game: the commit
    then refuses it, as for any stale seat."""
    if draft is None or not isinstance(edit, CITY_STEPS):
        return edit
    names = [seat.name for seat in draft.seats]
    if (0 <= edit.seat < len(names) and names[edit.seat] == edit.player) \
            or edit.player not in names:
        return edit
    return replace(edit, seat=names.index(edit.player))


def renames_in(edit: Edit) -> list[tuple[str, str]]:
    """The players an edit renames, as (old name, new name), in order: a rename, and the
    renames an undo or a redo of one makes."""
    steps = edit.steps if isinstance(edit, Revert) else (edit,)
    return [(s.player, s.name.strip()) for s in steps if isinstance(s, RenamePlayer)]


def followed(undo: Revert, renames: Sequence[tuple[str, str]], draft: Draft) -> Revert:
    """`undo` as it applies now: each step about a player's seat names that player as they
    are now called (`renames` made since, in order) at the seat they now hold in `draft`.
    An undo follows its player renamed or moved (it was refused as "the seats changed");
    a player who left keeps the step as it was, refused as before."""
    def called(name: str) -> str:
        for old, new in renames:
            if name == old:
                name = new
        return name

    def now(step: Step) -> Step:
        if isinstance(step, ReturnPlayer) and step.replaces:  # who leaves, as now called
            gone = called(step.replaces)
            return replace(step, replaces=gone) if gone != step.replaces else step
        if not isinstance(step, SEAT_STEPS):  # the table's, or a player's return
            return step
        player = called(step.player)
        at = [i for i, s in enumerate(draft.seats) if s.name == player]
        if not at or (at[0], player) == (step.seat, step.player):
            return step
        return replace(step, seat=at[0], player=player)
    return replace(undo, steps=tuple(now(step) for step in undo.steps))


def _meaning(edit: Edit) -> EditKind:
    """Never called: mypy checks here that every kind of `Edit` has its whole meaning."""
    return edit


KINDS: Mapping[str, type[EditKind]] = MappingProxyType(
    {cls.__dataclass_fields__["kind"].default: cls for cls in get_args(Edit)})
"""Every kind of edit by its JSON tag: built from the union the JSON is read with, so a
kind is in both or in neither."""


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


def read_logged(text: str) -> Edit | None:
    """A logged edit, or None when it no longer reads (a change logged by another version
    of the app, a damaged row): its undo is refused in words and its line left out, never
    a traceback on a phone."""
    try:
        return from_json(text)
    except ValidationError:
        return None


def apply(draft: Draft, edit: Edit) -> Draft | Refusal:
    """The draft after `edit` (a new value; `draft` is left as it was), or why not: what
    the kind refuses (bounds, a stale value), then what it does. A finished game that is
    corrected is unfinished again until Finish saves it, keeping when the play ended."""
    problem = edit.refused(draft)
    if problem is not None:
        return problem
    new = edit.apply(draft)
    if isinstance(new, Refusal) or new.finished is None:
        return new
    return replace(new, finished=None, played=new.played or new.finished)


def _over(steps: list[Step], after: Draft) -> tuple[Step, ...]:
    """Each step carries the value it takes back (`was`: as the change, and the steps before
    it, left it): an undo of a value someone changed since is refused as stale, never
    silently undoing theirs. `after` is not changed (each step makes a new draft)."""
    state, guarded = after, []
    for i, step in enumerate(steps):  # in the order they apply: a step sees the ones before
        if isinstance(step, _Valued):
            step = replace(step, was=(step.saved(state),))
        if i + 1 < len(steps):
            made = step.apply(state)
            state = state if isinstance(made, Refusal) else made
        guarded.append(step)
    return tuple(guarded)


def inverse(edit: Edit, before: Draft, after: Draft | None = None) -> Revert:
    """The change that takes `edit` back, worked out from `before`, the game just before
    `edit` was applied to it: each value the edit set gets the one it replaced, a removed
    player comes back with the whole city at the same seat. An undo's inverse redoes it.
    `after`: the game `apply` made of `before` with `edit`, when at hand."""
    return edit.inverse(before, after)


def describe(edit: Edit, before: Draft) -> str:
    """The change in words, for the other devices ("Bob's coins changed to 7")."""
    return edit.describe(before)


@dataclass(frozen=True)
class SeatEdits:
    """The edits of one seat, sent with `send` (the city screen's handlers make them)."""

    send: Callable[[Edit], None]
    seat: int
    player: str

    def set(self, field: SeatField, value: str | int | bool | None, was: Was = ()) -> None:
        self.send(SetSeat(self.seat, self.player, field, value, was))

    def build(self, built: tuple[int, ...], was: Was = ()) -> None:
        """The stages of a board built in any order, by number."""
        self.send(SetBuilt(self.seat, self.player, built, was))

    def entry(self, field: EntryField, key: str, value: int | str | None,
              was: Was = ()) -> None:
        self.send(SetEntry(self.seat, self.player, field, key, value, was))

    def hold(self, field: ListField, name: str, held: bool, entered: str = "",
             was: Was = ()) -> None:
        self.send(Hold(self.seat, self.player, field, name, held, entered, was))

    def copies(self, name: str, count: int, was: Was = ()) -> None:
        self.send(SetCopies(self.seat, self.player, name, count, was))

    def cubes(self, chamber: int, value: int, chambers: int, was: Was = ()) -> None:
        self.send(SetCubes(self.seat, self.player, chamber, value, chambers, was))

    def shields(self, age: int, value: int, was: Was = ()) -> None:
        """The city's shields at the end of one Age (0: Age I)."""
        self.send(SetShields(self.seat, self.player, age, value, was))
