"""New game: the game and its expansions, the players in seating order, random wonders."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import flet as ft

from scorer.facts import facts, games, max_name_length, offered_expansions, ruleset
from scorer.games.checks import player_names
from scorer.ruleset import expansion_name
from ui.entry.games import new_draft
from ui.entry.games.seven_wonders import SevenWondersDraft, SevenWondersSeat
from ui.screens import a11y
from ui.screens.a11y import icon_button
from ui.screens.home import game_title
from ui.screens.widgets import (
    TAP,
    KeptText,
    confirm_replace_dialog,
    header,
    one_of,
    toggle,
    use_kept_texts,
    use_latest_state,
    view,
    wrap,
)
from ui.session.model import use_model
from ui.text import strings as S


def random_boards(game: str, seats: list[SevenWondersSeat], rng: random.Random
                  ) -> list[SevenWondersSeat]:
    """The seats with wonder boards and sides dealt at random, as the box does (distinct
    boards)."""
    rules = ruleset(game)
    boards = rules.wonders.names()
    rng.shuffle(boards)
    sides = list(dict.fromkeys(rules.constants.side_names.values()))
    dealt = [replace(seat, board=board, side=rng.choice(sides))
             for seat, board in zip(seats, boards, strict=False)]
    return dealt + seats[len(dealt):]  # more players than boards: the rest as they were


NAME_LIMIT = max_name_length()
"""The table format's longest name: the field takes no more."""


@ft.component
def Setup() -> ft.View:
    model = use_model()
    available = games()
    game, set_game = ft.use_state(available[0] if available else "7wonders-1e")
    chosen, set_chosen = ft.use_state(tuple[str, ...]())
    three: tuple[str, ...] = ("", "", "")
    names, names_now, set_names = use_latest_state(three)
    first_ids: tuple[int, ...] = (0, 1, 2)
    ids, set_ids = ft.use_state(first_ids)
    """A stable id per row, so that a dragged row keeps its field."""
    spoken, set_spoken = ft.use_state(dict[int, str]())
    """Each row's name as its buttons say it ("Remove Cid"), by row id: taken when the
    field is left, not per keystroke (a keystroke that renamed the row's buttons lost keys
    of a long name typed fast)."""
    deal, set_deal = ft.use_state(False)
    asking, set_asking = ft.use_state(False)
    """Start was tapped while a game with something entered is in progress: ask first."""
    remembered = ft.use_memo(lambda: model.store.names(), [])
    kept = use_kept_texts()
    """Each row's field, by row id: a render gives it the text the phone holds."""

    # the game with its chosen expansions: Cities takes an 8th player
    const = ruleset(game, chosen).constants
    has = facts(ruleset(game, chosen))
    has_boards = has.has_boards  # boards to deal (not Duel's wonder cards)
    fewest = has.fewest_players  # the 1st edition's 2-player game: the Free City added

    def pick_game(g: str) -> None:
        """Another game: as many rows as it needs at least; blank rows beyond the most it
        takes go, typed names stay (Start waits until the player removes some)."""
        limits = ruleset(g).constants
        rows = list(zip(names_now(), ids, strict=True))
        while len(rows) > limits.max_players and any(not n.strip() for n, _ in rows):
            rows.pop(max(k for k, (n, _) in enumerate(rows) if not n.strip()))
        while len(rows) < limits.min_players:
            rows.append(("", max((x for _, x in rows), default=0) + 1))
        set_game(g)
        set_chosen(())
        set_names(tuple(n for n, _ in rows))
        set_ids(tuple(x for _, x in rows))

    def flip_expansion(e: str) -> Callable[[], None]:
        def go() -> None:
            set_chosen(tuple(x for x in chosen if x != e) if e in chosen else (*chosen, e))
        return go

    def rename(i: int, field: KeptText) -> Callable[[ft.Event[ft.TextField]], None]:
        def go(e: ft.Event[ft.TextField]) -> None:
            new = list(names_now())  # another field's keys may not be rendered yet
            # the field takes no more (max_length); a client that sends more is cut there
            new[i] = field.hear(e.control.value or "")[:NAME_LIMIT]
            set_names(tuple(new))
        return go

    def reorder(old: int, new: int) -> None:
        typed = names_now()  # every row's keys, even those whose render is still to come
        if old == new or not (0 <= old < len(typed) and 0 <= new < len(typed)):
            return
        order = list(range(len(typed)))
        order.insert(new, order.pop(old))
        set_names(tuple(typed[k] for k in order))
        set_ids(tuple(ids[k] for k in order))

    def move(i: int, step: int) -> Callable[[], None]:
        def go() -> None:
            reorder(i, i + step)
        return go

    def dragged(e: ft.OnReorderEvent) -> None:
        if e.old_index is not None and e.new_index is not None:
            reorder(e.old_index, e.new_index)

    def remove(i: int) -> Callable[[], None]:
        def go() -> None:
            set_names(tuple(n for k, n in enumerate(names_now()) if k != i))
            set_ids(tuple(x for k, x in enumerate(ids) if k != i))
        return go

    def add(name: str = "") -> Callable[[], None]:
        def go() -> None:
            new = list(names_now())
            row: int | None = None
            if name and "" in new:
                row = ids[new.index("")]
                new[new.index("")] = name
            elif len(new) < const.max_players:
                row = max(ids, default=0) + 1
                new.append(name)
                set_ids((*ids, row))
            set_names(tuple(new))
            if name and row is not None:  # not typed: its buttons say it at once
                filled = row
                set_spoken(lambda said: {**said, filled: name})
        return go

    def left(i: int) -> Callable[[], None]:
        def go() -> None:
            if i < len(ids):
                row, name = ids[i], names_now()[i].strip()
                # onto the names said now, not this render's: a field left before the
                # render this blur follows keeps its name
                set_spoken(lambda said: {**said, row: name})
        return go

    def begin() -> None:
        set_asking(False)
        draft = new_draft(game, chosen, [n.strip() for n in names_now()], S.FREE_CITY)
        if deal and isinstance(draft, SevenWondersDraft):  # boards to deal
            draft = replace(draft, seats=random_boards(game, draft.seats, random.Random()))
        if model.start(draft):
            ft.context.page.navigate(model.path())

    def start() -> None:
        """Start the game; first ask, when that would lose the game in progress."""
        if model.would_lose():
            set_asking(True)
        else:
            begin()

    stripped = [n.strip() for n in names]
    count_ok = fewest <= len(names) <= const.max_players
    adds_free_city = has.adds_free_city(len(names))
    # the engine's rule for names (none blank, none twice whatever its case), the Free City's
    # too (a player typed "Free City": two seats of that name, one a player's; a walk's finding)
    names_ok = not player_names([*names, *([S.FREE_CITY] if adds_free_city else [])])
    rows: list[ft.Control] = []
    for i, n in enumerate(names):
        row = ids[i] if i < len(ids) else i
        who = spoken.get(row) or S.nth_player(i + 1)  # what a screen reader says the row is
        field = kept.setdefault(row, KeptText())
        # The top padding keeps each field's floating label clear of the row above.
        rows.append(ft.Container(key=f"seat-{row}",
                                 padding=ft.Padding.only(top=10), content=ft.Row(controls=[
            ft.Semantics(identifier=f"drag-{i}", label=S.drag_player(who),
                         content=ft.ReorderableDragHandle(
                content=ft.Icon(ft.Icons.DRAG_INDICATOR), mouse_cursor=ft.MouseCursor.GRAB)),
            field.keep(ft.TextField(
                label=f"{S.PLAYER_NAME} {i + 1}", value=field.text(n), on_change=rename(i, field),
                on_blur=left(i), expand=True, max_length=NAME_LIMIT, counter="")),
            icon_button(ft.Icons.ARROW_UPWARD, S.move_up(who), move(i, -1), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, S.move_down(who), move(i, 1),
                        disabled=i == len(names) - 1),
            icon_button(ft.Icons.CLOSE, S.remove_player(who), remove(i),
                        disabled=len(names) <= fewest),
        ], spacing=0)))
    unused = [n for n in remembered if n not in stripped]
    items: list[ft.Control] = [
        header(S.GAME),
        # one of them: radio buttons (chips read as checkboxes: a walk)
        one_of([(g, game_title(g), False) for g in available], game, pick_game, S.GAME),
    ]
    exps = offered_expansions(game)
    if exps:
        items += [header(S.EXPANSIONS),
                  wrap([toggle(expansion_name(game, e), e in chosen, flip_expansion(e))
                        for e in exps])]
    # how many the game takes, said from the start where the players are (at the most, Add
    # player goes: a walk at 8 with Cities saw it go without a word); one text whose words
    # change with the game, no control added or taken away while names are typed
    items += [header(S.PLAYERS),
              ft.Text(f"{S.players_for(fewest, const.max_players)} {S.DRAG_HINT}", italic=True),
              ft.ReorderableListView(rows, on_reorder=dragged, show_default_drag_handles=False,
                                     spacing=12, padding=ft.Padding.only(top=8))]
    if len(names) < const.max_players:
        items.append(ft.OutlinedButton(content=S.ADD_PLAYER, icon=ft.Icons.PERSON_ADD,
                                       on_click=add(), height=TAP))
    if unused:
        items += [ft.Text(S.REMEMBERED),
                  # every row filled at the most players the game takes, a tap would add
                  # nobody: disabled (an empty row it fills, as `add` does)
                  wrap([ft.OutlinedButton(content=a11y.spoken(n, S.add_earlier_player(n)),
                                          icon=ft.Icons.ADD, on_click=add(n), height=TAP,
                                          disabled=len(names) >= const.max_players
                                          and "" not in names)
                        for n in unused])]
    if has_boards:
        items.append(ft.Switch(label=S.RANDOM_WONDERS, value=deal,
                               on_change=lambda e: set_deal(bool(e.control.value))))
    if not count_ok:
        items.append(ft.Text(S.players_for(fewest, const.max_players), italic=True))
    elif adds_free_city:
        items.append(ft.Text(S.FREE_CITY_HINT, italic=True))
    if not names_ok:
        items.append(ft.Text(S.NEED_NAMES, italic=True))
    current = model.draft
    ask = asking and current is not None and names_ok and count_ok
    ft.use_dialog(confirm_replace_dialog(current, game_title(current.game, current.expansions),
                                         S.REPLACED_BY_NEW, begin, lambda: set_asking(False))
                  if ask and current is not None else None)
    items.append(ft.FilledButton(content=S.START, icon=ft.Icons.PLAY_ARROW,
                                 on_click=start, disabled=not (names_ok and count_ok),
                                 height=52))
    return view("/new", S.SETUP_TITLE, items)
