"""Manneken Pis A's copies as the engine reads them (wonder-pack.md §4: stage 1 copies the
left neighbour's first stage, stage 2 the right's second, stage 3 either's third; a copy
gives what the copied stage gives, VP included): the problems that name a copy say it in
the players' words, and points typed beside copies the boards count are set aside."""

from __future__ import annotations

import json
from pathlib import Path

from scorer import assess

WONDER_PACK = Path(__file__).parent / "scenarios" / "7wonders" / "wonder-pack"


def _table(name: str) -> dict[str, object]:
    data = json.loads((WONDER_PACK / f"{name}.json").read_text(encoding="utf-8"))
    table: dict[str, object] = data["table"]
    return table


def test_copied_stage_named_on_a_neighbours_board_without_that_stage_says_so() -> None:
    """Rhodos is Cid's wonder, but its side B has two stages: the message says that, not
    that Rhodos is no neighbour's wonder (a review's finding: "Cid's wonder has no such
    stage" beside '"Rhodos" is not the wonder of a neighbour')."""
    got = assess(_table("invalid-manneken-pis-a-copied-stage-its-neighbours-board-lacks"))
    said = {(p.code, p.path): p.message for p in got.problems}
    assert said[("choice-not-offered", "players[0].choices.copied_stage")] == (
        '"Rhodos" is not the wonder of a neighbour with a stage 3 to copy; Cid\'s Rhodos B '
        "has no stage 3; Bob has Gizah")


def test_copied_stage_points_typed_beside_counted_copies_are_set_aside() -> None:
    """A table saved when Manneken Pis A's points were typed as printed (10 = Olympia A's
    3 + the 7 of either third stage) scores them once: the copies' 10 from the boards, the
    typed 10 set aside with its problem; Gus 10 + 1 (Babylon A's wildcard, copied) = 11."""
    got = assess(_table("invalid-manneken-pis-a-points-typed-beside-its-copies"))
    assert [p.code for p in got.problems] == ["points-counted-from-copies"]
    gus = next(p for p in got.players if p.name == "Gus")
    assert gus.total == 11 and gus.categories.get("wonders") == 10
