"""Rules at hand: leaders, guilds, wonders and progress tokens of the game, searchable; and for
the table being entered, what one of them would score for a player."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import flet as ft

from scorer.facts import cost_in_words, expansions, games, ruleset
from scorer.names import normalize
from scorer.ruleset import Leader
from scorer.whatif import what_if
from scorer.words import side_word
from ui.entry.games import table_of
from ui.screens.a11y import spoken
from ui.screens.home import game_title
from ui.screens.widgets import header, problems, toggle, use_kept_text, view, wrap
from ui.session.model import use_model
from ui.text import strings as S


@dataclass(frozen=True)
class Entry:
    kind: Literal["card", "leader", ""]
    """"leader" or "card": what `what_if` adds; "" for wonders (not addable)."""
    group: str
    name: str
    cost: str
    text: str


def entries(game: str, expansions: list[str]) -> list[Entry]:
    rules = ruleset(game, expansions)
    out: list[Entry] = []
    for leader in rules.leaders.values():
        out.append(Entry("leader", S.LEADERS, leader.name, _leader_cost(leader),
                         S.ruleset_text(leader.text)))
    for card in rules.guilds:
        out.append(Entry("card", S.GUILDS, card.name,
                         S.cost_words(cost_in_words(rules, card.cost)),
                         S.ruleset_text(card.text)))
    for wonder in rules.wonders.values():
        if not wonder.sides:  # a Duel wonder: one card
            out.append(Entry("", S.WONDERS, wonder.name,
                             S.cost_words(cost_in_words(rules, wonder.cost)),
                             S.ruleset_text(wonder.text)))
        for side, ws in wonder.sides.items():
            stages = "; ".join(f"{k}. {S.ruleset_text(st.text)}"
                               for k, st in enumerate(ws.stages, start=1))
            text = f"{S.ruleset_text(ws.text)} {stages}".strip()
            out.append(Entry("", S.WONDERS, f"{wonder.name} {side_word(rules.side_name(side))}",
                             "", text))
    for token in rules.progress.values():
        out.append(Entry("", S.PROGRESS, token.name, "",
                         S.ruleset_text(token.text)))
    return out


def _leader_cost(leader: Leader) -> str:
    """The cost as the ruleset knows it: printed, in words (an Age), uncertain ([?]: the
    ruleset says why), or unknown."""
    if leader.cost is not None:
        return str(leader.cost)
    if leader.cost_note:
        return S.ruleset_text(leader.cost_note)
    if leader.uncertain_cost is not None:
        return S.uncertain_cost(leader.uncertain_cost)
    return S.UNKNOWN_COST


@ft.component
def RulesScreen() -> ft.View:
    model = use_model()
    draft = model.draft
    available = games()
    default_game = draft.game if draft is not None else (available[0] if available else "")
    game, set_game = ft.use_state(default_game)
    query, set_query = ft.use_state("")
    searched = use_kept_text()
    player, set_player = ft.use_state(0)
    asked, set_asked = ft.use_state("")
    on_table = draft is not None and draft.game == game
    chosen = list(draft.expansions) if draft is not None and on_table else expansions(game)
    shown = [e for e in entries(game, chosen)
             if not query or normalize(query) in normalize(f"{e.name} {e.text} {e.group}")]

    def pick_game(g: str) -> Callable[[], None]:
        def go() -> None:
            set_game(g)
            set_asked("")
        return go

    def ask(name: str) -> Callable[[], None]:
        def go() -> None:
            set_asked("" if asked == name else name)
        return go

    def pick_player(k: int) -> Callable[[], None]:
        def go() -> None:
            set_player(k)
        return go

    items: list[ft.Control] = [
        wrap([toggle(game_title(g), g == game, pick_game(g)) for g in available]),
        searched.keep(ft.TextField(
            label=S.SEARCH, value=searched.text(query), prefix_icon=ft.Icons.SEARCH,
            dense=True, on_change=lambda e: set_query(searched.hear(e.control.value or "")))),
    ]
    if on_table and draft is not None:
        items += [ft.Text(S.WHAT_IF),
                  wrap([toggle(s.name, k == player, pick_player(k))
                        for k, s in enumerate(draft.seats)])]
    group = ""
    for e in shown:
        if e.group != group:
            group = e.group
            items.append(header(group))
        body: list[ft.Control] = [
            ft.Text(e.name + (f"  ({S.COST}: {e.cost})" if e.cost else ""),
                    weight=ft.FontWeight.BOLD),
            ft.Text(e.text),
        ]
        kind = e.kind
        if on_table and draft is not None and kind and player < len(draft.seats):
            who = draft.seats[player].name
            body.append(ft.TextButton(content=spoken(f"{S.WHAT_IF} {who}?",
                                                     S.what_if_asked(who, e.name)),
                                      icon=ft.Icons.CALCULATE, on_click=ask(e.name)))
            if asked == e.name:
                got = what_if(table_of(draft), player, kind, e.name)
                if got.problems:
                    body.append(problems([f"{S.CANNOT}: {p.message}" for p in got.problems]))
                else:
                    body.append(ft.Text(S.what_if_result(draft.seats[player].name, e.name,
                                                         got.points), weight=ft.FontWeight.BOLD))
                    body += [ft.Text(S.line(ln.source, ln.points, ln.why), size=13)
                             for ln in got.lines]
        items.append(ft.Container(content=ft.Column(body, spacing=2), padding=8,
                                  border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                                  border_radius=8))
    return view("/rules", S.RULES_TITLE, items)
