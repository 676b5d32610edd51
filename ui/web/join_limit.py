"""How many wrong join codes the server takes, and from whom: the right code always gets
in, and codes cannot be swept.

A join code is `ui.store.store.CODE_LENGTH` (7) of 18 letters: 18^7 = 612,220,032 codes; it
admits for a day without a change. Every try is answered by its code, and a wrong code
counts only against the client that typed it, so nobody's tries can hold back anyone
else's right code. Server-wide pools (issue 17) held back every newcomer during a sweep
from many addresses: a pool that refuses a try without reading its code locks out the
players it protects, and one that reads the code first tells the sweeper which code is
right, so it protects nothing. Without pools, the space itself must outlast a sweep, at
the fastest the server answers codes at all, however many addresses and devices a sweep
uses: `sweep_hours(space, answers_per_s)`. Measured (`python -m benchmarks.join_rate`,
BENCHMARKS.md): `Tables.join` answers 191 codes a second in-process on this 2-core machine
(load 6.5), without a page or a websocket in between (a real try costs a connection and a
session on top). Granting a sweeper ten times that, 2,000 a second, the whole space takes
612,220,032 / 2,000 s = 85 h, longer than a code lives (24 h) by 3.5 times; four letters
(104,976) would take 52 s.

Who is counted. A *stranger* is a device that never took part in a game on this server:
its wrong codes are counted per client address (every loopback address is one address, an
IPv6 address counts with its /64: a machine cannot multiply its tries by its addresses). A
*known* device took part in one (`Store.known_since`): its wrong codes are counted per
device (its address is not counted: a neighbour behind the same router, or a spoofed
address, cannot lock it out). `FAILED_JOINS` within a sliding `WINDOW_S` (a minute), then
that client waits until the minute has passed: a phone in a loop, or a person guessing,
not a table. A device opening its own game's code is not trying a code at all: never
counted, never refused (`Tables.join`).
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable
from typing import Literal

FAILED_JOINS = 5
"""Wrong codes allowed per client address (a stranger's) or per known device, per window."""
WINDOW_S = 60.0

Standing = Literal["stranger", "known"]


def standing(known_since: float | None, now: float) -> Standing:
    """Who a device is here, from when it first took part in a game (None: never)."""
    return "stranger" if known_since is None else "known"


def sweep_hours(code_space: int, answers_per_s: float) -> float:
    """Hours the whole code space takes at `answers_per_s` codes answered a second."""
    return code_space / answers_per_s / 3600


_LOOPBACK = "loopback"


def peer_ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address of a peer as the socket or a header gives it (an IPv4 client of a
    dual-stack listener, `::ffff:10.0.0.5`, is its IPv4 address; a zone, `%eth0`, is
    dropped); None when it is none."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def address_key(address: str) -> str:
    """The client an address stands for: every loopback address (127.0.0.0/8, ::1, their
    IPv4-mapped forms) is this machine; an IPv6 address is its /64 (one household or
    phone holds a whole /64); an IPv4 address is itself. Anything unreadable is kept as
    given."""
    ip = peer_ip(address)
    if ip is None:
        return address
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
    """The wrong codes of the last `WINDOW_S`, by address (strangers) and by known device,
    kept in this process. Not thread-safe: `Tables` calls it under its lock."""

    def __init__(self) -> None:
        self._by_key: dict[str, deque[float]] = {}

    @staticmethod
    def _key(address: str, device: str, who: Standing) -> str:
        """The key of the client's own count."""
        return f"address {address_key(address)}" if who == "stranger" else f"device {device}"

    def _times(self, key: str, now: float, add: bool) -> list[float]:
        """The wrong codes counted under `key` within the window, oldest first (with `add`,
        one more now)."""
        self._forget(now)
        times = _trim(self._by_key.setdefault(key, deque()), now)
        if add:
            times.append(now)
        return list(times)

    def wait_s(self, now: float, address: str, device: str, who: Standing) -> float:
        """Seconds before this client may try a code again (0: now): its own wrong codes
        only, never anyone else's."""
        own = self._times(self._key(address, device, who), now, False)
        return WINDOW_S - (now - own[-FAILED_JOINS]) if len(own) >= FAILED_JOINS else 0.0

    def failed(self, now: float, address: str, device: str, who: Standing) -> None:
        """Count a wrong code."""
        self._times(self._key(address, device, who), now, True)

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
