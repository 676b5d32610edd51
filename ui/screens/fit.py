"""Whether a chip's words fit it on a 360 px phone, worked out before the page draws them:
Flutter breaks a word too wide for its line inside the word ("Nebuchadne / zzar" in a
leader's chip, "Philosophe / rs Guild" in a guild's, issue 31), and a button clips a line
that does not fit its 48 px. A grid gives a chip whose words would not fit its slot two
slots (`fitted_columns`), so that its name breaks only between words, on at most the lines
its chip holds.

Widths are those of Roboto, the one font the web page has offline (flet_web's
`assets/fonts/roboto.woff2`), in thousandths of an em, measured once from that file; a
letter the table does not have counts as its letter without accents, else as a wide one.
Layout only: nothing here knows a rule of the game."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import flet as ft

_WIDTHS: dict[int, str] = {
    174: "'", 196: ",", 200: "\u2019", 211: ";", 239: "j", 242: ":", 243: "il", 244: "|",
    248: " \u00a0", 257: "!", 261: "\u00b7", 263: ".", 265: "[]", 272: "I", 276: "-", 309: "`",
    320: '"', 327: "t", 338: "r{}", 342: "(", 347: "f", 348: ")", 410: "\\", 412: "/",
    418: "^", 431: "*", 451: "_", 472: "?", 473: "y", 484: "v", 496: "xz", 507: "k",
    508: "<", 516: "s", 522: ">", 523: "c", 530: "e", 533: "\u00d7", 538: "L", 544: "a",
    549: "=", 551: "hu", 552: "Jn", 553: "F", 561: "bgp", 562: "$0123456789", 564: "d",
    567: "+", 568: "Eq", 570: "o", 593: "S", 597: "T", 599: "Z", 601: "Y", 616: "#R",
    622: "&", 623: "B", 627: "KX", 631: "P", 636: "V", 648: "U", 651: "C", 652: "A",
    656: "D", 669: "\u2026", 680: "~", 681: "G", 688: "OQ", 713: "HN", 732: "%", 751: "w",
    873: "M", 876: "m", 887: "W", 898: "@",
}
EM: dict[str, int] = {c: w for w, chars in _WIDTHS.items() for c in chars}
"""Roboto's advance width of each character, in thousandths of an em."""
WIDE = 700
"""A character the table does not have, nor its letter without accents (wider than most)."""
MARGIN = 1.02
"""A little more than the font's advances (the page's rounding): chromium drew
"Mathematics" at 12 px 69 px wide, its advances add up to 69.8."""

BOLD = 1.07
"""Bold letters are drawn wider than the table's regular advances (by up to ~7 %)."""

PHONE_WIDTH = 320
"""The phone the chips are laid out for: the narrowest in use (an iPhone SE of the first
generation, small Androids). Laid out for 360 px, five names broke inside a word at 320
("Archimede / s", "Hammurab / i", "Enheduann / a", "Counterfeiter / s Guild",
"Mesopotamian Grand Temple"); laid out for 320 they take a wider slot on every phone."""
PAGE_PADDING = 12
"""A screen's margin on each side (`ui.screens.widgets.view`)."""
GRID_SPACING = 4
"""The space between two chips of a grid's row (`ui.screens.widgets.grid`)."""


def _em(ch: str) -> int:
    if ch in EM:
        return EM[ch]
    base = unicodedata.normalize("NFD", ch)[:1]
    return EM.get(base, WIDE)


def text_width(text: str, size: float, spacing: float = 0.0) -> float:
    """How wide `text` is drawn at `size` px, in px (a little more than Roboto's advances);
    `spacing`: the letter spacing of its style (px), which Flutter adds after every
    character."""
    return sum(_em(ch) for ch in text) * size / 1000 * MARGIN + spacing * len(text)


def lines_needed(text: str, size: float, width: float, spacing: float = 0.0) -> int | None:
    """The lines `text` takes at `size` px (letter `spacing` px) in a line `width` px wide
    when broken only between words (as Flutter breaks it when every word fits); None when
    a word is wider than the line (Flutter would break it inside the word)."""
    lines, used = 0, 0.0
    space = text_width(" ", size, spacing)
    for paragraph in text.split("\n"):
        lines += 1
        used = 0.0
        for word in paragraph.split(" "):
            w = text_width(word, size, spacing)
            if w > width:
                return None
            if used and used + space + w <= width:
                used += space + w
            elif used:
                lines += 1
                used = w
            else:
                used = w
    return lines


def xs_share(columns: ft.ResponsiveNumber) -> int:
    """A chip's share of a grid's row of 12 on a phone (the `xs` breakpoint)."""
    return int(columns.get("xs", 12) if isinstance(columns, dict) else columns)


def slot_width(share: int) -> float:
    """The width on the phone (px) of a grid slot `share` twelfths of a row wide, the
    row holding slots of that width."""
    per_row = max(1, 12 // share)
    inner = PHONE_WIDTH - 2 * PAGE_PADDING
    return (inner - GRID_SPACING * (per_row - 1)) / per_row


def wider(columns: ft.ResponsiveNumber) -> ft.ResponsiveNumber:
    """A wider slot: half a phone's row (two such a row, or one beside two narrow ones of
    a quarter: rows stay full), twice the slot on a wider screen, never more than a row."""
    if not isinstance(columns, dict):
        return 6 if columns < 6 else 12
    return {k: (6 if v < 6 else 12) if k == "xs" else min(12, 2 * int(v))
            for k, v in columns.items()}


def without_holes(spans: list[ft.ResponsiveNumber]) -> list[ft.ResponsiveNumber]:
    """The spans of a grid's chips, in their order, with no empty slot at a row's end
    before a wider chip: Flet's `ResponsiveRow` starts a new row when a chip does not fit
    what is left of the row, and left the rest of it empty (a quarter of a row before
    "Nebuchadnezzar", issue 31). The last chip of that row takes what is left instead, at
    each breakpoint the spans name; the order stays (a list read in alphabetical order),
    and only the grid's last row may end short."""
    keys: list[Any] = sorted({k for span in spans if isinstance(span, dict) for k in span},
                             key=str) or [""]
    out: list[dict[Any, Any]] = [
        {k: int(span[k]) for k in keys if k in span} if isinstance(span, dict)
        else dict.fromkeys(keys, int(span)) for span in spans]
    for key in keys:
        used, last = 0, -1
        for i, span in enumerate(out):
            width = min(12, span.get(key, 12))
            if used and used + width > 12 and key in out[last]:
                out[last][key] += 12 - used
                used = 0
            used, last = (used + width) % 12, i
    return [span[""] for span in out] if keys == [""] else list(out)


@lru_cache(maxsize=4096)
def fits(text: str, size: float, share: int, inset: float, most_lines: int,
         spacing: float = 0.0) -> bool:
    """Whether `text` at `size` px (letter `spacing` px), broken between words only, takes
    at most `most_lines` lines in a slot of `share` twelfths of a phone's row less `inset`
    px (the chip's padding, a minus beside it)."""
    lines = lines_needed(text, size, slot_width(share) - inset, spacing)
    return lines is not None and lines <= most_lines


def fitted_columns(text: str, size: float, columns: ft.ResponsiveNumber, inset: float,
                   most_lines: int, spacing: float = 0.0) -> ft.ResponsiveNumber:
    """A chip's share of its grid's row: `columns`, or a wider slot (`wider`) when `text`
    would not fit one (a word wider than the slot, or more lines than the chip holds)."""
    return columns if fits(text, size, xs_share(columns), inset, most_lines, spacing) \
        else wider(columns)


def column_names(names: Sequence[str], fits: Callable[[str], bool],
                 given_name_last: bool) -> list[str]:
    """What a pad's player columns show: each name as typed where it `fits`; where one does
    not, the word the players are called by, when those words still tell every column
    apart. Flutter cuts a name at its end, so "Nguyễn Văn An" and "Nguyễn Thị Bình" both
    read "Nguyễn…" in seven narrow columns (a walk's finding); they read "An" and "Bình".
    `given_name_last`: the language puts the name a player is called by last (Vietnamese;
    `ui.text.language.GIVEN_NAME_LAST`), else first ("Ann Smith" is Ann). The other end's
    word is tried next; when neither tells the columns apart, the names stay whole (cut by
    the column). The full name is always on the column's tooltip and read aloud."""
    if all(fits(name) for name in names):
        return list(names)
    ends: tuple[Callable[[list[str]], str], ...] = (lambda w: w[0], lambda w: w[-1])
    for pick in (ends[::-1] if given_name_last else ends):
        shown = [name if fits(name) or len(name.split()) < 2 else pick(name.split())
                 for name in names]
        if len({s.casefold() for s in shown}) == len(shown):
            return shown
    return list(names)
