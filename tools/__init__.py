"""The project's tools: catalogue filling, icons, the reference cards, the local cluster."""
