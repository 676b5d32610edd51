"""Export the game (table JSON, result CSV: downloaded as files or copied; share text) and
import a table JSON (a picked file, uploaded to this server, or pasted)."""

from __future__ import annotations

import asyncio
import datetime as dt
import sys
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import flet as ft

from ui.entry.draft import Draft
from ui.entry.export import (
    Imported,
    file_problem,
    play_of,
    read_table,
    result_csv,
    share_text,
    table_json,
)
from ui.screens.a11y import named
from ui.screens.home import game_title
from ui.screens.widgets import (
    back_to,
    busy_overlay,
    confirm_replace,
    header,
    problems,
    use_kept_text,
    view,
    wrap,
)
from ui.session.model import use_model
from ui.session.verdicts import evaluate
from ui.store.store import Store
from ui.text import strings as S
from ui.web.browser import this_browser
from ui.web.upload_limit import MAX_IMPORT_BYTES


def _copy_button(what: str, text: str, done: Callable[[bool], None]) -> ft.Control:
    """Copy `text` to the clipboard; a screen reader hears what it copies (`what`): the
    screen has one Copy per part."""
    async def copy() -> None:
        try:
            await ft.Clipboard().set(text)
        except Exception:  # the browser refused (a Safari once the tap's moment passed)
            done(False)
            return
        done(True)

    return ft.TextButton(content=ft.Text(S.COPY, semantics_label=S.copy_what(what)),
                         icon=ft.Icons.COPY, on_click=copy)


def file_name(draft: Draft, kind: str, ext: str) -> str:
    """`wonders-7wonders-1e-2025-05-01-table.json`: the game and the day it was started."""
    day = dt.datetime.fromtimestamp(draft.created).strftime("%Y-%m-%d")
    return f"wonders-{draft.game}-{day}-{kind}.{ext}"


def played(store: Store, draft: Draft) -> dict[str, Any] | None:
    """A finished game's play as the history keeps it (when, how long, where, a note)."""
    if draft.finished is None:
        return None
    kept = store.saved_game(draft.id)
    if kept is None:
        return play_of(draft.created, draft.finished, "", "")
    entry = kept[0]
    return play_of(entry.started, entry.finished, entry.place, entry.note)


@ft.component
def ExportScreen() -> ft.View:
    """The game's files and text to take away: over the table or over the pad, wherever it
    was opened from (its view's own address: `ft.use_view_path`)."""
    model = use_model()
    here = ft.use_view_path()
    copied, set_copied = ft.use_state("")
    picker = ft.use_memo(lambda: ft.FilePicker(), [])
    draft = model.draft
    if draft is None:
        return view("/game/export", S.EXPORT_TITLE, [ft.Text(S.NO_GAME)])
    evaluation = model.evaluation()
    play = played(model.store, draft)
    parts: list[tuple[str, str, str]] = [
        (S.TABLE_JSON, table_json(draft, play), file_name(draft, "table", "json"))]
    if evaluation is not None and evaluation.final and evaluation.result is not None:
        parts.append((S.RESULT_CSV, result_csv(evaluation.result, play,
                                               draft.facts.category_words),
                      file_name(draft, "result", "csv")))
        parts.append((S.SHARE_TEXT, share_text(evaluation.result,
                                               game_title(draft.game, draft.expansions)), ""))
    can = this_browser()  # the copy buttons only where the page may copy (ui/web/browser.py)
    items: list[ft.Control] = []
    if not can.copy_text:
        items.append(ft.Semantics(identifier="why-no-copy",
                                  content=ft.Text(can.why_no_copy(), italic=True)))
    for title, text, name in parts:
        def done(copied: bool, title: str = title) -> None:
            set_copied(f"{S.COPIED} {title}" if copied else S.COPY_FAILED)

        def download(text: str = text, name: str = name) -> Callable[[], Awaitable[None]]:
            async def go() -> None:
                await picker.save_file(dialog_title=name, file_name=name,
                                       src_bytes=text.encode("utf-8"))
                set_copied(S.downloaded(name))
            return go

        buttons: list[ft.Control] = [_copy_button(title, text, done)] if can.copy_text else []
        if name:
            buttons.insert(0, ft.FilledTonalButton(
                content=f"{S.DOWNLOAD} {name.rsplit('.', 1)[-1].upper()}",
                icon=ft.Icons.DOWNLOAD, on_click=download(), tooltip=name))
        items += [
            header(title),
            wrap(buttons) if buttons else ft.Container(),
            named(ft.TextField(value=text, multiline=True, read_only=True, min_lines=3,
                               max_lines=12,
                               text_style=ft.TextStyle(font_family="monospace", size=12)),
                  title),
        ]
    if copied:
        items.insert(0, ft.Text(copied, italic=True))
    return view(here or model.path("/export"), S.EXPORT_TITLE, items)


@ft.component
def ImportScreen() -> ft.View:
    model = use_model()
    text, set_text = ft.use_state("")
    paste_field = use_kept_text()
    refusals, set_refusals = ft.use_state(0)
    found, set_found = ft.use_state(tuple[str, ...]())
    busy, set_busy = ft.use_state("")
    nothing: Draft | None = None
    pending, set_pending = ft.use_state(nothing)

    def start(draft: Draft) -> None:
        set_pending(None)
        if model.start(draft):
            model.say(S.IMPORTED)
            ft.context.page.navigate(model.path())

    async def take(raw: str | bytes) -> None:
        """Read and check the file off the event loop, with progress; then import it, or ask
        first when it would replace an unfinished game."""
        set_found(())
        set_busy(S.CHECKING)
        try:
            got: Imported = await asyncio.to_thread(_read_and_score, raw)
        finally:
            set_busy("")
        if got.draft is None:
            set_found(got.problems)
        elif await asyncio.to_thread(model.store.sees_play, got.draft):
            set_found((S.ALREADY_IN_HISTORY,))
        elif model.would_lose():
            set_pending(got.draft)
        else:
            start(got.draft)

    picker = use_json_upload(take, set_busy, set_found)

    async def do_import() -> None:
        await take(paste_field.now(text))  # every key handled or not

    def pasted(e: ft.Event[ft.TextField]) -> None:
        """The pasted text, up to the import limit; beyond it the text is refused and let go
        at once (a session would keep it until it expires)."""
        value = paste_field.hear(e.control.value or "")
        size = len(value.encode("utf-8"))
        if size > MAX_IMPORT_BYTES:
            set_text("")
            set_refusals(refusals + 1)  # a new field: the old one and its text are let go
            set_found((S.too_big("", size, MAX_IMPORT_BYTES),))
        else:
            set_text(value)


    items: list[ft.Control] = []
    if pending is not None and model.draft is not None:
        current = model.draft

        def replace() -> None:
            start(pending)

        items.append(confirm_replace(current, game_title(current.game, current.expansions),
                                     S.REPLACED_BY_IMPORT, replace, lambda: set_pending(None)))
    if model.upload_dir is not None:
        items += [
            ft.FilledButton(content=S.CHOOSE_FILE, icon=ft.Icons.FILE_OPEN, height=52,
                            disabled=bool(busy),
                            action=ft.PickFiles(picker, file_type=ft.FilePickerFileType.CUSTOM,
                                                allowed_extensions=["json"],
                                                cancel_upload_on_window_blur=False)),
            ft.Text(S.OR_PASTE, italic=True),
        ]
    else:
        items.append(ft.Text(S.NO_UPLOAD, italic=True))
    items += [
        paste_field.keep(ft.TextField(
            label=S.PASTE, value=paste_field.text(text), multiline=True, min_lines=6,
            max_lines=16, max_length=MAX_IMPORT_BYTES, on_change=pasted,
            key=f"paste-{refusals}")),
        problems(list(found)),
        ft.FilledButton(content=S.IMPORT, icon=ft.Icons.UPLOAD_FILE, on_click=do_import,
                        disabled=not text.strip() or bool(busy), height=52),
        ft.TextButton(content=S.HOME, on_click=back_to("/")),
    ]
    return view("/import", S.IMPORT_TITLE, [busy_overlay(busy), *items])


class _PickerHandlers:
    """Stable event handlers for a FilePicker that call the latest render's functions."""

    def __init__(self) -> None:
        self.picked: Callable[[ft.FilePickerResultEvent], Awaitable[None]] | None = None
        self.uploaded: Callable[[ft.FilePickerUploadEvent], Awaitable[None]] | None = None

    async def result(self, e: ft.FilePickerResultEvent) -> None:
        if self.picked is not None:
            await self.picked(e)

    async def upload(self, e: ft.FilePickerUploadEvent) -> None:
        if self.uploaded is not None:
            await self.uploaded(e)


def use_json_upload(take: Callable[[bytes], Awaitable[None]],
                    set_busy: Callable[[str], None],
                    set_found: Callable[[tuple[str, ...]], None]) -> ft.FilePicker:
    """A picker for one `.json` file, uploaded to this server's own upload handler (signed
    URL) and handed to `take` once complete: a JSON file within the import limit only, one
    pending upload per session (a new pick drops the last), the file removed once read.
    What cannot be done is said with `set_found`; the screen's two importers share it."""
    model = use_model()
    upload = ft.use_ref("")
    handlers = ft.use_memo(_PickerHandlers, [])
    # The picker's handlers are set when it is made (the client learns then that it has
    # them); they call this render's functions through the ref.
    picker = ft.use_memo(lambda: ft.FilePicker(on_result=handlers.result,
                                               on_upload=handlers.upload), [])
    upload_dir: Path | None = model.upload_dir

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            return  # cancelled
        f = e.files[0]
        why = file_problem(f.name, f.size)
        if why:
            set_found((why,))
            return
        if upload_dir is None:
            set_found((S.NO_UPLOAD,))
            return
        if upload.current:  # one pending upload per session: a new pick drops the last
            (upload_dir / upload.current).unlink(missing_ok=True)
        upload.current = f"{uuid.uuid4().hex}.json"
        set_found(())
        set_busy(S.UPLOADING)
        url = ft.context.page.get_upload_url(upload.current, 120)
        await picker.upload([ft.FilePickerUploadFile(upload_url=url, method="PUT", id=f.id)])

    async def uploaded(e: ft.FilePickerUploadEvent) -> None:
        if e.error:
            set_busy("")
            print(f"wonders-scorer: an upload failed: {e.error}", file=sys.stderr)
            set_found((S.UPLOAD_FAILED,))  # the browser's words are a programmer's
            return
        if e.progress is None or e.progress < 1.0 or upload_dir is None or not upload.current:
            return
        path = upload_dir / upload.current
        upload.current = ""
        try:
            with path.open("rb") as fh:
                raw = fh.read(MAX_IMPORT_BYTES + 1)
        except OSError as err:
            set_busy("")
            print(f"wonders-scorer: an uploaded file cannot be read: {err}", file=sys.stderr)
            set_found((S.UPLOAD_FAILED,))  # the OS's words and the path stay on the server
            return
        finally:
            path.unlink(missing_ok=True)
        await take(raw)

    handlers.picked = picked
    handlers.uploaded = uploaded
    return picker


def _read_and_score(raw: str | bytes) -> Imported:
    """Read the file, and score what it gives once (cached), so the table opens at once."""
    got = read_table(raw)
    if got.draft is not None:
        evaluate(got.draft)
    return got
