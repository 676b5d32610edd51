"""The server one hostile client cannot stall (issue 10): bounded websocket messages,
refused protocol garbage with one log line, no API docs, uploads that leave nothing behind,
a clean stop on SIGTERM, a trust warning at start. A real `python -m ui` on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import flet as ft
import msgpack  # type: ignore[import-untyped]
import pytest
import websockets

from benchmarks.flet_ws import FletWsClient
from tests.test_server_trust import open_sessions
from tools.server import Server, start
from ui.web import flet_door
from ui.web.flet_door import (
    Message,
    MessageAction,
    build_upload_url,
    cached_event_types,
    cheap_message_repr,
    lean_validation,
)
from ui.web.server import (
    LOOP_LAG_ENV,
    SESSIONS_PER_ADDRESS,
    WS_MAX_BYTES,
    Guard,
    connections_per_address,
    frame_problem,
    loop_watcher,
    watch_loop,
)

SECRET = "test-secret-key"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    data = tmp_path / "data"
    with start(data, env={"FLET_SECRET_KEY": SECRET}, log=tmp_path / "server.log") as srv:
        yield srv


def _status(url: str, method: str = "GET", body: bytes | None = None) -> int:
    req = urllib.request.Request(url, data=body, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def _log(srv: Server) -> str:
    return srv.log.read_text(errors="replace")


def _pack(action: int, body: object) -> bytes:
    return b"\x00" + bytes(msgpack.packb([action, body], use_bin_type=True))


HOSTILE: list[tuple[str, bytes | str]] = [
    ("text frame", "hello"),
    ("unknown packet type", b"\x07abc"),
    ("not msgpack", b"\x00\xc1\xc1\xc1"),
    ("not a pair", _pack(1, {}) [:1] + bytes(msgpack.packb([1, 2, 3]))),
    ("unknown action", _pack(99, {})),
    ("event before registering", _pack(3, {"target": 1, "name": "click", "data": ""})),
    ("registration without its fields", _pack(1, {"session_id": ""})),
    ("registration with a page that is not a map",
     _pack(1, {"session_id": "", "page_name": "", "page": "x"})),
]


async def _refused(url: str, frame: bytes | str) -> int | None:
    """Send one frame on a new connection; the close code the server answers with."""
    async with websockets.connect(url, max_size=2**25, ping_interval=None) as ws:
        await ws.send(frame)
        try:
            await asyncio.wait_for(ws.recv(), 5)
            await asyncio.wait_for(ws.recv(), 5)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
    return None


def test_protocol_garbage_is_refused_with_one_line_and_the_table_goes_on(server: Server) -> None:
    async def attack() -> tuple[list[int | None], list[str]]:
        codes = [await _refused(server.ws_url, frame) for _, frame in HOSTILE]
        codes.append(await _refused(server.ws_url, b"\x00" + b"x" * (WS_MAX_BYTES + 1)))
        tab = await FletWsClient(server.ws_url).start()  # a player still gets the app
        title = tab.title()
        await tab.close()
        return codes, [title]

    codes, titles = asyncio.run(attack())
    assert codes == [1008] * len(HOSTILE) + [1009]  # 1008 policy, 1009 message too big
    assert titles and titles[0]
    log = _log(server)
    refused = [line for line in log.splitlines() if "refused a connection" in line]
    assert len(refused) == len(HOSTILE) + 1
    assert "Traceback" not in log
    assert len(log.splitlines()) <= len(refused) + 12  # the banner and nothing else


@pytest.mark.parametrize(("name", "frame"), HOSTILE)
def test_each_hostile_frame_has_a_reason(name: str, frame: bytes | str) -> None:
    message = {"text": frame} if isinstance(frame, str) else {"bytes": frame}
    assert frame_problem(message, registered=False), name


def test_a_real_registration_passes_the_guard() -> None:
    body = {"session_id": "", "page_name": "", "page": {"route": "/", "width": 360}}
    assert frame_problem({"bytes": _pack(1, body)}, registered=False) == ""
    event = {"target": 5, "name": "click", "data": ""}
    assert frame_problem({"bytes": _pack(3, event)}, registered=True) == ""


def test_sigterm_stops_within_seconds_even_after_garbage(server: Server) -> None:
    async def garbage() -> None:
        for _ in range(5):
            for _, frame in HOSTILE:
                await _refused(server.ws_url, frame)
        # and connections left open mid-way, never registered
        held = [await websockets.connect(server.ws_url, ping_interval=None) for _ in range(5)]
        server.proc.send_signal(signal.SIGTERM)
        began = time.perf_counter()
        server.proc.wait(10)
        assert time.perf_counter() - began < 5
        for ws in held:
            await ws.close()

    uploads = server.data_dir / "uploads" / f"run-{server.pid}"
    assert uploads.is_dir()
    asyncio.run(garbage())
    assert not uploads.exists()  # the run's upload folder goes with it
    assert not (server.data_dir / "games.sqlite3-wal").exists()  # closed cleanly


def test_api_docs_are_not_served(server: Server) -> None:
    base = f"http://127.0.0.1:{server.port}"
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):
        assert _status(base + path) == 404, path
    assert _status(base + "/") == 200


def test_a_refused_upload_leaves_no_file(server: Server) -> None:
    folder = server.data_dir / "uploads" / f"run-{server.pid}"
    base = f"http://127.0.0.1:{server.port}"
    too_big = build_upload_url("upload", "big.json", 60, SECRET)
    assert _status(base + too_big, "PUT", b"x" * (300 * 1024)) == 413
    fine = build_upload_url("upload", "fine.json", 60, SECRET)
    assert _status(base + fine, "PUT", b"{}") == 200
    assert sorted(p.name for p in folder.iterdir()) == ["fine.json"]


def test_upload_folders_of_runs_that_are_gone_are_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = data / "uploads" / f"run-{dead.pid}"
    stale.mkdir(parents=True)
    (stale / "partial.json").write_bytes(b'{"game": ')
    with start(data) as srv:
        assert not stale.exists()
        assert (data / "uploads" / f"run-{srv.pid}").is_dir()
        assert oct(os.stat(data / "uploads").st_mode & 0o777) == "0o700"


def test_banner_says_there_are_no_accounts(server: Server) -> None:
    text = _log(server)
    assert "No accounts" in text and "network the players" in text


def test_a_message_sent_to_a_browser_is_not_formatted_whole() -> None:
    # flet_web formats every message it sends for a debug line (even with debug logs off):
    # with the guard's repr, that costs the same for a patch of 20,000 controls as for one
    cheap_message_repr()
    big = Message(MessageAction.PATCH_CONTROL, {"patch": [{"value": "x" * 50}] * 20_000})
    text = f"send_message: {big}"
    assert text == "send_message: Message(PATCH_CONTROL, dict)"


def _configured(tree: Any) -> list[tuple[str, str, bool]]:
    """What Flet's configuration of a newly added tree did: each control it found, in
    order, with its parent's kind and whether it was built."""
    import flet as ft
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    assert isinstance(tree, ft.Control)
    _patch, added, _removed = ObjectPatch.from_diff(None, tree, control_cls=BaseControl)
    out = []
    for c in added:
        parent = c._parent() if getattr(c, "_parent", None) else None
        out.append((type(c).__name__, type(parent).__name__,
                    bool(getattr(c, "_initialized", False))))
    return out


def test_plain_values_not_walked_configure_as_flet_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import flet as ft
    from flet.controls.object_patch import DiffBuilder

    def tree() -> ft.Control:  # controls inside value objects, lists, plain values, None
        return ft.Column([
            ft.Text("Ann", size=12, tooltip=None),
            ft.Container(content=ft.Row([ft.Text("7"), ft.IconButton(ft.Icons.ADD)]),
                         bgcolor="red", border=ft.Border.all(1, "black"),
                         padding=ft.Padding.all(4)),
            ft.TextField(label="Coins", value="3", prefix=ft.Text("$")),
        ], spacing=3)

    flet_door.scalars_not_walked()
    ours = _configured(tree())
    monkeypatch.setattr(DiffBuilder, "_configure_dataclass",
                        DiffBuilder._wonders_flet_configure)  # type: ignore[attr-defined]
    flets = _configured(tree())
    assert ours == flets
    # every control found, the one inside a value object (the field's prefix) too
    assert [kind for kind, _parent, _built in ours] == [
        "Column", "Text", "Container", "Row", "Text", "IconButton", "TextField", "Text"]


def _removed(old: Any, new: Any) -> list[str]:
    """The controls Flet's diff of `old` into `new` found removed, in order (what it tells
    the session to take out of its index and unmount)."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    _patch, _added, removed = ObjectPatch.from_diff(old, new, control_cls=BaseControl)
    return [type(c).__name__ for c in removed]


def test_plain_values_not_walked_for_removed_controls_as_flet_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A render that replaces controls walks each old one's fields to find the controls
    inside it that go too: plain values (text, numbers, None) are passed over before the
    walk, and what is found is what Flet finds."""
    from flet.controls.object_patch import DiffBuilder

    def tree(n: int) -> ft.Control:
        # a value object holding a control (the field's prefix), lists, plain values, None
        return ft.Column([
            ft.Text(f"Ann {n}", size=12, tooltip=None),
            ft.Container(content=ft.Row([ft.Text(str(n)), ft.IconButton(ft.Icons.ADD)])
                         if n == 1 else ft.Text("gone"),
                         bgcolor="red", border=ft.Border.all(1, "black"),
                         padding=ft.Padding.all(4)),
            ft.TextField(label="Coins", value=str(n), prefix=ft.Text("$")) if n == 1
            else ft.Text("no field"),
        ], spacing=3)

    flet_door.scalars_not_walked()
    assert DiffBuilder._removed_controls is not \
        DiffBuilder._wonders_flet_removed  # type: ignore[attr-defined]
    ours = _removed(tree(1), tree(2))
    monkeypatch.setattr(DiffBuilder, "_removed_controls",
                        DiffBuilder._wonders_flet_removed)  # type: ignore[attr-defined]
    flets = _removed(tree(1), tree(2))
    assert ours == flets
    # the row with its text and button, and the field with the text in its prefix, are gone
    assert {"Row", "IconButton", "TextField"} <= set(ours)


def test_an_event_type_is_found_once_and_the_same_as_flets() -> None:
    # Flet formats every annotation of a control's classes on each event to find the type
    # of its handler's argument: the guard keeps the answer per class and event name
    from flet.controls import base_control
    from flet.controls.control_event import get_event_field_type as flets

    cached_event_types()
    cached_event_types()  # once is enough: a second call wraps nothing again
    module: Any = base_control
    find = module.get_event_field_type
    assert find is not flets
    cases = [(ft.Button(), "on_click"), (ft.TextField(), "on_change"),
             (ft.SnackBar("x"), "on_dismiss"), (ft.ListView(), "on_scroll"),
             (ft.Button(), "on_nothing")]
    for control, name in cases:
        want = flets(control, name)
        assert find(control, name) == want and find(control, name) == want, name
    assert find(ft.ListView(), "on_scroll") is not find(ft.Button(), "on_click")


def test_the_loop_watch_tells_a_busy_loop_from_a_starved_one() -> None:
    async def block() -> list[tuple[float, float, float]]:
        seen: list[tuple[float, float, float]] = []
        watch = asyncio.create_task(watch_loop(0.1, lambda *x: seen.append(x), tick_s=0.01))
        await asyncio.sleep(0.05)
        time.sleep(0.3)  # the loop blocked, its thread not running: as when starved of CPU
        await asyncio.sleep(0.05)
        end = time.thread_time() + 0.3
        while time.thread_time() < end:  # the loop blocked running Python: 0.3 s of CPU
            pass
        await asyncio.sleep(0.05)
        watch.cancel()
        return seen

    seen = asyncio.run(block())
    assert len(seen) == 2
    (_, late1, cpu1), (_, late2, cpu2) = seen
    assert late1 >= 0.29 and cpu1 < 0.1  # late, next to no CPU used meanwhile
    assert late2 >= 0.29 and cpu2 >= 0.29  # late, the CPU used all along


def test_the_loop_watch_runs_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOOP_LAG_ENV, raising=False)
    assert loop_watcher() is None
    monkeypatch.setenv(LOOP_LAG_ENV, "50")
    assert loop_watcher() is not None



def test_an_answer_on_its_way_when_uvicorn_refused_the_connection_goes_nowhere(
        capsys: pytest.CaptureFixture[str]) -> None:
    # uvicorn closes a connection itself (1009, a message over the cap) and raises on any
    # later send; Flet's sender may still have an answer queued before it hears of the
    # close: that answer is dropped, the handler ends normally (Flet then lets its session
    # go) and the refusal is the connection's only log line
    inbox: list[dict[str, Any]] = [{"type": "websocket.connect"},
                                   {"type": "websocket.disconnect", "code": 1009}]
    sent: list[str] = []
    ended: list[str] = []

    async def receive() -> dict[str, Any]:
        return inbox.pop(0)

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "websocket.send":  # as uvicorn's sans-io protocol does then
            raise RuntimeError("Unexpected ASGI message 'websocket.send', after sending "
                               "'websocket.close'.")
        sent.append(str(message["type"]))

    async def flet(scope: object, receive: Any, send: Any) -> None:
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"\x00answer"})  # queued before
        assert (await receive())["type"] == "websocket.disconnect"
        await send({"type": "websocket.send", "bytes": b"\x00later"})
        ended.append("normally")

    guard = Guard(flet, None)
    asyncio.run(guard({"type": "websocket", "client": ("127.0.0.1", 9)}, receive, send))
    assert sent == ["websocket.accept"] and ended == ["normally"]
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["wonders-scorer: refused a connection from 127.0.0.1:9: a message "
                     f"larger than {WS_MAX_BYTES:,} bytes"]


def test_a_refused_connection_leaves_no_session_to_come_back_to(server: Server) -> None:
    # a tab that closed comes back to its session (Flet keeps it for the phone); one refused
    # for a message over the cap does not: its session was let go at once
    async def back(refuse: bool) -> tuple[str, str]:
        tab = await FletWsClient(server.ws_url).start()
        first = tab.session_id
        if refuse:
            with contextlib.suppress(websockets.ConnectionClosed):
                await tab._ws.send(b"\x00" + b"x" * (WS_MAX_BYTES + 1))
                await asyncio.wait_for(tab._ws.wait_closed(), 10)
            assert tab._ws.close_code == 1009
        await tab.close()
        await asyncio.sleep(1.0)  # the server hears of the end
        again = await FletWsClient(server.ws_url).start(session_id=first)
        await again.close()
        return first, again.session_id

    kept, kept_again = asyncio.run(back(refuse=False))
    refused, refused_again = asyncio.run(back(refuse=True))
    assert kept_again == kept
    assert refused_again and refused_again != refused


def test_a_cafe_behind_one_address_gets_the_sessions_its_operator_allows(
        tmp_path: Path) -> None:
    # a game café: 14 tables of 5 phones behind its one public address are 70 sessions,
    # past the default 64 a client address may hold; its operator allows 70
    allowed = 14 * 5
    assert allowed > SESSIONS_PER_ADDRESS
    with start(tmp_path / "data", log=tmp_path / "log",
               args=("--sessions-per-address", str(allowed))) as srv:
        async def phones() -> list[int]:
            opened, statuses = await open_sessions(srv.ws_url, allowed + 2)
            for ws in opened:
                await ws.close()
            return statuses

        # every phone of the café in, and still a cap: the 71st and 72nd are refused
        assert asyncio.run(phones()) == [101] * allowed + [403] * 2
        assert "refused connections from loopback: 70 sessions" in _log(srv)
    # its phones' pages load over more HTTP connections too: twice its sessions (2 x 70 =
    # 140), never fewer than the default 128
    assert connections_per_address(allowed) == 140
    assert connections_per_address(SESSIONS_PER_ADDRESS) == 128


def test_sessions_per_address_out_of_bounds_is_refused_with_every_problem(
        tmp_path: Path) -> None:
    got = subprocess.run([sys.executable, "-m", "ui", "--no-qr", "--sessions-per-address",
                          "0", "--public-url", "scores.example.org"], cwd=tmp_path,
                         env=dict(os.environ, WONDERS_DATA_DIR=str(tmp_path / "data"),
                                  PYTHONPATH=str(Path(__file__).resolve().parent.parent),
                                  LANG="C.UTF-8"),
                         capture_output=True, text=True, timeout=60)
    assert got.returncode == 2, got.stderr
    # both problems at once, none a traceback
    assert "--sessions-per-address: a number from 1 to 4096, not 0" in got.stderr
    assert "--public-url: an address that starts with" in got.stderr
    assert "Traceback" not in got.stderr


def test_a_control_keeps_no_set_of_reported_errors_until_it_has_one() -> None:
    """Flet gave every control an empty set at its first update (0.14 MiB per phone on a
    city); an invalid control still says its error once, then not again while the same."""
    import flet as ft
    from flet.utils import validation

    lean_validation()
    key = validation._REPORTED_VALIDATION_ERRORS_KEY
    fine = ft.Draggable(content=ft.Text("x"), max_simultaneous_drags=1)
    fine._before_update_safe()  # type: ignore[no-untyped-call]
    assert getattr(fine, key, None) is None
    wrong = ft.Draggable(content=ft.Text("x"), max_simultaneous_drags=-1)  # at least 0
    with pytest.raises(ValueError, match="max_simultaneous_drags"):
        wrong._before_update_safe()  # type: ignore[no-untyped-call]
    wrong._before_update_safe()  # type: ignore[no-untyped-call]  # said once
    assert len(getattr(wrong, key)) == 1
    wrong.max_simultaneous_drags = 2
    wrong._before_update_safe()  # type: ignore[no-untyped-call]  # valid again: forgotten
    assert not getattr(wrong, key)


def test_no_per_message_deflate_so_a_phone_costs_no_zlib_state(server: Server) -> None:
    """A browser offers permessage-deflate; the server declines it. Each connection would
    hold a zlib compressor and decompressor (about 45 KB with uvicorn's settings: window
    2**12, memLevel 5) for messages of a few hundred bytes (a tap's answer), and a small
    compressed frame from a hostile client would cost the server up to `WS_MAX_BYTES` of
    inflating."""
    async def handshake() -> tuple[str | None, str | None]:
        async with websockets.connect(server.ws_url, ping_interval=None,
                                      compression="deflate") as ws:
            offered = ws.request.headers.get("Sec-WebSocket-Extensions") if ws.request else None
            taken = ws.response.headers.get("Sec-WebSocket-Extensions") if ws.response else None
            return offered, taken

    offered, taken = asyncio.run(handshake())
    assert offered is not None and "permessage-deflate" in offered  # the client asked
    assert taken is None  # and the server took no extension
