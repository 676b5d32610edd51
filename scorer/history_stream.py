"""A history file read one game at a time (`python -m scorer stats`): years of games (the
format allows `scorer.history.MAX_GAMES`, 100,000) without the whole file's JSON in memory
at once.

The file is read in chunks; each game of `games` is cut out of the text by a plain JSON
decoder and then read strictly, alone (`scorer.jsonfile.loads`: duplicate keys, constants,
depth), so its problems are the same as when the whole file is read, placed under
`games[i]`. What is kept of a game is its players' rows (`scorer.stats.PlayerRow`), their
texts kept once. As `scorer.history.read_history`, a file with a problem gives no rows:
every problem is named instead (the reading goes on to find them all).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from scorer.history import FORMAT, MAX_GAMES, VERSION, _problem, read_game
from scorer.i18n import _
from scorer.jsonfile import loads
from scorer.problems import Problem, TableError
from scorer.stats import PlayerRow

CHUNK = 1 << 20
"""Characters read at a time."""

_PLAIN = json.JSONDecoder()
_SPACE = " \t\n\r"


class _Text:
    """The file's text, read a chunk at a time, with a position in it."""

    def __init__(self, f: IO[str]) -> None:
        self.f = f
        self.buf = ""
        self.pos = 0
        self.eof = False

    def fill(self) -> bool:
        """Read one more chunk (dropping what was read); False at the end of the file."""
        if self.eof:
            return False
        more = self.f.read(CHUNK)
        self.buf = self.buf[self.pos:] + more
        self.pos = 0
        self.eof = not more
        return bool(more)

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.buf) or not self.fill():
                return self.buf[self.pos:self.pos + 1]

    def take(self, ch: str) -> bool:
        if self.peek() == ch:
            self.pos += 1
            return True
        return False

    def value(self) -> str:
        """The text of the next JSON value (read further until it is whole)."""
        self.peek()
        while True:
            try:
                _, end = _PLAIN.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                if self.fill():
                    continue
                raise TableError([_problem("not-an-object", "", _(
                    "not valid JSON: {reason}").format(reason=err.msg))]) from None
            else:
                if end == len(self.buf) and not self.eof and self.buf[self.pos] not in "{[\"":
                    self.fill()  # a number may go on in the next chunk
                    continue
                text = self.buf[self.pos:end]
                self.pos = end
                return text


def _strict(text: str, where: str, problems: list[Problem]) -> tuple[bool, Any]:
    """`text` read strictly, its problems placed under `where`."""
    try:
        return True, loads(text)
    except TableError as err:
        for p in err.problems:
            problems.append(p.model_copy(update={
                "path": where + (f".{p.path}" if p.path else "")}))
        return False, None


def _games(text: _Text, problems: list[Problem]) -> Iterator[tuple[int, Any]]:
    """Each game of the file's `games` list, with its index; the header checked as it
    comes (format, version, no other field)."""
    seen: set[str] = set()
    if not text.take("{"):
        problems.append(_problem("not-an-object", "", _("a history file is a JSON object")))
        return
    while not text.take("}"):
        if text.peek() == "":
            problems.append(_problem("not-an-object", "", _("a history file is a JSON object")))
            return
        ok, key = _strict(text.value(), "", problems)
        if not ok or not isinstance(key, str) or not text.take(":"):
            problems.append(_problem("not-an-object", "", _("a history file is a JSON object")))
            return
        if key in seen:
            problems.append(_problem("not-allowed", key, _(
                "given more than once; give it once")))
        seen.add(key)
        if key == "games" and text.take("["):
            i = 0
            while not text.take("]"):
                if i and not text.take(","):
                    problems.append(_problem("missing-field", "games", _(
                        "the games are a list")))
                    return
                ok, entry = _strict(text.value(), f"games[{i}]", problems)
                if i >= MAX_GAMES:
                    problems.append(_problem("too-long", "games", _(
                        "at most {limit} games").format(limit=MAX_GAMES)))
                    return
                if ok:
                    yield i, entry
                i += 1
        else:
            _ok, value = _strict(text.value(), key, problems)
            if key == "games":
                problems.append(_problem("missing-field", "games", _("the games are a list")))
            elif key == "format" and value != FORMAT:
                problems.append(_problem("not-allowed", "format", _(
                    "this is not a history file of the score pad (format {format!r})").format(
                        format=FORMAT)))
            elif key == "version" and value != VERSION:
                problems.append(_problem("not-allowed", "version", _(
                    "version {version} is the one this score pad reads").format(
                        version=VERSION)))
            elif key not in ("format", "version", "games"):
                problems.append(_problem("unknown-field", key, _(
                    "no such field; a history file has format, version and games")))
        text.take(",")
    for key, words in (("format", _("this is not a history file of the score pad (format "
                                    "{format!r})").format(format=FORMAT)),
                       ("version", _("version {version} is the one this score pad "
                                     "reads").format(version=VERSION)),
                       ("games", _("the games are a list"))):
        if key not in seen:
            problems.append(_problem("missing-field" if key == "games" else "not-allowed",
                                     key, words))


def history_rows(f: IO[str]) -> tuple[list[PlayerRow], list[Problem]]:
    """Every player's row of every game of a history file (read from `f` a chunk at a
    time; open it with `utf-8-sig`: a BOM is allowed), or every problem of the file (then
    no rows)."""
    problems: list[Problem] = []
    rows: list[PlayerRow] = []
    ids: dict[str, int] = {}
    once: dict[object, Any] = {}
    keep = once.setdefault
    for i, entry in _games(_Text(f), problems):
        scored = read_game(entry, i, ids, problems)
        if scored is None or problems:
            continue  # no rows once the file has a problem: only the problems are kept
        for r in scored.rows():
            rows.append(r._replace(
                game=keep(r.game, r.game), name=keep(r.name, r.name),
                expansions=keep(("x", r.expansions), r.expansions),
                wonders=keep(("w", r.wonders), r.wonders), side=keep(r.side, r.side)))
    return ([], problems) if problems else (rows, [])
