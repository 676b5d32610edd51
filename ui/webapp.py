"""The web app around the Flet client: our name, icons and web manifest (so that "Add to Home
screen" gives a standalone app), and a page that asks no CDN for anything.

Flet serves `index.html` and `manifest.json` from the assets folder when it has them, and any
other file there before its own. `prepare_assets` makes that folder at start: the files of
`ui/web/` and Flet's own page with our title, theme colour and the offline guard below.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import flet_web  # type: ignore[import-untyped]

from ui import strings as S

WEB = Path(__file__).resolve().parent / "web"
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


def index_html(flet_index: str) -> str:
    """Flet's page with the app's name, description and theme colour, and the guard."""
    name = html.escape(S.APP_TITLE)
    page = re.sub(r"<title>.*?</title>", f"<title>{name}</title>", flet_index, count=1)
    page = re.sub(r'(<meta name="apple-mobile-web-app-title" content=")[^"]*(">)',
                  rf"\g<1>{name}\g<2>", page, count=1)
    page = re.sub(r'(<meta name="description" content=")[^"]*(">)',
                  rf"\g<1>{html.escape(S.TAGLINE)}\g<2>", page, count=1)
    head = (f'<meta name="theme-color" content="{THEME_COLOUR}">\n  {OFFLINE_GUARD}\n'
            f"  {NUMERIC_KEYBOARD}\n")
    return page.replace("<!-- fletAppConfig -->", head + "  <!-- fletAppConfig -->", 1)


def prepare_assets(folder: Path) -> Path:
    """Fill `folder` with the app's web files and page; returns it (for `assets_dir`)."""
    shutil.copytree(WEB, folder, dirs_exist_ok=True)
    flet_index = (Path(flet_web.get_package_web_dir()) / "index.html").read_text("utf-8")
    (folder / "index.html").write_text(index_html(flet_index), "utf-8")
    manifest = json.loads((WEB / "manifest.json").read_text("utf-8"))
    manifest["name"] = S.APP_TITLE
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
    return folder
