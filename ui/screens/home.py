"""Home: continue the game in progress, start one, history, rules, import."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

import flet as ft

from scorer.facts import ruleset
from scorer.rules_list import title as rules_title
from ui.entry.draft import Draft
from ui.screens.memo import memo
from ui.screens.widgets import back_to, header, notice, one_of, use_body_shown, view
from ui.session.model import use_model_unwatched, use_watch
from ui.store.store import Store
from ui.text import strings as S
from ui.text.language import choices
from ui.web.browser import this_browser


def themes() -> tuple[tuple[str, str], ...]:
    """The theme picker: key, label (in the session's language)."""
    return (("light", S.THEME_LIGHT), ("dark", S.THEME_DARK), ("system", S.THEME_SYSTEM))


def game_title(game: str, expansions: Sequence[str] = ()) -> str:
    """The game as players name it, with the expansions it is played with ("7 Wonders Duel
    with Pantheon"): two games of one base game told apart in History, on the table and in
    what is shared."""
    try:
        base = ruleset(game).constants.title
    except Exception:  # a game whose ruleset is not there yet
        return game
    try:
        return rules_title(game, expansions) if expansions else base
    except Exception:  # an expansion this version does not know: the game's own title
        return base


@ft.component
def Home() -> ft.View:
    model = use_model_unwatched()
    # Under another screen, Home watches nothing (a tap in a city does not re-render it);
    # on top again it renders, and shows the game as it is then.
    on_top = ft.is_route_active("/", exact=True)
    shown = use_watch(lambda m: (m.draft, m.theme, m.path(), m.language) if on_top else None,
                      (on_top,))
    draft, theme, address, language = shown or (model.draft, model.theme, model.path(),
                                                model.language)
    if not use_body_shown(on_top):  # under a game: its app bar only (ui/screens/widgets.py)
        return view("/", S.APP_TITLE, [])
    return view("/", S.APP_TITLE, [HomeBody(draft, theme, address, model.store,
                                            model.choose_theme, language,
                                            model.choose_language)])


@ft.component
def _HomeBody(draft: Draft | None, theme: str, address: str, store: Store,
              choose_theme: Callable[[str], Awaitable[None]], language: str = "en",
              choose_language: Callable[[str], Awaitable[None]] | None = None) -> ft.Control:
    """`address`: the game in progress's own (Continue leads there); `language`: the
    session's, a value so that choosing another renders the memoized body again."""
    dismissed, set_dismissed = ft.use_state(False)
    items: list[ft.Control] = [
        ft.Text(S.TAGLINE, size=16),
    ]
    if store.notice and not dismissed:  # the saved-games file had to be replaced
        def dismiss() -> None:
            store.dismiss()
            set_dismissed(True)
        items.insert(0, notice(store.notice,
                               ft.TextButton(content=S.DISMISS, on_click=dismiss)))
    if draft is not None and draft.finished is None:
        names = ", ".join(s.name for s in draft.seats)
        items.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Text(S.IN_PROGRESS, weight=ft.FontWeight.BOLD),
            ft.Text(f"{game_title(draft.game, draft.expansions)} · "
                    f"{S.players_count(len(draft.seats))}"),
            ft.Text(names),
            ft.FilledButton(content=S.CONTINUE, icon=ft.Icons.PLAY_ARROW,
                            on_click=back_to(address)),
        ]))))
    items += [
        ft.FilledButton(content=S.NEW_GAME, icon=ft.Icons.ADD, on_click=back_to("/new"),
                        height=52),
        ft.OutlinedButton(content=S.JOIN, icon=ft.Icons.GROUP_ADD, on_click=back_to("/join"),
                          height=52),
        ft.OutlinedButton(content=S.HISTORY, icon=ft.Icons.HISTORY, on_click=back_to("/history"),
                          height=52),
        ft.OutlinedButton(content=S.PLAYERS_TITLE, icon=ft.Icons.BAR_CHART,
                          on_click=back_to("/players"), height=52),
        ft.OutlinedButton(content=S.RULES, icon=ft.Icons.MENU_BOOK, on_click=back_to("/rules"),
                          height=52),
        ft.OutlinedButton(content=S.IMPORT, icon=ft.Icons.UPLOAD_FILE,
                          on_click=back_to("/import"), height=52),
    ]

    async def speak(code: str) -> None:
        if choose_language is not None:
            await choose_language(code)

    install = this_browser().install_note()  # ui/web/browser.py: what this page can do
    if install:
        items.append(ft.Semantics(identifier="install-note",
                                  content=ft.Text(install, italic=True, size=13)))
    # one of each: radio buttons (chips read as checkboxes: a walk)
    items += [header(S.LANGUAGE),
              one_of([(code, name, False) for code, name in choices()], language, speak,
                     S.LANGUAGE)]
    items += [header(S.THEME),
              one_of([(key, label, False) for key, label in themes()], theme,
                     choose_theme, S.THEME)]
    return ft.Column(items, spacing=12)


HomeBody = memo(_HomeBody)
