"""What a screen reader finds: every control named, and its state said, on the one node that
has the control's role (Flutter's accessibility tree, as the browser shows it).

Flutter puts a tooltip's words on a node of their own, around the button's node: a screen
reader looking for "button named Changes" found a button with no name inside a node with no
role that had it (and a cell with a tooltip and words read them twice: "Linh Linh"). So
the app's own tooltips show for a mouse and are not read (`quiet_tooltip`; Flutter's back
button keeps its own, its name), and every name goes on the control itself:
- an icon button: its icon's label (`icon_button`);
- a chip (a tap holds it or lets it go): one checkbox node, named by the chip's words,
  checked when held (`checkable`); a plain button said nothing of being held;
- words that need more than the screen shows (a pad cell "18": whose, which row): the
  text's own `semantics_label` (in the screen's module).

Every name comes from `ui.text.strings` (the catalogue), in players' words. Public Flet 1.0
controls only (`MergeSemantics`, `Semantics`, `Tooltip`): nothing of Flet's insides.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft


def quiet_tooltip(words: str) -> ft.Tooltip:
    """A tooltip shown on a long press or a mouse hover, never a name of its own in the
    accessibility tree (the control under it carries its name). A value, not a control:
    nothing more for a session to hold."""
    return ft.Tooltip(message=words, exclude_from_semantics=True)


Tap = Callable[[], None] | Callable[[], Awaitable[None]] | Callable[..., None]


def icon_button(icon: ft.IconData, name: str, on_click: Tap | None,
                disabled: bool = False, icon_size: int | None = None,
                tooltip: bool = True) -> ft.IconButton:
    """A button with an icon and no words: `name` says what it does (to whom: "Remove Cid"),
    read by a screen reader on the button's node and shown as its tooltip (`tooltip`)."""
    button = ft.IconButton(ft.Icon(icon, semantics_label=name),
                           tooltip=quiet_tooltip(name) if tooltip else None,
                           on_click=on_click)
    if disabled:
        button.disabled = True
    if icon_size is not None:
        button.icon_size = icon_size
    return button


def checkable(control: ft.Control, held: bool, disabled: bool = False,
              identifier: str | None = None) -> ft.Control:
    """A chip (a Material button) as a screen reader meets it: one checkbox node, checked
    when `held`, named by the chip's own words, that a tap (or the reader's) toggles.
    `identifier`: the node's `flt-semantics-identifier` (tests and the page find it), on
    the same node (no node of its own around the chip). Without the merge the chip is two
    nodes, a button and a checkbox inside it, each read. Two controls more per chip: a
    tappable container needs no merge (one `ft.Semantics(checked=...)` around it: the
    colour swatches)."""
    inner = ft.Semantics(checked=held, content=control)
    # only what is not a default is set: a property given (even as None or False) is sent
    # again with every render, and a chip rendered again with each key typed in a field
    # beside it then made the browser's text field lose keys of a name typed fast
    if disabled:
        inner.disabled = True
    if identifier:
        inner.identifier = identifier
    return ft.MergeSemantics(inner)


def named(control: ft.Control, name: str) -> ft.Control:
    """A control with no words of its own that say what it is (a read-only text box under
    a heading): named `name` on its own node. Without the merge the name goes on a group
    around it and the text box stays unnamed."""
    return ft.MergeSemantics(ft.Semantics(label=name, content=control))


def spoken(words: str, name: str) -> ft.Text:
    """A button's words as shown (`words`: "Delete", the same on every row) and as a screen
    reader names the button (`name`: "Delete the game 10 Oct 19:05 ..."), so that a list of
    rows does not read the same name on every row."""
    return ft.Text(words, semantics_label=name)
