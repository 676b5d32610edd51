"""The result JSON of the spec, as models: every point is a line with its reason."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SkipValidation, computed_field

from scorer.i18n import N_, translated
from scorer.ruleset import Category
from scorer.words import say

DecidedBy = Literal[
    "points",
    "tiebreak:coins",
    "tiebreak:civilian",
    "shared",
    "supremacy:military",
    "supremacy:science",
    "supremacy:political",
]


CATEGORY_LABELS: dict[Category, str] = {
    "military": N_("Military"),
    "treasury": N_("Treasury"),
    "wonders": N_("Wonders"),
    "civilian": N_("Civilian"),
    "commercial": N_("Commercial"),
    "science": N_("Science"),
    "guilds": N_("Guilds"),
    "progress": N_("Progress"),
    "senate": N_("Senate"),
    "leaders": N_("Leaders"),
    "divinities": N_("Divinities"),
    # --- multiplayer expansions (issue 34) ---
    "cities": N_("Cities"),
    "debt": N_("Debt"),
    "naval": N_("Naval conflicts"),
    "islands": N_("Islands"),
    "shipyard": N_("Shipyard"),
    "tower": N_("Tower of Babel"),
    "projects": N_("Great Projects"),
    "edifice": N_("Edifices"),
}
"""The pad rows as the printed score pads name them, in the catalogue's source language:
one table for the command line and the app; `category_label` gives one in the reader's."""


def category_label(category: Category) -> str:
    return translated(CATEGORY_LABELS[category])


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


def _false(value: bool) -> bool:
    return not value


class Line(_Out):
    """A line of points: where they come from and why, as messages (data the engine wrote,
    not validated again: a validated dict per line would double the cost of a score); the
    words are made when read, in the reader's language."""

    category: Category
    points: int
    source_message: SkipValidation[dict[str, Any]] = Field(
        description="(extension) `source` as data: its message `id` and parameters"
    )
    why_message: SkipValidation[dict[str, Any]] = Field(
        description="(extension) `why` as data: its message `id` and parameters"
    )

    @computed_field  # type: ignore[prop-decorator]
    @property
    def source(self) -> str:
        return say(self.source_message)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def why(self) -> str:
        return say(self.why_message)
    at_least: bool = Field(
        False,
        exclude_if=_false,
        description="(extension) the count may be short: at least these points (Duel "
        "Vitruvius with leaders whose chain symbols are unknown; cards or leaders counted "
        "next door of a player who counted on paper); left out when false",
    )
    most_gain: int | None = Field(
        None,
        exclude_if=lambda v: v is None,
        description="(extension) of a line `at_least`: the most points it may still add, "
        "where a bound is known (Phryne's 5; for neighbours counted on paper, one of each "
        "card of a colour per city, no more copies than the deck has beyond the known "
        "cities'; Duel's wonders the known cities did not build); left out when no bound is "
        "known",
    )


AT_LEAST = "\u2265"
"""The mark of a count that may be short, as every score pad shows it ("≥ 6")."""


def shown_points(points: int, may_be_short: bool) -> str:
    """A count as a score pad shows it: "≥ 6" where it may be short, else "6"."""
    return f"{AT_LEAST} {points}" if may_be_short else str(points)


def _no_names() -> list[str]:
    return []


def _nobody(names: list[str]) -> bool:
    return not names


def _no_choices() -> dict[str, str]:
    """No choice made. (A function of ours, not the builtin `dict`: pydantic reads a default
    factory's signature, and a builtin's costs a tokenizer run at start.)"""
    return {}


class PlayerResult(_Out):
    name: str
    total: int
    rank: int | None = Field(description="1 is best; tied players share it; null for the Free City")
    categories: dict[Category, int]
    lines: list[Line]
    choices: dict[str, str] = Field(
        default_factory=_no_choices,
        description="(extension) choices the engine made or took from the table, in words",
    )
    free_city: bool = Field(False, description="(extension) the 2-player variant's Free City")

    def at_least(self, category: Category) -> bool:
        """Whether the row's points may be short (one of its lines says "at least")."""
        return any(line.at_least for line in self.lines if line.category == category)

    @property
    def may_be_short(self) -> bool:
        """Whether the total may be short (a line of it says "at least")."""
        return any(line.at_least for line in self.lines)


class Result(_Out):
    game: str
    expansions: list[str]
    players: list[PlayerResult]
    winners: list[str]
    decided_by: DecidedBy
    verdict: str = Field("", description="(extension) the verdict and its reason in words")
    unsure: list[str] = Field(
        default_factory=_no_names,
        exclude_if=_nobody,
        description="(extension) players whose total may be short (a line `at_least`) where "
        "the winners could change once it is counted: a winner among several, or a player "
        "whose total with the most it may still add (its lines' `most_gain`, no bound where "
        "one has none) reaches the winners'; never a sole winner, whose total can only "
        "grow; the verdict says so; left out when empty",
    )
