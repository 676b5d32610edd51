"""A minimal Flet 1.0.5 web client over a real websocket, for load and durability tests.

It speaks the protocol the Flutter web client speaks (binary frames `0x00 + msgpack
[action, body]`): registers a session, keeps a mirror of the control tree from the register
answer and every PATCH_CONTROL, answers method calls (routes are pushed, the local storage of
`SharedPreferences` is a dict of this client), and sends clicks and typed values as
UPDATE_CONTROL_PROPS + CONTROL_EVENT. Each event's answer time is measured from sending it to
the last patch before the server goes quiet. A note at the foot of the screen (a SnackBar)
goes as in the browser: when the app closes it, or when its time is up, the client says it
was dismissed (Flet then takes it off the page's list of dialogs).

It relies on Flet internals of the pinned flet==1.0.5 (like tests/ui_tests/flet_client.py)
and connects to loopback only (from `source`, an address of this machine: the capacity
benchmark gives its phones addresses of their own on the loopback interface).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

import msgpack  # type: ignore[import-untyped]
import websockets

from ui.web.flet_door import decode_ext

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5
SESSION_CRASHED = 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


def _pack(action: int, body: dict[str, Any]) -> bytes:
    return b"\x00" + bytes(msgpack.packb([action, body], use_bin_type=True))


def walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every control (a dict with `_c`) under `node`, depth first, in document order."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if "_c" in n:
                yield n
            stack.extend(reversed(list(n.values())))
        elif isinstance(n, list):
            stack.extend(reversed(n))


def label(c: dict[str, Any]) -> str:
    """The words a control shows (as tests/ui_tests/flet_client.py reads them)."""
    if c.get("_c") == "Text":
        return str(c.get("value") or "")
    content = c.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, dict) and content.get("_c") == "Text":
        return str(content.get("value") or "")
    if isinstance(content, dict) and content.get("_c") in ("Column", "Row"):
        first = next((x for x in walk(content) if x.get("_c") == "Text"), None)
        if first is not None:  # a card chip: its name, then its details
            return str(first.get("value") or "")
    tooltip = c.get("tooltip")
    if isinstance(tooltip, dict):  # a Tooltip (ui.screens.a11y.quiet_tooltip): its words
        tooltip = tooltip.get("message")
    return str(c.get("label") or tooltip or "")


class FletWsClient:
    """One browser tab on a Flet app served at `url` (ws://127.0.0.1:PORT/ws)."""

    def __init__(self, url: str, route: str = "/", width: int = 360, height: int = 740,
                 quiet: float = 0.05, headers: dict[str, str] | None = None,
                 source: str = "") -> None:
        if not url.startswith("ws://127.0.0.1:"):
            raise ValueError("loopback only")
        self.url = url
        self.source = source
        """The address this client connects from ("" = the system's choice, 127.0.0.1)."""
        self.route = route
        self.headers = headers or {}
        """Extra HTTP headers of the websocket's handshake (Origin, X-Forwarded-For...)."""
        self.size = (width, height)
        self.quiet = quiet
        self.page: dict[str, Any] = {}
        self.index: dict[int, dict[str, Any]] = {}
        self.prefs: dict[str, Any] = {}
        self.session_id = ""
        self.crashes: list[str] = []
        self.timings: list[float] = []
        """Seconds from each event sent to the last patch of its answer."""
        self.sent: list[float] = []
        """When each of `timings` was sent (`time.perf_counter()`: the machine's monotonic
        clock on Linux, the same in every process)."""
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._last_message = 0.0
        self._registered = asyncio.Event()
        self.started = 0.0
        self._route_pending = ""
        self.answer_timeout = 1.0
        """How long to wait for an answer to an event that may change nothing on screen."""
        self._snack_bars: set[int] = set()
        """The ids of the notes (SnackBars) on the page."""
        self._bars: dict[int, bool] = {}
        """The notes (SnackBars) shown, by id: whether the client said they were dismissed."""
        self._timers: list[asyncio.TimerHandle] = []
        self._tasks: set[asyncio.Future[None]] = set()

    # connection
    async def start(self, session_id: str = "") -> FletWsClient:
        bind: dict[str, Any] = {"local_addr": (self.source, 0)} if self.source else {}
        self._ws = await websockets.connect(self.url, max_size=2**24, open_timeout=20,
                                            ping_interval=None,
                                            additional_headers=self.headers, **bind)
        self._reader = asyncio.create_task(self._read())
        page = {"route": self.route, "width": self.size[0], "height": self.size[1],
                "web": True, "pwa": False, "debug": False, "platform": "linux",
                "platform_brightness": "light", "media": {}, "window": {}}
        await self._ws.send(_pack(REGISTER_CLIENT, {"session_id": session_id,
                                                    "page_name": "", "page": page}))
        registered = asyncio.ensure_future(self._registered.wait())
        await asyncio.wait({registered, self._reader}, timeout=30,
                           return_when=asyncio.FIRST_COMPLETED)
        if not self._registered.is_set():
            registered.cancel()
            if self.closed:
                raise ConnectionError("the connection closed before the app answered")
            raise TimeoutError("no answer to the registration in 30 s")
        end = time.perf_counter() + 30  # main() asks the client's storage before it renders
        while not self._rendered() and time.perf_counter() < end:
            await asyncio.sleep(0.01)
            if self.crashes:
                raise AssertionError(self.crashes[0])
            if self.closed:
                raise ConnectionError("the connection closed before the screen came")
        self.started = time.perf_counter()
        await self.settle(since=0.0)
        return self

    @property
    def closed(self) -> bool:
        """The connection is gone (the server went away, or `close`)."""
        return self._reader is not None and self._reader.done()

    def _rendered(self) -> bool:
        try:
            return bool(self.title())
        except AssertionError:
            return False

    async def close(self) -> None:
        for timer in self._timers:
            timer.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def _read(self) -> None:
        try:
            await self._read_frames()
        except websockets.ConnectionClosed:
            pass
        except Exception as err:  # a bug here must show, not hang the caller
            self.crashes.append(f"client: {type(err).__name__}: {err}")
            raise

    async def _read_frames(self) -> None:
        async for frame in self._ws:
            if not isinstance(frame, bytes) or not frame or frame[0] != 0:
                continue
            action, body = msgpack.unpackb(frame[1:], ext_hook=decode_ext,
                                           strict_map_key=False)
            self._last_message = time.perf_counter()
            if action == REGISTER_CLIENT:
                self.session_id = body["session_id"]
                if body.get("error"):
                    self.crashes.append(str(body["error"]))
                self.page = body["page_patch"]
                self._reindex()
                self._registered.set()
                await self._notes()
            elif action == PATCH_CONTROL:
                target = self.index.get(body["id"])
                if target is not None:
                    self._apply(target, body["patch"])
                    await self._notes()
            elif action == INVOKE_METHOD:
                await self._answer(body)
            elif action == SESSION_CRASHED:
                self.crashes.append(str(body))

    async def _notes(self) -> None:
        """What the browser does with the notes at the foot of the screen: a note the app
        closed is dismissed (after its slide out, which the browser plays); one whose time is
        up is closed and dismissed by the client."""
        loop = asyncio.get_running_loop()
        for bar in list(self._snack_bars):
            c = self.index[bar]
            if c.get("open") and bar not in self._bars:
                self._bars[bar] = False
                after = float(c.get("duration") or 4000) / 1000
                self._timers.append(loop.call_later(after, self._time_up, bar))
            elif not c.get("open") and self._bars.get(bar) is False:
                await self._dismiss(bar, False)

    def _time_up(self, bar: int) -> None:
        self._tasks.add(task := asyncio.ensure_future(self._dismiss(bar, True)))
        task.add_done_callback(self._tasks.discard)

    async def _dismiss(self, bar: int, timed_out: bool) -> None:
        if self._bars.get(bar) is not False or bar not in self.index:
            return  # said already, or taken off the page by the app (nothing to dismiss)
        self._bars[bar] = True
        with contextlib.suppress(websockets.ConnectionClosed):
            if timed_out:
                await self._ws.send(_pack(UPDATE_CONTROL_PROPS, {"id": bar,
                                                                 "props": {"open": False}}))
            await self._ws.send(_pack(CONTROL_EVENT, {"target": bar, "name": "dismiss",
                                                      "data": None}))

    async def _answer(self, body: dict[str, Any]) -> None:
        name, args = body["name"], body.get("args") or {}
        result: Any = None
        if name == "get":
            result = self.prefs.get(str(args.get("key")))
        elif name == "set":
            self.prefs[args["key"]] = args["value"]
            result = True
        elif name == "contains_key":
            result = args.get("key") in self.prefs
        await self._ws.send(_pack(INVOKE_METHOD, {
            "control_id": body["control_id"], "call_id": body["call_id"],
            "result": result, "error": None}))
        if name == "push_route":
            await self._navigate(str(args["route"]))

    async def _navigate(self, route: str) -> None:
        self._route_pending = route
        page_id = self.page["_i"]
        self.page["route"] = route
        await self._ws.send(_pack(UPDATE_CONTROL_PROPS, {"id": page_id,
                                                         "props": {"route": route}}))
        await self._ws.send(_pack(CONTROL_EVENT, {"target": page_id, "name": "route_change",
                                                  "data": {"route": route}}))

    # the mirror of the control tree
    def _reindex(self) -> None:
        self.index = {}
        self._snack_bars = set()
        self._index_in(self.page)

    def _index_in(self, value: Any) -> None:
        for c in walk(value):
            if "_i" in c:
                self.index[c["_i"]] = c
                if c.get("_c") == "SnackBar":
                    self._snack_bars.add(c["_i"])

    def _index_out(self, value: Any) -> None:
        for c in walk(value):
            if "_i" in c:
                self.index.pop(c["_i"], None)
                self._snack_bars.discard(c["_i"])

    def _apply(self, root: dict[str, Any], patch: list[Any]) -> None:
        """Apply a patch to the control `root`, keeping the index by id as it goes (each
        replaced or removed subtree out, each new one in: a patch costs what it touches, not
        a walk of the whole page, so hundreds of phones in one process stay cheap)."""
        paths: dict[int, list[Any]] = {}

        def collect(node: list[Any], parts: list[Any]) -> None:
            paths[node[0]] = parts
            if len(node) > 1:
                for key, child in node[1].items():
                    collect(child, [*parts, key])
        collect(patch[0], [])

        def resolve(node: int) -> Any:
            obj: Any = root
            for part in paths[node]:
                obj = obj[part]
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == REPLACE:
                parent = resolve(op[1])
                if isinstance(parent, dict) or -len(parent) <= op[2] < len(parent):
                    self._index_out(parent[op[2]] if isinstance(parent, list)
                                    else parent.get(op[2]))
                parent[op[2]] = op[3]
                self._index_in(op[3])
            elif kind == ADD:
                parent = resolve(op[1])
                if isinstance(parent, list):
                    parent.insert(op[2], op[3])
                else:
                    self._index_out(parent.get(op[2]))
                    parent[op[2]] = op[3]
                self._index_in(op[3])
            elif kind == REMOVE:
                parent = resolve(op[1])
                if isinstance(parent, list):
                    self._index_out(parent[op[2]])
                    del parent[op[2]]
                else:
                    self._index_out(parent.pop(op[2], None))
            elif kind == MOVE:
                source = resolve(op[1])
                value = source.pop(op[2])
                target = resolve(op[3])
                if isinstance(target, list):
                    target.insert(op[4], value)
                else:
                    target[op[4]] = value

    # reading the screen
    def top(self) -> dict[str, Any]:
        views = [c for c in walk(self.page.get("views", [])) if c.get("_c") == "View"]
        if not views:
            raise AssertionError("no view rendered")
        return views[-1]

    def controls(self) -> list[dict[str, Any]]:
        return list(walk(self.top()))

    def texts(self) -> list[str]:
        return [label(c) for c in self.controls() if c.get("_c") == "Text"]

    def all_texts(self) -> list[str]:
        """The words of every view on the page (the stack under the top one too)."""
        return [label(c) for c in walk(self.page) if c.get("_c") == "Text"]

    def title(self) -> str:
        bar = self.top().get("appbar")
        title = bar.get("title") if isinstance(bar, dict) else None
        while isinstance(title, dict) and title.get("_c") in ("C", "Semantics"):
            # a part that renders it, or the label around it that a page finds it by
            title = title.get("_b") if title.get("_c") == "C" else title.get("content")
        return label(title) if isinstance(title, dict) else ""

    def has(self, text: str, exact: bool = False) -> bool:
        return any(t == text or (not exact and text in t) for t in self.texts())

    async def wait_for(self, text: str, kind: str = "", exact: bool = True,
                       timeout: float = 30.0) -> dict[str, Any]:
        """`find`, waiting for the control to appear (an answer may come in several patches)."""
        end = time.perf_counter() + timeout
        while True:
            try:
                return self.find(text, kind, exact)
            except AssertionError:
                if time.perf_counter() > end or self.crashes:
                    raise
                await asyncio.sleep(0.01)

    def find(self, text: str, kind: str = "", exact: bool = True) -> dict[str, Any]:
        for c in self.controls():
            if c.get("_c") == "Text" or (kind and c.get("_c") != kind):
                continue
            got = label(c)
            if got == text or (not exact and text in got):
                return c
        raise AssertionError(f"no {kind or 'control'} labelled {text!r} on {self.title()!r}")

    # acting
    async def settle(self, timeout: float = 60.0, since: float | None = None,
                     expect: bool = True) -> None:
        """Wait for the answer: the view of a pushed route, else the first message after
        `since` (if none is expected, at most `answer_timeout`), then `quiet` seconds without
        one and no progress ring on screen."""
        begin = time.perf_counter()
        end = begin + timeout
        since = begin if since is None else since
        while time.perf_counter() < end:  # an answer at all
            if self.crashes:
                raise AssertionError(self.crashes[0])
            if self.closed:  # no answer can come: as a browser, know it at once
                raise ConnectionError("the connection closed before the answer")
            if self._route_pending:
                if self._top_route() == self._route_pending:
                    self._route_pending = ""
                    break
            elif (self._last_message > since
                  or (not expect and time.perf_counter() - begin > self.answer_timeout)):
                break
            await asyncio.sleep(0.005)
        else:
            raise AssertionError(f"no answer in {timeout} s (route {self._route_pending!r})")
        while time.perf_counter() < end:  # then the rest of it
            await asyncio.sleep(self.quiet / 2)
            if self._route_pending:  # the answer pushed another route: its view first
                if self._top_route() != self._route_pending:
                    continue
                self._route_pending = ""
            if time.perf_counter() - self._last_message >= self.quiet and not self.busy():
                break
        if self.crashes:
            raise AssertionError(self.crashes[0])

    def busy(self) -> bool:
        """Whether the screen shows the app's progress ring (`ui.screens.widgets.busy_overlay`)."""
        try:
            controls = self.controls()
        except AssertionError:
            return False
        for c in controls:
            if c.get("_c") == "Semantics" and c.get("identifier") == "busy":
                if c.get("visible", True) is False:  # idle: the overlay itself is hidden
                    return False
                row = c.get("content")
                return (c.get("visible", True) is not False and isinstance(row, dict)
                        and row.get("visible", True) is not False)
        return False

    def _top_route(self) -> str:
        try:
            return str(self.top().get("route", ""))
        except AssertionError:
            return ""

    async def _event(self, messages: list[bytes], expect: bool) -> None:
        sent = time.perf_counter()
        for m in messages:
            await self._ws.send(m)
        await self.settle(since=sent, expect=expect)
        self.sent.append(sent)
        self.timings.append(max(self._last_message - sent, 0.0))

    async def tap(self, text: str, exact: bool = True, expect: bool = True) -> None:
        """Click a control; `expect`: wait for the screen to change (else answer_timeout)."""
        c = await self.wait_for(text, exact=exact)
        if c.get("disabled"):
            raise AssertionError(f"{text!r} is disabled")
        if c.get("_c") == "Radio":  # one of a few (a wonder board): its group changes
            group = next(g for g in self.controls() if g.get("_c") == "RadioGroup"
                         and any(r is c for r in walk(g)))
            value = c.get("value")
            if group.get("value") == value:
                return
            group["value"] = value
            await self._event([
                _pack(UPDATE_CONTROL_PROPS, {"id": group["_i"], "props": {"value": value}}),
                _pack(CONTROL_EVENT, {"target": group["_i"], "name": "change", "data": value}),
            ], expect)
            return
        await self._event([_pack(CONTROL_EVENT, {"target": c["_i"], "name": "click",
                                                 "data": None})], expect)

    async def type(self, field_label: str, value: str, expect: bool = True) -> None:
        """Type into a field and leave it, as a thumb does (a number field saves when it
        loses focus, not per keystroke)."""
        c = await self.wait_for(field_label, "TextField")
        c["value"] = value
        await self._event([
            _pack(CONTROL_EVENT, {"target": c["_i"], "name": "focus", "data": None}),
            _pack(UPDATE_CONTROL_PROPS, {"id": c["_i"], "props": {"value": value}}),
            _pack(CONTROL_EVENT, {"target": c["_i"], "name": "change", "data": value}),
            _pack(CONTROL_EVENT, {"target": c["_i"], "name": "blur", "data": None}),
        ], expect)

    async def go(self, route: str) -> None:
        sent = time.perf_counter()
        await self._navigate(route)
        await self.settle(since=sent)
        self.sent.append(sent)
        self.timings.append(max(self._last_message - sent, 0.0))
