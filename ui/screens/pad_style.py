"""How the printed score pad looks: each category row in its colour, with its icon. Shared
by the score pad screen and the shared image (ui/screens/share_image.py). Presentation only: which
rows a game has, and their order, come from the ruleset."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ui.screens.widgets import CARD_COLOURS


@dataclass(frozen=True)
class RowStyle:
    bg: str
    fg: str
    icon: ft.IconData


def _card(colour: str, icon: ft.IconData) -> RowStyle:
    """A row printed in the colour of the cards it counts (as on the printed pad)."""
    bg, fg = CARD_COLOURS[colour]
    return RowStyle(bg, fg, icon)


PAD_ROWS: dict[str, RowStyle] = {
    "military": _card("red", ft.Icons.SHIELD),
    "treasury": RowStyle("#E0B43A", "#000000", ft.Icons.MONETIZATION_ON),
    "wonders": RowStyle("#A1887F", "#000000", ft.Icons.CHANGE_HISTORY),
    "civilian": _card("blue", ft.Icons.ACCOUNT_BALANCE),
    "commercial": _card("yellow", ft.Icons.STOREFRONT),
    "science": _card("green", ft.Icons.SCIENCE),
    "guilds": _card("purple", ft.Icons.GROUPS),
    "progress": RowStyle("#43A047", "#FFFFFF", ft.Icons.TOLL),
    "senate": RowStyle("#5D4037", "#FFFFFF", ft.Icons.GAVEL),
    "leaders": RowStyle("#ECEFF1", "#000000", ft.Icons.PERSON),
    # the expansions' rows: each its own colour and icon (on a pad of many players the rows
    # are icons with a legend: two alike could not be told apart)
    "divinities": RowStyle("#F9A825", "#000000", ft.Icons.AUTO_AWESOME),  # Pantheon
    "cities": _card("black", ft.Icons.LOCATION_CITY),  # Cities' black cards
    "debt": RowStyle("#B0BEC5", "#000000", ft.Icons.MONEY_OFF),  # Cities' debt tokens
    "naval": RowStyle("#0277BD", "#FFFFFF", ft.Icons.SAILING),  # Armada
    "islands": RowStyle("#00897B", "#FFFFFF", ft.Icons.TERRAIN),
    "shipyard": RowStyle("#3949AB", "#FFFFFF", ft.Icons.ANCHOR),
    "tower": RowStyle("#8D6E63", "#FFFFFF", ft.Icons.CASTLE),  # Babel
    "projects": RowStyle("#FFB300", "#000000", ft.Icons.CONSTRUCTION),
    "edifice": RowStyle("#7E57C2", "#FFFFFF", ft.Icons.DOMAIN),  # Edifice
}
OTHER = RowStyle("#78909C", "#FFFFFF", ft.Icons.STAR)
"""A row of a category added later (an expansion's), until it has its own colour."""
WINNER = "#B8860B"


def style(category: str) -> RowStyle:
    return PAD_ROWS.get(category, OTHER)
