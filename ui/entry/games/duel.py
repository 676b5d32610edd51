"""7 Wonders Duel's part of the entry (Agora, Duel Leaders, Pantheon): its draft and that
draft as the spec's table file (and back). Wonders are cards a city built, progress tokens
and Agora's cubes are its own, the conflict pawn and a claimed supremacy belong to the
table; the 7 Wonders board fields are not this game's and are not in its draft."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, Self

from pydantic import with_config

from ui.entry.draft import STORED, Draft, Seat, common_draft_fields, common_seat_fields

NAME: Literal["duel"] = "duel"
"""The engine's name of this game (`scorer.games.registry`)."""


@with_config(STORED)
@dataclass(frozen=True)
class DuelSeat(Seat):
    """A Duel city: what every seat has, and its wonders, progress tokens, Agora's cubes,
    Duel Leaders' buried leader and conquests, Pantheon's Divinities and tokens."""

    wonders: list[str] = field(default_factory=list)
    progress: list[str] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    """Agora: cubes by Chamber, left to right ([] = none entered; sized by the city screen
    from the ruleset's Chambers when the first cube is placed)."""
    buried: str = ""
    """Duel Leaders: the leader buried under Abu Simbel ("" = none)."""
    buried_cost: int | None = None
    """The coins printed on the buried leader (None = the ruleset's, if it knows it)."""
    conquests: int | None = None
    """Military tokens taken from the opponent's side (None = as the pawn shows)."""
    divinities: list[str] = field(default_factory=list)
    """Pantheon: the Divinities the city holds."""
    astarte_coins: int | None = None
    """Coins still on Astarte (None = none entered)."""
    mythology: dict[str, int] = field(default_factory=dict)
    """Mythology tokens held, by Mythology."""
    offering_tokens: int | None = None
    snake: str = ""
    """Nisaba: the opponent's green card under the Snake ("" = not said)."""

    def __hash__(self) -> int:
        return super().__hash__()


@with_config(STORED)
@dataclass(frozen=True)
class DuelDraft(Draft):
    """A game of 7 Wonders Duel being entered: its two cities, the conflict pawn, a claimed
    supremacy and Pantheon's Minerva."""

    seats: list[DuelSeat] = field(default_factory=list)
    conflict_toward: str = ""
    conflict_spaces: int = 0
    supremacy_kind: str = ""
    supremacy_winner: str = ""
    """A supremacy the table claims ("" = none, or as the state shows)."""
    minerva_toward: str = ""
    minerva_spaces: int = 0
    """Pantheon: Minerva's pawn, still on the track (0 spaces: not on it)."""

    SEAT: ClassVar[type[Seat]] = DuelSeat

    def __hash__(self) -> int:
        return super().__hash__()

    def renamed(self, old: str, new: str) -> Self:
        """The player renamed in their seat, where the pawn points and as the winner of a
        supremacy."""
        out = super().renamed(old, new)
        if out.conflict_toward == old:
            out = replace(out, conflict_toward=new)
        if out.supremacy_winner == old:
            out = replace(out, supremacy_winner=new)
        return out

    def forget(self, name: str) -> Self:
        """A removed player is no longer where the pawn points or who won a supremacy."""
        out = self
        if out.conflict_toward == name:
            out = replace(out, conflict_toward="")
        if out.supremacy_winner == name:
            out = replace(out, supremacy_winner="")
        return out


def from_table(data: dict[str, Any]) -> DuelDraft:
    """A draft holding a Duel table file as it was read (checked by the engine)."""
    seats = []
    for p in data.get("players", []):
        buried = p.get("buried") or {}
        seats.append(DuelSeat(
            **common_seat_fields(p),
            wonders=[str(x) for x in p.get("wonders", [])],
            progress=[str(x) for x in p.get("progress", [])],
            influence=[int(x) for x in p.get("influence") or []],
            buried=str(buried.get("leader", "")),
            buried_cost=None if buried.get("cost") is None else int(buried["cost"]),
            conquests=None if p.get("conquests") is None else int(p["conquests"]),
            divinities=[str(x) for x in p.get("divinities") or []],
            astarte_coins=None if p.get("astarte_coins") is None else int(p["astarte_coins"]),
            mythology=_counted(p.get("mythology_tokens") or []),
            offering_tokens=None if p.get("offering_tokens") is None else int(
                p["offering_tokens"]),
            snake=str(p.get("snake") or ""),
        ))
    conflict = data.get("conflict") or {}
    supremacy = data.get("supremacy") or {}
    minerva = data.get("minerva") or {}
    return DuelDraft(**common_draft_fields(data), seats=seats,
                     conflict_toward=str(conflict.get("toward") or ""),
                     conflict_spaces=int(conflict.get("spaces", 0)),
                     supremacy_kind=str(supremacy.get("kind", "")),
                     supremacy_winner=str(supremacy.get("winner", "")),
                     minerva_toward=str(minerva.get("toward") or ""),
                     minerva_spaces=int(minerva.get("spaces", 0)))


def _counted(names: list[Any]) -> dict[str, int]:
    """A list of names as how many times each is in it (Mythology tokens)."""
    out: dict[str, int] = {}
    for name in names:
        out[str(name)] = out.get(str(name), 0) + 1
    return out


def table(draft: Draft) -> dict[str, Any]:
    """The table file of the spec (version 1) for a Duel draft."""
    assert isinstance(draft, DuelDraft), type(draft)
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
        if s.quick:  # counted on a paper pad: its typed rows
            p["paper"] = dict(s.typed)
        else:
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


def _pantheon_fields(s: DuelSeat) -> dict[str, Any]:
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
