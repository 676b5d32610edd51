"""Conflict tokens: derived from per-Age shield totals, as the rulebooks resolve conflicts."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.board import Tokens
from scorer.i18n import _, all_of, ngettext


def derive_tokens(shields: Sequence[Sequence[int]], victory_by_age: Sequence[int]) -> list[Tokens]:
    """At the end of each Age every city compares shields with each neighbour: more takes
    that Age's victory token, fewer takes a defeat token, equal takes nothing."""
    n = len(shields)
    victories = [dict.fromkeys(victory_by_age, 0) for _seat in range(n)]
    defeats = [0] * n
    for age, value in enumerate(victory_by_age):
        at_age = [s[age] for s in shields]
        for i, mine in enumerate(at_age):
            for theirs in (at_age[i - 1], at_age[(i + 1) % n]):  # left and right
                if mine > theirs:
                    victories[i][value] += 1
                elif mine < theirs:
                    defeats[i] += 1
    return [Tokens(v, d) for v, d in zip(victories, defeats, strict=True)]


def describe(tokens: Tokens) -> str:
    """Tokens in the players' words, for a message: "2 victory tokens of 1 and 1 defeat
    token" (never the file's `{"1": 2, "-1": 1}`)."""
    parts = [
        ngettext("{count} victory token of {value}", "{count} victory tokens of {value}", n).format(
            count=n, value=v
        )
        for v, n in tokens.victories.items()
        if n
    ]
    if tokens.defeats:
        parts.append(
            ngettext("{count} defeat token", "{count} defeat tokens", tokens.defeats).format(
                count=tokens.defeats
            )
        )
    return all_of(parts) if parts else _("no tokens")
