"""A history file read one game at a time (`python -m scorer stats`): years of games (the
format allows `scorer.history.MAX_GAMES`, 100,000) without the whole file's JSON in memory
at once.

The file is read in chunks; each game of `games` is cut out of the text by a plain JSON
decoder and then read strictly, alone (`scorer.jsonfile.loads`: duplicate keys, constants,
depth), so its problems are the same as when the whole file is read, placed under
`games[i]`. What is kept of a game is its players' rows (`scorer.stats.PlayerRow`), their
texts kept once. As `scorer.history.read_history`, a file with a problem gives no rows:
every problem is named instead (the reading goes on to find them all). A text that is not
JSON (a missing comma, a stray character, a cut-off file, anything after the closing `}`)
has that one problem, at its line and column, as when the whole file is read; the reading
stops there, without reading the rest of the file into memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from scorer.history import FORMAT, MAX_GAMES, VERSION, Play, _problem, first_play, score_play
from scorer.i18n import _
from scorer.jsonfile import (
    duplicate_key_problem,
    huge_number_problem,
    loads,
    nested_too_deeply_problem,
    syntax_problem,
    too_deep,
)
from scorer.problems import Problem, TableError, problem
from scorer.stats import PackedCategories, PlayerRow, rows_of

CHUNK = 1 << 20
"""Characters read at a time."""

CUT_TOKEN = 6
"""The most characters a token cut by the end of a chunk (`fals`, `\\ude0`, `1.5e+`) leaves
after the place where the json module stops on it: an error that close to the end of what
was read may be the chunk's end, and is read again with the next chunk; any other error is
the file's (then nothing more is read: a syntax error early in a large file does not load
the rest of it)."""

_PLAIN = json.JSONDecoder()
_SPACE = " \t\n\r"
_VALUE_START = '{["-0123456789tfnNI'
"""The characters a JSON value (or one of Python's constants, refused later) starts with."""


class _Refused(Exception):
    """The whole file is refused with this one problem (as the whole-file reader does)."""

    def __init__(self, found: Problem) -> None:
        super().__init__(found.message)
        self.problem = found


class _NotJson(Exception):
    """The text is not JSON: the json module's reason, and where (an index into the
    text read so far)."""

    def __init__(self, reason: str, pos: int) -> None:
        super().__init__(reason, pos)
        self.reason = reason
        self.pos = pos


class _Text:
    """The file's text, read a chunk at a time, with a position in it, and the line and
    column of what was dropped (so that an error names its place in the whole file)."""

    def __init__(self, f: IO[str], most_chars: int | None = None) -> None:
        self.f = f
        self.most_chars = most_chars
        """The most characters read before the file is refused as too large (standard
        input and pipes have no size to check first); None: no bound."""
        self.read = 0
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.lines = 0
        """Line ends in the text dropped so far."""
        self.column = 0
        """Characters of the last line of the text dropped so far."""

    def fill(self) -> bool:
        """Read one more chunk (dropping what was read); False at the end of the file."""
        if self.eof:
            return False
        more = self.f.read(CHUNK)
        self.read += len(more)
        if self.most_chars is not None and self.read > self.most_chars:
            raise _Refused(problem("file-too-large", _(
                "the file is larger than {limit:,} bytes").format(limit=self.most_chars)))
        if not more:
            self.eof = True  # the buffer kept as it is: an error's place in it holds
            return False
        dropped = self.buf[:self.pos]
        self.lines += dropped.count("\n")
        last = dropped.rfind("\n")
        self.column = len(dropped) - last - 1 if last >= 0 else self.column + len(dropped)
        self.buf = self.buf[self.pos:] + more
        self.pos = 0
        return True

    def place(self, pos: int) -> tuple[int, int]:
        """The line and column (from 1, as the json module counts) of `buf[pos]`."""
        head = self.buf[:pos]
        ends = head.count("\n")
        column = pos - head.rfind("\n") if ends else self.column + pos + 1
        return self.lines + ends + 1, column

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

    def expect(self, ch: str, reason: str) -> None:
        """Take `ch`, else the text is not JSON (`reason`, the json module's words)."""
        if not self.take(ch):
            raise _NotJson(reason, self.pos)

    def value(self) -> str:
        """The text of the next JSON value (read further only while it may be cut by the
        chunk's end)."""
        self.peek()
        while True:
            try:
                _value, end = _PLAIN.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                cut = (err.pos >= len(self.buf) - CUT_TOKEN
                       or err.msg.startswith("Unterminated string"))
                if cut and self.fill():
                    continue
                raise _NotJson(err.msg, err.pos) from None
            except RecursionError:
                raise _Refused(nested_too_deeply_problem()) from None
            except ValueError:  # an integer of more than 4,300 digits
                raise _Refused(huge_number_problem()) from None
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


class _NotPlain(ValueError):
    """A key given twice or a constant (NaN): left to the strict reader, which names it."""


def _plain_object(items: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(items)
    if len(obj) != len(items):
        raise _NotPlain
    return obj


def _no_constant(name: str) -> Any:
    raise _NotPlain(name)


_ONCE = json.JSONDecoder(object_pairs_hook=_plain_object, parse_constant=_no_constant)
"""Reads a game that has none of the strict reader's problems in one pass over its text."""


def _entry(text: _Text, where: str, problems: list[Problem]) -> tuple[bool, Any]:
    """The next game of the list, read strictly (as `_strict(text.value(), ...)`), its
    problems placed under `where`.

    Nearly every game has no problem: it is read once, where it lies in the text read so
    far, by a decoder that gives up on anything the strict reader would name (a key given
    twice, NaN, nesting too deep, an error, a game cut by the chunk's end); only then is it
    cut out and read again by the strict reader, for its problems or for more text."""
    text.peek()
    if text.buf.startswith("{", text.pos):
        try:
            value, end = _ONCE.raw_decode(text.buf, text.pos)
        except (ValueError, RecursionError):  # JSONDecodeError and _NotPlain included
            pass
        else:
            if too_deep(value) is None:  # an object ends at its "}": no chunk cuts it
                text.pos = end
                return True, value
    return _strict(text.value(), where, problems)


def _games(text: _Text, problems: list[Problem]) -> Iterator[tuple[int, Any]]:
    """Each game of the file's `games` list, with its index; the header checked as it
    comes (format, version, no other field, nothing after it). Raises _NotJson where the
    text stops being JSON, with the json module's reason."""
    seen: set[str] = set()
    first = text.peek()
    if first != "{":
        if first == "" or first not in _VALUE_START:
            raise _NotJson("Expecting value", text.pos)
        problems.append(_problem("not-an-object", "", _("a history file is a JSON object")))
        return  # (a list or a number, not read: the whole-file reader would read it)
    text.pos += 1
    more = not text.take("}")
    while more:
        if text.peek() != '"':
            raise _NotJson("Expecting property name enclosed in double quotes", text.pos)
        key = json.loads(text.value())
        text.expect(":", "Expecting ':' delimiter")
        if key in seen:
            problems.append(duplicate_key_problem([key]))
        seen.add(key)
        if key == "games" and text.take("["):
            i = 0
            while not text.take("]"):
                if i:
                    text.expect(",", "Expecting ',' delimiter")
                ok, entry = _entry(text, f"games[{i}]", problems)
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
        if not text.take(","):
            text.expect("}", "Expecting ',' delimiter")
            more = False
    if text.peek() != "":
        raise _NotJson("Extra data", text.pos)
    for key, words in (("format", _("this is not a history file of the score pad (format "
                                    "{format!r})").format(format=FORMAT)),
                       ("version", _("version {version} is the one this score pad "
                                     "reads").format(version=VERSION)),
                       ("games", _("the games are a list"))):
        if key not in seen:
            problems.append(_problem("missing-field" if key == "games" else "not-allowed",
                                     key, words))


MEMO_GAMES = 4096
"""The most tables whose outcome one reading keeps (`_Outcomes`): about 10 MB (a key is the
table's text, 1-2 KB); past it the oldest are forgotten (the reading stays right, only
slower). A table given again is most often near the first (the same evening's game
imported from two devices)."""


class _Outcomes:
    """What the engine made of each table read so far (its rows, or its problems), by the
    table's own content: a table given again (a group's history imported twice, a device's
    and a backup's copies merged, the same table under another game id) is assessed once.

    Exact, not approximate: the key is the table and the paper totals written back as JSON
    text (`json.dumps` is one-to-one on the values the strict reader gives: every key, in its
    order, every string and number as written; `1` and `1.0`, `true` and `1` differ), and
    the assessment is a pure function of them (`scorer.api.assess`: the rulesets never
    change while the program runs). Only what depends on the game's place in the file is
    made again for each game: its id and finish time in the rows, `games[i]` in the
    problems' paths. Every game is still checked: its own fields and id as before, its table
    by the same assessment (or by an equal table's)."""

    def __init__(self, most: int | None = None) -> None:
        self.most = MEMO_GAMES if most is None else most
        self.known: dict[str, tuple[list[PlayerRow], list[Problem]]] = {}
        self.once: dict[object, Any] = {}
        """Texts and tuples kept once across rows (players' names, wonders, expansions)."""

    def rows(self, entry: Any, i: int, ids: dict[str, int], problems: list[Problem],
             ) -> list[PlayerRow] | None:
        """Game `i`'s rows, as `scorer.history.read_game(...).rows()` gives them; None with
        its problems added (in `problems`) as `read_game` adds them."""
        where = f"games[{i}]"
        play = first_play(entry, i, ids, problems)
        if play is None:
            return None
        key = json.dumps([play.table, play.paper], separators=(",", ":"))
        known = self.known.get(key)
        if known is None:
            known = self._assess(play.table, play.paper)
            if len(self.known) >= self.most:
                del self.known[next(iter(self.known))]  # the oldest
            self.known[key] = known
        template, found = known
        if found:
            problems.extend(p.model_copy(update={"path": where + p.path}) for p in found)
            return None
        gid, finished = play.id, play.finished
        return [r._replace(game_id=gid, finished=finished) for r in template]

    def _assess(self, table: dict[str, Any], paper: dict[str, dict[str, int]],
                ) -> tuple[list[PlayerRow], list[Problem]]:
        """The rows of a table (without its game's id and time), or its problems with
        paths from the game (`.table.players[0]...`, `.paper.Ann`: `games[i]` goes first)."""
        found: list[Problem] = []
        result = score_play(Play("", 0.0, table, paper=paper), "", found)
        if result is None:
            return [], found
        keep = self.once.setdefault
        rows = []
        for r in rows_of("", 0.0, table, result):
            shape = tuple(r.categories)
            rows.append(r._replace(
                game=keep(r.game, r.game), name=keep(r.name, r.name),
                expansions=keep(("x", r.expansions), r.expansions),
                wonders=keep(("w", r.wonders), r.wonders), side=keep(r.side, r.side),
                categories=PackedCategories(keep(("c", shape), shape),
                                            tuple(r.categories.values()))))
        return rows, []


def history_rows(f: IO[str], most_chars: int | None = None
                 ) -> tuple[list[PlayerRow], list[Problem]]:
    """Every player's row of every game of a history file (read from `f` a chunk at a
    time; open it with `utf-8-sig`: a BOM is allowed), or every problem of the file (then
    no rows). `most_chars`: past that many characters the file is refused as too large
    (what a pipe or standard input sends has no size to check first)."""
    problems: list[Problem] = []
    rows: list[PlayerRow] = []
    ids: dict[str, int] = {}
    outcomes = _Outcomes()
    text = _Text(f, most_chars)
    try:
        for i, entry in _games(text, problems):
            scored = outcomes.rows(entry, i, ids, problems)
            if scored is None or problems:
                continue  # no rows once the file has a problem: only the problems are kept
            rows.extend(scored)
    except _NotJson as err:
        # as the whole-file reader: a text that is not JSON has that one problem
        return [], [syntax_problem(err.reason, *text.place(err.pos))]
    except _Refused as err:
        return [], [err.problem]
    not_json = [p for p in problems if p.code == "not-json"]  # a game's NaN, say
    if not_json:
        return [], not_json
    return ([], problems) if problems else (rows, [])
