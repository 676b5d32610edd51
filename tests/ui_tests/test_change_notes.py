"""The note every phone reads for a change is a sentence a player would say: who did what,
with the game's own words ("Ann switched to paper totals", not "Ann's paper totals changed
to on"), in the reader's language."""

from __future__ import annotations

from scorer import i18n
from ui.entry.draft import Draft
from ui.entry.edits import Refusal, Revert, SetSeat, apply, describe
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat


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
