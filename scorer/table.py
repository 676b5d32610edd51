"""The table file format (spec: shared/spec/table-format.md) as pydantic models.

These models check shapes and types only; whether the table can exist under the rules of
its game is `scorer.validate`'s job, because that needs the ruleset.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Name = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Count = Annotated[int, Field(ge=0)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


class WonderEntry(_In):
    board: Name
    side: Name = Field(description='"A" or "B"; 2nd edition also "day" / "night"')
    stages: Count = Field(0, description="stages built, left to right")


class Military(_In):
    """Conflict tokens held, by face value; missing keys mean none."""

    victory_1: Count = Field(0, alias="1")
    victory_3: Count = Field(0, alias="3")
    victory_5: Count = Field(0, alias="5")
    defeat: Count = Field(0, alias="-1")

    def victories(self) -> dict[int, int]:
        return {1: self.victory_1, 3: self.victory_3, 5: self.victory_5}

    def as_spec(self) -> dict[str, int]:
        return {"1": self.victory_1, "3": self.victory_3, "5": self.victory_5, "-1": self.defeat}


class Choices(_In):
    copied_guild: Name | None = Field(
        None, description="1st-ed Olympia B last stage: the neighbour's guild copied"
    )
    courtesan: Name | None = Field(
        None, description="Courtesans Guild: the neighbour's leader under the Courtesan token"
    )


class SevenWondersPlayer(_In):
    name: Name
    wonder: WonderEntry
    cards: list[Name] = Field(default_factory=list, max_length=60)
    coins: Count = Field(0, le=10_000)
    military: Military | None = Field(
        None, description="conflict tokens; omitted = none, or derived when every player gives shields"
    )
    shields: Annotated[list[Count], Field(min_length=3, max_length=3)] | None = Field(
        None, description="shield totals at the end of Ages I, II, III"
    )
    leaders: list[Name] = Field(default_factory=list, max_length=20)
    choices: Choices = Field(default_factory=Choices)
    free_city: bool = Field(False, description="the 2-player variant's Free City: scored, never ranked")


class SevenWondersTable(_In):
    game: Literal["7wonders-1e", "7wonders-2e"]
    expansions: list[Name] = Field(default_factory=list, max_length=10)
    players: list[SevenWondersPlayer] = Field(min_length=1, max_length=20)


Table = SevenWondersTable
"""Any table file; Duel joins this as a union discriminated by `game`."""
