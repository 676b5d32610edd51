"""A phone that loses its network is told so on its screen, in its language.

The Flutter client says nothing while its connection stands but carries nothing (a phone
off the Wi-Fi: the socket is not closed, a tap goes nowhere, and the screen looks as if it
were saved; issue 31). The browser knows at once (its `offline` event): `script` puts a line
over the foot of the page, read out by a screen reader (an alert), and takes it away when
the network is back. It lets taps through (the page can still be read). Its words come from
the catalogue, one per language the app has, picked as the app picks its language: the one
this browser chose (kept in its local storage, `ui.text.language.LANGUAGE_KEY`), else the
browser's own, else English."""

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
  function show() {
    if (document.getElementById("ID")) { return; }
    var line = document.createElement("div");
    line.id = "ID";
    line.setAttribute("role", "alert");
    line.textContent = words[language()];
    line.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;" +
      "padding:12px 16px;background:#B3261E;color:#FFFFFF;font:16px/1.4 Roboto,sans-serif;" +
      "pointer-events:none;text-align:center";
    document.body.appendChild(line);
  }
  function hide() {
    var line = document.getElementById("ID");
    if (line) { line.remove(); }
  }
  window.addEventListener("offline", show);
  window.addEventListener("online", hide);
  if (window.navigator.onLine === false) {
    document.addEventListener("DOMContentLoaded", show);
  }
})();
</script>"""


def script() -> str:
    """The page's script, with the notice in every language of the catalogue."""
    words: dict[str, str] = {}
    for code in i18n.languages():
        with i18n.language(code):
            words[code] = S.NETWORK_LOST
    said = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")  # no "</script>"
    return (_SCRIPT.replace("KEY", LANGUAGE_KEY).replace("ID", NOTICE_ID)
            .replace("WORDS", said))  # the words last: nothing replaced inside them
