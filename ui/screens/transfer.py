"""Export the game (table JSON, result CSV, share text) and import a table JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

import flet as ft

from scorer import TableError, parse_table
from ui import strings as S
from ui.draft import Draft
from ui.export import result_csv, share_text, table_json
from ui.model import use_model
from ui.screens.home import game_title
from ui.widgets import back_to, header, problems, view


def _copy_button(text: str, done: Callable[[], None]) -> ft.Control:
    async def copy() -> None:
        await ft.Clipboard().set(text)
        done()

    return ft.TextButton(content=S.COPY, icon=ft.Icons.COPY, on_click=copy)


@ft.component
def ExportScreen() -> ft.View:
    model = use_model()
    copied, set_copied = ft.use_state("")
    draft = model.draft
    if draft is None:
        return view("/game/export", S.EXPORT_TITLE, [ft.Text(S.NO_GAME)])
    evaluation = model.evaluation()
    parts: list[tuple[str, str]] = [(S.TABLE_JSON, table_json(draft))]
    if evaluation is not None and evaluation.final and evaluation.result is not None:
        parts.append((S.RESULT_CSV, result_csv(evaluation.result)))
        parts.append((S.SHARE_TEXT, share_text(evaluation.result, game_title(draft.game))))
    items: list[ft.Control] = []
    if any(s.quick for s in draft.seats):
        items.append(ft.Text(S.QUICK_NOTE, italic=True))
    for title, text in parts:
        def done(title: str = title) -> None:
            set_copied(title)
        items += [
            header(title, _copy_button(text, done)),
            ft.TextField(value=text, multiline=True, read_only=True, min_lines=3, max_lines=12,
                         text_style=ft.TextStyle(font_family="monospace", size=12)),
        ]
    if copied:
        items.insert(0, ft.Text(f"{S.COPIED} {copied}", italic=True))
    return view("/game/export", S.EXPORT_TITLE, items)


@ft.component
def ImportScreen() -> ft.View:
    model = use_model()
    text, set_text = ft.use_state("")
    found, set_found = ft.use_state(tuple[str, ...]())

    def do_import() -> None:
        try:
            data = json.loads(text)
        except ValueError as err:
            set_found((f"{S.NOT_JSON}: {err}",))
            return
        try:
            parse_table(data)
        except TableError as err:
            set_found(tuple(S.at_where(p.path, p.message) for p in err.problems))
            return
        model.start(Draft.from_table(data))
        model.say(S.IMPORTED)
        ft.context.page.navigate("/game")

    items: list[ft.Control] = [
        ft.TextField(label=S.PASTE, value=text, multiline=True, min_lines=6, max_lines=16,
                     on_change=lambda e: set_text(e.control.value or "")),
        problems(list(found)),
        ft.FilledButton(content=S.IMPORT, icon=ft.Icons.UPLOAD_FILE, on_click=do_import,
                        disabled=not text.strip(), height=52),
        ft.TextButton(content=S.HOME, on_click=back_to("/")),
    ]
    return view("/import", S.IMPORT_TITLE, items)
