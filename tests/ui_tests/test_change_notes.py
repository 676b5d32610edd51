"""The note every phone reads for a change is a sentence a player would say: who did what,
with the game's own words ("Ann switched to paper totals", not "Ann's paper totals changed
to on"), in the reader's language."""

from __future__ import annotations

from typing import get_args

import pytest

from scorer import i18n
from ui.entry.draft import Draft
from ui.entry.edits import (
    Refusal,
    Revert,
    SeatField,
    SetSeat,
    SetTable,
    TableField,
    apply,
    describe,
)
from ui.entry.games.duel import DuelDraft, DuelSeat
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.text import strings as S


def _table() -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat("Ann", board="Gizah"),
                                                        SevenWondersSeat("Bob"),
                                            SevenWondersSeat("Cid")])


def test_paper_note_switching_to_paper_totals_says_who_switched() -> None:
    before = _table()
    to_paper = SetSeat(0, "Ann", "quick", True, (False,))
    said = describe(to_paper, before)
    assert said == "Ann switched to paper totals"
    assert "changed to" not in said and " on" not in said


def test_paper_note_switching_back_to_cards_says_so() -> None:
    on_paper = apply(_table(), SetSeat(0, "Ann", "quick", True, (False,)))
    assert isinstance(on_paper, Draft)
    said = describe(SetSeat(0, "Ann", "quick", False, (True,)), on_paper)
    assert said == "Ann switched back to entering cards"


def test_paper_note_undone_reads_as_the_switch_undone() -> None:
    before = _table()
    to_paper = SetSeat(0, "Ann", "quick", True, (False,))
    back = SetSeat(0, "Ann", "quick", False, (True,))
    assert describe(Revert(to_paper, (back,)), before) == "Undone: Ann switched to paper totals"


def test_paper_note_in_vietnamese() -> None:
    """The Vietnamese catalogue's words for the two ways of entering a city: "Tổng trên
    giấy" (Paper totals) and "Thẻ" (Cards)."""
    on_paper = apply(_table(), SetSeat(0, "Ann", "quick", True, (False,)))
    assert isinstance(on_paper, Draft)
    with i18n.language("vi"):
        assert describe(SetSeat(0, "Ann", "quick", True, (False,)), _table()) == \
            "Ann chuyển sang tổng trên giấy"
        assert describe(SetSeat(0, "Ann", "quick", False, (True,)), on_paper) == \
            "Ann chuyển lại sang nhập từng thẻ"


def test_paper_note_a_switch_made_meanwhile_on_another_phone() -> None:
    """Bob's phone still showed Ann on cards when it tapped Paper totals; Ann's phone had
    switched already: refused, said as the switch that was made."""
    on_paper = apply(_table(), SetSeat(0, "Ann", "quick", True, (False,)))
    assert isinstance(on_paper, Draft)
    refused = apply(on_paper, SetSeat(0, "Ann", "quick", True, (False,)))
    assert isinstance(refused, Refusal) and refused.code == "stale"
    assert refused.message.startswith("Ann switched to paper totals on another phone")
    assert "changed to" not in refused.message and " on now" not in refused.message


def _pantheon_duel() -> Draft:
    return DuelDraft(game="duel", expansions=["pantheon"], seats=[DuelSeat("Ann"),
                                                                  DuelSeat("Bob")])


@pytest.mark.parametrize("kind, fields", [("seat", get_args(SeatField)),
                                          ("table", get_args(TableField))])
def test_entry_note_names_every_field_in_words(kind: str, fields: tuple[str, ...]) -> None:
    """Every field a change can set has words for its note, in both languages: a field
    without them was said by its name ("Minerva_spaces changed to 2", "Ann's
    astarte_coins changed to 3")."""
    for language in ("en", "vi"):
        with i18n.language(language):
            words = S.SEAT_FIELD if kind == "seat" else S.TABLE_FIELD
            missing = [f for f in fields if f not in words]
            assert not missing, (language, missing)
            named = [f for f in fields if "_" in words[f]]  # a field's name, not words
            assert not named, (language, named)


def test_entry_note_minerva_pawn_in_words() -> None:
    """Minerva's pawn moved 2 spaces (Pantheon, Duel): the note every phone reads says which
    pawn, in the reader's language (the catalogue's "số ô của quân cờ Minerva")."""
    moved = SetTable("minerva_spaces", 2, (0,))
    assert describe(moved, _pantheon_duel()) == "The Minerva pawn's spaces changed to 2"
    sided = SetTable("minerva_toward", "Ann", ("",))
    assert describe(sided, _pantheon_duel()) == "The Minerva pawn's side changed to Ann"
    with i18n.language("vi"):
        assert describe(moved, _pantheon_duel()).startswith("Số ô của quân cờ Minerva")


def test_entry_note_astarte_coins_in_words() -> None:
    """Coins put on Astarte (Pantheon): "Ann's coins on Astarte changed to 3"."""
    put = SetSeat(0, "Ann", "astarte_coins", 3, (None,))
    assert describe(put, _pantheon_duel()) == "Ann's coins on Astarte changed to 3"
