"""The history's part of the saved-games file: each finished game's play (start, place,
note) and its players' results, one indexed row per player, made when the game is saved, so
that the statistics of years of games never score a game again.

Schema (migration 7 of ui/store/schema.py, `add_schema`; idempotent, as files written
before the numbering may have it already):
- `games` gains `kind`, `expansions`, `started`, `place`, `note`, `fingerprint` (the game's
  table, paper totals and finish time, hashed: an import recognises a game it already has
  under another id) and `summarized` (its rows were made);
- `results`: one row per seat of each finished game (`scorer.stats.PlayerRow`), a column
  per scoring category (`c_military`, ...: NULL where the game has no such category).
Games saved before these existed are summarized by `upgrade` (scored once each).

Every function takes a transaction of the store (`ui.store.schema.Tx`, SQLite or
PostgreSQL: the same SQL); the store runs them under its lock, those that write in one
transaction."""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from scorer.games.checks import player_names
from scorer.history import Play
from scorer.paper import assess_mixed
from scorer.stats import CATEGORIES, PlayerRow, rows_of
from ui.entry.draft import Draft
from ui.entry.export import summary as summary_line
from ui.entry.games import from_table, read_draft, table_of
from ui.store.tx import Tx, columns

CATEGORY_COLUMNS = tuple(f"c_{c}" for c in CATEGORIES)
_ROW_COLUMNS = ("game", "kind", "expansions", "finished", "seat", "name", "wonders", "side",
                "total", "rank", "won", *CATEGORY_COLUMNS)
SEPARATOR = "\t"
"""Between the wonders of a row (a name never holds a control character)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    expansions TEXT NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    wonders TEXT NOT NULL,
    side TEXT NOT NULL,
    total INTEGER NOT NULL,
    rank INTEGER,
    won INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS results_name ON results (name, game);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished);
CREATE INDEX IF NOT EXISTS games_fingerprint ON games (fingerprint);
CREATE INDEX IF NOT EXISTS members_device ON members (device, game)
"""

GAME_COLUMNS = {
    "kind": "TEXT NOT NULL DEFAULT ''",
    "expansions": "TEXT NOT NULL DEFAULT ''",
    "started": "DOUBLE PRECISION",
    "place": "TEXT NOT NULL DEFAULT ''",
    "note": "TEXT NOT NULL DEFAULT ''",
    "fingerprint": "TEXT NOT NULL DEFAULT ''",
    "summarized": "INTEGER NOT NULL DEFAULT 0",
}

MINE = ("(id IN (SELECT game FROM members WHERE device = ? AND hidden = 0) OR "
        "(id NOT IN (SELECT game FROM members) AND "
        "id NOT IN (SELECT game FROM shared_hidden WHERE device = ?)))")
"""The finished games a device may see (as `Store.games`): its own, and those every device
shares (from before participants were recorded, or imported by the operator) unless it took
them out of its own history (`shared_hidden`). Takes the device twice."""

CORRECTS = ("(id IN (SELECT id FROM live WHERE host = ?) OR (id NOT IN (SELECT id FROM live) "
            "AND id IN (SELECT game FROM members WHERE device = ? AND hidden = 0)))")
"""The finished games a device may correct (names, place, note): those it hosted, and its
own copies of imported games (no game in progress behind them: the importer is their only
member). A member who is not the host reads them only, and a game from before
participants were recorded is read-only for every device (any device could otherwise
rewrite what every other one sees). Takes the device twice."""


def add_schema(db: Tx) -> None:
    """Add the history's columns, table and indexes where missing (a migration)."""
    have = columns(db, "games")
    for name, kind in GAME_COLUMNS.items():
        if name not in have:
            db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
    for statement in _SCHEMA.split(";"):
        db.execute(statement)
    have = columns(db, "results")
    for name in CATEGORY_COLUMNS:
        if name not in have:
            db.execute(f"ALTER TABLE results ADD COLUMN {name} INTEGER")


def tidy(db: Tx) -> None:
    """At each start: forget the rows of games purged, and summarize the games saved
    before (each scored once)."""
    db.execute("DELETE FROM results WHERE game NOT IN (SELECT id FROM games)")
    summarize_pending(db)


# --- a game's rows ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Summary:
    """What the history keeps of a finished game beside its draft."""

    rows: list[PlayerRow]
    fingerprint: str
    text: str
    """The history list's line: players by rank with their totals."""


def fingerprint(table: object, paper: object, finished: float) -> str:
    """A finished play's print: its table, paper totals and finish second. A paper seat's
    own `paper` and `diplomacy` (written since the table file carried them) are left out,
    `paper` holding the totals: a game finished before keeps its print, and is known again
    on an import."""
    if isinstance(table, dict) and isinstance(table.get("players"), list):
        table = {**table, "players": [
            {k: v for k, v in p.items() if k not in ("paper", "diplomacy")}
            if isinstance(p, dict) and "paper" in p else p for p in table["players"]]}
    text = json.dumps({"table": table, "paper": paper, "finished": round(finished)},
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def summarize(draft: Draft, finished: float) -> Summary | None:
    """The rows of a finished draft (None when its table has a problem: no result)."""
    table = table_of(draft)
    quick = draft.quick()
    found = assess_mixed(table, quick)
    if found.result is None:
        return None
    return Summary(rows_of(draft.id, finished, table, found.result),
                   fingerprint(table, quick, finished), summary_line(found.result))


def write(db: Tx, draft: Draft, finished: float, summary: Summary | None,
          ) -> None:
    """Store a game's rows and play columns (inside the caller's transaction)."""
    db.execute("DELETE FROM results WHERE game = ?", (draft.id,))
    if summary is not None:
        db.executemany(
            f"INSERT INTO results ({', '.join(_ROW_COLUMNS)}) VALUES "
            f"({', '.join('?' for _ in _ROW_COLUMNS)})",
            [_row_values(r) for r in summary.rows])
    db.execute("UPDATE games SET kind = ?, expansions = ?, started = ?, fingerprint = ?, "
               "summarized = 1 WHERE id = ?",
               (draft.game, ",".join(sorted(draft.expansions)), draft.created,
                "" if summary is None else summary.fingerprint, draft.id))


def _row_values(r: PlayerRow) -> tuple[object, ...]:
    return (r.game_id, r.game, ",".join(r.expansions), r.finished, r.seat, r.name,
            SEPARATOR.join(r.wonders), r.side, r.total, r.rank, int(r.won),
            *[r.categories.get(c) for c in CATEGORIES])


def summarize_pending(db: Tx) -> int:
    """Summarize the games saved before the history kept rows (or by an older version):
    each is scored once (inside the caller's transaction). Returns how many."""
    pending = db.execute("SELECT id, draft, finished FROM games WHERE summarized = 0"
                         ).fetchall()
    for gid, text, finished in pending:
        try:
            draft = replace(read_draft(text), id=gid)
            summary = summarize(draft, finished)
        except Exception:  # a damaged or unscorable row: kept, in no statistic
            db.execute("UPDATE games SET summarized = 1 WHERE id = ?", (gid,))
            continue
        write(db, draft, finished, summary)
    return len(pending)


# --- reading ---------------------------------------------------------------------------------

def all_rows(db: Tx) -> dict[str, list[PlayerRow]]:
    """Every game's rows (whoever sees it), by game, oldest game first: read in one query
    and made into rows in one loop (years of games: tens of thousands of rows). A text or
    list met again (a game's id, a name, a wonder, the expansions) is kept once."""
    out: dict[str, list[PlayerRow]] = {}
    categories = CATEGORIES
    shared: dict[object, object] = {}
    once = shared.setdefault
    found = db.execute(f"SELECT {', '.join(_ROW_COLUMNS)} FROM results "
                       "ORDER BY finished, game, seat")
    for (game, kind, expansions, finished, seat, name, wonders, side, total, rank, won,
         *cats) in found:
        row = PlayerRow(
            once(game, game), once(kind, kind),  # type: ignore[arg-type]
            once(("x", expansions), tuple(expansions.split(",")) if expansions else ()),  # type: ignore[arg-type]
            finished, seat, once(name, name),  # type: ignore[arg-type]
            once(("w", wonders), tuple(wonders.split(SEPARATOR)) if wonders else ()),  # type: ignore[arg-type]
            once(side, side), total, rank, bool(won),  # type: ignore[arg-type]
            {c: v for c, v in zip(categories, cats, strict=True) if v is not None})
        seats = out.get(row.game_id)
        if seats is None:
            out[row.game_id] = [row]
        else:
            seats.append(row)
    return out


def visible(db: Tx, owner: str) -> set[str]:
    """The ids of the finished games `owner` sees."""
    return {r[0] for r in db.execute(f"SELECT id FROM games WHERE deleted = 0 AND {MINE}",
                                     (owner, owner))}


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the history list: read without the game's draft."""

    id: str
    game: str
    expansions: tuple[str, ...]
    summary: str
    started: float | None
    finished: float
    place: str
    note: str
    readable: bool = True
    """Its saved game is JSON that can be read (else it is listed as damaged, with Delete)."""
    corrects: bool = True
    """The device that read it may correct it (`CORRECTS`: it hosted the game, or it is its
    own imported copy); read with one game (`entry`), not in the list's pages."""
    early_winners: tuple[str, ...] = ()
    """The winners when a winner has fewer points than another player (a Duel supremacy:
    the totals did not decide); read with the list's pages."""

    @property
    def duration_min(self) -> int | None:
        if self.started is None or self.started > self.finished:
            return None
        return round((self.finished - self.started) / 60)


_ENTRY = "id, kind, expansions, summary, started, finished, place, note, json_valid(draft)"


def game_of(text: str) -> Draft | None:
    """A saved row's draft, when it reads as a game; None when it is damaged (not JSON, or
    JSON that is no game)."""
    try:
        draft = read_draft(text)
    except (ValueError, TypeError, AttributeError):
        return None
    return draft if draft.game else None


def is_game(text: str) -> bool:
    """Whether a saved row's draft reads as a game (JSON that is no game is damaged too)."""
    return game_of(text) is not None


def _entry(v: Sequence[object]) -> HistoryEntry:
    gid, kind, expansions, summary, started, finished, place, note, readable = v
    return HistoryEntry(str(gid), str(kind),
                        tuple(str(expansions).split(",")) if expansions else (),
                        str(summary), None if started is None else float(started),  # type: ignore[arg-type]
                        float(finished), str(place), str(note),  # type: ignore[arg-type]
                        bool(readable))


def page(db: Tx, owner: str, offset: int, limit: int) -> list[HistoryEntry]:
    """A page of the history, newest first (the index on `finished` reads just this page);
    a row whose draft is not a game is listed as damaged."""
    found = db.execute(f"SELECT {_ENTRY}, draft FROM games WHERE deleted = 0 AND {MINE} "
                       "ORDER BY finished DESC, id LIMIT ? OFFSET ?",
                       (owner, owner, limit, offset))
    out = []
    for *v, text in found:  # each of the page's games read (20): JSON that is no game too
        e = _entry(v)
        out.append(replace(e, readable=e.readable and is_game(str(text))))
    early = _early_winners(db, [e.id for e in out])
    return [replace(e, early_winners=early[e.id]) if e.id in early else e for e in out]


def _early_winners(db: Tx, games: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The games of `games` whose winners have fewer points than another player (ended on a
    supremacy), with those winners in seat order: one query for a page of the history."""
    if not games:
        return {}
    rows = db.execute(f"SELECT game, name, total, won FROM results WHERE game IN "
                      f"({', '.join('?' for _ in games)}) ORDER BY game, seat", tuple(games))
    seats: dict[str, list[tuple[str, int, bool]]] = {}
    for game, name, total, won in rows:
        seats.setdefault(str(game), []).append((str(name), int(total), bool(won)))
    out = {}
    for game, players in seats.items():
        most = max(t for _, t, _ in players)
        winners = tuple(n for n, _, w in players if w)
        if winners and any(t < most for _, t, w in players if w):
            out[game] = winners
    return out


def count(db: Tx, owner: str) -> int:
    got = db.execute(f"SELECT count(*) FROM games WHERE deleted = 0 AND {MINE}",
                     (owner, owner)).fetchone()
    return int(got[0])


def entry(db: Tx, owner: str, game_id: str) -> tuple[HistoryEntry, str] | None:
    """One game of the history and its stored draft (None: not one `owner` sees), with
    whether `owner` may correct it."""
    got = db.execute(f"SELECT {_ENTRY}, CASE WHEN {CORRECTS} THEN 1 ELSE 0 END, draft "
                     f"FROM games WHERE id = ? AND deleted = 0 AND {MINE}",
                     (owner, owner, game_id, owner, owner)).fetchone()
    if got is None:
        return None
    return replace(_entry(got[:-2]), corrects=bool(got[-2])), str(got[-1])


KEPT_NAMES = 50
"""The earlier players a device's list keeps (the New game screen shows 20): a device that
starts game after game with new names keeps no more."""
MAX_PLACE = 100
MAX_NOTE = 1000


def set_play(db: Tx, owner: str, game_id: str, place: str, note: str) -> bool:
    """A game's place and note (cut to their limits; control characters dropped)."""
    def clean(text: str, limit: int, lines: bool) -> str:
        kept = "".join(c for c in text if ord(c) >= 32 or (lines and c == "\n"))
        return kept.strip()[:limit]
    cur = db.execute(f"UPDATE games SET place = ?, note = ? WHERE id = ? AND deleted = 0 AND "
                     f"{MINE} AND {CORRECTS}",
                     (clean(place, MAX_PLACE, False), clean(note, MAX_NOTE, True), game_id,
                      owner, owner, owner, owner))
    return cur.rowcount > 0


# --- players as people -----------------------------------------------------------------------

@dataclass(frozen=True)
class Renamed:
    """What a rename (or a merge into an existing name) did, or why it was refused."""

    games: int = 0
    together: tuple[str, ...] = ()
    """Games where both names sat at the table (then nothing was changed)."""
    kept: int = 0
    """Games this device sees with `old` in them that another device hosted: left as their
    host saved them (only the host corrects a finished game)."""
    ids: tuple[str, ...] = ()
    """The games renamed (their records on the server follow: `Tables.rename_in_game`)."""


def _renamed_draft(draft: Draft, old: str, new: str) -> Draft:
    return draft.renamed(old, new)


def rename(db: Tx, owner: str, old: str, new: str) -> Renamed:
    """`old` is now called `new` in every game `owner` sees and corrects (`CORRECTS`: the
    games it hosted, its imported copies): the games' tables, the history lines and the
    statistics. When `new` already plays, the two become one player (a merge), unless they
    sat at the same table: then nothing changes and those games are named. Games another
    device hosted are left as they are (counted in `kept`)."""
    seen = f"game IN (SELECT id FROM games WHERE deleted = 0 AND {MINE})"
    visible = f"game IN (SELECT id FROM games WHERE deleted = 0 AND {MINE} AND {CORRECTS})"
    games = [r[0] for r in db.execute(
        f"SELECT DISTINCT game FROM results WHERE name = ? AND {visible}",
        (old, owner, owner, owner, owner))]
    kept = len(db.execute(f"SELECT DISTINCT game FROM results WHERE name = ? AND {seen}",
                          (old, owner, owner)).fetchall()) - len(games)
    # both at one table: the engine's rule for names says so ("bob" beside Bob is the same
    # name, and the game's record would refuse the rename)
    together = tuple(gid for gid in games if player_names([
        new if name == old else name
        for (name,) in db.execute("SELECT name FROM results WHERE game = ?", (gid,))]))
    if together:
        return Renamed(0, together, kept)
    for gid in games:  # in the caller's transaction
        text, finished = db.execute("SELECT draft, finished FROM games WHERE id = ?",
                                    (gid,)).fetchone()
        draft = _renamed_draft(read_draft(text), old, new)
        summary = summarize(draft, finished)
        db.execute("UPDATE games SET draft = ?, summary = ? WHERE id = ?",
                   (draft.to_json(), summary.text if summary else "", gid))
        write(db, draft, finished, summary)
    # the device's own earlier players (another device's list is its own)
    db.execute("INSERT INTO device_names (device, name, used) SELECT device, ?, used FROM "
               "device_names WHERE device = ? AND name = ? ON CONFLICT (device, name) "
               "DO NOTHING", (new, owner, old))
    db.execute("DELETE FROM device_names WHERE device = ? AND name = ?", (owner, old))
    return Renamed(len(games), (), kept, tuple(str(g) for g in games))


# --- the whole history as a file ---------------------------------------------------------------

@dataclass(frozen=True)
class LeftOut:
    """A game of the history that its file cannot hold: its saved row cannot be read as a
    game (damaged, or JSON that is no game). Named to the user, never dropped in silence."""

    id: str
    finished: float
    summary: str


def plays_and_left_out(db: Tx, owner: str | None) -> tuple[list[Play], list[LeftOut]]:
    """Every game `owner` sees (None: every game) as the history file keeps it, and the
    games left out because their saved row is not a game that can be read."""
    out = []
    left: list[LeftOut] = []
    mine, args = (MINE, (owner, owner)) if owner is not None else ("1 = 1", ())
    for gid, text, finished, started, place, note, summary in db.execute(
            f"SELECT id, draft, finished, started, place, note, summary FROM games "
            f"WHERE deleted = 0 AND {mine} ORDER BY finished", args):
        draft = game_of(text)
        if draft is None:
            left.append(LeftOut(str(gid), float(finished), str(summary)))
            continue
        try:
            table = table_of(draft)
        except (ValueError, TypeError, AttributeError):  # a game, but none a table holds
            left.append(LeftOut(str(gid), float(finished), str(summary)))
            continue
        out.append(Play(gid, finished, table, started if started is not None
                        else draft.created, place, note, draft.quick()))
    return out, left


def draft_of(play: Play) -> Draft:
    """The draft a played game from a history file is kept as."""
    draft = from_table(play.table)
    seats = [s if play.paper.get(s.name) is None
             else replace(s, quick=True, typed=dict(play.paper[s.name])) for s in draft.seats]
    return replace(draft, seats=seats, id=play.id, finished=play.finished,
                   created=play.started if play.started is not None else play.finished)


MAX_IMPORTED = 5_000
"""The most imported games one device keeps (its copies: games of its history that no game
in progress stands behind). Years of one table's games fit (ten years of a game a day is
3,650); one device cannot fill the file that every other device's statistics read."""
IMPORTED_PER_ADDRESS = 10_000
"""The most imported games the devices of one client address keep together (each imported
game records the address it came from, `games.address`: `ui.web.join_limit.address_key`, one
machine or one IPv6 /64). Devices cost nothing to mint (a browser's local storage), so the
bound per device alone bounds nothing: one address importing from ever new devices would
fill the file as surely. Two households' years fit; one address cannot slow every other
device's statistics."""


@dataclass(frozen=True)
class Imported:
    added: int
    already: int
    """Games the history had already (the same id, or the same table finished at the same
    moment under another id): left as they were."""
    over: int = 0
    """Games left out: the device holds `MAX_IMPORTED` imported games already."""
    over_here: int = 0
    """Games left out: the devices of its client address hold `IMPORTED_PER_ADDRESS`."""
    rows: dict[str, list[PlayerRow]] = field(default_factory=dict, compare=False, repr=False)
    """The added games' rows (the statistics' cache takes them in, not reading the file
    again)."""


def imported_count(db: Tx, owner: str) -> int:
    """The imported games `owner` holds: its games that no game in progress stands behind."""
    got = db.execute("SELECT count(*) FROM members WHERE device = ? AND game NOT IN "
                     "(SELECT id FROM live)", (owner,)).fetchone()
    return int(got[0])


def _taken(db: Tx, game_id: str) -> bool:
    """Whether anything of the file holds this id (a finished game, a game in progress, a
    membership): an imported game under it would become that game's."""
    return any(db.execute(sql, (game_id,)).fetchone() for sql in (
        "SELECT 1 FROM games WHERE id = ?", "SELECT 1 FROM live WHERE id = ?",
        "SELECT 1 FROM members WHERE game = ?"))


def imported_here(db: Tx, address: str) -> int:
    """The imported games that came from client address `address` (its key), whichever
    device of it imported them."""
    got = db.execute("SELECT count(*) FROM games WHERE address = ?", (address,)).fetchone()
    return int(got[0])


def import_plays(db: Tx, owner: str | None, found: Iterable[Play],
                 address: str = "") -> Imported:
    """Add the games of a history file that this history lacks, as games of `owner` (None:
    of no device, so every device sees them, as games from before devices were told
    apart); in the caller's one transaction (all or nothing). A game already here is never
    overwritten.

    A game id is public (in /history/<id> addresses, in the play sent to BG Stats): a
    device's import never makes it a member of any game. A game it sees already (by id or
    by its table and finish time) is left as it is; any other game becomes its own copy,
    under the file's id when nothing holds that id, else under a new one, so that knowing
    an id opens nobody's game, and nobody else's history changes.

    Bounded: `MAX_IMPORTED` per device, and `IMPORTED_PER_ADDRESS` per client `address`
    (its key, recorded with each game; "": none known, the command line's backup); games
    past either are left out and counted."""
    added = already = over = over_here = 0
    rows: dict[str, list[PlayerRow]] = {}
    now = time.time()
    room = MAX_IMPORTED - imported_count(db, owner) if owner is not None else None
    room_here = IMPORTED_PER_ADDRESS - imported_here(db, address) if address else None
    for play in found:
        draft = draft_of(play)
        summary = summarize(draft, play.finished)
        if summary is None:  # read_history scored it: cannot happen, never half-kept
            raise ValueError(f"game {play.id} has no result")
        if owner is None:
            if db.execute("SELECT 1 FROM games WHERE id = ? OR fingerprint = ?",
                          (play.id, summary.fingerprint)).fetchone():
                already += 1
                continue
        elif db.execute(f"SELECT 1 FROM games WHERE (id = ? OR fingerprint = ?) AND "
                        f"deleted = 0 AND {MINE}",
                        (play.id, summary.fingerprint, owner, owner)).fetchone():
            already += 1
            continue
        if room is not None and room <= 0:
            over += 1
            continue
        if room_here is not None and room_here <= 0:
            over_here += 1
            continue
        if room is not None:
            room -= 1
        if room_here is not None:
            room_here -= 1
        gid = play.id if not _taken(db, play.id) else uuid.uuid4().hex
        if gid != play.id:
            draft = replace(draft, id=gid)
            summary = summarize(draft, play.finished)
            assert summary is not None  # the same table, scored above
        db.execute("INSERT INTO games (id, draft, summary, finished, deleted, place, note, "
                   "address) VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
                   (gid, draft.to_json(), summary.text, play.finished, play.place,
                    play.note, address))
        write(db, draft, play.finished, summary)
        rows[gid] = summary.rows
        if owner is not None:
            db.execute("INSERT INTO members (game, device, joined) VALUES (?, ?, ?) "
                       "ON CONFLICT DO NOTHING", (gid, owner, now))
        added += 1
    return Imported(added, already, over, over_here, rows)
