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
