"""What a browser answers through Flet (its local storage, its device info), or None when it
does not: no answer in time, or one Flet cannot read (a client that is not a browser: its
device info `None`, which Flet's `from_dict` fails on with a TypeError).

Why one function: a failed answer is an exception raised inside `asyncio.wait_for`; its
traceback holds wait_for's frame, which holds the task, which holds the exception: one
reference cycle for each failure. The session's objects are frozen at its start
(`ui.web.collector`), so each cycle waited for a sweep of every object of the process: a
churn of 5,000 hostile sessions left 113,000 such objects for one sweep (BENCHMARKS.md,
"RSS after churn, in the app"). Clearing the frames of the traceback breaks the cycle, and
reference counting frees it at once."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable
from typing import Any, TypeVar, overload

T = TypeVar("T")
F = TypeVar("F")

ANSWER_S = 10.0
"""How long a browser has to answer (a phone on a slow network answers in well under)."""


@overload
async def answer(asked: Awaitable[T], seconds: float = ANSWER_S) -> T | None: ...


@overload
async def answer(asked: Awaitable[T], seconds: float = ANSWER_S, *, failed: F) -> T | F: ...


async def answer(asked: Awaitable[Any], seconds: float = ANSWER_S, *,
                 failed: Any = None) -> Any:
    """What `asked` gives within `seconds`, else `failed` (a timeout, or any failure: the
    caller takes it as "this client does not say"; None unless the caller must tell a
    failure from an answer of None)."""
    try:
        return await asyncio.wait_for(asked, seconds)
    except Exception as err:  # no storage on this client, no answer, an unreadable one
        traceback.clear_frames(err.__traceback__)
        return failed
