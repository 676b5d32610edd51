"""One transaction of either back end, as the store's modules use it: the bottom of the
store (`ui.store.db` makes them; the schema, the history and the queries run in them)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol


class Cursor(Protocol):
    def __iter__(self) -> Iterator[Any]: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    @property
    def rowcount(self) -> int: ...


class Tx(Protocol):
    """One transaction of either back end (ui/store/db.py): `?` placeholders."""

    dialect: str
    def execute(self, sql: str, args: Sequence[object] = ()) -> Cursor: ...
    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...


def columns(tx: Tx, table: str) -> set[str]:
    """The columns a table has (none when it does not exist), on either back end."""
    if tx.dialect == "sqlite":
        return {r[1] for r in tx.execute(f"PRAGMA table_info({table})")}
    return {r[0] for r in tx.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? AND "
        "table_schema = current_schema()", (table,))}
