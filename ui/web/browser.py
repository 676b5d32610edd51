"""What this phone's browser can do, found before it is asked: share a file, copy text or an
image, install the app. A browser that lacks one must never be asked for it: the Flutter
client does not check (on desktop chromium, Share image ended the whole page with
"TypeError: x0.canShare is not a function"; on an http page, Copy ended it with "Clipboard
is not available"; Copy image said "Image copied." though nothing was).

The page finds out before the app starts (`FEATURES_SCRIPT`, put in the page by
ui/web/webapp.py) and leaves what it found in the browser's local storage under `FEATURES_KEY`,
where Flet's `SharedPreferences` reads it (the web client keeps its preferences in local
storage, each key prefixed "flutter.", each value JSON). A browser that keeps nothing, or
says nothing, is taken to have none of these: what works everywhere (a download, the text
shown to select, a QR code) is always offered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import flet as ft

from ui.text import strings as S
from ui.web.ask import answer

FEATURES_KEY = "wonders.browser"

FEATURES_SCRIPT = """<script>
// What this browser can do (ui/web/browser.py reads it through Flet's SharedPreferences: local
// storage, key "flutter." + its name, value JSON). Found afresh on every load.
(function () {
  var n = window.navigator, secure = window.isSecureContext === true;
  var found = {secure: secure, share_files: false, copy_text: false, copy_image: false,
               standalone: false};
  try {
    found.share_files = secure && typeof n.share === "function" &&
      typeof n.canShare === "function" &&
      n.canShare({files: [new File([new Uint8Array(8)], "pad.png", {type: "image/png"})]});
  } catch (e) { found.share_files = false; }
  found.copy_text = secure && !!n.clipboard && typeof n.clipboard.writeText === "function";
  found.standalone = n.standalone === true || (typeof window.matchMedia === "function" &&
    window.matchMedia("(display-mode: standalone)").matches);
  function save() {
    try {
      window.localStorage.setItem("flutter.KEY", JSON.stringify(JSON.stringify(found)));
    } catch (e) { /* a browser that keeps nothing: the app offers what works everywhere */ }
  }
  save();
  // An image reaches the clipboard after a round trip to the server, when the tap's
  // permission has passed: only a browser that grants clipboard writes without one
  // (Chromium's "clipboard-write" permission) copies it; elsewhere the copy would fail
  // unseen, and the app would say it copied.
  var image = secure && !!n.clipboard && typeof n.clipboard.write === "function" &&
    typeof window.ClipboardItem === "function" &&
    (typeof window.ClipboardItem.supports !== "function" ||
     window.ClipboardItem.supports("image/png"));
  if (image && n.permissions && typeof n.permissions.query === "function") {
    n.permissions.query({name: "clipboard-write"}).then(function (state) {
      if (state.state === "granted") { found.copy_image = true; save(); }
    }, function () { /* no such permission here (Safari, Firefox): no Copy image */ });
  }
})();
</script>""".replace("KEY", FEATURES_KEY)


@dataclass(frozen=True)
class Browser:
    """What the browser of one session can do (all False: unknown, or none of it)."""

    known: bool = False
    """The page said what it can do (else: a browser that keeps nothing, or no page)."""
    secure: bool = False
    """An https page (or this computer's own address): only there may a page share, copy,
    or be installed as an app."""
    share_files: bool = False
    copy_text: bool = False
    copy_image: bool = False
    standalone: bool = False
    """Opened as an installed app."""

    @staticmethod
    def parse(raw: object) -> Browser:
        """What the page left in local storage (a JSON object of booleans); anything else
        (nothing, a damaged or foreign value) is a browser that said nothing."""
        try:
            data = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return Browser()
        return Browser(True, **{name: data.get(name) is True for name in
                          ("secure", "share_files", "copy_text", "copy_image", "standalone")})

    def why_no_share(self) -> str:
        """One sentence: why the pad's image cannot go to the share sheet, and what to do."""
        return S.SHARE_NOT_SECURE if self.known and not self.secure else S.SHARE_MISSING

    def why_no_copy(self) -> str:
        """One sentence: why the texts cannot be copied by a button, and what to do."""
        return S.COPY_NOT_SECURE if self.known and not self.secure else S.COPY_MISSING

    def install_note(self) -> str:
        """How to keep the app on the phone, or why this page cannot be ("": nothing to
        say: already installed, or the browser said nothing)."""
        if not self.known or self.standalone:
            return ""
        return S.INSTALL_HINT if self.secure else S.INSTALL_NOT_SECURE


_by_session: WeakKeyDictionary[object, Browser] = WeakKeyDictionary()


async def read_browser() -> Browser:
    """What the page found, from the browser's local storage (within 10 s)."""
    return Browser.parse(await answer(ft.SharedPreferences().get(FEATURES_KEY)))


def remember_browser(page: ft.Page, found: Browser) -> None:
    _by_session[page.session] = found


def this_browser() -> Browser:
    """What the browser of the session being rendered can do."""
    try:
        session = ft.context.page.session
    except RuntimeError:  # not in a session
        return Browser()
    return _by_session.get(session, Browser())
