"""Compiled copies kept between runs, so a command-line run skips the slow first steps:
reading and validating the TOML rulesets, and pydantic building the validators of the table
and result models (together most of its start time).

The copies live in the user's cache folder (`WONDERS_CACHE_DIR`, else `$XDG_CACHE_HOME` or
`~/.cache`, then `wonders-scorer/`). Each one carries the signature of what it was made
from: the size and modification time of every ruleset file and of every module of `scorer`
(the rule Python itself uses for its `.pyc` files), with the Python and pydantic versions. A
copy is read only when its signature equals the current one, so an edit to the data or the
code is never hidden by a stale copy. Anything that goes wrong here falls back to building
anew; `WONDERS_CACHE_DIR=off` turns the cache off. The files are pickles: they are only ever
read from the user's own cache folder, which nothing outside the user's account can write.
"""

from __future__ import annotations

import os
import pickle
import sys
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

import pydantic
import pydantic_core

T = TypeVar("T")


def _cache_root() -> Path | None:
    configured = os.environ.get("WONDERS_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wonders-scorer"


def _stat_lines(folder: Path, pattern: str) -> list[str]:
    out = []
    for path in sorted(folder.rglob(pattern)):
        st = path.stat()
        out.append(f"{path.relative_to(folder)} {st.st_size} {st.st_mtime_ns}")
    return out


@cache
def _signature(rulesets: Path) -> str:
    """What a copy was made from; stat calls only (hashing the files' bytes would cost
    more than the copy saves)."""
    lines = [
        f"python {sys.version}",
        f"pydantic {pydantic.VERSION} {pydantic_core.__version__}",
        *_stat_lines(rulesets, "*.toml"),
        *_stat_lines(Path(__file__).parent, "*.py"),
    ]
    return "\n".join(lines)


def _path(rulesets: Path, key: str) -> tuple[Path, str] | None:
    root = _cache_root()
    if root is None:
        return None
    try:
        signature = _signature(rulesets)
    except OSError:
        return None
    bucket = f"{zlib.crc32(signature.encode()):08x}"  # a folder name; equality is checked
    return root / bucket / f"{key}.pickle", signature


def read(rulesets: Path, key: str, kind: type[T]) -> T | None:
    found = _path(rulesets, key)
    if found is None:
        return None
    path, signature = found
    try:
        with path.open("rb") as f:
            made_from, value = pickle.load(f)
    except Exception:  # missing, truncated or from another version: build anew instead
        return None
    return value if made_from == signature and isinstance(value, kind) else None


def write(rulesets: Path, key: str, value: object) -> None:
    found = _path(rulesets, key)
    if found is None:
        return
    path, signature = found
    try:
        import tempfile  # only when writing: not on the path of a normal run

        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump((signature, value), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # atomic: a reader sees the old file or the whole new one
    except Exception:
        return  # a read-only home or full disk only costs start time


def kept(rulesets: Path, key: str, kind: type[T], build: Callable[[], T]) -> T:
    """The copy kept under `key`, else `build()` (kept for the next run)."""
    value = read(rulesets, key, kind)
    if value is None:
        value = build()
        write(rulesets, key, value)
    return value
