"""Problems with a table: each names its place in the file and what would be right."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError


class Problem(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    path: str
    """Where in the file, as `players[2].cards[4]`; empty for the file as a whole."""
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class TableError(Exception):
    """The table cannot be scored: it breaks the format or describes a table that cannot
    exist. Carries every problem found, not just the first."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def path_of(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


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


def from_validation_error(err: ValidationError, prefix: Sequence[int | str] = ()) -> list[Problem]:
    """Pydantic's errors in the words of the table format."""
    problems = []
    for e in err.errors():
        loc = [*prefix, *(p for p in e["loc"] if not _is_union_tag(p))]
        kind, given = e["type"], e.get("input")
        ctx = e.get("ctx") or {}
        if kind == "missing":
            msg = "is required"
        elif kind == "extra_forbidden":
            msg = "unknown field; remove it or check its spelling against the format"
        elif kind in _EXPECTED:
            msg = f"must be {_EXPECTED[kind]}, not {_type_name(given)}"
        elif kind == "greater_than_equal":
            msg = f"must be {ctx.get('ge')} or more, not {given}"
        elif kind == "less_than_equal":
            msg = f"must be {ctx.get('le')} or less, not {given}"
        elif kind == "string_pattern_mismatch":
            msg = "must not contain control characters (line breaks, tabs, ...)"
        elif kind == "string_too_short":
            msg = "must not be empty"
        elif kind == "too_short":
            least, has = ctx.get("min_length"), ctx.get("actual_length")
            msg = f"needs at least {least} entries, has {has}"
        elif kind in ("too_long", "string_too_long"):
            msg = f"is too long: at most {ctx.get('max_length')} " + (
                "characters" if kind == "string_too_long" else "entries"
            )
        elif kind == "union_tag_invalid":
            loc, expected = (
                [*loc, ctx.get("discriminator", "").strip("'")],
                ctx.get("expected_tags"),
            )
            msg = f"{ctx.get('tag')!r} is not allowed; expected one of {expected}"
        elif kind == "union_tag_not_found":
            loc = [*loc, ctx.get("discriminator", "").strip("'")]
            msg = "is required"
        elif kind == "literal_error":
            expected = ctx.get("expected") or ctx.get("expected_tags")
            msg = f"{given!r} is not allowed; expected {expected}"
        else:
            msg = e["msg"]
        problems.append(Problem(path=path_of(loc), message=msg))
    return problems


def _is_union_tag(part: int | str) -> bool:
    return isinstance(part, str) and part in ("7wonders-1e", "7wonders-2e", "duel")
