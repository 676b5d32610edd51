"""The app's state: the game being entered (saved on every change) and what the engine makes
of it. A screen says what of it it shows (`use_watch`) and renders again only when that
changes: a tap in one city re-renders that city's changed parts, not every screen of every
phone at the table."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import weakref
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

import flet as ft

from scorer import i18n
from ui.entry.draft import Draft
from ui.entry.edits import Edit, Refusal, Revert, at_players_seat, describe
from ui.live.tables import Change, HostRefused, JoinRefused, Tables, tables_for, topic
from ui.session.verdicts import Evaluation, evaluate, is_evaluated
from ui.store.history_db import Renamed
from ui.store.store import LiveRecord, Store
from ui.text import strings as S
from ui.text.language import LANGUAGE_KEY, flutter_locale, set_session_language
from ui.web.flet_door import context_page

T = TypeVar("T")
log = logging.getLogger("wonders.errors")

THEME_KEY = "wonders.theme"
NOTE_SECONDS_ENV = "WONDERS_NOTE_S"
"""Seconds a note shows, instead of 5: the browser tests set it longer, since a loaded
machine can take more than 5 s between a change and the test's tap on its Undo."""


def _note_seconds(default: float = 5.0) -> float:
    raw = os.environ.get(NOTE_SECONDS_ENV, "")
    try:
        return max(0.1, float(raw)) if raw else default
    except ValueError:
        return default


UNDO_SECONDS = _note_seconds()
"""How long a note shows (and the one that confirms a change offers its Undo): 5 s, or
`WONDERS_NOTE_S`."""
THEME_MODES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK,
               "system": ft.ThemeMode.SYSTEM}

def use_evaluation(model: AppModel) -> Evaluation | None:
    """The engine's verdict on the game, for a screen: at once when it is at hand, else
    None while the engine scores it off the event loop (the screen shows progress), then
    the screen renders again."""
    draft = model.draft
    _, set_done = ft.use_state(0)
    got = model.evaluation_at_hand()
    language = i18n.current()

    async def score_now() -> None:
        if draft is not None and got is None:
            # at once if another screen did it
            await asyncio.to_thread(evaluate, draft, language)
            set_done(lambda n: n + 1)

    ft.use_effect(score_now, [id(draft), language])
    return got


@dataclass(frozen=True, eq=False)
class Note:
    """A short note at the foot of the screen: who changed what (on another phone), or this
    phone's own change with the way to take it back (`undo`). Each note is its own value
    (compared by identity): the same words said again show again, for their own seconds."""

    text: str
    undo: Revert | None = None
    """What the note's Undo takes back (this phone's last change); None: no Undo."""


@dataclass
class AppModel(ft.Observable):
    store: Store
    """The store as this device sees it (its games, its history)."""
    draft: Draft | None = None
    """The game on screen, exactly as saved (never a state the store does not hold)."""
    upload_dir: Path | None = None
    """Where the server's upload handler puts picked files (None: no uploads)."""
    theme: str = "system"
    """light, dark or system: remembered in the browser."""
    language: str = i18n.SOURCE_LANGUAGE
    """The session's language (the browser's, or the one chosen): remembered in the browser."""
    prefs: ft.SharedPreferences | None = None
    """The browser's local storage (the theme)."""
    notice: str = ""
    """A short message shown once (saved, imported, deleted...): in the words of the
    language it was said in, so it goes when the language changes, and when the phone
    comes back to this session (a reload: said once, not again)."""
    undo_id: str = ""
    """The history entry that the notice's Undo would bring back."""
    notice_of_game: bool = False
    """The notice is about the game shown (a change of it refused): said on the game's
    screens, not on History, which lists every game (a walk read a refusal there after
    leaving the game it refused)."""
    history_version: int = 0
    selected: tuple[int, str] = field(default=(-1, ""))
    """The score pad cell whose lines are shown: (player, category)."""
    next_code: str = ""
    """The join code of the game another phone started with Play again from the finished
    game on screen: its screens offer to join it (a walk's second phone stayed on the
    finished game, untold)."""
    game: LiveRecord | None = None
    """The game on screen as the server keeps it: join code, host, seats claimed, version."""
    device: str = ""
    """This device's key (its browser's local storage; one per session without storage)."""
    page: ft.Page | None = None
    """The session's page: its pub/sub client carries the game's changes."""
    address: str = ""
    """The address other phones open to reach this server (for the join code)."""
    refused: tuple[str, JoinRefused | None] = ("", None)
    """A game address (/g/<code>) this session was refused, and why: (code, refusal)."""
    _showing: threading.Lock = field(default_factory=threading.Lock, repr=False)
    note: Note | None = None
    """The note at the foot of the screen, while it shows (`tell`)."""
    _note_until: float = field(default=0.0, repr=False)
    """When the note goes (the event loop's clock)."""
    _note_timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    """The one timer that takes the note away: re-armed by each note, not made anew."""
    _scored: tuple[Draft, str, Evaluation] | None = field(default=None, repr=False)
    """The verdict last given (`evaluation`), with its draft and language: each part of a
    screen asks on each change, and finds it here without a lock or a lookup."""
    _kept: dict[str, object] = field(default_factory=dict, repr=False)
    """What a part of a screen was given and has not saved yet, by the part (`use_kept_state`):
    kept by the phone's session while the part is let go under another screen."""
    _finished_once: tuple[tuple[str, bool], bool] = field(default=(("", False), False),
                                                          repr=False)
    """Whether the game on screen was finished once (its history holds it), by its id and
    its code's being spent (which a Finish does): asked once per game and Finish."""

    def path(self, rest: str = "") -> str:
        """The address of a screen of the game on screen (`rest`: "/player/1", "/pad"...):
        /g/<code>/..., so that a reload or a shared link leads back to this game."""
        return f"/g/{self.game.code}{rest}" if self.game is not None else f"/game{rest}"

    def reach(self, code: str, address: str) -> None:
        """Show the game of an address (/g/<code>): one this device took part in, or the
        one it joins by the code. A refusal is kept (once per code) for the screen to say."""
        if (self.game is not None and self.game.code == code) or self.refused[0] == code:
            return
        got = self.tables.join(code, self.device, address)
        if isinstance(got, JoinRefused):
            self.refused = (code, got)
            return
        self.refused = ("", None)
        self.open_game(got)

    @property
    def tables(self) -> Tables:
        return tables_for(self.store)

    @property
    def is_host(self) -> bool:
        return self.game is not None and self.game.host == self.device

    @property
    def correcting(self) -> bool:
        """The game on screen was finished once and is open again, changed since: History
        keeps it as it was until it is finished again (docs/app.md), which its pad says (a
        walk's host corrected a name on the table and left History with the old one)."""
        game = self.game
        if game is None or game.closed or game.draft.finished is not None:
            return False
        key = (game.id, game.spent)
        if self._finished_once[0] != key:
            self._finished_once = (key, game.spent and self.store.was_finished(game.id))
        return self._finished_once[1]

    def my_seat(self) -> str:
        """The player whose seat this device holds ("" = none)."""
        if self.game is None:
            return ""
        return next((n for n, d in self.game.claims.items() if d == self.device), "")

    def edit(self, change: Edit) -> None:
        """Send a change of the game: committed (`Tables.commit`: checked, saved, published
        to every other device of the game), then shown here. A change the game refuses is
        said, and the saved game shown."""
        if self.game is None:
            return
        self.notice = ""  # "Saved", "Imported": no longer true of the changed game
        self.undo_id = ""
        self._outcome(self.tables.commit(self.game.id, self.device, change, self._publish),
                      published=True)

    def edit_city(self, change: Edit) -> None:
        """A change a city screen makes to its player's city (`edit`), at the seat the
        player holds now (`at_players_seat`)."""
        self.edit(at_players_seat(change, self.draft))

    def rename_person(self, old: str, new: str) -> Renamed:
        """`old` is `new` in every game of this device's history that it corrects (a merge
        when `new` already plays: `Store.rename_player`), and in those games' records on the
        server, told to every phone on them: a game opened again from History, or finished
        again after a correction, keeps the new name."""
        # the games being corrected, read before the history is renamed: one finished
        # meanwhile (its Finish writing the old names back) is renamed still
        correcting = self.store.in_correction(self.store.games_with(old))
        done = self.store.rename_player(old, new)
        # a game being corrected now, at once; a finished one when it is opened again
        # (`Tables.open_finished`: years of games are not rewritten on one tap)
        for game_id in [g for g in done.ids if g in correcting]:
            out = self.tables.rename_in_game(game_id, self.device, old, new, self._publish)
            if isinstance(out, Refusal):  # the history's rename stands: said, never unseen
                self.say(out.message)
            elif isinstance(out, Change) and self.game is not None and self.game.id == game_id:
                self._show(out.game)
        self.history_version += 1
        return done

    def claim(self, player: str) -> None:
        """This device holds `player`'s seat ("" gives it back)."""
        if self.game is not None:
            self._outcome(self.tables.claim(self.game.id, self.device, player))

    def free(self, player: str) -> None:
        """The host frees a seat another phone holds."""
        if self.game is not None:
            self._outcome(self.tables.free(self.game.id, self.device, player))

    def _publish(self, change: Change) -> None:
        """Tell every other device of the game (this session's pub/sub client)."""
        if self.page is not None:
            self.page.pubsub.send_others_on_topic(topic(change.game.id), change)

    def _outcome(self, outcome: Change | Refusal, published: bool = False) -> None:
        """Show what a change of the game came to here (and, unless `commit` did, tell the
        other devices)."""
        if isinstance(outcome, Refusal):
            self.say(outcome.message, of_game=True)
            self.tell(outcome.message)  # said where the tap was made (a city shows no notice)
            self._reload()
            return
        undo = outcome.undo
        note = None
        if outcome.edit is not None and undo is not None and undo.steps:
            # said here too, with a way back for a few seconds: in the same update as the
            # change itself (one answer to the tap). An undo's own note offers no Undo: a
            # second tap on the same spot (a double tap) must not do the change again; it is
            # done again from the change list.
            note = Note(describe(outcome.edit, outcome.before.draft),
                        None if isinstance(outcome.edit, Revert) else undo)
        self._show(outcome.game, note)
        if not published:
            self._publish(outcome)

    def undo(self, version: int) -> None:
        """Take back a change of the game's change list (as a new change every phone sees)."""
        if self.game is not None:
            self.notice = ""
            self._outcome(self.tables.revert(self.game.id, self.device, version, self._publish),
                          published=True)

    def _reload(self) -> None:
        """Show the game as saved (after a refused change)."""
        if self.game is not None:
            saved = self.tables.open(self.game.id, self.device)
            if saved is not None:
                self._show(saved)

    def _show(self, rec: LiveRecord, note: Note | None = None) -> None:
        """Show a saved state of the game, unless a newer one is shown already (a change
        from another phone can arrive before this phone's own, older, answer), with the
        note that says it (in the same change of the model: one update of the screen)."""
        with self._showing:
            shown = self.game
            if shown is not None and shown.id == rec.id and shown.version > rec.version:
                if note is not None:  # this phone's own change, overtaken: still said
                    self._arm_note(note)
                    self.notify()  # type: ignore[no-untyped-call]
                return
            # one change for the screens, not one per field
            object.__setattr__(self, "game", rec)
            object.__setattr__(self, "draft", rec.draft)
            if note is not None:
                self._arm_note(note)
            self.notify()  # type: ignore[no-untyped-call]

    def open_game(self, rec: LiveRecord | None) -> None:
        """Show this game, and hear every change of it from now on."""
        old = self.game
        # a notice says what was just done ("Saved to history.", "Imported."): not of a
        # game opened now (an import says its own after opening)
        self.notice = ""
        self.undo_id = ""
        if old is not None and (rec is None or old.id != rec.id):
            self.next_code = ""
            if self.page is not None:
                self.page.pubsub.unsubscribe_topic(topic(old.id))
            # the note says a change of the old game, and its Undo would take it back in
            # this one: it goes with its game
            self.note = None
        self.game = rec
        self.draft = None if rec is None else rec.draft
        self.selected = (-1, "")
        if self.page is not None and rec is not None and (old is None or old.id != rec.id):
            self.page.pubsub.subscribe_topic(topic(rec.id), self._heard)
            self.tables.publish_with(self.page.pubsub)  # other processes' changes, told here

    async def _heard(self, _topic: str, change: Change) -> None:
        """A change made on another device (or another tab): shown in this session. A
        session whose phone dropped has no connection to show it on: it shows the saved
        game when the phone comes back (`reconnected`), before the phone can edit."""
        page = self.page
        if page is None or not _connected(page):
            return
        if page.session.connection.loop is asyncio.get_running_loop():
            # the hub runs this in a task of its own: shown from here, as this session's
            # page (the task came from the phone that made the change), not by one more task
            context_page.set(page)  # type: ignore[arg-type]  # Flet types it None
            await self._receive(change)
        else:
            page.run_task(self._receive, change)

    async def reconnected(self, _e: object = None) -> None:
        """The phone came back to this session (its connection dropped and it registered
        again with its session id): changes made meanwhile were not shown here, so the saved
        game is shown now, before anything is edited from what the screen showed. A
        notice was said already ("Saved to history."): not again."""
        if self.notice:
            self.say("")
            self.notify()  # type: ignore[no-untyped-call]
        self._reload()

    async def _receive(self, change: Change) -> None:
        mine = self.game
        i18n.set_language(self.language)  # this task came from the phone that made the change
        if change.kind == "replayed":  # the next game, started from this one: offered
            if mine is not None and change.game.id == mine.id:
                self.next_code = change.player
                self.notify()  # type: ignore[no-untyped-call]
            return
        if mine is None or change.game.id != mine.id or change.game.version <= mine.version:
            return  # another game, or older than what is shown
        text = change.text  # worded on each read: in this phone's language
        self._show(change.game, Note(text) if text else None)
        if change.game.draft.finished is not None and change.edit is None:
            self.history_version += 1

    def tell(self, text: str, undo: Revert | None = None) -> None:
        """Say something briefly at the foot of the screen (who changed what, on another
        phone; on this one, with Undo when `undo` takes it back), for `UNDO_SECONDS`. The
        note is part of the screen (`ui.note_strip`): a new one replaces its words
        in the screen's own update, where a new SnackBar per change was one more update
        and one more event from the browser (when it went) on every phone."""
        self._arm_note(Note(text, undo))
        self.notify()  # type: ignore[no-untyped-call]

    def _arm_note(self, note: Note) -> None:
        """Show `note` from the next change of the model on, until `UNDO_SECONDS` from now."""
        object.__setattr__(self, "note", note)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a test of the model alone): it stays
            return
        self._note_until = loop.time() + UNDO_SECONDS
        if self._note_timer is None:
            self._note_timer = loop.call_later(UNDO_SECONDS, self._note_time_up)

    def closed(self, _e: object = None) -> None:
        """Flet let the session go (its phone gone past the session timeout, or let go to
        bound the sessions kept): its note's timer is cancelled, its game no longer heard.
        A timer that outlived its session re-rendered a page Flet had destroyed (a
        RuntimeError in the log) and held the whole session for as long as it waited."""
        timer, self._note_timer = self._note_timer, None
        if timer is not None:
            timer.cancel()
        page, game = self.page, self.game
        if page is not None and game is not None:
            with contextlib.suppress(Exception):  # the page's pub/sub may be gone already
                page.pubsub.unsubscribe_topic(topic(game.id))
        object.__setattr__(self, "page", None)
        object.__setattr__(self, "note", None)

    def _note_time_up(self) -> None:
        """The note's time is up, unless a newer note moved it on (then wait for that)."""
        self._note_timer = None
        if self.note is None or self.page is None:  # (no page: the session was let go)
            return
        loop = asyncio.get_running_loop()
        left = self._note_until - loop.time()
        if left > 0.01:
            self._note_timer = loop.call_later(left, self._note_time_up)
            return
        self.note = None  # a change of the model: the strip hides

    def take_back(self) -> None:
        """The note's Undo: this phone's last change taken back (a new change, told to
        every phone; its own note offers to do it again)."""
        note = self.note
        if note is None or note.undo is None:
            return
        object.__setattr__(self, "note", None)
        self.edit(note.undo)

    def would_lose(self) -> bool:
        """Whether starting another game would lose one: an unfinished game with something
        entered (then the screens ask first; a finished game is in the history)."""
        return (self.draft is not None and self.draft.finished is None
                and not self.draft.untouched())

    def start(self, draft: Draft) -> bool:
        """A new game on this server, hosted by this device; False, said, when the server
        refused it (`ui.host_limit`)."""
        got = self._unless_refused(
            self.tables.open_new(draft, self.device, self.client_address()))
        if got is None:
            return False
        self.open_game(got)
        self.store.remember([s.name for s in draft.seats if s.claimable])  # no Free City
        return True

    def play_again(self, draft: Draft) -> bool:
        """Play again: a new game of the same players and wonders, hosted here; the other
        phones of `draft`'s game, when it is the one on screen, are told its join code, to
        follow (`next_code`; this process's phones: another process of a cluster hears
        saved changes only)."""
        old = self.game if self.game is not None and self.game.id == draft.id else None
        if not self.start(draft.fresh_copy()):
            return False
        new = self.game
        if self.page is not None and old is not None and new is not None:
            self.page.pubsub.send_others_on_topic(topic(old.id), Change(
                old, None, self.device, old, "replayed", new.code))
        return True

    def open_finished(self, draft: Draft) -> bool:
        """Open a game of this device's history (`Tables.open_finished`); False, said, when
        it could not be opened."""
        got = self._unless_refused(
            self.tables.open_finished(draft, self.device, self.client_address(),
                                      self._publish))
        if got is None:
            return False
        self.open_game(got)
        return True

    def _unless_refused(self, got: LiveRecord | HostRefused) -> LiveRecord | None:
        """The game opened; None when the server refused it, said (where the tap was made
        too)."""
        if not isinstance(got, HostRefused):
            return got
        self.say(S.host_refused(got))
        self.tell(S.host_refused(got))
        return None

    def client_address(self) -> str:
        """The client's address as the server saw it (`page.client_ip`), "" unknown."""
        page = self.page
        return str(getattr(page, "client_ip", "") or "") if page is not None else ""

    def evaluation(self) -> Evaluation | None:
        """The engine's verdict on the game on screen, in the session's language (scored on
        the first ask, then kept for this very draft: every part of a screen asks)."""
        draft = self.draft
        if draft is None:
            return None
        language = i18n.current()
        kept = self._scored
        if kept is not None and kept[0] is draft and kept[1] == language:
            return kept[2]
        got = evaluate(draft, language)
        self._scored = (draft, language, got)
        return got

    def evaluation_at_hand(self) -> Evaluation | None:
        """The verdict when no scoring is needed to give it (None: it is not scored yet)."""
        draft = self.draft
        if draft is None:
            return None
        kept = self._scored
        if kept is not None and kept[0] is draft and kept[1] == i18n.current():
            return kept[2]
        return self.evaluation() if is_evaluated(draft) else None

    def finish(self, summary: str, seen: int) -> bool:
        """The host closes the game as its score pad showed it (version `seen`, result
        `summary`): into every participant's history. False when it was refused (said)."""
        if self.game is None:
            return False
        outcome = self.tables.finish(self.game.id, self.device, summary, seen)
        self._outcome(outcome)
        if isinstance(outcome, Refusal):
            return False
        self.history_version += 1
        self.say(S.SAVED)  # once, on this phone: the pad then says the game is finished
        return True

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

    async def choose_language(self, language: str) -> None:
        """The player's choice: every screen in it from now on, remembered by this browser.
        The engine's words come anew in it (its cache is by language)."""
        page = ft.context.page
        self.language = set_session_language(page, language)
        self.say("")  # a notice said in the other language: not shown in this one
        self.note = None  # nor a note at the foot (a walk read it on after the switch)
        page.title = S.APP_TITLE
        page.locale_configuration = flutter_locale(self.language)
        page.update()
        if self.prefs is not None:
            await self.prefs.set(LANGUAGE_KEY, self.language)

    def say(self, notice: str, undo_id: str = "", of_game: bool = False) -> None:
        """A notice, shown once; `of_game`: about the game shown only (`notice_of_game`)."""
        self.notice = notice
        self.undo_id = undo_id
        self.notice_of_game = of_game


def _connected(page: ft.Page) -> bool:
    """Whether the page's session has a connection to send to (not while its phone is away)."""
    try:
        return page.session.connection is not None
    except Exception:  # a page whose session is gone: nothing to send to
        return False


@dataclass(frozen=True, eq=False)
class ModelHolder:
    """The context's value. Not itself observable: reading it subscribes to nothing, so
    that each screen says what it watches."""

    model: AppModel


ModelContext: ft.ContextProvider[ModelHolder | None] = ft.create_context(None)


class _Listening(Protocol):
    def _changed(self, _sender: object, _field: str | None) -> None: ...


def _listen(model: AppModel, watcher: _Listening) -> tuple[Callable[[object, str | None], None],
                                                          Callable[[], None]]:
    """Subscribe `watcher._changed` to the model's changes: the listener (to hold: the model's
    set of listeners is weak) and how to unsubscribe. The listener holds the watcher weakly,
    so a watcher holding its listener is no reference cycle: when its part goes, reference
    counting frees it at once, not the cyclic collector at its next full pass."""
    ref = weakref.ref(watcher)

    def listener(sender: object, field: str | None) -> None:
        held = ref()
        if held is not None:
            held._changed(sender, field)
    return listener, model.subscribe(listener)


class _Watch(Generic[T]):
    """What one component shows of the model, and how to read it again: on each change of
    the model it is read anew, and the component renders again only if it differs."""

    def __init__(self, model: AppModel, select: Callable[[AppModel], T],
                 deps: tuple[Hashable, ...], redraw: Callable[[], None]) -> None:
        self.model = model
        self.select = select
        self.deps = deps
        self.value = select(model)
        self.version = model.__version__
        self.redraw = redraw
        self.listener, self.dispose = _listen(model, self)

    def _changed(self, _sender: object, _field: str | None) -> None:
        new = self.select(self.model)
        self.version = self.model.__version__
        if new != self.value:
            self.value = new
            self.redraw()

    def read(self, select: Callable[[AppModel], T], deps: tuple[Hashable, ...]) -> T:
        """The value for this render: the one read on the last change, unless the props it
        depends on (`deps`) changed since."""
        self.select = select
        if deps != self.deps or self.version != self.model.__version__:
            self.deps = deps
            self.value = select(self.model)
            self.version = self.model.__version__
        return self.value


def use_model_unwatched() -> AppModel:
    """The model, for what a component does (its handlers), not for what it shows."""
    holder = ft.use_context(ModelContext)
    if holder is None:
        raise RuntimeError("use_model() outside the app")
    return holder.model


def use_kept_state(key: str, initial: T) -> tuple[T, Callable[[Callable[[T], T]], None]]:
    """A part's state kept by the phone's session rather than by the part: a screen under
    another lets its body go (`ui.widgets.use_body_shown`), and what was typed there and not
    saved yet (a name) is there again when the screen comes back. `key` names the part and
    the game it edits. It is set by a function of the value as of now (every key handled
    so far), never of a render's value, which may be some keys behind."""
    model = use_model_unwatched()
    def kept() -> T:
        return cast(T, model._kept.get(key, initial))

    # Flet's use_state is typed for its own initial values: the kept one is a T
    value, set_value = cast("tuple[T, Callable[[T], None]]", ft.use_state(cast(Any, kept)))

    def keep(change: Callable[[T], T]) -> None:
        new = change(kept())
        if new == initial:
            model._kept.pop(key, None)
        else:
            model._kept[key] = new
        set_value(new)

    return value, keep


def use_watch(select: Callable[[AppModel], T], deps: tuple[Hashable, ...] = ()) -> T:
    """What this component shows of the model: `select` reads it (a pure function of the
    model and of `deps`, the props it depends on). The component renders again when a
    change of the model changes that value, and only then. A part its watch renders again
    after its parent let it go (Flet 1.0.5 renders it alone, where no app model is above it:
    a table's line while the screen's body was made anew, a server stopping) reads the
    model its watch was made with, rather than failing as a part outside the app (issue
    31: "_SeatTile: use_model() outside the app")."""
    holder = ft.use_context(ModelContext)
    _, set_tick = ft.use_state(0)
    nothing: _Watch[T] | None = None
    kept = ft.use_ref(nothing)
    watch = kept.current
    if watch is None:
        if holder is None:
            raise RuntimeError("use_model() outside the app")
        watch = _Watch(holder.model, select, deps, lambda: set_tick(lambda n: n + 1))
        kept.current = watch
    dispose = watch.dispose
    ft.use_effect(lambda: None, [], cleanup=dispose)  # unmounted: watch nothing more
    return watch.read(select, deps)


class SharedWatch(Generic[T]):
    """One selection of the model shown by a few parts, each about some entries of it (the
    colour groups of a city's card chips, each about its cards): read once per change of
    the model, and only the parts about what changed render again, instead of every part
    reading the model on every change."""

    def __init__(self, model: AppModel, select: Callable[[AppModel], T],
                 touched: Callable[[T, T], Collection[Hashable]]) -> None:
        self.model = model
        self.select = select
        self.touched = touched
        """What a change of the selection is about (the parts' topics: card names)."""
        self.value = select(model)
        self.parts: dict[int, _Part] = {}
        """The parts following this selection, by id (each says its topics)."""
        self.listener, self.dispose = _listen(model, self)

    def _changed(self, _sender: object, _field: str | None) -> None:
        new = self.select(self.model)
        old = self.value
        if new == old:
            return
        self.value = new
        about = set(self.touched(old, new))
        for part in list(self.parts.values()):
            if not about.isdisjoint(part.topics):
                part()


def use_shared_watch(select: Callable[[AppModel], T],
                     touched: Callable[[T, T], Collection[Hashable]],
                     deps: tuple[Hashable, ...]) -> SharedWatch[T]:
    """The selection a component's parts show entries of (`use_part`), read again when the
    props it depends on (`deps`) change. Give it to the parts as a prop."""
    model = use_model_unwatched()
    nothing: tuple[tuple[Hashable, ...], SharedWatch[T]] | None = None
    kept = ft.use_ref(nothing)
    if kept.current is None or kept.current[0] != deps:
        if kept.current is not None:
            kept.current[1].dispose()
        kept.current = (deps, SharedWatch(model, select, touched))
    shared = kept.current[1]

    def stop() -> None:
        if kept.current is not None:
            kept.current[1].dispose()

    ft.use_effect(lambda: None, [], cleanup=stop)
    return shared


def _next(n: int) -> int:
    return n + 1


def _nothing() -> None:
    return None


class _Part:
    """A part's place in a shared selection: it renders again (`__call__`) when a change
    touches one of its topics. One small object per part, not three closures. It holds its
    selection weakly: the selection holds it (`SharedWatch.parts`), and a part that never
    left (its session let go, its cleanup never run) was a reference cycle holding the
    model, its store view and the part's component until a sweep of every object."""

    __slots__ = ("_shared", "set_tick", "topics")

    def __init__(self, set_tick: Callable[[Callable[[int], int]], None]) -> None:
        self.set_tick = set_tick
        self._shared: weakref.ref[SharedWatch[object]] | None = None
        self.topics: frozenset[Hashable] = frozenset()

    @property
    def shared(self) -> SharedWatch[object] | None:
        return None if self._shared is None else self._shared()

    def __call__(self) -> None:
        self.set_tick(_next)

    def join(self, shared: SharedWatch[object], topics: tuple[Hashable, ...]) -> None:
        if self.shared is not shared:
            self.leave()
            self._shared = weakref.ref(shared)
        if len(topics) != len(self.topics) or not self.topics.issuperset(topics):
            self.topics = frozenset(topics)
        shared.parts[id(self)] = self

    def leave(self) -> None:
        shared = self.shared
        if shared is not None:
            shared.parts.pop(id(self), None)


def use_part(shared: SharedWatch[T], *topics: Hashable) -> T:
    """The shared selection, for a component about `topics` of it (the cards of a colour
    group): it renders again when a change touches one of them, and not for the others'."""
    _, set_tick = ft.use_state(0)
    kept: ft.MutableRef[_Part] = ft.use_ref(lambda: _Part(set_tick))
    part = kept.current  # made on the first render
    part.join(cast(SharedWatch[object], shared), topics)
    ft.use_effect(_nothing, [], cleanup=part.leave)
    return shared.value


def _version(model: AppModel) -> int:
    return model.__version__


def use_model() -> AppModel:
    """The model, for a screen that shows much of it and is rarely under another: it renders
    again on every change."""
    use_watch(_version)
    return use_model_unwatched()
