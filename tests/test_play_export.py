"""A finished game's play (when, how long, where, a note) in its exported table JSON (our
optional `play` field, scored as the spec says) and in its result CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from scorer import score
from ui.entry.export import play_of, result_csv, table_json
from ui.entry.games import from_table, table_of

ROOT = Path(__file__).resolve().parent.parent


def test_play_in_the_table_json_and_the_csv() -> None:
    table = json.loads((ROOT / "examples" / "duel-full-game.json").read_text())
    draft = from_table(table)
    # started 19:05:00, finished 19:53:00 (UTC): 48 minutes
    play = play_of(1_790_000_700.0, 1_790_003_580.0, "Ann's", "=cmd|' /C calc'!A0")
    assert play["duration_min"] == 48 and play["place"] == "Ann's"
    data = json.loads(table_json(draft, play))
    assert data["play"] == play
    plain = score(table)
    assert score(data).model_dump() == plain.model_dump()  # the play scores nothing
    rows = list(csv.reader(io.StringIO(result_csv(plain, play))))
    assert rows[0][-5:] == ["Started", "Finished", "Minutes", "Place", "Note"]
    for row in rows[1:]:
        assert row[-3:] == ["48", "Ann's", "'=cmd|' /C calc'!A0"]  # a formula stays text
    assert table_json(draft) == json.dumps(table_of(draft), indent=2, ensure_ascii=False)


def test_may_be_short_counts_are_named_in_the_csv_and_marked_in_the_share_text() -> None:
    """The Vitruvius scenario with Archimedes recruited too (test_knock_on.py): Ann's
    leaders' 6 VP (3 pairs x 2) may be short, the pad reads "≥ 6". The CSV keeps 6 a number
    and names the row in a column of its own ("Leaders" for Ann, nothing for Bob); the
    share text and the history's one line say "≥" before Ann's total (they said it as
    sure)."""
    from ui.entry.export import share_text, summary

    path = ROOT / "tests" / "scenarios" / "duel" / "leaders-vitruvius.json"
    table = json.loads(path.read_text(encoding="utf-8"))["table"]
    table["players"][0]["leaders"].append("Archimedes")
    result = score(table)
    ann, bob = result.players
    rows = list(csv.reader(io.StringIO(result_csv(result))))
    column = rows[0].index("May be more (a count marked \u2265)")
    assert column == rows[0].index("Total") + 1
    assert rows[1][0] == ann.name and rows[1][column] == "Leaders"
    assert rows[1][rows[0].index("Leaders")] == "6"  # a number, not "≥ 6"
    assert rows[2][0] == bob.name and rows[2][column] == ""
    assert f"{ann.name}: \u2265 {ann.total} pts" in share_text(result, "Duel")
    assert f"{ann.name} \u2265 {ann.total}" in summary(result)
    assert f"{bob.name}: {bob.total} pts" in share_text(result, "Duel")


def test_a_sure_result_keeps_the_may_be_more_column_empty() -> None:
    """The column is in every export (a review: present only when a count may be short, it
    moved the play's columns after it from one export to the next)."""
    table = json.loads((ROOT / "examples" / "duel-full-game.json").read_text())
    rows = list(csv.reader(io.StringIO(result_csv(score(table)))))
    column = rows[0].index("May be more (a count marked \u2265)")
    assert column == rows[0].index("Total") + 1
    assert [row[column] for row in rows[1:]] == ["", ""]
