"""Problems with a table, as data: a stable code, where it is (seat, field, item and the
path in the file) and a message in the players' words.

Code acts on `code` and on the location, never on the wording: the app decides where to
show a problem from `seat`/`field`, and partial scoring (`scorer.assess`) sets aside
exactly what a problem of a code in `SETS_ASIDE` locates. The codes are a closed set,
listed with their meaning in the README.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

ProblemCode = Literal[
    # the file itself (command line)
    "unreadable-file",
    "file-too-large",
    "not-json",
    # the file's shape (the table format)
    "not-an-object",
    "missing-field",
    "unknown-field",
    "wrong-type",
    "out-of-range",
    "control-characters",
    "empty-text",
    "too-long",
    "wrong-length",
    "not-allowed",
    "duplicate-key",
    # names
    "unknown-name",
    "needs-expansion",
    "other-game",
    "not-supported",
    "unknown-expansion",
    "repeated-expansion",
    "unknown-player",
    # seats and players
    "player-count",
    "blank-name",
    "duplicate-name",
    "free-city",
    # what a city holds
    "unknown-side",
    "too-many-stages",
    "repeated-in-city",
    "not-in-deck",
    "too-many-copies",
    "too-many-cards",
    "too-many-leaders",
    "too-many-guilds",
    "too-many-wonders",
    "too-many-cubes",
    "leaders-in-free-city",
    # conflicts
    "too-many-tokens",
    "tokens-unbalanced",
    "shields-decrease",
    "shields-impossible",
    "tokens-disagree",
    "tokens-not-derivable",
    "pawn-direction",
    "conquests-below-pawn",
    # choices, buried leaders, supremacies
    "choice-not-possible",
    "choice-not-offered",
    "buried-without-wonder",
    "buried-also-recruited",
    "unknown-cost",
    "supremacy-contradicted",
    "two-supremacies",
]

SETS_ASIDE: frozenset[ProblemCode] = frozenset(
    {
        "unknown-name",
        "needs-expansion",
        "other-game",
        "not-supported",
        "unknown-player",
        "unknown-side",
        "too-many-stages",
        "repeated-in-city",
        "not-in-deck",
        "too-many-copies",
        "leaders-in-free-city",
        "pawn-direction",
        "choice-not-possible",
        "choice-not-offered",
        "buried-without-wonder",
        "buried-also-recruited",
        "unknown-cost",
        "supremacy-contradicted",
    }
)
"""Codes whose located item (a card, a leader, a board, a field) is set aside by partial
scoring: the rest of the table is scored without it. A problem of any other code stands
beside the scores: the table is scored as entered but the result is not final."""


class Problem(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    code: ProblemCode
    path: str
    """Where in the file, as `players[2].cards[4]`; empty for the file as a whole."""
    seat: int | None = None
    """The player (index in `players`) it is about; None for the table as a whole."""
    field: str | None = None
    """The field of the seat or table, dotted (`cards`, `wonder.board`, `conflict.toward`)."""
    item: int | None = None
    """The entry of a list field (`cards[4]`: 4)."""
    message: str
    """In the players' words: names of players, cards and cities, never a path."""

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def problem(
    code: ProblemCode,
    message: str,
    seat: int | None = None,
    field: str | None = None,
    item: int | None = None,
) -> Problem:
    """A problem at a place given by its parts; the path is made from them."""
    return Problem(
        code=code,
        path=path_of(seat, field, item),
        seat=seat,
        field=field,
        item=item,
        message=message,
    )


def path_of(seat: int | None, field: str | None, item: int | None = None) -> str:
    out = "" if seat is None else f"players[{seat}]"
    if field:
        out += ("." if out else "") + field
    if item is not None:
        out += f"[{item}]"
    return out


class TableError(Exception):
    """The table cannot be scored: it breaks the format or describes a table that cannot
    exist. Carries every problem found, not just the first."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


FIELD_WORDS: dict[str, str] = {
    "game": "the game",
    "expansions": "the expansions",
    "players": "the players",
    "name": "the name",
    "wonder": "the wonder",
    "wonder.board": "the wonder board",
    "wonder.side": "the wonder side",
    "wonder.stages": "the wonder stages built",
    "cards": "the cards",
    "coins": "the coins",
    "military": "the conflict tokens",
    "shields": "the shields",
    "leaders": "the leaders",
    "choices": "the choices",
    "choices.copied_guild": "the copied guild",
    "choices.courtesan": "the Courtesan's leader",
    "free_city": "the Free City mark",
    "wonders": "the wonders",
    "progress": "the progress tokens",
    "influence": "the Senate cubes",
    "buried": "the buried leader",
    "buried.leader": "the buried leader",
    "buried.cost": "the buried leader's cost",
    "conquests": "the military tokens taken",
    "conflict": "the Conflict pawn",
    "conflict.toward": "the pawn's direction",
    "conflict.spaces": "the pawn's distance from the centre",
    "supremacy": "the supremacy",
    "supremacy.kind": "the kind of supremacy",
    "supremacy.winner": "the supremacy's winner",
}
"""What the file's fields are called in a message (a format problem names its subject)."""


def _subject(field: str) -> str:
    if field in FIELD_WORDS:
        return FIELD_WORDS[field]
    head, _, tail = field.rpartition(".")
    if head in FIELD_WORDS:  # military."7", an unknown key inside a known object
        return f'"{tail}" in {FIELD_WORDS[head]}'
    return f'"{field}"'


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {
        int: "a whole number",
        float: "a decimal number",
        str: "text",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "string_type": "text in quotes",
    "bool_type": "true or false",
    "list_type": "a list [...]",
    "model_type": "an object {...}",
    "dict_type": "an object {...}",
    "model_attributes_type": "an object {...}",
}


def located(loc: Sequence[int | str]) -> tuple[int | None, str | None, int | None]:
    """(seat, field, item) of a location in the file, e.g. players, 2, cards, 4."""
    parts = list(loc)
    seat = None
    if len(parts) >= 2 and parts[0] == "players" and isinstance(parts[1], int):
        seat, parts = parts[1], parts[2:]
    item = None
    if parts and isinstance(parts[-1], int):
        item = int(parts.pop())
    names = [str(p) for p in parts if not isinstance(p, int)]
    if seat is None and not names and item is not None:
        names = ["players"]
    return seat, ".".join(names) or None, item


def from_validation_error(err: ValidationError) -> list[Problem]:
    """Pydantic's errors as problems in the words of the table format."""
    problems = []
    for e in err.errors():
        loc = [p for p in e["loc"] if not _is_union_tag(p)]
        kind, given = e["type"], e.get("input")
        ctx = e.get("ctx") or {}
        code: ProblemCode
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            loc = [*loc, ctx.get("discriminator", "").strip("'")]
        seat, field, item = located(loc)
        subject = _subject(field or "")
        if seat is None and field is None:
            subject = "the table"
        if item is not None:
            subject = f"entry {item + 1} of {subject}"
        if kind in ("missing", "union_tag_not_found"):
            code, msg = "missing-field", f"{subject} is required"
        elif kind == "extra_forbidden":
            code = "unknown-field"
            msg = f"{subject} is not a field of the format; remove it or check its spelling"
        elif kind in _EXPECTED:
            code, msg = (
                "wrong-type",
                f"{subject} must be {_EXPECTED[kind]}, not {_type_name(given)}",
            )
        elif kind == "greater_than_equal":
            code, msg = "out-of-range", f"{subject} must be {ctx.get('ge')} or more, not {given}"
        elif kind == "less_than_equal":
            code, msg = "out-of-range", f"{subject} must be {ctx.get('le')} or less, not {given}"
        elif kind == "string_pattern_mismatch":
            code = "control-characters"
            msg = f"{subject} must not contain control characters (line breaks, tabs, ...)"
        elif kind == "string_too_short":
            code, msg = "empty-text", f"{subject} must not be empty"
        elif kind == "too_short":
            least, has = ctx.get("min_length"), ctx.get("actual_length")
            code, msg = "wrong-length", f"{subject} needs at least {least} entries, has {has}"
        elif kind == "string_too_long":
            code = "too-long"
            msg = f"{subject} is too long: at most {ctx.get('max_length')} characters"
        elif kind == "too_long":
            code = "wrong-length"
            msg = f"{subject} has too many entries: at most {ctx.get('max_length')}"
        elif kind in ("union_tag_invalid", "literal_error"):
            expected = ctx.get("expected") or ctx.get("expected_tags")
            shown = ctx.get("tag") if kind == "union_tag_invalid" else given
            code, msg = "not-allowed", f"{subject} cannot be {shown!r}; expected {expected}"
        else:
            code, msg = "wrong-type", f"{subject}: {e['msg']}"
        problems.append(problem(code, msg, seat, field, item))
    return problems


def _is_union_tag(part: int | str) -> bool:
    return isinstance(part, str) and part in ("7wonders-1e", "7wonders-2e", "duel")
