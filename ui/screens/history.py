"""History of finished games: a page at a time (years of games are never read at once);
each play with its date, duration, place and note; open, play again, delete with undo; a
game's own page (its place and note, Log to BG Stats); the whole history exported to one
file and imported on another server."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
import urllib.parse
from collections.abc import Callable

import flet as ft

from scorer.bgstats import play_data, play_link
from scorer.facts import ruleset
from scorer.history import MAX_NOTE, MAX_PLACE, history_json, read_text
from scorer.ruleset import expansion_title
from scorer.words import side_word_in_english
from ui.entry.draft import Draft
from ui.entry.games.seven_wonders import SevenWondersSeat
from ui.screens.a11y import spoken
from ui.screens.home import game_title
from ui.screens.stats import game_route
from ui.screens.transfer import use_json_upload
from ui.screens.widgets import (
    back_to,
    busy_overlay,
    confirm_replace,
    notice,
    problems,
    use_kept_text,
    use_latest_state,
    view,
    wrap,
)
from ui.session.model import AppModel, use_model
from ui.session.verdicts import evaluate
from ui.store.history_db import IMPORTED_PER_ADDRESS, MAX_IMPORTED, HistoryEntry
from ui.text import strings as S
from ui.web.upload_limit import MAX_IMPORT_BYTES

PAGE = 20
"""Games shown at first, and added by Show more."""


def _when(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def play_line(e: HistoryEntry) -> str:
    """`2026-11-28 19:52 · 48 min · Ann's`: when, how long, where."""
    parts = [_when(e.finished)]
    if e.duration_min is not None:
        parts.append(S.minutes(e.duration_min))
    if e.place:
        parts.append(e.place)
    return " · ".join(parts)


def _open_or_again(model: AppModel, gid: str, again: bool) -> Callable[[], None]:
    """Open a saved game's pad, or play it again (same players and wonders)."""
    def go() -> None:
        got = model.store.saved_game(gid)
        if got is None:
            model.say(S.NO_SUCH_GAME)
            return
        draft = got[1]
        if again:
            if model.play_again(draft):
                ft.context.page.navigate(model.path())
        elif model.open_finished(draft):  # as the server keeps it: host, code, version stay
            ft.context.page.navigate(model.path("/pad"))
    return go


@ft.component
def HistoryScreen() -> ft.View:
    model = use_model()
    nothing: tuple[list[HistoryEntry], int] | None = None
    shown, set_shown = ft.use_state(nothing)
    limit, set_limit = ft.use_state(PAGE)
    version = model.history_version  # read again when the history changes
    picker = ft.use_memo(lambda: ft.FilePicker(), [])

    async def load() -> None:
        """A page of the list and the count, off the event loop (no game is read)."""
        def read() -> tuple[list[HistoryEntry], int]:
            return model.store.history_page(0, limit), model.store.history_count()
        set_shown(await asyncio.to_thread(read))

    ft.use_effect(load, [version, limit])

    asked: tuple[str, bool] | None = None
    asking, set_asking = ft.use_state(asked)
    """The history entry whose Open (False) or Play again (True) waits for an answer."""
    opener = {(e.id, again): _open_or_again(model, e.id, again)
              for e in (shown[0] if shown else []) for again in (False, True)}

    def ask_then(gid: str, again: bool) -> Callable[[], None]:
        """Open or play again; first ask, when that would lose the game in progress. The
        game in progress opened again is no loss: it opens as it is (a finished game being
        corrected: a walk was asked to replace it by itself, and "Replace" would have
        thrown the correction away)."""
        def go() -> None:
            same = not again and model.draft is not None and model.draft.id == gid
            if model.would_lose() and not same:
                set_asking((gid, again))
            else:
                opener[(gid, again)]()
        return go

    def delete(e: HistoryEntry) -> Callable[[], None]:
        def go() -> None:
            done = model.store.delete_game(e.id, address=model.client_address())
            if done == "done":
                model.say(S.deleted(e.summary), e.id)
            else:  # a game every phone shares, hidden by the most phones it takes; a write
                model.say(S.SHARED_HIDDEN_FULL if done == "full" else S.NOT_DELETED)
            model.history_version += 1
        return go

    def undo() -> None:
        model.store.delete_game(model.undo_id, deleted=False)
        model.say("")
        model.history_version += 1

    async def export_all() -> None:
        found, left = await asyncio.to_thread(model.store.history_export)
        text = await asyncio.to_thread(history_json, found)  # a long history: off the loop
        name = f"wonders-history-{time.strftime('%Y-%m-%d')}.json"
        await picker.save_file(dialog_title=name, file_name=name,
                               src_bytes=text.encode("utf-8"))
        said = S.downloaded(name)
        if left:  # never a file that silently lacks games
            said += " " + S.export_left_out(
                [f"{_when(g.finished)} {g.summary}".strip() for g in left])
        model.say(said)

    items: list[ft.Control] = [wrap([
        ft.FilledTonalButton(content=S.PLAYERS_TITLE, icon=ft.Icons.PEOPLE,
                             on_click=back_to("/players")),
        ft.FilledTonalButton(content=S.STATS_TITLE, icon=ft.Icons.BAR_CHART,
                             on_click=back_to("/stats")),
        ft.OutlinedButton(content=S.EXPORT_HISTORY, icon=ft.Icons.DOWNLOAD, on_click=export_all),
        ft.OutlinedButton(content=S.IMPORT_HISTORY, icon=ft.Icons.UPLOAD_FILE,
                          on_click=back_to("/history/import")),
    ])]
    if model.undo_id:
        items.append(notice(model.notice, ft.TextButton(content=S.UNDO, on_click=undo)))
    elif model.notice and not model.notice_of_game:  # a game's refusal: said on its screens
        items.append(notice(model.notice))
    if shown is None:
        items.append(busy_overlay(S.LOADING))
    elif not shown[0]:
        items.append(ft.Text(S.NO_HISTORY))
    current = model.draft
    for e in shown[0] if shown else []:
        if not e.readable:  # listed, never hidden: kept as it is until deleted
            items.append(ft.Card(content=ft.Container(padding=10, content=ft.Column([
                ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                        ft.Text(S.DAMAGED_GAME, weight=ft.FontWeight.BOLD, expand=True)]),
                ft.Text(play_line(e), size=13),
                ft.Text(e.summary),
                ft.Text(S.DAMAGED_HINT, italic=True),
                ft.TextButton(content=spoken(S.DELETE, S.game_delete(play_line(e))),
                              icon=ft.Icons.DELETE_OUTLINE, on_click=delete(e)),
            ], spacing=4))))
            continue
        which = f"{play_line(e)} {e.summary}".strip()  # each row's buttons say its game
        actions: ft.Control = wrap([
            ft.TextButton(content=spoken(S.PLAY_DETAILS, S.game_details(which)),
                          icon=ft.Icons.INFO_OUTLINE, on_click=back_to(game_route(e.id))),
            ft.TextButton(content=spoken(S.OPEN, S.game_open(which)),
                          icon=ft.Icons.OPEN_IN_NEW, on_click=ask_then(e.id, False)),
            ft.TextButton(content=spoken(S.DUPLICATE, S.game_again(which)),
                          icon=ft.Icons.REPLAY, on_click=ask_then(e.id, True)),
            ft.TextButton(content=spoken(S.DELETE, S.game_delete(which)),
                          icon=ft.Icons.DELETE_OUTLINE, on_click=delete(e)),
        ])
        if asking is not None and asking[0] == e.id and current is not None:
            again = asking[1]
            actions = confirm_replace(
                current, game_title(current.game, current.expansions),
                S.REPLACED_BY_NEW if again else S.REPLACED_BY_HISTORY,
                opener[(e.id, again)], lambda: set_asking(None))
        lines: list[ft.Control] = [
            ft.Text(game_title(e.game, e.expansions), weight=ft.FontWeight.BOLD),
            ft.Text(play_line(e), size=13),
            ft.Text(e.summary),
        ]
        if e.early_winners:  # the lower total won: why, in words
            lines.append(ft.Text(S.won_on_a_supremacy(list(e.early_winners)), italic=True))
        if e.note:
            lines.append(ft.Text(e.note, italic=True, max_lines=3,
                                 overflow=ft.TextOverflow.ELLIPSIS))
        items.append(ft.Card(content=ft.Container(padding=10, content=ft.Column(
            [*lines, actions], spacing=4))))
    if shown is not None and shown[1] > len(shown[0]):
        items.append(ft.Row([
            ft.Text(S.history_of(len(shown[0]), shown[1])),
            ft.FilledTonalButton(content=S.SHOW_MORE, icon=ft.Icons.EXPAND_MORE,
                                 on_click=lambda: set_limit(limit + PAGE)),
        ], wrap=True))
    return view("/history", S.HISTORY_TITLE, items)


def bg_stats_link(entry: HistoryEntry, draft: Draft, web: bool = False) -> str:
    """The play as BG Stats' link (scorer/bgstats.py), from the engine's result; `web`: its
    https form, for a device without the app."""
    evaluation = evaluate(draft)
    result = evaluation.result
    winners = set(result.winners) if result else set()
    seats = {s.name: s for s in draft.seats}
    rules = ruleset(draft.game, draft.expansions)
    players = []
    for p in result.players if result else []:
        seat = seats.get(p.name)
        # the board and its side in the edition's English words, in every language (Babylon
        # Day, Babylon A): BG Stats keeps a role by its text
        role = (f"{seat.board} {side_word_in_english(rules.side_name(seat.side))}".strip()
                if isinstance(seat, SevenWondersSeat) and seat.board else "")
        players.append({"name": p.name, "score": p.total, "rank": p.rank,
                        "winner": p.name in winners, "role": role})
    data = play_data(
        play_id=entry.id, game=draft.game, game_name=game_title(draft.game),
        expansions=[(e, expansion_title(draft.game, e)) for e in draft.expansions],
        finished=entry.finished, duration_min=entry.duration_min, place=entry.place,
        note=entry.note, players=players)
    return play_link(data, web=web)


@ft.component
def GameScreen() -> ft.View:
    """One game of the history: when, how long, where, a note; its result; Log to BG Stats."""
    model = use_model()
    gid = urllib.parse.unquote(ft.use_route_params().get("id", "") or "")
    route = game_route(gid)
    nothing: tuple[HistoryEntry, Draft] | None = None
    got, set_got = ft.use_state(nothing)
    loaded, set_loaded = ft.use_state(False)
    place, place_now, set_place = use_latest_state("")
    note, note_now, set_note = use_latest_state("")
    place_field, note_field = use_kept_text(), use_kept_text()
    said, set_said = ft.use_state("")  # what Save did, on this page only
    version = model.history_version

    async def load() -> None:
        found = await asyncio.to_thread(model.store.saved_game, gid)
        set_got(found)
        if found is not None:
            set_place(found[0].place)
            set_note(found[0].note)
        set_loaded(True)

    ft.use_effect(load, [gid, version])
    if not loaded:
        return view(route, S.HISTORY_TITLE, [busy_overlay(S.LOADING)])
    if got is None:
        return view(route, S.HISTORY_TITLE, [ft.Text(S.NO_SUCH_GAME), ft.FilledButton(
            content=S.HISTORY, on_click=back_to("/history"))])
    entry, draft = got

    def save() -> None:
        # what was typed up to the tap, even keys whose render is still to come
        if not model.store.set_play(gid, place_now(), note_now()):  # only the host corrects
            set_said(S.HOST_CORRECTS)
            return
        model.history_version += 1
        set_said(S.SAVED)

    changed = (place, note) != (entry.place, entry.note)
    pad = ft.OutlinedButton(content=S.OPEN_PAD, icon=ft.Icons.OPEN_IN_NEW,
                            on_click=_open_or_again(model, gid, False), height=48)
    items: list[ft.Control] = [
        ft.Text(game_title(draft.game, draft.expansions), weight=ft.FontWeight.BOLD, size=18),
        ft.Text(play_line(entry)),
        ft.Text(entry.summary),
    ]
    if entry.corrects:
        items += [
            place_field.keep(ft.TextField(
                label=S.PLACE, value=place_field.text(place), max_length=MAX_PLACE,
                on_change=lambda e: set_place(place_field.hear(e.control.value or "")))),
            note_field.keep(ft.TextField(
                label=S.NOTE, value=note_field.text(note), max_length=MAX_NOTE,
                multiline=True, min_lines=2, max_lines=6,
                on_change=lambda e: set_note(note_field.hear(e.control.value or "")))),
            wrap([ft.FilledButton(content=S.SAVE, icon=ft.Icons.SAVE, on_click=save,
                                  disabled=not changed, height=48), pad])]
        # "Saved" until the next key (then it is no longer what was saved); a refusal
        # while the text it refused is still there
        if said and (said != S.SAVED or not changed):
            items.append(notice(said))
    else:  # a member reads them: only the host's phone corrects a finished game
        items += [ft.Text(line, selectable=True) for line, text in (
            (S.place_read(entry.place), entry.place), (S.note_read(entry.note), entry.note))
            if text]
        items += [ft.Text(S.HOST_CORRECTS_PLAY, italic=True), pad]
    items += [
        wrap([ft.FilledTonalButton(content=S.LOG_BG_STATS, icon=ft.Icons.LEADERBOARD,
                                   height=48, url=bg_stats_link(entry, draft)),
              ft.OutlinedButton(content=S.LOG_BG_STATS_WEB, icon=ft.Icons.OPEN_IN_BROWSER,
                                height=48, url=bg_stats_link(entry, draft, web=True))]),
        ft.Text(S.BG_STATS_HINT, size=12, italic=True),
    ]
    return view(route, S.HISTORY_TITLE, items)


@ft.component
def HistoryImportScreen() -> ft.View:
    """A history file into this history: picked and uploaded (within the server's upload
    limit) or pasted; every problem named; games already here kept as they are."""
    model = use_model()
    text, set_text = ft.use_state("")
    pasted = use_kept_text()
    found, set_found = ft.use_state(tuple[str, ...]())
    busy, set_busy = ft.use_state("")
    done, set_done = ft.use_state("")

    async def take(raw: str | bytes) -> None:
        set_found(())
        set_done("")
        set_busy(S.CHECKING)
        try:
            plays, trouble = await asyncio.to_thread(read_text, raw)
            if trouble:
                set_found(tuple(S.at_where(p.path, p.message) for p in trouble[:50]))
                return
            added = await asyncio.to_thread(model.store.import_plays, [p.play for p in plays],
                                            False, model.client_address())
        finally:
            set_busy("")
        if added is not None:
            model.history_version += 1
            set_done(" ".join([S.imported_games(added.added, added.already)] + (
                [S.imports_over(added.over, MAX_IMPORTED)] if added.over else []) + (
                [S.imports_over_here(added.over_here, IMPORTED_PER_ADDRESS)]
                if added.over_here else [])))
            set_text("")

    picker = use_json_upload(take, set_busy, set_found)

    async def do_import() -> None:
        await take(pasted.now(text))  # every key handled or not

    items: list[ft.Control] = [busy_overlay(busy), ft.Text(S.IMPORT_HISTORY_HINT)]
    if done:
        items.append(notice(done))
    if model.upload_dir is not None:
        items.append(ft.FilledButton(
            content=S.CHOOSE_FILE, icon=ft.Icons.FILE_OPEN, height=52, disabled=bool(busy),
            action=ft.PickFiles(picker, file_type=ft.FilePickerFileType.CUSTOM,
                                allowed_extensions=["json"],
                                cancel_upload_on_window_blur=False)))
    items += [
        pasted.keep(ft.TextField(
            label=S.PASTE_HISTORY, value=pasted.text(text), multiline=True, min_lines=4,
            max_lines=10,
            max_length=MAX_IMPORT_BYTES,
            on_change=lambda e: set_text(pasted.hear(e.control.value or "")))),
        problems(list(found)),
        ft.FilledButton(content=S.IMPORT, icon=ft.Icons.UPLOAD_FILE, on_click=do_import,
                        disabled=not text.strip() or bool(busy), height=52),
        ft.TextButton(content=S.HISTORY, on_click=back_to("/history")),
    ]
    return view("/history/import", S.IMPORT_HISTORY, items)
