"""Export a game: the spec's table JSON, the result as CSV and as shareable text."""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer import Result, TableError, assess, parse_table
from scorer.history import iso
from scorer.jsonfile import loads
from scorer.problems import Problem, ProblemCode
from scorer.result import shown_points
from ui.entry.draft import Draft
from ui.entry.games import from_table, table_of
from ui.text import strings as S
from ui.web.upload_limit import MAX_IMPORT_BYTES


def play_of(started: float | None, finished: float, place: str, note: str,
            ) -> dict[str, Any]:
    """A finished game's `play` (our optional addition to the table format, docs/format.md):
    when it was started and finished, how long it took, where, and a note."""
    out: dict[str, Any] = {}
    if started is not None:
        out["started"] = iso(started)
    out["finished"] = iso(finished)
    if started is not None and started <= finished:
        out["duration_min"] = round((finished - started) / 60)
    if place:
        out["place"] = place
    if note:
        out["note"] = note
    return out


def table_json(draft: Draft, play: dict[str, Any] | None = None) -> str:
    """The table file of the spec; a finished game's `play` added when given."""
    table = table_of(draft)
    if play:
        table["play"] = play
    return json.dumps(table, indent=2, ensure_ascii=False)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes for the start of a formula (OWASP, CSV injection)."""


def csv_text(value: str) -> str:
    """A text cell a spreadsheet shows as text: one starting like a formula gets a leading
    apostrophe (`=HYPERLINK(...)` is shown, not run)."""
    return "'" + value if value.startswith(FORMULA_START) else value


def result_csv(result: Result, play: dict[str, Any] | None = None,
               words: Mapping[str, str] | None = None) -> str:
    """One row per player: name, rank, every category in pad order, total, under headers in
    the player's language (a spreadsheet is read by people); a column after the total names
    each player's rows that may be more (the pad's "≥"; numbers stay numbers: a "≥" in a
    cell would make it a text), empty where every count is sure, there in every export so
    that the columns after it stay where they are; a finished game's play (when and where)
    in columns after them, the same on every row. Texts are escaped against formula
    injection."""
    categories = list(result.players[0].categories) if result.players else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = [(S.PLAY_COLUMNS[k], k) for k in S.PLAY_COLUMNS if play and k in play]
    writer.writerow([S.PLAYER, S.RANK, *[csv_text(S.category(c, words)) for c in categories],
                     S.TOTAL, S.MAY_BE_MORE, *[csv_text(title) for title, _k in extra]])
    cells = [play[k] if isinstance(play[k], int) else csv_text(str(play[k]))
             for _t, k in extra] if play else []
    for p in result.players:
        more = csv_text(", ".join(S.category(c, words) for c in categories if p.at_least(c)))
        writer.writerow([csv_text(p.name), "" if p.rank is None else p.rank,
                         *[p.categories[c] for c in categories], p.total, more, *cells])
    return out.getvalue()


def share_text(result: Result, title: str) -> str:
    ranked = sorted(result.players, key=lambda p: (p.rank is None, p.rank or 0))
    lines = [title]
    lines += [f"{p.rank or '-'}. {p.name}: {S.total_points(p.total, p.may_be_short)}"
              for p in ranked]
    lines.append(result.verdict)
    return "\n".join(lines)


def summary(result: Result) -> str:
    """One line for the history list."""
    ranked = sorted(result.players, key=lambda p: (p.rank is None, p.rank or 0))
    return " · ".join(f"{p.name} {shown_points(p.total, p.may_be_short)}" for p in ranked)


# --- import --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Imported:
    """A table file as read: the draft it gives, or why it cannot be read (in words)."""

    draft: Draft | None
    problems: tuple[str, ...] = ()


def file_problem(name: str, size: int) -> str:
    """Why a picked file is not read at all ("" = it may be read): JSON only, size-limited."""
    if not name.lower().endswith(".json"):
        return S.not_a_json_file(name)
    if size > MAX_IMPORT_BYTES:
        return S.too_big(name, size, MAX_IMPORT_BYTES)
    return ""


NOT_IMPORTED: frozenset[ProblemCode] = frozenset({"paper-row", "paper-and-city"})
"""Problems of a table file an import refuses though its format is right: what the app's
draft cannot hold as the file gives it (`read_table`)."""


def read_table(raw: str | bytes) -> Imported:
    """Read a table file: parsed as JSON data only (never executed), checked by the engine.
    A file the engine rejects gives its problems; nothing here raises."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > MAX_IMPORT_BYTES:
        return Imported(None, (S.too_big("", size, MAX_IMPORT_BYTES),))
    data: Any = None
    try:
        data = loads(raw)  # strict: a key given twice is named, never silently dropped
        try:
            parse_table(data)
        except TableError:
            # the format's problems and the game's checks, all in one round
            raise TableError(assess(data).problems) from None
        # a paper player's seat the city screen could not show as given (a row its pad has
        # not, cards beside the totals): refused as the format's problems are, never kept
        # where no field can mend it nor dropped unsaid
        unshown = [p for p in assess(data).problems if p.code in NOT_IMPORTED]
        if unshown:
            raise TableError(unshown)
        draft = from_table(data)
    except TableError as err:
        if data is None:  # refused by the strict reading: the names as plain JSON reads them
            with contextlib.suppress(ValueError):
                data = json.loads(raw)
        return Imported(None, tuple(_in_words(p, data) for p in err.problems))
    except Exception:  # the engine must never take the app down
        return Imported(None, (S.NOT_A_TABLE,))
    return Imported(draft)


def _in_words(p: Problem, data: object) -> str:
    """A problem as a player reads it: the player it is about by name (the file's place,
    `players[3].coins`, is the command line's), then the message; a problem of the seat
    itself (a seat that is not an object) names the player in its message already."""
    if p.seat is None or p.field is None:
        return p.message
    seats = data.get("players") if isinstance(data, dict) else None
    seat = seats[p.seat] if isinstance(seats, list) and 0 <= p.seat < len(seats) else None
    name = seat.get("name") if isinstance(seat, dict) else None
    who = name if isinstance(name, str) and name.strip() else S.player_default(p.seat + 1)
    return S.at_where(who, p.message)
