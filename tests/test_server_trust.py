"""What the server takes from the network (issue 17): same origin only, the client address
from the socket, no exhaustion by half-open requests or sessions, idle uploads removed, and
a stop in one line. A real `python -m ui`, each case as it was reproduced on main."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from importlib import metadata
from importlib.metadata import PackageNotFoundError
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import websockets
from uvicorn.middleware.proxy_headers import _TrustedHosts

from benchmarks.flet_ws import FletWsClient
from benchmarks.load import SessionReport, enter_game
from scorer import i18n
from tools.server import Server, free_port, start
from ui.__main__ import SESSION_TIMEOUT_S, lan_addresses, served_names, trusted_proxy_problem
from ui.text import strings as S
from ui.web import flet_door, flet_versions
from ui.web.flet_door import build_upload_url
from ui.web.join_limit import FAILED_JOINS
from ui.web.server import (
    HEADER_TIMEOUT_S,
    KEPT_PER_ADDRESS,
    MAX_CONNECTIONS,
    SESSIONS_PER_ADDRESS,
    UPLOAD_IDLE_S,
    ClosedSessions,
    Guard,
    build_app,
    host_problem,
    server_config,
)
from ui.web.trusted_proxy import is_trusted, trusted_networks

SECRET = "test-secret-key"
EVIL = "http://evil.example"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with start(tmp_path / "data", env={"FLET_SECRET_KEY": SECRET},
               log=tmp_path / "server.log") as srv:
        yield srv


def _open(url: str, method: str = "GET", body: bytes | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, str]]:
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            r.read()
            return int(r.status), {k.lower(): v for k, v in r.headers.items()}
    except urllib.error.HTTPError as err:
        return int(err.code), {k.lower(): v for k, v in err.headers.items()}


async def _handshake(url: str, origin: str | None) -> int:
    """The HTTP status a websocket handshake gets (101: opened)."""
    try:
        async with websockets.connect(url, origin=origin,  # type: ignore[arg-type]
                                      ping_interval=None, open_timeout=10):
            return 101
    except websockets.InvalidStatus as refused:
        return int(refused.response.status_code)


def test_trust_a_page_of_another_origin_cannot_open_the_app(server: Server) -> None:
    own = f"http://127.0.0.1:{server.port}"

    async def tries() -> list[int]:
        return [await _handshake(server.ws_url, EVIL),
                await _handshake(server.ws_url, "null"),
                await _handshake(server.ws_url, f"http://127.0.0.1:{server.port + 1}"),
                await _handshake(server.ws_url, own),
                await _handshake(server.ws_url, None)]  # not a browser page: no Origin

    assert asyncio.run(tries()) == [403, 403, 403, 101, 101]
    # and the other origin's page could not have read the answer to a request either
    status, headers = _open(own + "/", headers={"Origin": EVIL})
    assert status == 200 and "access-control-allow-origin" not in headers
    log = server.log.read_text()
    assert log.count("refused a connection") == 3 and "evil.example" in log


def test_trust_an_upload_from_another_origin_is_refused(server: Server) -> None:
    base = f"http://127.0.0.1:{server.port}"
    uploads = server.data_dir / "uploads" / f"run-{server.pid}"
    url = build_upload_url("upload", "evil.json", 60, SECRET)
    status, headers = _open(base + url, "PUT", b"{}", {"Origin": EVIL})
    assert status == 403 and "access-control-allow-origin" not in headers
    assert not (uploads / "evil.json").exists()
    fine = build_upload_url("upload", "fine.json", 60, SECRET)
    assert _open(base + fine, "PUT", b"{}", {"Origin": base})[0] == 200
    assert (uploads / "fine.json").read_bytes() == b"{}"


async def _handshake_at(name: str, port: int, origin: str | None) -> int:
    """The HTTP status a websocket handshake to this server (on 127.0.0.1) gets when the
    browser asked for `name` (a name resolved to this server: its Host header)."""
    try:
        async with websockets.connect(f"ws://{name}/ws", host="127.0.0.1", port=port,
                                      origin=origin,  # type: ignore[arg-type]
                                      ping_interval=None, open_timeout=10):
            return 101
    except websockets.InvalidStatus as refused:
        return int(refused.response.status_code)


def _as_a_page_at(name: str, port: int, tag: str) -> tuple[int, int, int, bool]:
    """What a page served at http://<name>/ (resolved to this server, port `port` on
    127.0.0.1) gets from it: the page itself (GET /), its websocket and an upload, each
    with the Origin and Host of that name; and whether the upload's file was written."""
    base, origin = f"http://127.0.0.1:{port}", f"http://{name}"
    page = _open(base + "/", headers={"Host": name})[0]
    ws = asyncio.run(_handshake_at(name, port, origin))
    url = build_upload_url("upload", f"{tag}.json", 60, SECRET)
    upload = _open(base + url, "PUT", b"{}", {"Host": name, "Origin": origin})[0]
    return page, ws, upload, upload == 200


def test_trust_rebinding_a_page_at_another_name_cannot_reach_the_server(
        server: Server) -> None:
    # evil.test resolves to this server (DNS rebinding): its page is its own origin, so
    # the origin check alone let its websocket open (101) and its upload in (200); the
    # server answers no name it was not started under: 421 (the websocket: 403)
    uploads = server.data_dir / "uploads" / f"run-{server.pid}"
    for n, name in enumerate([f"evil.test:{server.port}", "evil.test",
                              f"127.0.0.1.nip.io:{server.port}"]):
        page, ws, upload, written = _as_a_page_at(name, server.port, f"evil{n}")
        assert (page, ws, upload) == (421, 403, 421), name
        assert not written and not (uploads / f"evil{n}.json").exists()
    log = server.log.read_text()
    assert log.count("a Host it does not answer to ('evil.test") == 6, log[-2000:]
    assert "Traceback" not in log
    # a player who opened it at a name its operator did not give reads what to do, in the
    # browser's language (French has no catalogue: the next one asked for, Vietnamese)
    asked = urllib.request.Request(f"http://127.0.0.1:{server.port}/", headers={
        "Host": "pad.lan", "Accept-Language": "fr-FR, fr;q=0.9, vi;q=0.8, en;q=0.5"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(asked, timeout=10)
    with i18n.language("vi"):
        said = i18n.translated(S.WRONG_HOST)
    assert refused.value.code == 421 and refused.value.read().decode() == said
    assert said != S.WRONG_HOST and "--allow-host" in said


def test_trust_rebinding_the_servers_own_names_are_answered(tmp_path: Path) -> None:
    # what the banner and the QR code give (127.0.0.1, the LAN address), localhost, this
    # machine's name: the page, its websocket and an upload, as a phone opens them
    lan = _lan_address()
    machine = socket.gethostname()
    with start(tmp_path / "data", host="0.0.0.0", env={"FLET_SECRET_KEY": SECRET}) as srv:
        port = srv.port
        names = [f"127.0.0.1:{port}", f"localhost:{port}", f"{lan}:{port}", f"[::1]:{port}",
                 f"{machine}:{port}", f"{machine.split('.')[0]}.local:{port}",
                 f"LocalHost.:{port}"]
        for n, name in enumerate(names):
            assert _as_a_page_at(name, port, f"own{n}") == (200, 101, 200, True), name
    assert {machine.lower(), machine.split(".")[0].lower() + ".local"} <= served_names(
        "0.0.0.0")


def test_trust_rebinding_a_name_the_operator_gives_is_answered(tmp_path: Path) -> None:
    # behind a proxy the name phones open arrives as the Host: --allow-host names it, and
    # --public-url's and --allow-origin's names are the server's too
    with start(tmp_path / "data", env={"FLET_SECRET_KEY": SECRET},
               args=("--allow-host", "Scores.Example.org", "--allow-host", "pad.home.",
                     "--public-url", "https://wonders.example.net/",
                     "--allow-origin", "https://club.example.com:8443")) as srv:
        for n, name in enumerate(["scores.example.org", "pad.home:8443",
                                  "wonders.example.net", "club.example.com:8443"]):
            assert _as_a_page_at(name, srv.port, f"op{n}") == (200, 101, 200, True), name
        assert _as_a_page_at("example.org", srv.port, "other")[:3] == (421, 403, 421)


@pytest.mark.parametrize(("host", "answered"), [
    (None, True),  # no browser sends no Host (an HTTP/1.0 health check may)
    ("127.0.0.1:8550", True), ("10.1.2.3", True), ("[::1]:8550", True),
    ("[fe80::1]", True),  # an address: rebinding needs a name
    ("localhost:8550", True), ("phone.localhost", True),  # the browser's own loopback
    ("pad.home", True), ("PAD.HOME.:443", True),  # the operator's name, any port
    ("evil.test", False), ("evil.test:8550", False), ("pad.home.evil.test", False),
    ("127.0.0.1.nip.io", False),  # a name that resolves to an address is a name
    ("localhost.evil.test", False), ("evil.test@127.0.0.1", False),
    ("127.0.0.1/x", False), ("", False), ("[evil.test]", False),
])
def test_trust_rebinding_which_host_headers_are_answered(host: str | None,
                                                         answered: bool) -> None:
    assert (host_problem(host, frozenset({"pad.home"})) == "") is answered


def _refused_at_start(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m ui` with options it must refuse: exit status 2, no traceback (what it
    said is on standard error)."""
    got = subprocess.run([sys.executable, "-m", "ui", "--no-qr", *args],
                         env=dict(os.environ, WONDERS_DATA_DIR=str(tmp_path), LANG="C.UTF-8"),
                         capture_output=True, text=True, timeout=60)
    assert got.returncode == 2 and "Traceback" not in got.stderr, got.stderr
    return got


def test_trust_rebinding_allow_host_takes_a_name_only(tmp_path: Path) -> None:
    got = _refused_at_start(tmp_path, "--allow-host",
                            "https://scores.example.org", "--allow-host", "pad.home:8550",
                            "--allow-host", "pad.home")
    # each wrong one said, the right one not
    assert "not 'https://scores.example.org'" in got.stderr
    assert "not 'pad.home:8550'" in got.stderr and "not 'pad.home'" not in got.stderr


def test_trust_an_origin_the_operator_lists_is_taken(tmp_path: Path) -> None:
    with start(tmp_path / "data", args=("--allow-origin", "https://Scores.Example.org")) as srv:
        async def tries() -> list[int]:
            return [await _handshake(srv.ws_url, "https://scores.example.org:443"),
                    await _handshake(srv.ws_url, "http://scores.example.org")]
        assert asyncio.run(tries()) == [101, 403]


async def _wrong_codes_until_refused(url: str, forwarded: list[str]) -> int:
    """Open /g/<wrong code> once per X-Forwarded-For value; how many were wrong before
    "Too many wrong codes" (len(forwarded) when never)."""
    for i, who in enumerate(forwarded):
        tab = await FletWsClient(url, route="/g/BBBB",
                                 headers={"X-Forwarded-For": who}).start()
        try:
            text = " ".join(tab.all_texts())
        finally:
            await tab.close()
        if "Too many wrong codes" in text:
            return i
        assert "No game in progress has this code" in text
    return len(forwarded)


def test_trust_x_forwarded_for_from_loopback_is_not_the_client(server: Server) -> None:
    spoofed = [f"10.0.0.{i}" for i in range(1, FAILED_JOINS + 3)]
    # one client (the socket's address) however many addresses its header names
    assert asyncio.run(_wrong_codes_until_refused(server.ws_url, spoofed)) == FAILED_JOINS


def test_trust_x_forwarded_for_from_a_named_proxy_is_the_client(tmp_path: Path) -> None:
    with start(tmp_path / "data", args=("--trusted-proxy", "127.0.0.1")) as srv:
        behind = [f"10.0.0.{i}" for i in range(1, FAILED_JOINS + 3)]  # 7 phones, 1 try each
        assert asyncio.run(_wrong_codes_until_refused(srv.ws_url, behind)) == len(behind)


def _lan_address() -> str:
    """An address of this machine that is not loopback (a phone elsewhere on the network)."""
    found = lan_addresses()[0]
    assert not found.startswith("127."), "the tests need a network address besides loopback"
    return found


def _desktop_limit() -> None:
    """The child's open-file soft limit as a common desktop's (1,024)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))


def _soft_limit(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open-file limit")


def test_trust_a_flood_of_half_open_requests_locks_no_phone_out(tmp_path: Path) -> None:
    lan = _lan_address()
    with start(tmp_path / "data", host="0.0.0.0", preexec=_desktop_limit) as srv:
        soft, hard = _soft_limit(srv.pid)
        assert soft == hard  # raised at start from 1,024
        held: list[socket.socket] = []
        try:
            for _ in range(1100):  # more than a desktop's 1,024 open files
                s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never ends
                held.append(s)
            began = time.perf_counter()
            # a phone elsewhere on the network opens the app meanwhile
            assert _open(f"http://{lan}:{srv.port}/")[0] == 200
            # each half-finished request's connection is closed within seconds
            for s in held:
                s.settimeout(HEADER_TIMEOUT_S + 10)
                with contextlib.suppress(ConnectionResetError):
                    assert s.recv(1) == b""
            assert time.perf_counter() - began < HEADER_TIMEOUT_S + 10
        finally:
            for s in held:
                s.close()


def test_trust_sessions_per_address_are_capped(tmp_path: Path) -> None:
    lan = _lan_address()
    with start(tmp_path / "data", host="0.0.0.0", log=tmp_path / "log") as srv:
        async def flood() -> tuple[list[int], int]:
            opened, statuses = await open_sessions(srv.ws_url, SESSIONS_PER_ADDRESS + 5)
            other = await _handshake(f"ws://{lan}:{srv.port}/ws", None)  # another phone
            for ws in opened:
                await ws.close()
            return statuses, other

        statuses, other = asyncio.run(flood())
        assert statuses == [101] * SESSIONS_PER_ADDRESS + [403] * 5
        assert other == 101
        assert (tmp_path / "log").read_text().count("sessions open from there") == 1


async def open_sessions(url: str, count: int) -> tuple[list[Any], list[int]]:
    """`count` websocket sessions opened one after the other from this address: those the
    server took, and the HTTP status each try got (101: taken; 403: refused)."""
    opened: list[Any] = []
    statuses: list[int] = []
    for _ in range(count):
        try:
            opened.append(await websockets.connect(url, ping_interval=None))
            statuses.append(101)
        except websockets.InvalidStatus as refused:
            statuses.append(int(refused.response.status_code))
    return opened, statuses


def test_trust_an_upload_that_stops_moving_is_removed(tmp_path: Path) -> None:
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    stale, moving = uploads / "stale.json", uploads / "moving.json"
    stale.write_bytes(b"x" * 1000)
    moving.write_bytes(b"x" * 1000)
    now = time.time()
    os.utime(stale, (now - UPLOAD_IDLE_S - 1, now - UPLOAD_IDLE_S - 1))
    guard = Guard(lambda *a: None, uploads)  # type: ignore[arg-type]
    assert guard.sweep_uploads(now) == 1
    assert not stale.exists() and moving.exists()


@contextlib.contextmanager
def _serving(app: Guard, max_connections: int = MAX_CONNECTIONS) -> Iterator[int]:
    """The guarded app served by uvicorn in a thread of this process, with the server's
    settings (`server_config`); its port."""
    port = free_port()
    server = uvicorn.Server(server_config(app, "127.0.0.1", port,
                                         max_connections=max_connections))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def _status_within(url: str, wanted: int, seconds: float) -> int:
    """The status a GET of `url` gets, asked again every 50 ms until it is `wanted` or
    `seconds` have passed."""
    end = time.perf_counter() + seconds
    while True:
        status = _open(url)[0]
        if status == wanted or time.perf_counter() > end:
            return status
        time.sleep(0.05)


async def _nothing(page: object) -> None:
    return None


def test_trust_the_server_caps_its_connections() -> None:
    # 16 connections held open (idle, as a flood holds them): the next request is answered
    # 503 at once instead of taking another file; once they close, phones get in again
    # (uvicorn's cap counts the connection asking, too)
    cap = 16
    with _serving(build_app(_nothing, None, 45), max_connections=cap) as port:
        held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(cap)]
        try:  # (asked again until the server has taken every one, within 2 s)
            assert _status_within(f"http://127.0.0.1:{port}/", 503, 2.0) == 503
        finally:
            for s in held:
                s.close()
        assert _status_within(f"http://127.0.0.1:{port}/", 200, 2.0) == 200


def test_trust_the_server_sweeps_idle_uploads_as_it_runs(tmp_path: Path) -> None:
    # a browser that never said its upload was complete leaves its file: the running server
    # removes it once nobody wrote to it for upload_idle_s (60 s; 0.5 s here), and keeps
    # the one still being written
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    stale, moving = uploads / "stale.json", uploads / "moving.json"
    app = build_app(_nothing, uploads, 45, upload_idle_s=0.5, tend_every_s=0.05)
    with _serving(app):
        stale.write_bytes(b"x" * 1000)
        began = time.perf_counter()
        while stale.exists() and time.perf_counter() - began < 3:
            with moving.open("ab") as f:  # still moving: a byte every 50 ms
                f.write(b"x")
            time.sleep(0.05)
        assert not stale.exists() and moving.exists()
        assert time.perf_counter() - began >= 0.5  # not before it stopped moving 0.5 s


def test_trust_memory_is_given_back_once_sessions_went() -> None:
    # the allocator is asked to give free pages back after sessions were let go, once
    kept = ClosedSessions(per_address=1, in_all=8)
    guard = Guard(lambda *a: None, None, kept=kept,  # type: ignore[arg-type]
                  trim=lambda pad: 1)
    assert not guard.memory_to_give_back()  # nothing went yet
    kept.closed("a", "A")
    for gone in kept.closed("b", "A"):
        kept.gone(gone)  # what Flet's deletion tells it
    assert guard.memory_to_give_back() and not guard.memory_to_give_back()


def test_trust_a_closed_sessions_memory_is_let_go_within_a_minute() -> None:
    # Flet evicts expired sessions every 10 s: kept SESSION_TIMEOUT_S, then gone by then
    assert SESSION_TIMEOUT_S + 10 <= 60


def test_trust_a_churn_from_one_address_leaves_few_closed_sessions(server: Server) -> None:
    # 21 tabs opened and closed one after another from this machine: Flet kept every one
    # of them for SESSION_TIMEOUT_S (a churn of 2,000 held 2,000 at once: 68 -> 228 MiB,
    # and the allocator kept it); now the 16 closed last are kept, the older ones let go
    churned = KEPT_PER_ADDRESS + 5

    async def churn() -> list[bool]:
        ids = []
        for _ in range(churned):
            tab = await FletWsClient(server.ws_url).start()
            ids.append(tab.session_id)
            await tab.close()
            await asyncio.sleep(0.05)  # closed in this order
        await asyncio.sleep(0.5)  # the server hears of the last end
        back = []
        for sid in reversed(ids):  # newest first: a session back and closed again is kept
            again = await FletWsClient(server.ws_url).start(session_id=sid)
            back.append(again.session_id == sid)
            await again.close()
        return back[::-1]

    back = asyncio.run(churn())
    assert sum(back) == KEPT_PER_ADDRESS, back
    assert all(back[-10:]) and not any(back[:3]), back  # the newest kept, the oldest gone


def test_trust_closed_sessions_are_bounded_per_address_and_in_all() -> None:
    kept = ClosedSessions(per_address=2, in_all=3)
    assert kept.closed("a1", "A") == [] and kept.closed("a2", "A") == []
    assert kept.closed("a3", "A") == ["a1"]  # A's third: its oldest goes
    assert kept.closed("b1", "B") == []
    assert kept.closed("c1", "C") == ["a2"]  # the fourth in all: the oldest of all goes
    assert (kept.held("A"), kept.held("B"), kept.held()) == (1, 1, 3)
    kept.reopened("a3")  # its phone came back: an open session is not a closed one
    assert kept.held("A") == 0 and kept.closed("d1", "D") == []
    assert kept.closed("a3", "A") == ["b1"]  # closed again: now the newest
    kept.gone("c1")  # expired: Flet deleted it
    assert kept.held() == 2 and kept.closed("e1", "E") == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_trust_a_stop_under_load_is_one_line(tmp_path: Path, sig: signal.Signals) -> None:
    log = tmp_path / "server.log"
    with start(tmp_path / "data", log=log) as srv:
        banner = len(log.read_text().splitlines())

        async def load() -> None:
            async def one(k: int) -> None:
                with contextlib.suppress(Exception):
                    tab = await FletWsClient(srv.ws_url).start()
                    await enter_game(tab, k, 12, SessionReport(k))

            tabs = [asyncio.create_task(one(k)) for k in range(12)]
            await asyncio.sleep(4)  # games being entered on every tab
            srv.proc.send_signal(sig)
            await asyncio.to_thread(srv.proc.wait, 15)
            for t in tabs:
                t.cancel()
            await asyncio.gather(*tabs, return_exceptions=True)

        asyncio.run(load())
        text = log.read_text()
        after = text.splitlines()[banner:]
        assert "Traceback" not in text and "Error" not in text, text[-2000:]
        assert len(after) == 1 and after[0].startswith(
            f"wonders-scorer: stopped ({sig.name}"), after
        assert srv.proc.returncode == 0


def test_trust_a_port_in_use_is_said_in_one_line(tmp_path: Path) -> None:
    # uvicorn logs the bind error as the OSError itself; the stop-line filter read it as
    # text and raised AttributeError: a traceback instead of the reason
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "ui", "--host", "127.0.0.1", "--port", str(port),
             "--no-qr"], capture_output=True, text=True, timeout=60,
            env={**os.environ, "WONDERS_DATA_DIR": str(tmp_path)})
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr[-1500:]
    assert [line for line in done.stderr.splitlines() if "address already in use" in line] \
        == done.stderr.strip().splitlines()  # that one line, nothing else


def test_trust_flet_is_reached_through_one_door_that_checks_its_version(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(flet_versions, "version", lambda name: "9.9.9")
    with pytest.raises(flet_door.FletMismatch, match=r"constraints\.txt"):
        flet_versions.check_versions()
    monkeypatch.setenv(flet_door.UNCHECKED_ENV, "1")
    flet_versions.check_versions()
    assert "flet 9.9.9 (checked: 1.0.5)" in capsys.readouterr().err
    # nothing outside the door imports Flet's insides
    root = Path(__file__).resolve().parent.parent
    for folder in ("ui", "tests", "benchmarks"):
        for path in (root / folder).rglob("*.py"):
            if path.name == "flet_door.py":
                continue
            for line in path.read_text().splitlines():
                assert not line.startswith(("from flet.", "from flet_web.uploads",
                                            "from flet_web.fastapi.flet_app")), (path, line)


_WRONG_FLET = """
import importlib.metadata, runpy, sys
installed = importlib.metadata.version
importlib.metadata.version = lambda name: "9.9.9" if name == "flet" else installed(name)
how, what = sys.argv.pop(1), sys.argv.pop(1)
if how == "module":
    runpy.run_module(what, run_name="__main__", alter_sys=True)
else:
    sys.argv[0] = what
    runpy.run_path(what, run_name="__main__")
"""
"""A Python that reports Flet 9.9.9 installed (this test's process only), then starts the
app as `python -m ui` does (`module ui`) or as an installed script (`script PATH`)."""


@pytest.mark.parametrize("start_as", ["python -m ui", "wonders-app"])
def test_trust_a_wrong_flet_at_start_is_one_line_not_a_traceback(
        start_as: str, tmp_path: Path) -> None:
    # ui/web/flet_door.py checks Flet's version at import, and `python -m ui` imported it
    # before main() ran: the check's refusal ended the start in a traceback
    if start_as == "python -m ui":
        how = ["module", "ui"]
    else:  # the entry point pip installs (pyproject's [project.scripts])
        script = Path(sys.executable).parent / "wonders-app"
        assert script.exists(), f"no {script}: install the app (pip install -e '.[app]')"
        how = ["script", str(script)]
    got = subprocess.run([sys.executable, "-c", _WRONG_FLET, *how, "--host", "127.0.0.1",
                          "--port", str(free_port()), "--no-qr"],
                         env={**os.environ, "WONDERS_DATA_DIR": str(tmp_path)},
                         capture_output=True, text=True, timeout=60)
    assert got.returncode == 2, got.stderr[-2000:]
    assert "Traceback" not in got.stderr and got.stdout == "", got.stderr[-2000:]
    [line] = got.stderr.strip().splitlines()
    assert "flet 9.9.9 (checked: 1.0.5)" in line and "constraints.txt" in line, line
    assert f"{flet_versions.UNCHECKED_ENV}=1 starts anyway" in line


def test_trust_the_guard_checks_the_fields_flet_needs_not_an_exact_set() -> None:
    event = {"target": 5, "name": "click", "data": ""}
    assert flet_door.body_problem(3, event, registered=True) == ""
    assert "without its data" in flet_door.body_problem(3, {"target": 5, "name": "click"},
                                                        registered=True)
    assert "target is not a number" in flet_door.body_problem(
        3, {**event, "target": "5"}, registered=True)
    assert "fields the protocol does not have" in flet_door.body_problem(
        3, {**event, "extra": 1}, registered=True)


def test_trust_flet_insides_changed_is_said_in_one_line_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """A check of Flet's insides that fails as the server is built (a Flet that is not the
    one `ui/web/flet_door.py` was checked against, started with WONDERS_FLET_UNCHECKED=1) stops
    the server with what to check, exit status 2."""
    from ui import __main__ as app_main

    def changed() -> None:
        raise flet_door.FletMismatch("check no_cycles_per_render in ui/web/flet_door.py")
    monkeypatch.setattr(flet_door, "no_cycles_per_render", changed)
    monkeypatch.setenv("WONDERS_DATA_DIR", str(tmp_path))
    # main() sets a key for Flet's signed uploads when none is set; this test's own, gone
    # after it (flet_web signs with the environment's key, whatever a test passes)
    monkeypatch.setenv("FLET_SECRET_KEY", SECRET)
    assert app_main.main(["--host", "127.0.0.1", "--port", "0", "--no-qr"]) == 2
    err = capsys.readouterr().err
    assert "check no_cycles_per_render in ui/web/flet_door.py" in err and "Traceback" not in err


def test_trust_a_flet_the_render_guard_was_not_checked_against_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """ui/web/guard.py's own check of Flet's version (it wraps Flet's renderer) stops the start
    with what to check, exit status 2, not a traceback (it raised a RuntimeError)."""
    import flet as ft

    from ui import __main__ as app_main
    from ui.web import guard

    monkeypatch.setattr(guard, "_installed", False)
    monkeypatch.setattr(ft, "__version__", "1.1.0")
    monkeypatch.setenv("WONDERS_DATA_DIR", str(tmp_path))
    # main() sets a key for Flet's signed uploads when none is set; this test's own, gone
    # after it (flet_web signs with the environment's key, whatever a test passes)
    monkeypatch.setenv("FLET_SECRET_KEY", SECRET)
    assert app_main.main(["--host", "127.0.0.1", "--port", "0", "--no-qr"]) == 2
    err = capsys.readouterr().err
    assert "ui/web/guard.py was checked against Flet 1.0.x, not 1.1.0" in err
    assert "Traceback" not in err


def test_trust_a_wrong_flet_a_package_not_installed_is_a_mismatch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """flet-web missing (a broken install): the check says so as a mismatch, which a start
    says in one line, not `importlib.metadata`'s traceback."""
    def version(name: str) -> str:
        if name == "flet-web":
            raise PackageNotFoundError(name)
        return metadata.version(name)
    monkeypatch.setattr(flet_versions, "version", version)
    monkeypatch.delenv(flet_versions.UNCHECKED_ENV, raising=False)
    with pytest.raises(flet_versions.FletMismatch, match="flet-web not installed"):
        flet_versions.check_versions()


@pytest.mark.parametrize("value", ["*", "0.0.0.0/0", "::/0", "0.0.0.0/1", "10.0.0.0/7",
                                   "2001::/16"])
def test_hostile_a_trusted_proxy_that_trusts_everyone_is_refused(value: str) -> None:
    # every address (or 2^25 and more: a /7) could name its own, and pass every bound
    # kept per address (72 of 72 sessions past the 64 cap before)
    said = trusted_proxy_problem(value)
    assert said.startswith("--trusted-proxy:") and value in said


@pytest.mark.parametrize("value", ["localhost", "127.0.0.1, 10.0.0.1", "proxy.lan", ""])
def test_hostile_a_trusted_proxy_that_trusts_nobody_is_refused(value: str) -> None:
    # a name or a list is no address uvicorn compares with: it silently trusted nothing
    assert trusted_proxy_problem(value).startswith("--trusted-proxy: an IP address")


@pytest.mark.parametrize("value", ["127.0.0.1", " 10.0.0.5 ", "10.0.0.0/24", "::1",
                                   "0:0::1", "127.0.0.1/32", "fd00::/120",
                                   "::ffff:10.0.0.0/120"])
def test_trust_a_proxys_address_or_small_network_is_taken(value: str) -> None:
    assert trusted_proxy_problem(value) == ""


@pytest.mark.parametrize(("value", "count"), [
    ("10.0.0.0/8", "16,777,216"),  # 2^(32-8)
    ("10.0.0.0/23", "512"),  # 2^(32-23): one past the 256 of a /24
    ("2001:db8::/32", f"{2 ** 96:,}"),  # 2^(128-32)
    ("fd00::/64", f"{2 ** 64:,}"),
    ("fd00::/119", "512"),  # 2^(128-119)
    # every IPv4-mapped address: on a dual-stack listener, every IPv4 client
    ("::ffff:0:0/96", f"{2 ** 32:,}"),
    ("::/32", f"{2 ** 96:,}"),  # holds ::ffff:0:0/96 too
    ("::ffff:10.0.0.0/112", "65,536"),  # 10.0.0.0/16: 2^(128-112)
])
def test_hostile_a_trusted_proxy_of_more_than_256_addresses_is_refused(
        value: str, count: str) -> None:
    said = trusted_proxy_problem(value)
    assert said.startswith(f"--trusted-proxy: {value} would trust {count} addresses"), said


@pytest.mark.parametrize(("value", "ipv4"), [("::10.0.0.1", "10.0.0.1"),
                                             ("::7f00:1", "127.0.0.1"),
                                             ("::10.0.0.0/120", "10.0.0.0/24")])
def test_hostile_an_ipv4_compatible_trusted_proxy_is_refused(value: str, ipv4: str) -> None:
    said = trusted_proxy_problem(value)
    assert said.startswith(f"--trusted-proxy: {value} is an IPv4 address"), said
    assert said.endswith(f", {ipv4}")


@pytest.mark.parametrize(("value", "peer"), [
    ("10.0.0.0/24", "10.0.0.7"), ("127.0.0.1/32", "127.0.0.1"), ("0:0::1", "::1"),
    ("127.0.0.1", "::ffff:127.0.0.1"),  # an IPv4 proxy seen by a dual-stack listener
    ("::ffff:10.0.0.0/120", "10.0.0.7"), ("fe80::1", "fe80::1%eth0"),
])
def test_hostile_a_proxy_written_as_a_network_is_the_proxy(value: str, peer: str) -> None:
    assert trusted_proxy_problem(value) == ""
    assert is_trusted(peer, trusted_networks([value]))
    assert not is_trusted("10.0.1.7", trusted_networks([value]))
    assert not is_trusted("not an address", trusted_networks([value]))


def test_hostile_uvicorn_trusts_the_proxy_as_named() -> None:
    """uvicorn reads a network with host bits (10.0.0.5/24) as no network: given the
    canonical form, and an IPv4 proxy also as a dual-stack listener sees it."""
    config = server_config(Guard(lambda *a: None, None),  # type: ignore[arg-type]
                           "127.0.0.1", 0, trusted_networks(["10.0.0.5/24", "0:0::1"]))
    trusted = _TrustedHosts(config.forwarded_allow_ips)
    for peer in ("10.0.0.5", "10.0.0.200", "::ffff:10.0.0.5", "::1"):
        assert peer in trusted, peer
    assert "10.0.1.5" not in trusted and "::2" not in trusted


def _served_from(source: str, unlimited: list[str], connections: int) -> list[int]:
    """The statuses of `connections` requests from `source`, each on its own connection
    kept open, to a server that caps an address at 2 connections except `unlimited` (as
    `--trusted-proxy` gives them); 0 for a connection closed unanswered."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"page"})
    protocol = flet_door.HeaderTimeoutH11.limited(30.0, 2, lambda a: a,
                                                  trusted_networks(unlimited))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=protocol,
                                           log_level="error", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    held: list[socket.socket] = []
    statuses = []
    try:
        while not server.started:
            time.sleep(0.02)
        for _ in range(connections):
            s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=(source, 0))
            held.append(s)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # kept alive
            try:
                answer = s.recv(64)
            except ConnectionResetError:
                answer = b""
            statuses.append(int(answer.split()[1]) if answer else 0)
        return statuses
    finally:
        for s in held:
            s.close()
        server.should_exit = True
        thread.join(10)


@pytest.mark.parametrize("proxy", ["127.0.0.2", "127.0.0.0/24", "127.0.0.2/32",
                                   "::ffff:127.0.0.2"])
def test_hostile_a_proxy_written_as_a_network_is_not_capped(proxy: str) -> None:
    # the proxy carries every phone's connections: 4 at once past the cap of 2
    assert _served_from("127.0.0.2", [proxy], 4) == [200] * 4
    # a client that is not the proxy is capped: its third and fourth are closed
    assert _served_from("127.0.1.2", [proxy], 4) == [200, 200, 0, 0]


def test_hostile_the_server_will_not_start_trusting_everyone(tmp_path: Path) -> None:
    got = _refused_at_start(tmp_path, "--trusted-proxy", "*",
                            "--trusted-proxy", "localhost", "--trusted-proxy", "127.0.0.1")
    assert "--trusted-proxy: * would trust" in got.stderr
    assert "not 'localhost'" in got.stderr and "not '127.0.0.1'" not in got.stderr


def _page_load_during_half_open_flood(half_open_per_address: int) -> int:
    """The status of a page load from one more address while 10 other addresses each hold
    20 half-finished requests (200) on a server of 150 connections (as 40 addresses x 128
    are more than the real server's 4,096): uvicorn in this process, guarded by our
    protocol, every loopback address its own client."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"page"})
    protocol = flet_door.HeaderTimeoutH11.limited(30.0, 128, lambda a: a, (),
                                                  half_open_per_address)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, http=protocol,
                            limit_concurrency=150, log_level="error", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    held: list[socket.socket] = []
    try:
        while not server.started:
            time.sleep(0.02)
        for a in range(10):
            for _ in range(20):
                s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                             source_address=(f"127.0.0.{a + 2}", 0))
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never ends
                held.append(s)
        time.sleep(0.3)
        phone = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=("127.0.0.50", 0))
        phone.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = phone.recv(64)
        phone.close()
        return int(answer.split()[1])
    finally:
        for s in held:
            s.close()
        server.should_exit = True
        thread.join(10)


def test_hostile_half_open_requests_from_many_addresses_keep_no_page_out() -> None:
    assert _page_load_during_half_open_flood(8) == 200  # 10 x 8 = 80 held at most
    # the same flood without the bound per address takes the server's every connection
    assert _page_load_during_half_open_flood(0) == 503
