"""The language of each app session (each phone its own): the browser's on a first visit,
then the one chosen on the Home screen, remembered by that browser.

`scorer.i18n` keeps the language in a context variable, but Flet runs each event handler
in a fresh task that does not carry it; a render or a handler always knows its session
(`ft.context`), so the texts made there ask the session (`scorer.i18n.use_fallback`)."""

from __future__ import annotations

from weakref import WeakKeyDictionary

import flet as ft

from scorer import i18n
from ui.web.ask import answer

LANGUAGE_KEY = "wonders.language"
NAMES = {"en": "English", "vi": "Tiếng Việt"}
"""Each language in its own words, as the picker shows it (never translated)."""

GIVEN_NAME_LAST = frozenset({"vi"})
"""Languages whose full names end with the name a player is called by: "Nguyễn Văn An" is
An at the table, and a narrow pad column shows "An", not the family name shared by half the
table (`ui.screens.fit.column_names`)."""

_by_session: WeakKeyDictionary[object, str] = WeakKeyDictionary()


def given_name_last() -> bool:
    """Whether the language being shown puts the name a player is called by last."""
    return i18n.current() in GIVEN_NAME_LAST


def session_language() -> str | None:
    """The language of the Flet session this code runs for (None outside one)."""
    try:
        session = ft.context.page.session
    except RuntimeError:  # no page: not an app session (a thread of its own, a test)
        return None
    return _by_session.get(session)


def set_session_language(page: ft.Page, code: str) -> str:
    """This page's session shows `code` from now on (English when it has no catalogue)."""
    language = i18n.supported(code) or i18n.SOURCE_LANGUAGE
    _by_session[page.session] = language
    return language


def flutter_locale(language: str) -> ft.LocaleConfiguration:
    """The language for Flutter's own words (the back button's "Back", a text field's
    menu): the app's languages, the session's current."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in i18n.languages()],
        current_locale=ft.Locale(language))


def choices() -> list[tuple[str, str]]:
    """The picker's languages: code and name, English first."""
    return [(code, NAMES.get(code, code)) for code in i18n.languages()]


async def remembered_language(page: ft.Page) -> str:
    """The language this browser chose last time, else the browser's own (its preferred
    languages, first one with a catalogue), else English."""
    saved = await answer(ft.SharedPreferences().get(LANGUAGE_KEY))
    if isinstance(saved, str) and i18n.supported(saved):
        return i18n.supported(saved) or i18n.SOURCE_LANGUAGE
    return i18n.first_supported(await browser_languages(page))


async def browser_languages(page: ft.Page) -> list[str]:
    """The browser's preferred languages (navigator.languages), best first; [] unknown."""
    info = await answer(page.get_device_info())
    found: list[str] = []
    for code in getattr(info, "languages", None) or []:
        if isinstance(code, str):
            found.append(code)
    language = getattr(info, "language", None)
    if isinstance(language, str):
        found.append(language)
    for locale in getattr(info, "locales", None) or []:
        code = getattr(locale, "language_code", None)
        if isinstance(code, str):
            found.append(code)
    return found


i18n.use_fallback(session_language)
