"""After the game: the players (each a page of their own), the group's statistics, with
charts drawn from plain controls (docs/app.md: "Charts").

Every number comes from `scorer.stats` over the history's per-player rows
(`Store.result_rows`, kept between changes); this module only lays them out.
`player_page` and `group_page` are plain functions of the statistics, so the benchmark
times them as the screens build them.
"""

from __future__ import annotations

import asyncio
import time
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

import flet as ft

from scorer.i18n import all_of, one_decimal, translated
from scorer.ruleset import expansion_name
from scorer.stats import (
    FAMILIES,
    Family,
    Filter,
    GroupStats,
    PlayerRow,
    PlayerStats,
    Record,
    group_stats,
    player_stats,
    players,
)
from scorer.stats_text import FAMILY_TITLES, category_name
from scorer.words import side_word
from ui.screens.pad_style import WINNER, style
from ui.screens.widgets import (
    back_to,
    busy_overlay,
    header,
    toggle,
    use_kept_text,
    use_latest_state,
    view,
    wrap,
)
from ui.session.model import use_model
from ui.text import strings as S

T = TypeVar("T")

BAR = 14
"""A bar's height (px)."""
LOSS = "#C62828"
LEVEL = "#9E9E9E"


def player_route(name: str) -> str:
    return "/players/" + urllib.parse.quote(name, safe="")


def game_route(game_id: str) -> str:
    return "/history/" + urllib.parse.quote(game_id, safe="")


def family_title(family: Family) -> str:
    return translated(FAMILY_TITLES[family])




# --- charts from plain controls ----------------------------------------------------------------

def bar(parts: list[tuple[float, str]], rest: float = 0.0) -> ft.Control:
    """A horizontal bar across the width: each part in its colour, in proportion (a part of
    0 or less takes no room); `rest` leaves that share empty (a bar of a smaller value)."""
    shares = [(round(v * 1000), colour) for v, colour in parts if v > 0]
    cells: list[ft.Control] = [ft.Container(expand=n, height=BAR, bgcolor=colour)
                               for n, colour in shares if n > 0]
    if rest > 0 and round(rest * 1000) > 0:
        cells.append(ft.Container(expand=round(rest * 1000), height=BAR))
    if not cells:
        cells = [ft.Container(expand=1, height=BAR)]
    return ft.Container(content=ft.Row(cells, spacing=0), border_radius=3,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        clip_behavior=ft.ClipBehavior.HARD_EDGE)


def value_bar(label: str, value: float, top: float, colour: str, text: str) -> ft.Control:
    """A labelled bar of `value` against the largest one shown (`top`)."""
    part = max(value, 0.0)
    return ft.Column([
        ft.Row([ft.Text(label, expand=True, no_wrap=False), ft.Text(text)], spacing=8),
        bar([(part, colour)], max(top - part, 0.0)),
    ], spacing=2)


def category_chart(averages: list[tuple[str, float]],
                   names: Mapping[str, tuple[str, ...]] | None = None) -> list[ft.Control]:
    """Where the points come from: one stacked bar of the categories' averages, then each
    category with its icon and number (a negative average is told, and takes no room).
    `names`: the rows some games name otherwise (`scorer.stats.category_names`)."""
    legend: list[ft.Control] = [ft.Container(
        padding=ft.Padding.symmetric(horizontal=6, vertical=2), border_radius=4,
        bgcolor=style(c).bg,
        content=ft.Row([ft.Icon(style(c).icon, color=style(c).fg, size=14),
                        ft.Text(f"{category_name(c, names)} {one_decimal(v)}",
                                color=style(c).fg, size=13)],
                       spacing=4, tight=True))
        for c, v in averages]
    return [bar([(v, style(c).bg) for c, v in averages]), wrap(legend)]


def link_row(title: str, detail: str, chart: ft.Control, on_click: Callable[[], None],
             ) -> ft.Control:
    """A line that opens another page (a player, a game): the whole row is the target."""
    return ft.Container(
        on_click=on_click, ink=True, padding=ft.Padding.symmetric(vertical=6),
        content=ft.Column([
            ft.Row([ft.Text(title, weight=ft.FontWeight.W_500, expand=True),
                    ft.Text(detail), ft.Icon(ft.Icons.CHEVRON_RIGHT, size=18)], spacing=6),
            chart], spacing=2))


def player_line(name: str, games: int, wins: int, top: int) -> ft.Control:
    return link_row(name, S.games_wins(games, wins),
                    bar([(wins, WINNER), (games - wins, LEVEL)], top - games),
                    back_to(player_route(name)))


# --- a player's page ---------------------------------------------------------------------------

def _tile(label: str, value: str, on_click: Callable[[], None] | None = None,
          caption: str = "") -> ft.Control:
    """A number with its name (and a small caption), tappable when it leads to a game."""
    body = ft.Column([ft.Text(label, size=12, no_wrap=True),
                      ft.Text(value, size=17, weight=ft.FontWeight.BOLD, no_wrap=True),
                      ft.Text(caption or " ", size=11, no_wrap=True)],
                     spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Container(content=body, padding=6, border_radius=8, width=76,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        on_click=on_click, ink=on_click is not None)


def _family_section(stats: PlayerStats) -> list[ft.Control]:
    items: list[ft.Control] = [
        header(family_title(stats.family)),
        wrap([_tile(S.GAMES, str(stats.games)),
              _tile(S.WINS, str(stats.wins), caption=f"{round(100 * stats.win_rate)}%"),
              _tile(S.AVERAGE, one_decimal(stats.average_total)),
              _tile(S.BEST, str(stats.best.total), back_to(game_route(stats.best.game_id)),
                    caption=time.strftime("%Y-%m-%d", time.localtime(stats.best.finished)))]),
        ft.Text(S.POINTS_FROM, weight=ft.FontWeight.W_500),
        *category_chart(stats.categories, stats.category_names),
    ]
    if stats.favourite_wonders:
        top = max(w.plays for w in stats.favourite_wonders)
        items.append(ft.Text(S.FAVOURITE_WONDERS, weight=ft.FontWeight.W_500))
        items += [ft.Column([ft.Text(S.wonder_plays(w.wonder, w.plays, w.wins)),
                             bar([(w.wins, WINNER), (w.plays - w.wins, LEVEL)],
                                 top - w.plays)], spacing=2)
                  for w in stats.favourite_wonders]
    if stats.head_to_head:
        items.append(ft.Text(S.HEAD_TO_HEAD, weight=ft.FontWeight.W_500))
        for h in stats.head_to_head:
            items.append(link_row(
                S.against(h.opponent, h.games, h.ahead, h.behind, h.level), "",
                bar([(h.ahead, WINNER), (h.level, LEVEL), (h.behind, LOSS)]),
                back_to(player_route(h.opponent))))
    return items


def player_page(found: list[PlayerStats], name: str) -> list[ft.Control]:
    """A player's page: 7 Wonders, then Duel, each as its own section."""
    if not found:
        return [ft.Text(S.NO_PLAYERS)]
    out: list[ft.Control] = []
    for stats in found:
        out += _family_section(stats)
    return out


# --- the group ---------------------------------------------------------------------------------

def _record(r: Record) -> ft.Control:
    value = S.finish(r.value, r.finish) if r.kind == "closest-finish" else S.points(r.value)
    return ft.Card(content=ft.Container(
        padding=10, on_click=back_to(game_route(r.game_id)), ink=True,
        content=ft.Column([
            ft.Text(S.RECORD_KINDS[r.kind], size=12),
            ft.Text(f"{all_of([r.name, *r.also])} · {value}", weight=ft.FontWeight.BOLD),
            ft.Text(time.strftime("%Y-%m-%d", time.localtime(r.finished)), size=12),
        ], spacing=2)))


TOP_WONDERS = 12


def group_page(group: GroupStats,
               families: Sequence[tuple[Family, GroupStats]] = ()) -> list[ft.Control]:
    """The group's statistics: players, then records (each opens its game), wins by wonder
    and side, and the average points per category. `families`: with more than one family
    of games kept, each family's records, wonders and averages under its own title: a Duel
    total beside a 7 Wonders one is no record of either, and their rows do not average
    together (issue 31: "All" showed the Duel's 65 as the only highest total)."""
    if not group.games:
        return [ft.Text(S.NO_PLAYERS)]
    out: list[ft.Control] = [ft.Text(S.games_count(group.games), weight=ft.FontWeight.BOLD)]
    out.append(header(S.PLAYERS_TITLE))
    top = max((p.games for p in group.players), default=1)
    out += [player_line(p.name, p.games, p.wins, top) for p in group.players]
    shown = [(f, g) for f, g in families if g.games]
    if len(shown) < 2:
        return out + _group_details(group)
    for family, part in shown:
        out.append(ft.Container(padding=ft.Padding.only(top=16), content=ft.Text(
            f"{family_title(family)} · {S.games_count(part.games)}",
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.BOLD)))
        out += _group_details(part)
    return out


def _group_details(group: GroupStats) -> list[ft.Control]:
    """One family's records, wins by wonder and side, and average points per category."""
    out: list[ft.Control] = [header(S.RECORDS)]
    out.append(wrap([_record(r) for r in group.records]))
    if group.wins_by_wonder:
        sided = any(w.side for w in group.wins_by_wonder)
        out.append(header(S.WINS_BY_WONDER if sided else S.WINS_BY_WONDER_ALONE))
        shown = group.wins_by_wonder[:TOP_WONDERS]
        most = max(w.plays for w in shown)
        out += [ft.Column([
            ft.Text(S.wonder_plays(f"{w.wonder} {side_word(w.side)}".strip(), w.plays,
                                   w.wins)),
            bar([(w.wins, WINNER), (w.plays - w.wins, LEVEL)], most - w.plays)], spacing=2)
            for w in shown]
        if len(group.wins_by_wonder) > len(shown):  # said, not dropped without a word
            out.append(ft.Text(S.more_wonders(len(group.wins_by_wonder) - len(shown)),
                               italic=True))
    out.append(header(S.CATEGORY_AVERAGES))
    top_avg = max((v for _c, v in group.categories), default=1.0)
    out += [value_bar(category_name(c, group.category_names), v, top_avg, style(c).bg,
                      one_decimal(v)) for c, v in group.categories]
    return out


# --- the screens ---------------------------------------------------------------------------------

def use_rows() -> list[PlayerRow] | None:
    """The history's rows for this device (None while they load, off the event loop)."""
    model = use_model()
    nothing: list[PlayerRow] | None = None
    rows, set_rows = ft.use_state(nothing)
    version = model.history_version

    async def load() -> None:
        set_rows(await asyncio.to_thread(model.store.result_rows))

    ft.use_effect(load, [version])
    return rows


@ft.component
def PlayersScreen() -> ft.View:
    rows = use_rows()
    items: list[ft.Control] = [wrap([
        ft.FilledTonalButton(content=S.STATS_TITLE, icon=ft.Icons.BAR_CHART,
                             on_click=back_to("/stats")),
        ft.OutlinedButton(content=S.HISTORY, icon=ft.Icons.HISTORY,
                          on_click=back_to("/history"))])]
    if rows is None:
        items.append(busy_overlay(S.LOADING))
    else:
        everyone = players(rows)
        if not everyone:
            items.append(ft.Text(S.NO_PLAYERS))
        top = max((p.games for p in everyone), default=1)
        items += [player_line(p.name, p.games, p.wins, top) for p in everyone]
    return view("/players", S.PLAYERS_TITLE, items)


@ft.component
def RenameBox(name: str) -> ft.Control:
    """Rename this player in every game, or merge them into another player's name."""
    model = use_model()
    # the tap reads the name as typed now, not as the last render had it (a tap can come
    # before the render its last keys asked for: a walk's merge did nothing, twice)
    typed, typed_now, set_typed = use_latest_state("")
    new_name = use_kept_text()
    said, set_said = ft.use_state("")

    def go() -> None:
        new = typed_now().strip()
        if not new or new == name:
            return
        done = model.rename_person(name, new)
        if done.together:
            set_said(S.not_merged(len(done.together)))
            return
        if done.kept and not done.ids:  # every game another phone's: nothing renamed,
            set_said(S.renamed_elsewhere(done.kept))  # said here (the new name has no page)
            return
        if done.kept:  # games another phone hosted: only their host corrects them
            model.tell(S.renamed_elsewhere(done.kept))  # the note goes on to the new page
        set_said("")
        set_typed("")
        ft.context.page.navigate(player_route(new))

    return ft.Column([
        ft.Text(S.RENAME_TITLE, weight=ft.FontWeight.W_500),
        ft.Row([new_name.keep(ft.TextField(
                    label=S.NEW_NAME, value=new_name.text(typed), max_length=100, expand=True,
                    on_change=lambda e: set_typed(new_name.hear(e.control.value or "")))),
                ft.FilledTonalButton(content=S.RENAME, icon=ft.Icons.DRIVE_FILE_RENAME_OUTLINE,
                                     on_click=go, height=48)]),
        *([ft.Text(said, color=ft.Colors.ERROR)] if said else []),
    ])


@ft.component
def PlayerScreen() -> ft.View:
    name = urllib.parse.unquote(ft.use_route_params().get("name", "") or "")
    rows = use_rows()
    route = player_route(name)
    found = ft.use_memo(lambda: None if rows is None else player_stats(rows, name),
                        [rows, name])
    if found is None:
        return view(route, name, [busy_overlay(S.LOADING)])
    items = player_page(found, name)
    if found:
        items.append(RenameBox(name))
    return view(route, name, items)


def _choose(choose: Callable[[T], None], value: T) -> Callable[[], None]:
    """A filter chip's tap: `choose(value)`. A handler without parameters, since Flet gives
    the tap's event to one that has any: `lambda f=f: ...` was given the event as `f` (every
    game, expansion and period chip filtered by an event; "Last 30 days" broke the screen)."""
    def tapped() -> None:
        choose(value)
    return tapped


PERIODS: list[tuple[str, int | None]] = [("ALL_TIME", None), ("LAST_30_DAYS", 30),
                                         ("LAST_12_MONTHS", 365)]


@ft.component
def StatsScreen() -> ft.View:
    rows = use_rows()
    family, set_family = ft.use_state("")
    expansion, set_expansion = ft.use_state("*")
    days, set_days = ft.use_state(0)
    since = time.time() - days * 86400 if days else None
    where = Filter(family=family or None,  # type: ignore[arg-type]
                   expansion=None if expansion == "*" else expansion, since=since)
    group = ft.use_memo(lambda: None if rows is None else group_stats(rows, where),
                        [rows, family, expansion, days])
    families = ft.use_memo(  # each family apart, only where "All" holds more than one
        lambda: () if rows is None or family or len({r.family for r in rows}) < 2 else tuple(
            (f, group_stats(rows, replace(where, family=f))) for f in FAMILIES),
        [rows, family, expansion, days])
    if rows is None or group is None:
        return view("/stats", S.STATS_TITLE, [busy_overlay(S.LOADING)])
    expansions = {e: expansion_name(r.game, e) for r in rows for e in r.expansions
                  if not family or r.family == family}
    filters: list[ft.Control] = [
        wrap([toggle(S.ALL, not family, lambda: set_family(""))]
             + [toggle(family_title(f), family == f, _choose(set_family, f))
                for f in FAMILIES]),
        # named: its chips alone ("Any", "None") say nothing of what they choose
        ft.Text(S.EXPANSIONS, weight=ft.FontWeight.BOLD),
        wrap([toggle(S.ANY, expansion == "*", lambda: set_expansion("*")),
              toggle(S.NO_EXPANSION, expansion == "", lambda: set_expansion(""))]
             + [toggle(shown, expansion == e, _choose(set_expansion, e))
                for e, shown in sorted(expansions.items())]),
        wrap([toggle(getattr(S, label), days == (n or 0), _choose(set_days, n or 0))
              for label, n in PERIODS]),
    ]
    return view("/stats", S.STATS_TITLE, [*filters, *group_page(group, families)])

