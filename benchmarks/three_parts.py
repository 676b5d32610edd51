"""The Flet floor of a card tap: the least a tap that changes three parts in three places of
a screen costs Flet, with no app work at all (no model, no save, no scoring), served by the
app's own server stack as `benchmarks/counter.py` is: `python -m benchmarks.three_parts
--host H --port P`. `benchmarks/tap_cpu.py --three-parts` taps it beside the card and the
counter.

The city screen's card tap changes three parts the issues ask for, each in its own place:
the chip (its colours), the title's running total, and the note that says the change with
its Undo. Here each is a memoized component of its own holding one state, as small as it
can be (a chip of 12 on a row; a text; a text, its Undo beside it and not rendered again),
all three set by the chip's tap: what a tap of any app built this way pays Flet before it
does anything of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from benchmarks.counter import serve_floor

CHIPS = 12


@dataclass(eq=False)
class Bus:
    """The three parts' setters, called by one tap."""

    setters: list[Callable[[int], None]] = field(default_factory=list)
    taps: int = 0

    def tap(self) -> None:
        self.taps += 1
        for set_taps in self.setters:
            set_taps(self.taps)


def _join(bus: Bus, set_taps: Callable[[int], None]) -> None:
    if set_taps not in bus.setters:
        bus.setters.append(set_taps)


@ft.component
def _Chip(bus: Bus, number: int) -> ft.Control:
    taps, set_taps = ft.use_state(0)
    if number == 0:
        _join(bus, set_taps)
    held = taps % 2 == 1
    return ft.Container(
        content=ft.Text(f"Card {number}", color=ft.Colors.WHITE if held else None),
        bgcolor=ft.Colors.BLUE if held else None, border_radius=16,
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        on_click=bus.tap if number == 0 else None)


Chip: Callable[[Bus, int], ft.Control] = ft.memo(_Chip)  # type: ignore[no-untyped-call]


@ft.component
def _Title(bus: Bus) -> ft.Control:
    taps, set_taps = ft.use_state(0)
    _join(bus, set_taps)
    return ft.Text(f"Ann · {3 * (taps % 2)} pts", size=16)


Title: Callable[[Bus], ft.Control] = ft.memo(_Title)  # type: ignore[no-untyped-call]


@ft.component
def _Note(bus: Bus) -> ft.Control:
    taps, set_taps = ft.use_state(0)
    _join(bus, set_taps)
    return ft.Text(f"Ann {'added' if taps % 2 else 'removed'} Card 0")


Note: Callable[[Bus], ft.Control] = ft.memo(_Note)  # type: ignore[no-untyped-call]


@ft.component
def Screen() -> ft.View:
    bus = ft.use_ref(Bus()).current  # rendered once: one bus for the page
    assert bus is not None
    return ft.View(route="/", controls=[
        Title(bus),
        ft.Row([Chip(bus, n) for n in range(CHIPS)], wrap=True),
        ft.Row([ft.Container(Note(bus), expand=True),
                ft.TextButton("Undo", on_click=lambda: None)]),
    ])


async def app(page: ft.Page) -> None:
    page.render_views(Screen)


def main() -> None:
    serve_floor(app, (__doc__ or "").split("\n")[0])


if __name__ == "__main__":
    main()
