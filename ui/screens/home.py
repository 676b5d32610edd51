"""Home: continue the game in progress, start one, history, rules, import."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from scorer.facts import ruleset
from ui import strings as S
from ui.model import use_model
from ui.widgets import back_to, header, notice, toggle, view, wrap

THEMES = (("light", S.THEME_LIGHT, ft.Icons.LIGHT_MODE), ("dark", S.THEME_DARK, ft.Icons.DARK_MODE),
          ("system", S.THEME_SYSTEM, ft.Icons.BRIGHTNESS_AUTO))


def game_title(game: str) -> str:
    try:
        return ruleset(game).constants.title
    except Exception:  # a game whose ruleset is not there yet
        return game


@ft.component
def Home() -> ft.View:
    model = use_model()
    draft = model.draft
    dismissed, set_dismissed = ft.use_state(False)
    items: list[ft.Control] = [
        ft.Text(S.TAGLINE, size=16),
    ]
    if model.store.notice and not dismissed:  # the saved-games file had to be replaced
        def dismiss() -> None:
            model.store.dismiss()
            set_dismissed(True)
        items.insert(0, notice(model.store.notice,
                               ft.TextButton(content=S.DISMISS, on_click=dismiss)))
    if draft is not None and draft.finished is None:
        names = ", ".join(s.name for s in draft.seats)
        items.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Text(S.IN_PROGRESS, weight=ft.FontWeight.BOLD),
            ft.Text(f"{game_title(draft.game)} · {S.players_count(len(draft.seats))}"),
            ft.Text(names),
            ft.FilledButton(content=S.CONTINUE, icon=ft.Icons.PLAY_ARROW,
                            on_click=back_to(model.path())),
        ]))))
    items += [
        ft.FilledButton(content=S.NEW_GAME, icon=ft.Icons.ADD, on_click=back_to("/new"),
                        height=52),
        ft.OutlinedButton(content=S.JOIN, icon=ft.Icons.GROUP_ADD, on_click=back_to("/join"),
                          height=52),
        ft.OutlinedButton(content=S.HISTORY, icon=ft.Icons.HISTORY, on_click=back_to("/history"),
                          height=52),
        ft.OutlinedButton(content=S.RULES, icon=ft.Icons.MENU_BOOK, on_click=back_to("/rules"),
                          height=52),
        ft.OutlinedButton(content=S.IMPORT, icon=ft.Icons.UPLOAD_FILE,
                          on_click=back_to("/import"), height=52),
    ]

    def pick(theme: str) -> Callable[[], Awaitable[None]]:
        async def go() -> None:
            await model.choose_theme(theme)
        return go

    items += [header(S.THEME), wrap([
        ft.Semantics(identifier=f"theme-{key}", content=toggle(label, model.theme == key,
                                                                pick(key), icon=icon))
        for key, label, icon in THEMES])]
    return view("/", S.APP_TITLE, items)
