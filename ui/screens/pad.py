"""The score pad: categories as rows, players as columns, totals, ranks and the verdict in
words; tap a cell to see what gave its points and why. Never final while a problem stands."""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence

import flet as ft

from scorer import Result
from scorer.facts import ruleset
from scorer.result import PlayerResult, shown_points
from scorer.ruleset import Category
from ui.entry.export import share_text, summary
from ui.screens.a11y import icon_button, quiet_tooltip, spoken
from ui.screens.fit import BOLD, PAGE_PADDING, PHONE_WIDTH, column_names, text_width
from ui.screens.home import game_title
from ui.screens.join import qr_png
from ui.screens.pad_style import WINNER, style
from ui.screens.share_image import pad_png
from ui.screens.transfer import file_name
from ui.screens.widgets import (
    ACCENT,
    back_to,
    busy_overlay,
    header,
    no_game_view,
    problems,
    view,
    wrap,
)
from ui.session.model import use_evaluation, use_model
from ui.text import strings as S
from ui.text.language import given_name_last
from ui.web.browser import this_browser

LABEL_W = 120
"""The category column with its label (a few players)."""
LABEL_SIZE = 13
LABEL_LINES = 2
"""A category's label takes up to two lines, broken between words ("Naval / conflicts",
"Xưởng đóng / tàu"): on one line of 14 px the longest lost their last letters under the
column's border (a walk's finding)."""
LABEL_ICON = 20
LABEL_ROOM = LABEL_W - 2 - 4 - LABEL_ICON - 4
"""The label's width: the column less its border (1 + 1), padding (2 + 2), icon and gap."""
ICON_W = 44
"""The category column with its icon only: seven players fit a 360 px phone."""
CELL_H = 44
WIDE_UP_TO = 4
"""Players shown beside the category labels; more get the icon-only column."""


def _cell(content: ft.Control, on_click: Callable[[], None] | None = None,
          bg: str | None = None, selected: bool = False, ident: str | None = None,
          width: int | None = None, tooltip: str | None = None) -> ft.Control:
    box = ft.Container(
        content=content, width=width, expand=width is None, height=CELL_H,
        alignment=ft.Alignment.CENTER, padding=ft.Padding.symmetric(horizontal=2),
        border=ft.Border.all(3 if selected else 1,
                             ft.Colors.ON_SURFACE if selected else ft.Colors.OUTLINE_VARIANT),
        bgcolor=bg, on_click=on_click, tooltip=quiet_tooltip(tooltip) if tooltip else None,
        ink=on_click is not None,
    )
    if ident:
        return ft.Semantics(identifier=ident, content=box, button=on_click is not None,
                            expand=width is None)
    return box


def _text(text: str, colour: str | None = None, bold: bool = False, size: int = 16,
          said: str | None = None) -> ft.Text:
    """A cell's words; `said`: what a screen reader reads instead (a number alone does not
    say whose it is, nor of which row)."""
    return ft.Text(text, color=colour, size=size, no_wrap=True, max_lines=1,
                   overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                   weight=ft.FontWeight.BOLD if bold else None, semantics_label=said)


def cell_value(player: PlayerResult, category: Category) -> str:
    """A row's points as the pad shows them: "≥ 6" when the result says the count may be
    short (Vitruvius with leaders whose chain symbols are unknown)."""
    return shown_points(player.categories.get(category, 0), player.at_least(category))


def total_value(player: PlayerResult) -> str:
    """The total as the pad shows it: "≥ 9" when a row of it may be short."""
    return shown_points(player.total, player.may_be_short)


def cell_said(player: PlayerResult, category: Category,
              words: Mapping[str, str] | None = None) -> str:
    """A row's cell as a screen reader reads it: "Bob, Science: 18 points"."""
    return S.pad_cell(player.name, S.category(category, words),
                      player.categories.get(category, 0), player.at_least(category))


def grid(result: Result, categories: Sequence[Category], selected: tuple[int, str],
         select: Callable[[int, str], Callable[[], None]],
         explanation: Sequence[ft.Control] = (),
         words: Mapping[str, str] | None = None,
         screen_width: float = PHONE_WIDTH) -> ft.Control:
    """The pad as printed: a row per category in its colour with its icon, the players'
    columns sharing the width (a name too wide shown by the word its player is called by,
    `fit.column_names`, cut with an ellipsis if still too wide; the full name on tap), the
    winner's name and total marked. `explanation`: what gave the selected cell's points,
    right under its row (a player's whole column: under the totals), in sight where the
    thumb tapped, never below the legend a screen further down. `words`: the game's own
    names of rows (`GameFacts.category_words`). `screen_width`: the page's width (px),
    which the names' columns share (a name shortened only where it would not fit)."""
    players = result.players
    wide = len(players) <= WIDE_UP_TO
    label_w = LABEL_W if wide else ICON_W
    winners = {k for k, p in enumerate(players) if p.rank == 1}
    name_size = 15 if wide else 12
    shown = column_names([p.name for p in players],
                         _fits_column(len(players), label_w, name_size, screen_width),
                         given_name_last())

    def label(c: str) -> ft.Control:
        st = style(c)
        named = S.category(c, words)
        icon = ft.Icon(st.icon, color=st.fg, size=LABEL_ICON,
                       semantics_label=None if wide else named)
        if not wide:
            return _cell(icon, bg=st.bg, width=label_w, tooltip=named)
        text = ft.Text(named, color=st.fg, size=LABEL_SIZE,
                       max_lines=LABEL_LINES, overflow=ft.TextOverflow.ELLIPSIS, expand=True)
        return _cell(ft.Row([icon, text], spacing=4), bg=st.bg, width=label_w)

    def name(k: int) -> ft.Control:
        p = players[k]
        # a screen reader met the column's button as "Ann": whose, and what a tap shows
        body: ft.Control = _text(shown[k], bold=True, size=name_size,
                                 said=S.pad_column(p.name))
        if k in winners:
            body = ft.Column([ft.Icon(ft.Icons.EMOJI_EVENTS, color=WINNER, size=16), body],
                             spacing=0, tight=True,
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        return _cell(body, select(k, ""), selected=selected == (k, ""), ident=f"name-{p.name}",
                     tooltip=p.name)

    rows: list[ft.Control] = [ft.Row(
        [_cell(ft.Text(""), width=label_w), *[name(k) for k in range(len(players))]],
        spacing=0)]
    for c in categories:
        st = style(c)
        rows.append(ft.Row([
            label(c),
            *[_cell(_text(cell_value(p, c), st.fg, said=S.shows_how(cell_said(p, c, words))),
                    select(k, c),
                    bg=st.bg, selected=selected == (k, c), ident=f"cell-{p.name}-{c}")
              for k, p in enumerate(players)],
        ], spacing=0))
        if explanation and selected[1] == c:
            rows.append(_explained(explanation))
    rows.append(ft.Row([_cell(_text(S.TOTAL if wide else "\u03a3", bold=True,
                                    said=None if wide else S.TOTAL), width=label_w,
                              tooltip=S.TOTAL),
                        *[_cell(_text(total_value(p), bold=True,
                                      said=S.shows_how(S.pad_total(p.name, p.total,
                                                                   p.may_be_short))),
                                select(k, ""),
                                bg=WINNER if k in winners else None,
                                selected=selected == (k, ""), ident=f"total-{p.name}")
                          for k, p in enumerate(players)]], spacing=0))
    if explanation and not selected[1]:
        rows.append(_explained(explanation))
    rows.append(ft.Row([_cell(_text(S.RANK if wide else "#", said=None if wide else S.RANK),
                              width=label_w, tooltip=S.RANK),
                        *[_cell(_text(S.NO_VALUE if p.rank is None else str(p.rank),
                                      said=S.pad_rank(p.name, p.rank)))
                          for p in players]], spacing=0))
    if not wide:  # the rows show icons only: their words under the pad, in the same colours
        rows.append(ft.Semantics(identifier="pad-legend", content=ft.Container(
            padding=ft.Padding.only(top=8),
            content=wrap([legend(c, words) for c in categories]))))
    return ft.Column(rows, spacing=0)


def _fits_column(players: int, label_w: int, size: int,
                 screen_width: float) -> Callable[[str], bool]:
    """Whether a name fits its column on a screen `screen_width` px wide: the columns share
    what the screen's margins and the category column leave; each loses its border and
    padding (1 + 1, 2 + 2). Bold letters are drawn ~7 % wider than Roboto's regular
    advances."""
    room = (screen_width - 2 * PAGE_PADDING - label_w) / max(1, players) - 6
    return lambda name: text_width(name, size) * BOLD <= room


def _screen_width() -> float:
    """The page's width as the browser gave it (px), or the narrowest phone's where it
    gave none (`fit.PHONE_WIDTH`): a laptop's pad keeps whole names its columns hold."""
    try:
        width = ft.context.page.width
    except RuntimeError:  # not in a session
        return PHONE_WIDTH
    return float(width) if isinstance(width, (int, float)) and width > 0 else PHONE_WIDTH


def _explained(lines: Sequence[ft.Control]) -> ft.Control:
    """The selected cell's lines as a block between the pad's rows."""
    return ft.Semantics(identifier="pad-lines", content=ft.Container(
        content=ft.Column(list(lines), spacing=0),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=4, vertical=6)))


def explanation(result: Result, selected: tuple[int, str],
                close: Callable[[], None] | None = None,
                words: Mapping[str, str] | None = None) -> list[ft.Control]:
    """What gave a selected cell its points (a player's name or total: all their lines),
    and the choices the engine made for them; nothing when no cell is selected. `close`:
    what its Close button does (as Escape, `PadScreen`)."""
    pi, pc = selected
    if not 0 <= pi < len(result.players):
        return []
    player = result.players[pi]
    lines = [ln for ln in player.lines if not pc or ln.category == pc]
    whose = player.name + (f" · {S.category(pc, words)}" if pc else "")
    # a heading a screen reader says as it opens (a live region: a walk heard nothing when
    # a cell's tap opened its lines)
    heading = ft.Semantics(header=True, live_region=True, expand=True, content=ft.Text(
        f"{S.LINES_FOR} {whose}", size=18, weight=ft.FontWeight.BOLD))
    out: list[ft.Control] = [heading if close is None else ft.Row(
        [heading, icon_button(ft.Icons.CLOSE, S.close_points(whose), close)],
        vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if not lines:
        out.append(ft.Text(S.NO_LINES))
    for ln in lines:
        source = S.first_upper(ln.source)
        # read "Baths, 3 points", not "Baths: 3" then the reason's "3 points" run together
        out.append(ft.ListTile(title=ft.Text(f"{source}: {ln.points}",
                                             semantics_label=S.line_said(
                                                 source, ln.points, ln.at_least)),
                               subtitle=ft.Text(ln.why), dense=True))
    for key, text in player.choices.items():
        out.append(ft.Text(f"{S.CHOICE.get(key, key)}: {text}", italic=True))
    return out


def legend(category: str, words: Mapping[str, str] | None = None) -> ft.Control:
    """A row's icon and its word, as the pad's legend says it."""
    st = style(category)
    return ft.Container(bgcolor=st.bg, border_radius=6, padding=ft.Padding.symmetric(
        horizontal=6, vertical=4), content=ft.Row([
            ft.Icon(st.icon, color=st.fg, size=18),
            ft.Text(S.category(category, words), color=st.fg, size=13)],
            spacing=4, tight=True))


NOTHING_SELECTED = (-1, "")
"""No pad cell selected: no lines open."""


@ft.component
def PadScreen() -> ft.View:
    model = use_model()
    evaluation = use_evaluation(model)
    # over the city it was opened from (/g/<code>/player/<i>/pad: its back arrow leads back
    # to that city; a walk landed on the table), else over the table
    over_city = ft.use_route_params().get("i")
    here = model.path(f"/player/{over_city}/pad" if over_city is not None else "/pad")

    def listen() -> Callable[[], None]:
        """Escape closes a cell's lines, as it closes a dialog (the page's one keyboard
        handler, while the pad shows; kept under Export, a screen over the pad)."""
        page = ft.context.page

        def key(e: ft.KeyboardEvent) -> None:
            if page.route != here:
                if not page.route.startswith(f"{here}/"):
                    # the pad is no longer shown, and its clean-up did not run (opened
                    # from an old /game/pad link, Flet 1.0.5 kept it mounted): let go of
                    # the keyboard
                    stop()
                return
            if e.key == "Escape" and model.selected != NOTHING_SELECTED:
                model.selected = NOTHING_SELECTED

        page.on_keyboard_event = key

        def stop() -> None:
            if page.on_keyboard_event is key:
                page.on_keyboard_event = None
        return stop

    # listened again when its address changes (its city's player reseated: it listened
    # for the address it opened at, and let go of the keyboard on the next key: a review)
    ft.use_effect(listen, [here])
    draft = model.draft
    if draft is None:
        return no_game_view("/game/pad", S.SCORE_PAD, S.HOME, "/")
    if evaluation is None:
        return view(here, S.SCORE_PAD, [busy_overlay(S.SCORING)])
    result = evaluation.result
    items: list[ft.Control] = []
    if model.notice:
        items.append(ft.Text(model.notice, italic=True))
    if evaluation.problems:
        items.append(header(S.PROBLEMS))
        for p in evaluation.problems:
            items.append(problems([S.at_where(_who(draft.seats, p.seat), p.message)]))
        # to where each is fixed: the city of each player a problem is about (a walk went
        # to the table, then to the city), and the table for the rest (the game's own)
        seats = sorted({p.seat for p in evaluation.problems
                        if p.seat is not None and 0 <= p.seat < len(draft.seats)})
        ways: list[ft.Control] = [
            ft.OutlinedButton(content=S.fix_city(draft.seats[k].name), icon=ft.Icons.EDIT,
                              height=48, on_click=back_to(model.path(f"/player/{k}")))
            for k in seats]
        if any(p.seat is None or not 0 <= p.seat < len(draft.seats)
               for p in evaluation.problems):
            ways.append(ft.OutlinedButton(content=S.TABLE_TITLE, icon=ft.Icons.EDIT, height=48,
                                          on_click=back_to(model.path())))
        items.append(wrap(ways))
    if result is None:
        items.append(header(S.SO_FAR))
        for k, seat in enumerate(draft.seats):
            got = evaluation.total(k)
            items.append(ft.Text(f"{seat.name}: {S.NO_VALUE if got is None else S.points(got)}",
                                 size=16))
    else:
        categories = list(ruleset(draft.game, draft.expansions).constants.categories)
        words = draft.facts.category_words
        if result.players:
            categories = [c for c in categories if c in result.players[0].categories]

        def select(i: int, c: str) -> Callable[[], None]:
            def go() -> None:
                model.selected = NOTHING_SELECTED if model.selected == (i, c) else (i, c)
            return go

        def close() -> None:
            model.selected = NOTHING_SELECTED

        if evaluation.final:
            items.append(ft.Container(
                content=ft.Semantics(identifier="verdict", content=ft.Text(
                    result.verdict, size=20, weight=ft.FontWeight.BOLD)),
                border=ft.Border.all(2, ACCENT), border_radius=8, padding=12))
        items.append(grid(result, categories, model.selected, select,
                          explanation(result, model.selected, close, words), words,
                          _screen_width()))
    if evaluation.final and result is not None and draft.finished is None:
        seen = model.game.version if model.game is not None else 0

        def finish() -> None:  # the game as this pad shows it, or said why not
            model.finish(summary(result), seen)
        if model.correcting:
            items.append(ft.Text(S.CORRECTING, italic=True))
        items.append(ft.FilledButton(content=S.FINISH, icon=ft.Icons.SAVE, on_click=finish,
                                     height=52, disabled=not model.is_host))
        if not model.is_host:
            items.append(ft.Text(S.HOST_FINISHES, italic=True))
    elif evaluation.final and result is not None:
        # Saved: the ways on from a finished game (a later edit makes it unfinished again;
        # only the host's phone corrects it).
        if not model.is_host:
            items.append(ft.Text(S.HOST_CORRECTS, italic=True))
        def again() -> None:
            if model.play_again(draft):
                ft.context.page.navigate(model.path())

        if model.next_code:  # another phone started the next game from this one
            code = model.next_code
            items.append(ft.FilledButton(
                content=S.JOIN_NEXT_GAME, icon=ft.Icons.LOGIN, height=52,
                on_click=lambda: ft.context.page.navigate(f"/g/{code}")))

        items += [ft.Semantics(identifier="saved", content=ft.Row(
                      [ft.Icon(ft.Icons.CHECK_CIRCLE, color=ACCENT), ft.Text(S.IN_HISTORY)])),
                  wrap([ft.FilledButton(content=S.DUPLICATE, icon=ft.Icons.REPLAY,
                                        on_click=again, height=52),
                        ft.OutlinedButton(content=S.NEW_GAME, icon=ft.Icons.ADD,
                                          on_click=back_to("/new"), height=52),
                        ft.OutlinedButton(content=S.HOME, icon=ft.Icons.HOME,
                                          on_click=back_to("/"), height=52)])]
    if evaluation.final and result is not None:
        items.append(ShareImage(result, tuple(categories), game_title(draft.game, draft.expansions),
                                file_name(draft, "pad", "png"),
                                tuple(draft.facts.category_words.items())))
    items.append(ft.OutlinedButton(content=S.EXPORT, icon=ft.Icons.IOS_SHARE, height=48,
                                   on_click=back_to(f"{here}/export")))
    return view(here, S.SCORE_PAD, items)


def _data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _who(seats: Sequence[object], seat: int | None) -> str:
    """The player a problem is about, by name ("" for the table as a whole)."""
    if seat is None or not 0 <= seat < len(seats):
        return ""
    return str(getattr(seats[seat], "name", ""))
@ft.component
def ShareImage(result: Result, categories: tuple[Category, ...], title: str,
               name: str, words: tuple[tuple[str, str], ...] = ()) -> ft.Control:
    """Share the final pad as a PNG made on the server: the phone's share sheet (a chat),
    a download, or the clipboard; each offered only where this browser can do it
    (ui/web/browser.py). Where it cannot share, one sentence says why, and the result's QR code
    carries the result as text to another phone."""
    done, set_done = ft.use_state("")
    picker = ft.use_memo(lambda: ft.FilePicker(), [])
    can = this_browser()

    def png() -> bytes:
        return pad_png(result, categories, title, dict(words))

    async def share() -> None:
        try:
            await ft.Share().share_files([ft.ShareFile.from_bytes(
                png(), mime_type="image/png", name=name)], title=title)
        except Exception:  # the share sheet refused or failed: the download still works
            set_done(S.SHARE_FAILED)

    async def download() -> None:
        await picker.save_file(dialog_title=name, file_name=name, src_bytes=png())
        set_done(S.downloaded(name))

    async def copy() -> None:
        await ft.Clipboard().set_image(png())
        set_done(S.COPIED_IMAGE)

    buttons: list[ft.Control] = []
    if can.share_files:
        buttons.append(ft.FilledTonalButton(
            content=spoken(S.SHARE_IMAGE, S.SHARE_IMAGE_NAME), icon=ft.Icons.SHARE,
            on_click=share, height=48))
    # each says of what, to a screen reader: a walk heard "Download PNG" and "Copy image"
    buttons.append(ft.OutlinedButton(content=spoken(S.DOWNLOAD_IMAGE, S.DOWNLOAD_IMAGE_NAME),
                                     icon=ft.Icons.IMAGE, on_click=download, height=48))
    if can.copy_image:
        buttons.append(ft.TextButton(content=spoken(S.COPY_IMAGE, S.COPY_IMAGE_NAME),
                                     icon=ft.Icons.COPY, on_click=copy, height=48))
    # what a button did ("Image copied: ..."), said by a screen reader as it shows (a walk
    # heard nothing after Copy)
    # always there, its words changed: a live region that appears is not always said
    items: list[ft.Control] = [wrap(buttons), ft.Semantics(
        live_region=True, content=ft.Text(done, italic=True))]
    if not can.share_files:
        items += [ft.Semantics(identifier="why-no-share",
                               content=ft.Text(can.why_no_share(), italic=True)),
                  ft.Semantics(identifier="result-qr", content=ft.Image(
                      src=_data_url(qr_png(share_text(result, title))), width=220,
                      height=220, semantics_label=S.RESULT_QR_NAME)),
                  ft.Text(S.RESULT_QR, size=12)]
    return ft.Column(items, spacing=4)
