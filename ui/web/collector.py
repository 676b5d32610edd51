"""The cyclic garbage collector, kept to pauses that do not grow with the sessions held.

A full collection walks every object the collector tracks: with hundreds of phone sessions
open (a few thousand objects each, their screens' controls) that was a pause of every
session growing with their number (BENCHMARKS.md, "Memory and pauses per session"). What
a session holds lives as long as the session; walking it again and again finds nothing.
So, every `SETTLE_EVERY_S` seconds, one `settle`:

- a young collection (what was made since the last round: Python's generations 0 and 1),
  then `gc.freeze()`: what survived, and what was promoted since the last round, is frozen,
  out of the collector's sight, without a walk. Renders leave nothing in reference cycles
  (`ui.web.flet_door.no_cycles_per_render`), so what is frozen this way is what lives (or dies
  later, freed by reference counting), not garbage; no pause grows with the sessions open.
  (Rounds were a full collection of what lived since the last one: at 100 tables, 40-85 ms
  every 2 s, 120-170 ms every 30 s, plus Python's own full collections between.) Python's
  own full collections are off while the rounds run (they walked the same objects again
  and again: Python starts one each time the survivors grow by a quarter of those of the
  last); its young collections run as they do;
- frozen objects are still freed by reference counting (a closed session's controls,
  a replaced chip); only garbage in reference cycles waits: when the frozen objects have
  grown by `SWEEP_GROWTH` of what the last sweep kept (and at least `SWEEP_FLOOR`), a
  sweep unfreezes everything and collects it all (one full pause, as Python's own full
  collections were, but after the objects grew by half, not by a quarter as Python's rule
  has it, and never while nothing grows), then freezes what is left. Sessions closing
  call for none: each is freed at its deletion. Counting the frozen objects walks them all
  (18 ms at 1.4 million), so a sweep is judged every `SWEEP_JUDGED_S` seconds only (and,
  once due, at every round until it is made);
- the growth the sessions opened since the last sweep account for (as many objects each as
  a session held then) is not counted: new sessions are not garbage. A burst of them (a dead
  process's phones moved onto this one) calls for no sweep;
- no sweep under load: a sweep waits until no phone sent anything and no session started
  for `QUIET_S` (`activity`, `session_started`), however long that takes. A sweep walks
  every object of the process (2.4 s with 500 sessions open: a pause of every phone), so
  it is made only when no phone is waiting for an answer. What it is for no longer
  waits on it: a session Flet deletes has its reference cycles cut
  (`ui.web.flet_door.cut_cycles`), so reference counting frees it at once, frozen or not;
  a render leaves no cycles, and the young collections of each round find the garbage in
  cycles of a tap before it is frozen. What is left for a sweep is small;
- each session is frozen as soon as its first screen is rendered (`session_started`, while
  the rounds run): in a burst of starts, Python's own full collections would otherwise walk
  every new session again and again until the next round. A start leaves garbage in
  cycles (its first render's temporaries): a young collection just before the freeze frees
  it (about 0.4 ms a start). Frozen with the screen, it waited for a sweep: a churn of 5,000
  sessions then peaked at 225 MiB and left a sweep of 1.1 s (with `ui.web.ask`'s fix too,
  122 MiB and no sweep needed: BENCHMARKS.md, "RSS after churn, in the app").

- at a long quiet (`QUIET_LONG_S`: nobody at any table sent anything for a minute), once
  per quiet, what can be made again is let go (`let_go_when_quiet`: the engine's verdicts
  kept for the next render, the games in progress kept in memory beside the store): after
  500 phones' games closed, those few thousand survivors, spread over the pages of the
  load, held a fifth of the process's memory (BENCHMARKS.md, "RSS after 500 real games").

`WONDERS_GC_SETTLE_S=0` in the environment turns it off (Python's collector as it is).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass

SETTLE_EVERY_S = 1.0
"""Seconds between two rounds: the young generations are emptied into the frozen ones this
often, so Python's young collections walk at most a second of new objects. (Before renders
left no cycles, each part rendered again left its frozen render as garbage for a sweep, and
rounds came every 30 s to leave less of it frozen.)"""
SWEEP_JUDGED_S = 30.0
"""Seconds between two judgements of whether a sweep is due (they count the frozen
objects: see the module's docstring)."""
PYTHON_FULL_OFF = 1_000_000
"""Python's threshold for its own full collections while the rounds run: its young
collections between two of its full ones; never reached between two rounds."""
SWEEP_GROWTH = 0.5
"""A sweep when the frozen objects grew by this share of what the last sweep kept."""
SWEEP_FLOOR = 100_000
"""...and by at least this many objects (a sweep of a small process is not worth it)."""
SETTLE_ENV = "WONDERS_GC_SETTLE_S"
PER_SESSION_GUESS = 3_000
"""Objects a session holds, until a sweep with sessions open measured it (an in-game phone
session: ~2,500 tracked objects, BENCHMARKS.md)."""
QUIET_S = 5.0
"""A sweep waits until no session started and no phone sent anything for this long (at a
table a phone sends something every few seconds: a sweep comes between games, or when the
tables are idle)."""

SWEEP_MOST = 200_000
"""A sweep of more frozen objects than this (one of ~0.9 us of CPU each: 180 ms) waits
for a longer quiet, `QUIET_LONG_S`: nobody at any table has sent anything for a minute."""
QUIET_LONG_S = 60.0

_last_start = float("-inf")
"""When the last session started (`_now()`)."""
_last_activity = float("-inf")
"""When a phone last sent something (`_now()`)."""
_running = False
"""Whether the rounds run in this process (`settle_forever`)."""


_LET_GO: list[Callable[[], Callable[[], object] | None]] = []
"""What to call at a long quiet (`let_go_when_quiet`), each as a weak reference."""


def let_go_when_quiet(release: Callable[[], object]) -> None:
    """Call `release` at each long quiet while the rounds run (nobody sent anything for
    `QUIET_LONG_S`), to let go of what can be made again when next needed (a cache). A
    bound method is held weakly: its object (a server's games) is not kept alive by it."""
    if hasattr(release, "__self__") and hasattr(release, "__func__"):
        _LET_GO.append(weakref.WeakMethod(release))
    else:
        _LET_GO.append(lambda: release)


def _let_go() -> int:
    """Every release called (one failing is logged, the others still run); how many ran."""
    ran = 0
    for ref in list(_LET_GO):
        release = ref()
        if release is None:
            _LET_GO.remove(ref)
            continue
        try:
            release()
            ran += 1
        except Exception:  # a cache that cannot be emptied must not stop the rounds
            logging.getLogger(__name__).exception("collector: a release at a quiet failed")
    return ran


def _now() -> float:
    return time.monotonic()


def running(on: bool) -> None:
    """Say whether the rounds run (`session_started` freezes only then: nothing else would
    ever thaw what it freezes)."""
    global _running
    _running = on


def session_started() -> None:
    """A session's first screen is rendered: what it holds is frozen now, the garbage its
    start left in cycles collected first (see the module's docstring), and a sweep waits
    for the starts to stop."""
    global _last_start
    _last_start = _now()
    if _running:
        gc.collect(1)
        gc.freeze()


def activity() -> None:
    """A phone sent something (a tap, a key): no sweep for `QUIET_S` (the server's guard
    calls this for each message a websocket receives: one assignment)."""
    global _last_activity
    _last_activity = _now()


def _busy(quiet_s: float = QUIET_S) -> bool:
    return _now() - max(_last_start, _last_activity) < quiet_s


def _no_sessions() -> tuple[int, int]:
    return 0, 0


@dataclass
class Settler:
    """The rounds of one process (see the module's docstring)."""

    swept: int = 0
    """Frozen objects after the last sweep (or the start-up freeze)."""
    base: int = -1
    """Frozen objects at the start-up freeze (-1: `swept` as the Settler is made)."""
    sessions: Callable[[], tuple[int, int]] = _no_sessions
    """Sessions open now, and closed since the start (`flet_door.count_sessions`)."""
    open_at_sweep: int = 0
    closed_at_sweep: int = 0
    sweeps: int = 0
    settlings: int = 0
    longest_s: float = 0.0
    """The longest round so far (a sweep's, mostly)."""
    waited: int = 0
    """Rounds a sweep due has waited for a quiet moment."""
    judged_every: int = 1
    """Rounds from one judgement of whether a sweep is due to the next
    (`SWEEP_JUDGED_S` over the rounds' interval, on a server)."""
    rounds: int = 0
    due: bool = False
    """A sweep was judged due and is not made yet (it waits for a quiet moment)."""
    frozen: int = 0
    """The frozen objects when last counted (a sweep's size: `SWEEP_MOST`)."""
    let_go_at: float = float("-inf")
    """The last activity (`_now()` of it) whose quiet has had its releases
    (`let_go_when_quiet`): once per quiet."""
    walked: int = 0
    collected: int = 0
    """The last sweep's objects walked (frozen before it) and found garbage (said in the
    server's log line: what a sweep's pause is made of)."""

    def __post_init__(self) -> None:
        if self.base < 0:
            self.base = self.swept

    def per_session(self) -> float:
        """Objects a session held at the last sweep (a guess before one with sessions)."""
        if self.open_at_sweep <= 0:
            return PER_SESSION_GUESS
        return max(0, self.swept - self.base) / self.open_at_sweep

    def _sweep_due(self) -> bool:
        """Whether the frozen objects grew enough for a sweep. Sessions closed are no
        reason: each is freed at its deletion (`ui.web.flet_door.cut_cycles`)."""
        frozen = self.frozen = gc.get_freeze_count()
        open_now, _closed = self.sessions()
        opened = max(0, open_now - self.open_at_sweep) * self.per_session()
        return frozen - self.swept - opened > max(SWEEP_FLOOR, SWEEP_GROWTH * self.swept)

    def settle(self) -> bool:
        """One round: settle what is new, or sweep everything when due. True: a sweep."""
        began = time.perf_counter()
        self.rounds += 1
        last = max(_last_start, _last_activity)
        if last > self.let_go_at and not _busy(QUIET_LONG_S):
            self.let_go_at = last
            _let_go()
        if not self.due and self.rounds % max(1, self.judged_every) == 0:
            self.due = self._sweep_due()
        sweep = self.due
        if sweep and _busy(QUIET_S if self.frozen <= SWEEP_MOST else QUIET_LONG_S):
            self.waited += 1
            sweep = False
        if sweep:
            before = gc.get_freeze_count()
            gc.unfreeze()
            self.collected = gc.collect()
            self.walked = before
        else:
            gc.collect(1)
        gc.freeze()
        if sweep:
            open_now, closed = self.sessions()
            self.due = False
            self.waited = 0
            self.swept = gc.get_freeze_count()
            self.open_at_sweep, self.closed_at_sweep = open_now, closed
            self.sweeps += 1
        else:
            self.settlings += 1
        self.longest_s = max(self.longest_s, time.perf_counter() - began)
        return sweep


def settle_every() -> float:
    """Seconds between two rounds (0: off), from `WONDERS_GC_SETTLE_S` else the default."""
    raw = os.environ.get(SETTLE_ENV, "")
    try:
        return max(0.0, float(raw)) if raw else SETTLE_EVERY_S
    except ValueError:
        return SETTLE_EVERY_S


async def settle_forever(settler: Settler, every: float,
                         say: Callable[[str], None] | None = None) -> None:
    """A round every `every` seconds, on the event loop (a collection pauses every thread
    anyway), for as long as the server runs; each sweep said in one line to `say`."""
    running(True)
    young, older, full = gc.get_threshold()
    gc.set_threshold(young, older, PYTHON_FULL_OFF)
    try:
        while True:
            await asyncio.sleep(every)
            began = time.perf_counter()
            if settler.settle() and say is not None:
                say(f"collector: swept every object ({settler.walked:,} walked, "
                    f"{settler.collected:,} garbage, {settler.swept:,} kept) in "
                    f"{(time.perf_counter() - began) * 1000:.0f} ms")
    finally:
        gc.set_threshold(young, older, full)
        running(False)
