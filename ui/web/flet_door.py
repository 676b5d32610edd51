"""The one door to Flet's insides (and to the one piece of uvicorn's the server reaches).

Everything here uses what Flet does not promise to keep: its wire protocol's private
dataclasses, its session manager, its message class, the classes the in-process test client
drives. It was written against `FLET_TESTED` (and uvicorn `UVICORN_TESTED`); at import,
before it reaches any of them, it checks the installed versions and, on a mismatch, refuses
to start with what to do (`ui/web/flet_versions.py`'s `check_versions`, which imports no Flet:
a start catches its `FletMismatch` and says it in one line). When Flet is upgraded, check
each item below against the new Flet, then change `FLET_TESTED` there (constraints.txt pins
the tested versions).

- `body_problem`: the fields of the messages a browser sends that Flet needs, read from
  Flet's protocol dataclasses at import (a field Flet adds later is let through; one the
  guard checks and Flet drops is said at import: `_check_protocol`);
- `keep_closed_sessions`: which closed sessions stay for their phones to come back (the
  others, and a refused connection's, are let go at once): Flet's session manager's
  `disconnect_session`, `reconnect_session` and `delete_session`, wrapped;
- `count_sessions`: how many sessions Flet's session manager holds, and how many it let go
  (its `delete_session`, wrapped once more; for `ui/web/collector.py`);
- `cheap_message_repr`: Flet's `Message` formatted cheaply (flet_web formats every message
  for a debug line even when debug logs are off);
- `scalars_not_walked`: a control's plain values (text, numbers, None) are not walked as
  if they might hold controls when Flet configures the controls a render added (its
  `DiffBuilder._configure_dataclass`: a fifth of a session's start), nor when it looks
  for the controls inside those a render replaced (`DiffBuilder._removed_controls`);
- `quiet_after_disconnect`: a session whose connection went drops what it sends (Flet's
  `FletApp.send_message` raised AttributeError on a connection whose send queue was gone:
  34 tracebacks when the server stopped under load);
- `cached_event_types`: the type of an event's argument, found once per control class and
  event (Flet's `get_event_field_type`, which formats every annotation of the control's
  classes on every event, is wrapped with a cache);
- `one_patch_per_pass`: the components a pass of Flet's update scheduler renders (a tap's
  chip, the title's total, the note) sent as one patch message instead of one each (Flet's
  `Session.schedule_update` and `Session.__send_message`, wrapped; the patch format of
  `ObjectPatch.to_message`, rooted at the components' nearest common ancestor);
- `lean_validation`: a control keeps no set of the validation errors it reported until it
  has one (Flet's `validate(..., suppress_repeated_errors=True)` gave every control an empty
  set at its first update: a sixth of an in-game session's memory; `_base_control.validate`
  is the name Flet's BaseControl calls);
- `no_cycles_per_render`: what a render leaves behind is freed by reference counting, not
  left in reference cycles that only a full collection frees (ui/web/collector.py freezes what
  lives without walking it, which holds only while renders leave no such garbage):
  - a component replaced by its newer self lets go of its rendered body once the patch
    that replaced it is made (Flet's `Component._migrate_state` gives the new instance the
    old one's hooks and marks the old one `_stale`; the old one kept its `_b`, whose
    handlers hold the old render's `set_state`, which holds the old instance: a cycle per
    re-rendered component; wrapped with `Session.patch_control`, after which the old body
    is read no more);
  - a patch's list of operations is taken apart after the patch is made (Flet's
    `DiffBuilder.teardown` set its doubly linked list's root back to itself, leaving the
    root and every node in cycles; the list is `DiffBuilder.__root`, name-mangled);
- `HeaderTimeoutH11`: uvicorn's h11 protocol with a deadline on a request's headers and a cap
  on connections per client address;
- `flet_page_with`: Flet's served page (flet_web's index.html) with our head put just
  before its `<!-- fletAppConfig -->` mark, where flet_web writes the client's configuration;
- the names the in-process test client (`tests/ui_tests/flet_client.py`) and the benchmarks
  drive: `Session`, `Connection`, `PubSubHub`, `BaseControl`, `Component`, `context_page`,
  `Message`, `MessageAction`, `encode_object`, `decode_ext`, `build_upload_url`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import dataclasses
import logging
import threading
import time
import types
from collections import Counter
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any, ClassVar, Protocol

from ui.web.flet_versions import (
    FLET_TESTED,
    UNCHECKED_ENV,
    UVICORN_TESTED,
    FletMismatch,
    check_versions,
)
from ui.web.trusted_proxy import Network, is_trusted

check_versions()

# ruff: noqa: E402 (the version check comes before the internals are imported)
import flet_web  # type: ignore[import-untyped]
import h11
import uvicorn.protocols.http.h11_impl as uvicorn_h11
from flet.components.component import Component, Renderer
from flet.controls import base_control as _base_control
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page as context_page
from flet.controls.object_patch import DiffBuilder
from flet.messaging import protocol as _protocol
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.protocol import configure_encode_object_for_msgpack as encode_object
from flet.messaging.protocol import decode_ext_from_msgpack as decode_ext
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet.utils import validation as _validation
from flet_web.fastapi import flet_app as _flet_app  # type: ignore[import-untyped]
from flet_web.fastapi.flet_app_manager import (  # type: ignore[import-untyped]
    app_manager as _sessions,
)
from flet_web.uploads import build_upload_url  # type: ignore[import-untyped]

__all__ = ["FLET_APP", "FLET_TESTED", "SESSION_MANAGER", "UNCHECKED_ENV", "UVICORN_TESTED",
           "BaseControl", "Component", "Connection", "FletMismatch", "Message", "MessageAction",
           "PubSubHub", "Renderer", "Session", "build_upload_url", "context_page", "decode_ext",
           "encode_object"]

REGISTER = MessageAction.REGISTER_CLIENT.value
SESSION_MANAGER: Any = _sessions
"""Flet's manager of the sessions (for tests to stand in its methods)."""
FLET_APP: Any = _flet_app.FletApp
"""Flet's websocket handler class (for tests to see what was wrapped)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_CHECKS: dict[MessageAction, tuple[type, dict[str, tuple[str, Callable[[object], bool]]]]] = {
    MessageAction.REGISTER_CLIENT: (_protocol.RegisterClientRequestBody, {
        "session_id": ("text", lambda v: v is None or isinstance(v, str)),
        "page_name": ("text", lambda v: isinstance(v, str)),
        "page": ("a map", lambda v: isinstance(v, dict))}),
    MessageAction.CONTROL_EVENT: (_protocol.ControlEventBody, {
        "target": ("a number", _is_int),
        "name": ("text", lambda v: isinstance(v, str))}),
    MessageAction.UPDATE_CONTROL_PROPS: (_protocol.UpdateControlPropsBody, {
        "id": ("a number", _is_int),
        "props": ("a map", lambda v: isinstance(v, dict))}),
    MessageAction.INVOKE_METHOD: (_protocol.InvokeMethodResponseBody, {
        "control_id": ("a number", _is_int),
        "call_id": ("text", lambda v: isinstance(v, str))}),
}
"""The messages a browser sends, Flet's body class for each, and the fields Flet's handler
reads as numbers, text or maps (a wrong kind there is a traceback inside Flet)."""


@dataclasses.dataclass(frozen=True)
class _Fields:
    known: frozenset[str]
    """Every field of Flet's body class: Flet builds it with `Body(**body)`, so a field it
    does not know would fail there."""
    required: frozenset[str]
    """Its fields without a default: Flet's `Body(**body)` fails without them."""
    checks: dict[str, tuple[str, Callable[[object], bool]]]


def _check_protocol() -> dict[int, _Fields]:
    """Each action's fields, read from Flet's dataclasses (a field Flet adds is let through
    when a browser sends it, and needed when Flet needs it); a checked field Flet no longer
    has is a mismatch said at import, not a browser refused at run time."""
    found = {}
    for action, (kind, checks) in _CHECKS.items():
        fields = dataclasses.fields(kind)
        known = frozenset(f.name for f in fields)
        if not set(checks) <= known:
            raise FletMismatch(f"Flet's {kind.__name__} lost {sorted(set(checks) - known)}: "
                               "update _CHECKS in ui/web/flet_door.py")
        required = frozenset(f.name for f in fields if f.default is dataclasses.MISSING
                             and f.default_factory is dataclasses.MISSING)
        found[action.value] = _Fields(known, required, checks)
    return found


_FIELDS = _check_protocol()


def body_problem(action: int, body: object, registered: bool) -> str:
    """Why a decoded `[action, body]` from a browser is not Flet's protocol ("" = it is):
    an action a browser sends, registration first, a map holding the fields Flet needs
    (those it reads, of the right kind) and no field Flet does not know."""
    fields = _FIELDS.get(action)
    if fields is None:
        return f"an unknown action {action}"
    if not registered and action != REGISTER:
        return "a message before the client registered"
    if not isinstance(body, dict):
        return "a message body that is not a map"
    missing = fields.required - set(body)
    if missing:
        return f"a message without its {min(missing)}"
    for key, (kind, ok) in fields.checks.items():
        if key in body and not ok(body[key]):
            return f"a message whose {key} is not {kind}"
    if not set(body) <= fields.known:
        return "a message with fields the protocol does not have"
    return ""


class KeptSessions(Protocol):
    """Which closed sessions Flet keeps for their phones to come back (`ui.web.server`'s)."""

    def closed(self, session_id: str, client: str) -> list[str]:
        """A session of `client` lost its connection: the kept sessions to let go now."""
        ...

    def reopened(self, session_id: str) -> None:
        """A kept session has its phone back (it is no longer a closed one)."""
        ...

    def gone(self, session_id: str) -> None:
        """A session was deleted (let go, or expired)."""
        ...


_KEEPING: dict[str, Any] = {}
"""The connection variable and the `KeptSessions` of the server built last."""


def keep_closed_sessions(connection: contextvars.ContextVar[Any], kept: KeptSessions) -> None:
    """When a connection ends, Flet keeps its session for the phone to come back (the
    session timeout), however many there are: a churn of sessions held every one of them
    (~80 KiB each) at once, and the allocator kept their pages. Here `kept` says which
    closed sessions stay; the others are deleted at once, as an expired one is (a phone that
    comes back then gets a new session, which shows its game as saved). A refused
    connection's session (`connection.get()` holds an object whose `refused` is true) is
    deleted at once. `connection.get()` is read in the connection's context (Flet's
    handler tells the end of a connection to its session manager from within it); its
    `client` is the client address's key. Flet's session manager's `disconnect_session`,
    `reconnect_session` and `delete_session` are wrapped (its own eviction calls the
    last)."""
    _KEEPING["connection"], _KEEPING["kept"] = connection, kept
    if getattr(_sessions, "_wonders_guarded", False):
        return
    disconnect = _sessions.disconnect_session
    reconnect = _sessions.reconnect_session
    delete = _sessions.delete_session

    async def disconnect_session(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        if await _sessions.get_session(session_id) is None:
            return
        state = _KEEPING["connection"].get()
        if state is not None and state.refused:
            await _sessions.delete_session(session_id)
            return
        client = str(getattr(state, "client", ""))
        for old in _KEEPING["kept"].closed(session_id, client):
            await _sessions.delete_session(old)

    async def reconnect_session(session_id: str, conn: Connection) -> None:
        _KEEPING["kept"].reopened(session_id)
        await reconnect(session_id, conn)

    async def delete_session(session_id: str) -> None:
        _KEEPING["kept"].gone(session_id)
        await delete(session_id)

    _sessions.disconnect_session = disconnect_session
    _sessions.reconnect_session = reconnect_session
    _sessions.delete_session = delete_session
    _sessions._wonders_guarded = True


_deleted = [0]


_HELD = "_FletAppManager__sessions"
"""Flet's session manager's dict of the sessions it holds (a private name)."""


def count_sessions() -> Callable[[], tuple[int, int]]:
    """Count the sessions Flet lets go (expired, refused, closed): the function returned
    says how many it holds now and how many it let go since the server started."""
    if not isinstance(getattr(_sessions, _HELD, None), dict):
        raise FletMismatch(f"Flet's session manager has no {_HELD} any more: check "
                           "count_sessions in ui/web/flet_door.py")
    if not getattr(_sessions, "_wonders_counted", False):
        delete = _sessions.delete_session

        async def delete_session(session_id: str) -> None:
            await delete(session_id)
            _deleted[0] += 1

        _sessions.delete_session = delete_session
        _sessions._wonders_counted = True

    def counts() -> tuple[int, int]:
        return len(getattr(_sessions, _HELD)), _deleted[0]
    return counts


CUT_AFTER_S = 2.0
"""Seconds after Flet deleted a session before its cycles are cut (`cut_deleted_sessions`):
its "close" event (a task Flet starts) and what that runs have run by then."""
_CUT_SESSION = "_Session__index"
"""Flet's session's index of its mounted controls (a private name, checked at the cut)."""
_cut = [0]


def _clear(thing: object) -> None:
    """Every reference `thing` holds through its attributes, dropped (its `__dict__`
    emptied, its slots deleted)."""
    held = getattr(thing, "__dict__", None)
    if isinstance(held, dict):
        held.clear()
    for kind in type(thing).__mro__:
        for name in getattr(kind, "__slots__", ()):
            if name not in ("__dict__", "__weakref__"):
                with contextlib.suppress(AttributeError, TypeError):
                    delattr(thing, name)


def _controls_of(roots: list[Any]) -> list[Any]:
    """The controls of a session: its index's, and every control their attributes hold
    (in lists, tuples and dicts too, and components' rendered bodies and hooks' values):
    a view under the top, a part let go but still held, a component's last body."""
    found: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        thing = stack.pop()
        if isinstance(thing, BaseControl):
            if id(thing) in found:
                continue
            found[id(thing)] = thing
            held = list(vars(thing).values())
            state = vars(thing).get("_state") if isinstance(thing, Component) else None
            if state is not None:
                held += list(vars(state).values())
                for hook in getattr(state, "hooks", ()):
                    held += [getattr(hook, name, None) for name in ("value", "current")]
            stack += held
        elif isinstance(thing, (list, tuple)):
            stack += thing
        elif isinstance(thing, dict):
            stack += thing.values()
    return list(found.values())


def cut_cycles(session: Any) -> int:
    """What a deleted session held, its reference cycles cut so that reference counting
    frees it at once: each mounted control (the session's index) and each component's
    state and hooks emptied, after the component unmounts as Flet unmounts one (its
    subscriptions to observables disposed, its effects' cleanups run), then the page and
    the session. A session is one web of cycles (the page and its session hold each
    other, a component's hooks hold closures over it): frozen (ui/web/collector.py), it
    waited for a sweep of every object of the process, a pause of every phone that grows
    with the sessions open (2.4 s at 500). Only objects of that one session are emptied: its
    own controls (Flet mounts a control in one session), their component states and hooks,
    its page and itself; what they share with other sessions (the store, the games, shared
    styles) is only let go of, never emptied. Returns the controls emptied."""
    index = getattr(session, _CUT_SESSION, None)
    if index is None:
        raise FletMismatch(f"Flet's Session has no {_CUT_SESSION} any more: check "
                           "cut_cycles in ui/web/flet_door.py")
    page = getattr(session, "_Session__page", None)
    controls = _controls_of(list(index.values()) + ([page] if page is not None else []))
    for control in controls:
        if isinstance(control, Component):
            with contextlib.suppress(Exception):  # its own cleanups: whatever they raise
                control.will_unmount()  # type: ignore[no-untyped-call]
    for control in controls:
        state = vars(control).get("_state") if isinstance(control, Component) else None
        if state is not None:
            for hook in list(getattr(state, "hooks", ())):
                _clear(hook)
            _clear(state)
        _clear(control)
    index.clear()
    if page is not None:
        _clear(page)
    _clear(session)
    _cut[0] += 1
    return len(controls)


def cut_deleted_sessions(after_s: float = CUT_AFTER_S) -> Callable[[], int]:
    """Each session Flet deletes (expired, let go, refused) has its cycles cut
    `after_s` seconds later (`cut_cycles`). The function returned says how many were."""
    if not isinstance(getattr(_sessions, _HELD, None), dict):
        raise FletMismatch(f"Flet's session manager has no {_HELD} any more: check "
                           "cut_deleted_sessions in ui/web/flet_door.py")
    if not getattr(_sessions, "_wonders_cut", False):
        delete = _sessions.delete_session

        async def delete_session(session_id: str) -> None:
            session = getattr(_sessions, _HELD).get(session_id)
            await delete(session_id)
            if session is not None:
                _to_cut.append((time.monotonic() + after_s, session))
                if _cutter[0] is None or _cutter[0].done():
                    _cutter[0] = asyncio.get_running_loop().create_task(_cut_in_turn())

        _sessions.delete_session = delete_session
        _sessions._wonders_cut = True
    return lambda: _cut[0]


_to_cut: collections.deque[tuple[float, Any]] = collections.deque()
"""Deleted sessions to cut, with when (oldest first)."""
_cutter: list[asyncio.Task[None] | None] = [None]


async def _cut_in_turn() -> None:
    """Cut the deleted sessions one at a time, each when due, letting every other task
    run between two (a churn deletes hundreds at once: cut in one go, a pause of every
    phone)."""
    while _to_cut:
        due, session = _to_cut[0]
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
            continue
        _to_cut.popleft()
        _cut_quietly(session)
        del session
        await asyncio.sleep(0)


def _cut_quietly(session: Any) -> None:
    try:
        cut_cycles(session)
    except FletMismatch:
        raise
    except Exception:  # a session half gone: what is left waits for a sweep, as before
        logging.getLogger("wonders").exception("cutting a deleted session's cycles")


def sessions_always_let_go() -> None:
    """Flet 1.0.5's websocket handler (`FletApp.handle`) tells its session manager that the
    connection ended (`disconnect_session`: the session then expires after the session
    timeout) only when its send loop ended cleanly. A phone gone while an answer was on
    its way (the send raised: `ClientDisconnected`, `InvalidState`) made the handler raise
    before that: the session never expired, and every control of it stayed for as long as
    the process ran (after a churn of 500 phones on a loaded machine, 307 sessions were
    still held two minutes after their phones closed). Here the handler tells the session
    manager whatever way the connection ended."""
    app_class = _flet_app.FletApp
    if getattr(app_class, "_wonders_let_go", False):
        return
    handle = app_class.handle
    if not callable(getattr(app_class, "_FletApp__get_unique_session_id", None)):
        raise FletMismatch("Flet's FletApp has no __get_unique_session_id any more: check "
                           "sessions_always_let_go in ui/web/flet_door.py")

    app_class.handle = let_go_however_ended(handle)
    app_class._wonders_let_go = True


def let_go_however_ended(handle: Callable[[Any, Any], Awaitable[None]]
                         ) -> Callable[[Any, Any], Awaitable[None]]:
    """`FletApp.handle` that tells the session manager the connection ended even when the
    handler raised (`sessions_always_let_go`); the error itself (a send to a phone gone)
    goes no further."""
    async def handled(self: Any, websocket: Any) -> None:
        try:
            await handle(self, websocket)
        except Exception:
            session = getattr(self, "_FletApp__session", None)
            if session is None:
                raise
            # the connection is gone: its session expires as after a clean end
            await _sessions.disconnect_session(
                self._FletApp__get_unique_session_id(session.id),
                self._FletApp__session_timeout_seconds)
    return handled


def _message_repr(self: Message) -> str:
    return f"Message({self.action.name}, {type(self.body).__name__})"


def cheap_message_repr() -> None:
    """Flet 1.0.5 formats every message it sends for a debug log line, even when debug logs
    are off (`transport_log.debug(f"send_message: {message}")` in flet_web's FletApp): the
    dataclass repr of the whole patch. Measured under attack, that was a fifth of the
    server's CPU (BENCHMARKS.md "Under attack"). The message's repr is made its action and
    the kind of its body: the debug line still says what was sent."""
    Message.__repr__ = _message_repr  # type: ignore[method-assign,assignment]


def cached_event_types() -> None:
    """Flet 1.0.5 finds the type of an event handler's argument on every event
    (`BaseControl._trigger_event` calls `get_event_field_type`): it walks the control's
    classes and formats each annotation as text (`str(annotation)`), about a third of a
    millisecond of CPU per event, the same answer each time for a class and an event. The
    answer is kept per control class and event name. The wrapper runs with the globals of
    Flet's module that calls it, so the annotations are read in the same names."""
    module: Any = _base_control
    if getattr(module, "_wonders_cached", False):
        return
    find = module.get_event_field_type
    found: dict[tuple[type, str], Any] = {}

    def get_event_field_type(control: Any, field_name: str) -> Any:
        key = (type(control), field_name)
        try:
            return found[key]
        except KeyError:
            pass
        kind = found[key] = find(control, field_name)
        return kind

    # called from a frame with `_base_control`'s globals, as Flet's own call is: the
    # forward references of the annotations resolve against the same names
    module.get_event_field_type = types.FunctionType(
        get_event_field_type.__code__, vars(module), "get_event_field_type",
        None, get_event_field_type.__closure__)
    module._wonders_cached = True


_PATCH = MessageAction.PATCH_CONTROL
_MOVE = 3
"""`Operation.Move` in a patch message: `[3, from_node, from_key, to_node, to_key]`; every
other operation is `[op, node, key, ...]`."""


def _key_in(parent: Any, child: Any) -> list[Any] | None:
    """Where `parent` holds `child` as the wire names it: a field, or a field and an index
    (a list) or a key (a map). None: not found (then nothing is merged)."""
    held = list(getattr(parent, "_values", {}).items())
    held += [(name, getattr(parent, name, None))
             for name in getattr(type(parent), "_structural_fields", ())]
    for name, value in held:
        if value is child:
            return [name]
        if isinstance(value, list):
            for i, item in enumerate(value):
                if item is child:
                    return [name, i]
        elif isinstance(value, dict):
            for key, item in value.items():
                if item is child:
                    return [name, key]
    return None


def _ancestry(control: Any) -> list[Any]:
    """`control`'s ancestors, nearest first, up to the page (or to where the chain ends)."""
    out: list[Any] = []
    parent = control.parent
    while parent is not None:
        out.append(parent)
        parent = parent.parent
    return out


def _path_below(common: Any, target: Any, chain: list[Any]) -> list[Any] | None:
    """The keys from `common` down to `target` along `chain` (None: one not found)."""
    path: list[Any] = []
    node = target
    for ancestor in chain:
        key = _key_in(ancestor, node)
        if key is None:
            return None
        path = key + path
        if ancestor is common:
            return path
        node = ancestor
    return None


def _merge_patches(parts: list[tuple[list[Any], list[Any]]]) -> list[Any]:
    """One patch message from several (`(path from the common root, patch)` each, in
    order): their path tables grafted where their paths lead, their operations renumbered
    and kept in order."""
    root: list[Any] = [0]
    count = [1]

    def child(node: list[Any], key: Any) -> list[Any]:
        if len(node) == 1:
            node.append({})
        got = node[1].get(key)
        if got is None:
            got = node[1][key] = [count[0]]
            count[0] += 1
        return got  # type: ignore[no-any-return]

    def graft(src: list[Any], dst: list[Any], renumber: dict[int, int]) -> None:
        renumber[src[0]] = dst[0]
        if len(src) > 1:
            for key, sub in src[1].items():
                graft(sub, child(dst, key), renumber)

    ops: list[Any] = []
    for path, patch in parts:
        node = root
        for key in path:
            node = child(node, key)
        renumber: dict[int, int] = {}
        graft(patch[0], node, renumber)
        for op in patch[1:]:
            op = list(op)
            op[1] = renumber[op[1]]
            if int(getattr(op[0], "value", op[0])) == _MOVE:
                op[3] = renumber[op[3]]
            ops.append(op)
    return [root, *ops]


class _Pass:
    """The components one pass of Flet's update scheduler renders, as one update: each
    renders as Flet does; their patches go out as one message."""

    __slots__ = ("controls", "ran", "session")

    def __init__(self, session: Any) -> None:
        self.session = session
        self.controls: dict[int, Any] = {}
        self.ran = False

    def update(self) -> None:
        self.ran = True
        session = self.session
        caught: list[tuple[Any, Any, Message]] = []
        session._wonders_caught = caught
        controls = list(self.controls.values())
        if len(controls) > 1:
            # outer parts first: a part inside another that also renders is rendered by it,
            # with its new props and its own new state at once, and Flet then skips the
            # inner one's own update (`Component._stale`); inner first, it rendered alone
            # with its old props, then again (a flash of the old number in a field)
            controls.sort(key=lambda c: len(_ancestry(c)))
        try:
            for control in controls:
                control.update()
        finally:
            session._wonders_caught = None
            _send_caught(session, caught)


def _send_caught(session: Any, caught: list[tuple[Any, Any, Message]]) -> None:
    """Send the patches caught in a pass (target, its ancestry then, message): as one
    message when their targets are apart (none inside another) under one ancestor; else
    each as Flet would."""
    send = _SEND[0]
    merged = _merged(caught) if len(caught) > 1 else None
    if merged is not None:
        send(session, merged)
        return
    for _, _, message in caught:
        send(session, message)


def _merged(caught: list[tuple[Any, Any, Message]]) -> Message | None:
    """The caught patches as one message, rooted at their targets' nearest common ancestor;
    None when they cannot be (a target inside another, one off the page). Each target's
    ancestors are those it had when its patch was made: a later part of the same pass
    changes only what is inside its own target, never the way down to another apart from
    it."""
    if any(not chain for _, chain, _ in caught):
        return None
    targets = {id(t) for t, _, _ in caught}
    if any(id(a) in targets for _, chain, _ in caught for a in chain):
        return None  # a target inside another: Flet's order, one by one
    others = [{id(a) for a in chain} for _, chain, _ in caught[1:]]
    common = next((a for a in caught[0][1] if all(id(a) in o for o in others)), None)
    if common is None:
        return None
    parts = []
    for target, chain, message in caught:
        path = _path_below(common, target, chain)
        if path is None:
            return None
        parts.append((path, message.body.patch))
    return Message(_PATCH, _protocol.PatchControlBody(common._i, _merge_patches(parts)))


_SEND: list[Callable[[Any, Message], None]] = []
"""Flet's own `Session.__send_message`."""


def one_patch_per_pass() -> None:
    """A tap that changes three parts of a screen was three patch messages (each part a
    component that renders and patches itself): each message costs the server its own
    packing and websocket write, and the phone its own frame. Flet's update scheduler
    renders the components scheduled since its last pass in one pass; here they are
    scheduled as one `_Pass`, and the patches it makes go out as one message, rooted at
    their nearest common ancestor. Patches whose targets nest (a part inside another that
    also renders) go out one by one, as Flet sends them."""
    if getattr(Session, "_wonders_one_pass", False):
        return
    send_name = "_Session__send_message"
    schedule = Session.schedule_update
    send = getattr(Session, send_name, None)
    if send is None or not hasattr(_protocol, "PatchControlBody"):
        raise FletMismatch("Flet's Session has no __send_message (or its patch body "
                           "changed): check one_patch_per_pass in ui/web/flet_door.py")
    _SEND.append(send)

    def schedule_update(self: Any, control: Any) -> None:
        batch = getattr(self, "_wonders_pass", None)
        if batch is None or batch.ran:
            batch = self._wonders_pass = _Pass(self)
        batch.controls.setdefault(id(control), control)
        schedule(self, batch)  # type: ignore[arg-type]  # it has update()

    def send_message(self: Any, message: Message) -> None:
        caught = getattr(self, "_wonders_caught", None)
        if caught is None:
            send(self, message)
            return
        if message.action is _PATCH:
            target = getattr(self, "_Session__index", {}).get(message.body.id)
            # its ancestors now: a later part of the pass may let it go
            caught.append((target, _ancestry(target) if target is not None else None,
                           message))
            return
        _send_caught(self, caught)  # anything else: what came before it goes first
        caught.clear()
        send(self, message)

    Session.schedule_update = schedule_update  # type: ignore[method-assign]
    setattr(Session, send_name, send_message)
    Session._wonders_one_pass = True  # type: ignore[attr-defined]


def _lean_validate(instance: Any, *, suppress_repeated_errors: bool = False) -> None:
    """Flet's `validate`, the same errors raised once each, with the set of those reported
    made only when there is one to keep (and emptied when the control is valid again)."""
    if not suppress_repeated_errors:
        _validation.validate(instance)
        return
    try:
        _validation.validate(instance)
    except ValueError as ex:
        reported = _validation._get_reported_validation_errors(instance)
        if reported is None:
            raise
        signature = (ex.__class__.__name__, str(ex))
        if signature in reported:
            return
        reported.add(signature)
        raise
    reported = getattr(instance, _validation._REPORTED_VALIDATION_ERRORS_KEY, None)
    if reported:
        reported.clear()


def lean_validation() -> None:
    """Every control validated as Flet does, without an empty set kept on each (see the
    module's docstring)."""
    calls = getattr(_base_control, "validate", None)
    if not (hasattr(_validation, "_get_reported_validation_errors")
            and hasattr(_validation, "_REPORTED_VALIDATION_ERRORS_KEY")):
        raise FletMismatch("flet.utils.validation changed how it keeps reported errors: "
                           "check lean_validation in ui/web/flet_door.py")
    if calls is not _validation.validate:
        if calls is _lean_validate:
            return
        raise FletMismatch("flet.controls.base_control no longer calls "
                           "flet.utils.validation.validate: check lean_validation in "
                           "ui/web/flet_door.py")
    _base_control.validate = _lean_validate  # type: ignore[attr-defined]


_replaced = threading.local()
"""Per thread: the stale components of the patch being made, and how deep in
`Session.patch_control` the thread is."""


def _stale_list() -> list[Any]:
    found: list[Any] | None = getattr(_replaced, "stale", None)
    if found is None:
        found = _replaced.stale = []
        _replaced.depth = 0
    return found


def _taken_apart(root: list[Any]) -> None:
    """Every node of a DiffBuilder's operations list emptied, the root too (no cycle left)."""
    node = root[1] if len(root) == 3 else root
    while node is not root and len(node) == 3:
        following = node[1]
        node.clear()
        node = following
    root.clear()


def no_cycles_per_render() -> None:
    """What a render leaves freed by reference counting, not left in cycles for the
    collector (see the module's docstring)."""
    if getattr(Component, "_wonders_lets_go", False):
        return
    fields = {f.name for f in dataclasses.fields(Component)}
    root_name = "_DiffBuilder__root"
    if not {"_b", "_stale", "_state"} <= fields or not hasattr(Session, "patch_control") \
            or not hasattr(DiffBuilder, "teardown"):
        raise FletMismatch("flet's Component no longer keeps its body in `_b` and its "
                           "staleness in `_stale`, or its DiffBuilder has no teardown: check "
                           "no_cycles_per_render in ui/web/flet_door.py")
    teardown = DiffBuilder.teardown

    def taken_apart(self: Any) -> None:
        root = getattr(self, root_name, None)
        if not isinstance(root, list):
            raise FletMismatch("flet's DiffBuilder keeps no `__root` list: check "
                               "no_cycles_per_render in ui/web/flet_door.py")
        _taken_apart(root)  # first: Flet's teardown points the root back at itself
        teardown(self)

    DiffBuilder.teardown = taken_apart  # type: ignore[method-assign]
    migrate = Component._migrate_state
    patch = Session.patch_control

    def migrate_state(self: Any, other: Any) -> None:
        migrate(self, other)
        if other is not self and isinstance(other, Component) and other._stale:
            _stale_list().append(other)

    def patch_control(self: Any, *args: Any, **kwargs: Any) -> Any:
        stale = _stale_list()
        _replaced.depth += 1
        try:
            return patch(self, *args, **kwargs)
        finally:
            _replaced.depth -= 1
            if not _replaced.depth:
                for old in stale:
                    object.__setattr__(old, "_b", None)
                stale.clear()

    Component._migrate_state = migrate_state  # type: ignore[method-assign]
    Session.patch_control = patch_control  # type: ignore[method-assign]
    Component._wonders_lets_go = True  # type: ignore[attr-defined]


FLET_CONFIG_MARK = "<!-- fletAppConfig -->"
"""Where flet_web puts its page's configuration (its `patch_index_html` replaces this comment
of its index.html)."""


def flet_page_with(head: str, flet_index: str | None = None) -> str:
    """Flet's page (`flet_index`, else the installed flet_web's index.html) with `head` put
    just before its configuration, so that it runs before the client starts."""
    if flet_index is None:
        flet_index = (Path(flet_web.get_package_web_dir()) / "index.html").read_text("utf-8")
    if FLET_CONFIG_MARK not in flet_index:
        raise RuntimeError(
            f"Flet's index.html (flet-web {version('flet-web')}) has no {FLET_CONFIG_MARK!r} "
            "any more: the app's scripts would be left out of the page. Use the flet and "
            "flet-web versions of constraints.txt, or find where this Flet version configures "
            "its client and put the head there (ui/web/flet_door.py, flet_page_with).")
    return flet_index.replace(FLET_CONFIG_MARK, head + "  " + FLET_CONFIG_MARK, 1)


_PLAIN = (str, int, float, bytes)
"""Values that are never a control, a dataclass, a dict or a list (bool is an int)."""


def scalars_not_walked() -> None:
    """Flet 1.0.5 configures every control a render added (`DiffBuilder.
    _configure_dataclass`) by walking each of its fields, calling itself on every value: on
    a text, a number or None that is a generator made and a dataclass check for nothing (it
    acts only on dataclasses, dicts and lists). A control has dozens of fields: a city
    screen's first render (~670 controls) walked ~44,000 values: 80% of a session's start
    was that walk and the renders it runs (54-59 ms of CPU a session start; 46-51 ms with
    these values passed over: what a phone whose process died waits for, times the phones
    moved with it). The same walk, the plain values passed over before the call. Likewise
    Flet's walk of each control a render replaced, for the controls inside it that go too
    (`DiffBuilder._removed_controls`): every field of every replaced control, on every tap."""
    if getattr(DiffBuilder, "_wonders_scalars", False):
        return
    if not hasattr(DiffBuilder, "_removed_controls"):
        raise FletMismatch("flet's DiffBuilder has no _removed_controls: check "
                           "scalars_not_walked in ui/web/flet_door.py")
    configure = DiffBuilder._configure_dataclass
    removed = DiffBuilder._removed_controls
    nothing: tuple[Any, ...] = ()

    def _configure_dataclass(self: Any, item: Any, parent: Any, frozen: bool,
                             configure_setattr_only: bool = False) -> Any:
        if item is None or isinstance(item, _PLAIN):
            return iter(nothing)  # what Flet's walk yields for it: nothing
        return configure(self, item, parent, frozen, configure_setattr_only)

    def _removed_controls(self: Any, item: Any, recurse: bool) -> Any:
        if item is None or isinstance(item, _PLAIN):
            return iter(nothing)
        return removed(self, item, recurse)

    DiffBuilder._configure_dataclass = _configure_dataclass  # type: ignore[method-assign]
    DiffBuilder._removed_controls = _removed_controls  # type: ignore[method-assign]
    DiffBuilder._wonders_scalars = True  # type: ignore[attr-defined]
    DiffBuilder._wonders_flet_configure = configure  # type: ignore[attr-defined]
    DiffBuilder._wonders_flet_removed = removed  # type: ignore[attr-defined]


def quiet_after_disconnect() -> None:
    """FletApp.send_message puts on a send queue that is gone once its connection closed
    (the server stopping, a tab closed while its session renders): the AttributeError it
    raised went up through the session's handlers as a traceback each. What a session
    sends after its connection went goes nowhere, as Flet does for data channel frames."""
    app_class = _flet_app.FletApp
    if getattr(app_class, "_wonders_quiet", False):
        return
    send = app_class.send_message
    queue_attr = "_FletApp__send_queue"

    def send_message(self: Any, message: Message) -> None:
        if getattr(self, queue_attr, None) is None:
            return
        send(self, message)

    app_class.send_message = send_message
    app_class._wonders_quiet = True


class HeaderTimeoutH11(uvicorn_h11.H11Protocol):
    """uvicorn's h11 protocol with two limits (set on the class by the server):

    - a request's headers are complete within `header_timeout_s` of its first byte (of the
      connection, or of the next request on a kept-alive one), else the connection closes:
      half-finished requests do not hold the server's file descriptors;
    - at most `per_address` connections from one client address at once (`address_of`
      gives the key; addresses in the networks `unlimited`, the trusted proxies
      (`ui/web/trusted_proxy.py`), are not capped): one client
      cannot take the connections every phone needs;
    - at most `half_open_per_address` of them waiting for a request's headers: a new
      connection past that closes the address's oldest such one, so that a page load is
      never behind a client's half-finished requests, and many addresses together hold
      at most that many each (40 addresses x 16 = 640, far from the server's 4,096
      connections: a phone elsewhere still loads the page).
    """

    header_timeout_s: float = 5.0
    per_address: int = 0
    half_open_per_address: int = 0
    address_of: Callable[[str], str] = staticmethod(lambda a: a)
    unlimited: tuple[Network, ...] = ()
    open_by_address: ClassVar[Counter[str]] = Counter()
    half_open: ClassVar[dict[str, dict[int, HeaderTimeoutH11]]] = {}
    """By address: its connections waiting for headers, oldest first (a dict keeps order)."""

    @classmethod
    def limited(cls, header_timeout_s: float, per_address: int,
                address_of: Callable[[str], str],
                unlimited: tuple[Network, ...], half_open_per_address: int = 0
                ) -> type[HeaderTimeoutH11]:
        """The protocol class for one server, with its limits."""
        return type("LimitedH11", (cls,), {
            "header_timeout_s": header_timeout_s, "per_address": per_address,
            "half_open_per_address": half_open_per_address,
            "address_of": staticmethod(address_of), "unlimited": unlimited,
            "open_by_address": Counter(), "half_open": {}})

    _deadline: asyncio.TimerHandle | None = None
    _key: str = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if self.per_address and not is_trusted(host, self.unlimited):
            self._key = self.address_of(host)
            self.open_by_address[self._key] += 1
            if self.open_by_address[self._key] > self.per_address:
                transport.abort()
                return
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_protocol() is not self:  # upgraded to a websocket: the
            self._release()  # guard counts sessions; this protocol hears no more of it
        if self.conn.their_state is h11.IDLE:
            self._arm()  # (more of) a request's headers, not complete yet
        else:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)

    def _release(self) -> None:
        self._forget_waiting()
        if self._key:
            self.open_by_address[self._key] -= 1
            if self.open_by_address[self._key] <= 0:
                del self.open_by_address[self._key]
            self._key = ""

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_timeout_s, self._too_slow)
            if self._key and self.half_open_per_address:
                waiting = self.half_open.setdefault(self._key, {})
                waiting[id(self)] = self
                if len(waiting) > self.half_open_per_address:
                    oldest = waiting.pop(next(iter(waiting)))
                    oldest.transport.abort()  # its connection_lost forgets the rest

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._forget_waiting()

    def _forget_waiting(self) -> None:
        """No longer one of its address's connections waiting for headers."""
        waiting = self.half_open.get(self._key) if self._key else None
        if waiting is not None:
            waiting.pop(id(self), None)
            if not waiting:
                del self.half_open[self._key]

    def _too_slow(self) -> None:
        self._disarm()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.abort()
