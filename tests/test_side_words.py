"""Each edition's own words for its board sides: the 2nd edition's boards have a Day and a
Night side (its rulebook's words), the 1st edition's an A and a B side. What players read (a
line's source, the group's wins by wonder, the rules list, a change note) says them so; the
table file and the result JSON keep their data as the spec gives it (`side` "A"/"B", "day"/
"night" accepted as A/B in the 2nd edition)."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorer import assess, i18n, score
from scorer.stats import Filter, group_stats, rows_of
from ui.screens.rules import entries
from ui.screens.stats import group_page

from .ui_tests.flet_client import walk


def _table(game: str, sides: tuple[str, str, str]) -> dict[str, Any]:
    """Ann on Gizah, Bob on Babylon, Cid on Rhodos: each with its first stage built."""
    boards = ("Gizah", "Babylon", "Rhodos")
    return {"game": game, "players": [
        {"name": n, "wonder": {"board": b, "side": s, "stages": 1}}
        for n, b, s in zip(("Ann", "Bob", "Cid"), boards, sides, strict=True)]}


def _stage_lines(result: Any, player: str) -> list[tuple[str, int]]:
    (p,) = [p for p in result.players if p.name == player]
    return [(ln.source, ln.points) for ln in p.lines if ln.category == "wonders"]


def test_day_night_2nd_edition_line_sources_say_day_and_night() -> None:
    # reference rules_multiplayer.md §6, 2nd edition: Gizah Night stage 1 WW -> 3 VP;
    # Babylon Day stage 1 CC -> 3 VP; Rhodos Day stage 1 -> 3 VP
    result = score(_table("7wonders-2e", ("night", "A", "day")))
    assert _stage_lines(result, "Ann") == [("Gizah Night, stage 1", 3)]
    assert _stage_lines(result, "Bob") == [("Babylon Day, stage 1", 3)]  # typed "A"
    assert _stage_lines(result, "Cid") == [("Rhodos Day, stage 1", 3)]


def test_day_night_result_json_keeps_the_spec_fields() -> None:
    """The line's fields are the spec's (category, source, points, why) and ours; the
    message's data keeps the side as the spec's data names it ("B"), beside the edition's
    name of it."""
    data = score(_table("7wonders-2e", ("night", "A", "day"))).model_dump(mode="json")
    (line,) = [ln for ln in data["players"][0]["lines"] if ln["category"] == "wonders"]
    assert {"category", "source", "points", "why"} <= set(line)
    assert line["source"] == "Gizah Night, stage 1"
    assert line["source_message"]["side"] == "B"
    assert line["source_message"]["side_name"] == "night"


def test_day_night_1st_edition_keeps_a_and_b() -> None:
    # reference rules_multiplayer.md §6, 1st edition: Gizah B stage 1 WW -> 3 VP;
    # Babylon A stage 1 CC -> 3 VP; Rhodos A stage 1 WW -> 3 VP
    result = score(_table("7wonders-1e", ("B", "A", "A")))
    assert _stage_lines(result, "Ann") == [("Gizah B, stage 1", 3)]
    assert _stage_lines(result, "Bob") == [("Babylon A, stage 1", 3)]


def test_day_night_line_sources_in_vietnamese() -> None:
    """The catalogue's Day = Ngày, Night = Đêm, stage = tầng."""
    result = score(_table("7wonders-2e", ("night", "A", "day")))
    with i18n.language("vi"):
        assert _stage_lines(result, "Ann") == [("Gizah Đêm, tầng 1", 3)]
        assert _stage_lines(result, "Bob") == [("Babylon Ngày, tầng 1", 3)]


def test_day_night_problem_messages_say_the_side_as_the_edition_does() -> None:
    # reference rules_multiplayer.md §6: 2nd-edition Babylon Night has 2 stages ([?] our
    # choice, 3 sources against 1); 1st-edition Babylon B has 3
    table = _table("7wonders-2e", ("day", "night", "day"))
    table["players"][1]["wonder"]["stages"] = 3
    (found,) = assess(table).problems
    assert (found.code, found.message) == ("too-many-stages", "Babylon Night has 2 stages, not 3")
    with i18n.language("vi"):
        (found_vi,) = assess(table).problems
    assert "Babylon mặt Đêm" in found_vi.message  # the catalogue: "{wonder} mặt {side}"
    first = _table("7wonders-1e", ("A", "B", "A"))
    first["players"][1]["wonder"]["stages"] = 4
    (found,) = assess(first).problems
    assert found.message == "Babylon B has 3 stages, not 4"


def _texts(controls: list[ft.Control]) -> list[str]:
    return [str(c.value) for root in controls for c in walk(root)
            if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_day_night_group_statistics_say_the_editions_words() -> None:
    second = _table("7wonders-2e", ("night", "A", "day"))
    first = _table("7wonders-1e", ("B", "A", "A"))
    rows = [*rows_of("g2", 20.0, second, score(second)),
            *rows_of("g1", 10.0, first, score(first))]
    group = group_stats(rows, Filter(family="7wonders"))
    words = {(w.wonder, w.side) for w in group.wins_by_wonder}
    # the 2nd edition's Babylon Day is another board than the 1st's Babylon A (reference
    # §6: 1st-ed. A stage 2 WWW, 2nd-ed. Day stage 2 OOL), so they are counted apart
    assert words == {("Gizah", "night"), ("Babylon", "day"), ("Rhodos", "day"),
                     ("Gizah", "B"), ("Babylon", "A"), ("Rhodos", "A")}
    shown = " | ".join(_texts(group_page(group)))
    assert "Gizah Night" in shown and "Babylon Day" in shown and "Babylon A" in shown
    assert "Gizah B" in shown
    with i18n.language("vi"):
        shown_vi = " | ".join(_texts(group_page(group)))
    assert "Gizah Đêm" in shown_vi and "Babylon Ngày" in shown_vi


def test_day_night_rules_list_names_the_sides() -> None:
    second = {e.name for e in entries("7wonders-2e", [])}
    assert {"Babylon Day", "Babylon Night"} <= second
    assert not {"Babylon A", "Babylon B"} & second
    first = {e.name for e in entries("7wonders-1e", [])}
    assert {"Babylon A", "Babylon B"} <= first
