"""The score pad's layout on a 360 px phone, worked out from the font's widths."""

from __future__ import annotations

from typing import Any

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


SEVEN_VI = ["Nguyễn Văn An", "Nguyễn Thị Bình", "Trần Văn Cường", "Lê Thị Dung",
            "Phạm Minh Em", "Nguyễn Hoàng Giang", "Võ Hải"]


@pytest.mark.parametrize(("names", "given_last", "shown"), [
    # every name fits: as typed
    (["Ann", "Bob"], False, ["Ann", "Bob"]),
    # Vietnamese: the name a player is called by is the last word; a name that fits stays
    (SEVEN_VI, True, ["An", "Bình", "Cường", "Dung", "Em", "Giang", "Võ Hải"]),
    # English: the first word ("Ann Smith" is Ann)
    (["Ann Smith", "Bob Smith", "Cid"], False, ["Ann", "Bob", "Cid"]),
    # the preferred word repeats (two Ans): the other end's words tell them apart
    (["Nguyễn Văn An", "Trần Thị An"], True, ["Nguyễn", "Trần"]),
    (["Ann Smith", "Ann Jones"], False, ["Smith", "Jones"]),
    # neither end tells them apart: whole names (the column cuts them)
    (["Ann Lee Smith", "Ann Kim Smith"], False, ["Ann Lee Smith", "Ann Kim Smith"]),
    # a first word equal to another player's whole name in another case is not apart:
    # the last word is
    (["Anna Bell Smith", "anna"], False, ["Smith", "anna"]),
])
def test_pad_column_names_tell_the_players_apart(names: list[str], given_last: bool,
                                                 shown: list[str]) -> None:
    """A narrow pad column shows the word a player is called by where the whole name does
    not fit (issue 31: "Nguyễn Văn An" and "Nguyễn Thị Bình" both read "Nguyễn…" in seven
    columns); a name fits here when it has at most 6 characters."""
    from ui.screens.fit import column_names

    assert column_names(names, lambda name: len(name) <= 6, given_last) == shown


@pytest.mark.parametrize(("language", "shown"), [
    ("vi", ["An", "Bình", "Cường", "Dung", "Em", "Giang", "Hải"]),
    # in English the first words first: three Nguyễns, so the last words tell them apart
    ("en", ["An", "Bình", "Cường", "Dung", "Em", "Giang", "Hải"]),
])
def test_pad_seven_vietnamese_names_read_as_their_players_are_called(
        language: str, shown: list[str]) -> None:
    """Seven players on the pad (icon-only rows, 12 px bold names in seven columns of a
    320 px phone: (320 - 24 - 44) / 7 - 6 = 30 px each): every column shows the player's
    own name, not the family name three of them share, and a screen reader hears the full
    name. Even "Võ Hải" does not fit its 30 px: Roboto's advances V 636 + o 570 + space
    248 + H 713 + a 544 + i 243 = 2,954 thousandths of an em, at 12 px x 1.02 (rounding)
    x 1.07 (bold) = 38.7 px."""
    texts = _seven_names_on_the_pad(language)
    assert [t.value for t in texts] == shown
    # a screen reader hears the full name, then what a tap on the column shows
    assert [str(t.semantics_label).split(":")[0] for t in texts] == SEVEN_VI


def test_pad_names_stay_whole_where_the_screen_holds_them() -> None:
    """On a laptop's 1,280 px page the seven columns are (1280 - 24 - 44) / 7 - 6 = 167 px
    each: every name above fits whole (the longest, "Nguyễn Hoàng Giang", is about 130 px
    at 12 px bold), so none is shortened (a review: the phone's 320 px was assumed on every
    screen)."""
    assert [t.value for t in _seven_names_on_the_pad("vi", 1280)] == SEVEN_VI


def _seven_names_on_the_pad(language: str, screen_width: float = 320) -> list[Any]:
    """The name row's texts of the pad of seven Vietnamese players (in `language`, on a
    page `screen_width` px wide), in seating order: what a column shows and reads out."""
    from scorer import i18n
    from scorer.api import assess
    from ui.screens import pad

    from .flet_client import walk

    boards = ["Gizah", "Babylon", "Rhodos", "Ephesos", "Olympia", "Alexandria",
              "Halikarnassos"]
    table = {"game": "7wonders-1e", "players": [
        {"name": n, "wonder": {"board": b, "side": "A", "stages": 0}, "coins": 3}
        for n, b in zip(SEVEN_VI, boards, strict=True)]}
    result = assess(table).result
    assert result is not None
    with i18n.language(language):
        view = pad.grid(result, list(result.players[0].categories), (-1, ""),
                        lambda k, c: lambda: None, screen_width=screen_width)
    names = [c for c in walk(view) if getattr(c, "identifier", "").startswith("name-")]
    assert [n.identifier for n in names] == [f"name-{n}" for n in SEVEN_VI]
    return [next(t for t in walk(n) if type(t).__name__ == "Text") for n in names]
