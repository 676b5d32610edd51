"""The reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`): read
once into `ipaddress` networks, and matched as addresses, not as the text typed.

One parsed list serves every place a proxy is recognised: uvicorn's header middleware
(`uvicorn_forms`) and the connection cap per address (`ui/web/flet_door.py`,
`HeaderTimeoutH11`: a proxy carries every phone's connections, so it is not capped). A
proxy written as a network (`10.0.0.0/24`), with a prefix (`127.0.0.1/32`) or in another
spelling (`0:0::1`) is the same proxy as its address: compared as text, it was capped like
one client and, when uvicorn could not read it (`10.0.0.5/24`: host bits set), trusted
by nobody.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TypeGuard

from ui.web.join_limit import peer_ip

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

MOST_ADDRESSES = 256
"""The most addresses one `--trusted-proxy` may name (IPv4 /24, IPv6 /120): a proxy is one
machine or a few; a wider network trusts strangers to name any address they like (and so
to pass every bound kept per address)."""

_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
"""IPv4-mapped IPv6 addresses: how a dual-stack listener sees an IPv4 client."""
_COMPATIBLE = ipaddress.IPv6Network("::/96")
"""IPv4-compatible IPv6 addresses (deprecated by RFC 4291), `::1` apart."""
_LOOPBACK6 = ipaddress.IPv6Network("::1/128")


def proxy_network(value: str) -> Network:
    """The network `value` names (an address is a network of one). An IPv4-mapped IPv6
    network is its IPv4 network (`::ffff:10.0.0.0/120` is 10.0.0.0/24), so that its size
    is counted as IPv4's and it matches either form. Raises ValueError when `value` is no
    address or network."""
    network = ipaddress.ip_network(value.strip(), strict=False)
    if isinstance(network, ipaddress.IPv6Network) and network.subnet_of(_MAPPED):
        return embedded_ipv4(network)
    return network


def embedded_ipv4(network: ipaddress.IPv6Network) -> ipaddress.IPv4Network:
    """The IPv4 network an IPv6 network carries in its last 32 bits (IPv4-mapped
    `::ffff:10.0.0.0/120` or IPv4-compatible `::10.0.0.1`): 10.0.0.0/24, 10.0.0.1/32."""
    first = ipaddress.IPv4Address(int(network.network_address) & 0xFFFF_FFFF)
    return ipaddress.IPv4Network((first, network.prefixlen - 96))


def is_ipv4_compatible(network: Network) -> TypeGuard[ipaddress.IPv6Network]:
    """Whether `network` is IPv4-compatible IPv6 (`::10.0.0.1`), a form no socket reports
    a client in: refused rather than guessed at."""
    return (isinstance(network, ipaddress.IPv6Network) and network.subnet_of(_COMPATIBLE)
            and network != _LOOPBACK6)


def trusted_networks(values: Iterable[str]) -> tuple[Network, ...]:
    """The `--trusted-proxy` values read as networks (each already checked by
    `ui.__main__.trusted_proxy_problem`)."""
    return tuple(dict.fromkeys(proxy_network(v) for v in values))


def is_trusted(host: str, networks: Iterable[Network]) -> bool:
    """Whether the peer address `host` (as the socket gives it: maybe IPv4-mapped, maybe
    with a zone) is one of the trusted proxies."""
    ip = peer_ip(host)
    return ip is not None and any(ip in network for network in networks)


def uvicorn_forms(networks: Iterable[Network]) -> list[str]:
    """The networks as uvicorn's `forwarded_allow_ips` reads them: each in its canonical
    form (uvicorn reads `10.0.0.5/24` as no network at all), an IPv4 network also in its
    IPv4-mapped form (uvicorn compares the peer's address as the socket gives it, and a
    dual-stack listener gives an IPv4 client as `::ffff:10.0.0.5`)."""
    forms: list[str] = []
    for network in networks:
        forms.append(str(network))
        if isinstance(network, ipaddress.IPv4Network):
            mapped = ipaddress.IPv6Address(int(_MAPPED.network_address)
                                           | int(network.network_address))
            forms.append(str(ipaddress.IPv6Network((mapped, 96 + network.prefixlen))))
    return sorted(set(forms))
