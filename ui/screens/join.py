"""Reaching a game from another phone: the join screen (/join), the game's own address
(/g/<code>/... for each of its screens: the QR code, a shared link, a reload), and on the table
screen the code to share and the seat this device holds."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from typing import cast

import flet as ft
import segno

from ui.live.tables import JoinRefused, clean_code
from ui.screens.memo import memo
from ui.screens.widgets import (
    TAP,
    back_to,
    busy_overlay,
    confirm_dialog,
    header,
    no_game_view,
    notice,
    toggle,
    use_kept_text,
    view,
    wrap,
)
from ui.session.model import AppModel, use_model, use_model_unwatched, use_watch
from ui.store.codes import CODE_LENGTH
from ui.text import strings as S

QUIET = 2
"""Light modules around the code (a phone's camera finds it on a light card with 2)."""


@lru_cache(maxsize=64)
def qr_svg(text: str) -> bytes:
    """The QR code of an address as an SVG (made once per address): sharp at any size and
    screen density. segno encodes it; the modules are drawn as filled runs, one rectangle
    per run of dark modules in a row (segno's own SVG strokes lines, which Flutter's SVG
    renderer drew a pixel thin, unreadable), on a white square for dark themes."""
    matrix = segno.make(text, error="m").matrix
    side = len(matrix) + 2 * QUIET
    runs: list[str] = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'width="{side * 4}" height="{side * 4}" shape-rendering="crispEdges">'
            f'<rect width="{side}" height="{side}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>').encode()


@lru_cache(maxsize=64)
def qr_png(text: str) -> bytes:
    """The QR code of an address, as a PNG (made once per address)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=5, border=2)
    return out.getvalue()


@ft.component
def JoinScreen() -> ft.View:
    model = use_model()
    typed, set_typed = ft.use_state("")
    code_field = use_kept_text()
    refusal, set_refusal = ft.use_state(cast(JoinRefused | None, None))

    def join(code: str) -> None:
        page = ft.context.page
        got = model.tables.join(code, model.device, page.client_ip or "")
        if isinstance(got, JoinRefused):
            set_refusal(got)
            return
        set_refusal(None)
        model.open_game(got)
        page.navigate(model.path())

    def typed_code(e: ft.Event[ft.TextField]) -> None:
        set_typed(clean_code(code_field.hear(e.control.value or "")))

    items: list[ft.Control] = [
        ft.Text(S.JOIN_HINT),
        ft.Semantics(identifier="join-code", content=code_field.keep(ft.TextField(
            label=S.JOIN_CODE, value=code_field.text(typed), on_change=typed_code,
            max_length=CODE_LENGTH, capitalization=ft.TextCapitalization.CHARACTERS,
            on_submit=lambda: join(clean_code(code_field.now(typed)))))),
        ft.Semantics(identifier="join-problem", visible=refusal is not None,
                     content=notice(S.join_refused(refusal) if refusal else "",
                                    icon=ft.Icons.ERROR_OUTLINE)),
        ft.FilledButton(content=S.JOIN_BUTTON, icon=ft.Icons.LOGIN, height=52,
                        on_click=lambda: join(clean_code(code_field.now(typed))),
                        disabled=not typed),
    ]
    if refusal is not None and refusal.reason == "finished":
        items.append(_history_button())
    return view("/join", S.JOIN_TITLE, items)


def at_address(screen: Callable[[], ft.View], title: Callable[[], str]) -> Callable[[], ft.View]:
    """A screen of one game at its own address (/g/<code>/...): it shows that game and no
    other, reached by its code (a game this device took part in, or joined by the code).
    Until then it says it is loading; a refused code is said, with a way to type another.
    `title` gives the title in the session's language (read when shown)."""
    @ft.component
    def AtAddress() -> ft.View:
        model = use_model_unwatched()
        code = clean_code(ft.use_route_params().get("code", "") or "")
        route = ft.use_route_location() or f"/g/{code}"
        # renders again when this game is reached or refused, not on each change of it
        here, refused = use_watch(lambda m: (m.game is not None and m.game.code == code,
                                             m.refused[1] if m.refused[0] == code else None),
                                  (code,))

        def reach() -> None:
            if not here:
                model.reach(code, ft.context.page.client_ip or "")

        ft.use_effect(reach, [code, here])
        if here:
            return screen()
        if refused is not None:
            return view(route, title(), [
                notice(S.join_refused(refused), icon=ft.Icons.ERROR_OUTLINE),
                *([_history_button()] if refused.reason == "finished" else []),
                ft.FilledButton(content=S.JOIN, icon=ft.Icons.LOGIN, height=52,
                                on_click=back_to("/join")),
                ft.OutlinedButton(content=S.HOME, on_click=back_to("/"), height=52)])
        return view(route, title(), [busy_overlay(S.LOADING)])
    return AtAddress


def _history_button() -> ft.Control:
    """Where finished games are: a finished game's code points there."""
    return ft.OutlinedButton(content=S.HISTORY, icon=ft.Icons.HISTORY, height=52,
                             on_click=back_to("/history"))


@ft.component
def MovedGame() -> ft.View:
    """An address from before games had their own (/game, /game/player/1...): on to the
    same screen of this device's game at its address, or say there is no game."""
    model = use_model()
    rest = (ft.use_route_location() or "/game").removeprefix("/game")
    game = model.game

    def go_on() -> None:
        if game is not None:
            ft.context.page.navigate(model.path(rest))

    ft.use_effect(go_on, [game is None, rest])
    if game is None:
        return no_game_view("/game", S.TABLE_TITLE, S.NEW_GAME, "/new")
    return view("/game", S.TABLE_TITLE, [busy_overlay(S.LOADING)])


def share_card(model: AppModel) -> ft.Control:
    """The host's invitation: the join code, the game's address and its QR code (none for a
    game whose code admits nobody: finished, a day idle, or opened from History)."""
    game = model.game
    if game is None or game.closed or game.spent:
        return ft.Container()
    address = S.join_address(model.address, game.code) if model.address else f"/g/{game.code}"
    # not one merged node: each line reaches a screen reader (and the page's text)
    return ft.Semantics(identifier="share-card", content=ft.Card(semantic_container=False,
                                                                 content=ft.Container(
        padding=12, content=ft.Column([
            ft.Text(S.SHARE_TITLE, weight=ft.FontWeight.BOLD),
            ft.Row([
                ft.Semantics(identifier="join-qr", content=ft.Image(
                    src=qr_svg(address), width=132, height=132,
                    semantics_label=S.JOIN_QR_NAME)),
                ft.Column([
                    ft.Text(S.JOIN_CODE),
                    ft.Semantics(identifier="join-code-shown", content=ft.Text(
                        game.code, size=32, weight=ft.FontWeight.BOLD)),
                ], spacing=2),
            ], wrap=True),
            ft.Text(S.SHARE_HINT),
            ft.Semantics(identifier="join-address", content=ft.Text(
                address, weight=ft.FontWeight.BOLD)),
        ]))))


def _seats(m: AppModel) -> tuple[tuple[tuple[str, str | None], ...], str, bool] | None:
    """What the seat picker shows: each player and the device holding their seat, this
    device, and whether it is the host's."""
    if m.game is None or m.draft is None:
        return None
    return (tuple((s.name, m.game.claims.get(s.name)) for s in m.draft.seats
                  if s.claimable), m.device, m.is_host)


@ft.component
def _SeatPicker() -> ft.Control:
    """Which seat this device holds: tap your own name ("This is me"). The host frees a
    seat another phone holds (that phone broke), beside that player's name, asked first."""
    model = use_model_unwatched()
    shown = use_watch(_seats)
    freeing, set_freeing = ft.use_state("")

    def free_now() -> None:
        player = freeing
        set_freeing("")
        model.free(player)

    ft.use_dialog(confirm_dialog(
        "confirm-free", S.free_title(freeing), S.FREE_HINT, S.FREE, ft.Icons.LINK_OFF,
        free_now, lambda: set_freeing("")) if freeing else None)
    if shown is None:
        return ft.Container()
    seats, device, host = shown
    mine = next((n for n, d in seats if d == device), "")

    def take(name: str) -> Callable[[], None]:
        def go() -> None:
            model.claim("" if name == mine else name)
        return go

    def free(name: str) -> Callable[[], None]:
        def go() -> None:
            set_freeing(name)
        return go

    chips: list[ft.Control] = []
    for name, holder in seats:
        taken = holder is not None and holder != device
        chip = toggle(S.card_taken(S.i_am(name)) if taken else S.i_am(name), name == mine,
                      take(name), disabled=taken, icon=ft.Icons.PERSON_OUTLINE,
                      identifier=f"claim-{name}")
        if taken and host:  # that phone broke, or forgot it: the host frees it
            # one unit with the name it frees: a wrap never leaves it beside another's
            chip = ft.Row([chip, ft.Semantics(identifier=f"free-{name}", content=ft.TextButton(
                content=S.free_button(name), icon=ft.Icons.LINK_OFF,
                tooltip=S.free_seat(name), on_click=free(name), height=TAP))],
                spacing=0, tight=True, wrap=True)
        chips.append(chip)
    return ft.Column([header(S.YOUR_SEAT), ft.Text(S.NO_SEAT if not mine else "",
                                                   italic=True, visible=not mine),
                      wrap(chips)])


SeatPicker = memo(_SeatPicker)
