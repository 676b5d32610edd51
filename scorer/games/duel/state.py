"""What a Duel table resolves to, once: the state the checks, the scoring and the verdict
read (`checks` builds it, `pantheon`'s checks read it too, so it sits under both)."""

from __future__ import annotations

from typing import NamedTuple

from scorer.board import Board
from scorer.engine import Tally
from scorer.games.duel.scoring import Supremacy


class DuelGame(NamedTuple):
    """A Duel table resolved: the board to score and every supremacy the state shows."""

    board: Board
    tallies: tuple[Tally, ...]
    """Each city's effects through the interpreter, once: read by the checks (science
    symbols) and scored."""
    shown: tuple[Supremacy, ...]
