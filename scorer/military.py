"""Conflict tokens: derived from per-Age shield totals, as the rulebooks resolve conflicts."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.board import Tokens
from scorer.i18n import _, all_of, ngettext


def conflicts(n: int, sitting_out: Sequence[int] = ()) -> list[tuple[int, int]]:
    """The pairs of seats that fight at the end of an Age: each seat with the next one
    around the table, skipping the seats that sit it out (Cities' diplomacy: the two
    neighbours of a diplomat fight each other); two seats left fight once (Wonder Pack's
    clarification), one or none fight nobody."""
    active = [i for i in range(n) if i not in sitting_out]
    if len(active) < 2:
        return []
    if len(active) == 2:
        return [(active[0], active[1])]
    return [(active[k], active[(k + 1) % len(active)]) for k in range(len(active))]


def derive_tokens(
    shields: Sequence[Sequence[int]],
    victory_by_age: Sequence[int],
    diplomacy: Sequence[Sequence[int]] = (),
) -> list[Tokens]:
    """At the end of each Age every city compares shields with each neighbour it fights:
    more takes that Age's victory token, fewer takes a defeat token, equal takes nothing.
    `diplomacy`: per seat, the Ages (1-3) it sat out."""
    n = len(shields)
    victories = [dict.fromkeys(victory_by_age, 0) for _seat in range(n)]
    defeats = [0] * n
    for age, value in enumerate(victory_by_age):
        out = [i for i, ages in enumerate(diplomacy) if age + 1 in ages]
        for a, b in conflicts(n, out):
            mine, theirs = shields[a][age], shields[b][age]
            if mine != theirs:
                winner, loser = (a, b) if mine > theirs else (b, a)
                victories[winner][value] += 1
                defeats[loser] += 1
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
