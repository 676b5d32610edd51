"""The collector's rounds (ui/web/collector.py): what lives is frozen out of the walk, garbage
in cycles is still collected (at a sweep), and a sweep comes when the objects grew by half,
only at a quiet moment."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from ui.web import collector
from ui.web.ask import answer
from ui.web.collector import Settler


class _Node:
    """An object in a reference cycle with itself (freed only by the cyclic collector)."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _thawed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts and ends with nothing frozen (the rest of the suite as it was), and
    no phone's message nor session start heard before it (a server of another test in this
    process)."""
    monkeypatch.setattr(collector, "_last_activity", float("-inf"))
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    # a sweep here is of the suite's objects, not of a server's: small unless a test says
    monkeypatch.setattr(collector, "SWEEP_MOST", 10**9)
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.collect()


def test_a_settling_freezes_what_lives_out_of_the_walk() -> None:
    settler = Settler(swept=gc.get_freeze_count())
    kept = [_Node() for _ in range(1000)]
    assert not settler.settle()  # no sweep: a settling
    assert gc.get_freeze_count() >= len(kept)  # what lived is frozen...
    assert not any(gc.is_tracked(x) and x in gc.get_objects(2) for x in kept[:3])
    # ...so a full collection no longer walks it
    assert all(x not in gc.get_objects() for x in kept[:3])


def test_garbage_in_cycles_frozen_is_collected_at_the_sweep() -> None:
    settler = Settler(swept=gc.get_freeze_count())
    node = _Node()
    gone = weakref.ref(node)
    settler.settle()
    del node  # a closed session's cycle, frozen while it lived
    gc.collect()
    assert gone() is not None  # frozen: out of the collector's sight until a sweep
    # as if the last sweep kept what is frozen now: then the frozen objects grow by more
    # than half of it (and SWEEP_FLOOR): the round that froze them does not sweep, the
    # next one does
    settler.swept = gc.get_freeze_count()
    more = max(collector.SWEEP_FLOOR, settler.swept // 2) + 1
    growth: list[list[int]] = [[] for _ in range(more)]
    assert not settler.settle()
    assert gone() is not None
    assert settler.settle()
    assert gone() is None
    assert settler.sweeps == 1 and len(growth) > collector.SWEEP_FLOOR


def test_hostile_sessions_closing_call_for_no_sweep() -> None:
    """A churn of sessions is no reason for a sweep (a walk of every object: 2.4 - 3.5 s
    with 500 sessions open, every phone waiting): each session Flet deletes is freed at
    once by reference counting (`ui.web.flet_door.cut_cycles`). Before, half as many
    sessions closed as were open called for one."""
    counts = [(100, 0)]
    settler = Settler(swept=gc.get_freeze_count(), sessions=lambda: counts[0])
    settler.settle()  # what this process holds now (the suite's too), frozen
    settler.swept, settler.sweeps, settler.open_at_sweep = gc.get_freeze_count(), 0, 100
    for closed in (50, 99, 500):
        counts[0] = (100 - min(closed, 99), closed)
        assert not settler.settle()
    assert settler.sweeps == 0 and not settler.due


def test_hostile_a_large_sweep_waits_for_a_minute_of_quiet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep of more than `SWEEP_MOST` frozen objects (a pause past 200 ms) waits until
    nobody has sent anything for `QUIET_LONG_S`; a small one for `QUIET_S` only."""
    settler, growth = _due_to_sweep()
    clock = [100.0]
    monkeypatch.setattr(collector, "_now", lambda: clock[0])
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    monkeypatch.setattr(collector, "SWEEP_MOST", 10)  # every sweep here is a large one
    collector.activity()
    clock[0] += collector.QUIET_S + 1
    assert not settler.settle()  # quiet for 6 s: not enough for a large sweep
    clock[0] += collector.QUIET_LONG_S
    assert settler.settle()
    assert len(growth) > collector.SWEEP_FLOOR


def test_settling_is_turned_off_by_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(collector.SETTLE_ENV, "0")
    assert collector.settle_every() == 0
    monkeypatch.setenv(collector.SETTLE_ENV, "12.5")
    assert collector.settle_every() == 12.5
    monkeypatch.setenv(collector.SETTLE_ENV, "often")
    assert collector.settle_every() == collector.SETTLE_EVERY_S
    monkeypatch.delenv(collector.SETTLE_ENV)
    assert collector.settle_every() == collector.SETTLE_EVERY_S


def test_sessions_opened_are_no_reason_to_sweep() -> None:
    """A burst of sessions (a dead process's phones moved onto this one) grows the frozen
    objects by what the new sessions hold: not garbage, so no sweep (a full pause of
    everything) for it; the same growth without new sessions is one."""
    counts = [(10, 0)]
    settler = Settler(swept=gc.get_freeze_count(), sessions=lambda: counts[0])
    settler.settle()  # the last sweep as it was: 10 sessions open then
    settler.open_at_sweep, settler.swept = 10, gc.get_freeze_count()
    per_session = max(collector.SWEEP_FLOOR, settler.swept) // 10 + 1
    settler.base = settler.swept - 10 * per_session  # what the 10 held: per_session each
    # 10 more sessions: twice what the last sweep kept of sessions, more than half of it
    held: list[list[list[int]]] = [[[] for _ in range(per_session)] for _ in range(10)]
    counts[0] = (20, 0)
    assert not settler.settle()
    assert not settler.settle()  # frozen now, and still no sweep
    # the same growth once more with no session opened is garbage to look for
    held += [[[] for _ in range(per_session)] for _ in range(10)]
    assert settler.settle() is False  # the round that froze them
    assert settler.settle()
    assert len(held) == 20


def _due_to_sweep() -> tuple[Settler, list[list[int]]]:
    """A settler whose next round is due to sweep: the frozen objects grew past the floor
    and by half of what its last sweep kept (the growth returned, to be held)."""
    settler = Settler(swept=gc.get_freeze_count())
    settler.settle()
    settler.swept = gc.get_freeze_count()
    more = max(collector.SWEEP_FLOOR, settler.swept // 2) + 1
    growth: list[list[int]] = [[] for _ in range(more)]
    settler.settle()  # frozen: the next round is due to sweep
    return settler, growth


def test_no_sweep_while_sessions_are_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep due while sessions start (their phones wait for their screens) waits for the
    starts to stop: that round only settles."""
    settler, growth = _due_to_sweep()
    clock = [100.0]
    monkeypatch.setattr(collector, "_now", lambda: clock[0])
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    collector.session_started()
    clock[0] += collector.QUIET_S / 2
    assert not settler.settle()
    clock[0] += collector.QUIET_S
    assert settler.settle()
    assert len(growth) > collector.SWEEP_FLOOR


def test_a_session_started_is_frozen_at_once_while_the_collector_runs() -> None:
    """Its screen's objects live as long as it: frozen right after its first render, a
    burst of starts is not walked again and again by Python's own full collections. Not
    while the rounds are off (tests, WONDERS_GC_SETTLE_S=0): nothing would thaw it."""
    collector.running(False)
    screen = [_Node() for _ in range(100)]
    collector.session_started()
    assert gc.get_freeze_count() == 0
    collector.running(True)
    try:
        collector.session_started()
        assert gc.get_freeze_count() >= len(screen)
    finally:
        collector.running(False)


def test_hostile_a_session_starts_garbage_is_collected_not_frozen() -> None:
    """A start leaves objects in reference cycles that are garbage at once (a first render's
    temporaries): frozen with the screen, they waited for a sweep, and a churn of 5,000
    sessions left a sweep of 1.1 s and a peak of 225 MiB (BENCHMARKS.md, "RSS after churn,
    in the app"). The young collection before the freeze frees them; the screen is frozen."""
    collector.running(True)
    try:
        screen = [_Node() for _ in range(100)]
        temporary = _Node()
        gone = weakref.ref(temporary)
        del temporary  # garbage in a cycle, made since the last round
        collector.session_started()
        assert gone() is None
        assert gc.get_freeze_count() >= len(screen)
    finally:
        collector.running(False)


def test_hostile_no_sweep_while_phones_are_active(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under load no sweep (a walk of every object: 2.4 s with 500 sessions, every phone
    waiting): a phone sending something every round holds a sweep due for as long as it
    does, then the first quiet moment (`QUIET_S` without a message or a start) makes it."""
    settler, growth = _due_to_sweep()
    clock = [100.0]
    monkeypatch.setattr(collector, "_now", lambda: clock[0])
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    for _ in range(3600):  # an hour of rounds, a tap before each
        collector.activity()
        clock[0] += 1.0
        assert not settler.settle()
    assert settler.due and settler.waited == 3600 and settler.sweeps == 0
    clock[0] += collector.QUIET_S  # the tables quiet
    assert settler.settle()
    assert settler.sweeps == 1 and len(growth) > collector.SWEEP_FLOOR


def test_a_sweep_is_judged_every_few_rounds_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the frozen objects walks them all (18 ms at 1.4 million): with rounds every
    2 s, a sweep is judged every `judged_every` rounds; once due it is made at the next
    quiet round, judging round or not."""
    settler, growth = _due_to_sweep()
    settler.judged_every, settler.rounds = 3, 0
    counted = [0]
    count = gc.get_freeze_count

    def counting() -> int:
        counted[0] += 1
        return count()
    monkeypatch.setattr(gc, "get_freeze_count", counting)
    monkeypatch.setattr(collector, "_now", lambda: 100.0)
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    assert not settler.settle() and not settler.settle()  # rounds 1, 2: not judged
    assert counted[0] == 0
    monkeypatch.setattr(collector, "_last_start", 100.0)  # a session starting
    assert not settler.settle()  # round 3: judged due, waits for the starts
    assert settler.due and counted[0] == 1
    monkeypatch.setattr(collector, "_last_start", float("-inf"))
    assert settler.settle()  # round 4: not a judging round, made all the same
    assert not settler.due and len(growth) > collector.SWEEP_FLOOR


@pytest.mark.asyncio
async def test_python_full_collections_are_off_while_the_rounds_run() -> None:
    """Python's own full collections walked what lived since the last round again and again
    (one each time the survivors grew by a quarter): off while the rounds run, as they
    were after."""
    import asyncio

    before = gc.get_threshold()
    task = asyncio.ensure_future(collector.settle_forever(Settler(), 3600))
    await asyncio.sleep(0)
    try:
        assert gc.get_threshold() == (before[0], before[1], collector.PYTHON_FULL_OFF)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert gc.get_threshold() == before


def test_a_round_walks_only_the_young_generations() -> None:
    """A round freezes what lived since the last one without a full collection (at 100
    tables a round's full collection was a 40-85 ms pause every 2 s); only a sweep walks
    everything."""
    settler = Settler(swept=gc.get_freeze_count())
    walked: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            walked.append(info["generation"])
    kept = [_Node() for _ in range(1000)]
    gc.callbacks.append(seen)
    try:
        assert not settler.settle()
    finally:
        gc.callbacks.remove(seen)
    assert walked and max(walked) < 2
    assert gc.get_freeze_count() >= len(kept)


@pytest.mark.asyncio
async def test_hostile_a_browsers_failed_answers_leave_no_garbage_in_cycles() -> None:
    """A client that is not a browser answers Flet's device info with nothing (Flet's
    `from_dict` raises TypeError): each failure raised inside `asyncio.wait_for` was a
    reference cycle (its traceback holds wait_for's frame, which holds the task, which holds
    the exception), frozen with the session until a sweep: 113,000 objects after a churn of
    5,000 hostile sessions. `ui.web.ask.answer` clears the traceback's frames: reference
    counting frees each failure, the collector finds nothing of 50 (17 objects each before:
    847)."""
    async def unreadable() -> str:
        await asyncio.sleep(0)
        raise TypeError("argument of type 'NoneType' is not iterable")

    async def slow() -> str:
        await asyncio.sleep(1)
        return "too late"

    gc.collect()
    gc.disable()
    try:
        got = [await answer(unreadable()) for _ in range(50)]
        late = [await answer(slow(), 0.001, failed=False) for _ in range(5)]
        found = gc.collect()
    finally:
        gc.enable()
    assert got == [None] * 50 and late == [False] * 5
    assert found == 0


def test_what_can_be_made_again_is_let_go_once_per_long_quiet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After 500 phones' games closed, the verdicts and games kept in memory (a few
    thousand survivors spread over the load's pages) held a fifth of the process's memory:
    they are let go at a long quiet (nobody sent anything for `QUIET_LONG_S`), once per
    quiet, never while phones are active; a bound method's object is not kept alive by
    being registered."""
    monkeypatch.setattr(collector, "_LET_GO", [])
    clock = [100.0]
    monkeypatch.setattr(collector, "_now", lambda: clock[0])
    calls: list[str] = []

    class Cache:
        def forget(self) -> None:
            calls.append("cache")

    cache = Cache()
    collector.let_go_when_quiet(cache.forget)
    collector.let_go_when_quiet(lambda: calls.append("plain"))
    settler = Settler(swept=gc.get_freeze_count())
    settler.settle()
    assert calls == []  # no phone ever: nothing to let go of
    collector.activity()
    clock[0] += collector.QUIET_LONG_S - 1
    settler.settle()
    assert calls == []  # quiet for 59 s: phones may still be at it
    clock[0] += 2
    settler.settle()
    settler.settle()
    assert calls == ["cache", "plain"]  # once for this quiet
    collector.activity()
    clock[0] += collector.QUIET_LONG_S + 1
    del cache
    settler.settle()
    assert calls == ["cache", "plain", "plain"]  # the next quiet; the cache is gone
    assert len(collector._LET_GO) == 1


def test_a_release_that_fails_stops_neither_the_others_nor_the_rounds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "_LET_GO", [])
    clock = [100.0]
    monkeypatch.setattr(collector, "_now", lambda: clock[0])
    calls: list[str] = []

    def broken() -> None:
        raise RuntimeError("cannot")
    collector.let_go_when_quiet(broken)
    collector.let_go_when_quiet(lambda: calls.append("next"))
    collector.activity()
    clock[0] += collector.QUIET_LONG_S + 1
    Settler(swept=gc.get_freeze_count()).settle()
    assert calls == ["next"]
