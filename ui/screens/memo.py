"""Flet's `memo`, typed: the memoized component takes exactly the props of the component
(mypy checks every call), where `ft.memo` (untyped) gave `Callable[..., Control]` behind a
`# type: ignore`. Props are compared with `==` on each render of the parent: give a part
typed, frozen props (a frozen dataclass), never an anonymous tuple to unpack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, cast

import flet as ft

P = ParamSpec("P")

_flet_memo = cast(Callable[[Callable[..., Any]], Callable[..., Any]], ft.memo)


def memo(component: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """`component` (an `@ft.component`) rendered again only when its props change."""
    made: Callable[P, ft.Control] = _flet_memo(component)
    return made
