"""Statistics over saved games: pure functions of each player's result in each game.

A saved game gives one `PlayerRow` per seat (made once, when the game is saved: `rows_of`);
everything here reads rows, never a table, so years of games are counted without scoring
any of them again. The app and `python -m scorer stats` show the same numbers.

7 Wonders (both editions) and 7 Wonders Duel are counted apart (`family`): a Duel win is
not a 7 Wonders win, and their categories differ.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import ItemsView, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, NamedTuple, get_args

from scorer.result import CATEGORY_LABELS, Result
from scorer.ruleset import Category, RulesetLoadError, load_ruleset

Family = Literal["7wonders", "duel"]
FAMILIES: tuple[Family, ...] = get_args(Family)
CATEGORIES: tuple[Category, ...] = get_args(Category)
"""Every category any game has, in the order of the 7 Wonders pad (Duel's extra ones after)."""

REGULAR_OPPONENT = 2
"""An opponent met at this many games or more gets a head-to-head line on a player's page."""
FAVOURITES = 3
"""How many favourite wonders a player's page lists."""


def family_of(game: str) -> Family:
    """`duel` for 7 Wonders Duel, `7wonders` for either edition of 7 Wonders."""
    return "duel" if game == "duel" else "7wonders"


class PlayerRow(NamedTuple):
    """One player's result in one saved game: what every statistic is counted from (a named
    tuple: years of games are tens of thousands of rows, read at once)."""

    game_id: str
    game: str
    """As the table file spells it: `7wonders-1e`, `7wonders-2e`, `duel`."""
    expansions: tuple[str, ...]
    finished: float
    """When the game was finished (seconds since the epoch)."""
    seat: int
    name: str
    wonders: tuple[str, ...]
    """7 Wonders: the board; Duel: the wonders built."""
    side: str
    """7 Wonders: `A` or `B` (2nd edition day/night as A/B: the table file's data); Duel:
    ""."""
    total: int
    rank: int | None
    """1 is best; None for the 2-player variant's Free City (never ranked)."""
    won: bool
    categories: Mapping[str, int]

    @property
    def family(self) -> Family:
        return family_of(self.game)


class PackedCategories(Mapping[str, int]):
    """A row's points by category in two tuples: the categories (one tuple shared by every
    row of the same pad) and the points. A dict of eight entries is about 360 bytes, this
    about 150: 100,000 games of a history file are 400,000 rows, read at once by
    `python -m scorer stats` (`scorer.history_stream`). Equal to the dict of the same
    items, as any mapping."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: tuple[str, ...], values: tuple[int, ...]) -> None:
        self._keys = keys
        self._values = values

    def __getitem__(self, key: str) -> int:
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            raise KeyError(key) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def items(self) -> ItemsView[str, int]:
        return dict(zip(self._keys, self._values, strict=True)).items()

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def rows_of(game_id: str, finished: float, table: Mapping[str, Any], result: Result,
            ) -> list[PlayerRow]:
    """The rows of one scored game (players in seating order). `table` is the table file
    the result was scored from (the wonders come from it)."""
    seats = list(table.get("players") or [])
    winners = set(result.winners)
    expansions = tuple(sorted(result.expansions))
    rules = load_ruleset(result.game, tuple(result.expansions))

    def named(wonder: object) -> str:
        """A wonder as its ruleset names it: "Pyramids" and "The Pyramids", "Giza" and
        "Gizah" are one wonder in the counts (an imported file may use either)."""
        known = rules.wonders.get(str(wonder))
        return known.name if known is not None else str(wonder)

    out = []
    for seat, p in enumerate(result.players):
        entry: Mapping[str, Any] = seats[seat] if seat < len(seats) else {}
        wonder = entry.get("wonder") or {}
        if wonder:
            wonders: tuple[str, ...] = (named(wonder.get("board", "")),)
            side = str(wonder.get("side", ""))
            side = rules.sides.get(side) or side.upper()
        else:
            wonders, side = tuple(named(w) for w in entry.get("wonders") or []), ""
        out.append(PlayerRow(
            game_id=game_id, game=result.game, expansions=expansions, finished=finished,
            seat=seat, name=p.name, wonders=wonders, side=side, total=p.total, rank=p.rank,
            won=p.name in winners and not p.free_city,
            categories={str(c): v for c, v in p.categories.items()}))
    return out


# --- filters ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Filter:
    """Which games count: a family, an expansion ("" = the base game alone, None = any) and
    a period (finished from `since`, before `until`; seconds since the epoch)."""

    family: Family | None = None
    expansion: str | None = None
    since: float | None = None
    until: float | None = None

    def keeps(self, row: PlayerRow) -> bool:
        if self.family is not None and row.family != self.family:
            return False
        if self.expansion is not None:
            if self.expansion == "" and row.expansions:
                return False
            if self.expansion and self.expansion not in row.expansions:
                return False
        if self.since is not None and row.finished < self.since:
            return False
        return not (self.until is not None and row.finished >= self.until)


EVERYTHING = Filter()


def period(days: int, now: float) -> Filter:
    """The games of the last `days` days."""
    return Filter(since=now - days * 86400)


def by_game(rows: Iterable[PlayerRow]) -> dict[str, list[PlayerRow]]:
    """Rows grouped by game, each game's in seating order."""
    games: dict[str, list[PlayerRow]] = defaultdict(list)
    for r in rows:
        games[r.game_id].append(r)
    for seats in games.values():
        seats.sort(key=lambda r: r.seat)
    return games


# --- players ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerSummary:
    name: str
    games: int
    wins: int


def players(rows: Iterable[PlayerRow]) -> list[PlayerSummary]:
    """Everyone who played, most games first (then by name); the Free City is no player."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in rows:
        if r.rank is None:
            continue
        games[r.name] += 1
        wins[r.name] += r.won
    return [PlayerSummary(n, g, wins[n])
            for n, g in sorted(games.items(), key=lambda x: (-x[1], x[0].casefold()))]


@dataclass(frozen=True)
class WonderCount:
    wonder: str
    side: str
    """The side as its edition names it (`Ruleset.side_name`: "A", "B"; "day", "night" in
    the 2nd edition, whose boards are not the 1st's, so counted apart; `scorer.words.
    side_word` says it); "" when sides are not told apart (Duel, a player's favourites)."""
    plays: int
    wins: int


@dataclass(frozen=True)
class HeadToHead:
    """Games against one opponent: finished ahead (a better rank), behind, or level."""

    opponent: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class Best:
    total: int
    game_id: str
    finished: float


@dataclass(frozen=True)
class PlayerStats:
    """One player's page for one family of games."""

    name: str
    family: Family
    games: int
    wins: int
    average_total: float
    best: Best
    categories: list[tuple[str, float]]
    """Average points per game in each category, in pad order (every category seen), over
    all the player's games of the family (0 in a game without it: the parts add up to the
    average total)."""
    favourite_wonders: list[WonderCount]
    head_to_head: list[HeadToHead]
    category_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The rows some of these games name otherwise (`category_names`)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _ordered(categories: Iterable[str]) -> list[str]:
    seen = set(categories)
    return [c for c in CATEGORIES if c in seen] + sorted(seen - set(CATEGORIES))


def _averages(rows: Sequence[PlayerRow]) -> list[tuple[str, float]]:
    """Each category's average over every row (0 where a row has not the category: a Duel
    row has no `leaders` unless the game had Duel Leaders), so that the averages add up to
    the average total."""
    summed: dict[str, int] = defaultdict(int)
    for r in rows:
        for c, v in r.categories.items():
            summed[c] += v
    return [(c, summed[c] / len(rows)) for c in _ordered(summed)]


@lru_cache(maxsize=64)
def _renamed_in(game: str, expansions: tuple[str, ...]) -> dict[str, str]:
    """A game's renamed rows (bounded: the games and expansions come from imported files)."""
    try:
        return load_ruleset(game, expansions).renamed_categories()
    except RulesetLoadError:
        return {}


def category_names(rows: Iterable[PlayerRow]) -> dict[str, tuple[str, ...]]:
    """For each category that some of these games name otherwise (Pantheon's Grand Temples
    in the Guilds' row, `Ruleset.renamed_categories`), every name the games that have it
    give it, untranslated, the category's own first: ("Guilds", "Grand Temples") when some
    games had Pantheon and some not, so that an average of both is not called "Guilds"
    alone (issue 31: the command line's statistics said "Guilds" for Grand Temples)."""
    pads: dict[tuple[str, tuple[str, ...]], PlayerRow] = {}
    for r in rows:
        pads.setdefault((r.game, r.expansions), r)
    renamed = {key: _renamed_in(*key) for key in pads}
    out: dict[str, tuple[str, ...]] = {}
    for c in sorted({c for words in renamed.values() for c in words}):
        own = CATEGORY_LABELS.get(c, c)  # type: ignore[call-overload]
        names = dict.fromkeys(renamed[key].get(c, own) for key, r in pads.items()
                              if c in r.categories)
        out[c] = tuple(sorted(names, key=lambda name: name != own))
    return out


def player_stats(rows: Iterable[PlayerRow], name: str, where: Filter = EVERYTHING,
                 ) -> list[PlayerStats]:
    """`name`'s page: one entry per family they played (7 Wonders first), from the rows of
    the games `where` keeps. Rows of other players' games may be given: they are skipped."""
    kept = list(rows) if where == EVERYTHING else [r for r in rows if where.keeps(r)]
    mine = {r.game_id for r in kept if r.name == name and r.rank is not None}
    games = by_game(r for r in kept if r.game_id in mine)
    out = []
    for family in FAMILIES:
        own = [r for seats in games.values() for r in seats
               if r.name == name and r.family == family]
        if not own:
            continue
        best = max(own, key=lambda r: (r.total, -r.finished))
        wonders: Counter[str] = Counter()
        wonder_wins: Counter[str] = Counter()
        for r in own:
            for w in r.wonders:
                wonders[w] += 1
                wonder_wins[w] += r.won
        favourites = [WonderCount(w, "", n, wonder_wins[w]) for w, n in
                      sorted(wonders.items(), key=lambda x: (-x[1], -wonder_wins[x[0]], x[0]))]
        met: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for r in own:
            for other in games[r.game_id]:
                if other.name == name or other.rank is None or r.rank is None:
                    continue
                line = met[other.name]
                line[0] += 1
                if r.rank < other.rank:
                    line[1] += 1
                elif r.rank > other.rank:
                    line[2] += 1
                else:
                    line[3] += 1
        h2h = [HeadToHead(o, *v) for o, v in
               sorted(met.items(), key=lambda x: (-x[1][0], x[0].casefold()))
               if v[0] >= REGULAR_OPPONENT]
        out.append(PlayerStats(
            name=name, family=family, games=len(own), wins=sum(r.won for r in own),
            average_total=sum(r.total for r in own) / len(own),
            best=Best(best.total, best.game_id, best.finished),
            categories=_averages(own),
            favourite_wonders=favourites[:FAVOURITES], head_to_head=h2h,
            category_names=category_names(own)))
    return out


# --- the group -------------------------------------------------------------------------------

Finish = Literal["points", "coins", "civilian", "shared"]
"""How the closest finish was won: on points (a lead of one or more), on the game's
tie-break when the points were level (its ruleset's `tiebreak`: coins, or in Duel civilian
points), or not alone (a shared victory, the tie-break level too)."""


@dataclass(frozen=True)
class Record:
    """A record and the game that holds it (`value`: points, or for the closest finish the
    winner's lead over the next player, and `finish`: how a lead of 0 was won, so no screen
    says "won by 0 points")."""

    kind: Literal["highest-total", "biggest-science", "most-military", "closest-finish"]
    value: int
    name: str
    game_id: str
    finished: float
    finish: Finish = "points"
    also: tuple[str, ...] = ()
    """Players of the same game level with `name` on the value (an 83 shared by Ann and
    Bob is both players' record: a walk read Ann's alone, beside Bob who won the game)."""


@dataclass(frozen=True)
class GroupStats:
    games: int
    players: list[PlayerSummary]
    wins_by_wonder: list[WonderCount]
    """7 Wonders: each board and side; Duel: each wonder built. Most wins first."""
    categories: list[tuple[str, float]]
    """Average points per player per game in each category."""
    records: list[Record] = field(default_factory=list)
    category_names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The rows some of these games name otherwise (`category_names`)."""


def _closest(rows: Sequence[PlayerRow]) -> Record | None:
    """The game won by the fewest points: its winner (the first seat of a shared victory)
    and their lead over the best of the others, and how a lead of 0 was won (`Finish`). A
    game won by a supremacy with fewer points has no finish on points."""
    winner: dict[str, PlayerRow] = {}
    for r in rows:
        if r.won:
            w = winner.get(r.game_id)
            if w is None or r.seat < w.seat:
                winner[r.game_id] = r
    others: dict[str, int] = {}
    shared: set[str] = set()  # games where another seat won too
    for r in rows:
        w = winner.get(r.game_id)
        if w is not None and r is not w:
            others[r.game_id] = max(others.get(r.game_id, r.total), r.total)
            if r.won:
                shared.add(r.game_id)
    best: Record | None = None
    for gid, runner_up in others.items():
        w = winner[gid]
        lead = w.total - runner_up
        if lead < 0:
            continue
        if best is None or (lead, w.finished) < (best.value, best.finished):
            finish: Finish = "points" if lead else (
                "shared" if gid in shared else load_ruleset(w.game).constants.tiebreak)
            best = Record("closest-finish", lead, w.name, gid, w.finished, finish)
    return best


@lru_cache(maxsize=64)
def _side_name(game: str, side: str) -> str:
    """A side as its edition names it (bounded: the sides come from imported files)."""
    return load_ruleset(game).side_name(side)


def group_stats(rows: Iterable[PlayerRow], where: Filter = EVERYTHING) -> GroupStats:
    """The group's statistics over the games `where` keeps: one pass over the rows (years
    of games are tens of thousands of them), every count in it."""
    kept = list(rows) if where == EVERYTHING else [r for r in rows if where.keeps(r)]
    ranked = [r for r in kept if r.rank is not None]
    plays: dict[tuple[str, str], int] = defaultdict(int)
    wins: dict[tuple[str, str], int] = defaultdict(int)
    games: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    sums: dict[str, int] = defaultdict(int)
    shapes: dict[tuple[str, ...], int] = defaultdict(int)
    top = [-10**9, -10**9, -10**9]
    """The highest total, science and military so far; `holders` the rows holding them."""
    holders: list[PlayerRow | None] = [None, None, None]
    for r in ranked:
        name, side, cats, is_winner = r.name, r.side, r.categories, r.won
        games[name] += 1
        if is_winner:
            won[name] += 1
        if side:
            side = _side_name(r.game, side)
        for w in r.wonders:
            plays[(w, side)] += 1
            if is_winner:
                wins[(w, side)] += 1
        shapes[tuple(cats)] += 1
        for c, v in cats.items():
            sums[c] += v
        for i, value in enumerate((r.total, cats.get("science", 0), cats.get("military", 0))):
            if value > top[i] or (value == top[i] and r.finished < holders[i].finished):  # type: ignore[union-attr]
                top[i] = value
                holders[i] = r
    level: list[list[str]] = [[], [], []]
    """The other players of each holder's game with the same value, in seating order."""
    held_in = {h.game_id for h in holders if h is not None}
    for r in sorted((r for r in ranked if r.game_id in held_in), key=lambda r: r.seat):
        values = (r.total, r.categories.get("science", 0), r.categories.get("military", 0))
        for i, h in enumerate(holders):
            if h is not None and r is not h and r.game_id == h.game_id and values[i] == top[i]:
                level[i].append(r.name)
    records = [Record(kind, top[i], h.name, h.game_id, h.finished,  # type: ignore[arg-type]
                      also=tuple(level[i]))
               for i, (kind, h) in enumerate(zip(
                   ("highest-total", "biggest-science", "most-military"), holders,
                   strict=True)) if h is not None]
    closest = _closest(ranked)
    if closest is not None:
        records.append(closest)
    counts: dict[str, int] = defaultdict(int)
    for shape, n in shapes.items():
        for c in shape:
            counts[c] += n
    by_wonder = [WonderCount(w, s, n, wins[(w, s)]) for (w, s), n in
                 sorted(plays.items(), key=lambda x: (-wins[x[0]], -x[1], x[0]))]
    everyone = [PlayerSummary(n, g, won[n])
                for n, g in sorted(games.items(), key=lambda x: (-x[1], x[0].casefold()))]
    return GroupStats(games=len({r.game_id for r in kept}), players=everyone,
                      wins_by_wonder=by_wonder,
                      categories=[(c, sums[c] / counts[c]) for c in _ordered(sums)],
                      records=records, category_names=category_names(ranked))


def when(ts: float) -> str:
    """A date and time as players read it in a list (the server's local time)."""
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")
