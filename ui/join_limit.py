"""How many wrong join codes the server takes, and from whom: codes cannot be swept.

A join code is 4 of 18 letters (104,976 codes) and admits for a day without a change. A
client trying codes is held back three ways:

- per client address, `FAILED_JOINS` wrong codes per `WINDOW_S` (an address is what the
  socket says, see `ui/server.py`; every loopback address is one, and an IPv6 address
  counts with its /64 network, so a machine cannot multiply its tries by its addresses);
- server-wide, `SWEEP_JOINS` wrong codes per `WINDOW_S` from all strangers together: a
  sweep of every code takes 104,976 / 60 = 1,750 minutes (29 hours), longer than a code
  lives, however many addresses it comes from;
- a device that took part in a game on this server before (a member of any game, hosting
  included) is not a stranger: its wrong codes are counted for that device alone, and
  neither its address nor the strangers' count holds it back, so nobody else's tries lock
  it out. (A device id is the secret its browser keeps; a phone opening its own game's
  address is never counted at all: `Tables.join`.)
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable

FAILED_JOINS = 5
"""Wrong codes allowed per client address (or per known device) within `WINDOW_S`."""
SWEEP_JOINS = 60
"""Wrong codes allowed from all strangers together within `WINDOW_S` (the sweep cap)."""
WINDOW_S = 60.0

_LOOPBACK = "loopback"


def address_key(address: str) -> str:
    """The client an address stands for: every loopback address (127.0.0.0/8, ::1, their
    IPv4-mapped forms) is this machine; an IPv6 address is its /64 (one household or
    phone holds a whole /64); an IPv4 address is itself. Anything unreadable is kept as
    given."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return _LOOPBACK
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _trim(times: deque[float], now: float) -> deque[float]:
    while times and now - times[0] > WINDOW_S:
        times.popleft()
    return times


_STRANGERS = "strangers"
"""The key under which every stranger's wrong codes are counted together."""


class JoinLimits:
    """The wrong codes of the last `WINDOW_S`, by address, by known device and in all, kept
    in this process. Not thread-safe: `Tables` calls it under its lock."""

    def __init__(self) -> None:
        self._by_key: dict[str, deque[float]] = {}

    def _key(self, address: str, device: str, known: bool) -> str:
        return f"device {device}" if known else f"address {address_key(address)}"

    def _times(self, key: str, now: float, add: bool) -> list[float]:
        """The wrong codes counted under `key` within the window, oldest first (with `add`,
        one more now)."""
        self._forget(now)
        times = _trim(self._by_key.setdefault(key, deque()), now)
        if add:
            times.append(now)
        return list(times)

    def wait_s(self, now: float, address: str, device: str, known: bool) -> tuple[float, bool]:
        """Seconds before this client may try a code again (0: now), and whether it is the
        server-wide cap that holds it back (not its own tries)."""
        own = self._times(self._key(address, device, known), now, False)
        own_wait = WINDOW_S - (now - own[0]) if len(own) >= FAILED_JOINS else 0.0
        everyone = 0.0
        if not known:
            strangers = self._times(_STRANGERS, now, False)
            if len(strangers) >= SWEEP_JOINS:
                everyone = WINDOW_S - (now - strangers[0])
        return max(own_wait, everyone), everyone > own_wait

    def failed(self, now: float, address: str, device: str, known: bool) -> None:
        """Count a wrong code."""
        self._times(self._key(address, device, known), now, True)
        if not known:
            self._times(_STRANGERS, now, True)

    def counted(self, address: str, device: str) -> int:
        """Wrong codes counted against this address and this device (either way)."""
        now = time.time()
        return sum(len(self._times(self._key(address, device, known), now, False))
                   for known in (False, True))

    def _forget(self, now: float) -> None:
        """Drop the clients that stopped trying (the table stays as small as the window)."""
        for key in [k for k, d in self._by_key.items() if not d or now - d[-1] > WINDOW_S]:
            del self._by_key[key]


class SharedJoinLimits(JoinLimits):
    """The same limits, the wrong codes counted in the database by every process (many
    processes on PostgreSQL: a sweep spread over them is held back as one)."""

    def __init__(self, times: Callable[[str, float, bool], list[float]]) -> None:
        super().__init__()
        self._stored = times

    def _times(self, key: str, now: float, add: bool) -> list[float]:
        return self._stored(key, now, add)
