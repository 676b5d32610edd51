"""The note at the foot of a screen: who changed what on another phone, or this phone's own
change with Undo, for a few seconds (`AppModel.tell`, `ui.session.model.UNDO_SECONDS`).

It is part of the screen, not a SnackBar over it: a new note changes the strip's words in the
same update as the change it says (one message to the phone per tap), where a new SnackBar
per change was a second update, and the browser's word that the bar before it went was one
more event on every phone of the game. It sits below the screen's scrolling body (the
view's bottom bar), so it covers none of the chips a thumb needs."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ui.screens.memo import memo
from ui.session.model import AppModel, use_model_unwatched, use_watch
from ui.text import strings as S

NOTE_ID = "note"
"""The strip's semantics identifier (tests and benchmarks find the note by it)."""


def _shown(on_top: bool) -> Callable[[AppModel], bool]:
    def select(m: AppModel) -> bool:
        return on_top and m.note is not None
    return select


def _undone(on_top: bool) -> Callable[[AppModel], str | None]:
    """The words of the note whose Undo shows (None: no Undo)."""
    def select(m: AppModel) -> str | None:
        if on_top and m.note is not None and m.note.undo is not None:
            return m.note.text
        return None
    return select


def _words(m: AppModel) -> str:
    return m.note.text if m.note is not None else ""


UNDO_HEIGHT = 48
"""Undo's height: a thumb's target."""
WORDS_PAD = 4
"""Above and below the words, beside the strip's own 4 px: a note without Undo is 8 px clear
of the strip's edges, as before Undo was a part of its own."""
NOTE_LINES = 2
"""The lines a note takes at most (a longer one ends in an ellipsis until it is tapped): on a
360 px phone a change with the usual names fits in two; a long name should not take the
screen's body."""


_WORDS_PADDING = ft.Padding.symmetric(vertical=WORDS_PAD)
_UNDO_STYLE = ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY)
_STRIP_PADDING = ft.Padding.only(left=16, right=8, top=4, bottom=4)
"""The note's paddings and Undo's style: one object each for every render of every
session, never changed (a part rendered again compares nothing of them)."""


@ft.component
def _NoteWords(whole: str) -> ft.Control:
    """The note's words: the one control made again when a note follows another (the box
    around them, with its tap, is the strip's). They wrap within the strip, at most
    `NOTE_LINES` lines, unless they are the note the phone tapped to read whole (`whole`);
    the change list says it whole too, and a screen reader reads it whole."""
    words = use_watch(_words)
    shown_whole = whole == words
    return ft.Text(words, color=ft.Colors.ON_INVERSE_SURFACE,
                   max_lines=None if shown_whole else NOTE_LINES,
                   overflow=ft.TextOverflow.CLIP if shown_whole else ft.TextOverflow.ELLIPSIS)


NoteWords = memo(_NoteWords)


@ft.component
def _NoteEnd(on_top: bool) -> ft.Control:
    """Undo, on the phone that made the change the note says; else nothing (0 px wide: the
    Row's spacing and the strip's padding keep the words 16 px from the edge). Its own part:
    when Undo comes or goes (two phones a tap at a table), only this renders, not the strip
    with the words."""
    model = use_model_unwatched()
    undo = ft.use_callback(model.take_back, [])
    # what it undoes, its name for a screen reader (a walk met "Undo" alone); watched only
    # where Undo shows: the phones without one render nothing more per note
    undoes = use_watch(_undone(on_top), (on_top,))
    if undoes is None:
        return ft.Container(width=0, height=0)
    return ft.TextButton(content=ft.Text(S.UNDO, semantics_label=S.undo_change(undoes)),
                         on_click=undo, height=UNDO_HEIGHT, style=_UNDO_STYLE)


NoteEnd = memo(_NoteEnd)


@ft.component
def _NoteStrip(on_top: bool) -> ft.Control:
    """The note, on the screen on top only (a screen under another keeps its app bar, and
    follows no note): it renders when a note comes or goes, or is tapped to be read whole
    (a new note starts short); its words and its Undo are parts of their own. `on_top` is a
    prop, given by the screen as it renders: read here, a memo with the same props kept the
    value read while a city was on top, and the table showed no note again once it was back
    on top."""
    model = use_model_unwatched()
    whole, set_whole = ft.use_state("")  # the words of the note shown whole
    if not use_watch(_shown(on_top), (on_top,)):
        return ft.Semantics(identifier=NOTE_ID, visible=False)

    def tapped() -> None:
        words = _words(model)
        set_whole("" if whole == words else words)

    # 16 px left; right, Undo's own padding, or the Row's 8 px spacing beside the 0 px end:
    # the words 16 px from either edge. Heights: the words' 4 px above and below (+ the
    # strip's 4) as a note without Undo had; a note with Undo is the button's height + 8.
    # The words' box is in the Row itself, so that `expand` is the Row's (Flet's client
    # skips a part, a component, when it looks for a control's parent) and the words wrap.
    return ft.Semantics(identifier=NOTE_ID, live_region=True, content=ft.Container(
        ft.Row([ft.Container(NoteWords(whole), on_click=tapped, padding=_WORDS_PADDING,
                             expand=True),
                NoteEnd(on_top)], spacing=8),
        bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=4,
        padding=_STRIP_PADDING))


NoteStrip: Callable[[bool], ft.Control] = _NoteStrip
"""Not a memo: a memo given the same props again keeps its body from before, and in Flet
1.0.5 the parts in that body (the words, Undo) keep the strip that rendered them as their
parent; once that strip was replaced and gone, a new note rendered the words alone, they
found no app model above them, and the strip said "Something went wrong". Rendered again
with the screen (a few controls, not on a tap: a tap renders the words only)."""
