"""The app's state: the game being entered (saved on every change) and what the engine makes
of it. Screens read it through `use_model()` and re-render when it changes."""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft

from scorer import Problem, Result, TableError
from scorer.helpers import provisional, score_mixed
from ui.draft import Draft
from ui.store import Store

THEME_KEY = "wonders.theme"
THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK,
               "system": ft.ThemeMode.SYSTEM}

_PLAYER_PATH = re.compile(r"^players\[(\d+)\](?:\.(\w+))?")


@dataclass(frozen=True)
class Evaluation:
    """The engine's verdict on a draft: a result, or the problems that stop it."""

    result: Result | None
    problems: tuple[Problem, ...] = ()
    totals: tuple[int | None, ...] = ()
    """Each player's total so far (the engine's totals when the table is final)."""

    @property
    def final(self) -> bool:
        return self.result is not None and not self.problems

    def player_problems(self, index: int) -> dict[str, list[str]]:
        """The messages about one player, by the field they name ("" = the player)."""
        out: dict[str, list[str]] = {}
        for p in self.problems:
            m = _PLAYER_PATH.match(p.path)
            if m and int(m.group(1)) == index:
                out.setdefault(m.group(2) or "", []).append(p.message)
        return out

    def table_problems(self) -> list[Problem]:
        """Problems that are not about one player."""
        return [p for p in self.problems if not _PLAYER_PATH.match(p.path)]

    def total(self, index: int) -> int | None:
        return self.totals[index] if index < len(self.totals) else None

    def count_for(self, index: int) -> int:
        return sum(len(v) for v in self.player_problems(index).values())


@functools.lru_cache(maxsize=128)
def _evaluate(table_json: str, quick_json: str) -> Evaluation:
    table: dict[str, Any] = json.loads(table_json)
    quick: dict[str, dict[str, int]] = json.loads(quick_json)
    try:
        result = score_mixed(table, quick)
        return Evaluation(result, (), tuple(p.total for p in result.players))
    except TableError as err:
        return Evaluation(None, tuple(err.problems), _so_far(table, quick))
    except Exception as err:  # an engine still being written must not take the app down
        return Evaluation(None, (Problem(path="", message=f"{type(err).__name__}: {err}"),))


def _so_far(table: dict[str, Any], quick: dict[str, dict[str, int]]) -> tuple[int | None, ...]:
    """The running totals of a table the engine does not accept yet; none when working
    them out fails (they are a help, the problems are what the player must see)."""
    try:
        return tuple(provisional(table, quick))
    except Exception:
        return ()


_SCORED: dict[tuple[str, str], None] = {}
"""The drafts `_evaluate` holds (its cache has no membership test), oldest first."""
_SCORED_LOCK = threading.Lock()


def _key(draft: Draft) -> tuple[str, str]:
    return (json.dumps(draft.table(), sort_keys=True), json.dumps(draft.quick(), sort_keys=True))


def evaluate(draft: Draft) -> Evaluation:
    """What the engine says about the draft (cached: a render asks many times)."""
    key = _key(draft)
    got = _evaluate(*key)
    with _SCORED_LOCK:
        _SCORED.pop(key, None)
        _SCORED[key] = None
        while len(_SCORED) > _evaluate.cache_info().maxsize // 2:  # type: ignore[operator]
            del _SCORED[next(iter(_SCORED))]
    return got


def is_evaluated(draft: Draft) -> bool:
    """Whether the engine's answer on this draft is at hand (no scoring to wait for)."""
    with _SCORED_LOCK:
        return _key(draft) in _SCORED


def use_evaluation(model: AppModel) -> Evaluation | None:
    """The engine's verdict on the game, for a screen: at once when it is at hand, else
    None while the engine scores it off the event loop (the screen shows progress), then
    the screen renders again."""
    draft = model.draft
    _, set_done = ft.use_state(0)
    ready = draft is not None and is_evaluated(draft)

    async def score_now() -> None:
        if draft is not None and not ready:
            await asyncio.to_thread(evaluate, draft)  # at once if another screen did it
            set_done(lambda n: n + 1)

    ft.use_effect(score_now, [id(draft)])
    return evaluate(draft) if ready and draft is not None else None


@dataclass
class AppModel(ft.Observable):
    store: Store
    draft: Draft | None = None
    upload_dir: Path | None = None
    """Where the server's upload handler puts picked files (None: no uploads)."""
    theme: str = "system"
    """light, dark or system: remembered in the browser."""
    prefs: ft.SharedPreferences | None = None
    """The browser's local storage (the theme)."""
    notice: str = ""
    """A short message shown once (saved, imported, deleted...)."""
    undo_id: str = ""
    """The history entry that the notice's Undo would bring back."""
    history_version: int = 0
    selected: tuple[int, str] = field(default=(-1, ""))
    """The score pad cell whose lines are shown: (player, category)."""

    def edit(self, change: Callable[[Draft], None]) -> None:
        """Apply a change to a copy of the draft, show it, and save it at once. A finished
        game that is corrected is unfinished again, until Finish saves the correction to
        the history (the same entry: the game keeps its id)."""
        if self.draft is None:
            return
        new = copy.deepcopy(self.draft)
        change(new)
        new.finished = None
        self.draft = new
        self.notice = ""  # "Saved", "Imported": no longer true of the changed game
        self.undo_id = ""
        self.store.save_current(new)

    def would_lose(self) -> bool:
        """Whether starting another game would lose one: an unfinished game with something
        entered (then the screens ask first; a finished game is in the history)."""
        return (self.draft is not None and self.draft.finished is None
                and not self.draft.untouched())

    def start(self, draft: Draft) -> None:
        self.draft = draft
        self.selected = (-1, "")
        self.store.save_current(draft)
        self.store.remember([s.name for s in draft.seats])

    def evaluation(self) -> Evaluation | None:
        return None if self.draft is None else evaluate(self.draft)

    def finish(self, summary: str) -> None:
        if self.draft is None:
            return
        done = copy.deepcopy(self.draft)
        done.finished = time.time()
        self.store.save_game(done, summary)
        self.draft = done
        self.store.save_current(done)
        self.history_version += 1

    def apply_theme(self, theme: str) -> None:
        """Show the app in a theme (light, dark, system)."""
        self.theme = theme
        page = ft.context.page
        page.theme_mode = THEME_MODES[theme]
        page.update()

    async def choose_theme(self, theme: str) -> None:
        """The player's choice: shown at once and remembered by this browser."""
        self.apply_theme(theme)
        if self.prefs is not None:
            await self.prefs.set(THEME_KEY, theme)

    def say(self, notice: str, undo_id: str = "") -> None:
        self.notice = notice
        self.undo_id = undo_id


ModelContext: ft.ContextProvider[AppModel | None] = ft.create_context(None)


def use_model() -> AppModel:
    model = ft.use_context(ModelContext)
    if model is None:
        raise RuntimeError("use_model() outside the app")
    return model
