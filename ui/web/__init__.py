"""The web server beside the app's layers: uvicorn and Flet's door, the origin guard, the
trusted proxies, the per-address limits, the collector, the page and its assets (`assets/`,
the only folder served as files). It imports nothing of the app's layers but `ui.text`."""
