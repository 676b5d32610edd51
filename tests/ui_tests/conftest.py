"""Fixtures for the app's tests: a fresh data folder and an in-process client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ui.store import Store

from .flet_client import DEVICE


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("WONDERS_DATA_DIR", str(tmp_path))
    s = Store()
    yield s.for_owner(DEVICE)  # the device of the clients' browser (flet_client.DEVICE)
    s.close()
