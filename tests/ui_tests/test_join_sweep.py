"""Join codes cannot be swept (issue 17): wrong codes are counted per client (every
loopback address one client, an IPv6 /64 one client), capped server-wide in one pool per
standing (strangers, devices new here, devices settled here), so that minted devices add
only their pool, and a device known here is never held back by strangers' tries."""

from __future__ import annotations

import itertools
import time

import pytest

from ui.draft import Draft, Seat
from ui.join_limit import (
    FAILED_JOINS,
    NEW_JOINS,
    SETTLED_JOINS,
    STRANGER_JOINS,
    address_key,
    sweep_hours,
)
from ui.live import JoinRefused, Tables, tables_for
from ui.store import CODE_LENGTH, JOIN_LETTERS, Store

CODE_SPACE = len(JOIN_LETTERS) ** CODE_LENGTH
DAY_S = 24 * 3600
TWO_DAYS_AGO = time.time() - 2 * DAY_S


def _draft(*names: str) -> Draft:
    return Draft(game="7wonders-1e", seats=[Seat(name=n) for n in names])


def _game(store: Store) -> tuple[Tables, str]:
    tables = tables_for(store)
    rec = tables.host(_draft("Ann", "Bob", "Cid"), "ann-phone")
    return tables, rec.code


def _wrong_codes(right: str) -> itertools.islice[str]:
    every = ("".join(p) for p in itertools.product(JOIN_LETTERS, repeat=CODE_LENGTH))
    return itertools.islice((c for c in every if c != right), 10_000)


def test_trust_a_sweep_of_the_code_space_takes_longer_than_a_code_lives() -> None:
    # 18 letters, 4 of them: 18^4 = 104,976 codes; at most 30 + 8 + 6 = 44 wrong codes a
    # minute from strangers, new and settled devices together, however many of each:
    # 104,976 / 44 = 2,385.8 minutes = 39.8 h, at least 36 h (a code lives 24 h)
    assert CODE_SPACE == 104_976
    assert (STRANGER_JOINS, NEW_JOINS, SETTLED_JOINS) == (30, 8, 6)
    assert sweep_hours(CODE_SPACE) == pytest.approx(39.76, abs=0.01)
    assert sweep_hours(CODE_SPACE) >= 36


@pytest.mark.parametrize("addresses", [
    ["127.0.0.1", "127.0.0.2", "127.1.2.3", "::1", "::ffff:127.0.0.9"],  # one machine
    ["2001:db8:1:2::10", "2001:db8:1:2::11", "2001:db8:1:2:aaaa::1"],  # one /64
])
def test_trust_loopback_and_ipv6_variants_do_not_multiply_the_limit(
        store: Store, addresses: list[str]) -> None:
    tables, code = _game(store)
    assert len({address_key(a) for a in addresses}) == 1
    wrong = _wrong_codes(code)
    tried = 0
    for address in itertools.cycle(addresses):
        answer = tables.join(next(wrong), f"guesser-{tried}", address)
        if isinstance(answer, JoinRefused) and answer.reason.startswith("too-many"):
            break
        tried += 1
    assert tried == FAILED_JOINS  # 5 in all, not 5 per address
    # and then even the right code is refused to that machine
    assert isinstance(tables.join(code, "guesser-x", addresses[0]), JoinRefused)


def test_trust_many_addresses_together_meet_the_server_wide_cap(store: Store) -> None:
    tables, code = _game(store)
    wrong = _wrong_codes(code)
    answers = [tables.join(next(wrong), f"guesser-{i}", f"10.0.{i // 250}.{i % 250 + 1}")
               for i in range(STRANGER_JOINS + 40)]  # one try from each of 100 addresses
    refused = [a for a in answers if isinstance(a, JoinRefused) and a.reason.startswith("too-many")]
    assert len(answers) - len(refused) == STRANGER_JOINS
    assert all(a.reason == "too-many-tries-here" for a in refused)  # not "from this device"
    # a stranger with the right code is held back as well: the code is not tried at all
    # (else a sweep would go on, reading "too many" as "wrong")
    assert isinstance(tables.join(code, "new-phone", "10.9.9.9"), JoinRefused)


def test_trust_a_known_phone_is_never_locked_out_by_someone_elses_tries(
        store: Store) -> None:
    tables, code = _game(store)
    # Dan's phone took part in a game here before
    dan_old = tables.host(_draft("Dan", "Eve"), "dan-phone")
    assert dan_old.code != code
    wrong = _wrong_codes(code)
    for i in range(STRANGER_JOINS + 10):  # a sweep from every address, Dan's included
        tables.join(next(wrong), f"guesser-{i}", f"192.168.1.{i % 200 + 1}")
    for _ in range(FAILED_JOINS * 2):
        tables.join(next(wrong), "guesser", "192.168.1.20")  # Dan's address: locked
    assert isinstance(tables.join(code, "stranger", "192.168.1.20"), JoinRefused)
    joined = tables.join(code, "dan-phone", "192.168.1.20")
    assert not isinstance(joined, JoinRefused) and joined.code == code
    # Ann's own phone opening her game's address is never counted nor refused
    assert not isinstance(tables.join(code, "ann-phone", "192.168.1.20"), JoinRefused)


def test_trust_a_known_phone_has_its_own_limit(store: Store) -> None:
    tables, code = _game(store)
    tables.host(_draft("Dan", "Eve"), "dan-phone")
    wrong = _wrong_codes(code)
    answers = [tables.join(next(wrong), "dan-phone", f"10.1.0.{i + 1}")
               for i in range(FAILED_JOINS + 3)]  # from a new address each time
    assert sum(isinstance(a, JoinRefused) and a.reason.startswith("too-many") for a in answers) == 3


def _minted(tables: Tables, n: int, prefix: str) -> list[str]:
    """`n` devices made known the way anyone can: each hosts a game of its own."""
    devices = [f"{prefix}-{i}" for i in range(n)]
    for d in devices:
        tables.host(_draft("X", "Y"), d)
    return devices


def _tries(tables: Tables, devices: list[str], right: str, rounds: int,
           ) -> list[JoinRefused]:
    """Every device tries wrong codes `rounds` times, each from a new address; the answers
    that held it back. A code one of the devices' own games holds is no wrong code (the
    devices host games with random codes: one among the first tried would join)."""
    wrong = (c for c in _wrong_codes(right) if tables.store.live_by_code(c) is None)
    held = []
    for r in range(rounds):
        for i, d in enumerate(devices):
            answer = tables.join(next(wrong), d, f"10.{r}.{i // 250}.{i % 250 + 1}")
            assert isinstance(answer, JoinRefused)
            if answer.reason.startswith("too-many"):
                held.append(answer)
    return held


def test_trust_minted_devices_add_only_their_pool(store: Store) -> None:
    tables, code = _game(store)
    minted = _minted(tables, 20, "minted")  # 20 devices with 5 tries each: 100 a minute
    held = _tries(tables, minted, code, FAILED_JOINS)
    assert 20 * FAILED_JOINS - len(held) == NEW_JOINS  # 8 really tried, not 100
    assert all(a.reason == "too-many-tries-here" for a in held)
    # strangers have a pool of their own: minted devices took none of it
    strangers = [f"guesser-{i}" for i in range(STRANGER_JOINS + 5)]
    assert len(_tries(tables, strangers, code, 1)) == 5


def test_trust_a_settled_phone_is_not_held_back_by_devices_minted_today(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables, code = _game(store)
    with monkeypatch.context() as m:  # Dan's phone played here two days ago
        m.setattr(time, "time", lambda: TWO_DAYS_AGO)
        tables.host(_draft("Dan", "Eve"), "dan-phone")
    minted = _minted(tables, 20, "minted")
    _tries(tables, minted, code, FAILED_JOINS)  # the new devices' pool is spent
    _tries(tables, [f"guesser-{i}" for i in range(STRANGER_JOINS + 5)], code, 1)
    # Dan mistypes once, then types the right code: neither pool holds him back
    assert tables.join("BBBB" if code != "BBBB" else "CCCC", "dan-phone", "10.9.9.9") == \
        JoinRefused("no-such-code")
    joined = tables.join(code, "dan-phone", "10.9.9.9")
    assert not isinstance(joined, JoinRefused) and joined.code == code
    # a phone whose first game here is today shares its pool with today's minted devices
    # (the price of counting them): held back for the minute, and told why
    tables.host(_draft("Fay", "Gus"), "fay-phone")
    held = tables.join(code, "fay-phone", "10.9.9.10")
    assert isinstance(held, JoinRefused) and held.reason == "too-many-tries-here"


def test_trust_devices_minted_a_day_ahead_add_only_their_pool(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables, code = _game(store)
    with monkeypatch.context() as m:
        m.setattr(time, "time", lambda: TWO_DAYS_AGO)
        settled = _minted(tables, 20, "patient")
    held = _tries(tables, settled, code, FAILED_JOINS)
    assert 20 * FAILED_JOINS - len(held) == SETTLED_JOINS
