"""The app: one Router over the screens, the model in a context, Material 3 light and dark."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from ui import strings as S
from ui.model import AppModel, ModelContext
from ui.screens.city import CityScreen
from ui.screens.history import HistoryScreen
from ui.screens.home import Home
from ui.screens.pad import PadScreen
from ui.screens.rules import RulesScreen
from ui.screens.setup import Setup
from ui.screens.table import TableScreen
from ui.screens.transfer import ExportScreen, ImportScreen
from ui.store import Store

ROUTES = [
    ft.Route(path="/", component=Home, children=[
        ft.Route(path="new", component=Setup),
        ft.Route(path="game", component=TableScreen, children=[
            ft.Route(path="player/:i", component=CityScreen),
            ft.Route(path="pad", component=PadScreen),
            ft.Route(path="export", component=ExportScreen),
        ]),
        ft.Route(path="history", component=HistoryScreen),
        ft.Route(path="rules", component=RulesScreen),
        ft.Route(path="import", component=ImportScreen),
    ]),
]


@ft.component
def App(store: Store) -> list[ft.View]:
    model = ft.use_memo(lambda: AppModel(store=store, draft=store.load_current()), [])
    views = ModelContext(model, lambda: ft.Router(ROUTES, manage_views=True))
    return cast(list[ft.View], views)


def make_main(store: Store) -> Callable[[ft.Page], None]:
    def main(page: ft.Page) -> None:
        page.title = S.APP_TITLE
        seed = "#8D5A2B"
        page.theme = ft.Theme(color_scheme_seed=seed, use_material3=True)
        page.dark_theme = ft.Theme(color_scheme_seed=seed, use_material3=True)
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.render_views(App, store)
    return main
