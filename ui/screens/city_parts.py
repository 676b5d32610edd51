"""What every game's city screen is made of: the seat a part is about, the engine's
messages about it, toggles of names (leaders, Duel wonders, progress tokens) and the typed
part of a seat (`SeatPart`) that renders again only when its props change. The sections of
one game are its own (`ui.screens.games`); `ui.screens.city` puts the screen together."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

import flet as ft

from scorer.facts import facts
from scorer.ruleset import Ruleset
from ui.entry.draft import Draft, Seat
from ui.entry.edits import ListField, SeatEdits
from ui.entry.games import buried_of
from ui.screens.city_cards import matches
from ui.screens.memo import memo
from ui.screens.widgets import header, named_grid, problems, toggle
from ui.session.model import AppModel, use_model_unwatched, use_watch
from ui.text import strings as S

Edit = SeatEdits


def seat_of(m: AppModel, i: int) -> tuple[Draft, Seat] | None:
    """The game and seat `i` of it, if both are there (another phone may remove a player)."""
    draft = m.draft
    if draft is None or not 0 <= i < len(draft.seats):
        return None
    return draft, draft.seats[i]


def messages_of(m: AppModel, i: int, *fields: str) -> tuple[str, ...]:
    """The engine's messages about seat `i`'s `fields` (their first part)."""
    evaluation = m.evaluation()
    if evaluation is None:
        return ()
    mine = evaluation.player_problems(i)
    return tuple(msg for f in fields for msg in mine.get(f, []))


def named_toggles(title: str, names: list[str], held: list[str], query: str,
                  flip: Callable[[str], Callable[[], None]],
                  taken: Mapping[str, str]) -> list[ft.Control]:
    """A chip per name (a leader, a Duel wonder, a progress token): `taken`, the names
    another city holds, each with its player (a chip says "Nero (taken by Bob)": a walk
    heard "taken" and not by whom)."""
    shown = [n for n in names if matches(query, n) or n in held]
    if not shown:
        return []
    words = [S.taken_by(n, taken[n]) if n in taken and n not in held else n for n in shown]
    return [header(title), named_grid([
        (toggle(said, n in held, flip(n), disabled=n in taken and n not in held, narrow=True),
         said) for n, said in zip(shown, words, strict=True)])]


def list_flipper(edit: Edit, attr: ListField, held: list[str],
                 then: Callable[[], None] | None = None) -> Callable[[str], Callable[[], None]]:
    """A tap on a name (a leader, a Duel wonder, a progress token) holds it or lets it go;
    `then`: what follows the tap (the search emptied for the next name)."""
    def flip(name: str) -> Callable[[], None]:
        def go() -> None:
            edit.hold(attr, name, name not in held)
            if then is not None:
                then()
        return go
    return flip


def leaders_section(draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str,
                    mine: dict[str, list[str]], clear_query: Callable[[], None]
                    ) -> list[ft.Control]:
    """The leaders a city recruited (Leaders, Duel Leaders; none without them): a leader
    another city holds, or buried, is shown taken."""
    if not facts(rules).has_leaders:
        return []
    seat = draft.seats[i]
    recruited = {x: s.name for k, s in enumerate(draft.seats) if k != i
                 for x in [*s.leaders, *buried_of(s)]}
    return [*named_toggles(S.LEADERS, rules.leaders.names(), seat.leaders, query,
                           list_flipper(edit, "leaders", seat.leaders, clear_query), recruited),
            problems(mine["leaders"])]


class SeatProps(Protocol):
    """What a seat's part is given: frozen, compared with `==` (the part renders again only
    when they change), and naming the player its edits are about."""

    @property
    def player(self) -> str: ...


Props = TypeVar("Props", bound=SeatProps)


@ft.component
def _SeatPart(i: int, select: Callable[[AppModel, int], Props | None],
              part: Callable[[Edit, Props], ft.Control]) -> ft.Control:
    """A part of seat `i`'s city (`part`: the wonder, the coins) drawn from the props
    `select` reads of the model: rendered again only when they change."""
    model = use_model_unwatched()
    shown = use_watch(lambda m: select(m, i), (i, select))
    if shown is None:
        return ft.Container()
    return part(SeatEdits(model.edit_city, i, shown.player), shown)


SeatPart = memo(_SeatPart)
