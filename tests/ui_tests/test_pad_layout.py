"""The score pad's layout on a 360 px phone, worked out from the font's widths."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("language", ["en", "vi"])
def test_pad_every_category_label_fits_its_column_between_words(language: str) -> None:
    """Every category's label, in both languages, fits the pad's label column (a few
    players) on its lines, broken only between words: "Naval conflicts", "Tower of Babel",
    "Xung đột hải quân" and "Xưởng đóng tàu" lost their last letters under the column's
    border on one line of 14 px (a walk's finding). Widths: Roboto's, `ui.screens.fit`."""
    from typing import get_args

    from scorer import i18n
    from scorer.ruleset import Category
    from ui.screens import pad
    from ui.screens.fit import lines_needed
    from ui.text import strings as S

    # the lines fit the cell: 1.2 line heights of 13 px each, in 44 px less its border
    assert pad.LABEL_LINES * pad.LABEL_SIZE * 1.2 <= pad.CELL_H - 2
    with i18n.language(language):
        for category in get_args(Category):
            label = S.CATEGORY.get(category, category)
            lines = lines_needed(label, pad.LABEL_SIZE, pad.LABEL_ROOM)
            assert lines is not None and lines <= pad.LABEL_LINES, (category, label, lines)
