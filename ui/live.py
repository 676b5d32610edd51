"""One game, every phone: the games in progress of this server, shared by the devices that
took part, and how a change reaches all of them.

`Tables` is one per server process. A change is a typed edit (`ui.edits`) sent by a device:
it is applied to the saved game under one lock (so two devices editing the same field are
saved one after the other: the last write wins), saved with the edit, and handed back as a
`Change` holding the game exactly as saved. The session that made it shows that draft and
publishes the `Change` on the game's pub/sub topic (Flet's `PubSubHub`, one per server), so
every other session of the game shows the same saved draft at once, with a short note of who
changed what. A device that is not a member of the game changes nothing.
"""

from __future__ import annotations

import threading
import time
import weakref
from dataclasses import dataclass, replace

from scorer.facts import ruleset
from ui import join_limit
from ui import strings as S
from ui.draft import Draft
from ui.edits import (
    Edit,
    Refusal,
    RenamePlayer,
    Revert,
    apply,
    describe,
    from_json,
    inverse,
    name_problem,
    to_json,
)
from ui.store import CODE_LENGTH, JOIN_LETTERS, LiveRecord, LoggedChange, Store

FAILED_JOINS = join_limit.FAILED_JOINS
"""Failed joins allowed per client address within a minute; then every join from that
address is refused until the minute has passed (codes cannot be found by trying; the
server-wide cap and who is counted with whom: `ui.join_limit`)."""


_TABLES: weakref.WeakKeyDictionary[object, Tables] = weakref.WeakKeyDictionary()
_TABLES_LOCK = threading.Lock()


def tables_for(store: Store) -> Tables:
    """The one `Tables` of a saved-games file (every session of the server shares it)."""
    with _TABLES_LOCK:
        found = _TABLES.get(store.file)
        if found is None:
            found = _TABLES[store.file] = Tables(store.for_owner(""))
        return found


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
    """What to tell the other devices: "edit", "claimed", "freed", "finished"; "" nothing."""
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


class Tables:
    """The games in progress of this server (kept in memory, saved in the store)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.RLock()
        self._games: dict[str, LiveRecord] = {}
        self._failed = join_limit.JoinLimits()

    def _get(self, game_id: str) -> LiveRecord | None:
        rec = self._games.get(game_id)
        if rec is None:
            rec = self.store.live(game_id)
            if rec is not None:
                self._games[game_id] = rec
        return rec

    def host(self, draft: Draft, device: str) -> LiveRecord:
        """A new game on this server, hosted by `device`."""
        with self._lock:
            rec = self.store.host_game(draft, device)
            self._games[rec.id] = rec
            return rec

    def open_finished(self, draft: Draft, device: str) -> LiveRecord:
        """A game of this device's history, as the server keeps it: opening it never
        changes its host, code or version (a member who is not the host sees it read-only:
        only the host corrects a finished game). A game from before games were shared (no
        record) is hosted by the device that opens it, once."""
        with self._lock:
            rec = self._get(draft.id)
            if rec is not None:
                return rec
            return self.host(draft, device)

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

    def join(self, code: str, device: str, address: str) -> LiveRecord | str:
        """The game of a join code, now also this device's; or why not, in words. A game the
        device took part in is its own (a reload, a shared link: never refused, never
        counted). Failed joins are counted per client address (per device for a device known
        here), and too many refuse joins for a while (`ui.join_limit`)."""
        now = time.time()
        code = clean_code(code)
        with self._lock:
            mine = self.store.members_game(code, device) if _well_formed(code) else None
            if mine is not None:
                return self._get(mine.id) or mine
            known = self.store.is_known(device)
            wait, everyone = self._failed.wait_s(now, address, device, known)
            if wait > 0:
                return (S.too_many_tries_here if everyone else S.too_many_tries)(int(wait) + 1)
            found = self.store.live_by_code(code) if _well_formed(code) else None
            rec = None if found is None else self._get(found.id)
            if rec is None or not rec.joinable(now):
                self._failed.failed(now, address, device, known)
                return S.NO_SUCH_CODE
            self.store.add_member(rec.id, device)
            return rec

    def submit(self, game_id: str, device: str, edit: Edit) -> Change | Refusal:
        """Apply a device's edit to the saved game, save both, and say what changed."""
        with self._lock:
            rec = self._get(game_id)
            if rec is None or not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            if rec.closed and rec.host != device:
                return Refusal("host-corrects", S.HOST_CORRECTS)
            new = apply(rec.draft, edit)
            if isinstance(new, Refusal):
                return new
            claims = _claims_after(rec, edit, new)
            now = time.time()
            saved = replace(rec, draft=new, claims=claims, version=rec.version + 1,
                            touched=now, closed=False, spent=_spent(rec, now))
            undo = replace(inverse(edit, rec.draft), version=saved.version)
            if isinstance(edit, Revert):
                undo = replace(undo, version=edit.version)
            self.store.save_live(saved, device, to_json(edit), to_json(undo),
                                 _holding(rec, device))
            self._games[game_id] = saved
            return Change(saved, edit, device, rec, "edit", undo=undo)

    def changes(self, game_id: str, device: str) -> list[LoggedChange]:
        """The game's change list, newest first (nothing for a device not in the game)."""
        with self._lock:
            if not self.store.is_member(game_id, device):
                return []
            return self.store.changes(game_id)

    def revert(self, game_id: str, device: str, version: int) -> Change | Refusal:
        """Take back the change of the game's log that made `version`: its undo, applied as
        a new change (refused like any, e.g. when its player left meanwhile)."""
        with self._lock:
            if not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            logged = self.store.change(game_id, version)
            if logged is None or not logged.undo:
                return Refusal("bad-value", S.NOT_UNDOABLE)
            undo = from_json(logged.undo)
            if not isinstance(undo, Revert) or not undo.steps:
                return Refusal("bad-value", S.NOT_UNDOABLE)
            return self.submit(game_id, device, undo)

    def claim(self, game_id: str, device: str, player: str) -> Change | Refusal:
        """The device holds this player's seat (and no other); "" gives its seat back."""
        with self._lock:
            rec = self._get(game_id)
            if rec is None or not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            holder = rec.claims.get(player)
            if player and player not in [s.name for s in rec.draft.seats]:
                return Refusal("seats-moved", S.seats_moved(player))
            if holder not in (None, device):
                return Refusal("seat-taken", S.seat_taken(player))
            claims = {n: d for n, d in rec.claims.items() if d != device}
            if player:
                claims[player] = device
            now = time.time()
            saved = replace(rec, claims=claims, version=rec.version + 1, touched=now,
                            spent=_spent(rec, now))
            self.store.save_live(saved)
            self._games[game_id] = saved
            return Change(saved, None, device, rec, "claimed" if player else "", player)

    def free(self, game_id: str, device: str, player: str) -> Change | Refusal:
        """The host frees a seat another phone holds (that phone broke, or its browser
        forgot it): the player takes it again on another phone."""
        with self._lock:
            rec = self._get(game_id)
            if rec is None or not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            if rec.host != device:
                return Refusal("host-frees", S.HOST_FREES)
            claims = {n: d for n, d in rec.claims.items() if n != player}
            saved = replace(rec, claims=claims, version=rec.version + 1, touched=time.time())
            self.store.save_live(saved)
            self._games[game_id] = saved
            return Change(saved, None, device, rec, "freed", player)

    def finish(self, game_id: str, device: str, summary: str, seen: int) -> Change | Refusal:
        """The host closes the game: it goes into the history of every device that took
        part, and its join code admits nobody any more. `seen` is the version the host's
        score pad showed (`summary` says its result): a game changed on another phone
        meanwhile is not finished with a summary that no longer fits it."""
        with self._lock:
            rec = self._get(game_id)
            if rec is None or not self.store.is_member(game_id, device):
                return Refusal("not-in-game", S.NOT_IN_GAME)
            if rec.host != device:
                return Refusal("host-finishes", S.HOST_FINISHES)
            if rec.version != seen:
                return Refusal("changed", S.CHANGED_BEFORE_FINISH)
            done = replace(rec.draft, finished=time.time())
            self.store.save_game(done, summary, self.store.members(game_id))
            saved = replace(rec, draft=done, version=rec.version + 1, touched=time.time(),
                            closed=True, spent=True)
            self.store.save_live(saved)
            self._games[game_id] = saved
            return Change(saved, None, device, rec, "finished")

    def seats_left(self, rec: LiveRecord) -> int:
        """How many more players the game takes (the ruleset's most players)."""
        rules = ruleset(rec.draft.game, rec.draft.expansions)
        return max(0, rules.constants.max_players - len(rec.draft.seats))

    @staticmethod
    def name_refused(draft: Draft, seat: int, name: str) -> str:
        """The engine's word against a player name at a seat, "" when it takes it."""
        problem = name_problem(draft, seat, name.strip())
        return "" if problem is None else problem.message


def _spent(rec: LiveRecord, now: float) -> bool:
    """A code that stopped admitting (finished, or a day idle) stays spent after a change:
    a correction to a finished game, or a move a week later, opens no door."""
    return rec.spent or not rec.joinable(now)


def _well_formed(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(ch in JOIN_LETTERS for ch in code)


def _device_name(rec: LiveRecord, device: str) -> str:
    """A device in words: the player whose seat it holds, or the host."""
    for name, holder in rec.claims.items():
        if holder == device:
            return S.phone_of(name)
    return S.HOST_PHONE if device == rec.host else S.A_PHONE


def _holding(rec: LiveRecord, device: str) -> str:
    """The player whose seat the device holds ("" none)."""
    return next((name for name, holder in rec.claims.items() if holder == device), "")


def _claims_after(rec: LiveRecord, edit: Edit, new: Draft) -> dict[str, str]:
    """Claimed seats follow a renamed player and go with a removed one."""
    names = {s.name for s in new.seats}
    claims = dict(rec.claims)
    for step in edit.steps if isinstance(edit, Revert) else (edit,):
        if isinstance(step, RenamePlayer) and step.player in claims:
            claims[step.name.strip()] = claims.pop(step.player)
    return {n: d for n, d in claims.items() if n in names}
