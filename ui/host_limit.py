"""How many games a device and an address may open, and how many codes the server holds:
nobody can hold the join codes, and no request waits for a code forever.

Bounds (each said to the phone in words, `ui.strings.host_refused`):

- `GAMES_PER_DEVICE` new games per device within `WINDOW_S` (an hour): a table starts a
  game every half hour or so; twenty in an hour is a phone in a loop, not a table.
- `GAMES_PER_ADDRESS` per client address (`ui.join_limit.address_key`: one machine, one
  IPv6 /64) within the hour: a game café's phones share one address; three tables' worth
  of its devices at the device bound.
- `MAX_OPEN_CODES` open codes server-wide, and never more than half the code space
  (`Store.open_code_cap`): a random code is then free at least half the time, and the
  search draws at most `CODE_DRAWS` codes (one chance in 2^32 of drawing only held ones
  at the cap) before it gives up with "the server is full" instead of searching on.

Holding the space. A code stays held a day after its game's last change
(`ui.store.IDLE_EXPIRY_S`). One address opens at most 60 games an hour, so it holds at
most 60 x 24 = 1,440 codes at any time: 0.0002 % of the 7-letter space (612 million codes)
and a seventh of `MAX_OPEN_CODES`. Filling the server's cap takes 7 addresses a day
(10,000 / 1,440); the cap bounds what the file and the code search cost, whoever opens.

Kept in this process (sliding windows, forgotten as they empty). Several processes on one
PostgreSQL database each count their own: the bound is per process there, the cap on open
codes is the database's.
"""

from __future__ import annotations

from collections import deque
from typing import Literal

from ui.join_limit import address_key

GAMES_PER_DEVICE = 20
GAMES_PER_ADDRESS = 60
MAX_OPEN_CODES = 10_000
CODE_DRAWS = 32
WINDOW_S = 3600.0

HostRefusalCode = Literal["too-many-games", "too-many-games-here", "server-full"]
"""Why a new game was not opened: this device opened `GAMES_PER_DEVICE` within the hour;
its address opened `GAMES_PER_ADDRESS`; the server holds all the open codes it takes."""


class HostLimits:
    """The games opened within `WINDOW_S`, by device and by address. Not thread-safe: `Tables`
    calls it under its lock."""

    def __init__(self) -> None:
        self._by_key: dict[str, deque[float]] = {}

    def _keys(self, device: str, address: str) -> tuple[tuple[str, int, HostRefusalCode], ...]:
        return ((f"device {device}", GAMES_PER_DEVICE, "too-many-games"),
                (f"address {address_key(address)}", GAMES_PER_ADDRESS,
                 "too-many-games-here"))

    def _times(self, key: str, now: float) -> deque[float]:
        times = self._by_key.get(key)
        if times is None:
            return deque()
        while times and now - times[0] > WINDOW_S:
            times.popleft()
        if not times:
            del self._by_key[key]
        return times

    def wait_s(self, now: float, device: str, address: str
               ) -> tuple[float, HostRefusalCode | None]:
        """Seconds before this device (from this address) may open a game, and which bound
        holds it (None: it may now)."""
        for key, most, reason in self._keys(device, address):
            times = self._times(key, now)
            if len(times) >= most:
                return WINDOW_S - (now - times[-most]), reason
        return 0.0, None

    def opened(self, now: float, device: str, address: str) -> None:
        """Count a game opened."""
        for key, _, _ in self._keys(device, address):
            self._by_key.setdefault(key, deque()).append(now)
        if len(self._by_key) > 4 * (GAMES_PER_ADDRESS + GAMES_PER_DEVICE) * 60:
            for key in list(self._by_key):  # the clients that stopped opening games
                self._times(key, now)
