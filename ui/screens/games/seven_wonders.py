"""7 Wonders' sections of the city screen: the wonder board, its side and the stages built
(Duel has wonders as cards instead: `ui.screens.games.duel`), and the leaders of Leaders."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from scorer.facts import diplomacy_ages_of, facts, ruleset, unscorable
from scorer.i18n import translated
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from ui.entry.draft import Draft
from ui.entry.edits import Edit as AnEdit
from ui.entry.edits import built_text
from ui.entry.games.seven_wonders import (
    PIECE_FIELDS,
    SevenWondersDraft,
    SevenWondersSeat,
    piece_key,
)
from ui.screens import a11y
from ui.screens.city_cards import matches
from ui.screens.city_parts import (
    Edit,
    SeatPart,
    leaders_section,
    list_flipper,
    messages_of,
    seat_of,
)
from ui.screens.memo import memo
from ui.screens.widgets import (
    TAP,
    header,
    one_of,
    problems,
    section_width,
    stepper,
    toggle,
    wrap,
)
from ui.session.model import AppModel
from ui.session.verdicts import Evaluation
from ui.text import strings as S


@dataclass(frozen=True)
class WonderProps:
    """What the wonder part shows of a seat: its board, side and stages, the boards other
    seats hold, and the engine's messages about the wonder."""

    player: str
    game: str
    expansions: tuple[str, ...]
    board: str
    side: str
    stages: int
    built: tuple[int, ...] | None
    """The stages by number of a board built in any order (None: the first `stages`)."""
    taken: tuple[tuple[str, str], ...]
    """The boards other seats hold, each with its player (board, player)."""
    quick: bool
    messages: tuple[str, ...]


@ft.component
def _WonderPart(edit: Edit, props: WonderProps) -> ft.Control:
    """The wonder board, its side and stages. Once a board is picked only its name shows,
    with Change beside it (which offers every board again, and Keep to leave it as it is),
    so the cards come sooner under the thumb."""
    board, side, stages = props.board, props.side, props.stages
    taken = dict(props.taken)
    rules = ruleset(props.game, list(props.expansions))
    choosing, set_choosing = ft.use_state(False)

    def pick(name: str) -> None:
        set_choosing(False)
        if name != board:
            edit.set("board", name, (board,))  # a new board: none of its stages built

    def set_side(name: str) -> None:
        edit.set("side", name, (side,))

    def set_stages(n: int, was: int | None = None) -> None:
        edit.set("stages", n, (stages if was is None else was,))

    # one board of the box: radio buttons, a taken board said with whose it is ("Rhodos
    # (taken by Bob)": a walk heard "taken", not by whom); once picked, its name alone
    # (a radio group of one said "1 of 1", and a tap on the held board did nothing)
    boards: ft.Control
    if board and not choosing:
        boards = ft.Row([
            ft.Semantics(identifier="wonder-board", content=ft.Text(
                board, size=16, weight=ft.FontWeight.BOLD)),
            ft.TextButton(content=a11y.spoken(S.CHANGE_WONDER,
                                              S.change_board(edit.player, board)),
                          icon=ft.Icons.SWAP_HORIZ, height=TAP,
                          on_click=lambda: set_choosing(True))],
            wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    else:
        boards = one_of([(w, S.taken_by(w, taken[w]) if w in taken else w,
                          w in taken and w != board) for w in rules.wonders.names()],
                        board, pick, f"{S.whose_field(edit.player)} {S.WONDER}")
        if board:  # the held board kept as it is: its radio's tap changes nothing
            boards = ft.Column([boards, ft.TextButton(
                content=S.keep_board(board), icon=ft.Icons.CHECK, height=TAP,
                on_click=lambda: set_choosing(False))], spacing=4, tight=True)
    out: list[ft.Control] = [header(S.WONDER), boards]
    if not board or choosing:  # the box's boards this game cannot score, and why
        out += [ft.Text(S.board_not_offered(*unscorable(rules, name)), italic=True)
                for name in rules.constants.boards_not_offered]
    wonder = rules.wonders.get(board) if board else None
    if wonder is not None:
        sides = list(dict.fromkeys(rules.constants.side_names.values()))
        key = rules.sides.get(side)  # the side as typed in a file ("night" is B in the 2nd ed.)
        # each side in its edition's own word (Day/Night)
        out.append(one_of([(x, S.side_label(rules.side_name(x)), False)
                           for x in sides if x in wonder.sides], key or "", set_side,
                          f"{S.whose_field(edit.player)} {S.SIDE}"))
        current = wonder.sides.get(key if key in wonder.sides else "A")
        if current is not None and not props.quick and wonder.any_order:
            # the Great Wall: a box per stage, each ticked on its own, in any order
            if current.text:
                out.append(ft.Text(S.ruleset_text(current.text), italic=True))
            held = props.built if props.built is not None else tuple(range(1, stages + 1))
            was = (built_text(props.built),)
            for k, st in enumerate(current.stages, start=1):
                now = tuple(n for n in held if n != k) if k in held else (*held, k)
                shown, spoken = _stage_words(k, st.text, edit.player)
                out.append(stage_box(shown, k in held, partial(edit.build, now, was), spoken))
        elif current is not None and not props.quick:
            out.append(stepper(S.STAGES, stages, set_stages, 0, len(current.stages),
                               player=edit.player))
            if current.text:
                out.append(ft.Text(S.ruleset_text(current.text), italic=True))
            for k, st in enumerate(current.stages, start=1):
                # Ticking stage k builds stages 1..k; unticking it leaves 1..k-1 built.
                shown, spoken = _stage_words(k, st.text, edit.player)
                out.append(stage_box(shown, k <= stages,
                                     partial(set_stages, k - 1 if k <= stages else k), spoken))
    out.append(problems(list(props.messages)))
    return ft.Column(out, spacing=12)


def _stage_words(k: int, text: str, player: str) -> tuple[str, str]:
    """Stage `k`'s box: its words on screen ("2. 5 VP"), and to a screen reader, whose."""
    said = S.ruleset_text(text)
    return f"{k}. {said}", S.stage_for(k, said, player)


def stage_box(text: str, built: bool, on_tap: Callable[[], None], spoken: str = "",
              ) -> ft.Control:
    """A wonder stage: its box, and its whole text beside it, wrapped. Only the box changes
    the stages: the text reached the screen's right edge, and a touch meant for a field
    there (a conflict token's +) changed the stages built (3 -> 0, 3 -> 1, 3 -> 2).
    `spoken`: the box's name to a screen reader (else `text`)."""
    return ft.Row([
        ft.Checkbox(value=built, on_change=lambda _: on_tap(), semantics_label=spoken or text),
        ft.Container(ft.Text(text), expand=True, padding=ft.Padding.symmetric(vertical=6)),
    ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)


WonderPart = memo(_WonderPart)
"""Re-rendered only when the wonder, side, stages or their problems change."""


def _seat_of(m: AppModel, i: int) -> tuple[SevenWondersDraft, SevenWondersSeat] | None:
    """The game and seat `i` of it, when both are there and the game is 7 Wonders."""
    got = seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    if not isinstance(draft, SevenWondersDraft) or not isinstance(seat, SevenWondersSeat):
        return None
    return draft, seat


def wonder_props(m: AppModel, i: int) -> WonderProps | None:
    got = _seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    taken = tuple((s.board, s.name) for k, s in enumerate(draft.seats) if k != i and s.board)
    return WonderProps(seat.name, draft.game, tuple(draft.expansions), seat.board, seat.side,
                       seat.stages, None if seat.built is None else tuple(seat.built), taken,
                       seat.quick, messages_of(m, i, "wonder"))


def board(i: int) -> ft.Control | None:
    """Seat `i`'s wonder board, side and stages."""
    return SeatPart(i, wonder_props, WonderPart)


@dataclass(frozen=True)
class PieceRow:
    """One number of an expansion's piece a city holds: its key in the seat's pieces, what
    players call it, the number, its bounds, and what the app cannot check of it, in words
    ("": nothing; the data's basis is not exact)."""

    key: str
    label: str
    value: int
    least: int
    most: int
    unchecked: str = ""


@dataclass(frozen=True)
class PiecesProps:
    """What the expansions' part shows of a seat: each piece its board may hold (Cities'
    debt, Armada's naval tokens, Babel's tiles...), the Ages it may use diplomacy in and
    those it did, and the engine's messages about them."""

    player: str
    rows: tuple[PieceRow, ...]
    ages: tuple[int, ...]
    used: tuple[int, ...]
    messages: tuple[str, ...]


@ft.component
def _PiecesPart(edit: Edit, props: PiecesProps) -> ft.Control:
    """The pieces of the game's expansions, each a number with - and + within its bounds,
    and the diplomacy Ages as chips (Cities)."""
    def number(key: str) -> Callable[[int, int], None]:
        def go(n: int, was: int) -> None:
            edit.entry("pieces", key, n, (was,))
        return go

    def diplomacy(age: int) -> Callable[[], None]:
        def go() -> None:
            used = age in props.used
            edit.entry("diplomacy", str(age), None if used else 1, (1 if used else None,))
        return go

    out: list[ft.Control] = []
    if props.ages:
        out += [header(S.DIPLOMACY), ft.Text(S.DIPLOMACY_HINT, italic=True),
                # named apart from the card filter's "Age II" chip, for a screen reader too
                wrap([toggle(S.diplomacy_chip(S.age_label((age,))), age in props.used,
                             diplomacy(age)) for age in props.ages])]
    if props.rows:
        out.append(header(S.PIECES))
    # one width for the section's fields (Islands' and the shipyard's were of two widths)
    width = section_width(row.label for row in props.rows)
    for row in props.rows:
        out.append(stepper(row.label, row.value, number(row.key), row.least, row.most,
                           least_width=width, player=edit.player))
        if row.unchecked:
            out.append(ft.Text(row.unchecked, italic=True, size=12))
    out.append(problems(list(props.messages)))
    return ft.Column(out, spacing=12, visible=bool(props.ages or props.rows))


PiecesPart = memo(_PiecesPart)
"""Re-rendered only when a piece, a diplomacy Age or their problems change."""


def pieces_props(m: AppModel, i: int) -> PiecesProps | None:
    got = _seat_of(m, i)
    if got is None:
        return None
    draft, seat = got
    rules = ruleset(draft.game, draft.expansions)
    rows: list[PieceRow] = []
    # a paper player types the rows the pieces score: only the diplomacy Ages stay (they
    # decide the conflicts next door, as the conflict tokens shown in paper mode do)
    for piece in () if seat.quick else rules.pieces.values():
        if piece.boards and seat.board not in piece.boards:
            continue
        named = translated(piece.label)
        label = named[:1].upper() + named[1:]  # a field's label, as the others start
        where = PIECE_FIELDS[piece.held]
        keys = ([(piece_key(where, piece.name, face), S.piece_face(label, face))
                 for face in piece.faces] if piece.held == "tokens"
                else [(piece_key(where, piece.name), label)])
        for key, said in keys:
            # a count of tokens is scored by its face; what the app cannot check is how
            # many the box holds (a walk read "type the value on the components" under
            # "Debt tokens -1", a count)
            unchecked = "" if piece.basis == "exact" else (
                S.TOKENS_UNCHECKED if piece.held == "tokens" else S.AS_PRINTED)
            rows.append(PieceRow(key, said, seat.pieces.get(key, 0),
                                 0 if piece.held == "tokens" else piece.least, piece.most,
                                 unchecked))
    used = tuple(sorted(int(a) for a, n in seat.diplomacy.items() if n))
    # an Age already entered stays in sight, whatever the board, so it can be taken back
    ages = tuple(sorted({*diplomacy_ages_of(facts(rules), seat.board, seat.side), *used}))
    return PiecesProps(seat.name, tuple(rows), ages, used,
                       messages_of(m, i, "tokens", "counts", "printed", "diplomacy"))


def pieces(i: int, rules: Ruleset) -> ft.Control | None:
    """Seat `i`'s pieces of the game's expansions and its diplomacy (None: it has none)."""
    if not rules.pieces and not facts(rules).diplomacy_ages:
        return None
    return SeatPart(i, pieces_props, PiecesPart)


def named_sections(draft: Draft, i: int, rules: Ruleset, edit: Edit, query: str,
                   mine: dict[str, list[str]], clear_query: Callable[[], None]
                   ) -> list[ft.Control]:
    """The sections of names a 7 Wonders city has: its leaders (with Leaders), and those
    entombed under its board (the Wonder Pack's Abu Simbel)."""
    items = leaders_section(draft, i, rules, edit, query, mine, clear_query)
    if not isinstance(draft, SevenWondersDraft):
        return items
    seat = draft.seats[i]
    if seat.board in facts(rules).entombing_boards:
        # an entombed leader is no longer among the city's leaders, nor any other city's
        taken = {x: s.name for k, s in enumerate(draft.seats) if k != i
                 for x in [*s.leaders, *s.entombed]}
        flip = list_flipper(edit, "entombed", seat.entombed, clear_query)
        shown = [n for n in rules.leaders.names() if n in seat.entombed or matches(query, n)]

        def words(n: str) -> str:
            """Each chip named apart from the same leader's chip among the leaders; one
            held by another city says by whom, one recruited here says so (each leader card
            is in the box once)."""
            if n in seat.entombed:
                return S.entombed_leader(n)
            if n in taken:
                return S.taken_by(S.entombed_leader(n), taken[n])
            if n in seat.leaders:
                return S.recruited_here(S.entombed_leader(n))
            return S.entombed_leader(n)

        items += [header(S.ENTOMBED), wrap([
            toggle(words(n), n in seat.entombed, flip(n), disabled=out)
            for n in shown
            for out in [(n in taken or n in seat.leaders) and n not in seat.entombed]]),
            problems(mine["entombed"])]
    return items


def table_sections(draft: Draft, edit: Callable[[AnEdit], None], evaluation: Evaluation | None,
                   rest: list[Problem]) -> tuple[list[ft.Control], list[Problem]]:
    """No part of the table beyond its players in 7 Wonders (its conflicts are each city's
    tokens)."""
    return [], rest
