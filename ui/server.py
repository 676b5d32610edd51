"""The web server around the app: Flet's FastAPI app under a guard, served by uvicorn.

`ft.run` builds the same app but leaves no say over what one careless or hostile client
can do to the others sharing the event loop. Here:

- a websocket message is at most `WS_MAX_BYTES` (uvicorn closes the connection, code
  1009, before reading a larger frame; any table fits in a fraction of it);
- every message from a browser is checked against the shape of Flet's protocol before Flet
  sees it (a binary frame, msgpack `[action, body]` with the body's fields, registration
  first): anything else closes that connection with code 1008 and one log line, instead of
  a traceback and a handler that never ends (Flet waits forever on a connection that broke
  before it registered; such a handler is cancelled a few seconds after its client went);
- FastAPI's `/docs`, `/redoc` and `/openapi.json` are not served;
- an upload that did not complete (refused as too big, cut off) leaves no file behind;
- SIGTERM and SIGINT stop the server within `STOP_S` seconds, whatever the clients do;
- a message to a browser costs no more than its encoding (`cheap_message_repr`);
- the session of a refused connection is let go at once (`release_refused_sessions`), not
  kept the 10 minutes a closed tab's session waits for its phone to come back.

With `WONDERS_LOOP_LAG_MS=N` in the environment the server also logs, for benchmarks, each
time its event loop woke a timer N ms or more late (what every session then waited on).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import gc
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import flet as ft
import msgpack  # type: ignore[import-untyped]
import uvicorn
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    RegisterClientRequestBody,
    UpdateControlPropsBody,
)
from flet.messaging.protocol import (
    Message as FletMessage,
)
from flet_web.fastapi import app as flet_app  # type: ignore[import-untyped]
from flet_web.fastapi.flet_app_manager import (  # type: ignore[import-untyped]
    app_manager as flet_sessions,
)
from flet_web.fastapi.flet_fastapi import FastAPI  # type: ignore[import-untyped]

from ui.export import MAX_IMPORT_BYTES

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

_BODIES: dict[int, type] = {
    1: RegisterClientRequestBody,
    3: ControlEventBody,
    4: UpdateControlPropsBody,
    5: InvokeMethodResponseBody,
}
"""The messages a browser sends (Flet's MessageAction values) and their bodies."""
_INTS = {"target", "id", "control_id"}
_STRS = {"name", "call_id", "page_name"}


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
    kind = _BODIES.get(action)
    if kind is None:
        return f"an unknown action {action}"
    if not registered and action != 1:
        return "a message before the client registered"
    if not isinstance(body, dict):
        return "a message body that is not a map"
    fields = {f.name for f in dataclasses.fields(kind)}
    if set(body) != fields:
        return "a message body without the protocol's fields"
    for key, value in body.items():
        if key in _INTS and not (isinstance(value, int) and not isinstance(value, bool)):
            return f"a message whose {key} is not a number"
        if key in _STRS and not isinstance(value, str):
            return f"a message whose {key} is not text"
    if action == 1 and not isinstance(body["page"], dict):
        return "a registration without a page"
    if action == 4 and not isinstance(body["props"], dict):
        return "a property update that is not a map"
    return ""


@dataclasses.dataclass
class _Connection:
    """What the guard knows of one websocket connection, seen by the code that runs in its
    handler (Flet's, through `_CONNECTION`)."""

    refused: bool = False


_CONNECTION: contextvars.ContextVar[_Connection | None] = contextvars.ContextVar(
    "wonders_connection", default=None)


def release_refused_sessions() -> None:
    """When a connection ends, Flet keeps its session for the phone to come back (the
    session timeout, 10 minutes); a refused connection's session is deleted at once, as an
    expired one is: a hostile client leaves nothing behind to hold memory, and each full
    garbage collection (a pause of every session) has that much less to walk. Flet's
    handler tells the end of a connection to its session manager from within the
    connection's context, where the guard put what it knows of it."""
    if getattr(flet_sessions, "_wonders_guarded", False):
        return
    disconnect = flet_sessions.disconnect_session

    async def disconnect_session(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        state = _CONNECTION.get()
        if state is not None and state.refused:
            await flet_sessions.delete_session(session_id)

    flet_sessions.disconnect_session = disconnect_session
    flet_sessions._wonders_guarded = True


class Guard:
    """ASGI middleware in front of Flet's app: see the module's docstring."""

    def __init__(self, app: ASGIApp, upload_dir: Path | None) -> None:
        self.app = app
        self.upload_dir = upload_dir

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http" and scope.get("path") in DOC_PATHS:
            await _not_found(send)
        elif scope["type"] == "http" and scope.get("method") == "PUT" and self.upload_dir:
            await self._upload(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client") or ("?", 0)
        who = f"{client[0]}:{client[1]}"
        gone = asyncio.Event()
        closed = False
        registered = False
        state = _Connection()

        async def guarded_receive() -> Message:
            nonlocal closed, registered
            message = await receive()
            kind = message.get("type")
            if kind == "websocket.receive":
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
        context.run(_CONNECTION.set, state)  # what Flet's handler runs in: see release_...

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
            elif not handler.cancelled() and handler.exception() is not None:
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


def _message_repr(self: FletMessage) -> str:
    return f"Message({self.action.name}, {type(self.body).__name__})"


def cheap_message_repr() -> None:
    """Flet 1.0.5 formats every message it sends for a debug log line, even when debug logs
    are off (`transport_log.debug(f"send_message: {message}")` in flet_web's FletApp): the
    dataclass repr of the whole patch, every control in it field by field. Measured under
    attack, that was a fifth of the server's CPU, all of it on the event loop, inside the
    re-render of a screen (py-spy, BENCHMARKS.md "Under attack"). The message's repr is
    made its action and the kind of its body: the debug line still says what was sent."""
    FletMessage.__repr__ = _message_repr  # type: ignore[method-assign,assignment]


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


def quiet_logs() -> None:
    """Tracebacks from Flet and uvicorn about a client's messages become one line each."""
    for name in ("flet", "flet_web.fastapi", "flet_object_patch", "flet_transport",
                 "uvicorn.error"):
        logging.getLogger(name).addFilter(_OneLine())


def build_app(main: Callable[[ft.Page], Awaitable[None]], upload_dir: Path | None,
              session_timeout_s: int, on_stop: Callable[[], None] | None = None,
              assets_dir: Path | None = None,
              web_names: Mapping[str, str] | None = None) -> Guard:
    """Flet's app for `main` (offline: no CDN), without API docs, behind the guard.
    `on_stop` runs when the server stops (uvicorn then re-raises SIGTERM, which ends the
    process at once: a `finally` after `serve` would not run). `web_names`: Flet's own
    `app_name`, `app_short_name` and `app_description` for the page and its manifest."""
    inner = flet_app(main, upload_dir=str(upload_dir) if upload_dir else None, no_cdn=True,
                     assets_dir=str(assets_dir) if assets_dir else None,
                     session_timeout_seconds=session_timeout_s,
                     max_upload_size=MAX_IMPORT_BYTES, **(web_names or {}))
    cheap_message_repr()
    release_refused_sessions()
    watcher = loop_watcher()
    outer = FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                    on_startup=[watcher] if watcher else None,
                    on_shutdown=[on_stop] if on_stop else None)
    outer.mount("/", inner)
    return Guard(outer, upload_dir)


def serve(app: Guard, host: str, port: int, certfile: str | None = None,
          keyfile: str | None = None) -> None:
    """Serve until SIGTERM or SIGINT (uvicorn's handlers), then stop within STOP_S; over
    HTTPS (uvicorn's TLS) with `certfile` and `keyfile`."""
    quiet_logs()
    # What the app holds once built (modules, Flet's classes, the rulesets) lives as long
    # as the process: moved out of the collector's sight, a full collection under load (a
    # pause of every session, 100-200 ms with 160 sessions open) does not walk it again.
    gc.collect()
    gc.freeze()
    config = uvicorn.Config(app, host=host, port=port, ws="websockets-sansio",
                            ws_max_size=WS_MAX_BYTES, log_level="warning",
                            timeout_graceful_shutdown=STOP_S, lifespan="on",
                            ssl_certfile=certfile, ssl_keyfile=keyfile)
    uvicorn.Server(config).run()
