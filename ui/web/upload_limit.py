"""The largest table file a client may send, uploaded or pasted: one number for the web
server's caps (an upload's body, a websocket message: `ui.web.server`) and for the
import's own check (`ui.entry.export`), the screens' fields too."""

from __future__ import annotations

MAX_IMPORT_BYTES = 256 * 1024
"""The largest table file the app reads (a 7-player table with every card is ~10 KB)."""
