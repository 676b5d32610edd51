"""Flet's `memo`, typed: the memoized component takes exactly the props of the component
(mypy checks every call), where `ft.memo` (untyped) gave `Callable[..., Control]` behind a
`# type: ignore`. Props are compared with `==` on each render of the parent: give a part
typed, frozen props (a frozen dataclass), never an anonymous tuple to unpack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, cast

import flet as ft

P = ParamSpec("P")
R = TypeVar("R")

_flet_memo = cast(Callable[[Callable[..., Any]], Callable[..., Any]], ft.memo)


def memo(component: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """`component` (an `@ft.component`) rendered again only when its props change."""
    made: Callable[P, ft.Control] = _flet_memo(component)
    return made


def keyed(component: Callable[P, R], key: str) -> Callable[P, R]:
    """`component` (an `@ft.component`) under Flet's identity `key`, which its wrapper takes
    beside the props (its type does not say so): under a new key the component is a new
    one, every control of it made anew."""
    untyped = cast(Callable[..., R], component)

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        return untyped(*args, key=key, **kwargs)
    return call
