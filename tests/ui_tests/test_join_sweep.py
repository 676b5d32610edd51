"""Join codes cannot be swept (issue 17): wrong codes are counted per client (every
loopback address one client, an IPv6 /64 one client), capped server-wide for strangers, and
a device known here is never held back by anyone else's tries."""

from __future__ import annotations

import itertools

import pytest

from ui.draft import Draft, Seat
from ui.join_limit import FAILED_JOINS, SWEEP_JOINS, WINDOW_S, address_key
from ui.live import Tables, tables_for
from ui.store import CODE_LENGTH, JOIN_LETTERS, Store

CODE_SPACE = len(JOIN_LETTERS) ** CODE_LENGTH
DAY_S = 24 * 3600


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
    # 18 letters, 4 of them: 18^4 = 104,976 codes; at most SWEEP_JOINS (60) wrong codes a
    # minute from all strangers together: 104,976 / 60 = 1,749.6 minutes > 1,440 (a day)
    assert CODE_SPACE == 104_976
    assert CODE_SPACE / SWEEP_JOINS * WINDOW_S > DAY_S


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
        if isinstance(answer, str) and answer.startswith("Too many"):
            break
        tried += 1
    assert tried == FAILED_JOINS  # 5 in all, not 5 per address
    # and then even the right code is refused to that machine
    assert isinstance(tables.join(code, "guesser-x", addresses[0]), str)


def test_trust_many_addresses_together_meet_the_server_wide_cap(store: Store) -> None:
    tables, code = _game(store)
    wrong = _wrong_codes(code)
    answers = [tables.join(next(wrong), f"guesser-{i}", f"10.0.{i // 250}.{i % 250 + 1}")
               for i in range(SWEEP_JOINS + 40)]  # one try from each of 100 addresses
    refused = [a for a in answers if isinstance(a, str) and a.startswith("Too many")]
    assert len(answers) - len(refused) == SWEEP_JOINS
    assert all("tried on this server" in a for a in refused)  # not "from this device"
    # a stranger with the right code is held back as well: the code is not tried at all
    # (else a sweep would go on, reading "too many" as "wrong")
    assert isinstance(tables.join(code, "new-phone", "10.9.9.9"), str)


def test_trust_a_known_phone_is_never_locked_out_by_someone_elses_tries(
        store: Store) -> None:
    tables, code = _game(store)
    # Dan's phone took part in a game here before
    dan_old = tables.host(_draft("Dan", "Eve"), "dan-phone")
    assert dan_old.code != code
    wrong = _wrong_codes(code)
    for i in range(SWEEP_JOINS + 10):  # a sweep from every address, Dan's included
        tables.join(next(wrong), f"guesser-{i}", f"192.168.1.{i % 200 + 1}")
    for _ in range(FAILED_JOINS * 2):
        tables.join(next(wrong), "guesser", "192.168.1.20")  # Dan's address: locked
    assert isinstance(tables.join(code, "stranger", "192.168.1.20"), str)
    joined = tables.join(code, "dan-phone", "192.168.1.20")
    assert not isinstance(joined, str) and joined.code == code
    # Ann's own phone opening her game's address is never counted nor refused
    assert not isinstance(tables.join(code, "ann-phone", "192.168.1.20"), str)


def test_trust_a_known_phone_has_its_own_limit(store: Store) -> None:
    tables, code = _game(store)
    tables.host(_draft("Dan", "Eve"), "dan-phone")
    wrong = _wrong_codes(code)
    answers = [tables.join(next(wrong), "dan-phone", f"10.1.0.{i + 1}")
               for i in range(FAILED_JOINS + 3)]  # from a new address each time
    assert sum(isinstance(a, str) and a.startswith("Too many") for a in answers) == 3
