"""The city's search field: cards, leaders and wonders found by one search (`ui.search`),
and what Enter will add said under the field before Enter, so that nothing joins a city
that the player did not see named. Enter adds exactly the name shown, or nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from functools import lru_cache

import flet as ft

from scorer.facts import cards_of_age, facts, in_another_expansion, ruleset, unscorable
from scorer.ruleset import Ruleset
from ui.entry.draft import Draft
from ui.entry.edits import SeatEdits
from ui.entry.games import board_of, buried_of
from ui.entry.games.duel import DuelSeat
from ui.screens.city_cards import colours_in_play, holdings
from ui.screens.memo import memo
from ui.screens.search import Found, ranked
from ui.screens.widgets import TAP, use_kept_text, wrap
from ui.session.model import AppModel, use_model_unwatched, use_watch
from ui.text import strings as S


@lru_cache(maxsize=64)
def card_order(rules: Ruleset, players: int) -> tuple[str, ...]:
    """The cards a game of `players` uses, as the city shows them: by colour, each colour
    by Age (every Age)."""
    uses = cards_of_age(rules, players, 0)
    return tuple(dict.fromkeys(u.card.name for colour in colours_in_play(rules, players)
                               for u in uses if u.card.colour == colour))


def candidates(draft: Draft, i: int) -> Iterator[Found]:
    """What seat `i`'s city can still take, in the order the city screen shows it: its
    cards (every Age, by colour), its leaders, then wonders, progress tokens and Pantheon's
    Divinities. Not a card the city holds or whose every copy other cities hold, not a
    leader, wonder or Divinity another player has."""
    rules = ruleset(draft.game, draft.expansions)
    has = facts(rules)
    seat = draft.seats[i]
    others = [s for k, s in enumerate(draft.seats) if k != i]
    held = holdings(draft, i)
    for name in card_order(rules, len(draft.seats)):
        if name in held.counts:
            count, room = held.counts[name]
            if count < room:
                yield Found("card", name)
        elif name not in held.mine and name not in held.full:
            yield Found("card", name)
    if has.has_leaders:
        taken = {x for s in others for x in [*s.leaders, *buried_of(s)]}
        mine = {rules.leaders.canonical(x) or x for x in seat.leaders}
        yield from (Found("leader", n) for n in rules.leaders.names()
                    if n not in mine and n not in taken and n not in buried_of(seat))
    if has.has_boards:
        boards = {rules.wonders.canonical(board_of(s)) or board_of(s) for s in others
                  if board_of(s)}
        mine_board = rules.wonders.canonical(board_of(seat)) or board_of(seat)
        yield from (Found("board", n) for n in rules.wonders.names()
                    if n not in boards and n != mine_board)
    else:
        built = {rules.wonders.canonical(w) or w for s in draft.seats
                 if isinstance(s, DuelSeat) for w in s.wonders}
        yield from (Found("wonder", n) for n in rules.wonders.names() if n not in built)
    if len(rules.progress):
        owned = {p for s in draft.seats if isinstance(s, DuelSeat) for p in s.progress}
        yield from (Found("progress", n) for n in rules.progress.names() if n not in owned)
    if has.divinities:  # Pantheon: a Divinity is one city's (a walk's "astar" found none)
        taken = {rules.divinities.canonical(d) or d for s in draft.seats
                 if isinstance(s, DuelSeat) for d in s.divinities}
        yield from (Found("divinity", n) for n in has.divinities if n not in taken)


SUGGESTED = 4
"""The names the search offers under its field: what Enter adds, and the next three, each a
tap (a name that shares its first letters with others is a tap away, not more letters)."""


def pick(m: AppModel, i: int, query: str) -> Found | None:
    """What Enter adds to seat `i`'s city for `query`, as the game is now: the first of
    what the search offers."""
    return next(iter(picks(m, i, query)), None)


def picks(m: AppModel, i: int, query: str) -> tuple[Found, ...]:
    """What the search offers for `query`: what Enter adds first, then the next best."""
    draft = m.draft
    if draft is None or not 0 <= i < len(draft.seats) or not query.strip():
        return ()
    return ranked(query, candidates(draft, i), SUGGESTED)


def add(edit: SeatEdits, draft: Draft, found: Found) -> None:
    """`found` joins seat `edit.seat`'s city (a counted card: one copy more)."""
    seat = draft.seats[edit.seat]
    match found.kind:
        case "card":
            held = holdings(draft, edit.seat).counts.get(found.name)
            if held is not None:
                edit.copies(found.name, held[0] + 1)
            else:
                edit.hold("cards", found.name, True)
        case "leader":
            edit.hold("leaders", found.name, True)
        case "board":
            edit.set("board", found.name, (board_of(seat),))
        case "wonder":
            edit.hold("wonders", found.name, True)
        case "progress":
            edit.hold("progress", found.name, True)
        case "divinity":
            edit.hold("divinities", found.name, True)


def found_words(found: Found) -> str:
    """What Enter will add, in words under the search field."""
    match found.kind:
        case "card":
            return S.enter_adds_card(found.name)
        case "leader":
            return S.enter_adds_leader(found.name)
        case "board":
            return S.enter_picks_board(found.name)
        case "wonder" | "progress" | "divinity":
            return S.enter_adds_card(found.name)


@ft.component
def _SearchBox(i: int, player: str, query: str, set_query: Callable[[str], None]) -> ft.Control:
    """The search: what it finds is named under it (Enter adds that, and only that), with
    the next names it finds as buttons (a tap adds one); a search that finds nothing says
    so; the text is emptied after each add, the keyboard kept for the next name."""
    model = use_model_unwatched()
    offered = use_watch(lambda m: picks(m, i, query), (i, query))
    shown = offered[0] if offered else None
    searched = use_kept_text()

    def take(found: Found) -> bool:
        """`found` joins the city if the city can still take it (the game may have
        changed since it was offered)."""
        draft = model.draft
        if draft is None or found not in picks(model, i, query):
            return False
        add(SeatEdits(model.edit_city, i, player), draft, found)
        set_query("")
        return True

    async def submit(e: ft.Event[ft.TextField]) -> None:
        typed = e.control.value or ""
        now = pick(model, i, typed)
        if now is not None and now == shown and typed == query:
            take(now)
        elif now is not None and now != shown:
            set_query(typed)  # the game changed meanwhile: the new answer is shown first
        await e.control.focus()  # type: ignore[no-untyped-call]

    def tapped(found: Found) -> Callable[[], Awaitable[None]]:
        async def go() -> None:
            if take(found):
                await field.focus()  # type: ignore[no-untyped-call]
        return go

    nothing = bool(query.strip()) and shown is None
    said = S.nothing_found(query.strip()) if nothing else ""
    if nothing and model.draft is not None:  # a card of the box the app cannot score: why
        rules = ruleset(model.draft.game, model.draft.expansions)
        known, why = unscorable(rules, query)
        if known:
            said = S.cannot_score(known, rules.title, why)  # with every expansion
        else:  # a name of an expansion this game was not started with: which one
            name, expansion = in_another_expansion(rules, query.strip())
            if name:
                said = S.in_another_expansion(name, expansion)
    field = searched.keep(ft.TextField(
        label=S.SEARCH, value=searched.text(query), prefix_icon=ft.Icons.SEARCH,
        hint_text=S.SEARCH_HINT,
        # what the search offers, under the field, stays above the keyboard
        scroll_padding=ft.Padding.only(left=20, top=20, right=20, bottom=120),
        on_change=lambda e: set_query(searched.hear(e.control.value or "")),
        on_submit=submit))
    # named with whose city it adds to ("Ann: Search"): a screen reader reads the field alone
    named_field = ft.MergeSemantics(content=ft.Semantics(
        identifier="search", label=S.whose_field(player), content=field))
    # what Enter adds, or that nothing is found, right under the field: a line of its own,
    # a live region a screen reader says as it changes (in the field's helper it was merged
    # into the field's name with "Ann:", and said by nobody while typing)
    answer = said or (found_words(shown) if shown is not None else "")
    answer_line = ft.Semantics(identifier="search-answer", live_region=True, visible=bool(answer),
                               content=ft.Text(answer, size=12, max_lines=2,
                                               color=ft.Colors.ERROR if said else None))
    # the next names found, each a tap: a row of their own, read out as buttons
    others = wrap([ft.OutlinedButton(content=f.name, height=TAP, on_click=tapped(f))
                   for f in offered[1:]])
    return ft.Column([named_field, answer_line, others], spacing=4, tight=True)


SearchBox = memo(_SearchBox)
