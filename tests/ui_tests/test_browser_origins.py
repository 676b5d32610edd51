"""The app as a phone reaches it: at a name that is not this computer's own (chromium maps
`wonders.test` to 127.0.0.1 with `--host-resolver-rules`, so the browser treats it as any
other host), over plain http and over https through Caddy.

- Plain http is not a secure page: the browser offers no Web Share, no clipboard, no
  install. Every screen still opens and works, none ends the page with an error (on main,
  Share image did: "TypeError: x0.canShare is not a function"), and the pad and the export
  offer what works, saying why in one sentence.
- https through Caddy (deploy/Caddyfile.lan, `tls internal`, its root certificate trusted
  by the test's browser in its own NSS store): a secure page; Share image, Copy and Copy
  image are offered and work; Chrome's installability check (DevTools
  `Page.getInstallabilityErrors`) finds nothing in the way.

They never skip: without chromium, Caddy or certutil each test fails saying how to install
it (.ci/run installs them).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .game_data import TABLE, VERDICT
from .test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    MISSING_CHROMIUM,
    MOTION,
    PHONE,
    ROOT,
    Phone,
    _free_port,
)

pytestmark = pytest.mark.browser

HOST = "wonders.test"
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
CERTUTIL = shutil.which("certutil") or "/usr/bin/certutil"
MISSING_CADDY = (f"caddy is not installed at {CADDY}: the https tests put the app behind it "
                 "(Debian/Ubuntu: apt-get install caddy; .ci/run installs it)")
MISSING_CERTUTIL = (f"certutil is not installed at {CERTUTIL}: the https test trusts Caddy's "
                    "certificate authority in the browser's own NSS store with it "
                    "(Debian/Ubuntu: apt-get install libnss3-tools; .ci/run installs it)")
ARGS = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
        # the Web Share API as a phone's browser has it (desktop Linux chromium leaves it out)
        "--enable-features=WebShare"]
SCREENS = ["/", "/new", "/join", "/history", "/rules", "/import"]
"""Every screen without a game; the game's own are visited with one."""


def _start_app(data: Path, *options: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
         *options],
        cwd=ROOT, env=dict(os.environ, WONDERS_DATA_DIR=str(data)),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for(f"http://127.0.0.1:{port}/", proc)
    return proc, port


def _wait_for(url: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(400):
        if proc.poll() is not None:
            pytest.fail(f"{proc.args!r} ended with {proc.returncode} before {url} answered")
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                r.read()
            return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"{url} did not answer within 20 s")


@pytest.fixture
def plain_http(tmp_path: Path) -> Iterator[str]:
    """The app on http://wonders.test:<port>/, as a phone on the LAN opens it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(MISSING_CHROMIUM)
    # a name of this server that is none of its own: the operator names it (--allow-host),
    # as for a name a home router gives
    proc, port = _start_app(tmp_path / "data", "--allow-host", HOST)
    try:
        yield f"http://{HOST}:{port}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def behind_caddy(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The app behind Caddy at https://wonders.test:<port>/ with the project's LAN
    Caddyfile (`tls internal`); also the root certificate of Caddy's authority."""
    for tool, missing in ((CHROMIUM, MISSING_CHROMIUM), (CADDY, MISSING_CADDY),
                          (CERTUTIL, MISSING_CERTUTIL)):
        if not Path(tool).exists():
            pytest.fail(missing)
    https_port = _free_port()
    # the app on this machine only, told the address phones open (for the join code; Caddy
    # forwards the Host phones asked for: its name is one the app answers to)
    app, app_port = _start_app(tmp_path / "data", "--public-url",
                               f"https://{HOST}:{https_port}/")
    caddy_home = tmp_path / "caddy"  # its authority and certificates: this test's own
    env = dict(os.environ, HOME=str(caddy_home), XDG_DATA_HOME=str(caddy_home / "data"),
               XDG_CONFIG_HOME=str(caddy_home / "config"), WONDERS_SITE=HOST,
               WONDERS_UPSTREAM=f"127.0.0.1:{app_port}",
               WONDERS_HTTPS_PORT=str(https_port), WONDERS_HTTP_PORT=str(_free_port()),
               WONDERS_CADDY_ADMIN=f"localhost:{_free_port()}")
    log = (tmp_path / "caddy.log").open("wb")
    caddy = subprocess.Popen([CADDY, "run", "--config", str(ROOT / "deploy" / "Caddyfile.lan"),
                              "--adapter", "caddyfile"], env=env, stdout=log,
                             stderr=subprocess.STDOUT)
    root = caddy_home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    try:
        _wait_for_tls(https_port, root, caddy)
        yield f"https://{HOST}:{https_port}/", root
    finally:
        caddy.terminate()
        caddy.wait(timeout=10)
        log.close()
        app.terminate()
        app.wait(timeout=10)


def _wait_for_tls(port: int, root: Path, caddy: subprocess.Popen[bytes]) -> None:
    """Until Caddy answers https://wonders.test:<port>/ with the app's page, its
    certificate checked against its authority's root (the name as the browser sends it)."""
    import socket
    import ssl

    for _ in range(400):
        if caddy.poll() is not None:
            pytest.fail(f"caddy ended with {caddy.returncode} (see caddy.log in the test's "
                        "temporary folder)")
        try:
            trusted = ssl.create_default_context(cafile=str(root))
            with socket.create_connection(("127.0.0.1", port), timeout=2) as raw, \
                    trusted.wrap_socket(raw, server_hostname=HOST) as tls:
                tls.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n"
                            .encode())
                if tls.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except (OSError, ssl.SSLError):
            pass
        time.sleep(0.05)
    pytest.fail("Caddy did not serve the app over https within 20 s")


def _browser(p: Any, profile: Path, home: Path, origin: str) -> tuple[Any, Any, list[str]]:
    """A persistent chromium profile (Chrome refuses to install from an incognito one),
    whose NSS store is under `home`; offline but for the app's origin."""
    ctx = p.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=ARGS, viewport=PHONE,
        env={**os.environ, "HOME": str(home)}, accept_downloads=True, reduced_motion=MOTION)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(origin)
               else r.abort())
    return ctx, page, errors


def _import(phone: Phone, url: str, tmp_path: Path) -> None:
    table = tmp_path / "game.json"
    table.write_text(json.dumps(TABLE))
    phone.open(url.rstrip("/") + "/import", ready="Back")
    with phone.page.expect_file_chooser(timeout=10_000) as chooser:
        phone.button("Choose a file (.json)").click()
    chooser.value.set_files(str(table))
    phone.wait_text("Tap a player", timeout=20)


def _page_ok(phone: Phone, errors: list[str]) -> None:
    body = phone.page.inner_text("body")
    assert "Error running app" not in body and "TypeError" not in body, body[:600]
    phone.no_error_box()
    assert errors == [], errors


def _features(phone: Phone) -> dict[str, bool]:
    raw = phone.page.evaluate("() => localStorage.getItem('flutter.wonders.browser')")
    found: dict[str, bool] = json.loads(json.loads(raw))
    return found


def test_plain_http_origin_every_screen_degrades_none_crashes(plain_http: str,
                                                              tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    url = plain_http
    with sync_playwright() as p:
        ctx, page, errors = _browser(p, tmp_path / "profile", tmp_path, url.rstrip("/"))
        phone = Phone(page)
        phone.open(url)
        assert page.evaluate("() => window.isSecureContext") is False
        assert _features(phone) == {"secure": False, "share_files": False,
                                    "copy_text": False, "copy_image": False,
                                    "standalone": False}
        phone.wait_text(r"This page is not secure \(http\), so the phone cannot install it")
        cdp = ctx.new_cdp_session(page)
        found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert "not-from-secure-origin" in [e["errorId"] for e in found]
        for route in SCREENS:
            phone.go(route, ready="Back" if route != "/" else "New game")
            _page_ok(phone, errors)
        _import(phone, url, tmp_path)
        # the pad: no Share image, no Copy image; the download and the QR code instead
        game = page.url.rstrip("/")  # the game's own address, /g/<code>
        phone.go(game + "/pad", ready="Download PNG of the score pad")
        phone.wait_text("This page is not secure \\(http\\), so the phone cannot share or copy "
                        "the image from it")
        assert page.get_by_role("button", name="Share image of the score pad").count() == 0
        assert page.get_by_role("button", name="Copy image of the score pad").count() == 0
        phone.node("result-qr")
        with page.expect_download(timeout=15_000) as dl:
            phone.button("Download PNG of the score pad").click()
        assert Path(dl.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        phone.shot("http-pad")
        _page_ok(phone, errors)
        # the export: no Copy; the texts to select, the files to download
        phone.go(game + "/export", ready="Download JSON")
        phone.wait_text("This page is not secure \\(http\\), so the phone cannot copy from it")
        assert page.get_by_role("button", name="Copy").count() == 0
        with page.expect_download(timeout=15_000) as dl:
            phone.button("Download JSON").click()
        assert json.loads(Path(dl.value.path()).read_text()) == {**TABLE, "expansions": []}
        phone.shot("http-export")
        for route in ("", "/player/0"):
            phone.go(game + route)
            _page_ok(phone, errors)
        ctx.close()


def test_https_origin_through_caddy_is_secure_installable_and_shares(
        behind_caddy: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    url, root = behind_caddy
    home = tmp_path / "browser-home"
    nss = home / ".pki" / "nssdb"
    nss.mkdir(parents=True)
    subprocess.run([CERTUTIL, "-N", "-d", f"sql:{nss}", "--empty-password"], check=True)
    subprocess.run([CERTUTIL, "-A", "-d", f"sql:{nss}", "-n", "caddy-local-authority",
                    "-t", "C,,", "-i", str(root)], check=True)
    with sync_playwright() as p:
        ctx, page, errors = _browser(p, tmp_path / "profile", home, url.rstrip("/"))
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
        phone = Phone(page)
        phone.open(url)
        assert page.evaluate("() => window.isSecureContext") is True
        assert _features(phone) == {"secure": True, "share_files": True, "copy_text": True,
                                    "copy_image": True, "standalone": False}
        phone.wait_text("To keep it as an app: the browser's menu, Add to Home screen.")
        cdp = ctx.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        data = json.loads(manifest["data"])
        assert (data["id"], data["lang"], data["name"]) == ("/", "en", "Wonders Score Pad")
        _import(phone, url, tmp_path)
        game = page.url.rstrip("/")  # the game's own address, /g/<code>
        # the join card gives Caddy's https address (--public-url), not the app's own
        assert game.startswith(url) and phone.text_of("join-address").strip() == game
        # the pad: share, download and copy the image
        phone.open(game + "/pad", ready="Share image of the score pad")
        phone.button("Download PNG of the score pad")
        assert page.locator('[flt-semantics-identifier="result-qr"]').count() == 0
        phone.tap("Copy image of the score pad")
        phone.wait_text("Image copied")
        # the client answers the copy when the browser has the write in hand, and chromium
        # finishes it a moment later (a fresh clone's run read an empty clipboard at once):
        # the image is waited for, up to 10 s, never assumed
        types = page.evaluate("""async () => {
            for (let tries = 0; tries < 100; tries++) {
                const items = await navigator.clipboard.read();
                const types = items.flatMap(i => i.types);
                if (types.includes("image/png")) return types;
                await new Promise(r => setTimeout(r, 100));
            }
            return []; }""")
        assert "image/png" in types
        _page_ok(phone, errors)
        # the export: Copy puts the text in the clipboard
        phone.open(game + "/export", ready="Download JSON")
        assert page.get_by_role("button", name="Copy").count() == 3
        assert "cannot copy" not in page.inner_text("body")
        page.get_by_role("button", name="Copy").nth(2).click()
        phone.wait_text("Copied. Share text")
        assert VERDICT in page.evaluate("() => navigator.clipboard.readText()")
        phone.shot("https-export")
        _page_ok(phone, errors)
        ctx.close()


def test_join_card_offers_the_name_the_page_was_opened_by(plain_http: str,
                                                          tmp_path: Path) -> None:
    """Issue 31: the host's phone opened the app at a name the server answers to
    (wonders.test, --allow-host); the join card offered `http://127.0.0.1:<port>` (the
    server listens on this computer only), which on another phone is that phone. The card
    offers the page's own address and its QR code (an SVG, drawn: dark and light modules)."""
    from io import BytesIO

    from PIL import Image
    from playwright.sync_api import sync_playwright

    from .test_browser import host_game

    url = plain_http
    with sync_playwright() as p:
        ctx, page, errors = _browser(p, tmp_path / "profile", tmp_path, url.rstrip("/"))
        phone = Phone(page)
        code = host_game(phone, url)
        address = phone.text_of("join-address").strip()
        assert address == f"{url}g/{code}", address
        assert "127.0.0.1" not in phone.page.inner_text("body")
        phone.reveal(phone.node("join-qr"))
        page.mouse.wheel(0, 2000)  # the foot of the table: the whole card
        page.wait_for_timeout(600)
        box = phone.node("join-qr").first.bounding_box()
        shot = Image.open(BytesIO(page.screenshot(clip=box))).convert("L")
        counts = shot.histogram()
        dark, light = sum(counts[:80]), sum(counts[201:])
        # a QR code is about half dark modules inside a light quiet zone
        assert dark > shot.width * shot.height // 5 and light > shot.width * shot.height // 5, \
            (dark, light, shot.size)
        phone.shot("13-join-card-by-name", scroll=2000)
        _page_ok(phone, errors)
        ctx.close()
