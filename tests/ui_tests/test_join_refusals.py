"""A join code that leads to no game says why, as data (a code the screen puts into words):
a finished game's code says that the game is finished and points to History, where
finished games are; a code no game holds says to check the letters."""

from __future__ import annotations

import itertools
import time
import typing
from dataclasses import replace

import pytest

from scorer import i18n
from ui.entry.games import from_table
from ui.live.tables import FAILED_JOINS, Change, JoinRefused, Tables, tables_for
from ui.store.codes import CODE_LENGTH, JOIN_LETTERS
from ui.store.store import Store
from ui.text import strings as S
from ui.text.strings import JoinRefusalCode

from .flet_client import shared_hub
from .game_data import SUMMARY, TABLE
from .test_live import phone

FINISHED = "This game is finished"


def _finished_game(store: Store) -> tuple[Tables, str]:
    """Ann's phone hosts a complete game and finishes it: its code admits nobody now."""
    tables = tables_for(store)
    rec = tables.host(from_table(TABLE), "ann-phone")
    done = tables.finish(rec.id, "ann-phone", SUMMARY, rec.version)
    assert isinstance(done, Change) and done.game.closed
    return tables, rec.code


def _unused_code(taken: str) -> str:
    every = ("".join(p) for p in itertools.product(JOIN_LETTERS, repeat=CODE_LENGTH))
    return next(c for c in every if c != taken)


def test_finished_code_is_refused_as_finished_as_data(store: Store) -> None:
    tables, code = _finished_game(store)
    got = tables.join(code, "cid-phone", "192.168.1.30")
    assert isinstance(got, JoinRefused)
    assert got.reason == "finished"
    # a code no game ever held is another refusal
    other = tables.join(_unused_code(code), "cid-phone", "192.168.1.30")
    assert isinstance(other, JoinRefused) and other.reason == "no-such-code"
    # a device that played it is never refused: its address leads it back to the game
    assert not isinstance(tables.join(code, "ann-phone", "192.168.1.20"), JoinRefused)


def _finished_long_ago(store: Store, tables: Tables, code: str) -> None:
    """The finished game of `code` as if it was finished a day and a second ago: longer
    ago than a game in progress keeps its code while idle (IDLE_EXPIRY_S, 24 h)."""
    game = store.last_by_code(code, time.time())
    assert game is not None and game.closed
    old = replace(game, touched=time.time() - 24 * 3600 - 1, version=game.version + 1)
    assert store.save_live(old)
    tables._games[game.id] = old


def test_finished_code_long_ago_is_no_such_code(store: Store) -> None:
    """A code whose game was finished more than a day ago is refused as any code no game
    holds: a mistyped code is told to check its letters, and a guesser learns nothing of
    the codes used before."""
    tables, code = _finished_game(store)
    _finished_long_ago(store, tables, code)
    got = tables.join(code, "cid-phone", "192.168.1.30")
    assert got == JoinRefused("no-such-code")
    # a device that played it still finds it at its address
    assert not isinstance(tables.join(code, "ann-phone", "192.168.1.20"), JoinRefused)


def test_finished_code_refusals_count_as_wrong_codes(store: Store) -> None:
    """Every refusal, "finished" or not, is a failed try: FAILED_JOINS of them from one
    address, and the next join from there waits, even with a good code."""
    tables, code = _finished_game(store)
    for _ in range(FAILED_JOINS):
        refused = tables.join(code, "eve-phone", "192.168.1.40")
        assert refused == JoinRefused("finished")
    held = tables.join(code, "eve-phone", "192.168.1.40")
    assert isinstance(held, JoinRefused) and held.reason == "too-many-tries"


def test_finished_code_every_refusal_has_its_own_words() -> None:
    words = {reason: S.join_refused(JoinRefused(reason, 30))
             for reason in typing.get_args(JoinRefusalCode)}
    assert len(set(words.values())) == len(words) == 3
    assert words["no-such-code"].startswith("No game in progress has this code")


def test_finished_code_words_say_finished_and_history() -> None:
    said = S.join_refused(JoinRefused("finished"))
    assert said.startswith(FINISHED) and "History" in said
    assert "No game in progress" not in said
    with i18n.language("vi"):  # the catalogue's "Lịch sử" (History), "ván" (a game)
        said_vi = S.join_refused(JoinRefused("finished"))
    assert "Lịch sử" in said_vi and "kết thúc" in said_vi


@pytest.mark.asyncio
async def test_finished_code_typed_on_the_join_screen(store: Store) -> None:
    _, code = _finished_game(store)
    late = await phone(store, "cid-phone", route="/join", hub=shared_hub(),
                       address="192.168.1.31")
    await late.type("Join code", code)
    await late.tap("Join")
    assert late.has(FINISHED) and not late.has("No game in progress")
    await late.tap("History")
    assert late.title() == "History"


@pytest.mark.asyncio
async def test_finished_code_at_its_address(store: Store) -> None:
    """The QR code or a shared link of a finished game, opened by a phone that did not
    play it."""
    _, code = _finished_game(store)
    late = await phone(store, "dan-phone", route=f"/g/{code}", hub=shared_hub(),
                       address="192.168.1.32")
    assert late.has(FINISHED) and not late.has("No game in progress")
    await late.tap("History")
    assert late.title() == "History"
