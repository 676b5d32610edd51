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

from scorer.problems import TableError, located, problem


def loads(raw: str | bytes) -> Any:
    """The JSON data of a table file's text (bytes are read as UTF-8, a BOM allowed).
    Raises TableError listing every duplicate key, or why the text is not JSON."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _whole(f"not UTF-8 text (byte {exc.start})") from None
    else:
        text = raw.removeprefix("\ufeff")
    repeated: dict[int, list[str]] = {}

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        twice: list[str] = []
        for key, value in items:
            if key in obj and key not in twice:
                twice.append(key)
            obj[key] = value
        if twice:
            repeated[id(obj)] = twice
        return obj

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise _whole(f"not valid JSON: {exc.msg} at {where}") from None
    except _Constant as exc:
        raise _whole(f"not valid JSON: {exc.args[0]} is not a JSON number") from None
    except RecursionError:
        raise _whole("nested too deeply to be a table file") from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise _whole("a number in the file is thousands of digits long; no count is that big"
                     ) from None
    if repeated:
        problems = [
            problem(
                "duplicate-key",
                f'"{key}" is given more than once in the same object; give it once (a reader '
                f"would silently keep only the last)",
                *located([*where, key]),
            )
            for where, obj in _objects(data, [])
            for key in repeated.get(id(obj), [])
        ]
        raise TableError(problems)
    return data


class _Constant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _Constant(name)


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
