"""One game, every phone: the games in progress of this server, shared by the devices that
took part, and how a change reaches all of them.

`Tables` is one per server process. A change is a typed edit (`ui.entry.edits`) sent by a device
and committed (`Tables.commit`, the one way an edit changes a game): it is applied to the
saved game under one lock (so two devices editing the same field are
saved one after the other, and the second, made over a value no longer saved, is refused as
stale: `ui.entry.edits`), saved with the edit, and handed back as a
`Change` holding the game exactly as saved. The session that made it shows that draft and
publishes the `Change` on the game's pub/sub topic (Flet's `PubSubHub`, one per server), so
every other session of the game shows the same saved draft at once, with a short note of who
changed what. A device that is not a member of the game changes nothing.

Many processes: every save is compare-and-set on the game's version (`Store.save_live`).
A process that saved from an older copy (another process changed the game meanwhile) reads
the game again and applies the edit again to the newest game (`ui.entry.edits.apply` refuses it
when the value it replaces has changed: then the phone is told and shown the saved game).
On PostgreSQL each process listens for the others' changes (`Tables.listen`): it re-reads
the game and publishes it on its own hub, so every phone of the game hears it. The failed
joins are counted in the database, so the limit holds across processes.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ui.entry.draft import Draft
from ui.entry.edits import (
    Edit,
    Hold,
    Refusal,
    RenamePlayer,
    ReturnPlayer,
    Revert,
    SetBuilt,
    SetCopies,
    SetCubes,
    SetEntry,
    SetSeat,
    SetShields,
    apply,
    describe,
    followed,
    inverse,
    name_problem,
    read_logged,
    renames_in,
    to_json,
)
from ui.store.codes import HISTORY_CODE_LENGTH, JOIN_LETTERS, LEGACY_CODE_LENGTH
from ui.store.store import (
    CodesHeld,
    LiveRecord,
    LoggedChange,
    OpenHere,
    Store,
)
from ui.text import strings as S
from ui.text.strings import HostRefusalCode, JoinRefusalCode
from ui.web import collector, host_limit, join_limit

FAILED_JOINS = join_limit.FAILED_JOINS
"""Failed joins allowed per client address within a minute; then every join from that
address is refused until the minute has passed (codes cannot be found by trying; the
server-wide cap and who is counted with whom: `ui.web.join_limit`)."""


_TABLES: weakref.WeakKeyDictionary[object, Tables] = weakref.WeakKeyDictionary()
_TABLES_LOCK = threading.Lock()


def tables_for(store: Store) -> Tables:
    """The one `Tables` of a saved-games file (every session of the server shares it)."""
    with _TABLES_LOCK:
        found = _TABLES.get(store.file)
        if found is None:
            found = _TABLES[store.file] = Tables(store.for_owner(""))
            found.listen()
        return found


def _to_renamed_seat(edit: Edit, before: LiveRecord, after: LiveRecord | None) -> Edit:
    """A correction's first edit, made to the names the phone showed, taken to the name
    its seat has now that the history's renames reached the game (`_names_from_history`):
    a review's host, Bob renamed Robert in History, had the first change to Bob's coins
    refused as "seats moved" and typed it again."""
    if after is None or not isinstance(
            edit, SetSeat | SetBuilt | SetEntry | Hold | SetCopies | SetCubes | SetShields) or not (
            0 <= edit.seat < min(len(before.draft.seats), len(after.draft.seats))):
        return edit
    now = after.draft.seats[edit.seat].name
    if before.draft.seats[edit.seat].name != edit.player or now == edit.player:
        return edit
    return replace(edit, player=now)


def topic(game_id: str) -> str:
    """The pub/sub topic of one game: two games never share one."""
    return f"wonders.game.{game_id}"


def clean_code(text: str) -> str:
    """A join code as typed or scanned: capitals, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


@dataclass(frozen=True)
class Change:
    """What every device of a game is told after a change: the game as saved."""

    game: LiveRecord
    edit: Edit | None
    device: str
    """The device that made it."""
    before: LiveRecord
    """The game just before the change (who held which seat, the players' names)."""
    kind: str = ""
    """What to tell the other devices: "edit", "claimed", "freed", "finished"; "" nothing;
    "replayed": Play again started the game whose join code `player` is from this one
    (`game`, the finished game)."""
    player: str = ""
    """The player whose seat was claimed or freed."""
    undo: Revert | None = None
    """The change that takes this one back (an edit's), for the phone that made it."""

    @property
    def text(self) -> str:
        """The change in words, in the reader's language, with where it was made ("Bob's
        coins changed to 7 on Cid's phone"); "" for a change nobody needs to be told about.
        Made where it is shown, so that each phone reads it in its own language."""
        if self.kind == "edit" and self.edit is not None:
            return S.changed_on(describe(self.edit, self.before.draft),
                                _device_name(self.before, self.device))
        if self.kind == "claimed":
            return S.seat_claimed(self.player)
        if self.kind == "freed":
            return S.seat_freed(self.player)
        if self.kind == "finished":
            return S.GAME_FINISHED
        return ""


@dataclass(frozen=True)
class JoinRefused:
    """A join refused, as data: the screen says it in the reader's words
    (`ui.text.strings.join_refused`); code acts on `reason`, never on the words."""

    reason: JoinRefusalCode
    wait_s: int = 0
    """How long to wait before trying again (the too-many-tries reasons)."""


@dataclass(frozen=True)
class HostRefused:
    """A new game refused, as data (`ui.text.strings.host_refused` words it)."""

    reason: HostRefusalCode
    wait_s: int = 0
    """How long before this device may open a game again (the too-many reasons)."""


class Tables:
    """The games in progress of this server (kept in memory, saved in the store)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.RLock()
        self._games: dict[str, LiveRecord] = {}
        self._hub: Any = None
        """A pub/sub client of this process's hub (any session's), to publish the changes
        other processes made."""
        self._stop_listening: Callable[[], None] | None = None
        self._hosted = host_limit.HostLimits()
        """The games opened within the hour, by device and by address."""
        self._failed: join_limit.JoinLimits = (
            join_limit.SharedJoinLimits(self._failed_joins) if store.shared
            else join_limit.JoinLimits())
        """Wrong join codes: in this process, or on PostgreSQL in the database (the limits
        then hold across processes)."""
        collector.let_go_when_quiet(self.forget_games)

    def forget_games(self) -> None:
        """The games kept in memory let go, each read from the store again when next used
        (`_get`): at a long quiet (`ui.web.collector`). Not with a shared store: there a
        game kept here is how a note from another process finds the phones here that show
        it (`heard`)."""
        if self.store.shared or not self._lock.acquire(blocking=False):
            return  # a change under way (the collector's round runs on the event loop:
            # never waits on it); the next quiet lets go
        try:
            self._games.clear()
        finally:
            self._lock.release()

    def _get(self, game_id: str) -> LiveRecord | None:
        rec = self._games.get(game_id)
        if rec is None:
            rec = self.store.live(game_id)
            if rec is not None:
                self._games[game_id] = rec
        return rec

    def host(self, draft: Draft, device: str, address: str = "") -> LiveRecord:
        """A new game on this server, hosted by `device` (from client `address`), whatever
        the hourly bounds of `open_new` (which a phone's session goes through); `CodesHeld`
        when the server holds every code it takes, `OpenHere` when the address holds every
        open code it may (`Store.host_game`)."""
        with self._lock:
            rec = self.store.host_game(draft, device, address)
            self._games[rec.id] = rec
            return rec

    def open_new(self, draft: Draft, device: str, address: str) -> LiveRecord | HostRefused:
        """A new game on this server, hosted by `device` (from client `address`); or why
        not: the device or its address opened too many games within the hour, the address
        holds too many open codes, or the server holds all the codes it takes
        (`ui.web.host_limit`). Never waits for a code."""
        now = time.time()
        with self._lock:
            wait, reason = self._hosted.wait_s(now, device, address)
            if reason is not None:
                return HostRefused(reason, int(wait) + 1)
            try:
                rec = self.host(draft, device, address)
            except CodesHeld:
                return HostRefused("server-full")
            except OpenHere as held:
                return HostRefused("too-many-open-here", int(held.wait_s) + 1)
            self._hosted.opened(now, device, address)
            return rec

    def open_finished(self, draft: Draft, device: str, address: str = "",
                      publish: Callable[[Change], None] | None = None
                      ) -> LiveRecord | HostRefused:
        """A game of this device's history, as the server keeps it: opening it never
        changes its host or code, nor its version but to take a rename its history made
        since (`_as_in_history`, told with `publish`). A member who is not the host sees it
        read-only: only the host corrects a finished game. A game with no record yet, of which the
        device is a member (its imported copy), is hosted by it, once. A game it is no
        member of (from before participants were recorded: every device's history) is
        opened as a copy of its own under a new id: opening never makes a device a member
        of a game, nor changes what another device sees. A finished game holds no join
        code (`Store.host_game`): opening one is refused by no bound on open codes; only a
        copy (a new game each time) counts against the hourly bounds."""
        if draft.finished is None:  # not a game of the history: a new game like any
            return self.open_new(draft, device, address)
        with self._lock:
            rec = self._get(draft.id)
            if rec is not None:
                return self._as_in_history(rec, draft, device, publish)
            if self.store.is_member(draft.id, device):
                return self.host(draft, device, address)
            now = time.time()
            wait, reason = self._hosted.wait_s(now, device, address)
            if reason is not None:
                return HostRefused(reason, int(wait) + 1)
            rec = self.host(replace(draft, id=uuid.uuid4().hex), device, address)
            self._hosted.opened(now, device, address)
            return rec

    def _as_in_history(self, rec: LiveRecord, draft: Draft, device: str,
                       publish: Callable[[Change], None] | None) -> LiveRecord:
        """A finished game's record with its players as its history names them now (`draft`,
        the history's): a player renamed on their page since is renamed in the record when
        the game is opened again (else the table showed the old name, and a correction's
        Finish put it back in the history). Only the names change (`Draft.renamed`, which
        follows a name wherever the draft has it: Duel's pawn); told to every phone on the
        game (`publish`); logs nothing: the rename was said where it was made. A record
        that is not finished, or whose seats changed otherwise, is as it is (only a
        member's opening saves, `_save`)."""
        names = [s.name for s in draft.seats]
        had = [s.name for s in rec.draft.seats]
        if not rec.closed or had == names or len(had) != len(names):
            return rec
        renames = dict(zip(had, names, strict=True))

        def change(now: LiveRecord) -> LiveRecord | Refusal:
            if not now.closed or [s.name for s in now.draft.seats] != had:
                return Refusal("changed", S.NOT_SAVED_BUSY)  # changed meanwhile: as it is
            named = now.draft
            marks = [f"\x00{k}" for k in range(len(had))]  # through marks: a swap of names
            for old, mark in zip(had, marks, strict=True):
                named = named.renamed(old, mark)
            for mark, new in zip(marks, names, strict=True):
                named = named.renamed(mark, new)
            claims = {renames.get(n, n): d for n, d in now.claims.items()}
            return replace(now, draft=named, claims=claims, version=now.version + 1,
                           touched=time.time())
        out = self._save(rec.id, device, change)
        if not isinstance(out, Change):
            return rec
        if publish is not None:
            publish(out)
        return out.game

    def current(self, device: str) -> LiveRecord | None:
        """The device's game in progress (the one of its games changed last)."""
        with self._lock:
            rec = self.store.for_owner(device).current_game()
            return None if rec is None else self._get(rec.id)

    def open(self, game_id: str, device: str) -> LiveRecord | None:
        """A game of this device (None for a game it did not take part in)."""
        with self._lock:
            if not self.store.is_member(game_id, device):
                return None
            return self._get(game_id)

    def join(self, code: str, device: str, address: str) -> LiveRecord | JoinRefused:
        """The game of a join code, now also this device's; or why not. A game the
        device took part in is its own (a reload, a shared link: never refused, never
        counted). Failed joins are counted per client address (per device for a device known
        here) and in a server-wide pool by standing (stranger, new, settled), and too many
        refuse joins for a while (`ui.web.join_limit`; on PostgreSQL counted in the database,
        by every process)."""
        now = time.time()
        code = clean_code(code)
        well_formed = self._well_formed(code)
        with self._lock:
            # a member's way back works with a code drawn before codes were 7 letters too
            # (such a short code lets nobody else in: 4 letters are swept in a minute), and
            # with the address of a finished game opened from History (no join code)
            mine = (self.store.members_game(code, device)
                    if well_formed or _legacy_code(code) or _history_code(code) else None)
            if mine is not None:
                return self._get(mine.id) or mine
            who = join_limit.standing(self.store.known_since(device), now)
            wait = self._failed.wait_s(now, address, device, who)
            if wait > 0:
                return JoinRefused("too-many-tries", int(wait) + 1)
            found = self.store.live_by_code(code) if well_formed else None
            rec = None if found is None else self._get(found.id)
            if rec is None or not rec.joinable(now):
                self._failed.failed(now, address, device, who)
                last = self.store.last_by_code(code, now) if well_formed else None
                return JoinRefused("finished" if last is not None and last.closed
                                   else "no-such-code")
            self.store.add_member(rec.id, device)
            return rec

    def _well_formed(self, code: str) -> bool:
        return len(code) == self.store.code_length and all(ch in JOIN_LETTERS for ch in code)

    def _failed_joins(self, key: str, now: float, add: bool) -> list[float]:
        return self.store.failed_joins(key, now, join_limit.WINDOW_S, fail=add)

    def _save(self, game_id: str, device: str,
              change: Callable[[LiveRecord], LiveRecord | Refusal],
              edit: Edit | None = None, kind: str = "", player: str = "",
              undoable: bool = True) -> Change | Refusal:
        """Make a change to the newest saved game: `change` gives the game after it (or a
        refusal); saved compare-and-set on the version. When another process saved first,
        the change is made again to the newest game, read and saved with its row locked
        (`change` refuses what no longer applies). An edit is logged with its undo and the
        seat the device held, both of the game it was made to (the first read or the
        fresh one; none when not `undoable`). Only a member of the game changes it: checked
        by the save itself (one transaction per change), and on every way that saves
        nothing."""
        rec = self._get(game_id)
        if rec is None:
            return _not_in_game()
        saved = change(rec)
        if isinstance(saved, Refusal) and self.store.shared:
            # this process's copy may be older than the database's (a note not heard yet, a
            # process not listening): what it refuses is judged again on the newest game
            fresh = self.store.live(game_id)
            if fresh is not None and fresh.version > rec.version:
                self._games[game_id] = rec = fresh
                saved = change(rec)
        if isinstance(saved, Refusal):
            return saved if self.store.is_member(game_id, device) else _not_in_game()
        logged = to_json(edit) if edit else ""

        def log(before: LiveRecord, after: LiveRecord) -> tuple[str, str]:
            """The edit's undo (JSON) and the seat the device held, made to `before`."""
            if edit is None:
                return "", ""
            if not undoable:
                return "", _holding(before, device)
            return to_json(_undo(edit, before, after)), _holding(before, device)
        undo = _undo(edit, rec, saved) if edit and undoable else None
        if self.store.save_live(saved, device, logged, kind, player,
                                undo=to_json(undo) if undo is not None else "",
                                phone=_holding(rec, device) if edit else "", member=True):
            self._games[game_id] = saved
            return Change(saved, edit, device, rec, kind, player, undo=undo)
        if not self.store.is_member(game_id, device):
            return _not_in_game()
        # another process changed it meanwhile: the change made again to the newest game,
        # with the game locked (it cannot lose twice)
        before: list[LiveRecord] = []

        def again(fresh: LiveRecord) -> LiveRecord | Refusal:
            before[:] = [fresh]
            return change(fresh)
        out = self.store.change_live(game_id, again, device, logged, kind, player, log=log)
        if before:
            self._games[game_id] = before[0]
        if isinstance(out, LiveRecord):
            self._games[game_id] = out
            return Change(out, edit, device, before[0], kind, player,
                          undo=_undo(edit, before[0], out) if edit and undoable else None)
        return out if isinstance(out, Refusal) else Refusal("changed", S.NOT_SAVED_BUSY)

    def commit(self, game_id: str, device: str, edit: Edit,
               publish: Callable[[Change], None] | None = None) -> Change | Refusal:
        """The one way an edit changes a game in progress (a tap, an undo from the note or
        from the change list): checked against the table's bounds and the saved values
        (the kind's `refused`), applied (its `apply`), saved with its undo under the lock,
        compare-and-set on the game's version, then handed to `publish` (the session's
        pub/sub: every other phone of the game). A refusal is neither saved nor published.
        Only a member of the game changes it; a finished game, and one being corrected
        (finished once, open again), only its host."""
        def change(rec: LiveRecord) -> LiveRecord | Refusal:
            if rec.host != device and (rec.closed or corrected):
                return Refusal("host-corrects", S.HOST_CORRECTS)
            new = apply(rec.draft, edit)
            if isinstance(new, Refusal):
                return new
            now = time.time()
            return replace(rec, draft=new, claims=_claims_after(rec, edit, new),
                           version=rec.version + 1, touched=now, closed=False,
                           spent=_spent(rec, now))
        with self._lock:
            # finished once, open again: read before the change's transaction, and only
            # for a phone that is not the host (the host's taps read nothing more)
            known = self._get(game_id)
            corrected = (known is None or known.host != device) and \
                self.store.was_finished(game_id)
            if known is not None and known.closed and known.host == device:
                self._names_from_history(known, device, publish)
                edit = _to_renamed_seat(edit, known, self._get(game_id))
            out = self._save(game_id, device, change, edit, "edit")
        if publish is not None and isinstance(out, Change):
            publish(out)  # Flet's hub only queues it: no phone waits on another
        return out

    def _names_from_history(self, rec: LiveRecord, device: str,
                            publish: Callable[[Change], None] | None) -> None:
        """A correction begins on a finished game (its first change since Finish): its
        players first take the names its history gives them now (`_as_in_history`), so a
        rename made on a player's page since is not put back by the correction's Finish (a
        walk's host saw "Khoa Lê" go back to "Khoa", the game still open on the phone)."""
        saved = self.store.for_owner(device).saved_game(rec.id)  # as the host's history has it
        if saved is not None:
            self._as_in_history(rec, saved[1], device, publish)

    def rename_in_game(self, game_id: str, device: str, old: str, new: str,
                       publish: Callable[[Change], None] | None = None
                       ) -> Change | Refusal | None:
        """A player renamed in this device's history (`Store.rename_player`, which renamed
        the finished game's saved table): the game's record on the server, when it keeps
        one, renamed too, as a logged rename that leaves the game finished (or in
        correction) as it was; None when there is no record or no such player. Before, the
        record kept the old name: the game opened again from History showed it, and the
        Finish of a correction put it back in the history. Only the host renames (as only
        the host's history renames a game: `history_db.CORRECTS`)."""
        with self._lock:
            rec = self._get(game_id)
            at = None if rec is None else next(
                (i for i, s in enumerate(rec.draft.seats) if s.name == old), None)
            if at is None:
                return None
            edit = RenamePlayer(at, old, new)

            def change(now: LiveRecord) -> LiveRecord | Refusal:
                if now.host != device:
                    return Refusal("host-corrects", S.HOST_CORRECTS)
                # the kind's own meaning, not `apply`: the game stays finished (a history's
                # rename is no correction to finish again)
                made = edit.refused(now.draft) or edit.apply(now.draft)
                if isinstance(made, Refusal):
                    return made
                return replace(now, draft=made, claims=_claims_after(now, edit, made),
                               version=now.version + 1, touched=time.time())
            # no undo: the history's rename is taken back by another rename, on the
            # player's page (an undo from the change list made the game a correction)
            out = self._save(game_id, device, change, edit, "edit", undoable=False)
        if publish is not None and isinstance(out, Change):
            publish(out)
        return out

    def changes(self, game_id: str, device: str) -> list[LoggedChange]:
        """The game's change list, newest first (nothing for a device not in the game)."""
        with self._lock:
            if not self.store.is_member(game_id, device):
                return []
            return self.store.changes(game_id)

    def revert(self, game_id: str, device: str, version: int,
               publish: Callable[[Change], None] | None = None) -> Change | Refusal:
        """Take back the change of the game's log that made `version`: its undo, committed
        as a new change (refused like any, e.g. when its player left meanwhile)."""
        with self._lock:
            if not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            logged = self.store.change(game_id, version)
            if logged is None or not logged.undo:
                return Refusal("bad-value", S.NOT_UNDOABLE)
            undo = read_logged(logged.undo)  # None: logged by another version, unreadable
            if not isinstance(undo, Revert) or not undo.steps:
                return Refusal("bad-value", S.NOT_UNDOABLE)
            rec = self._get(game_id)
            if rec is not None:  # its player as now called, where now seated
                renames = [pair for later in self.store.changes_since(game_id, version)
                           if (edit := read_logged(later.edit)) is not None
                           for pair in renames_in(edit)]
                undo = followed(undo, renames, rec.draft)
            return self.commit(game_id, device, undo, publish)  # read and saved in one lock

    def claim(self, game_id: str, device: str, player: str) -> Change | Refusal:
        """The device holds this player's seat (and no other); "" gives its seat back."""
        def change(rec: LiveRecord) -> LiveRecord | Refusal:
            holder = rec.claims.get(player)
            if player and player not in [s.name for s in rec.draft.seats]:
                return Refusal("seats-moved", S.seats_moved(player))
            if player and not all(s.claimable for s in rec.draft.seats if s.name == player):
                return Refusal("bad-value", S.FREE_CITY_NO_PHONE)
            if holder not in (None, device):
                return Refusal("seat-taken", S.seat_taken(player))
            claims = {n: d for n, d in rec.claims.items() if d != device}
            if player:
                claims[player] = device
            now = time.time()
            return replace(rec, claims=claims, version=rec.version + 1, touched=now,
                           spent=_spent(rec, now))
        with self._lock:
            return self._save(game_id, device, change, None, "claimed" if player else "",
                              player)

    def free(self, game_id: str, device: str, player: str) -> Change | Refusal:
        """The host frees a seat another phone holds (that phone broke, or its browser
        forgot it): the player takes it again on another phone."""
        def change(rec: LiveRecord) -> LiveRecord | Refusal:
            if rec.host != device:
                return Refusal("host-frees", S.HOST_FREES)
            claims = {n: d for n, d in rec.claims.items() if n != player}
            return replace(rec, claims=claims, version=rec.version + 1, touched=time.time())
        with self._lock:
            return self._save(game_id, device, change, None, "freed", player)

    def finish(self, game_id: str, device: str, summary: str, seen: int) -> Change | Refusal:
        """The host closes the game: it goes into the history of every device that took
        part, and its join code admits nobody any more. `seen` is the version the host's
        score pad showed (`summary` says its result): a game changed on another phone
        meanwhile is not finished with a summary that no longer fits it."""
        def change(rec: LiveRecord) -> LiveRecord | Refusal:
            if rec.host != device:
                return Refusal("host-finishes", S.HOST_FINISHES)
            if rec.version != seen:
                return Refusal("changed", S.CHANGED_BEFORE_FINISH)
            # a corrected game keeps the time its play ended (and so its length)
            done = replace(rec.draft, finished=rec.draft.played or time.time())
            return replace(rec, draft=done, version=rec.version + 1, touched=time.time(),
                           closed=True, spent=True)
        with self._lock:
            out = self._save(game_id, device, change, None, "finished")
            if isinstance(out, Change):
                self.store.save_game(out.game.draft, summary, self.store.members(game_id))
            return out

    # other processes' changes (PostgreSQL)
    def listen(self) -> None:
        """Hear the changes other processes save (nothing to hear with a SQLite file)."""
        if self._stop_listening is None:
            self._stop_listening = self.store.listen(self.heard)

    def stop_listening(self) -> None:
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None

    def publish_with(self, hub: Any) -> None:
        """Publish other processes' changes through this pub/sub client (a session's
        `page.pubsub`: every client reaches the whole hub of this process)."""
        self._hub = hub

    def heard(self, payload: str | None) -> None:
        """A change another process saved (`Store.save_live`'s note): the game read again,
        kept, and published on this process's hub for the phones of the game here.
        None: notes may have been missed; every game is read again when next used."""
        if payload is None:
            with self._lock:
                self._games.clear()
            return
        note = json.loads(payload)
        if note.get("from") == self.store.origin:
            return  # this process's own change: its sessions were told already
        game_id = str(note["game"])
        with self._lock:
            before = self._games.get(game_id)
            if before is None:
                return  # no phone here shows it: read when opened
            fresh = self.store.live(game_id)
            if fresh is None or fresh.version <= before.version:
                return
            self._games[game_id] = fresh
        edit = None
        kind = str(note.get("kind") or "")
        if kind == "edit" and fresh.version == int(note["version"]):
            logged = self.store.edit_at(game_id, fresh.version)
            edit = read_logged(logged[1]) if logged else None
            kind = kind if edit is not None else ""
        elif fresh.version != int(note["version"]):
            kind = ""  # newer still: the note of that version will say what it was
        change = Change(fresh, edit, str(note.get("device") or ""), before, kind,
                        str(note.get("player") or ""))
        hub = self._hub
        if hub is not None:
            hub.send_all_on_topic(topic(game_id), change)

    @staticmethod
    def name_refused(draft: Draft, seat: int, name: str) -> str:
        """The engine's word against a player name at a seat, "" when it takes it."""
        problem = name_problem(draft, seat, name.strip())
        return "" if problem is None else problem.message


def _legacy_code(code: str) -> bool:
    """A join code as drawn before they were 7 letters (4 letters): a member's way back."""
    return len(code) == LEGACY_CODE_LENGTH and all(ch in JOIN_LETTERS for ch in code)


def _history_code(code: str) -> bool:
    """The address of a finished game opened from History (`HISTORY_CODE_LENGTH` letters):
    a member's way back, never a join code."""
    return len(code) == HISTORY_CODE_LENGTH and all(ch in JOIN_LETTERS for ch in code)


def _not_in_game() -> Refusal:
    return Refusal("not-in-game", S.NOT_IN_GAME)  # worded now: in the session's language


def _spent(rec: LiveRecord, now: float) -> bool:
    """A code that stopped admitting (finished, or a day idle) stays spent after a change:
    a correction to a finished game, or a move a week later, opens no door."""
    return rec.spent or not rec.joinable(now)




def _device_name(rec: LiveRecord, device: str) -> str:
    """A device in words: the player whose seat it holds, or the host."""
    for name, holder in rec.claims.items():
        if holder == device:
            return S.phone_of(name)
    return S.HOST_PHONE if device == rec.host else S.A_PHONE


def _undo(edit: Edit, before: LiveRecord, after: LiveRecord) -> Revert:
    """The change that takes `edit` back, made to `before` and saved as `after`: it
    reverts `after`'s version (an undo's redo reverts what the undo reverted)."""
    undo = replace(inverse(edit, before.draft, after.draft), version=after.version)
    # a removed player's seat goes back to the phone that held it
    undo = replace(undo, steps=tuple(
        replace(step, holder=before.claims.get(step.city.name, ""))
        if isinstance(step, ReturnPlayer) else step for step in undo.steps))
    return replace(undo, version=edit.version) if isinstance(edit, Revert) else undo


def _holding(rec: LiveRecord, device: str) -> str:
    """The player whose seat the device holds ("" none)."""
    return next((name for name, holder in rec.claims.items() if holder == device), "")


def _claims_after(rec: LiveRecord, edit: Edit, new: Draft) -> dict[str, str]:
    """Claimed seats follow a renamed player and go with a removed one; an undo of the
    removal (only an undo: from the server's log) gives the seat back to the phone that
    held it, unless that phone holds another seat now or the seat is taken."""
    names = {s.name for s in new.seats}
    claims = dict(rec.claims)
    for old, renamed in renames_in(edit):
        if old in claims:
            claims[renamed] = claims.pop(old)
    for step in edit.steps if isinstance(edit, Revert) else ():  # an undo, from the log
        if (isinstance(step, ReturnPlayer) and step.holder
                and step.city.name not in claims and step.holder not in claims.values()):
            claims[step.city.name] = step.holder
    return {n: d for n, d in claims.items() if n in names}

