"""The words the app shows (every string through the translation catalogue) and each
session's language. The bottom of the app: it imports nothing of `ui` but itself."""
