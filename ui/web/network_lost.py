"""A phone that loses its network, or its connection to the server, is told so on its
screen, in its language.

The Flutter client says nothing while its connection stands but carries nothing (a phone
off the Wi-Fi: the socket is not closed, a tap goes nowhere, and the screen looks as if it
were saved; issue 31). The browser knows at once (its `offline` event): `script` puts a line
over the foot of the page, read out by a screen reader (an alert), and takes it away when
the network is back. When the connection itself drops (the server restarted, the phone
asleep), Flet's client covers the screen with "Working..." in English (compiled into it):
the same line, in the phone's language, says it is reconnecting, until a connection opens
again. The page's sockets are watched, not changed: `WebSocket` is a subclass that listens
to its own `open` and `close`. The line lets taps through (the page can still be read).
Its words come from the catalogue, one per language the app has, picked as the app picks
its language: the one this browser chose (kept in its local storage,
`ui.text.language.LANGUAGE_KEY`), else the browser's own, else English."""

from __future__ import annotations

import json

from scorer import i18n
from ui.text import strings as S
from ui.text.language import LANGUAGE_KEY

NOTICE_ID = "wonders-network-lost"
"""The line's element id (tests find it by its role and words)."""

_SCRIPT = """<script>
// A phone that loses its network is told so (ui/web/network_lost.py).
(function () {
  var words = WORDS, key = "flutter.KEY";
  function language() {
    try {
      var saved = JSON.parse(window.localStorage.getItem(key) || "null");
      if (typeof saved === "string" && words[saved]) { return saved; }
    } catch (e) { /* nothing kept: the browser's own */ }
    var asked = window.navigator.languages || [window.navigator.language || "en"];
    for (var i = 0; i < asked.length; i++) {
      var code = String(asked[i]).toLowerCase().split("-")[0];
      if (words[code]) { return code; }
    }
    return "en";
  }
  var lost = {network: false, socket: false};
  function draw() {
    var line = document.getElementById("ID");
    var said = lost.network ? words[language()].network
      : lost.socket ? words[language()].socket : "";
    if (!said) {
      if (line) { line.remove(); }
      return;
    }
    if (!line) {
      line = document.createElement("div");
      line.id = "ID";
      line.setAttribute("role", "alert");
      line.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;" +
        "padding:12px 16px;background:#B3261E;color:#FFFFFF;" +
        "font:16px/1.4 Roboto,sans-serif;pointer-events:none;text-align:center";
      (document.body || document.documentElement).appendChild(line);
    }
    if (line.textContent !== said) { line.textContent = said; }
  }
  function set(what, now) { lost[what] = now; draw(); }
  window.addEventListener("offline", function () { set("network", true); });
  window.addEventListener("online", function () { set("network", false); });
  if (window.navigator.onLine === false) {
    document.addEventListener("DOMContentLoaded", function () { set("network", true); });
  }
  // the app's own socket: a close says "reconnecting" until a socket opens again (a page
  // that is being left says nothing)
  var leaving = false;
  window.addEventListener("pagehide", function () { leaving = true; });
  // a page back from the browser's back/forward cache is watched again
  window.addEventListener("pageshow", function () { leaving = false; });
  var Native = window.WebSocket;
  if (typeof Native === "function") {
    window.WebSocket = class extends Native {
      constructor(url, protocols) {
        if (protocols === undefined) { super(url); } else { super(url, protocols); }
        this.addEventListener("open", function () { set("socket", false); });
        this.addEventListener("close", function () { if (!leaving) { set("socket", true); } });
      }
    };
  }
})();
</script>"""


def script() -> str:
    """The page's script, with its two notices in every language of the catalogue."""
    words: dict[str, dict[str, str]] = {}
    for code in i18n.languages():
        with i18n.language(code):
            words[code] = {"network": S.NETWORK_LOST, "socket": S.CONNECTION_LOST}
    said = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")  # no "</script>"
    return (_SCRIPT.replace("KEY", LANGUAGE_KEY).replace("ID", NOTICE_ID)
            .replace("WORDS", said))  # the words last: nothing replaced inside them
