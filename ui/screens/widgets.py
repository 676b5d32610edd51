"""Small building blocks shared by the screens: toggle chips, steppers, headers, messages."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import flet as ft

from ui.entry.draft import Draft
from ui.screens.a11y import checkable, icon_button
from ui.screens.fit import GRID_SPACING, fits, fitted_columns, without_holes, xs_share
from ui.screens.memo import memo
from ui.text import strings as S

T = TypeVar("T")

# Card-type colours as printed on the cards, and a readable text colour on each.
CARD_COLOURS: dict[str, tuple[str, str]] = {
    "brown": ("#8D5A2B", "#FFFFFF"),
    "grey": ("#8E9497", "#000000"),
    "blue": ("#1565C0", "#FFFFFF"),
    "yellow": ("#F2C029", "#000000"),
    "green": ("#2E8B3E", "#FFFFFF"),
    "red": ("#C62828", "#FFFFFF"),
    "purple": ("#6A3D9A", "#FFFFFF"),
    "black": ("#424242", "#FFFFFF"),  # Cities' City cards: near black, seen on a dark theme too
    "none": ("#546E7A", "#FFFFFF"),
}
ACCENT = "#B8860B"
ERROR = ft.Colors.ERROR


Handler = Callable[[], None] | Callable[[], Awaitable[None]]


TAP = 48
"""Material's minimum touch target (px): every chip, button and field is at least this tall."""


def toggle(
    label: str,
    selected: bool,
    on_click: Handler,
    colour: str | None = None,
    disabled: bool = False,
    icon: ft.IconData | None = None,
    identifier: str | None = None,
    narrow: bool = False,
    spoken: str = "",
) -> ft.Control:
    """A tappable chip, 48 px tall: filled when selected (in the card colour), outlined
    otherwise; to a screen reader, a checkbox named by its label, checked when selected
    (`ui.screens.a11y.checkable`; `identifier` goes on that node). `narrow`: a chip of a
    `grid`, a quarter of a phone's width: smaller margins and type, its words centred on
    up to two lines (`narrow_words`; the grid gives a name too wide for that, such as
    "Nebuchadnezzar", two slots: `named_grid`). `spoken`: the name a screen reader reads
    instead of the label, where two chips on one screen show the same words ("" = the
    label; not for a `narrow` chip)."""
    assert not (spoken and narrow), "a narrow chip is named by its words"
    bg, fg = CARD_COLOURS.get(colour or "", (None, None))
    content = narrow_words(label) if narrow else toggle_words(label, spoken)
    if selected:
        # the same kind of button as an unheld chip's, filled by its style: a chip of
        # another kind is a new widget in the page, and the keyboard's focus left it for the
        # top of the screen at each Space (a walk's second Space then switched the city to
        # paper totals)
        return checkable(ft.OutlinedButton(
            content=content,
            icon=None if narrow else ft.Icons.CHECK,  # narrow: the fill says it, the name fits
            on_click=on_click,
            disabled=disabled,
            height=TAP,
            style=_held_style(bg, fg, narrow),
        ), True, disabled, identifier)
    return checkable(ft.OutlinedButton(
        content=content,
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=TAP,
        style=ft.ButtonStyle(side=ft.BorderSide(2, bg)) if bg else _NARROW if narrow else None,
    ), False, disabled, identifier)


NARROW_TEXT = 12
"""A narrow chip's type (px)."""
NARROW_INSET = 2 * 4
"""What a narrow chip's words cannot use of its width (px): its padding (its border is
drawn over it)."""
_NARROW = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4),
                         text_style=ft.TextStyle(size=NARROW_TEXT))
"""A grid chip's style (one object for every chip of every session: never changed)."""


@cache
def _held_style(bg: str | None, fg: str | None, narrow: bool) -> ft.ButtonStyle:
    """A held chip's fill: its card colour, else the theme's primary (as a filled button's),
    edged in the same colour; a grid chip's smaller margins and type kept. One object per
    look for every chip of every session (never changed), as `_NARROW`."""
    fill = bg or ft.Colors.PRIMARY
    return ft.ButtonStyle(
        bgcolor=fill, color=fg or ft.Colors.ON_PRIMARY, side=ft.BorderSide(2, fill),
        padding=_NARROW.padding if narrow else None,
        text_style=_NARROW.text_style if narrow else None)


def narrow_words(label: str) -> str | ft.Text:
    """A narrow chip's words: a name that takes two lines of its chip ("The Temple of
    Artemis") centred under each other (a button's own words began each line at its left
    edge), ending in "…" rather than taking a third line the chip's 48 px would cut; a
    screen reader reads it whole. A name of one line stays a plain string (no control of
    its own kept in every session)."""
    if fits(label, NARROW_TEXT, xs_share(NAME_COLUMNS), NARROW_INSET, 1):
        return label
    return ft.Text(label, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                   text_align=ft.TextAlign.CENTER)


TOGGLE_LINE = 30
"""Characters a chip's line surely holds on a 360 px phone (33-38 seen at 14 px): a
label of up to two of them never takes a third line."""


def toggle_words(label: str, spoken: str = "") -> str | ft.Text:
    """A chip's words: a long label (a player's 75-letter name in "I am ...") ends in "…"
    after two lines, where a third line was cut in half by the chip's 48 px; a screen
    reader still reads it whole (or `spoken`, its name when given). A short one stays a
    plain string (no control of its own kept in every session)."""
    if len(label) <= 2 * TOGGLE_LINE and not spoken:
        return label
    text = ft.Text(label, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
    if spoken:
        text.semantics_label = spoken
    return text


def wrap(controls: list[ft.Control]) -> ft.Row:
    return ft.Row(controls=controls, wrap=True, spacing=8, run_spacing=8)


Option = tuple[str, str, bool]
"""One answer of a `one_of`: its value, its words, and whether it is out of reach (taken)."""


def one_of(options: Iterable[Option], current: str,
           pick: Callable[[str], Awaitable[None] | None], name: str = "") -> ft.Control:
    """A choice of exactly one (a wonder board, its side, the game, the language): radio
    buttons in a group, each named by its words, the one held checked. A screen reader
    says "radio button, 1 of 7"; chips (checkboxes) said nothing of letting go of the last
    one when another was tapped (a walk). A tap on the held one changes nothing. `pick`
    may be a coroutine function (the language is kept in the browser)."""
    # two a row on a phone (eight boards in four rows, about as tall as their chips were);
    # words too long for half the row take all of it: a radio's words do not wrap, and
    # "Alexandria (taken by Ann)" ran under the next radio (a walk at 360 px)
    # (no half row left empty before a wide one: `without_holes`)
    listed = list(options)
    answers = {value for value, _words, _off in listed}

    async def changed(e: ft.Event[ft.RadioGroup]) -> None:
        # only an answer the group offers: a client may send any value ("Nowhere" as a
        # game broke New game's screen: a reread); one out of reach (a board another city
        # holds) is a race the caller's bounds settle
        value = e.control.value
        if isinstance(value, str) and value in answers and value != current:
            done = pick(value)
            if done is not None:
                await done

    spans = without_holes([ONE_OF_COLUMNS if fits(words, RADIO_TEXT, xs_share(ONE_OF_COLUMNS),
                                                  RADIO_INSET, 1) else ONE_OF_WIDE
                           for _value, words, _off in listed])
    group = ft.RadioGroup(value=current or None, on_change=changed, content=ft.ResponsiveRow(
        [_radio(value, words, off, col=span)
         for (value, words, off), span in zip(listed, spans, strict=True)],
        spacing=0, run_spacing=0))
    # the group named (its heading's words): a screen reader says "Language, group"
    # before "English, radio button" (a walk heard an unnamed group)
    return ft.Semantics(label=name, container=True, content=group) if name else group


def _radio(value: str, words: str, off: bool,
           col: ft.ResponsiveNumber | None = None) -> ft.Radio:
    """One option of a `one_of`; only what is not a default is set (a property given is
    sent again with every render)."""
    radio = ft.Radio(value=value, label=words)
    if off:
        radio.disabled = True
    if col is not None:
        radio.col = col
    return radio


ONE_OF_COLUMNS: ft.ResponsiveNumber = {"xs": 6, "sm": 4, "md": 3}
"""A radio button's share of a row's 12 columns: 2 a row on a phone, 3 on a small tablet,
4 wider."""
ONE_OF_WIDE: ft.ResponsiveNumber = {"xs": 12, "sm": 6, "md": 4}
"""The share of a radio button whose words do not fit in `ONE_OF_COLUMNS`' slot."""
RADIO_TEXT = 14
"""A radio button's words (px): Flutter's body text."""
RADIO_INSET = 48
"""What a radio button's words cannot use of its slot (px): the radio's own circle and
its padding, before the words."""


GRID_COLUMNS: ft.ResponsiveNumber = {"xs": 4, "sm": 3, "md": 2}
"""A chip's share of a grid row's 12 columns: 3 chips a row on a phone (under 576 px), 4 on
a small tablet, 6 wider."""


NAME_COLUMNS: ft.ResponsiveNumber = {"xs": 3, "sm": 2, "md": 2}
"""A short name's share (a leader's): 4 a row on a phone."""


def grid(controls: list[ft.Control], columns: ft.ResponsiveNumber = GRID_COLUMNS,
         spans: list[ft.ResponsiveNumber] | None = None) -> ft.ResponsiveRow:
    """Chips in columns of one width (3 a row on a phone; `NAME_COLUMNS`: 4): a list of
    names lies in rows a thumb reads down, ~40 % fewer rows than chips as wide as their
    words (a city's Age fits a phone's screen with its Age picker, the leaders under it).
    `spans`: each chip's own share of a row, where some are wider (`ui.screens.fit`); the
    chip before a wider one that starts a new row takes the rest of its row
    (`without_holes`)."""
    for c, col in zip(controls, without_holes(spans) if spans else [columns] * len(controls),
                      strict=True):
        c.col = col
    return ft.ResponsiveRow(controls=controls, spacing=GRID_SPACING, run_spacing=4)


def named_grid(chips: list[tuple[ft.Control, str]],
               columns: ft.ResponsiveNumber = NAME_COLUMNS) -> ft.ResponsiveRow:
    """Narrow chips (`toggle(narrow=True)`), each with its words: a chip whose words would
    not fit its slot in two lines broken between words takes two ("Nebuchadnezzar" broke
    inside the word in a quarter of a 360 px phone, issue 31)."""
    return grid([c for c, _ in chips], columns,
                [fitted_columns(words, NARROW_TEXT, columns, NARROW_INSET, 2)
                 for _, words in chips])


def header(text: str, trailing: ft.Control | None = None) -> ft.Control:
    """A section's title ("Wonder", "Cards"): a heading to a screen reader, which jumps from
    one to the next (a walk found every section's title plain text)."""
    title = ft.Semantics(header=True, heading_level=2,
                         content=ft.Text(text, size=18, weight=ft.FontWeight.BOLD))
    if trailing is None:
        return title
    return ft.Row([title, trailing], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)


def problems(messages: list[str]) -> ft.Control:
    """The engine's messages, in words, next to what they are about."""
    return ft.Column(
        [
            ft.Row(
                [ft.Icon(ft.Icons.ERROR_OUTLINE, color=ERROR, size=18),
                 ft.Text(m, color=ERROR, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
            for m in messages
        ],
        spacing=4,
        visible=bool(messages),
    )


def _to_int(text: str | None) -> int | None:
    try:
        return int((text or "").strip())
    except ValueError:
        return None


def _fits(n: int, minimum: int | None, maximum: int | None) -> bool:
    return (minimum is None or n >= minimum) and (maximum is None or n <= maximum)


_DIGITS = {negative: ft.InputFilter(regex_string=r"^-?[0-9]*$" if negative else r"^[0-9]*$",
                                    allow=True, replacement_string="")
           for negative in (False, True)}
"""One filter object each, never changed: a field rendered again compares nothing of it."""


def digits_only(minimum: int | None) -> ft.InputFilter:
    """What a number field lets be typed: digits, and a leading minus where negative
    numbers are allowed (a paper total may be below zero)."""
    return _DIGITS[minimum is None or minimum < 0]


def numeric(label: str, field: ft.TextField, said_first: str = "") -> ft.Control:
    """Marks a number field for the page (ui/web/webapp.py), which gives it the phone's numeric
    keyboard (inputmode="numeric"): Flutter's web client does not. `said_first`: words a
    screen reader hears before the field's label, where two fields on one screen show the
    same label (Minerva's pawn and the conflict pawn: "Minerva pawn, Spaces from the
    centre"); merged into the field's own name, not a group around it."""
    marked = ft.Semantics(identifier=f"number-{label}", content=field,
                          label=said_first or None)
    return ft.MergeSemantics(content=marked) if said_first else marked


def field_width(label: str, least: int, most: int = 220) -> int:
    """Wide enough that the field's label stays on one line above its value, up to `most`
    (220: a stepper's field between its - and + on a 360 px phone)."""
    return max(least, min(most, 8 * len(label) + 40))


ALONE_MOST = 320
"""The widest a number field without - and + is made: a 360 px phone's row less the page's
padding (a Vietnamese label, "Chi phí in trên thẻ (đồng tiền)", wrapped inside a 220 px
field: a walk's screenshot)."""


def section_width(labels: Iterable[str], least: int = 120) -> int:
    """One width for the fields of a section, one under the other: the widest label's
    (fields of two widths, one under the other, read as misaligned)."""
    return max((field_width(label, least) for label in labels), default=least)


Changed = Callable[[int, int], None]
"""A number field's handler: the number to save, and the number the field showed when it
was tapped or typing began (the value the change replaces: an edit's `was`)."""
MaybeChanged = Callable[[int | None, int | None], None]


@dataclass
class KeptText:
    """What a text field holds is the phone's, not the last render's. Flet applies a
    field's new text the moment it arrives (before the change's handler runs), and a
    render sends the field whatever text it is given: a render for an early key that
    gave the text of that key set the field back while later keys were being typed
    ("...von HohenzollerSigmaringen undin", 2026-12-04). So a render gives the field the
    text it holds now, unless the screen changed the text itself (a card added empties
    the search; a remembered name fills a row): then the screen's text.

    A field's text and its change arrive apart: the text is applied on arrival, the
    change is handled in a task of its own, and a render another event asked for can
    come between them. The screen then still has the text before those keys ("" for a
    name's first keys), which is not the screen changing the text: the field keeps what
    it holds (a render that gave it the screen's "" set the phone's field back and the
    change then read "": a typed name never reached New game, Start stayed disabled).

    `hear` is called with each change's text before the screen keeps it (or a cleaned
    copy of it); `keep` with the field each render makes."""

    field: ft.TextField | None = None
    heard: str | None = None
    """The text of the field's last change, as the phone sent it."""
    given: str | None = None
    """The screen's text at the last render (`text`'s `wanted`)."""

    def text(self, wanted: str) -> str:
        """The text to render: the field's own, while the screen's text is the one the
        field last sent (a later key may have arrived meanwhile), or is the screen's text
        of the last render while the field holds keys whose change is still to be heard;
        else `wanted` (the screen changed it)."""
        given, self.given = self.given, wanted
        if self.field is not None:
            own = self.field.value or ""
            if self.heard is not None and wanted == self.heard:
                return own
            if wanted == given and own != self.heard:
                return own
        self.heard = None
        return wanted

    def now(self, wanted: str) -> str:
        """What the field holds now (its last keys may not have been handled yet), for a
        button or Enter that acts on what was typed; `wanted` before the first render."""
        return self.field.value or "" if self.field is not None else wanted

    def hear(self, text: str) -> str:
        self.heard = text
        return text

    def keep(self, field: ft.TextField) -> ft.TextField:
        """The field as rendered: Flet reconciles it into the page's index, where the
        phone's next keys land."""
        self.field = field
        return field


def use_kept_text() -> KeptText:
    """A field's `KeptText`, kept for the component's life."""
    first: KeptText | None = None
    held: ft.MutableRef[KeptText | None] = ft.use_ref(first)
    kept: KeptText = held.current if held.current is not None else KeptText()
    held.current = kept
    return kept


def use_kept_texts() -> dict[object, KeptText]:
    """One `KeptText` per field of a list of rows, by the row's stable id."""
    first: dict[object, KeptText] = {}
    held: ft.MutableRef[dict[object, KeptText]] = ft.use_ref(first)
    kept: dict[object, KeptText] = held.current
    return kept


def use_latest_state(initial: T) -> tuple[T, Callable[[], T], Callable[[T], None]]:
    """A state whose value is known at once when set: as of this render, as of now, and how
    to set it. What is typed is saved by a button's handler, which may run before the
    render the last keys asked for: it reads `now()`, never the render's value (a note
    saved as "...with the score" for "...with the score pad", issue 31)."""
    value, set_value = ft.use_state(initial)
    box: list[T] = [initial]
    latest: ft.MutableRef[list[T]] = ft.use_ref(box)  # the first render's box, kept

    kept: list[T] = latest.current

    def now() -> T:
        return kept[0]

    def put(new: T) -> None:
        kept[0] = new
        set_value(new)

    return value, now, put


@dataclass(frozen=True)
class _Typing:
    """Text being typed into a number field, and the value it showed when typing began."""

    text: str
    was: int | None


def _use_typing() -> tuple[_Typing | None, Callable[[], _Typing | None],
                          Callable[[_Typing | None], None]]:
    """What is being typed into a number field (None: nothing; the field shows the saved
    value), as of this render, as of now, and how to change it. Typing is kept as typed,
    never rewritten by a change from another phone; it is saved on submit or when the field
    loses focus, never per keystroke. Held in a ref: the field can lose focus before the
    render its last keystroke asked for. A keystroke renders nothing (the field shows what
    was typed already; a render for another reason shows it too); only letting go of the
    typing does, for the field to show the saved value again."""
    nothing: _Typing | None = None
    held = ft.use_ref(nothing)
    _, set_tick = ft.use_state(0)

    def now() -> _Typing | None:
        return held.current

    def put(typing: _Typing | None) -> None:
        held.current = typing
        if typing is None:
            set_tick(lambda n: n + 1)

    return held.current, now, put


FOREIGN_CHANGE_S = 1.0
"""How long after another phone's change of a number its field's typing still counts as
typed over the number shown before: the new number reaches the phone a network trip later,
and the phone's first key reaches the server a trip after it was typed, maybe over the old
number (two trips of up to ~0.4 s each on a slow Wi-Fi). A field whose number another
phone changed less than this before the first key (or while typing) refuses what is
typed, as changed on another phone (the saved number shown): never saved over a number
the phone may not have shown, never joined with its digits (issue 31: 40 and 11 stored
as 4011)."""


@dataclass
class _Shown:
    """The number a field showed, and what it showed before another phone changed it."""

    value: int | None
    before: int | None
    changed_at: float = -FOREIGN_CHANGE_S
    """When another phone's number was first shown (time.monotonic())."""
    own: tuple[int | None, ...] = ()
    """Numbers this field saved whose render is still to come (not another phone's)."""
    foreign: int = 0
    """How many numbers of another phone the field has shown: its - and + are made anew
    with each (`_step_button`), so a tap the phone sent from the buttons that showed the
    number before finds no control, and is not applied to the new number."""

    def follow(self, value: int | None) -> None:
        """The field renders `value`: another phone's change, unless this field saved it."""
        if value == self.value:
            return
        if value in self.own:
            self.own = ()
        else:
            self.before, self.changed_at = self.value, time.monotonic()
            self.foreign += 1
        self.value = value

    def typed_over(self) -> int | None:
        """The number typing that begins now is typed over, as the phone most likely
        showed it: the number shown, unless another phone changed it a moment before
        (`FOREIGN_CHANGE_S`): then the number shown before that change."""
        if time.monotonic() - self.changed_at < FOREIGN_CHANGE_S:
            return self.before
        return self.value

    def mine(self, n: int | None) -> None:
        """`n` is about to be saved by this field: its coming render is not another
        phone's change."""
        self.own = (*self.own, n)


def _use_shown(value: int | None) -> _Shown:
    first: _Shown | None = None
    held: ft.MutableRef[_Shown | None] = ft.use_ref(first)
    shown: _Shown = held.current if held.current is not None else _Shown(value, value)
    held.current = shown
    shown.follow(value)
    return shown


@dataclass(frozen=True)
class _NumberEntry:
    """What a number's field keeps while it is typed in, for a render: the stepper's and
    the field that may be left blank alike (`_use_number_entry`)."""

    typing: _Typing | None
    typing_now: Callable[[], _Typing | None]
    set_typing: Callable[[_Typing | None], None]
    rejected: str | None
    set_rejected: Callable[[str | None], None]
    seen: _Shown
    generation: int
    set_generation: Callable[[Callable[[int], int]], None]
    typed_field: KeptText

    def typed(self, e: ft.Event[ft.TextField]) -> None:
        """A keystroke: kept as typed, with the number the field showed when typing began."""
        before = self.typing_now()
        self.set_typing(_Typing(self.typed_field.hear(e.control.value or ""),
                                self.seen.typed_over() if before is None else before.was))

    def taken(self, n: int | None, typing: _Typing, value: int | None) -> bool:
        """A typed number that can be taken: the field shows the saved number again, made
        anew when another phone changed the number since typing began (the typing is
        refused and said: the field kept its digits on screen otherwise). True when the
        number is a change to save (the caller saves it)."""
        self.set_rejected(None)
        self.set_typing(None)
        if typing.was != value:
            self.set_generation(lambda g: g + 1)
        if n != typing.was or typing.was != value:
            self.seen.mine(n)
            return True
        return False

    def shown(self, saved: str) -> str:
        """What the field shows: the typing, else what was refused, else `saved`."""
        if self.typing is not None:
            return self.typed_field.text(self.typing.text)
        return saved if self.rejected is None else self.rejected


def _use_number_entry(value: int | None) -> _NumberEntry:
    """The hooks of a number's field, in one order for every such field."""
    typing, typing_now, set_typing = _use_typing()
    nothing: str | None = None
    rejected, set_rejected = ft.use_state(nothing)
    seen = _use_shown(value)
    generation, set_generation = ft.use_state(0)
    return _NumberEntry(typing, typing_now, set_typing, rejected, set_rejected, seen,
                        generation, set_generation, use_kept_text())


def _number_typed(text: str, minimum: int | None, maximum: int | None) -> int | None:
    """The number a field takes of what was typed: a whole number within its bounds, else
    None (a field that may be left blank reads a blank as none typed; its caller tells)."""
    n = _to_int(text)
    return n if n is not None and _fits(n, minimum, maximum) else None


def _use_saved_when_gone(entry: _NumberEntry, save: Callable[[_Typing], None]) -> None:
    """A number typed and not saved yet (no Enter, the field not left) is saved when its
    field goes: the browser's (a phone's) back takes the screen away without the field
    losing focus, and a walk's 10 typed in Coins went with it (the number before stayed).
    `save`: what a blur would save of the typing, as of the last render (never a state
    change: the field is gone)."""
    nothing: Callable[[_Typing], None] | None = None  # (a callable would be run, not kept)
    latest = ft.use_ref(nothing)
    latest.current = save

    def mounted() -> Callable[[], None]:
        def gone() -> None:
            typing = entry.typing_now()
            if typing is not None and latest.current is not None:
                latest.current(typing)
        return gone

    ft.use_effect(mounted, [])


@dataclass(frozen=True)
class _StepProps:
    """What a stepper's - and + act on: its props and state setters as last rendered."""

    value: int
    on_change: Changed
    minimum: int
    maximum: int | None
    set_rejected: Callable[[str | None], None]
    set_typing: Callable[[_Typing | None], None]
    shown: _Shown


def _step_button(spoken: str, value: int, delta: int,
                 now: ft.MutableRef[_StepProps], foreign: int) -> ft.IconButton:
    """A stepper's - (`delta` -1) or + (1), named for a screen reader by whose number it
    changes and what it is now ("Coins for Ann: 7, add one"). It stays enabled at a limit
    (a tap there does nothing): a control that turns disabled under the finger drops the
    screen reader's focus, and the next field tapped then did not take the keyboard (issue
    12, item 14). Its key changes with each number another phone set (`foreign`): a tap
    sent before the phone received that number acted on the one it showed, and finds no
    control; its own taps keep the button (and a screen reader's focus on it)."""
    def go() -> None:
        props = now.current
        n = props.value + delta
        if _fits(n, props.minimum, props.maximum):
            props.set_rejected(None)
            props.set_typing(None)
            props.shown.mine(n)
            props.on_change(n, props.value)

    button = icon_button(ft.Icons.ADD_CIRCLE_OUTLINE if delta > 0 else
                         ft.Icons.REMOVE_CIRCLE_OUTLINE,
                         (S.add_one if delta > 0 else S.remove_one)(spoken, value), go,
                         icon_size=30, tooltip=False)
    button.key = f"{'plus' if delta > 0 else 'minus'}-{foreign}"
    return button


@ft.component
def _Stepper(label: str, value: int, on_change: Changed, minimum: int,
             maximum: int | None, spoken: str = "", said_first: str = "",
             least_width: int = 120) -> ft.Control:
    """A number with big minus/plus buttons, and a field to type it. Typing is saved on
    submit or when the field loses focus (not per keystroke); what is typed and cannot be
    taken (not a number, out of range) stays in the field with the reason under it, the
    number kept as it was, until it is typed again or a button is tapped. `spoken`: the
    number in a screen reader's words, whose it is ("Coins for Ann"; "" = `label`);
    `said_first`: what the field's name starts with (`numeric`)."""
    entry = _use_number_entry(value)

    def done() -> None:
        typing = entry.typing_now()
        if typing is None:
            return
        n = _number_typed(typing.text, minimum, maximum)
        if n is not None:
            if entry.taken(n, typing, value):
                on_change(n, typing.was if typing.was is not None else value)
        else:
            entry.set_rejected(typing.text)
            entry.set_typing(None)

    def save_left(typing: _Typing) -> None:
        n = _number_typed(typing.text, minimum, maximum)
        if n is not None and n != typing.was:
            on_change(n, typing.was if typing.was is not None else value)

    _use_saved_when_gone(entry, save_left)
    # The - and + act on the props of the latest render: made again only when their names
    # change (a new number: they say it), not when a handler does
    props = _StepProps(value, on_change, minimum, maximum, entry.set_rejected,
                       entry.set_typing, entry.seen)
    now = ft.use_ref(props)
    now.current = props
    said = spoken or label
    foreign = entry.seen.foreign
    minus, plus = ft.use_memo(lambda: (_step_button(said, value, -1, now, foreign),
                                       _step_button(said, value, 1, now, foreign)),
                              [said, value, foreign])
    return ft.Row(
        [
            minus,
            numeric(label, entry.typed_field.keep(ft.TextField(
                key=f"typed-{entry.generation}", label=label, value=entry.shown(str(value)),
                error=None if entry.rejected is None else S.number_range(minimum, maximum),
                error_max_lines=3, on_change=entry.typed, on_submit=lambda: done(),
                on_blur=lambda: done(), width=field_width(label, least_width),
                keyboard_type=ft.KeyboardType.NUMBER, input_filter=digits_only(minimum),
                text_align=ft.TextAlign.CENTER)), said_first),
            plus,
        ],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


Stepper = memo(_Stepper)
"""Rendered again only when its props change: give it a stable `on_change` (a part's
other steppers are then not rebuilt when one number changes)."""


def stepper(label: str, value: int, on_change: Changed, minimum: int = 0,
            maximum: int | None = None, spoken: str = "", said_first: str = "",
            least_width: int = 120, player: str = "") -> ft.Control:
    """A number from `minimum` to `maximum` (None: no bound), with minus/plus buttons.
    `player`: whose number it is (a city's coins): its - and + say "Coins for Ann" and its
    field is named "Ann: Coins" (a screen reader reads a field alone; a walk heard "Coins"
    with no player). `spoken`: the - and +'s words where they are not "label for player"
    ("Conflict tokens +1 for Ann"); "" when the screen says whose (the label alone).
    `said_first`: what a screen reader hears before the field's label, where another field
    on the screen shows the same label ("Minerva pawn"). `least_width`: the field at least
    this wide (the steppers of one section as wide as its widest label's: `field_width`)."""
    if player:
        spoken = spoken or S.for_player(label, player)
        said_first = said_first or S.whose_field(player)
    return Stepper(label, value, on_change, minimum, maximum, spoken, said_first, least_width)


@ft.component
def NumberField(label: str, value: int | None, on_change: MaybeChanged,
                minimum: int | None, maximum: int | None, width: int, hint: str,
                spoken: str = "", said_first: str = "") -> ft.Control:
    """A whole number that may be left blank (None), saved on submit or when the field
    loses focus. What is typed and cannot be taken stays in the field with the reason under
    it; the number is kept as it was."""
    entry = _use_number_entry(value)

    def done() -> None:
        typing = entry.typing_now()
        if typing is None:
            return
        text = typing.text
        n = _number_typed(text, minimum, maximum)
        if not text.strip():
            entry.set_typing(None)
            entry.set_rejected(None)
            if typing.was is not None or value is not None:
                entry.seen.mine(None)
                on_change(None, typing.was)
        elif n is not None:
            if entry.taken(n, typing, value):
                on_change(n, typing.was)
        else:
            entry.set_typing(None)
            entry.set_rejected(text)

    def save_left(typing: _Typing) -> None:
        """What `done` would save, without a render: blank is none typed."""
        n = _number_typed(typing.text, minimum, maximum)
        if (n is not None or not typing.text.strip()) and n != typing.was:
            on_change(n, typing.was)

    _use_saved_when_gone(entry, save_left)
    # the field's number as last rendered, for its sign button (a tap comes after the blur
    # that refused "3" in Debt: the refused text is the one to turn)
    shown_now: tuple[int | None, str | None] = (value, entry.rejected)
    latest = ft.use_ref(shown_now)
    latest.current = shown_now

    def change_sign() -> None:
        """What the field shows, with the other sign, taken as if typed: a phone's number
        pad without a minus key (an iPhone's) can still enter a loss."""
        saved, refused = latest.current or shown_now
        typing = entry.typing_now()
        text = typing.text if typing is not None else refused if refused is not None else (
            "" if saved is None else str(saved))
        n = _to_int(text)
        if n is None or n == 0:
            return  # nothing to turn: the field says what it takes as it is
        entry.set_typing(None)
        if _fits(-n, minimum, maximum):
            entry.set_rejected(None)
            entry.seen.mine(-n)
            on_change(-n, saved)
        else:
            entry.set_rejected(str(-n))

    field = numeric(label, entry.typed_field.keep(ft.TextField(
        key=f"typed-{entry.generation}", label=label,
        value=entry.shown("" if value is None else str(value)),
        width=field_width(label, width, ALONE_MOST), on_change=entry.typed,
        on_submit=lambda: done(), on_blur=lambda: done(),
        error_max_lines=3, helper_max_lines=3,
        error=None if entry.rejected is None else S.number_range(minimum, maximum),
        keyboard_type=ft.KeyboardType.NUMBER, input_filter=digits_only(minimum),
        helper=hint or None)), said_first)
    if minimum is None or minimum >= 0:
        return field
    sign = icon_button(ft.Icons.EXPOSURE, S.change_sign(spoken or label), change_sign,
                       tooltip=False)
    return ft.Row([field, sign], spacing=2, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def number_field(label: str, value: int | None, on_change: MaybeChanged,
                 minimum: int, maximum: int, spoken: str = "", said_first: str = "",
                 ) -> ft.Control:
    """A total typed from a paper score pad: `minimum` to `maximum` (the ruleset's: below
    zero for a row of debts or penalties, a minus sign then typed, or its sign button);
    blank = none typed (None). `spoken`: whose row, in a screen reader's words ("Debt for
    Ann", `S.for_player`), for the sign button's name; `said_first`: what the field's name
    starts with ("Ann, Paper totals:", `S.whose_part`, `numeric`)."""
    return NumberField(label, value, on_change, minimum, maximum, 150, "", spoken, said_first)


def optional_number_field(label: str, value: int | None, on_change: MaybeChanged,
                          maximum: int, hint: str = "", player: str = "") -> ft.Control:
    """A whole number from 0 to `maximum` that may be left blank (None): the engine then uses
    what it knows. `player`: whose city's number, said before the label ("Ann: ...")."""
    return NumberField(label, value, on_change, 0, maximum, 220, hint,
                       said_first=S.whose_field(player) if player else "")


def notice(text: str, action: ft.Control | None = None,
           icon: ft.IconData = ft.Icons.INFO_OUTLINE) -> ft.Control:
    return ft.Container(
        content=ft.Row(
            [ft.Icon(icon), ft.Text(text, expand=True),
             *([action] if action else [])],
        ),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        padding=10,
        border_radius=8,
        visible=bool(text),
    )


def back_to(route: str) -> Callable[[], None]:
    def go() -> None:
        ft.context.page.navigate(route)
    return go


UNDER_KEPT_S = 1.0
"""How long a screen another one came over still shows its body (the new screen's push
animation shows it), before it keeps its app bar only."""


def use_body_shown(on_top: bool) -> bool:
    """Whether a screen shows its body: on top, yes; under another screen (home and the
    table under a city: the browser keeps them for the way back), only for `UNDER_KEPT_S`,
    then its app bar alone, so that a phone's session holds the controls and the watches
    of the one screen it shows. Back on top, the body is built again at once, in the same
    answer that takes the screen above away (nothing blank shows)."""
    kept, set_kept = ft.use_state(on_top)
    now = ft.use_ref(on_top)
    now.current = on_top

    async def follow() -> None:
        if on_top:
            set_kept(True)
            return
        await asyncio.sleep(UNDER_KEPT_S)
        if not now.current:
            set_kept(False)

    ft.use_effect(follow, [on_top])
    return on_top or kept


def view(route: str, title: str | ft.Control, controls: list[ft.Control],
         actions: list[ft.Control] | None = None) -> ft.View:
    """A screen: an app bar and a scrolling column, readable on a 360 px phone, and the
    note at its foot (`ui.screens.note_strip`). `title`: words, or a part that shows them (and
    follows what it watches)."""
    from ui.screens.note_strip import NoteStrip  # it reads the model, which the screens share

    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(title) if isinstance(title, str) else title,
                         actions=actions or []),
        # a part: its body shows; on top or not, read as the screen renders
        bottom_appbar=NoteStrip(ft.is_route_active(route, exact=True)),  # type: ignore[arg-type]
        controls=[ft.Column(controls, spacing=12, expand=True)],
        scroll=ft.ScrollMode.AUTO,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
    )


def confirm_replace(current: Draft, game: str, by: str, on_replace: Handler,
                    on_keep: Handler) -> ft.Control:
    """Asked before anything replaces an unfinished game with something entered (the game
    in progress is one per device: replacing it loses it). `game` is its title, `by` says
    what replaces it; Keep leaves everything as it was."""
    return ft.Semantics(identifier="confirm-replace", content=ft.Card(
        content=ft.Container(padding=12, content=ft.Column([
            ft.Text(S.REPLACE_TITLE, weight=ft.FontWeight.BOLD, size=18),
            ft.Text(S.replace_game(", ".join(s.name for s in current.seats), game, by)),
            wrap([ft.FilledButton(content=S.REPLACE, icon=ft.Icons.SWAP_HORIZ,
                                  on_click=on_replace),
                  ft.OutlinedButton(content=S.KEEP, icon=ft.Icons.UNDO, on_click=on_keep)]),
        ]))))


def confirm_replace_dialog(current: Draft, game: str, by: str, on_replace: Handler,
                           on_keep: Handler) -> ft.AlertDialog:
    """The same question as `confirm_replace`, as a dialog: asked from the foot of a long
    screen (New game's Start), it shows whole over the screen instead of below the fold."""
    return ft.AlertDialog(
        modal=True, title=ft.Text(S.REPLACE_TITLE),
        content=ft.Text(S.replace_game(", ".join(s.name for s in current.seats), game, by)),
        actions=[ft.OutlinedButton(content=S.KEEP, icon=ft.Icons.UNDO, on_click=on_keep,
                                   height=TAP),
                 ft.FilledButton(content=S.REPLACE, icon=ft.Icons.SWAP_HORIZ,
                                 on_click=on_replace, height=TAP)])


def confirm_dialog(identifier: str, title: str, text: str, yes: str, icon: ft.IconData,
                   on_yes: Handler, on_no: Handler) -> ft.AlertDialog:
    """Asked before a change a slip would make costly (removing a player and their city,
    freeing a seat): what it does in words, Cancel first, the change named on its button."""
    return ft.AlertDialog(
        modal=True, title=ft.Text(title),
        content=ft.Semantics(identifier=identifier, content=ft.Text(text)),
        actions=[ft.OutlinedButton(content=S.CANCEL, on_click=on_no, height=TAP),
                 ft.FilledButton(content=yes, icon=icon, on_click=on_yes, height=TAP)])


def no_game_view(route: str, title: str, button: str, target: str,
                 text: str = "") -> ft.View:
    """A game screen opened with no game in progress (a stale link), or naming what the game
    does not have (a mistyped link): say so, and a way out."""
    return view(route, title, [ft.Text(text or S.NO_GAME),
                               ft.FilledButton(content=button, on_click=back_to(target))])


def busy_overlay(what: str) -> ft.Control:
    """A long action under way (import, scoring, loading): a progress ring and its name."""
    # The Semantics itself is hidden when idle: a Semantics whose only content is hidden
    # shows Flet's red "Semantics.content must be provided and visible" box.
    return ft.Semantics(identifier="busy", visible=bool(what), content=ft.Row(
        [ft.ProgressRing(width=24, height=24, stroke_width=3), ft.Text(what, italic=True)]))
