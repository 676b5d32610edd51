"""A compiled copy of each loaded ruleset, so a command-line run skips reading and
validating the TOML (most of its start time).

The copy lives in the user's cache folder (`WONDERS_CACHE_DIR`, else `$XDG_CACHE_HOME` or
`~/.cache`, then `wonders-scorer/`), under a fingerprint of every ruleset file's bytes and of
the code versions: any edit to the data makes a new fingerprint, so a stale copy is never
read. Anything that goes wrong here falls back to loading the TOML; `WONDERS_CACHE_DIR=off`
turns the cache off. The files are pickles: they are only ever read from the user's own
cache folder, which nothing outside the user's account can write.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
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


@cache
def _fingerprint(rulesets: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(rulesets.rglob("*.toml")):
        digest.update(str(path.relative_to(rulesets)).encode())
        digest.update(path.read_bytes())
    digest.update(f"{pydantic.VERSION} {pydantic_core.__version__}".encode())
    digest.update(sys.version.encode())
    for module in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(module.read_bytes())
    return digest.hexdigest()[:32]


def _path(rulesets: Path, key: str) -> Path | None:
    root = _cache_root()
    if root is None:
        return None
    try:
        return root / _fingerprint(rulesets) / f"{key}.pickle"
    except OSError:
        return None


def read(rulesets: Path, key: str, kind: type[T]) -> T | None:
    path = _path(rulesets, key)
    if path is None:
        return None
    try:
        with path.open("rb") as f:
            value = pickle.load(f)
    except Exception:  # missing, truncated or from another version: load the TOML instead
        return None
    return value if isinstance(value, kind) else None


def write(rulesets: Path, key: str, value: object) -> None:
    path = _path(rulesets, key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # atomic: a reader sees the old file or the whole new one
    except Exception:
        return  # a read-only home or full disk only costs start time
