"""The web app around the Flet client: our name, icons and web manifest (so that "Add to Home
screen" gives a standalone app), and a page that asks no CDN for anything.

The name and description go through Flet's own parameters (`web_names`: `app_name`,
`app_short_name`, `app_description`), which Flet writes into the page's title and meta tags
and into the manifest. Flet serves `index.html` and `manifest.json` from the assets folder
when it has them, and any other file there before its own. `prepare_assets` makes that
folder at start: the files of `ui/web/assets/`, the manifest with its `id` and `lang`, and Flet's
own page with our scripts in its head (`index_html`: the one place this module relies on
how Flet's page is written).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from scorer import i18n
from ui.text import strings as S
from ui.web import flet_door, network_lost
from ui.web.browser import FEATURES_SCRIPT

WEB = Path(__file__).resolve().parent / "assets"
THEME_COLOUR = "#8D5A2B"

OFFLINE_GUARD = """<script>
// Offline: the Flutter client adds a script from a CDN (an animation library, rive_native.js,
// that this app does not use). Any script address off this server is pointed at this server
// instead, where it is missing: the load fails at once, as it would offline, and nothing is
// asked of another host.
(function () {
  var src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true,
    get: function () { return src.get.call(this); },
    set: function (value) {
      var url = new URL(String(value), document.baseURI);
      if (url.origin !== location.origin) {
        value = "offline/" + url.pathname.split("/").pop();
      }
      src.set.call(this, value);
    }
  });
})();
</script>"""


NUMERIC_KEYBOARD = """<script>
// Number fields get the phone's numeric keyboard. Flet marks each with a semantics
// identifier starting "number-"; Flutter's own input element for it carries no inputmode
// (the semantics layer removes it on every update), so it is set here, and again whenever
// Flutter takes it away.
(function () {
  function mark(root) {
    var fields = root.querySelectorAll('[flt-semantics-identifier^="number-"] input');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].getAttribute("inputmode") !== "numeric") {
        fields[i].setAttribute("inputmode", "numeric");
      }
    }
  }
  new MutationObserver(function () { mark(document); }).observe(document.documentElement, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["inputmode", "flt-semantics-identifier"]
  });
})();
</script>"""


def web_names() -> dict[str, str]:
    """The app's name, short name and description in the current language, as Flet's own
    parameters for the page and its manifest (`flet_web.fastapi.app`)."""
    return {"app_name": S.APP_TITLE, "app_short_name": S.APP_SHORT_TITLE,
            "app_description": S.TAGLINE}


def index_html(flet_index: str | None = None) -> str:
    """Flet's page with our theme colour and scripts in its head: the offline guard, the
    numeric keyboard, what the browser can do (ui/web/browser.py) and the notice of a lost
    network (ui/web/network_lost.py). The name and description are Flet's to write
    (`web_names`)."""
    head = (f'<meta name="theme-color" content="{THEME_COLOUR}">\n  {OFFLINE_GUARD}\n'
            f"  {NUMERIC_KEYBOARD}\n  {FEATURES_SCRIPT}\n  {network_lost.script()}\n")
    return flet_door.flet_page_with(head, flet_index)


def manifest(language: str) -> dict[str, object]:
    """Our web manifest (ui/web/assets/manifest.json) with its `id` (an installed app stays the
    same app when its start address changes) and `lang`, the language its names are in.
    Flet writes the names into it (`web_names`)."""
    found: dict[str, object] = json.loads((WEB / "manifest.json").read_text("utf-8"))
    found["id"] = "/"
    found["lang"] = language
    return found


def prepare_assets(folder: Path) -> Path:
    """Fill `folder` with the app's web files and page; returns it (for `assets_dir`)."""
    shutil.copytree(WEB, folder, dirs_exist_ok=True)
    (folder / "index.html").write_text(index_html(), "utf-8")
    (folder / "manifest.json").write_text(json.dumps(manifest(i18n.current()), indent=2),
                                          "utf-8")
    return folder
