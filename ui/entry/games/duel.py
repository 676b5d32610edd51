"""7 Wonders Duel's part of the entry (Agora, Duel Leaders, Pantheon): a draft of it as the
spec's table file. Wonders are cards a city built, progress tokens and Agora's cubes are
its own, the conflict pawn and a claimed supremacy belong to the table; the 7 Wonders board
fields are not this game's and are left out."""

from __future__ import annotations

from typing import Any

from ui.entry.draft import Draft, Seat


def table(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for a Duel draft."""
    has = draft.facts
    players = []
    for s in draft.seats:
        p: dict[str, Any] = {
            "name": s.name,
            "cards": [] if s.quick else list(s.cards),
            "wonders": [] if s.quick else list(s.wonders),
            "progress": [] if s.quick else list(s.progress),
            "coins": s.coins,
        }
        if has.chambers and s.influence:
            p["influence"] = list(s.influence)
        if has.has_leaders and not s.quick:
            if s.leaders:
                p["leaders"] = list(s.leaders)
            if s.buried:
                p["buried"] = {"leader": s.buried}
                if s.buried_cost is not None:
                    p["buried"]["cost"] = s.buried_cost
        if has.has_leaders and s.conquests is not None:
            p["conquests"] = s.conquests
        if not s.quick:
            p.update(_pantheon_fields(s))
        players.append(p)
    conflict: dict[str, Any] = {"spaces": draft.conflict_spaces}
    if draft.conflict_spaces and draft.conflict_toward:
        conflict["toward"] = draft.conflict_toward
    out: dict[str, Any] = {"game": draft.game, "expansions": list(draft.expansions),
                           "players": players, "conflict": conflict}
    if draft.supremacy_kind and draft.supremacy_winner:
        out["supremacy"] = {"kind": draft.supremacy_kind, "winner": draft.supremacy_winner}
    if draft.minerva_spaces:
        out["minerva"] = {"spaces": draft.minerva_spaces, **(
            {"toward": draft.minerva_toward} if draft.minerva_toward else {})}
    return out


def _pantheon_fields(s: Seat) -> dict[str, Any]:
    """Pantheon: the seat's Divinities, Astarte's coins, Mythology and Offering tokens and
    the Snake, as the table file has them (only what was entered)."""
    out: dict[str, Any] = {}
    if s.divinities:
        out["divinities"] = list(s.divinities)
    if s.astarte_coins is not None:
        out["astarte_coins"] = s.astarte_coins
    tokens = [name for name, n in sorted(s.mythology.items()) for _ in range(n)]
    if tokens:
        out["mythology_tokens"] = tokens
    if s.offering_tokens is not None:
        out["offering_tokens"] = s.offering_tokens
    if s.snake:
        out["snake"] = s.snake
    return out
