"""The engine's verdict on a draft, as the app keeps it: scored once per frozen draft and
language (`evaluate`, off the event loop when a screen asks first: `ui.session.model.
use_evaluation`), then found by every part of every screen of every phone of the game in
one cache keyed on the draft itself (`ui.entry.draft`: equal drafts hash equal)."""

from __future__ import annotations

import functools
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass

from scorer import Problem, Result, i18n
from scorer.api import assess, places_so_far
from scorer.problems import problem
from ui.entry.draft import Draft
from ui.entry.games import table_of
from ui.text import strings as S
from ui.web import collector

log = logging.getLogger("wonders.errors")


@dataclass(frozen=True)
class Evaluation:
    """The engine's verdict on a draft: a result, or the problems that stop it."""

    result: Result | None
    problems: tuple[Problem, ...] = ()
    totals: tuple[int | None, ...] = ()
    """Each player's total so far (the engine's totals when the table is final)."""
    ranks: tuple[int | None, ...] = ()
    """Each player's place by those totals (the engine's verdict rule)."""
    short: tuple[bool, ...] = ()
    """Each player's total may be short (a line `at_least`): shown "≥ 52" where it shows."""

    @property
    def final(self) -> bool:
        return self.result is not None and not self.problems

    @functools.cached_property
    def _by_seat(self) -> dict[int, dict[str, list[str]]]:
        """Each player's messages by field (once: every part of every screen asks)."""
        out: dict[int, dict[str, list[str]]] = {}
        for p in self.problems:
            if p.seat is not None:
                out.setdefault(p.seat, {}).setdefault(
                    (p.field or "").split(".")[0], []).append(p.message)
        return out

    def player_problems(self, index: int) -> dict[str, list[str]]:
        """The messages about one player, by the field they name (its first part: `wonder`
        for `wonder.board`; "" = the player). Not to be changed: it is kept."""
        return self._by_seat.get(index, {})

    def table_problems(self) -> list[Problem]:
        """Problems that are not about one player."""
        return [p for p in self.problems if p.seat is None]

    def total(self, index: int) -> int | None:
        return self.totals[index] if index < len(self.totals) else None

    def total_words(self, index: int) -> str:
        """Seat `index`'s total as a screen shows it: "52 pts", "≥ 52 pts" where it may be
        short (a walk read "52 pts" on the table beside the pad's "≥ 52"), "-" unknown."""
        total = self.total(index)
        if total is None:
            return S.NO_VALUE
        short = index < len(self.short) and self.short[index]
        return S.total_points(total, short)

    def total_said(self, index: int) -> str:
        """Seat `index`'s total as a screen reader says it ("at least 52 points")."""
        total = self.total(index)
        if total is None:
            return S.NO_VALUE
        return S.total_said(total, index < len(self.short) and self.short[index])

    def rank(self, index: int) -> int | None:
        return self.ranks[index] if index < len(self.ranks) else None

    def count_for(self, index: int) -> int:
        return sum(len(v) for v in self.player_problems(index).values())


def _evaluate(draft: Draft, language: str) -> Evaluation:
    """The engine's problems, lines and verdict are words: made in `language` (this runs in
    a thread of its own, where no session says which)."""
    table = table_of(draft)
    with i18n.language(language):
        try:
            found = assess(table)  # a paper player's typed rows are in the seat
            ranks = places_so_far(table, found)
        except Exception as err:  # a bug met on this game: said and logged, the game kept
            log.error("the engine failed on a saved game", exc_info=err)
            return Evaluation(None, (problem("cannot-score", S.CANNOT_SCORE),))
    names = tuple(seat.name for seat in draft.seats if seat.name)
    return Evaluation(found.result, tuple(_as_sentence(p, names) for p in found.problems),
                      tuple(p.total for p in found.players), ranks,
                      tuple(p.may_be_short for p in found.players))


def _as_sentence(found: Problem, names: tuple[str, ...]) -> Problem:
    """A problem as a screen shows it, alone under its field: a sentence, its first letter
    upper case ("The pawn stands..."; the engine writes it to follow "where: " on the
    command line), ending with a full stop as the screens' own sentences do (a walk read
    the pawn's message end without one). A message that starts with a player's name keeps
    it as typed ("ann's coins..." stays "ann")."""
    message = found.message
    sentence = S.full_stop(message if any(message.startswith(name) for name in names)
                           else S.first_upper(message))
    return found if sentence == message else found.model_copy(update={"message": sentence})


KEPT_VERDICTS = 128
"""How many of the latest verdicts `_VERDICTS` keeps."""

_VERDICTS: OrderedDict[tuple[Draft, str], Evaluation] = OrderedDict()
"""The one cache of the engine's verdicts: by the frozen draft itself and the language,
newest last. Every phone of a game is sent the same saved draft (pub/sub), each part of each
screen asks, and a tap that comes back to a saved state (a card on, then off) makes an equal
draft: all find the verdict here (a draft's hash is worked out once; `ui.entry.draft`)."""
_VERDICTS_LOCK = threading.Lock()


def forget_verdicts() -> None:
    """Every verdict kept let go (each made again when next asked): at a long quiet
    (`ui.web.collector`), where the next tap makes a new draft anyway."""
    with _VERDICTS_LOCK:
        _VERDICTS.clear()


collector.let_go_when_quiet(forget_verdicts)


def _known(draft: Draft, language: str) -> Evaluation | None:
    key = (draft, language)
    with _VERDICTS_LOCK:
        got = _VERDICTS.get(key)
        if got is not None:
            _VERDICTS.move_to_end(key)
        return got


def evaluate(draft: Draft, language: str | None = None) -> Evaluation:
    """What the engine says about the draft, in `language` (None: the session's; cached:
    a render asks many times)."""
    language = language or i18n.current()
    got = _known(draft, language)
    if got is not None:
        return got
    got = _evaluate(draft, language)
    with _VERDICTS_LOCK:
        _VERDICTS[(draft, language)] = got
        _VERDICTS.move_to_end((draft, language))
        while len(_VERDICTS) > KEPT_VERDICTS:
            _VERDICTS.popitem(last=False)
    return got


def is_evaluated(draft: Draft) -> bool:
    """Whether the engine's answer on this draft, in the session's language, is at hand
    (no scoring to wait for)."""
    with _VERDICTS_LOCK:
        return (draft, i18n.current()) in _VERDICTS
