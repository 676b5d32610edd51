"""How many wrong join codes the server takes, and from whom: codes cannot be swept.

A join code is 4 of 18 letters (18^4 = 104,976 codes) and admits for a day without a
change. A sweep must try half the space, on average, to find one live code, and all of it
to be sure; the bar: trying the whole space takes clearly longer than a code lives (36 h or
more), at the worst rate anyone can reach, however many addresses and devices they have.

Who is who. A *stranger* is a device that never took part in a game on this server. A
*known* device took part in one (hosted it or joined it: `Store.known_since`); it is *new*
while its first game here is less than `SETTLED_S` (a day) old, *settled* after. A device
id is the secret its browser keeps: nobody can borrow a real phone's. A device opening its
own game's code is not trying a code at all: never counted, never refused (`Tables.join`).

What is counted, each within a sliding `WINDOW_S` (a minute; a wrong code held back is not
tried, and is not counted either):

- a stranger: `FAILED_JOINS` per client address (every loopback address is one address,
  an IPv6 address counts with its /64: a machine cannot multiply its tries by its
  addresses), and `STRANGER_JOINS` from all strangers together;
- a known device: `FAILED_JOINS` of its own (its address is not counted: a neighbour behind
  the same router, or a spoofed address, cannot lock it out), and `NEW_JOINS` from all new
  devices together, or `SETTLED_JOINS` from all settled ones together.

The worst rate. Addresses cost an attacker nothing (any number of them), devices neither:
hosting a game makes a device known, so an attacker can mint known devices at will, and
mint them a day ahead to have settled ones. Whatever it mints, every wrong code it tries is
counted in one of three server-wide pools: at most STRANGER_JOINS + NEW_JOINS +
SETTLED_JOINS = 30 + 8 + 6 = 44 a minute, so the whole space takes 104,976 / 44 = 2,386
minutes = 39.8 h, longer than a code lives (24 h) by a half. (A per-device allowance
outside every pool would not do: minted devices would multiply it.)

Nobody is locked out by someone else's failures. A device in the game is never counted. A
phone that took part before is never counted with strangers: a flood of wrong codes from
any number of addresses (the sweep anyone can run) holds back strangers only. A settled
phone (it played here before today) waits only if, within the same minute, settled devices
tried 6 wrong codes: an attacker who minted its devices today cannot touch it, one who
minted them a day ahead only for the minute its own tries stay counted. A new phone (its
first game today) shares its pool with devices minted today, the price of counting them.
A device held back by a pool is told so ("tried on this server"), not blamed for it.
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable
from typing import Literal

FAILED_JOINS = 5
"""Wrong codes allowed per client address (a stranger's) or per known device, per window."""
STRANGER_JOINS = 30
"""Wrong codes allowed from all strangers together within `WINDOW_S`."""
NEW_JOINS = 8
"""Wrong codes allowed from all new devices together (their first game here is recent)."""
SETTLED_JOINS = 6
"""Wrong codes allowed from all settled devices together (they played here a day ago)."""
WINDOW_S = 60.0
SETTLED_S = 24 * 3600.0
"""A known device is settled once its first game here is this old (a code's life)."""

Standing = Literal["stranger", "new", "settled"]
POOLS: dict[Standing, int] = {"stranger": STRANGER_JOINS, "new": NEW_JOINS,
                              "settled": SETTLED_JOINS}
"""Each standing's server-wide pool of wrong codes per `WINDOW_S`."""


def standing(known_since: float | None, now: float) -> Standing:
    """Who a device is here, from when it first took part in a game (None: never)."""
    if known_since is None:
        return "stranger"
    return "settled" if now - known_since >= SETTLED_S else "new"


def sweep_hours(code_space: int) -> float:
    """Hours the whole code space takes at the worst rate the pools let through."""
    return code_space / sum(POOLS.values()) * WINDOW_S / 3600


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


class JoinLimits:
    """The wrong codes of the last `WINDOW_S`, by address, by known device and by pool, kept
    in this process. Not thread-safe: `Tables` calls it under its lock."""

    def __init__(self) -> None:
        self._by_key: dict[str, deque[float]] = {}

    def _keys(self, address: str, device: str, who: Standing) -> tuple[str, str]:
        """The key of the client's own count and of its pool."""
        own = f"address {address_key(address)}" if who == "stranger" else f"device {device}"
        return own, f"pool {who}"

    def _times(self, key: str, now: float, add: bool) -> list[float]:
        """The wrong codes counted under `key` within the window, oldest first (with `add`,
        one more now)."""
        self._forget(now)
        times = _trim(self._by_key.setdefault(key, deque()), now)
        if add:
            times.append(now)
        return list(times)

    def wait_s(self, now: float, address: str, device: str, who: Standing
               ) -> tuple[float, bool]:
        """Seconds before this client may try a code again (0: now), and whether it is its
        pool, the server-wide cap, that holds it back (not its own tries)."""
        own_key, pool_key = self._keys(address, device, who)
        own = self._times(own_key, now, False)
        own_wait = WINDOW_S - (now - own[-FAILED_JOINS]) if len(own) >= FAILED_JOINS else 0.0
        pool = self._times(pool_key, now, False)
        cap = POOLS[who]
        pool_wait = WINDOW_S - (now - pool[-cap]) if len(pool) >= cap else 0.0
        return max(own_wait, pool_wait), pool_wait > own_wait

    def failed(self, now: float, address: str, device: str, who: Standing) -> None:
        """Count a wrong code."""
        for key in self._keys(address, device, who):
            self._times(key, now, True)

    def counted(self, address: str, device: str) -> int:
        """Wrong codes counted against this address and this device (either way)."""
        now = time.time()
        return (len(self._times(f"address {address_key(address)}", now, False))
                + len(self._times(f"device {device}", now, False)))

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
