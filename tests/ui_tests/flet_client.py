"""An in-process stand-in for the Flet browser client, for screen tests without a browser.

It drives a real `flet.messaging.session.Session` through a recording `Connection` the way the
web client would: it sends the page patch (route, size), runs the app's `main`, answers
`push_route` by applying the route and dispatching `route_change`, and yields to the event
loop until the session's update scheduler is idle. Every message is serialised as the socket
server does, because Flet takes its diff snapshots at serialisation time.

It reaches Flet's internals through `ui/web/flet_door.py` only (which checks Flet's version).
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft
import msgpack  # type: ignore[import-untyped]

from ui.screens.note_strip import NOTE_ID
from ui.web.flet_door import (
    BaseControl,
    Component,
    Connection,
    Message,
    MessageAction,
    PubSubHub,
    Session,
    context_page,
    encode_object,
)

_encode = encode_object(BaseControl)  # type: ignore[no-untyped-call]


DEVICE = "test-device"
"""The device key of a client's browser unless a test gives another storage."""


def shared_hub() -> PubSubHub:
    """One server's pub/sub hub, for several clients of one server (call in the test's loop)."""
    return PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(max_workers=4))


class RecordingConnection(Connection):
    def __init__(self, loop: asyncio.AbstractEventLoop, hub: PubSubHub | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=4)
        self.pubsubhub = hub or PubSubHub(loop=loop, executor=self.executor)
        self.page_url = "http://127.0.0.1:8550"
        self.session: Session | None = None
        self.crashes: list[str] = []
        self.invoked: list[tuple[str, Any]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.storage: dict[str, Any] | None = None
        """The browser's local storage (SharedPreferences); None: answers nothing."""
        self.upload_dir: Path | None = None
        """Where the server's upload handler writes uploaded files."""
        self.picked: dict[int, bytes] = {}
        """The files picked in the browser's file dialog, by their id."""
        self.uploads_stop_half_way = False
        """A browser that PUTs each file and never says its upload completed."""
        self.downloads: list[tuple[str, bytes]] = []
        """Files the app had the browser save (save_file): name, contents."""
        self.languages: list[str] = []
        """The browser's preferred languages (navigator.languages); []: it says none."""
        self.refused: set[str] = set()
        """Methods the browser answers with an error (a clipboard that refuses)."""

    def get_upload_url(self, file_name: str, expires: int) -> str:
        return f"/upload?f={file_name}&e={expires}"

    def send_message(self, message: Message) -> None:
        msgpack.packb([message.action, message.body], default=_encode)
        if message.action == MessageAction.SESSION_CRASHED:
            self.crashes.append(str(message.body))
        elif message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            self.invoked.append((body.name, body.args))
            task = asyncio.get_running_loop().create_task(self._answer(body))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _answer(self, body: Any) -> None:
        session = self.session
        assert session is not None
        control = session.index.get(body.control_id)
        result: Any = None
        if isinstance(control, ft.SharedPreferences) and self.storage is not None:
            if body.name == "get":
                result = self.storage.get(body.args["key"])
            elif body.name == "set":
                self.storage[body.args["key"]] = body.args["value"]
                result = True
        elif body.name == "get_device_info" and self.languages:
            result = {"browser_name": "chrome", "languages": self.languages,
                      "locales": [{"language_code": x.split("-")[0]} for x in self.languages]}
        elif isinstance(control, ft.FilePicker) and body.name == "save_file":
            self.downloads.append((body.args["file_name"], bytes(body.args["src_bytes"])))
        error = f"{body.name} refused" if body.name in self.refused else None
        session.handle_invoke_method_results(body.control_id, body.call_id, result, error)
        if isinstance(control, ft.FilePicker) and body.name == "upload":
            await self._upload(control, body.args["files"])
        if body.name == "push_route":
            route = body.args["route"]
            session.apply_page_patch({"route": route})
            await session.dispatch_event(session.page._i, "route_change", {"route": route})


    async def _upload(self, picker: ft.FilePicker, files: list[Any]) -> None:
        """What the browser does on FilePicker.upload: PUT each picked file to its signed
        URL (here: written where the server's handler would), reporting progress."""
        session = self.session
        assert session is not None
        for f in files:
            name = parse_qs(urlsplit(f.upload_url).query)["f"][0]
            await session.dispatch_event(picker._i, "upload", {"file_name": name,
                                                               "progress": 0.0})
            if self.upload_dir is None:
                await session.dispatch_event(picker._i, "upload", {
                    "file_name": name, "error": "405 Method Not Allowed"})
                continue
            (self.upload_dir / name).write_bytes(self.picked[f.id])
            await session.dispatch_event(picker._i, "upload", {
                "file_name": name, "progress": 0.5 if self.uploads_stop_half_way else 1.0})


def _children(c: Any) -> Iterator[Any]:
    if isinstance(c, (list, tuple)):
        yield from c
    elif isinstance(c, BaseControl):
        for f in dataclasses.fields(c):
            if f.name.startswith("_") and f.name != "_b":
                continue
            v = getattr(c, f.name, None)
            if isinstance(v, (BaseControl, list)):
                yield v


def walk(root: Any) -> Iterator[Any]:
    """Every control under `root`, depth first, in screen order."""
    stack = [root]
    while stack:
        c = stack.pop()
        if isinstance(c, BaseControl):
            yield c
        stack.extend(reversed(list(_children(c))))


def held_chips(root: Any) -> list[Any]:
    """The chips under `root` that are held (`ui.screens.widgets.toggle`: a checked
    checkbox to a screen reader; a held chip is the same kind of button as an unheld one,
    filled by its style), then its radio buttons checked (`ui.screens.widgets.one_of`)."""
    chips = [c.content for c in walk(root) if isinstance(c, ft.Semantics) and c.checked
             and isinstance(c.content, ft.OutlinedButton | ft.FilledButton)]
    radios = [r for g in walk(root) if isinstance(g, ft.RadioGroup)
              for r in walk(g) if isinstance(r, ft.Radio) and r.value == g.value]
    return chips + radios


def label(c: Any) -> str:
    """The words a control shows (button text, field label, text value)."""
    if isinstance(c, ft.Text):
        return str(c.value or "")
    content = getattr(c, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return str(content.value or "")
    if isinstance(content, (ft.Column, ft.Row)):  # a card chip: its name, then its details
        first = next((x for x in walk(content) if isinstance(x, ft.Text)), None)
        if first is not None:
            return str(first.value or "")
    tooltip = getattr(c, "tooltip", "")
    if isinstance(tooltip, ft.Tooltip):  # ui.screens.a11y.quiet_tooltip: its words
        tooltip = tooltip.message
    icon = getattr(c, "icon", None)  # an icon button without a tooltip: its icon's name
    named = icon.semantics_label if isinstance(icon, ft.Icon) else ""
    return str(getattr(c, "label", "") or tooltip or named or "")


def _working() -> bool:
    """Whether a task of the app is still running: an effect that scores off the event loop
    (the pad shows "Scoring..." until it is done), a change heard from another phone. The
    sessions' update schedulers run for as long as the sessions do."""
    here = asyncio.current_task()
    return any(t is not here and not t.done()
               and not getattr(t.get_coro(), "__qualname__", "").endswith("__updates_scheduler")
               for t in asyncio.all_tasks())


class Client:
    """One browser tab: a session on the app, with helpers to read and tap the screen."""

    def __init__(self, main: Callable[[ft.Page], Any], route: str = "/",
                 width: int = 360, height: int = 740, hub: PubSubHub | None = None,
                 device: str | None = DEVICE, address: str = "192.168.1.20") -> None:
        self.main = main
        self.route = route
        self.size = (width, height)
        self.hub = hub
        """The server's pub/sub hub, shared by the clients of one server (None: its own)."""
        self.address = address
        """The client's network address (failed joins are counted per address)."""
        self.conn: RecordingConnection | None = None
        self.session: Session | None = None
        self.storage: dict[str, Any] | None = (
            None if device is None else {"wonders-scorer.device": device})
        """Set before start(): the browser's local storage (shared by tabs of one browser);
        None: a browser that keeps nothing."""
        self.upload_dir: Path | None = None
        """Set before start(): the server's upload folder."""
        self.languages: list[str] = []
        """Set before start(): the browser's preferred languages, best first."""

    async def start(self) -> Client:
        loop = asyncio.get_running_loop()
        self.conn = RecordingConnection(loop, self.hub)
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.conn.storage = self.storage
        self.conn.upload_dir = self.upload_dir
        self.conn.languages = self.languages
        self.session.apply_page_patch(
            {"route": self.route, "width": self.size[0], "height": self.size[1], "web": True,
             "client_ip": self.address})
        context_page.set(self.session.page)
        msgpack.packb(self.session.get_page_patch(),  # type: ignore[no-untyped-call]
                      default=_encode)
        started = self.main(self.session.page)
        if inspect.isawaitable(started):  # an async main (it may ask the client first)
            await started
        await self.session.after_event(self.session.page)
        await self.idle()
        return self

    async def idle(self, rounds: int = 4) -> None:
        """Yield until the update scheduler and pending tasks have nothing left."""
        assert self.session is not None and self.conn is not None
        quiet = 0
        for _ in range(400):
            await asyncio.sleep(0.002)
            pending = (self.session._Session__pending_updates  # type: ignore[attr-defined]
                       or self.session._Session__pending_effects  # type: ignore[attr-defined]
                       or self.conn._tasks or _working())
            quiet = 0 if pending else quiet + 1
            if quiet >= rounds:
                break
        assert not self.conn.crashes, self.conn.crashes[0]
        assert not self.error_boxes(), self.error_boxes()

    def error_boxes(self) -> list[str]:
        """Controls the browser would draw as Flet's red error box instead: a shown
        `Semantics` whose content is hidden ("Semantics.content must be provided and
        visible")."""
        return [f"Semantics {c.identifier!r}" for c in walk(self.page.views)
                if isinstance(c, ft.Semantics) and c.visible is not False
                and (c.content is None or getattr(c.content, "visible", True) is False)]

    @property
    def page(self) -> ft.Page:
        assert self.session is not None
        page: ft.Page = self.session.page
        return page

    def views(self) -> list[ft.View]:
        return [c for c in walk(self.page.views) if isinstance(c, ft.View)]

    def top(self) -> ft.View:
        views = self.views()
        assert views, "no view rendered"
        return views[-1]

    def controls(self) -> list[Any]:
        """The top screen's controls, then those of an open dialog over it."""
        dialogs = [d for d in self.page._dialogs.controls
                   if getattr(d, "open", False)]
        return list(walk(self.top())) + [c for d in dialogs for c in walk(d)]

    def held(self) -> list[Any]:
        """The held chips of the screen (`held_chips`)."""
        return [c for d in [self.top()] for c in held_chips(d)] + [
            c for d in self.page._dialogs.controls if getattr(d, "open", False)
            for c in held_chips(d)]

    def holds(self, name: str) -> bool:
        """Whether the chip or radio button `name` is held (checked) on the screen."""
        return any(label(c) == name for c in self.held())

    def cell(self, identifier: str) -> str:
        """The text of the control marked with this semantics identifier (a pad cell)."""
        for c in self.controls():
            if isinstance(c, ft.Semantics) and c.identifier == identifier:
                return " ".join(label(x) for x in walk(c.content) if isinstance(x, ft.Text))
        raise AssertionError(f"no control {identifier!r} on screen")

    def texts(self) -> list[str]:
        """The words on screen, in order: each text, and each line a span adds to one (a
        card chip's second line: its Age and what it gives)."""
        return [label(c) if isinstance(c, ft.Text) else str(c.text or "").strip("\n")
                for c in self.controls() if isinstance(c, (ft.Text, ft.TextSpan))]

    def title(self) -> str:
        bar = self.top().appbar
        title = getattr(bar, "title", None)
        while isinstance(title, (Component, ft.Semantics)):
            # a part that renders its own words (a watched title), or the label around it
            # that a page finds it by
            title = title._b if isinstance(title, Component) else title.content
        return label(title) if title is not None else ""

    def find(self, text: str, kind: type | tuple[type, ...] = BaseControl,
             exact: bool = True) -> Any:
        for c in self.controls():
            if isinstance(c, kind) and not isinstance(c, ft.Text):
                got = label(c)
                if got == text or (not exact and text in got):
                    return c
        raise AssertionError(f"no {kind} labelled {text!r} on {self.title()!r}: "
                             f"{[label(c) for c in self.controls() if label(c)][:80]}")

    def has(self, text: str, exact: bool = False) -> bool:
        return any(t == text or (not exact and text in t) for t in self.texts())

    async def tap(self, text: str, exact: bool = True) -> None:
        c = self.find(text, exact=exact)
        assert not getattr(c, "disabled", False), f"{text!r} is disabled"
        await self.tap_control(c)

    async def tap_control(self, c: Any) -> None:
        assert self.session is not None
        if isinstance(c, ft.Radio):  # the browser sets its group's value and sends "change"
            group = next(g for g in self.controls() if isinstance(g, ft.RadioGroup)
                         and any(r is c for r in walk(g)))
            if group.value != c.value:
                await self.tap_change(group, c.value)
            return
        await self.session.dispatch_event(c._i, "click", None)
        await self.idle()

    async def tap_change(self, c: Any, value: Any) -> None:
        """Tap a check box or switch: the client sets its value and sends "change"."""
        assert self.session is not None
        self.session.apply_patch(c._i, {"value": value})
        await self.session.dispatch_event(c._i, "change", value)
        await self.idle()

    def steppers(self) -> list[tuple[str, Any, Any]]:
        """Each stepper on screen (`ui.screens.widgets.stepper`), top to bottom: its field's
        label, its - and its +. Two may show one label (the conflict pawn's and Minerva's);
        a field read with words before its label (Minerva's) sits in a `MergeSemantics`."""
        out: list[tuple[str, Any, Any]] = []
        for c in self.controls():
            if isinstance(c, ft.Row) and len(c.controls) == 3:
                minus, shown, plus = c.controls
                field = shown.content if isinstance(shown, ft.MergeSemantics) else shown
                marked = str(getattr(field, "identifier", "") or "")
                if isinstance(field, ft.Semantics) and marked.startswith("number-"):
                    out.append((marked.removeprefix("number-"), minus, plus))
        return out

    def step_button(self, field_label: str, delta: int) -> Any:
        """The - (`delta` -1) or + (1) of the first stepper whose field is `field_label`, in
        any language (its name says whose number and what it is now: "Coins for Ann: 7,
        add one")."""
        for label, minus, plus in self.steppers():
            if label == field_label:
                return plus if delta > 0 else minus
        raise AssertionError(f"no stepper {field_label!r} on {self.title()!r}")

    async def step(self, field_label: str, delta: int) -> None:
        """Tap the stepper's - (`delta` -1) or + (1)."""
        await self.tap_control(self.step_button(field_label, delta))

    async def tap_identifier(self, identifier: str) -> None:
        """Tap the control marked with this semantics identifier (its first tappable)."""
        for c in self.controls():
            if isinstance(c, ft.Semantics) and c.identifier == identifier:
                target = next(x for x in walk(c.content) if getattr(x, "on_click", None))
                await self.tap_control(target)
                return
        raise AssertionError(f"no control {identifier!r} on screen")

    async def type(self, field_label: str, value: str) -> None:
        """Type into a field and leave it (a number field saves then, not per keystroke)."""
        await self.type_only(field_label, value)
        await self.leave(field_label)

    async def type_only(self, field_label: str, value: str) -> None:
        """Type into a field and stay in it (the keyboard still up)."""
        assert self.session is not None
        c = self.find(field_label, ft.TextField)
        await self.session.dispatch_event(c._i, "focus", None)
        self.session.apply_patch(c._i, {"value": value})
        await self.session.dispatch_event(c._i, "change", value)
        await self.idle()

    async def leave(self, field_label: str) -> None:
        """The field loses focus (another tap elsewhere)."""
        assert self.session is not None
        c = self.find(field_label, ft.TextField)
        await self.session.dispatch_event(c._i, "blur", None)
        await self.idle()

    async def drop(self) -> None:
        """The phone loses its connection (a tunnel, a locked screen): the session stays on
        the server, kept for the phone to come back, with nothing to send to."""
        assert self.session is not None
        await self.session.disconnect(600)
        await asyncio.sleep(0.01)

    async def come_back(self) -> None:
        """The phone registers again with its kept session id (a new connection)."""
        assert self.session is not None
        conn = RecordingConnection(asyncio.get_running_loop(), self.hub)
        conn.session = self.session
        conn.storage = self.storage
        conn.upload_dir = self.upload_dir
        conn.languages = self.languages
        self.conn = conn
        context_page.set(self.session.page)
        await self.session.connect(conn)
        await self.idle()

    async def until(self, text: str, seconds: float = 5.0) -> None:
        """Wait until `text` is on screen, or in a short note over it (work done off the
        event loop, in a thread; a change made on another phone)."""
        for _ in range(int(seconds / 0.02)):
            if self.has(text) or any(text in s for s in self.snacks()):
                return
            await asyncio.sleep(0.02)
            await self.idle(rounds=1)
        raise AssertionError(f"{text!r} never showed on {self.title()!r}: {self.texts()[:40]}")

    async def choose_file(self, button: str, name: str, data: bytes) -> None:
        """Tap a button whose action opens the file dialog, and pick one file in it."""
        assert self.session is not None and self.conn is not None
        c = self.find(button)
        assert not getattr(c, "disabled", False), f"{button!r} is disabled"
        action = c.action
        assert isinstance(action, ft.PickFiles), f"{button!r} opens no file dialog"
        file_id = len(self.conn.picked)
        self.conn.picked[file_id] = data
        await self.session.dispatch_event(action.file_picker._i, "result", {
            "files": [{"id": file_id, "name": name, "size": len(data)}]})
        await self.idle()

    async def go(self, route: str) -> None:
        assert self.session is not None
        self.session.apply_page_patch({"route": route})
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})
        await self.idle()

    def note(self) -> ft.Semantics | None:
        """The note at the foot of the screen (`ui.screens.note_strip`), while it shows."""
        for c in walk(self.top()):
            if isinstance(c, ft.Semantics) and c.identifier == NOTE_ID and c.content is not None:
                return c
        return None

    def snacks(self) -> list[str]:
        """The short note at the foot of the screen, while it shows (who changed what on
        another phone; this phone's own change)."""
        note = self.note()
        if note is None:
            return []
        return [label(next(x for x in walk(note) if isinstance(x, ft.Text)))]

    async def close(self) -> None:
        """The tab is closed or the phone drops: the session goes, as the server ends it."""
        assert self.session is not None
        self.session.close()  # type: ignore[no-untyped-call]
        await asyncio.sleep(0.01)

    async def back(self) -> None:
        """The system back button: pop the top view."""
        assert self.session is not None
        views = self.views()
        await self.session.dispatch_event(self.page._i, "view_pop",
                                          {"route": views[-1].route})
        await self.idle()
