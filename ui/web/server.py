"""The web server around the app: Flet's FastAPI app under a guard, served by uvicorn.

`ft.run` builds the same app but leaves no say over what one careless or hostile client
can do to the others sharing the event loop. Here:

- a websocket message is at most `WS_MAX_BYTES` (uvicorn closes the connection, code
  1009, before reading a larger frame; any table fits in a fraction of it);
- no permessage-deflate: a tap's answer is a few hundred bytes, and each connection would
  hold a zlib compressor and decompressor (about 45 KB, a tenth of an in-game session),
  while a small compressed frame from a hostile client would cost up to `WS_MAX_BYTES` of
  inflating;
- every message from a browser is checked against the shape of Flet's protocol before Flet
  sees it (a binary frame, msgpack `[action, body]` with the body's fields, registration
  first): anything else closes that connection with code 1008 and one log line, instead of
  a traceback and a handler that never ends (Flet waits forever on a connection that broke
  before it registered; such a handler is cancelled a few seconds after its client went);
- only its own names: a request (HTTP or websocket) whose Host header names neither an
  address (IP) nor localhost nor one of the names the operator's start gave (`hosts`: the
  bound name, this machine's, `--public-url`'s, `--allow-origin`'s, `--allow-host`'s) is
  refused (421, one log line): a page of an attacker's name that resolves to this server
  (DNS rebinding) would otherwise be its own origin, and could drive the players' games
  through a browser on the network (`host_problem`);
- same origin only: a websocket or a request that changes something (an upload) from a
  page of another origin is refused (403, one log line) unless the operator listed that
  origin (`--allow-origin`); Flet's `Access-Control-Allow-Origin: *` is taken out;
- the client address is the socket's: X-Forwarded-For is read only from a proxy the
  operator names (`--trusted-proxy`; uvicorn trusts it from loopback by default);
- a closed session is kept for its phone to come back (`ui.__main__.SESSION_TIMEOUT_S`),
  at most `KEPT_PER_ADDRESS` per client address and `KEPT_IN_ALL` in all: past that the
  oldest closed one is let go at once (`ClosedSessions`), so a churn of sessions cannot
  hold thousands of them at once (the allocator keeps the pages they took);
- no exhaustion: at most `SESSIONS_PER_ADDRESS` websocket sessions (the operator's
  `--sessions-per-address`: a game café whose phones all come from one address) and
  `CONNECTIONS_PER_ADDRESS` HTTP connections (twice the sessions when the operator allows
  more) per client address, `MAX_CONNECTIONS` in all
  (uvicorn answers 503 after); a request's headers arrive within `HEADER_TIMEOUT_S` or its
  connection closes; the open-file soft limit is raised to the hard limit at start;
- FastAPI's `/docs`, `/redoc` and `/openapi.json` are not served;
- an upload that did not complete (refused as too big, cut off) leaves no file behind, and
  an upload file nobody wrote to for `UPLOAD_IDLE_S` is removed (looked at every
  `TEND_EVERY_S`);
- once sessions were let go, the C allocator is asked to give the free pages back to the
  system (glibc's `malloc_trim`, in a thread, at most every `TEND_EVERY_S`): without it
  the memory a churn of sessions took stayed with the process;
- SIGTERM and SIGINT stop the server within `STOP_S` seconds, whatever the clients do,
  with one line and no traceback;
- Flet's insides the guard needs (its protocol's fields, its session manager) are reached
  through `ui/web/flet_door.py` only, which checks Flet's version.

With `WONDERS_LOOP_LAG_MS=N` in the environment the server also logs, for benchmarks, each
time its event loop woke a timer N ms or more late (what every session then waited on).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import ctypes
import ctypes.util
import dataclasses
import gc
import ipaddress
import logging
import os
import re
import resource
import signal
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft
import msgpack  # type: ignore[import-untyped]
import uvicorn
from flet_web.fastapi import app as flet_app  # type: ignore[import-untyped]
from flet_web.fastapi.flet_fastapi import FastAPI  # type: ignore[import-untyped]
from starlette.websockets import WebSocketDisconnect

from scorer import i18n
from ui.text import strings as S
from ui.web import collector, flet_door
from ui.web.join_limit import address_key
from ui.web.trusted_proxy import Network, uvicorn_forms
from ui.web.upload_limit import MAX_IMPORT_BYTES

WS_MAX_BYTES = 2 * MAX_IMPORT_BYTES
"""The largest websocket message taken: a pasted table at the import limit, in UTF-8, with
the protocol's envelope (512 KiB)."""
STOP_S = 3
"""Seconds the server waits for open connections when told to stop, then cancels them."""
ORPHAN_S = 5.0
"""Seconds a connection's handler may run on after its client went or was refused."""
LOOP_LAG_ENV = "WONDERS_LOOP_LAG_MS"
"""Environment variable: log each time the event loop is this many milliseconds late."""
DOC_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADER_TIMEOUT_S = 5.0
"""Seconds a request's headers may take to arrive, then its connection is closed."""
CONNECTIONS_PER_ADDRESS = 128
"""HTTP connections one client address may hold at once (a browser opens at most 6)."""
HALF_OPEN_PER_ADDRESS = 16
"""Of those, connections waiting for a request's headers (a browser has at most 6 at a
time): past that, the address's oldest such one is closed for the new one
(`flet_door.HeaderTimeoutH11`); 40 addresses hold at most 640 of the 4,096 connections."""
SESSIONS_PER_ADDRESS = 64
"""Websocket sessions one client address may hold open at once, unless the operator says
otherwise (a household's phones and tabs fit many times over; a script opening sessions in
a loop does not; a game café's tables behind one address may not: `--sessions-per-address`)."""
MAX_CONNECTIONS = 4096
"""Connections the server takes at once, all clients together (uvicorn answers 503 after),
at most the open-file limit less a reserve for the store and the log."""
FD_RESERVE = 64
KEPT_PER_ADDRESS = 16
"""Closed sessions kept for their phones to come back, per client address (a table of seven
phones behind one home router, each gone to sleep, twice over)."""
KEPT_IN_ALL = 128
"""Closed sessions kept in all (~80 KiB each on the home screen, more in a game: a bound on
the memory closed sessions hold, whoever opens them)."""
UPLOAD_IDLE_S = 60.0
"""An upload file nobody wrote to for this long is removed (a client that never said its
upload was complete, or a session gone before reading it)."""
TEND_EVERY_S = 5.0
"""How often the guard looks for idle uploads and for memory to give back (a session Flet
lets go after 45 s, at its 10 s eviction, is handed back to the system within a minute)."""


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's `malloc_trim` (None with another C library: nothing to call)."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(
            ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


MALLOC_TRIM = _malloc_trim()


def connections_per_address(sessions_per_address: int) -> int:
    """HTTP connections one client address may hold at once: `CONNECTIONS_PER_ADDRESS`, or
    twice its sessions when the operator allows more (each phone's page loads in a few
    connections of its own)."""
    return max(CONNECTIONS_PER_ADDRESS, 2 * sessions_per_address)


_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(:[0-9]{1,5})?")
"""A Host header (lower case): a name or an IPv4 address, or an IPv6 one in brackets, and
maybe a port (nothing else: no user, no path)."""


def host_name(host: str) -> str:
    """The name or address a Host header names, lower case, without its port, brackets or
    trailing dot ("" when it is not a host)."""
    found = _HOST.fullmatch(host.strip().lower())
    if not found:
        return ""
    name = found.group(1)
    return name[1:-1] if name.startswith("[") else name.rstrip(".")


def is_address(name: str) -> bool:
    """An IP address, not a name."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_problem(host: str | None, names: frozenset[str]) -> str:
    """Why this server does not answer a request with this Host header ("" = it does).

    It answers an address (DNS rebinding needs a name: a page opened at an address is that
    address's own, and its requests go to that address), localhost and `*.localhost` (the
    browser resolves them to this machine itself, never asking DNS), and `names`: the
    names it was started under (lower case). A request without a Host header comes from no
    browser (browsers always send one; an HTTP/1.0 health check may not) and is answered.
    """
    if host is None:
        return ""
    name = host_name(host)
    if name and (name in names or is_address(name) or name == "localhost"
                 or name.endswith(".localhost")):
        return ""
    return (f"a Host it does not answer to ({host[:100]!r}; a name of this server is added "
            f"with --allow-host NAME)")


def log(line: str) -> None:
    print(f"wonders-scorer: {line}", file=sys.stderr, flush=True)


def frame_problem(message: Message, registered: bool) -> str:
    """Why a websocket message from a browser is refused ("" = it is Flet's protocol)."""
    data = message.get("bytes")
    if data is None:
        return "a text frame (the app speaks binary frames)"
    if len(data) > WS_MAX_BYTES:
        return f"a message of {len(data):,} bytes (at most {WS_MAX_BYTES:,})"
    if not data or data[0] == 0x01:  # empty: Flet skips it; 0x01: a data channel frame
        return ""
    if data[0] != 0x00:
        return f"an unknown packet type {data[0]}"
    try:
        decoded = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception:
        return "a message that is not msgpack"
    if not (isinstance(decoded, list) and len(decoded) == 2 and isinstance(decoded[0], int)):
        return "a message that is not [action, body]"
    action, body = decoded
    return flet_door.body_problem(action, body, registered)


@dataclasses.dataclass
class _Connection:
    """What the guard knows of one websocket connection, seen by the code that runs in its
    handler (Flet's, through `_CONNECTION`)."""

    refused: bool = False
    client: str = ""
    """The client address's key (`address_key`)."""


class ClosedSessions:
    """The closed sessions kept for their phones to come back, oldest first: at most
    `per_address` of one client address and `in_all` in all; one more lets the oldest go
    (of that address when it is past its own bound, else of all). A phone that comes back
    to a session let go gets a new one, which shows its game as saved. Flet still deletes
    a kept one once the session timeout has passed."""

    def __init__(self, per_address: int = KEPT_PER_ADDRESS, in_all: int = KEPT_IN_ALL) -> None:
        self.per_address = per_address
        self.in_all = in_all
        self._kept: dict[str, str] = {}
        """Session id -> its client, oldest closed first (dicts keep their order)."""
        self._by_client: Counter[str] = Counter()
        self.released = 0
        """Sessions deleted so far (let go here, or expired)."""

    def closed(self, session_id: str, client: str) -> list[str]:
        self._drop(session_id)
        self._kept[session_id] = client
        self._by_client[client] += 1
        let_go = []
        if self._by_client[client] > self.per_address:
            let_go.append(next(s for s, c in self._kept.items() if c == client))
            self._drop(let_go[-1])
        while len(self._kept) > self.in_all:
            let_go.append(next(iter(self._kept)))
            self._drop(let_go[-1])
        return let_go

    def reopened(self, session_id: str) -> None:
        self._drop(session_id)

    def gone(self, session_id: str) -> None:
        self.released += 1
        self._drop(session_id)

    def _drop(self, session_id: str) -> None:
        client = self._kept.pop(session_id, None)
        if client is not None:
            self._by_client[client] -= 1
            if self._by_client[client] <= 0:
                del self._by_client[client]

    def held(self, client: str | None = None) -> int:
        """Closed sessions kept now (of one client's key, or in all)."""
        return len(self._kept) if client is None else self._by_client[client]


_CONNECTION: contextvars.ContextVar[_Connection | None] = contextvars.ContextVar(
    "wonders_connection", default=None)


class Guard:
    """ASGI middleware in front of Flet's app: see the module's docstring."""

    def __init__(self, app: ASGIApp, upload_dir: Path | None,
                 origins: frozenset[str] = frozenset(),
                 kept: ClosedSessions | None = None, upload_idle_s: float = UPLOAD_IDLE_S,
                 tend_every_s: float = TEND_EVERY_S,
                 trim: Callable[[int], int] | None = MALLOC_TRIM,
                 sessions_per_address: int = SESSIONS_PER_ADDRESS,
                 hosts: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.hosts = frozenset(h.lower().rstrip(".") for h in hosts)
        """The names this server answers to besides addresses and localhost
        (`host_problem`)."""
        self.kept = kept or ClosedSessions()
        """The closed sessions kept for their phones (`flet_door.keep_closed_sessions`)."""
        self.upload_idle_s = upload_idle_s
        self.tend_every_s = tend_every_s
        self._trim = trim
        self._trimmed_at = 0
        self.cut: Callable[[], int] = lambda: 0
        """Sessions whose cycles were cut so far (`flet_door.cut_deleted_sessions`)."""
        """`kept.released` when the allocator was last asked to give memory back."""
        self.upload_dir = upload_dir
        self.origins = frozenset(_origin_key(o) for o in origins)
        self.sessions_per_address = sessions_per_address
        """Websocket sessions one client address may hold at once."""
        """Origins the operator lists besides the page's own (`--allow-origin`)."""
        self.sessions: Counter[str] = Counter()
        """Websocket sessions open per client (`address_key`)."""
        self._told_full: set[str] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            wrong_host = host_problem(_header(scope, b"host"), self.hosts)
            if wrong_host:
                await _misdirected(scope, receive, send, wrong_host)
                return
        if scope["type"] == "websocket":
            why = self._foreign(scope)
            if why:
                await _refuse_websocket(scope, receive, send, why)
                return
            await self._counted_websocket(scope, receive, send)
        elif scope["type"] == "http" and scope.get("path") in DOC_PATHS:
            await _not_found(send)
        elif scope["type"] == "http" and scope.get("method") not in ("GET", "HEAD") and \
                self._foreign(scope):
            await _forbidden(scope, send, self._foreign(scope))
        elif scope["type"] == "http" and scope.get("method") == "PUT" and self.upload_dir:
            await self._upload(scope, receive, _no_cors(send))
        elif scope["type"] == "http":
            await self.app(scope, receive, _no_cors(send))
        else:
            await self.app(scope, receive, send)

    def _foreign(self, scope: Scope) -> str:
        """Why a request comes from another site's page ("" = its origin is this page's own,
        or one the operator listed, or there is none: a client that is not a browser page
        sends no Origin, and has no user's browser to borrow)."""
        origin = _header(scope, b"origin")
        if origin is None:
            return ""
        key = _origin_key(origin)
        host = _header(scope, b"host") or ""
        scheme = key.split("://", 1)[0]
        if key and key == _origin_key(f"{scheme}://{host}"):
            return ""
        if key and key in self.origins:
            return ""
        return f"a page of another origin ({origin[:100]})"

    async def _counted_websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """At most `sessions_per_address` sessions per client at once."""
        client = address_key((scope.get("client") or ("?", 0))[0])
        if self.sessions[client] >= self.sessions_per_address:
            if client not in self._told_full:  # one line while it stays full
                self._told_full.add(client)
                log(f"refused connections from {client}: {self.sessions_per_address} sessions "
                    "open from there already")
            await _refuse_websocket(scope, receive, send, "", quiet=True)
            return
        self.sessions[client] += 1
        try:
            await self._websocket(scope, receive, send, client)
        finally:
            self.sessions[client] -= 1
            if self.sessions[client] <= 0:
                del self.sessions[client]
                self._told_full.discard(client)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send,
                         key: str = "") -> None:
        client = scope.get("client") or ("?", 0)
        who = f"{client[0]}:{client[1]}"
        gone = asyncio.Event()
        closed = False
        registered = False
        state = _Connection(client=key)

        async def guarded_receive() -> Message:
            nonlocal closed, registered
            message = await receive()
            kind = message.get("type")
            if kind == "websocket.receive":
                collector.activity()  # a phone is waiting for an answer: no sweep now
                why = frame_problem(message, registered)
                if why:
                    log(f"refused a connection from {who}: {why}")
                    closed = state.refused = True
                    gone.set()
                    with contextlib.suppress(Exception):
                        await send({"type": "websocket.close", "code": 1008,
                                    "reason": why[:100]})
                    return {"type": "websocket.disconnect", "code": 1008}
                registered = True
            elif kind == "websocket.disconnect":
                closed = True  # nothing more can go out
                if message.get("code") == 1009:
                    state.refused = True
                    log(f"refused a connection from {who}: a message larger than "
                        f"{WS_MAX_BYTES:,} bytes")
                gone.set()
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal closed
            if closed:
                return  # the connection was refused: nothing more goes out
            try:
                await send(message)
            except RuntimeError:
                # uvicorn closed the connection itself (a message over the cap: 1009) and
                # refuses any later send, while Flet may have had an answer on its way
                # before it heard of the close: that answer goes nowhere, and Flet's
                # handler ends normally (it then lets the session go) instead of raising
                if message.get("type") != "websocket.send":
                    raise
                closed = True

        context = contextvars.copy_context()
        context.run(_CONNECTION.set, state)  # what Flet's handler runs in: keep_closed_...

        async def flet() -> None:
            await self.app(scope, guarded_receive, guarded_send)

        handler = asyncio.get_running_loop().create_task(flet(), context=context)
        waiter = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({handler, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done() and registered:
                # the client went or was refused: its session gets a few seconds to end
                await asyncio.wait({handler}, timeout=ORPHAN_S)
            if not handler.done():  # never registered: Flet would wait for it forever
                handler.cancel()
                with contextlib.suppress(BaseException):
                    await handler
            elif not handler.cancelled() and not isinstance(
                    handler.exception(), WebSocketDisconnect | type(None)):
                # a phone that went (or a server stopping: it closes every socket) is no
                # error to log; anything else is, once
                log(f"connection from {who} ended: {handler.exception()!r}")
        except asyncio.CancelledError:
            # the server is stopping: the connection ends here, quietly (one line from
            # uvicorn says how many were cancelled)
            handler.cancel()
        finally:
            waiter.cancel()

    async def _upload(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Flet's upload handler, and the file removed when the upload did not complete."""
        status = 0

        async def watch(message: Message) -> None:
            nonlocal status
            if message.get("type") == "http.response.start":
                status = int(message.get("status", 0))
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            if not 200 <= status < 300:
                self._remove_upload(scope)

    def _remove_upload(self, scope: Scope) -> None:
        assert self.upload_dir is not None
        query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
        for name in query.get("f", []):
            base = os.path.realpath(self.upload_dir)
            target = os.path.realpath(os.path.join(base, name))
            if os.path.commonpath([target, base]) == base and target != base:
                with contextlib.suppress(OSError):
                    os.unlink(target)

    def sweep_uploads(self, now: float | None = None) -> int:
        """Remove the upload files nobody wrote to for `upload_idle_s`; how many went."""
        if self.upload_dir is None:
            return 0
        now = time.time() if now is None else now
        gone = 0
        with contextlib.suppress(OSError), os.scandir(self.upload_dir) as found:
            for entry in found:
                with contextlib.suppress(OSError):
                    if entry.is_file(follow_symlinks=False) and \
                            now - entry.stat(follow_symlinks=False).st_mtime > \
                            self.upload_idle_s:
                        os.unlink(entry.path)
                        gone += 1
        return gone

    def memory_to_give_back(self) -> bool:
        """Whether sessions were let go, or their cycles cut (`flet_door.cut_cycles`: only
        then is their memory free), since the allocator was last asked to give back."""
        now = self.kept.released + self.cut()
        if self._trim is None or now == self._trimmed_at:
            return False
        self._trimmed_at = now
        return True

    async def tend_forever(self) -> None:
        """Every `tend_every_s`: idle uploads removed, and the free memory of the sessions
        let go meanwhile given back (a few ms of the allocator's, off the event loop)."""
        while True:
            await asyncio.sleep(self.tend_every_s)
            self.sweep_uploads()
            if self._trim is not None and self.memory_to_give_back():
                await asyncio.to_thread(self._trim, 0)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin_key(origin: str) -> str:
    """An origin as `scheme://host:port`, lower case, the port always said ("" when it is
    not one: "null", a path, nonsense)."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return ""
    if not parts.scheme or not parts.hostname or port is None:
        return ""
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


def _no_cors(send: Send) -> Send:
    """Flet answers every request with `Access-Control-Allow-Origin: *` (any page may read
    what the server answers); the header is taken out: only the page's own origin reads."""
    async def without(message: Message) -> None:
        if message.get("type") == "http.response.start":
            message["headers"] = [(k, v) for k, v in message.get("headers") or ()
                                  if bytes(k).lower() != b"access-control-allow-origin"]
        await send(message)
    return without


async def _refuse_websocket(scope: Scope, receive: Receive, send: Send, why: str,
                            quiet: bool = False) -> None:
    """Refuse a websocket before it opens (the browser sees HTTP 403), with one log line."""
    if not quiet:
        client = scope.get("client") or ("?", 0)
        log(f"refused a connection from {client[0]}:{client[1]}: {why}")
    with contextlib.suppress(Exception):
        await receive()  # websocket.connect
        await send({"type": "websocket.close", "code": 1008})


async def _forbidden(scope: Scope, send: Send, why: str) -> None:
    client = scope.get("client") or ("?", 0)
    log(f"refused a request from {client[0]}:{client[1]}: {why}")
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
    await send({"type": "http.response.body", "body": b"Forbidden"})


def _accepted_languages(scope: Scope) -> list[str]:
    """The languages a browser asks for (its Accept-Language), best first."""
    ranked = []
    for n, part in enumerate((_header(scope, b"accept-language") or "")[:500].split(",")):
        code, _semicolon, weight = part.strip().partition(";")
        try:
            q = float(weight.strip().removeprefix("q=")) if weight else 1.0
        except ValueError:
            q = 0.0
        if code and q > 0:
            ranked.append((-q, n, code))
    return [code for _q, _n, code in sorted(ranked)]


async def _misdirected(scope: Scope, receive: Receive, send: Send, why: str) -> None:
    """A request to a name this server does not answer to: one log line, and 421
    (Misdirected Request) with a sentence in the browser's language (a player who opened
    the server at a name its operator did not give, behind a proxy, reads what to do);
    a websocket is refused before it opens (the browser sees 403)."""
    if scope["type"] == "websocket":
        await _refuse_websocket(scope, receive, send, why)
        return
    client = scope.get("client") or ("?", 0)
    log(f"refused a request from {client[0]}:{client[1]}: {why}")
    with i18n.language(i18n.first_supported(_accepted_languages(scope))):
        body = i18n.translated(S.WRONG_HOST).encode()
    await send({"type": "http.response.start", "status": 421,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def _not_found(send: Send) -> None:
    await send({"type": "http.response.start", "status": 404,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
    await send({"type": "http.response.body", "body": b"Not found"})


def _log_late(at: float, late_s: float, busy_s: float) -> None:
    log(f"event loop late by {late_s * 1000:.0f} ms ({busy_s * 1000:.0f} ms of it running "
        f"Python on the loop) at {at:.3f}")


async def watch_loop(threshold_s: float,
                     report: Callable[[float, float, float], None] = _log_late,
                     tick_s: float = 0.02) -> None:
    """Report each time a `tick_s` timer fires `threshold_s` or more late: every session
    waited as long. `report` gets the monotonic clock (the same in every process of the
    machine, for benchmarks to match with what their clients did then), the lateness and the
    CPU time the loop's thread used meanwhile, all in seconds: a loop busy with work uses
    the CPU all along; a process the system did not let run (other processes had the
    cores) uses next to none."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + tick_s
        cpu = time.thread_time()
        await asyncio.sleep(tick_s)
        late = loop.time() - due
        if late >= threshold_s:
            # the CPU was read over the whole tick: no more of it than the lateness counts
            report(time.monotonic(), late, min(time.thread_time() - cpu, late))


def loop_watcher() -> Callable[[], None] | None:
    """A startup hook that runs `watch_loop` when `LOOP_LAG_ENV` asks for it, else None."""
    raw = os.environ.get(LOOP_LAG_ENV, "").strip()
    if not raw:
        return None
    threshold_s = max(float(raw), 1.0) / 1000
    tasks: list[asyncio.Task[None]] = []

    def begin() -> None:
        tasks.append(asyncio.get_running_loop().create_task(watch_loop(threshold_s)))

    return begin


class _OneLine(logging.Filter):
    """A library's log record with a traceback, written as one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            err = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({err!r})" if err else record.getMessage()
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


class _CutConnections(logging.Filter):
    """uvicorn's "Cancel N running task(s), timeout graceful shutdown exceeded" is kept for
    the server's one stop line instead of a line of its own."""

    cut = 0

    def filter(self, record: logging.LogRecord) -> bool:
        # (uvicorn logs some errors as the exception itself: a port in use is an OSError)
        if isinstance(record.msg, str) and record.msg.startswith("Cancel %s running task") \
                and record.args:
            _CutConnections.cut = int(record.args[0])  # type: ignore[index,call-overload]
            return False
        return True


def quiet_logs() -> None:
    """Tracebacks from Flet and uvicorn about a client's messages become one line each."""
    for name in ("flet", "flet_web.fastapi", "flet_object_patch", "flet_transport",
                 "uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(_OneLine())
    logging.getLogger("uvicorn.error").addFilter(_CutConnections())


def build_app(main: Callable[[ft.Page], Awaitable[None]], upload_dir: Path | None,
              session_timeout_s: int, on_stop: Callable[[], None] | None = None,
              assets_dir: Path | None = None,
              origins: frozenset[str] = frozenset(),
              web_names: Mapping[str, str] | None = None,
              kept: ClosedSessions | None = None, upload_idle_s: float = UPLOAD_IDLE_S,
              tend_every_s: float = TEND_EVERY_S,
              sessions_per_address: int = SESSIONS_PER_ADDRESS,
              hosts: frozenset[str] = frozenset()) -> Guard:
    """Flet's app for `main` (offline: no CDN), without API docs, behind the guard, which
    answers requests to an address, localhost and the names in `hosts`, takes websockets
    and uploads from the page's own origin and from `origins`, at most
    `sessions_per_address` sessions per client address. `on_stop` runs when the server
    stops. `web_names`: Flet's own `app_name`, `app_short_name` and `app_description` for
    the page and its manifest. `kept`, `upload_idle_s` and `tend_every_s`: the guard's
    bounds and timings (the defaults but in tests)."""
    inner = flet_app(main, upload_dir=str(upload_dir) if upload_dir else None, no_cdn=True,
                     assets_dir=str(assets_dir) if assets_dir else None,
                     session_timeout_seconds=session_timeout_s,
                     max_upload_size=MAX_IMPORT_BYTES, **(web_names or {}))
    flet_door.cheap_message_repr()
    flet_door.scalars_not_walked()
    flet_door.cached_event_types()
    flet_door.lean_validation()
    flet_door.one_patch_per_pass()
    flet_door.no_cycles_per_render()
    flet_door.quiet_after_disconnect()
    flet_door.sessions_always_let_go()
    guard_tasks: list[asyncio.Task[None]] = []
    watcher = loop_watcher()

    def begin() -> None:
        loop = asyncio.get_running_loop()
        guard_tasks.append(loop.create_task(guard.tend_forever()))
        every = collector.settle_every()
        if every:  # the collector's pauses kept short (ui/web/collector.py)
            settler = collector.Settler(
                swept=gc.get_freeze_count(), sessions=flet_door.count_sessions(),
                judged_every=max(1, round(collector.SWEEP_JUDGED_S / every)))
            guard_tasks.append(loop.create_task(collector.settle_forever(settler, every, log)))
        if watcher:
            watcher()

    outer = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, on_startup=[begin],
                    on_shutdown=[on_stop] if on_stop else None)
    outer.mount("/", inner)
    guard = Guard(outer, upload_dir, origins, kept, upload_idle_s, tend_every_s,
                  sessions_per_address=sessions_per_address, hosts=hosts)
    flet_door.keep_closed_sessions(_CONNECTION, guard.kept)
    guard.cut = flet_door.cut_deleted_sessions()  # freed by reference counting, not a sweep
    return guard


def raise_open_files() -> int:
    """The open-file soft limit raised to the hard limit (a desktop's 1,024 is a few hundred
    phones' connections); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class _Stop(Exception):
    """SIGINT or SIGTERM, raised once uvicorn has stopped (it raises the signal again)."""


def _stop(sig: int, _frame: object) -> None:
    raise _Stop(sig)


def server_config(app: Guard, host: str, port: int,
                  trusted_proxies: tuple[Network, ...] = (), certfile: str | None = None,
                  keyfile: str | None = None, max_connections: int = MAX_CONNECTIONS,
                  open_files: int | None = None) -> uvicorn.Config:
    """uvicorn's settings for the guarded app: see the module's docstring. At most
    `max_connections` at once, and fewer when the open-file limit (`open_files`, else the
    process's) leaves less than that after `FD_RESERVE` (16 at the least)."""
    if open_files is None:
        open_files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    protocol = flet_door.HeaderTimeoutH11.limited(
        HEADER_TIMEOUT_S, connections_per_address(app.sessions_per_address), address_key,
        trusted_proxies, HALF_OPEN_PER_ADDRESS)
    return uvicorn.Config(app, host=host, port=port, ws="websockets-sansio",
                          ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False,
                          log_level="warning",
                          timeout_graceful_shutdown=STOP_S, lifespan="on", http=protocol,
                          proxy_headers=bool(trusted_proxies),
                          forwarded_allow_ips=uvicorn_forms(trusted_proxies) or None,
                          limit_concurrency=max(16, min(max_connections,
                                                        open_files - FD_RESERVE)),
                          timeout_keep_alive=int(HEADER_TIMEOUT_S),
                          ssl_certfile=certfile, ssl_keyfile=keyfile)


def serve(app: Guard, host: str, port: int, trusted_proxies: tuple[Network, ...] = (),
          certfile: str | None = None, keyfile: str | None = None) -> None:
    """Serve until SIGTERM or SIGINT (uvicorn's handlers), then stop within STOP_S and say
    so in one line. The client address is the socket's: X-Forwarded-For is read only from
    `trusted_proxies` (uvicorn trusts it from loopback unless told otherwise). Over HTTPS
    (uvicorn's TLS) with `certfile` and `keyfile`."""
    quiet_logs()
    files = raise_open_files()
    # What the app holds once built (modules, Flet's classes, the rulesets) lives as long
    # as the process: moved out of the collector's sight, a full collection under load (a
    # pause of every session, 100-200 ms with 160 sessions open) does not walk it again.
    gc.collect()
    gc.freeze()
    config = server_config(app, host, port, trusted_proxies, certfile, keyfile,
                           open_files=files)
    # our handlers before uvicorn's: it puts them back when it stops and raises the signal
    # again, which ends here (and asyncio installs no KeyboardInterrupt of its own)
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        uvicorn.Server(config).run()
    except _Stop as stop:
        name = signal.Signals(stop.args[0]).name
        cut = _CutConnections.cut
        log(f"stopped ({name}" + (f"; {cut} connections cut after {STOP_S} s)" if cut else ")"))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
