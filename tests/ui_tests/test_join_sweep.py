"""Join codes cannot be swept, and the right code always gets in (issues 17 and 32): wrong
codes are counted per client only (a stranger's per address, every loopback address one
client, an IPv6 /64 one client; a known device's per device), never in a server-wide pool,
so that nobody's tries hold back anyone else's right code; the code space (7 letters of 18)
outlasts a sweep at the fastest the server answers codes at all."""

from __future__ import annotations

import itertools
import time

import pytest

from ui.entry.draft import Draft
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.live.tables import JoinRefused, Tables, tables_for
from ui.store.codes import CODE_LENGTH, JOIN_LETTERS
from ui.store.store import Store
from ui.web.join_limit import FAILED_JOINS, address_key, sweep_hours

CODE_SPACE = len(JOIN_LETTERS) ** CODE_LENGTH
DAY_S = 24 * 3600
TWO_DAYS_AGO = time.time() - 2 * DAY_S
FASTEST_ANSWERS_PER_S = 2_000
"""Ten times the codes this server answered a second in-process (`python -m
benchmarks.join_rate`: 191 a second on 2 cores at load 6.5; BENCHMARKS.md): a sweeper
granted a much faster machine."""


def _draft(*names: str) -> Draft:
    return SevenWondersDraft(game="7wonders-1e", seats=[SevenWondersSeat(name=n) for n in names])


def _game(store: Store) -> tuple[Tables, str]:
    tables = tables_for(store)
    rec = tables.host(_draft("Ann", "Bob", "Cid"), "ann-phone")
    return tables, rec.code


def _wrong_codes(right: str) -> itertools.islice[str]:
    every = ("".join(p) for p in itertools.product(JOIN_LETTERS, repeat=CODE_LENGTH))
    return itertools.islice((c for c in every if c != right), 10_000)


def test_hostile_a_sweep_of_the_code_space_takes_longer_than_a_code_lives() -> None:
    # 18 letters, 7 of them: 18^7 = 612,220,032 codes; every code answered, at the fastest
    # the server answers any (2,000 a second, in-process): 612,220,032 / 2,000 / 3,600 =
    # 85.0 h, more than three times a code's life (24 h); 4 letters (104,976) took 52 s
    assert CODE_SPACE == 612_220_032
    assert sweep_hours(CODE_SPACE, FASTEST_ANSWERS_PER_S) == pytest.approx(85.03, abs=0.01)
    assert sweep_hours(CODE_SPACE, FASTEST_ANSWERS_PER_S) >= 3 * 24
    assert sweep_hours(18 ** 4, FASTEST_ANSWERS_PER_S) * 3600 == pytest.approx(52.5, abs=0.1)


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


def test_trust_a_known_phone_has_its_own_limit(store: Store) -> None:
    tables, code = _game(store)
    tables.host(_draft("Dan", "Eve"), "dan-phone")
    wrong = _wrong_codes(code)
    answers = [tables.join(next(wrong), "dan-phone", f"10.1.0.{i + 1}")
               for i in range(FAILED_JOINS + 3)]  # from a new address each time
    assert sum(isinstance(a, JoinRefused) and a.reason.startswith("too-many") for a in answers) == 3


def test_hostile_the_right_code_gets_in_while_strangers_sweep_from_many_addresses(
        store: Store) -> None:
    tables, code = _game(store)
    wrong = _wrong_codes(code)
    # 100 addresses, each until it is held back: 500 wrong codes within the minute
    for i in range(100):
        for _ in range(FAILED_JOINS + 1):
            tables.join(next(wrong), f"guesser-{i}", f"10.0.{i // 250}.{i % 250 + 1}")
    # 12 strangers, each from an address of its own, type the right code: all get in
    for i in range(12):
        joined = tables.join(code, f"new-phone-{i}", f"172.16.0.{i + 1}")
        assert not isinstance(joined, JoinRefused) and joined.code == code
    # the sweepers themselves are held back, each by its own wrong codes
    held = tables.join(next(wrong), "guesser-0", "10.0.0.1")
    assert isinstance(held, JoinRefused) and held.reason == "too-many-tries"


def test_hostile_the_right_code_gets_in_for_new_and_settled_phones_while_minted_devices_sweep(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    tables, code = _game(store)
    with monkeypatch.context() as m:  # settled: devices that played here two days ago
        m.setattr(time, "time", lambda: TWO_DAYS_AGO)
        tables.host(_draft("Dan", "Eve"), "dan-phone")
        patient = _minted(tables, 20, "patient")
    minted = _minted(tables, 20, "minted")  # devices minted today
    _tries(tables, minted + patient, code, FAILED_JOINS + 1)
    _tries(tables, [f"guesser-{i}" for i in range(60)], code, 1)
    tables.host(_draft("Fay", "Gus"), "fay-phone")  # her first game here is today
    for phone, address in (("dan-phone", "10.9.9.9"), ("fay-phone", "10.9.9.10")):
        # a mistype, then the right code: neither is held back by the sweep
        assert tables.join(_wrong(code), phone, address) == JoinRefused("no-such-code")
        joined = tables.join(code, phone, address)
        assert not isinstance(joined, JoinRefused) and joined.code == code


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


def _wrong(right: str) -> str:
    return next(iter(_wrong_codes(right)))


def test_hostile_a_four_letter_code_from_before_admits_only_its_members(
        store: Store) -> None:
    store.code_length = 4  # a game opened before codes were 7 letters
    tables = tables_for(store)
    old = tables.host(_draft("Ann", "Bob", "Cid"), "ann-phone")
    assert not isinstance(tables.join(old.code, "bob-phone", "10.0.0.2"), JoinRefused)
    store.code_length = CODE_LENGTH  # the upgraded server
    tables.store.code_length = CODE_LENGTH
    back = tables.join(old.code, "bob-phone", "10.0.0.2")  # a member's link: back in
    assert not isinstance(back, JoinRefused) and back.id == old.id
    assert tables.join(old.code, "eve-phone", "10.0.0.3") == JoinRefused("no-such-code")
