"""`python -m benchmarks.apart_app --host H --port P ...`: the app (`python -m ui`, same
options) with each IPv4 loopback address (127.0.0.0/8) counted as a client of its own, as
the machines of a network are, for benchmarks/attack.py's `--addresses`: a flood from 40
addresses needs 40 source addresses, and loopback is the only network this machine offers
a benchmark without changing its interfaces. The app counts every loopback address as one
client (`ui.web.join_limit.address_key`: one machine); here only that is changed, every
bound per address (connections, half-finished requests, sessions) is the app's own."""

from __future__ import annotations

import ipaddress
import sys

from ui.web import join_limit, server

_app_key = join_limit.address_key


def apart(address: str) -> str:
    """An IPv4 loopback address is its own client; any other as the app counts it."""
    ip = join_limit.peer_ip(address)
    if isinstance(ip, ipaddress.IPv4Address) and ip.is_loopback:
        return str(ip)
    return _app_key(address)


join_limit.address_key = apart
server.address_key = apart  # type: ignore[attr-defined]  # read when serving

if __name__ == "__main__":
    from ui.__main__ import main
    sys.exit(main())
