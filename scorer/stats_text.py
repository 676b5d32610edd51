"""The statistics as text: a table per player (`python -m scorer stats FILE`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.i18n import N_, _, ngettext, to_tenths, translated
from scorer.result import CATEGORY_LABELS
from scorer.stats import Family, PlayerRow, PlayerStats, player_stats, players, when

FAMILY_TITLES: dict[Family, str] = {"7wonders": N_("7 Wonders"), "duel": N_("7 Wonders Duel")}


def category_name(category: str, names: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """A statistics row's name in the current language: the names its games give it where
    some name it otherwise (`scorer.stats.category_names`: "Guilds / Grand Temples")."""
    given = (names or {}).get(category)
    if given:
        return " / ".join(translated(n) for n in given)
    label = CATEGORY_LABELS.get(category)  # type: ignore[call-overload]
    return translated(label) if label else category


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "-"


def _table(rows: Sequence[tuple[str, str]]) -> list[str]:
    width = max(len(k) for k, _v in rows) + 2
    return [f"  {k.ljust(width)}{v}" for k, v in rows]


def render_player(stats: PlayerStats) -> list[str]:
    head = f"{stats.name} · {translated(FAMILY_TITLES[stats.family])}"
    rows = [
        (_("Games"), str(stats.games)),
        (_("Wins"), f"{stats.wins} ({percent(stats.wins, stats.games)})"),
        (_("Average total"), f"{to_tenths(stats.average_total)}"),
        (_("Best total"), f"{stats.best.total} ({when(stats.best.finished)})"),
    ]
    rows += [(category_name(c, stats.category_names), f"{to_tenths(v)}")
             for c, v in stats.categories]
    if stats.favourite_wonders:
        rows.append((_("Favourite wonders"), "; ".join(
            ngettext("{wonder}: {plays} game, {wins} won", "{wonder}: {plays} games, {wins} won",
                     w.plays).format(wonder=w.wonder, plays=w.plays, wins=w.wins)
            for w in stats.favourite_wonders)))
    for h in stats.head_to_head:
        rows.append((_("against {name}").format(name=h.opponent), _(
            "{games} games: ahead {ahead}, behind {behind}, level {level}").format(
                games=h.games, ahead=h.ahead, behind=h.behind, level=h.level)))
    return [head, *_table(rows)]


def _rows_of_their_games(rows: Sequence[PlayerRow]) -> dict[str, list[PlayerRow]]:
    """Each player's name -> the rows of every game they sat at, in the rows' order: what
    `player_stats` reads of all the rows (it skips other games), found in one pass instead
    of one pass over every row per player (100,000 games, dozens of players)."""
    seats: dict[str, list[PlayerRow]] = {}
    for r in rows:
        seats.setdefault(r.game_id, []).append(r)
    out: dict[str, list[PlayerRow]] = {}
    for game in seats.values():
        for name in dict.fromkeys(r.name for r in game):
            out.setdefault(name, []).extend(game)
    return out


def render_players(rows: Sequence[PlayerRow]) -> str:
    """Every player's table, most games first."""
    out: list[str] = []
    everyone = players(rows)
    if not everyone:
        return _("No games in this history.")
    games_of = _rows_of_their_games(rows)
    for p in everyone:
        for stats in player_stats(games_of.get(p.name, ()), p.name):
            if out:
                out.append("")
            out += render_player(stats)
    return "\n".join(out)
