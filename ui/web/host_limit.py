"""How many games a device and an address may open, and how many codes the server holds:
nobody can hold the join codes, and no request waits for a code forever.

Bounds (each said to the phone in words, `ui.text.strings.host_refused`):

- `GAMES_PER_DEVICE` new games per device within `WINDOW_S` (an hour): a table starts a
  game every half hour or so; twenty in an hour is a phone in a loop, not a table.
- `GAMES_PER_ADDRESS` per client address (`ui.web.join_limit.address_key`: one machine, one
  IPv6 /64) within the hour: a game café's phones share one address; three tables' worth
  of its devices at the device bound.
- `OPEN_CODES_PER_ADDRESS` open codes per client address at once, counted by the database
  (every process's games; `Store.host_game`): a table's game holds its code for a day
  after its last change, so the hourly bound alone lets one address hold 1,440; a game
  café holds a few dozen tables' games at once, not a hundred.
- `MAX_OPEN_CODES` open codes server-wide, and never more than half the code space
  (`Store.open_code_cap`): a random code is then free at least half the time, and the
  search draws at most `CODE_DRAWS` codes (one chance in 2^32 of drawing only held ones
  at the cap) before it gives up with "the server is full" instead of searching on.

Holding the space. A code stays held a day after its game's last change
(`ui.store.store.IDLE_EXPIRY_S`). One address holds at most 100 open codes at any time:
0.00002 % of the 7-letter space (612 million codes) and a hundredth of `MAX_OPEN_CODES`.
Filling the server's cap takes 100 addresses at once; the cap bounds what the file and the
code search cost, whoever opens. A finished game opened from History holds no join code
(`ui.store.codes.HISTORY_CODE_LENGTH`): it counts against none of these bounds.

Kept in this process (sliding windows, forgotten as they empty). Several processes on one
PostgreSQL database each count their own: the bound is per process there; the bounds on
open codes (per address and in all) are the database's.
"""

from __future__ import annotations

from collections import deque

from ui.text.strings import HostRefusalCode
from ui.web.join_limit import address_key

GAMES_PER_DEVICE = 20
GAMES_PER_ADDRESS = 60
OPEN_CODES_PER_ADDRESS = 100
MAX_OPEN_CODES = 10_000
CODE_DRAWS = 32
WINDOW_S = 3600.0



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
