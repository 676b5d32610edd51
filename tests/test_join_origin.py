"""The join card's address (ui/web/join_origin.py): one another phone can open, never this
computer's loopback name when the page was opened by another (issue 31), and the page's own
address only for a name the server answers to (the same check as a request's Host header:
the address comes from the browser's client, which could name any site)."""

from __future__ import annotations

import pytest

from ui.web.join_origin import is_loopback, join_origin, page_origin

NAMES = frozenset({"wonders.test", "gamebox.local"})


@pytest.mark.parametrize(("url", "expected"), [
    ("http://wonders.test:8550/g/ABCDEFG", "http://wonders.test:8550"),
    # Flet's page.url is its websocket's
    ("ws://wonders.test:8550", "http://wonders.test:8550"),
    ("wss://wonders.test", "https://wonders.test"),
    ("ws://127.0.0.1:8550", ""),
    ("https://WONDERS.test/", "https://wonders.test"),
    ("http://gamebox.local:8550/", "http://gamebox.local:8550"),
    ("http://192.168.1.20:8550/join", "http://192.168.1.20:8550"),  # an address: answered
    ("http://[fd00::5]:8550/", "http://[fd00::5]:8550"),
    # loopback: on another phone, that phone itself
    ("http://127.0.0.1:8550/", ""),
    ("http://127.8.0.1:8550/", ""),
    ("http://localhost:8550/", ""),
    ("http://app.localhost:8550/", ""),
    ("http://[::1]:8550/", ""),
    ("http://0.0.0.0:8550/", ""),
    # a name the server does not answer to: the client's word only (DNS rebinding's page)
    ("http://evil.example:8550/", ""),
    ("http://wonders.test.evil.example/", ""),
    # not a page address
    ("file:///tmp/x.html", ""),
    ("javascript:alert(1)", ""),
    ("http://user@wonders.test/", ""),
    ("", ""),
    ("http://[not-an-address/", ""),
])
def test_page_origin(url: str, expected: str) -> None:
    assert page_origin(url, NAMES) == expected


def test_loopback_names() -> None:
    assert [is_loopback(n) for n in ("localhost", "a.localhost", "127.0.0.1", "::1",
                                     "10.0.0.1", "wonders.test")] == \
        [True, True, True, True, False, False]


def test_join_origin_order() -> None:
    lan = "http://192.168.1.20:8550/"
    # --public-url first, whatever the page
    assert join_origin("https://scores.example.org/", "http://wonders.test:8550/", NAMES,
                       lan, "http://wonders.test:8550") == "https://scores.example.org"
    # the page's own name when served
    assert join_origin("", "http://wonders.test:8550/g/X", NAMES, lan,
                       "http://wonders.test:8550") == "http://wonders.test:8550"
    # opened at loopback (the host's own computer): this computer's address on the network
    assert join_origin("", "http://127.0.0.1:8550/", NAMES, lan,
                       "http://127.0.0.1:8550") == "http://192.168.1.20:8550"
    # a name the server does not answer: not offered
    assert join_origin("", "http://evil.example:8550/", NAMES, lan,
                       "http://evil.example:8550") == "http://192.168.1.20:8550"
    # listening on this computer only, opened there: nothing else reaches it
    assert join_origin("", "http://127.0.0.1:8550/", NAMES, "",
                       "http://127.0.0.1:8550") == "http://127.0.0.1:8550"


def test_qr_svg_draws_every_dark_module_of_the_address() -> None:
    """The join card's QR code (ui/screens/join.py `qr_svg`): the filled runs it draws, read
    back, are segno's modules of the address, inside a white quiet zone of QUIET modules
    (a scan of it in chromium read the address back: zbarimg, test_browser_origins)."""
    import re

    import segno

    from ui.screens.join import QUIET, qr_svg

    address = "http://wonders.test:8550/g/ABCDEFG"
    svg = qr_svg(address).decode()
    matrix = segno.make(address, error="m").matrix
    side = len(matrix) + 2 * QUIET
    assert f'viewBox="0 0 {side} {side}"' in svg and f'<rect width="{side}"' in svg
    drawn = [[0] * len(matrix) for _ in matrix]
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        for dx in range(int(w)):
            drawn[int(y) - QUIET][int(x) - QUIET + dx] = 1
    assert drawn == [[1 if v else 0 for v in row] for row in matrix]
