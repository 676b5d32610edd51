"""The final score pad as a PNG that a phone can send to a chat, drawn on the server with
Pillow (no browser rendering, no font from the system: the Roboto that flet-web serves to
the browsers, which has the Vietnamese letters Pillow's own font lacks)."""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorer import Result
from scorer.ruleset import Category
from ui.screens.fit import column_names
from ui.screens.pad_style import WINNER, style
from ui.text import strings as S
from ui.text.language import given_name_last

LABEL_W = 170
CELL_W = 110
ROW_H = 56
PAD = 24
TITLE_H = 64
"""The title's block with one line (30 px type); each more line adds `TITLE_LINE`."""
TITLE_LINE = 38
VERDICT_H = 36
"""A line of the verdict (24 px type)."""
BG = "#FFF8F0"
LINE = "#8D5A2B"


@cache
def _font_file() -> Path | None:
    """flet-web's Roboto (a pinned dependency), if it is there and Pillow reads it."""
    try:
        spec = importlib.util.find_spec("flet_web")
        assert spec is not None and spec.origin is not None
        path = Path(spec.origin).parent / "web" / "assets" / "fonts" / "roboto.woff2"
        ImageFont.truetype(str(path), 12)
    except Exception:  # not installed, or a Pillow without WOFF2: Pillow's own font
        return None
    return path


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = _font_file()
    return ImageFont.load_default(size) if path is None else ImageFont.truetype(str(path), size)


def image_size(players: int, rows: int, verdict_lines: int = 1,
               title_lines: int = 1) -> tuple[int, int]:
    """Width and height of the image for a pad of `players` columns and `rows` category
    rows (plus the name, total and rank rows), a verdict and a title of so many lines."""
    return (2 * PAD + LABEL_W + CELL_W * players,
            2 * PAD + _title_h(title_lines) + ROW_H * (rows + 3) + VERDICT_H * verdict_lines
            + VERDICT_H // 2)


def _title_h(lines: int) -> int:
    return TITLE_H + TITLE_LINE * (max(1, lines) - 1)


def pad_png(result: Result, categories: Sequence[Category], title: str,
            words: Mapping[str, str] | None = None) -> bytes:
    """The pad: the game's title, one row per category in its colour (named as the game
    names it: `words`), totals, ranks (the winner's column marked) and the verdict in
    words."""
    players = result.players
    big = _font(30)
    font = _font(24)
    small = _font(20)
    width, _ = image_size(len(players), len(categories))
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    verdict = _wrap(measure, result.verdict, font, width - 2 * PAD)
    # a long title ("7 Wonders Duel with Agora and Duel Leaders") on lines of its own: on
    # a 2-player image it was cut at the right edge
    titled = _wrap(measure, title, big, width - 2 * PAD)
    width, height = image_size(len(players), len(categories), len(verdict), len(titled))
    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    for n, line in enumerate(titled):
        draw.text((PAD, PAD + TITLE_H // 2 + TITLE_LINE * n), line, font=big, fill="#000000",
                  anchor="lm")
    top = PAD + _title_h(len(titled))
    winners = {k for k, p in enumerate(players) if p.rank == 1}

    def cell(col: int, row: int, text: str, fill: str | None, ink: str,
             f: ImageFont.FreeTypeFont | ImageFont.ImageFont = font) -> None:
        x0 = PAD if col < 0 else PAD + LABEL_W + col * CELL_W
        w = LABEL_W if col < 0 else CELL_W
        y0 = top + row * ROW_H
        draw.rectangle((x0, y0, x0 + w, y0 + ROW_H), fill=fill, outline=LINE)
        anchor = "lm" if col < 0 else "mm"
        x = x0 + 12 if col < 0 else x0 + w // 2
        draw.text((x, y0 + ROW_H // 2), _fit(draw, text, f, w - 16), font=f, fill=ink,
                  anchor=anchor)

    cell(-1, 0, "", None, "#000000")
    shown = column_names([p.name for p in players],
                         lambda name: draw.textlength(name, font=small) <= CELL_W - 16,
                         given_name_last())
    for k, name in enumerate(shown):
        cell(k, 0, name, WINNER if k in winners else "#FFFFFF", "#000000", small)
    for r, c in enumerate(categories, start=1):
        st = style(c)
        cell(-1, r, S.category(c, words), st.bg, st.fg)
        for k, p in enumerate(players):
            cell(k, r, str(p.categories.get(c, 0)), st.bg, st.fg)
    r = len(categories) + 1
    cell(-1, r, S.TOTAL, "#FFFFFF", "#000000", big)
    for k, p in enumerate(players):
        cell(k, r, str(p.total), WINNER if k in winners else "#FFFFFF", "#000000", big)
    cell(-1, r + 1, S.RANK, "#FFFFFF", "#000000")
    for k, p in enumerate(players):
        cell(k, r + 1, S.NO_VALUE if p.rank is None else str(p.rank), "#FFFFFF", "#000000")
    for n, text in enumerate(verdict):
        y = top + (r + 2) * ROW_H + VERDICT_H * n + VERDICT_H // 2
        draw.text((PAD, y), text, font=font, fill="#000000", anchor="lm")
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _fit(draw: ImageDraw.ImageDraw, text: str,
         font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> str:
    """The text, cut with an ellipsis where it would not fit in `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "\u2026", font=font) > width:
        text = text[:-1]
    return text + "\u2026"


def _wrap(draw: ImageDraw.ImageDraw, text: str,
          font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> list[str]:
    """The text in lines of at most `width` pixels, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(_fit(draw, word, font, width))
    return lines or [""]
