"""Nothing is asked of a browser that cannot do it: Share image, Copy and Copy image only
where the page said it can (ui/web/browser.py), and where it cannot, what works (a download,
the text to select, the result's QR code) with one sentence saying why.

The page says what the browser can do in its local storage (`flutter.wonders.browser`,
read through SharedPreferences as `wonders.browser`); these tests put there what a page
found, as the in-process client's storage. The real page, on an http and an https origin,
is tested in test_browser_origins.py.
"""

from __future__ import annotations

import base64
import json

import flet as ft
import pytest

from ui.app import make_main
from ui.store.store import Store
from ui.web.browser import FEATURES_KEY, Browser

from .flet_client import DEVICE, Client, label
from .game_data import TABLE, VERDICT

PLAIN_HTTP = {"secure": False, "share_files": False, "copy_text": False,
              "copy_image": False, "standalone": False}
"""What the page finds on http://192.168.1.20:8550/ (chromium, a phone's browser alike)."""
DESKTOP_HTTPS = {**PLAIN_HTTP, "secure": True, "copy_text": True, "copy_image": True}
"""An https page in desktop chromium on Linux: no Web Share API."""
PHONE_HTTPS = {**DESKTOP_HTTPS, "share_files": True}
"""An https page on a phone: everything."""


def client(store: Store, found: dict[str, bool] | None, route: str = "/") -> Client:
    c = Client(make_main(store), route=route)
    c.storage = {"wonders-scorer.device": DEVICE}
    if found is not None:  # as the page writes it: a JSON text
        c.storage[FEATURES_KEY] = json.dumps(found)
    return c


async def finished_pad(c: Client) -> None:
    """The pad of a complete game (imported by pasting the table file)."""
    await c.go("/import")
    await c.type("Paste a table file (JSON)", json.dumps(TABLE))
    await c.tap("Import")
    await c.go("/game/pad")
    assert c.has(VERDICT, exact=True)


def labels(c: Client) -> set[str]:
    from .flet_client import label

    return {label(x) for x in c.controls()}


def qr_codes(c: Client) -> list[ft.Semantics]:
    return [x for x in c.controls()
            if isinstance(x, ft.Semantics) and x.identifier == "result-qr"]


@pytest.mark.asyncio
async def test_missing_feature_share_on_plain_http_is_not_offered(store: Store) -> None:
    """On main, Share image was offered here and its tap ended the page in the browser."""
    c = await client(store, PLAIN_HTTP).start()
    await finished_pad(c)
    shown = labels(c)
    assert "Share image" not in shown and "Copy image" not in shown
    assert "Download PNG" in shown
    assert c.has("This page is not secure (http), so the phone cannot share or copy the "
                 "image from it: download it, or scan the result's QR code.", exact=True)
    [qr] = qr_codes(c)
    assert isinstance(qr.content, ft.Image) and isinstance(qr.content.src, str)
    # named for a screen reader (an image without a name is read as nothing)
    assert qr.content.semantics_label == "QR code of the result"
    prefix, _, encoded = qr.content.src.partition(",")
    assert prefix == "data:image/png;base64"
    assert base64.b64decode(encoded)[:8] == b"\x89PNG\r\n\x1a\n"
    # what works is a real download of the pad's image
    await c.tap("Download PNG")
    assert c.conn is not None
    [(name, data)] = c.conn.downloads
    assert name.endswith("-pad.png") and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert not [n for n, _ in c.conn.invoked if n in ("share_files", "set_image")]


@pytest.mark.asyncio
async def test_missing_feature_share_on_desktop_https_says_the_browser(store: Store) -> None:
    c = await client(store, DESKTOP_HTTPS).start()
    await finished_pad(c)
    shown = labels(c)
    assert "Share image" not in shown
    assert {"Download PNG", "Copy image"} <= shown
    assert c.has("This browser cannot share files: download the image, or scan the "
                 "result's QR code.", exact=True)
    assert len(qr_codes(c)) == 1
    await c.tap("Copy image")
    assert c.conn is not None and [n for n, _ in c.conn.invoked if n == "set_image"]


@pytest.mark.asyncio
async def test_missing_feature_none_on_a_phone_over_https(store: Store) -> None:
    c = await client(store, PHONE_HTTPS).start()
    await finished_pad(c)
    assert {"Share image", "Download PNG", "Copy image"} <= labels(c)
    assert not c.has("cannot share") and qr_codes(c) == []
    await c.tap("Share image")
    assert c.conn is not None and [n for n, _ in c.conn.invoked if n == "share_files"]


@pytest.mark.parametrize("found", [None, PLAIN_HTTP])
@pytest.mark.asyncio
async def test_missing_feature_copy_on_export_shows_the_text(store: Store,
                                                             found: dict[str, bool] | None
                                                             ) -> None:
    """No Copy button where the page may not copy (on main, Copy there ended the page with
    "Clipboard is not available"); the texts stay shown, read-only, to select; the files
    download. A browser that said nothing (None) is asked for nothing either."""
    c = await client(store, found).start()
    await finished_pad(c)
    await c.go("/game/export")
    shown = labels(c)
    assert "Copy" not in shown
    assert {"Download JSON", "Download CSV"} <= shown
    why = ("This page is not secure (http), so the phone cannot copy from it: download the "
           "files, or select the text below and copy it." if found else
           "This browser cannot copy from a page: download the files, or select the text "
           "below and copy it.")
    assert c.has(why, exact=True)
    fields = [x for x in c.controls() if isinstance(x, ft.TextField)]
    assert len(fields) == 3 and all(f.read_only for f in fields)
    assert VERDICT in (fields[2].value or "")
    await c.tap("Download CSV")
    assert c.conn is not None and c.conn.downloads[0][0].endswith("-result.csv")


@pytest.mark.asyncio
async def test_missing_feature_copy_offered_over_https(store: Store) -> None:
    c = await client(store, DESKTOP_HTTPS).start()
    await finished_pad(c)
    await c.go("/game/export")
    assert not c.has("cannot copy")
    await c.tap_control([x for x in c.controls() if isinstance(x, ft.TextButton)
                         and label(x) == "Copy"][2])
    assert c.conn is not None
    assert len([a for n, a in c.conn.invoked if n == "set"
                and VERDICT in str(a.get("data", ""))]) == 1
    assert c.has("Copied. Share text")
    # a browser that refuses the copy after all: said, and the text is still there
    c.conn.refused.add("set")
    await c.tap_control(next(x for x in c.controls() if isinstance(x, ft.TextButton)
                             and label(x) == "Copy"))
    assert c.has("The browser did not copy it: select the text below and copy it.",
                 exact=True)


@pytest.mark.parametrize(("found", "note"), [
    (PLAIN_HTTP, "This page is not secure (http), so the phone cannot install it as an app: "
                 "open the server's https address for that."),
    (DESKTOP_HTTPS, "To keep it as an app: the browser's menu, Add to Home screen."),
    ({**DESKTOP_HTTPS, "standalone": True}, None),
    (None, None),
])
@pytest.mark.asyncio
async def test_missing_feature_install_said_on_home(store: Store, found: dict[str, bool] | None,
                                                    note: str | None) -> None:
    c = await client(store, found).start()
    notes = [x for x in c.controls()
             if isinstance(x, ft.Semantics) and x.identifier == "install-note"]
    if note is None:
        assert notes == []
    else:
        assert c.has(note, exact=True) and len(notes) == 1


def test_missing_feature_what_the_page_left_is_read_strictly() -> None:
    """Anything but the page's JSON object of booleans is a browser that said nothing."""
    assert Browser.parse(json.dumps(PHONE_HTTPS)) == Browser(
        known=True, secure=True, share_files=True, copy_text=True, copy_image=True)
    for junk in [None, "", "{", "[]", json.dumps({"secure": "yes"}), 7]:
        got = Browser.parse(junk)
        assert not (got.secure or got.share_files or got.copy_text or got.copy_image)
    assert Browser.parse(json.dumps({"secure": "yes"})).known  # said, but not "true"


@pytest.mark.asyncio
async def test_export_opened_from_the_pad_goes_back_to_the_pad(store: Store) -> None:
    """Export opened from the score pad is a screen over the pad: the app bar's back arrow
    (a pop of the top view, as the phone's back) leads to the pad, where it led to the
    table while the phone's back led to the pad. Opened from the table, back is the table."""
    c = client(store, PLAIN_HTTP)
    await c.start()
    await finished_pad(c)
    await c.tap("Export")
    assert c.title() == "Export" and c.top().route.endswith("/pad/export")
    await c.back()
    assert c.title() == "Score pad" and c.has(VERDICT, exact=True)
    await c.go("/game")
    await c.tap_control(next(x for x in c.controls() if isinstance(x, ft.IconButton)
                             and label(x) == "Export"))
    assert c.title() == "Export"
    await c.back()
    assert c.title() == "Table"
