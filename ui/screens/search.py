"""The city's one search: a card, a leader, a wonder board (or, in Duel, a wonder card or a
progress token) found by the letters typed, the name the player means first.

A name that starts with the text comes first, then a name with a word that starts with it,
then a name that holds it anywhere: "Works" is Workshop, not Glassworks (which only holds
it). Within a rank, cards come before leaders, leaders before wonders and tokens, each in
the order the city screen shows them. No game rule here: what a city can still take is
given by the caller (from the engine's facts)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from scorer.names import normalize

Kind = Literal["card", "leader", "board", "wonder", "progress", "divinity"]

STARTS, WORD_STARTS, HOLDS = 0, 1, 2
"""How well a name answers a search, best first."""

_WORDS = re.compile(r"[\s\-/]+")


def rank(query: str, name: str) -> int | None:
    """How `name` answers `query` (any case, any accents, spaces and hyphens not counted):
    STARTS, WORD_STARTS or HOLDS; None when it does not hold the text at all."""
    typed = normalize(query)
    if not typed:
        return None
    whole = normalize(name)
    if whole.startswith(typed):
        return STARTS
    if any(normalize(word).startswith(typed) for word in _WORDS.split(name)[1:]):
        return WORD_STARTS
    return HOLDS if typed in whole else None


@dataclass(frozen=True)
class Found:
    """What Enter in the search adds: a name and the kind of thing it is."""

    kind: Kind
    name: str


def ranked(query: str, candidates: Iterable[Found], most: int) -> tuple[Found, ...]:
    """The `most` candidates that answer `query` best, best first (the first is what Enter
    adds): by rank, then in the order given."""
    hits = [(r, k, found) for k, found in enumerate(candidates)
            if (r := rank(query, found.name)) is not None]
    hits.sort(key=lambda hit: (hit[0], hit[1]))
    return tuple(found for _r, _k, found in hits[:most])
