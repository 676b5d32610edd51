"""The history file: every finished game of a group in one JSON file (docs/format.md: "The history
file"). The app exports it (a backup, or to move to another server) and imports it
(duplicates recognised, nothing overwritten); `python -m scorer stats FILE` counts it.

    {"format": "wonders-score-pad-history", "version": 1,
     "games": [{"id": "...", "started": "2026-11-28T19:05:00+07:00",
                "finished": "2026-11-28T19:52:00+07:00", "place": "Ann's", "note": "",
                "table": {... a table file of the spec ...},
                "paper": {"Bob": {"civilian": 12, ...}}}]}

`started`, `place`, `note` and `paper` (the totals typed by players who counted on a paper
pad, each row one their pad types: put into their seats, checked as a seat's `paper` is)
may be omitted. Every game's table is checked by the engine: a file with a problem is
read not at all, and every problem is named with its place (`games[3].table.players[0]...`).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.i18n import _
from scorer.paper import assess_mixed
from scorer.problems import Problem, ProblemCode
from scorer.result import Result
from scorer.stats import CATEGORIES, PlayerRow, rows_of
from scorer.table import moment_time

FORMAT = "wonders-score-pad-history"
VERSION = 1
MAX_ID = 64
MAX_PLACE = 100
MAX_NOTE = 1000
MAX_GAMES = 100_000
_GAME_FIELDS = {"id", "started", "finished", "place", "note", "table", "paper"}


@dataclass(frozen=True)
class Play:
    """One finished game as the history keeps it."""

    id: str
    finished: float
    table: dict[str, Any]
    started: float | None = None
    place: str = ""
    note: str = ""
    paper: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def duration_min(self) -> int | None:
        """Minutes from Start to Finish (None when the start is not known)."""
        if self.started is None or self.started > self.finished:
            return None
        return round((self.finished - self.started) / 60)


@dataclass(frozen=True)
class ScoredPlay:
    play: Play
    result: Result

    def rows(self) -> list[PlayerRow]:
        return rows_of(self.play.id, self.play.finished, self.play.table, self.result)


def iso(ts: float) -> str:
    """A moment as ISO 8601 with the server's offset (`2026-11-28T19:05:00+07:00`)."""
    return dt.datetime.fromtimestamp(ts).astimezone().isoformat(timespec="seconds")


def play_json(play: Play) -> dict[str, Any]:
    out: dict[str, Any] = {"id": play.id}
    if play.started is not None:
        out["started"] = iso(play.started)
    out["finished"] = iso(play.finished)
    if play.place:
        out["place"] = play.place
    if play.note:
        out["note"] = play.note
    out["table"] = play.table
    if play.paper:
        out["paper"] = play.paper
    return out


def history_json(plays: Sequence[Play]) -> str:
    """The history file's text (games oldest first)."""
    games = [play_json(p) for p in sorted(plays, key=lambda p: (p.finished, p.id))]
    return json.dumps({"format": FORMAT, "version": VERSION, "games": games},
                      ensure_ascii=False, indent=1)


def _problem(code: ProblemCode, path: str, message: str) -> Problem:
    return Problem(code=code, path=path, message=message)


def _moment(value: Any, path: str, problems: list[Problem]) -> float | None:
    if not isinstance(value, str):
        problems.append(_problem("wrong-type", path, _(
            "a date and time is text like 2026-11-28T19:05:00+07:00")))
        return None
    moment = moment_time(value)
    if moment is None:
        problems.append(_problem("wrong-type", path, _(
            "{value!r} is no date and time; write it like 2026-11-28T19:05:00+07:00").format(
                value=value[:40])))
    return moment


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f]")
"""The control characters a text may not hold: below 32, but for tab and line feed."""


def _text(value: Any, path: str, limit: int, problems: list[Problem]) -> str:
    if not isinstance(value, str):
        problems.append(_problem("wrong-type", path, _("this is text")))
        return ""
    if len(value) > limit:
        problems.append(_problem("too-long", path, _(
            "at most {limit} characters").format(limit=limit)))
        return ""
    if _CONTROL.search(value):
        problems.append(_problem("control-characters", path, _(
            "control characters are not allowed here")))
        return ""
    return value


def _paper(value: Any, path: str, problems: list[Problem]) -> dict[str, dict[str, int]]:
    if not isinstance(value, dict):
        problems.append(_problem("wrong-type", path, _(
            "the paper totals are an object: each player's name, then points by category")))
        return {}
    out: dict[str, dict[str, int]] = {}
    for name, totals in value.items():
        where = f"{path}.{name}"
        if not isinstance(totals, dict) or not all(
                k in CATEGORIES and isinstance(v, int) and not isinstance(v, bool)
                and abs(v) <= 10_000 for k, v in totals.items()):
            problems.append(_problem("wrong-type", where, _(
                "points by category, each a whole number: {categories}").format(
                    categories=", ".join(CATEGORIES))))
            continue
        out[name] = dict(totals)
    return out


def _play(entry: Any, where: str, problems: list[Problem]) -> Play | None:
    if not isinstance(entry, dict):
        problems.append(_problem("not-an-object", where, _("a game is an object")))
        return None
    before = len(problems)
    for key in entry:
        if key not in _GAME_FIELDS:
            problems.append(_problem("unknown-field", f"{where}.{key}", _(
                "no such field; a game has {fields}").format(fields=", ".join(sorted(
                    _GAME_FIELDS)))))
    for key in ("id", "finished", "table"):
        if key not in entry:
            problems.append(_problem("missing-field", f"{where}.{key}", _("this is required")))
    gid = _text(entry.get("id", ""), f"{where}.id", MAX_ID, problems)
    if "id" in entry and not gid.strip() and len(problems) == before:
        problems.append(_problem("empty-text", f"{where}.id", _("the game's id is empty")))
    finished = _moment(entry["finished"], f"{where}.finished", problems) \
        if "finished" in entry else None
    started = _moment(entry["started"], f"{where}.started", problems) \
        if "started" in entry else None
    place = _text(entry.get("place", ""), f"{where}.place", MAX_PLACE, problems)
    note = _text(entry.get("note", ""), f"{where}.note", MAX_NOTE, problems)
    paper = _paper(entry["paper"], f"{where}.paper", problems) if "paper" in entry else {}
    table = entry.get("table")
    if "table" in entry and not isinstance(table, dict):
        problems.append(_problem("not-an-object", f"{where}.table", _(
            "a table file of the table format (an object)")))
    if len(problems) > before or finished is None or not isinstance(table, dict):
        return None
    return Play(gid, finished, table, started, place, note, paper)


def read_history(data: Any) -> tuple[list[ScoredPlay], list[Problem]]:
    """The games of a history file's data, each scored; or every problem of the file (then
    no game: a file is taken whole or not at all)."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return [], [_problem("not-an-object", "", _("a history file is a JSON object"))]
    if "games" not in data and "players" in data and "game" in data:  # one game's table
        return [], [_problem("not-allowed", "", _(
            "this is one game's table file, not a history file: import it with Import on "
            "the home screen (or the command line's score)"))]
    for key in data:
        if key not in ("format", "version", "games"):
            problems.append(_problem("unknown-field", key, _(
                "no such field; a history file has format, version and games")))
    if data.get("format") != FORMAT:
        problems.append(_problem("not-allowed", "format", _(
            "this is not a history file of the score pad (format {format!r})").format(
                format=FORMAT)))
    if data.get("version") != VERSION:
        problems.append(_problem("not-allowed", "version", _(
            "version {version} is the one this score pad reads").format(version=VERSION)))
    games = data.get("games")
    if not isinstance(games, list):
        problems.append(_problem("missing-field", "games", _("the games are a list")))
        return [], problems
    if len(games) > MAX_GAMES:
        return [], [*problems, _problem("too-long", "games", _(
            "at most {limit} games").format(limit=MAX_GAMES))]
    plays: list[ScoredPlay] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(games):
        scored = read_game(entry, i, seen, problems)
        if scored is not None:
            plays.append(scored)
    return ([], problems) if problems else (plays, [])


def read_game(entry: Any, i: int, seen: dict[str, int], problems: list[Problem]
              ) -> ScoredPlay | None:
    """Game `i` of a history file, scored; None with its problems added (also when its id
    is one of `seen`, the ids read so far, each with its index: this one is added)."""
    play = first_play(entry, i, seen, problems)
    if play is None:
        return None
    result = score_play(play, f"games[{i}]", problems)
    return None if result is None else ScoredPlay(play, result)


def first_play(entry: Any, i: int, seen: dict[str, int], problems: list[Problem]
               ) -> Play | None:
    """Game `i` of a history file read (not scored); None with its problems added, also
    when its id is one of `seen` (the ids read so far, each with its index: this one is
    added). Shared by the whole-file reading and the streamed one (`history_stream`)."""
    where = f"games[{i}]"
    play = _play(entry, where, problems)
    if play is None:
        return None
    if play.id in seen:
        problems.append(_problem("not-allowed", f"{where}.id", _(
            "the same id as games[{other}]: a game is in the file once").format(
                other=seen[play.id])))
        return None
    seen[play.id] = i
    return play


def score_play(play: Play, where: str, problems: list[Problem]) -> Result | None:
    """The play's result, or its table's problems (placed under `where.table`)."""
    found = assess_mixed(play.table, play.paper)
    seats = play.table.get("players")
    # each seat's name (None: not a seat); a `players` that is no list has its own problem
    names = [p.get("name") if isinstance(p, dict) else None
             for p in (seats if isinstance(seats, list) else [])]
    unknown = [n for n in play.paper if n not in names] if isinstance(seats, list) else []
    for name in unknown:
        problems.append(_problem("unknown-player", f"{where}.paper.{name}", _(
            "no player {name!r} at this table").format(name=name)))
    for p in found.problems:
        row = p.field.removeprefix("paper.") if p.field else ""
        owner = names[p.seat] if p.seat is not None and p.seat < len(names) else None
        if p.field != row and isinstance(owner, str) and row in play.paper.get(owner, {}):
            # a paper total given beside the table, not in its seat (`paper.with_paper`)
            path = f"{where}.paper.{owner}.{row}"
        else:
            path = f"{where}.table" + (f".{p.path}" if p.path else "")
        problems.append(p.model_copy(update={"path": path}))
    if found.problems or unknown:
        return None
    return found.result


def read_text(raw: str | bytes) -> tuple[list[ScoredPlay], list[Problem]]:
    """`read_history` of a file's text (JSON data only, never run)."""
    from scorer.jsonfile import loads
    from scorer.problems import TableError

    try:
        data = loads(raw)
    except TableError as err:
        return [], list(err.problems)
    return read_history(data)


def scored_rows(plays: Sequence[ScoredPlay]) -> list[PlayerRow]:
    return [r for p in plays for r in p.rows()]

