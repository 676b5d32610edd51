"""Problems with a table, as data: a stable code, where it is (seat, field, item and the
path in the file) and a message in the players' words.

Code acts on `code` and on the location, never on the wording: the app decides where to
show a problem from `seat`/`field`, and partial scoring (`scorer.assess`) sets aside
exactly what a problem of a code in `SETS_ASIDE` locates. The codes are a closed set,
listed with their meaning in docs/format.md ("Problems").
"""

import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from scorer.i18n import N_, _, any_of, ngettext, translated
from scorer.table import GAME_TAGS, ISO_MOMENT, KEY_PATTERN

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
    "too-deep",
    # the engine itself
    "cannot-score",
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
    "too-many-progress",
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
    "pawn-beyond-shields",
    # choices, buried leaders, supremacies
    "choice-not-possible",
    "choice-not-offered",
    "buried-without-wonder",
    "buried-also-recruited",
    "unknown-cost",
    "cost-disagrees",
    "supremacy-contradicted",
    "two-supremacies",
    # Pantheon (Duel)
    "needs-divinity",
    "snake-not-green",
    "too-many-divinities",
    "too-many-temples",
    "too-many-pantheon-tokens",
    "minerva-on-pawn",
    # multiplayer expansions (issue 34)
    "too-many-drawn",
    "diplomacy-without-token",
    "too-many-diplomacy",
    "unknown-piece",
    "unknown-face",
    "piece-without-board",
    "piece-without-stage",
    "too-many-pieces",
    "built-in-order",
    "points-counted-from-copies",
    # a player who counted on a paper pad
    "paper-row",
    "paper-and-city",
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
        "cost-disagrees",
        "supremacy-contradicted",
        # Pantheon (Duel)
        "needs-divinity",
        "snake-not-green",
        "diplomacy-without-token",
        "unknown-piece",
        "unknown-face",
        "piece-without-board",
        "piece-without-stage",
        "built-in-order",
        "points-counted-from-copies",
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
        """One line (the command line's): a path holding a key with a line break or a tab
        is shown escaped."""
        path = self.path if self.path.isprintable() else self.path.encode(
            "unicode_escape").decode("ascii", "replace")
        return f"{path}: {self.message}" if path else self.message


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
    "game": N_("the game"),
    "expansions": N_("the expansions"),
    "players": N_("the players"),
    "name": N_("the name"),
    "wonder": N_("the wonder"),
    "wonder.board": N_("the wonder board"),
    "wonder.side": N_("the wonder side"),
    "wonder.stages": N_("the wonder stages built"),
    "cards": N_("the cards"),
    "coins": N_("the coins"),
    "military": N_("the conflict tokens"),
    "shields": N_("the shields"),
    "leaders": N_("the leaders"),
    "choices": N_("the choices"),
    "choices.copied_guild": N_("the copied guild"),
    "choices.courtesan": N_("the Courtesan's leader"),
    "choices.copied_stage": N_("the wonder whose stage was copied"),
    "free_city": N_("the Free City mark"),
    "wonders": N_("the wonders"),
    "progress": N_("the progress tokens"),
    "influence": N_("the Senate cubes"),
    "buried": N_("the buried leader"),
    "buried.leader": N_("the buried leader"),
    "buried.cost": N_("the buried leader's cost"),
    "conquests": N_("the military tokens taken"),
    "conflict": N_("the Conflict pawn"),
    "conflict.toward": N_("the pawn's direction"),
    "conflict.spaces": N_("the pawn's distance from the centre"),
    "supremacy": N_("the supremacy"),
    "supremacy.kind": N_("the kind of supremacy"),
    "supremacy.winner": N_("the supremacy's winner"),
    # Pantheon (Duel)
    "divinities": N_("the Divinities"),
    "astarte_coins": N_("the coins on Astarte"),
    "mythology_tokens": N_("the Mythology tokens"),
    "offering_tokens": N_("the Offering tokens"),
    "snake": N_("the Snake token's card"),
    "minerva": N_("the Minerva pawn"),
    "minerva.toward": N_("the Minerva pawn's direction"),
    "minerva.spaces": N_("the Minerva pawn's distance from the centre"),
    "wonder.built": N_("the wonder stages built"),
    "diplomacy": N_("the diplomacy Ages"),
    "tokens": N_("the tokens"),
    "counts": N_("the pieces counted"),
    "printed": N_("the printed points"),
    "entombed": N_("the entombed leaders"),
    "paper": N_("the paper pad's totals"),
}
"""What the file's fields are called in a message (a format problem names its subject),
marked for the catalogue and translated when a message is made."""


KEY_SHOWN = 40
"""The most characters of a mistyped key a message shows."""


def _key_shown(key: str) -> str:
    """A key as a message quotes it: control characters escaped, cut after `KEY_SHOWN`."""
    shown = key.encode("unicode_escape").decode("ascii", "replace") if not key.isprintable() \
        else key
    return shown if len(shown) <= KEY_SHOWN else shown[:KEY_SHOWN - 1] + "\u2026"


def field_subject(field: str) -> str:
    """A field of a seat or the table as a message names it ("the cards"), translated; a
    key of an object by its own text ('"Civilian" in the paper pad's totals', not the path
    "paper.Civilian.[key]" a walk read)."""
    field = field.removesuffix(".[key]")
    if field in FIELD_WORDS:
        return translated(FIELD_WORDS[field])
    head, _dot, tail = field.rpartition(".")
    if head in FIELD_WORDS:  # military."7", an unknown key inside a known object
        return _('"{key}" in {subject}').format(key=_key_shown(tail),
                                               subject=translated(FIELD_WORDS[head]))
    return f'"{field}"'


_TYPE_NAMES: dict[type, str] = {
    int: N_("a whole number"),
    float: N_("a decimal number"),
    str: N_("text"),
    list: N_("a list"),
    dict: N_("an object"),
}


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    kind = _TYPE_NAMES.get(type(value))
    return translated(kind) if kind else type(value).__name__


_EXPECTED = {
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "string_type": N_("text in quotes"),
    "bool_type": N_("true or false"),
    "list_type": N_("a list [...]"),
    "model_type": N_("an object {{...}}"),
    "dict_type": N_("an object {{...}}"),
    "model_attributes_type": N_("an object {{...}}"),
}
"""What a field must hold, by pydantic's error type (`{{` is a brace: these are formats)."""


def _alternatives(expected: Any) -> str:
    """Pydantic's list of allowed values ("'A', 'B' or 'C'") in the reader's words."""
    values = re.findall(r"'[^']*'", str(expected))
    return any_of(values) if values else str(expected)


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


LONGEST_SHOWN = 15
"""Digits of the longest number a message repeats as it is."""


def _digits(number: int) -> int:
    """How many digits `number` has, without printing it: Python refuses to print a number
    of more than 4,300 digits (`sys.get_int_max_str_digits`), and a caller of the API can
    pass one. Exact: the bit length's estimate is checked against a power of ten."""
    n = abs(number)
    if n < 10**LONGEST_SHOWN:
        return len(str(n))
    digits = int(n.bit_length() * 0.30102999566398120) + 1  # log10(2)
    while digits > 1 and n < 10 ** (digits - 1):
        digits -= 1
    while n >= 10**digits:
        digits += 1
    return digits


def _number_shown(given: Any) -> str:
    """A value as a message repeats it: a number thousands of digits long is said by its
    length (repeating it would bury the message, and the line; past 4,300 digits Python
    would not even print it)."""
    if isinstance(given, int) and not isinstance(given, bool):
        digits = _digits(given)
        if digits > LONGEST_SHOWN:
            return _("a number {digits} digits long").format(digits=digits)
    return str(given)


def _shown(given: Any) -> str:
    """A value as a message quotes it (`repr`), a huge number by its length."""
    if isinstance(given, int) and not isinstance(given, bool):
        return _number_shown(given)
    return repr(given)


def from_validation_error(err: ValidationError) -> list[Problem]:
    """Pydantic's errors as problems in the words of the table format."""
    problems = []
    for e in err.errors():
        loc = [p for p in e["loc"] if not is_union_tag(p)]
        kind, given = e["type"], e.get("input")
        ctx = e.get("ctx") or {}
        code: ProblemCode
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            loc = [*loc, ctx.get("discriminator", "").strip("'")]
        seat, field, item = located(loc)
        subject = field_subject(field or "")
        if seat is None and field is None:
            subject = _("the table")
        elif seat is not None and field is None and item is None:  # a seat itself
            subject = _("player {number}").format(number=seat + 1)
        if item is not None:
            subject = _("entry {number} of {subject}").format(number=item + 1, subject=subject)
        if kind in ("missing", "union_tag_not_found"):
            code, msg = "missing-field", _("{subject} is required").format(subject=subject)
        elif kind == "extra_forbidden":
            code = "unknown-field"
            msg = _(
                "{subject} is not a field of the format; remove it or check its spelling"
            ).format(subject=subject)
        elif kind in _EXPECTED:
            code = "wrong-type"
            msg = _("{subject} must be {expected}, not {given}").format(
                subject=subject,
                expected=translated(_EXPECTED[kind]).format(),
                given=_type_name(given),
            )
        elif kind == "greater_than_equal":
            code = "out-of-range"
            msg = _("{subject} must be {least} or more, not {given}").format(
                subject=subject, least=ctx.get("ge"), given=_number_shown(given)
            )
        elif kind == "less_than_equal":
            code = "out-of-range"
            msg = _("{subject} must be {most} or less, not {given}").format(
                subject=subject, most=ctx.get("le"), given=_number_shown(given)
            )
        elif kind == "string_pattern_mismatch" and ctx.get("pattern") == KEY_PATTERN:
            code = "not-allowed"  # a key of the format's data (a row, a piece): no name
            if len(loc) >= 3 and loc[-1] == "[key]" and str(loc[-3]) in FIELD_WORDS:
                # the key as written (a dot inside it is no path; control characters and a
                # long key shown short), in the object the format names it in
                subject = _('"{key}" in {subject}').format(
                    key=_key_shown(str(loc[-2])), subject=translated(FIELD_WORDS[str(loc[-3])]))
            msg = _('{subject} must be written in small letters and "_", as the format '
                    'names it ("civilian", "debt")').format(subject=subject)
        elif kind == "string_pattern_mismatch":
            code = "control-characters"
            msg = _(
                "{subject} must not contain control characters (line breaks, tabs, ...)"
            ).format(subject=subject)
        elif kind == "string_too_short":
            code, msg = "empty-text", _("{subject} must not be empty").format(subject=subject)
        elif kind == "too_short":
            least, has = ctx.get("min_length"), ctx.get("actual_length")
            code = "wrong-length"
            msg = ngettext(
                "{subject} needs at least {least} entry, has {count}",
                "{subject} needs at least {least} entries, has {count}",
                int(least or 0),
            ).format(subject=subject, least=least, count=has)
        elif kind == "string_too_long":
            code = "too-long"
            msg = _("{subject} is too long: at most {most} characters").format(
                subject=subject, most=ctx.get("max_length")
            )
        elif kind == "too_long":
            code = "wrong-length"
            msg = _("{subject} has too many entries: at most {most}").format(
                subject=subject, most=ctx.get("max_length")
            )
        elif kind in ("union_tag_invalid", "literal_error"):
            expected = ctx.get("expected") or ctx.get("expected_tags")
            shown = ctx.get("tag") if kind == "union_tag_invalid" else given
            code = "not-allowed"
            msg = _("{subject} cannot be {value}; expected {expected}").format(
                subject=subject, value=_shown(shown), expected=_alternatives(expected)
            )
        elif kind == ISO_MOMENT:
            code = "wrong-type"
            msg = _("{value} is no date and time; write it like {example}").format(
                value=_shown(given)[:42], example="2026-11-28T19:05:00+07:00"
            )
        else:  # a check of the format without words of its own: pydantic's
            code, msg = "wrong-type", f"{subject}: {e['msg']}"
        problems.append(problem(code, msg, seat, field, item))
    return problems


def is_union_tag(part: int | str) -> bool:
    """A `game` tag pydantic puts in an error's location (the file has no such key)."""
    return isinstance(part, str) and part in GAME_TAGS


def unknown_game(given: int) -> Problem:
    """`game` given as a whole number: said as pydantic would say any value that is no game
    (`not-allowed`), but without handing the number to pydantic, whose message of an
    unknown tag prints it (a number of more than 4,300 digits cannot be printed)."""
    expected = any_of(repr(tag) for tag in GAME_TAGS)
    return problem(
        "not-allowed",
        _("{subject} cannot be {value}; expected {expected}").format(
            subject=field_subject("game"), value=_number_shown(given), expected=expected
        ),
        None,
        "game",
    )

