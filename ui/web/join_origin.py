"""The address the join card offers other phones: one they can open, never this computer's
own loopback name when the page was opened by another.

The page's address (`page.url`) is the websocket's (`ws://<its Host header>`): the Host a
client sends, so it is taken only for a name the server answers to anyway
(`ui.web.server.host_problem`, the same check as every request's: an address, or a name
the operator started it under) and never for a loopback one (127.0.0.1, ::1, localhost,
*.localhost: on another phone that is the phone itself)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from ui.web.server import host_name, host_problem, is_address

SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
"""The page's scheme by its address's (Flet's `page.url` is its websocket's)."""


def is_loopback(name: str) -> bool:
    """A name or address that means "this machine" wherever it is opened (or no machine:
    0.0.0.0), so another phone cannot reach the server by it."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    if not is_address(name):
        return False
    address = ipaddress.ip_address(name)
    return address.is_loopback or address.is_unspecified


def page_origin(page_url: str, names: frozenset[str]) -> str:
    """The origin (scheme://host[:port]) of the page's address when another phone can open
    it: http or https (ws, wss: the page's websocket), a host the server answers to
    (`names`: the operator's, as for the Host header) that is not loopback; "" otherwise."""
    try:
        parts = urlsplit(page_url.strip())
    except ValueError:
        return ""
    scheme = SCHEMES.get(parts.scheme, "")
    if not scheme or not parts.netloc or "@" in parts.netloc:
        return ""
    name = host_name(parts.netloc)
    if not name or is_loopback(name) or host_problem(parts.netloc, names):
        return ""
    return f"{scheme}://{parts.netloc.lower()}"


def join_origin(public_url: str, page_url: str, names: frozenset[str], lan: str,
                here: str = "") -> str:
    """What the join card offers, first that applies: the operator's `--public-url`; the
    page's own origin when another phone can open it (`page_origin`); this computer's
    address on the network (`lan`, when the server listens there); else the page's own
    (`here`: nothing else reaches this server, it listens on this computer only)."""
    return (public_url.rstrip("/") or page_origin(page_url, names) or lan.rstrip("/")
            or here.rstrip("/"))
