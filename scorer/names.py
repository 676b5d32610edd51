"""Name matching as the table format defines it: case, spaces, apostrophes, hyphens and
full stops do not count, so "lumber-yard" finds "Lumber Yard"."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")

PLACEHOLDER = "?"
"""Stands in for a required text of the wrong shape (a blank wonder board, `scorer.api`): no
ruleset has the name, so the seat is scored without it, and the format problem says what is
wrong (the name check does not look it up)."""

_IGNORED = re.compile("[\\s'\u2019\\-.]+")


def normalize(name: str) -> str:
    return _IGNORED.sub("", name).casefold()


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The display name a typo most likely meant, for "did you mean" hints."""
    import difflib  # only when a name is unknown: not on a normal run

    by_key = {normalize(c): c for c in candidates}
    hits = difflib.get_close_matches(normalize(name), list(by_key), n=1, cutoff=0.6)
    return by_key[hits[0]] if hits else None


class NameIndex(Generic[T]):
    """Looks up named things by any accepted spelling (names and aliases)."""

    def __init__(self, items: Mapping[str, T], aliases: Mapping[str, str]) -> None:
        self._items = dict(items)
        self._keys: dict[str, str] = {normalize(n): n for n in items}
        for alias, target in aliases.items():
            self._keys.setdefault(normalize(alias), target)

    def get(self, name: str) -> T | None:
        try:  # the exact spelling is the common case: one dict lookup
            return self._items[name]
        except KeyError:
            key = self._keys.get(normalize(name))
            return None if key is None else self._items[key]

    def get_all(self, names: Sequence[str]) -> list[T | None]:
        """`get` for many names at once: one call per city instead of one per card."""
        items = self._items
        try:  # the common case: every name spelled exactly
            return [items[n] for n in names]
        except KeyError:
            return [items[n] if n in items else self.get(n) for n in names]

    def canonical(self, name: str) -> str | None:
        return self._keys.get(normalize(name))

    def names(self) -> list[str]:
        return list(self._items)

    def values(self) -> list[T]:
        return list(self._items.values())

    def __contains__(self, name: str) -> bool:
        return normalize(name) in self._keys

    def __len__(self) -> int:
        return len(self._items)
