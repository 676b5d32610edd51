"""The app: one Router over the screens, the model in a context, Material 3 light and dark."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import cast

import flet as ft

from ui.screens.changes import ChangesScreen
from ui.screens.city import CityScreen
from ui.screens.history import GameScreen, HistoryImportScreen, HistoryScreen
from ui.screens.home import Home
from ui.screens.join import JoinScreen, MovedGame, at_address
from ui.screens.pad import PadScreen
from ui.screens.rules import RulesScreen
from ui.screens.setup import Setup
from ui.screens.stats import PlayerScreen, PlayersScreen, StatsScreen
from ui.screens.table import TableScreen
from ui.screens.transfer import ExportScreen, ImportScreen
from ui.screens.widgets import back_to
from ui.session.model import THEME_KEY, THEME_MODES, AppModel, ModelContext, ModelHolder
from ui.store.store import Store
from ui.text import strings as S
from ui.text.language import flutter_locale, remembered_language, set_session_language
from ui.web import collector, guard
from ui.web.ask import answer
from ui.web.browser import read_browser, remember_browser
from ui.web.join_origin import SCHEMES, join_origin

PAD = ft.Route(path="pad", component=at_address(PadScreen, lambda: S.SCORE_PAD),
               children=[ft.Route(path="export", component=at_address(
                   ExportScreen, lambda: S.EXPORT_TITLE))])
"""The score pad, over the screen it was opened from (the table or a city): the app bar's
back arrow and the phone's back lead there (from a city, the arrow led to the table: a
walk); Export from the pad is a screen over the pad, as the arrow led to the table too."""

ROUTES = [
    ft.Route(path="/", component=Home, children=[
        ft.Route(path="new", component=Setup),
        # a game's screens at its own address: a reload or a shared link leads back to it
        ft.Route(path="g/:code", component=at_address(TableScreen, lambda: S.TABLE_TITLE),
                 children=[
            ft.Route(path="player/:i", component=at_address(CityScreen, lambda: S.TABLE_TITLE),
                     children=[PAD]),
            PAD,
            ft.Route(path="export", component=at_address(ExportScreen, lambda: S.EXPORT_TITLE)),
            ft.Route(path="changes", component=at_address(ChangesScreen, lambda: S.CHANGES)),
        ]),
        ft.Route(path="game/:rest*", component=MovedGame),  # links from before /g/<code>
        ft.Route(path="history", component=HistoryScreen, children=[
            ft.Route(path="import", component=HistoryImportScreen),
            ft.Route(path=":id", component=GameScreen),
        ]),
        ft.Route(path="players", component=PlayersScreen, children=[
            ft.Route(path=":name", component=PlayerScreen),
        ]),
        ft.Route(path="stats", component=StatsScreen),
        ft.Route(path="rules", component=RulesScreen),
        ft.Route(path="import", component=ImportScreen),
        ft.Route(path="join", component=JoinScreen),
    ]),
]


@ft.component
def NotFound() -> ft.Control:
    """An address the app does not have (a mistyped or cut link): say so, and a way home."""
    return ft.Column([ft.Text(S.NO_SUCH_PAGE),
                      ft.FilledButton(content=S.HOME, icon=ft.Icons.HOME, on_click=back_to("/"))])


@ft.component
def App(store: Store, upload_dir: Path | None = None, theme: str = "system",
        address: str = "", language: str = "en") -> list[ft.View]:
    def make() -> AppModel:
        model = AppModel(store=store, upload_dir=upload_dir, theme=theme, language=language,
                         device=store.owner,
                         prefs=ft.SharedPreferences(), page=ft.context.page, address=address)
        model.open_game(model.tables.current(store.owner))
        # a phone that comes back: the saved game (a tap it kept meanwhile on a number another
        # phone changed finds no control, `widgets._step_button`; one on a card another city
        # took is taken by none, `city_cards.card_flipper`)
        ft.context.page.on_connect = model.reconnected
        ft.context.page.on_close = model.closed  # let go: its timers with it
        return model
    model = ft.use_memo(make, [])
    holder = ft.use_memo(lambda: ModelHolder(model), [])
    views = ModelContext(holder, lambda: ft.Router(ROUTES, manage_views=True,
                                                     not_found=NotFound))
    return cast(list[ft.View], views)


DEVICE_KEY = "wonders-scorer.device"


async def device_key() -> str:
    """This browser's own key, kept in its local storage: a device takes part in games and
    keeps their history. "" when the client keeps nothing."""
    prefs = ft.SharedPreferences()
    key = await answer(prefs.get(DEVICE_KEY), failed=False)
    if isinstance(key, str) and key:
        return key
    if key is False:  # no storage on this client, or no answer: the shared game
        return ""
    new = uuid.uuid4().hex
    return new if await answer(prefs.set(DEVICE_KEY, new)) is True else ""


async def remembered_theme() -> str:
    """The theme this browser chose last time (light, dark, system), from its local storage."""
    saved = await answer(ft.SharedPreferences().get(THEME_KEY))
    return saved if isinstance(saved, str) and saved in THEME_MODES else "system"


def make_main(store: Store, upload_dir: Path | None = None, address: str = "",
              names: frozenset[str] = frozenset(), lan: str = "",
              ) -> Callable[[ft.Page], Awaitable[None]]:
    """The app for one browser tab; `upload_dir` is where the server's upload handler writes
    picked files (None: tables are imported by pasting only). The join card's address
    (`ui.web.join_origin.join_origin`): `address` (`--public-url`), else the one this browser
    opened when the server answers that name (`names`, as for a Host header) and it is not
    loopback, else this computer's on the network (`lan`), else the browser's own."""
    guard.install()

    async def main(page: ft.Page) -> None:
        guard.contain(page)  # no traceback reaches this phone
        # this session's language before any word is shown: the one this browser chose,
        # else the browser's own
        language = set_session_language(page, await remembered_language(page))
        remember_browser(page, await read_browser())  # what it can do: ui/web/browser.py
        page.title = S.APP_TITLE
        page.locale_configuration = flutter_locale(language)
        seed = "#8D5A2B"
        page.theme = ft.Theme(color_scheme_seed=seed, use_material3=True)
        page.dark_theme = ft.Theme(color_scheme_seed=seed, use_material3=True)
        page.theme_mode = ft.ThemeMode.SYSTEM
        # a browser that keeps nothing is a device for this session only: it is never
        # offered a game it did not start or join
        key = await device_key() or f"session-{uuid.uuid4().hex}"
        own = store.for_owner(key)
        theme = await remembered_theme()
        page.theme_mode = THEME_MODES[theme]
        shown = join_origin(address, page.url or "", names, lan, _origin(page))
        page.render_views(App, own, upload_dir, theme, shown, language)
        collector.session_started()  # its screen lives as long as it: frozen now
    return main


def _origin(page: ft.Page) -> str:
    """The address this browser opened the app at (scheme, host and port; Flet's `page.url`
    is the websocket's, ws:// or wss://)."""
    url = page.url or ""
    scheme, _, rest = url.partition("://")
    web = SCHEMES.get(scheme, "")
    return f"{web}://{rest.split('/')[0]}" if web and rest else ""
