"""Many processes, one database, a proxy in front: the real parts, started by
tools/cluster.py (PostgreSQL, two `python -m ui` processes, Caddy with sticky sessions by
cookie), driven over real websockets the way a browser drives them (benchmarks/flet_ws.py).

- a change made on a phone of one process reaches a phone of the game on the other within
  1 s (LISTEN/NOTIFY, then that process's hub);
- two phones on two processes editing one game at once: every change kept;
- kill -9 of the process a phone is on: through the proxy the phone is back on the other
  within 5 s, on its screen (the route), its seat held, nothing it was told was saved lost.

Missing PostgreSQL or Caddy fails these tests (tests/conftest.py), never skips them."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from benchmarks import live
from benchmarks.flet_ws import FletWsClient
from tools.cluster import Cluster
from ui.store.store import LiveRecord, Store

pytestmark = pytest.mark.asyncio(loop_scope="function")

NAMES = ["Ann", "Bob", "Cid"]
DEVICE_KEY = "wonders-scorer.device"


async def host(url: str) -> tuple[FletWsClient, str]:
    """A host's phone starts a 3-player game: its join code."""
    return await live.host(url, NAMES)


def stored(cluster: Cluster, code: str) -> LiveRecord:
    s = Store(url=cluster.postgres.url)
    try:
        rec = s.live_by_code(code)
        assert rec is not None
        return rec
    finally:
        s.close()


def coins_shown(c: FletWsClient) -> str:
    return str(c.find("Coins", "TextField").get("value") or "")


async def shows(c: FletWsClient, read: object, value: str, within: float) -> float:
    """Seconds until `read(c)` shows `value` (fails after `within`)."""
    began = time.perf_counter()
    while True:
        try:
            if read(c) == value:  # type: ignore[operator]
                return time.perf_counter() - began
        except AssertionError:
            pass
        if time.perf_counter() - began > within:
            raise AssertionError(f"not shown within {within} s: {value!r}")
        await asyncio.sleep(0.01)


@pytest_asyncio.fixture
async def closing() -> AsyncIterator[list[FletWsClient]]:
    """Clients to close at the end of a test, whatever happens."""
    clients: list[FletWsClient] = []
    yield clients
    for c in clients:
        await c.close()


async def host_and_phone(cluster: Cluster, closing: list[FletWsClient], seat: int,
                         ) -> tuple[FletWsClient, FletWsClient, str]:
    """The host's phone on process one, on Ann's city; another phone of the game on process
    two, on the city of `seat`."""
    one, two = cluster.apps[:2]
    a, code = await host(one.ws_url)
    closing.append(a)
    b = await FletWsClient(two.ws_url, route=f"/g/{code}/player/{seat}").start()
    closing.append(b)
    await a.go(f"/g/{code}/player/0")
    return a, b, code


async def test_processes_a_change_reaches_a_phone_on_the_other_process_within_1s(
        cluster: Cluster, closing: list[FletWsClient]) -> None:
    a, b, code = await host_and_phone(cluster, closing, 0)
    assert b.title().startswith("Ann")
    for value in ("7", "12", "3"):  # each change, saved by one process, shown by the other
        sent = time.perf_counter()
        await a.type("Coins", value)  # returns once its own process answered (it is saved)
        # the bar: the other process's phone shows it within 1 s of the save; the typing's
        # own round trip before it took up to ~1.5 s while the suite's 4 workers loaded the
        # 2 cores (1.52 s once, a full run's only failure), so it has a wider bound
        waited = await shows(b, coins_shown, value, within=1.0)
        assert waited < 1.0 and time.perf_counter() - sent < 3.0
    assert stored(cluster, code).draft.seats[0].coins == 3
    assert not a.crashes and not b.crashes


async def test_processes_two_phones_on_two_processes_editing_one_game_lose_nothing(
        cluster: Cluster, closing: list[FletWsClient]) -> None:
    a, b, code = await host_and_phone(cluster, closing, 1)
    version = stored(cluster, code).version
    rounds = 6
    for n in range(1, rounds + 1):  # both phones type at the same moment, each its field
        # (an answer may arrive merged with the other phone's change: not waited for)
        await asyncio.gather(a.type("Coins", str(n), expect=False),
                             b.type("Coins", str(10 + n), expect=False))
    await shows(b, coins_shown, str(10 + rounds), within=5.0)
    rec = stored(cluster, code)
    # every change kept: Ann's coins from process one, Bob's from process two, and the
    # version counted each of the 2 x 6 changes (none saved over another)
    assert rec.draft.seats[0].coins == rounds and rec.draft.seats[1].coins == 10 + rounds
    assert rec.version == version + 2 * rounds
    await a.go(f"/g/{code}/player/1")  # and each phone shows the other's last change
    assert coins_shown(a) == "16"


async def test_processes_kill_9_the_phone_is_back_on_another_within_5s_nothing_lost(
        cluster: Cluster, closing: list[FletWsClient]) -> None:
    one, two = cluster.apps[:2]
    a, code = await host(one.ws_url)
    closing.append(a)
    # Bob's phone comes through the proxy, which keeps it on process two (its cookie)
    sticky = cluster.sticky_cookie(two)
    with urllib.request.urlopen(urllib.request.Request(
            cluster.url, headers={"Cookie": sticky})) as answer:
        assert answer.headers.get("Set-Cookie") is None  # the proxy knows the cookie
    b = await FletWsClient(cluster.ws_url, route=f"/g/{code}", headers={"Cookie": sticky}).start()
    closing.append(b)
    await b.tap("I am Bob")
    route = f"/g/{code}/player/1"
    await b.go(route)
    await b.type("Coins", "8")  # answered: saved, as the phone was told
    rec = stored(cluster, code)
    device = str(b.prefs[DEVICE_KEY])
    assert rec.claims.get("Bob") == device and rec.draft.seats[1].coins == 8
    cluster.kill(two)
    killed = time.perf_counter()
    await b.close()
    # the browser connects again, to the same address with the same cookie and storage
    back = FletWsClient(cluster.ws_url, route=route, headers={"Cookie": sticky})
    back.prefs = dict(b.prefs)
    closing.append(back)
    await back.start(session_id=b.session_id)
    took = time.perf_counter() - killed
    try:
        assert took < 5.0, f"back after {took:.1f} s"
        assert back.title().startswith("Bob")  # its screen
        assert coins_shown(back) == "8"  # what it was told was saved
        again = stored(cluster, code)
        assert again.claims.get("Bob") == device  # its seat
        # and it goes on: a change on the surviving process reaches the host's phone
        await a.go(route)
        await back.type("Coins", "9")
        await shows(a, coins_shown, "9", within=1.0)
    finally:
        cluster.revive(two)
