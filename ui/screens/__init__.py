"""The views: one component per screen, and the widgets, note strip and accessibility helpers
they share. The top layer of the app: it reads `ui.session` and below, never the other way."""
