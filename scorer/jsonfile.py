"""Strict reading of a table file's JSON text: one place for the command line, the API and
the app's import.

`json.loads` alone keeps the last of two equal keys without a word, so
`{"cards": [...], "cards": []}` silently drops a city's cards. Here every duplicated key is
a problem naming where it is (`players[0].cards`), and so are the other ways a text is not
a table file's JSON: not UTF-8, not JSON, nested absurdly deep, a number thousands of
digits long, NaN or Infinity (not JSON, though Python writes them).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from scorer.i18n import N_, _, translated
from scorer.problems import Problem, TableError, located, problem

_JSON_REASONS = (
    N_("Expecting value"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
)
"""The json module's reasons (its messages, or their fixed start) that the catalogue
translates; a reason it does not list, or a language without its words, keeps json's."""


def _json_reason(msg: str) -> str:
    for reason in _JSON_REASONS:
        if msg == reason or (msg.startswith(reason) and not reason.startswith("Expecting")):
            words = translated(reason)
            return msg if words == reason else words
    return msg


def loads(raw: str | bytes) -> Any:
    """The JSON data of a table file's text (bytes are read as UTF-8, a BOM allowed).
    Raises TableError listing every duplicate key, or why the text is not JSON."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _whole(_("not UTF-8 text (byte {byte})").format(byte=exc.start)) from None
    else:
        text = raw.removeprefix("\ufeff")
    repeated: dict[int, tuple[dict[str, Any], list[str]]] = {}
    """Objects with a key given twice, by id; each held here, so that an object the parser
    drops (under a key itself given twice) cannot lend its id to a later one."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)  # the last of equal keys kept, as json does
        if len(obj) == len(items):  # no key given twice: the common case, in C
            return obj
        seen: set[str] = set()
        twice: list[str] = []
        for key, _value in items:
            if key in seen and key not in twice:
                twice.append(key)
            seen.add(key)
        repeated[id(obj)] = (obj, twice)
        return obj

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise TableError([syntax_problem(exc.msg, exc.lineno, exc.colno)]) from None
    except _Constant as exc:
        text = _("not valid JSON: {value} is not a JSON number")
        raise _whole(text.format(value=exc.args[0])) from None
    except RecursionError:
        raise TableError([nested_too_deeply_problem()]) from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise TableError([huge_number_problem()]) from None
    deep = too_deep(data)
    if deep is not None:
        raise TableError([deep])
    if repeated:
        problems = [
            duplicate_key_problem([*where, key])
            for where, obj in _objects(data, [])
            if id(obj) in repeated and repeated[id(obj)][0] is obj
            for key in repeated[id(obj)][1]
        ]
        raise TableError(problems)
    return data


MAX_DEPTH = 12
"""The deepest nesting of objects and lists a table file may have: the format's deepest
place, `players[0].wonder.board`, is 3 containers down (`choices` and `buried` alike), so a
file nested deeper holds something the format cannot have; refused before any reader walks it
(pydantic's errors and a deep copy recurse, and a few hundred levels exceed Python's stack)."""


def too_deep(data: Any) -> Problem | None:
    """The place where `data` nests deeper than `MAX_DEPTH`, as a problem; None when it does
    not (any depth is answered: the walks go no deeper than `MAX_DEPTH` + 1).

    Every table and every game of a history file passes here, and nearly all are shallow:
    the first walk only compares depths (no path built per value: it was a quarter of the
    time of reading a game in `python -m scorer stats`), and only data found too deep is
    walked again to name the place."""
    if isinstance(data, (dict, list)) and not _shallow(data, 0):
        return _too_deep_at(data)
    return None


def _shallow(node: dict[str, Any] | list[Any], depth: int) -> bool:
    """Whether nothing inside `node` (itself at `depth`) is deeper than `MAX_DEPTH`: a value
    is one level below its container, so a non-empty container at `MAX_DEPTH` holds one too
    deep. Recurses into containers only, at most `MAX_DEPTH` calls deep."""
    if not node:
        return True
    if depth >= MAX_DEPTH:
        return False
    values = node.values() if isinstance(node, dict) else node
    if _SCALARS.issuperset(map(type, values)):
        return True  # only texts and numbers (a city's cards): told apart without a loop
    inner = depth + 1
    for value in values:
        if isinstance(value, (dict, list)) and not _shallow(value, inner):
            return False
    return True


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""The exact types of JSON's values that hold nothing (a subclass of `dict` or `list` is
not one of them: it is walked)."""


def _too_deep_at(data: Any) -> Problem | None:
    """`too_deep`'s problem, with its place: the first value deeper than `MAX_DEPTH`, the
    last child of each container first (iteratively)."""
    stack: list[tuple[list[int | str], Any]] = [([], data)]
    while stack:
        at, item = stack.pop()
        if len(at) > MAX_DEPTH:
            message = _("nested more than {most} levels deep; a table file never is").format(
                most=MAX_DEPTH)
            return problem("too-deep", message, *located(at))
        if isinstance(item, dict):
            stack.extend(([*at, str(k)], v) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend(([*at, i], v) for i, v in enumerate(item))
    return None


class _Constant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def syntax_problem(reason: str, line: int, column: int) -> Problem:
    """Why a text is not JSON (`reason`: the json module's words, translated where the
    catalogue has them), at its line and column (from 1): one wording for the whole-file
    and the streamed readers (`scorer.history_stream`)."""
    return problem("not-json", _("not valid JSON: {reason} at line {line}, column "
                                 "{column}").format(reason=_json_reason(reason), line=line,
                                                    column=column))


def duplicate_key_problem(at: list[int | str]) -> Problem:
    """The key at `at` (its last part) given twice in one object."""
    return problem("duplicate-key", _(
        '"{key}" is given more than once in the same object; give it once (a reader '
        "would silently keep only the last)").format(key=at[-1]), *located(at))


def nested_too_deeply_problem() -> Problem:
    """The file nests deeper than Python's parser goes (the whole file and the streamed
    history reader say it alike)."""
    return problem("not-json", _("nested too deeply to be a table file"))


def huge_number_problem() -> Problem:
    """A number of more than 4,300 digits, which Python's parser refuses."""
    return problem("not-json",
                   _("a number in the file is thousands of digits long; no count is that big"))


def _whole(message: str) -> TableError:
    return TableError([problem("not-json", message)])


def _objects(node: Any, where: list[int | str]) -> Iterator[tuple[list[int | str], dict[str, Any]]]:
    """Every object in the data with its place, in document order (iteratively: the depth
    json accepted may exceed Python's recursion limit)."""
    stack: list[tuple[list[int | str], Any]] = [(where, node)]
    while stack:
        at, item = stack.pop()
        if isinstance(item, dict):
            yield at, item
            stack.extend(reversed([([*at, k], v) for k, v in item.items()]))
        elif isinstance(item, list):
            stack.extend(reversed([([*at, i], v) for i, v in enumerate(item)]))
