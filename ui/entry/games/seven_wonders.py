"""7 Wonders' part of the entry (1st and 2nd edition, Leaders, Cities...): a draft of it as
the spec's table file. Each seat holds a wonder board with its side and stages; Duel's
fields (wonders as cards, progress, the pawn) are not this game's and are left out."""

from __future__ import annotations

from typing import Any

from ui.entry.draft import PIECE_FIELDS, Draft, Seat, split_piece_key


def table(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for a 7 Wonders draft."""
    players = []
    for s in draft.seats:
        p: dict[str, Any] = {
            "name": s.name,
            "wonder": {"board": s.board, "side": s.side, "stages": s.stages, **(
                {} if s.built is None else {"built": list(s.built)})},
            "cards": [] if s.quick else list(s.cards),
            "coins": s.coins,
        }
        tokens = {k: v for k, v in s.military.items() if v}
        if tokens:
            p["military"] = tokens
        if s.shields is not None:
            p["shields"] = list(s.shields)
        if s.leaders and not s.quick:  # without Leaders too: the engine names them
            p["leaders"] = list(s.leaders)
        choices = {k: v for k, v in s.choices.items() if v}
        if choices and not s.quick:
            p["choices"] = choices
        if s.free_city:
            p["free_city"] = True
        if not s.quick:
            p.update(_expansion_fields(s))
        players.append(p)
    return {"game": draft.game, "expansions": list(draft.expansions), "players": players}


def _expansion_fields(s: Seat) -> dict[str, Any]:
    """The seat's diplomacy, pieces and entombed leaders, as the table file has them."""
    out: dict[str, Any] = {}
    if s.diplomacy:
        out["diplomacy"] = sorted(int(age) for age, n in s.diplomacy.items() if n)
    for key, n in sorted(s.pieces.items()):
        where, piece, face = split_piece_key(key)
        if not n or where not in PIECE_FIELDS.values():
            continue
        if where == "tokens":
            out.setdefault("tokens", {}).setdefault(piece, {})[face] = n
        else:
            out.setdefault(where, {})[piece] = n
    if s.entombed:
        out["entombed"] = list(s.entombed)
    return out
