"""Fixtures for the app's tests: a fresh data folder and an in-process client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ui.store.store import Store

from .flet_client import DEVICE


@pytest.fixture(autouse=True)
def no_network_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process phones are no network trip away from the server: a number another
    phone changed is on their screen at once (ui.screens.widgets.FOREIGN_CHANGE_S stands for the
    trips of a real network; the browser tests keep it)."""
    from ui.screens import widgets

    monkeypatch.setattr(widgets, "FOREIGN_CHANGE_S", 0.0)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("WONDERS_DATA_DIR", str(tmp_path))
    s = Store()
    yield s.for_owner(DEVICE)  # the device of the clients' browser (flet_client.DEVICE)
    s.close()


@pytest.fixture(autouse=True)
def screens_under_let_go_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Time is the tests' parameter, not a wait: a screen under another keeps its body for
    `widgets.UNDER_KEPT_S` (1 s for phones: the push animation shows it). The test client's
    `idle()` waits while any task of the app runs, so every screen pushed over another made
    a test wait out the full second (328 `idle()` calls ran to their cap, 358 s of the fast
    suite's 515). Here it is 0.01 s: the same behaviour, quickly done. A test of the keeping
    itself sets its own value."""
    from ui.screens import widgets
    monkeypatch.setattr(widgets, "UNDER_KEPT_S", 0.01)
