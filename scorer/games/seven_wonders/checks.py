"""Whether a 7 Wonders table can exist, as small pure checks, and the board it resolves to.

`TABLE_CHECKS` read the table and its ruleset; `resolve` builds the board from the table
with whatever a problem sets aside left out (and the choices it can take); `BOARD_CHECKS`
read the table and that board; `scorer.games.checks.run_checks` runs them in that order.
No check depends on another or on shared state: each is one rule of the game.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from scorer import military
from scorer.board import (
    NO_BOARD,
    NO_SIDE,
    NO_TOKENS,
    Board,
    City,
    Tokens,
    copies_leaders,
    guilds_beside,
    leaders_beside,
)
from scorer.effects import CopyNeighbourStage, Scope, Shields
from scorer.engine import ROMAN
from scorer.games.checks import (
    Aside,
    NamedField,
    aside_of,
    called,
    expansion_problems,
    guilds_in_game,
    kept,
    known,
    once_across_cities,
    player_count,
    player_name_problems,
    repeated_in_city,
    run_checks,
    unknown_names,
)
from scorer.games.seven_wonders import expansions
from scorer.i18n import N_, _, all_of, any_of, ngettext, translated
from scorer.problems import Problem, problem
from scorer.ruleset import Card, Constants, Leader, Ruleset, WonderStage, copies_in_deck
from scorer.table import SevenWondersPlayer, SevenWondersTable
from scorer.words import side_word

TableCheck = Callable[[SevenWondersTable, Ruleset], list[Problem]]
BoardCheck = Callable[[SevenWondersTable, Board], list[Problem]]

BOARD = NamedField("wonder.board", "wonders", N_("wonder"), lambda p: p.wonder.board)
CARDS = NamedField("cards", "cards", N_("card"), lambda p: p.cards)
LEADERS = NamedField("leaders", "leaders", N_("leader"), lambda p: p.leaders)
ENTOMBED = NamedField("entombed", "leaders", N_("leader"), lambda p: p.entombed)


# --- checks of the table ---------------------------------------------------------------------


def seats(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """The game's player count; the Free City only in its variant, once, as a third seat."""
    const = rules.constants
    n = len(table.players)
    free = [i for i, p in enumerate(table.players) if p.free_city]
    out: list[Problem] = []
    if free and not const.free_city:
        out += [
            problem(
                "free-city",
                _(
                    "the Free City belongs to the 2-player variant of 7 Wonders 1st edition, "
                    "not {game}"
                ).format(game=const.title),
                i,
                "free_city",
            )
            for i in free
        ]
    elif len(free) > 1:
        out += [
            problem("free-city", _("only one seat can be the Free City"), i, "free_city")
            for i in free[1:]
        ]
    elif free and n != 3:
        text = ngettext(
            "the Free City is the third seat of a 2-player game; this table has {count} seat",
            "the Free City is the third seat of a 2-player game; this table has {count} seats",
            n,
        )
        out.append(problem("free-city", text.format(count=n), free[0], "free_city"))
    return out + player_count(table, rules, n, free_city_hint=n == 2 and const.free_city)


def names(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    return unknown_names(table, rules, (BOARD, CARDS, LEADERS, ENTOMBED))


def side_name(rules: Ruleset, typed: str) -> Literal["A", "B"] | None:
    """The board side a typed side means ("day" is A in the 2nd edition)."""
    return rules.sides.get(typed)


def _side_said(rules: Ruleset, side: str) -> str:
    """A side as a message says it: in its edition's words (Night, not B)."""
    return side_word(rules.side_name(side))


def wonder_sides(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """A side the game has, and no more stages than that side of the board."""
    out = []
    for i, p in enumerate(table.players):
        wonder = rules.wonders.get(p.wonder.board)
        side_key = side_name(rules, p.wonder.side)
        if side_key is None:
            expected = ", ".join(repr(k) for k in rules.constants.side_names)
            text = _('no side "{side}"; expected one of {expected}')
            out.append(
                problem(
                    "unknown-side",
                    text.format(side=p.wonder.side, expected=expected),
                    i,
                    "wonder.side",
                )
            )
            continue
        if wonder is None:
            continue
        side = wonder.sides.get(side_key)
        if side is None:
            text = _("{wonder} has no side {side}").format(
                wonder=wonder.name, side=_side_said(rules, side_key))
            out.append(problem("unknown-side", text, i, "wonder.side"))
        elif p.wonder.stages > len(side.stages):
            text = ngettext(
                "{wonder} {side} has {count} stage, not {built}",
                "{wonder} {side} has {count} stages, not {built}",
                len(side.stages),
            ).format(
                wonder=wonder.name, side=_side_said(rules, side_key), count=len(side.stages),
                built=p.wonder.stages,
            )
            out.append(problem("too-many-stages", text, i, "wonder.stages"))
    return out


def cards_in_city(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """A city never holds two cards of one name, nor a card its player count leaves out."""
    seats = len(table.players)
    in_deck = copies_in_deck(rules, seats)
    out = []
    for i, p in enumerate(table.players):
        first_at: dict[str, int] = {}
        for j, card in enumerate(rules.cards.get_all(p.cards)):
            if card is None:
                continue
            if card.name in first_at:
                text = _(
                    '"{card}" is in this city already (entry {entry}); a city never holds two '
                    "cards of the same name"
                ).format(card=card.name, entry=first_at[card.name] + 1)
                out.append(problem("repeated-in-city", text, i, "cards", j))
            elif not in_deck[card.name]:
                first_at[card.name] = j
                text = _(
                    '"{card}" is not in the {seats}-player deck (it is used from {least} players)'
                ).format(card=card.name, seats=seats, least=min(card.copies))
                out.append(problem("not-in-deck", text, i, "cards", j))
            else:
                first_at[card.name] = j
    return out


def copies_across_cities(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """The box holds each board and leader once, and each card as often as the player
    count's deck does."""
    in_deck = copies_in_deck(rules, len(table.players))
    return (
        once_across_cities(table, rules, CARDS, lambda card: in_deck[card.name])
        + once_across_cities(table, rules, BOARD, lambda _: 1)
        + once_across_cities(table, rules, LEADERS, lambda _: 1)
    )


def free_city_leaders(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    return [
        problem(
            "leaders-in-free-city",
            _("the Free City gets no leaders (Leaders rulebook, 2 players)"),
            i,
            "leaders",
        )
        for i, p in enumerate(table.players)
        if p.leaders and p.free_city
    ]


TABLE_CHECKS: tuple[TableCheck, ...] = (
    lambda table, rules: expansion_problems(table, rules),
    seats,
    lambda table, rules: player_name_problems(table, rules),
    names,
    wonder_sides,
    cards_in_city,
    copies_across_cities,
    free_city_leaders,
    lambda table, rules: repeated_in_city(table, rules, (LEADERS, ENTOMBED)),
    *expansions.TABLE_CHECKS,
)


# --- the board -------------------------------------------------------------------------------


def derived_tokens(table: SevenWondersTable, rules: Ruleset) -> list[Tokens] | None:
    """Conflict tokens from per-Age shields, when every player gave them and no leader
    that moves tokens is recruited (then the shields do not decide the tokens)."""
    players = table.players
    if not players or any(p.shields is None for p in players):
        return None
    recruited = rules.leaders.get_all([name for p in players for name in p.leaders])
    if any(ld is not None and (ld.moves_tokens or ld.shields_from_defeats) for ld in recruited):
        return None
    return military.derive_tokens(
        [p.shields or [] for p in players],
        rules.constants.victory_token_by_age,
        [p.diplomacy for p in players],
    )


def _city(
    i: int, p: SevenWondersPlayer, name: str, rules: Ruleset, aside: Aside, tokens: Tokens
) -> City:
    wonder = rules.wonders.get(p.wonder.board) if kept(aside, i, "wonder.board") else None
    side_key = side_name(rules, p.wonder.side)
    side = wonder.sides.get(side_key) if wonder is not None and side_key else None
    if wonder is None or side is None or not kept(aside, i, "wonder.side"):
        wonder, side, side_key = NO_BOARD, NO_SIDE, None
    stages = p.wonder.stages if kept(aside, i, "wonder.stages") else 0
    cards = known(rules.cards.get_all(p.cards), aside, i, "cards")
    leaders = known(rules.leaders.get_all(p.leaders), aside, i, "leaders")
    numbers = None
    if p.wonder.built is not None and wonder.any_order and kept(aside, i, "wonder.built"):
        numbers = tuple(dict.fromkeys(n for j, n in enumerate(p.wonder.built)
                                      if kept(aside, i, "wonder.built", j)))
        stages = len(numbers)
    return City(
        index=i,
        name=name,
        wonder=wonder,
        side_name=side_key or "",
        side=side,
        stages_built=min(stages, len(side.stages)),
        cards=cards,
        coins=p.coins,
        tokens=tokens,
        leaders=leaders,
        free_city=p.free_city,
        on_paper=p.paper is not None,
        stage_numbers=numbers,
        diplomacy=tuple(p.diplomacy) if kept(aside, i, "diplomacy") else (),
        tokens_held={
            key: {int(face): n for face, n in held.items()
                  if kept(aside, i, f"tokens.{key}.{face}")}
            for key, held in p.tokens.items() if kept(aside, i, f"tokens.{key}")
        },
        counts={k: n for k, n in p.counts.items() if kept(aside, i, f"counts.{k}")},
        printed={k: n for k, n in p.printed.items() if kept(aside, i, f"printed.{k}")},
        entombed=known(rules.leaders.get_all(p.entombed), aside, i, "entombed"),
    )


def resolve(
    table: SevenWondersTable, rules: Ruleset, aside: Aside
) -> tuple[Board, list[Problem]]:
    """The board to score: each seat's known things, less what problems set aside, with
    the table's choices that can be taken; and the problems of the other choices."""
    board = _board(table, rules, aside)
    typed = expansions.printed_beside_copies(table, board)
    if typed:  # points typed beside copies the boards count: set aside, the board again
        aside = aside | aside_of(typed)
        board = _board(table, rules, aside)
    chosen, silent = choices(table, board)
    return with_choices(table, board, aside | aside_of(chosen) | silent), typed + chosen


def _board(table: SevenWondersTable, rules: Ruleset, aside: Aside) -> Board:
    """Each seat's known things, less what problems set aside, without choices."""
    derived = derived_tokens(table, rules)
    cities = []
    for i, p in enumerate(table.players):
        if p.military is not None:
            tokens = Tokens(p.military.victories(), p.military.defeat)
        else:
            tokens = derived[i] if derived is not None else NO_TOKENS
        cities.append(_city(i, p, called(table, i), rules, aside, tokens))
    return Board(rules, tuple(cities), shield_tokens=None if derived is None else tuple(derived))


def _copied_guild(table: SevenWondersTable, board: Board, i: int) -> Card | None:
    name = table.players[i].choices.copied_guild
    return None if name is None else board.ruleset.cards.get(name)


def _courtesan(table: SevenWondersTable, board: Board, i: int) -> Leader | None:
    name = table.players[i].choices.courtesan
    return None if name is None else board.ruleset.leaders.get(name)


def _entered_all(c: City, p: SevenWondersPlayer, field: str) -> bool:
    """Whether the city holds every entry of its seat's field (none was unknown or set
    aside), and the board as entered: else what the city has is not fully known (a player
    who counted on paper gave no cards or leaders: `City.on_paper`)."""
    if c.on_paper and field != "wonder":
        return False
    if field == "wonder":
        return c.side is not NO_SIDE and c.stages_built == p.wonder.stages
    return len(c.cards if field == "cards" else c.leaders) == len(getattr(p, field))


def choices(table: SevenWondersTable, board: Board) -> tuple[list[Problem], Aside]:
    """A choice the table gives must be one the city has and its neighbours offer. A
    choice that cannot be judged because its cause is another problem (the city's board,
    a neighbour's misspelt guild or leader) is set aside without a problem of its own:
    that other problem is the one to fix. Returns the problems and those silent asides."""
    out = []
    silent: set[tuple[int | None, str | None, int | None]] = set()
    rules = board.ruleset
    players = table.players
    for c, p in zip(board.cities, players, strict=True):
        left, right = board.neighbour(c, "left"), board.neighbour(c, "right")
        if p.choices.copied_guild is not None:
            guild = _copied_guild(table, board, c.index)
            offered = guilds_beside(left, right)
            if not _entered_all(c, p, "wonder"):
                silent.add((c.index, "choices.copied_guild", None))
            elif not board.copies_a_guild(_entered_copy(board, c, p)):
                text = ngettext(
                    "{wonder} {side} with {count} stage built copies no guild; remove this choice",
                    "{wonder} {side} with {count} stages built copies no guild; remove this choice",
                    c.stages_built,
                ).format(wonder=c.wonder.name, side=_side_said(rules, c.side_name),
                         count=c.stages_built)
                out.append(problem("choice-not-possible", text, c.index, "choices.copied_guild"))
            elif guild is not None and guild.is_guild and guild.name not in offered and any(
                    n.on_paper for n in (left, right)):
                # a guild of a neighbour who counted on paper (its cards not known): the
                # table's word is taken, scored as entered, unless a known city holds it
                out += _held_elsewhere(board, guild.name, "cards", c.index,
                                       "choices.copied_guild")
            elif guild is None or guild.name not in offered:
                # no such guild, or not a guild: said whoever sits next door (a review: a
                # paper neighbour's unknown cards left "Altar" aside without a word)
                if guild is None or not guild.is_guild or all(
                        _entered_all(n, players[n.index], "cards") for n in (left, right)):
                    out.append(_not_offered(
                        _('"{choice}" is not a guild of a neighbour; {have}'),
                        p.choices.copied_guild, c.index, "choices.copied_guild",
                        [(n.name, [g.name for g in n.guilds], n.on_paper) for n in (left, right)],
                        _("{name} has no guild")))
                else:
                    silent.add((c.index, "choices.copied_guild", None))
        if p.choices.copied_stage is not None:
            out += _stage_choice(table, board, c, silent)
        if p.choices.courtesan is not None:
            leader = _courtesan(table, board, c.index)
            offered_leaders = leaders_beside(left, right)
            copied = _copied_guild(table, board, c.index)
            if not c.copies_a_leader and not _copy_copies_a_leader(board, c, p, copied):
                if not _entered_all(c, p, "cards"):
                    silent.add((c.index, "choices.courtesan", None))
                    continue
                if copied is not None and copied.is_guild and board.copies_a_guild(
                        _entered_copy(board, c, p)):
                    # what to do, by name (a walk: "remove this choice" beside two
                    # choices, and the guild was the one to keep)
                    text = _("{wonder} copies the {guild}, which copies no leader: let go of "
                             "{leader} under the Courtesan").format(
                        wonder=c.wonder.name, guild=copied.name, leader=p.choices.courtesan)
                    out.append(problem("choice-not-possible", text, c.index,
                                       "choices.courtesan"))
                    continue
                copiers = [card.name for card in rules.cards.values() if copies_leaders(card)]
                if copiers:
                    text = _("this city has no {cards}; remove this choice")
                else:
                    text = _("this city has no card that copies a leader; remove this choice")
                message = text.format(cards=any_of(copiers))
                out.append(problem("choice-not-possible", message, c.index, "choices.courtesan"))
            elif leader is not None and leader.name not in offered_leaders and any(
                    n.on_paper for n in (left, right)):
                # a leader of a neighbour who counted on paper: the table's word taken,
                # unless a city whose leaders are known holds it
                out += _held_elsewhere(board, leader.name, "leaders", c.index,
                                       "choices.courtesan")
            elif leader is None or leader.name not in offered_leaders:
                if leader is None or all(  # no such leader: said whoever sits next door
                        _entered_all(n, players[n.index], "leaders") for n in (left, right)):
                    out.append(_not_offered(
                        _('"{choice}" is not a recruited leader of a neighbour; {have}'),
                        p.choices.courtesan, c.index, "choices.courtesan",
                        [(n.name, [ld.name for ld in n.leaders], n.on_paper)
                         for n in (left, right)],
                        _("{name} has no leader")))
                else:
                    silent.add((c.index, "choices.courtesan", None))
    return out, frozenset(silent)


def _copy_copies_a_leader(board: Board, c: City, p: SevenWondersPlayer,
                          copied: Card | None) -> bool:
    """Whether the city's stage that copies a guild (Olympia B) may copy one that copies a
    leader (the Courtesans Guild, docs/rules.md): the guild entered does, else a neighbour
    holds one, else a neighbour counted on paper and no city whose cards are known holds
    it (the game has one)."""
    if not board.copies_a_guild(_entered_copy(board, c, p)):
        return False
    if copied is not None and copied.is_guild:
        return copies_leaders(copied)
    left, right = board.beside(c)
    if any(map(copies_leaders, guilds_beside(left, right).values())):
        return True
    return any(n.on_paper for n in (left, right)) and not any(
        copies_leaders(g) for city in board.cities if not city.on_paper for g in city.guilds)


def _held_elsewhere(board: Board, name: str, field: Literal["cards", "leaders"], index: int,
                    where: str) -> list[Problem]:
    """A copy named from a neighbour who counted on paper, of a guild or leader that a city
    whose cards (leaders) are known holds: the game has one of it, so the paper neighbour
    has none to copy (a review: Ann's Olympia copied her own Magistrates Guild, scored
    twice). No problem when no such city holds it."""
    holders = [c.name for c in board.cities
               if not c.on_paper and name in {x.name for x in getattr(c, field)}]
    if not holders:
        return []
    text = _('"{choice}" is in {holders}\'s city, and the game has one: a neighbour who '
             "counted on paper cannot hold it too").format(choice=name, holders=all_of(holders))
    return [problem("choice-not-offered", text, index, where)]


def _entered_copy(board: Board, c: City, p: SevenWondersPlayer) -> City:
    """The city with its stage that copies either neighbour's settled as the table's
    `copied_stage` names it (a neighbour's wonder with that stage), else as it is."""
    copy = _either_copy(c)
    named = board.ruleset.wonders.get(p.choices.copied_stage or "")
    if copy is None or named is None:
        return c
    picked = tuple(s for s in board.copy_scopes(c, copy)
                   if board.neighbour(c, s).wonder.name == named.name)
    return dataclasses.replace(c, copied_stage_from=picked,
                               copied_stage_entered=named.name) if picked else c


def _either_copy(c: City) -> CopyNeighbourStage | None:
    """The built stage that copies either neighbour's stage (Manneken Pis A's third)."""
    return next((e for stage in c.built_stages for e in stage.effects
                 if isinstance(e, CopyNeighbourStage) and len(e.neighbours) > 1), None)


def _stage_choice(table: SevenWondersTable, board: Board, c: City,
                  silent: set[tuple[int | None, str | None, int | None]]) -> list[Problem]:
    """The table's `copied_stage`: the wonder of a neighbour whose stage the city's stage
    that copies either neighbour's took, that board having that stage."""
    field = "choices.copied_stage"
    players = table.players
    p = players[c.index]
    copy = _either_copy(c)
    if not _entered_all(c, p, "wonder"):
        silent.add((c.index, field, None))
        return []
    if copy is None:
        text = ngettext(
            "{wonder} {side} with {count} stage built has no stage that copies either "
            "neighbour's; remove this choice",
            "{wonder} {side} with {count} stages built has no stage that copies either "
            "neighbour's; remove this choice",
            c.stages_built,
        ).format(wonder=c.wonder.name, side=_side_said(board.ruleset, c.side_name),
                 count=c.stages_built)
        return [problem("choice-not-possible", text, c.index, field)]
    named = board.ruleset.wonders.get(p.choices.copied_stage or "")
    offered = [board.neighbour(c, scope).wonder.name for scope in board.copy_scopes(c, copy)]
    if named is not None and named.name in offered:
        return []
    neighbours = [board.neighbour(c, scope) for scope in copy.neighbours]
    if not all(_entered_all(n, players[n.index], "wonder") for n in neighbours):
        silent.add((c.index, field, None))
        return []
    have = "; ".join(
        _("{name} has {wonder}").format(name=n.name, wonder=n.wonder.name)
        if n.wonder.name in offered else
        _("{name}'s {wonder} {side} has no stage {number}").format(
            name=n.name, wonder=n.wonder.name, side=_side_said(board.ruleset, n.side_name),
            number=copy.stage)
        for n in {n.index: n for n in neighbours}.values())
    text = _('"{choice}" is not the wonder of a neighbour with a stage {number} to copy; '
             "{have}").format(choice=p.choices.copied_stage, number=copy.stage, have=have)
    return [problem("choice-not-offered", text, c.index, field)]


def _not_offered(text: str, choice: str, index: int, field: str,
                 neighbours: list[tuple[str, list[str], bool]], none: str) -> Problem:
    """A choice naming what neither neighbour offers: `text` (translated) says what each
    neighbour has instead, by name (`none` for one that has nothing to copy; one who
    counted on paper, whose cards are not known, said so)."""
    said: dict[str, str] = {}
    for name, things, on_paper in neighbours:  # a neighbour on both sides: said once
        said[name] = (_("{name} counted on paper").format(name=name) if on_paper
                      else _("{name} has {things}").format(name=name, things=all_of(things))
                      if things else none.format(name=name))
    have = "; ".join(said.values())
    return problem("choice-not-offered", text.format(choice=choice, have=have), index, field)


def with_choices(table: SevenWondersTable, board: Board, aside: Aside) -> Board:
    """The board with the table's choices that were not set aside."""
    cities = []
    for c in board.cities:
        guild = _copied_guild(table, board, c.index)
        leader = _courtesan(table, board, c.index)
        if not kept(aside, c.index, "choices.copied_guild"):
            guild = None
        if not kept(aside, c.index, "choices.courtesan"):
            leader = None
        changed = guild is not None or leader is not None
        new = dataclasses.replace(c, copied_guild=guild, courtesan=leader) if changed else c
        cities.append(_stage_copied(table, board, new, aside))
    if all(new is old for new, old in zip(cities, board.cities, strict=True)):
        return board  # no choice given: the board as it is
    return dataclasses.replace(board, cities=tuple(cities))


def _stage_copied(table: SevenWondersTable, board: Board, c: City, aside: Aside) -> City:
    """The city with the neighbours its stage that copies either one's (Manneken Pis A's
    third) may have copied, as the table narrows them: its choice (`copied_stage`); else a
    guild it names to copy, where only a copied stage copies one; its cards (as many as
    only a copy of a build from the discard allows); points typed as printed (only a copy
    of a Stonehenge stage has them); the Ages it sat out (only the copies that give the
    diplomacy they need); its shields at the end (only the copies whose shields give them:
    a city whose 2 shields came from the Great Wall's stage did not copy Babylon's symbol
    too). Left open, the engine scores each (`score_city`)."""
    copy = _either_copy(c)
    if copy is None:
        return c
    scopes = board.copy_scopes(c, copy)
    p = table.players[c.index]
    if p.choices.copied_stage is not None and kept(aside, c.index, "choices.copied_stage"):
        return _entered_copy(board, c, p)

    def only(fits: Callable[[City], bool]) -> tuple[Scope, ...]:
        """The copies left that `fits`; all of them where none does (that is then another
        check's problem, the copy left open)."""
        kept_ = tuple(s for s in scopes
                      if fits(dataclasses.replace(c, copied_stage_from=(s,))))
        return kept_ or scopes

    ages = sorted(set(p.diplomacy))
    narrowing: list[tuple[bool, Callable[[City], bool]]] = [
        (c.copied_guild is not None and not c.copies_a_guild, board.copies_a_guild),
        # a Courtesan's leader named and no Courtesans Guild of its own: a copy of a guild
        (c.courtesan is not None and not c.copies_a_leader, board.copies_a_guild),
        # as many cards as only one copy allows (a copy of Halikarnassos's build)
        (True, lambda one: len(one.cards) <= _card_room(board, one)[0]),
        # points typed as printed: a copy of a Stonehenge stage, whose points no data has
        (any(p.printed.values()), board.copies_printed_points),
        (bool(ages), lambda one: expansions.diplomacy_matched(board, one, ages)),
        (p.shields is not None,
         lambda one: p.shields is not None and p.shields[-1] in possible_shields(board, one)),
    ]
    for applies, fits in narrowing:
        if applies and len(scopes) > 1:
            scopes = only(fits)
    if scopes == board.copy_scopes(c, copy):
        return c
    return dataclasses.replace(c, copied_stage_from=scopes)




def _card_room(board: Board, c: City) -> tuple[int, int, int, dict[str, int]]:
    """The most cards the city can hold, with what makes it: the cards its wonder, leaders
    and cards add (`extra`), those under its stages (`tucked`), and the pieces that took a
    card play (`given_up`)."""
    const = board.ruleset.constants
    ages = len(const.victory_token_by_age)
    built = c.built_stages
    extra = sum(s.extra_cards for s in built) + sum(ld.extra_cards for ld in c.leaders) \
        + sum(card.extra_cards for card in c.cards) + sum(
            max(s.extra_cards for s in options)  # a copied Babylon B's 7th card
            for options in board.copied_stage_options(c) if options)
    extra_recruits = sum(s.leader_recruits for s in built)
    recruited = len(c.leaders) + len(c.entombed)  # an entombed leader was recruited first
    by_leaders = max(0, const.leaders_recruited_max - max(0, recruited - extra_recruits))
    tucked = max(0, len(built) - by_leaders)
    # a piece that takes a card play (a Babel tile: its card discarded) leaves no card
    given_up = {name: n for name, n in c.counts.items()
                if (piece := board.ruleset.pieces.get(name)) is not None
                and piece.uses_card_play and n > 0}
    most = const.plays_per_age * ages + extra - tucked - sum(given_up.values())
    return most, extra, tucked, given_up


def card_count(table: SevenWondersTable, board: Board) -> list[Problem]:
    """A city plays a fixed number of cards per Age; each built stage tucks one of them
    away, unless a leader built it (Leaders: one leader play per Age recruits, builds a
    stage or is discarded)."""
    const = board.ruleset.constants
    ages = len(const.victory_token_by_age)
    out = []
    for c in board.cities:
        most, extra, tucked, given_up = _card_room(board, c)
        if len(c.cards) > most:
            if given_up and extra:
                text = _(
                    "{count} cards, but a city plays {plays} cards in each of {ages} Ages "
                    "(+{extra} from its wonder, leaders and cards), {tucked} went under wonder "
                    "stages, and each of its {pieces} ({given}) took a card: at most {most}"
                )
            elif given_up:
                text = _(
                    "{count} cards, but a city plays {plays} cards in each of {ages} Ages, "
                    "{tucked} went under wonder stages, and each of its {pieces} ({given}) took "
                    "a card: at most {most}"
                )
            elif extra:
                text = _(
                    "{count} cards, but a city plays {plays} cards in each of {ages} Ages "
                    "(+{extra} from its wonder and leaders) and {tucked} went under wonder "
                    "stages: at most {most}"
                )
            else:
                text = _(
                    "{count} cards, but a city plays {plays} cards in each of {ages} Ages and "
                    "{tucked} went under wonder stages: at most {most}"
                )
            message = text.format(
                count=len(c.cards),
                plays=const.plays_per_age,
                ages=ages,
                extra=extra,
                tucked=tucked,
                most=most,
                given=sum(given_up.values()),
                pieces=all_of(translated(board.ruleset.pieces[name].label) for name in given_up),
            )
            out.append(problem("too-many-cards", message, c.index, "cards"))
        else:
            out += _cards_of_later_ages(c, const.plays_per_age, ages, extra)
    return out


def _cards_of_later_ages(c: City, plays: int, ages: int, extra: int) -> list[Problem]:
    """A card is played in its own Age or, built from the discard, a later one: the cards
    of Age II and later are at most the plays of Ages II and III (and the builds from the
    discard), those of Age III at most its plays. The first Age over is said (one cause,
    one problem)."""
    for age in range(ages, 1, -1):
        later = sum(1 for card in c.cards if min(card.ages) >= age)
        most = plays * (ages - age + 1) + extra
        if later > most:
            if extra:
                text = _(
                    "{count} cards of Age {age} and later, but a city plays {plays} cards in "
                    "each Age from then (+{extra} from its wonder, leaders and cards): at most "
                    "{most}"
                )
            else:
                text = _(
                    "{count} cards of Age {age} and later, but a city plays {plays} cards in "
                    "each Age from then: at most {most}"
                )
            return [problem("too-many-cards", text.format(
                count=later, age=ROMAN[age], plays=plays, extra=extra, most=most),
                c.index, "cards")]
    return []


def leader_count(table: SevenWondersTable, board: Board) -> list[Problem]:
    """No more leaders recruited than one per Age and what the wonder adds; a leader
    entombed under Abu Simbel is one of the recruited leaders (wonder-pack.md §1)."""
    const = board.ruleset.constants
    out = []
    for c in board.cities:
        built = c.built_stages
        recruits = const.leaders_recruited_max + sum(s.leader_recruits for s in built)
        recruited = len(c.leaders) + len(c.entombed)
        if recruited > recruits and c.entombed:
            text = _(
                "{count} leaders recruited ({face_up} face up, {entombed} entombed), but a city "
                "recruits at most {most} (one per Age, plus what its wonder allows)"
            ).format(count=recruited, face_up=len(c.leaders), entombed=len(c.entombed),
                     most=recruits)
            out.append(problem("too-many-leaders", text, c.index, "leaders"))
        elif recruited > recruits:
            text = _(
                "{count} leaders, but a city recruits at most {most} (one per Age, plus what its "
                "wonder allows)"
            ).format(count=len(c.leaders), most=recruits)
            out.append(problem("too-many-leaders", text, c.index, "leaders"))
    return out


def tokens(table: SevenWondersTable, board: Board) -> list[Problem]:
    """What conflicts can give: each city meets its neighbours once per Age, and every
    conflict gives one victory and one defeat token. A leader or card in play that gives,
    takes or redirects tokens lifts these laws (Cities' Raider cards, 2nd edition); an
    expansion that gives tokens outside the conflicts (Edifice) lifts the whole table's,
    and a city's own bounds grow by what it gives."""
    cities = board.cities
    const = board.ruleset.constants
    if any(ld.moves_tokens for c in cities for ld in c.leaders) or any(
            card.moves_tokens for c in cities for card in c.cards):
        return []
    out = [found for c in cities for found in _city_tokens(c, const)]
    if not const.tokens_from_conflicts_only:
        return out
    victories = sum(c.tokens.victory_count for c in cities)
    defeats = sum(c.tokens.defeats for c in cities)
    # tokens derived from shields balance by themselves; entered ones that differ from them
    # are `tokens-disagree`, said where they were entered
    if victories != defeats and board.shield_tokens is None:
        movers = sorted(ld.name for ld in board.ruleset.leaders.values() if ld.moves_tokens)
        held_words = ngettext(
            "the table holds {count} victory token", "the table holds {count} victory tokens",
            victories,
        ).format(count=victories)
        defeat_words = ngettext(
            "{count} defeat token", "{count} defeat tokens", defeats
        ).format(count=defeats)
        if movers:
            text = _(
                "{victories} and {defeats}; every conflict gives one of each, so they must be "
                "equal (unless a leader that moves tokens is in play: {leaders})"
            )
        else:
            text = _(
                "{victories} and {defeats}; every conflict gives one of each, so they must be "
                "equal"
            )
        message = text.format(victories=held_words, defeats=defeat_words, leaders=any_of(movers))
        out.append(problem("tokens-unbalanced", message, None, "players"))
    seats = len(cities)
    for age, value in enumerate(dict.fromkeys(const.victory_token_by_age), start=1):
        held = sum(c.tokens.victories.get(value, 0) for c in cities)
        out_of_age = [c.index for c in cities if age in c.diplomacy]
        fought = len(military.conflicts(seats, out_of_age))
        if held > fought and out_of_age:
            text = _(
                "{count} victory tokens of {value}, but with diplomacy this table fought only "
                "{fought} conflicts in Age {age}"
            ).format(count=held, value=value, fought=fought, age=ROMAN[age])
            out.append(problem("too-many-tokens", text, None, "players"))
        elif held > seats:
            text = _(
                "{count} victory tokens of {value}, but a {seats}-seat table fights only "
                "{seats} conflicts per Age"
            ).format(count=held, value=value, seats=seats)
            out.append(problem("too-many-tokens", text, None, "players"))
    return out


def _city_tokens(c: City, const: Constants) -> list[Problem]:
    """One city's tokens: two conflicts an Age (none in an Age it sat out with diplomacy),
    plus the victory tokens an expansion gives outside them (`victory_tokens_beyond_
    conflicts`: Edifice's Outpost and Staging Camp)."""
    per_age = const.conflicts_per_age
    beyond = const.victory_tokens_beyond_conflicts
    out = []
    ages = len(const.victory_token_by_age) - len(set(c.diplomacy))
    for age, value in enumerate(const.victory_token_by_age, start=1):
        if age in c.diplomacy and c.tokens.victories.get(value, 0) > beyond.get(value, 0):
            text = _(
                "a victory token of {value}, but this city sat out the conflicts of Age "
                "{age} with diplomacy"
            ).format(value=value, age=ROMAN[age])
            out.append(problem("too-many-tokens", text, c.index, "military"))
    for value, n in c.tokens.victories.items():
        if n > per_age + beyond.get(value, 0):
            if beyond.get(value, 0):
                text = _(
                    "{count} victory tokens of {value}: a city meets {neighbours} neighbours "
                    "per Age and takes at most {beyond} more of that value from the "
                    "expansions, so it holds at most {most}"
                ).format(count=n, value=value, neighbours=per_age, beyond=beyond[value],
                         most=per_age + beyond[value])
            else:
                text = _(
                    "{count} victory tokens of {value}: a city meets {neighbours} neighbours "
                    "per Age, so it holds at most {neighbours} of each value"
                ).format(count=n, value=value, neighbours=per_age)
            out.append(problem("too-many-tokens", text, c.index, "military"))
    if c.tokens.defeats > per_age * ages:
        text = _(
            "{count} defeat tokens: at most {most} ({neighbours} neighbours, {ages} Ages)"
        ).format(count=c.tokens.defeats, most=per_age * ages, neighbours=per_age, ages=ages)
        out.append(problem("too-many-tokens", text, c.index, "military"))
    total = c.tokens.victory_count + c.tokens.defeats
    extra = sum(beyond.values())
    if total > per_age * ages + extra:
        if extra:
            text = _(
                "{count} conflict tokens in all: at most {most} ({conflicts} conflicts in "
                "each of {ages} Ages, and {extra} tokens from the expansions)"
            )
        else:
            text = _(
                "{count} conflict tokens in all: at most {most} ({conflicts} conflicts in "
                "each of {ages} Ages)"
            )
        out.append(problem("too-many-tokens", text.format(
            count=total, most=per_age * ages + extra, conflicts=per_age, ages=ages,
            extra=extra), c.index, "military"))
    return out


def shields(table: SevenWondersTable, board: Board) -> list[Problem]:
    """Per-Age shields of each player who gave them: never going down and what the city's
    cards give; when every player gave them, also agreeing with the tokens entered (the
    tokens are derived only then)."""
    players = table.players
    every = all(p.shields is not None for p in players)
    derived = board.shield_tokens
    out = []
    for c, p in zip(board.cities, players, strict=True):
        if p.shields is None:
            continue
        s = p.shields
        # a leader entombed under Abu Simbel loses its effect, its shields too (wonder-pack.md
        # §1): recruited in Age I and entombed in Age III, Caesar's 2 shields go
        entombed_shields = _shields_of(c.entombed)
        if not board.ruleset.constants.shields_can_go_down and any(
                b < a - entombed_shields for a, b in itertools.pairwise(s)):
            text = _("{shields}: a city's shields never go down from one Age to the next")
            out.append(problem("shields-decrease", text.format(shields=s), c.index, "shields"))
        possible = possible_shields(board, c)
        known = all(_entered_all(c, p, f) for f in ("cards", "leaders", "wonder")) and all(
            _entered_all(n, players[n.index], "wonder") for n in _copied_from(board, c))
        counts_defeats = any(ld.shields_from_defeats for ld in c.leaders)  # Semiramis
        beyond = board.ruleset.constants.shields_beyond_cities  # Edifice's rewards
        if beyond and s[-1] < min(possible) and known and not counts_defeats:
            text = ngettext(
                "{count} shield at the end of the last Age, but this city's {sources} give "
                "{least} already",
                "{count} shields at the end of the last Age, but this city's {sources} give "
                "{least} already",
                s[-1],
            ).format(count=s[-1], least=min(possible),
                     sources=_("cards, wonder and leaders") if board.ruleset.leaders
                     else _("cards and wonder"))
            out.append(problem("shields-impossible", text, c.index, "shields", len(s) - 1))
        elif not beyond and s[-1] not in possible and known and not counts_defeats:
            # else a thing set aside may give the shields
            text = ngettext(
                "{count} shield at the end of the last Age, but this city's {sources} give "
                "{possible}",
                "{count} shields at the end of the last Age, but this city's {sources} give "
                "{possible}",
                s[-1],
            ).format(count=s[-1], possible=any_of(str(x) for x in sorted(possible)),
                     sources=_("cards, wonder and leaders") if board.ruleset.leaders
                     else _("cards and wonder"))
            out.append(problem("shields-impossible", text, c.index, "shields", len(s) - 1))
        # each earlier Age once the last is right (one cause, one problem), on a board whose
        # stages are data (Manneken Pis copies a neighbour's stage: its shields, or a build
        # from the discard, are not known)
        if known and not counts_defeats and c.wonder.basis == "exact" and (
                (beyond and s[-1] >= min(possible)) or s[-1] in possible):
            most = None if beyond else max(possible)
            out += _shields_by_age(c, s, most, bool(board.ruleset.leaders))
        if not every:
            continue  # no tokens derived from one city's shields: the entered ones count
        if p.military is None and derived is None:
            if any(ld.shields_from_defeats for city in board.cities for ld in city.leaders):
                text = _(
                    "a leader whose defeat tokens count as shields is in play, so the tokens "
                    "cannot be derived from shields: enter them"
                )
            else:
                text = _(
                    "a leader that moves conflict tokens is in play, so the tokens cannot be "
                    "derived from shields: enter them"
                )
            out.append(problem("tokens-not-derivable", text, c.index, "military"))
        elif p.military is not None and derived is not None and not _tokens_agree(
                derived[c.index], c.tokens, board.ruleset.constants):
            text = _("the shields give {derived}, but the tokens entered are {entered}").format(
                derived=military.describe(derived[c.index]), entered=military.describe(c.tokens)
            )
            out.append(problem("tokens-disagree", text, c.index, "military"))
    return out


def _tokens_agree(derived: Tokens, entered: Tokens, const: Constants) -> bool:
    """The tokens entered are those the shields give, or, where an expansion gives and
    takes tokens outside the conflicts (Edifice: Outpost's, Staging Camp's; Concentric
    Castle's penalty takes two), the same defeats and no more victories of a value than
    the shields give and the expansion adds."""
    if const.tokens_from_conflicts_only:
        return derived == entered
    beyond = const.victory_tokens_beyond_conflicts
    return derived.defeats == entered.defeats and all(
        n <= derived.victories.get(value, 0) + beyond.get(value, 0)
        for value, n in entered.victories.items())


def _shields_by_age(c: City, s: Sequence[int], most_at_end: int | None,
                    with_leaders: bool) -> list[Problem]:
    """Each Age but the last (checked against the whole city): no more shields than the
    cards of the Ages up to then, every stage and every leader give (a stage or a leader can
    come in any Age; a card never before its Age's deck), and, where no card can have come
    from the discard in a later Age (no stage or leader or card that builds one), no fewer
    than the cards of those Ages alone give. `with_leaders`: the game has leaders (said
    among what gives shields only then)."""
    out = []
    sources = (_("cards of the Ages up to then, its wonder and its leaders") if with_leaders
               else _("cards of the Ages up to then and its wonder"))
    from_discard = c.builds_from_discard
    for k, count in enumerate(s[:-1]):
        age = k + 1
        later = _shields_of([card for card in c.cards if min(card.ages) > age])
        most = None if most_at_end is None else most_at_end - later
        least = _shields_of([card for card in c.cards if max(card.ages) <= age])
        if most is not None and count > most:
            text = ngettext(
                "{count} shield at the end of Age {age}, but this city's {sources} give at "
                "most {most}",
                "{count} shields at the end of Age {age}, but this city's {sources} give at "
                "most {most}",
                count,
            ).format(count=count, age=ROMAN[age], most=most, sources=sources)
        elif count < least and not from_discard:
            text = ngettext(
                "{count} shield at the end of Age {age}, but this city's cards of the Ages up "
                "to then give {least} already",
                "{count} shields at the end of Age {age}, but this city's cards of the Ages up "
                "to then give {least} already",
                count,
            ).format(count=count, age=ROMAN[age], least=least)
        else:
            continue
        out.append(problem("shields-impossible", text, c.index, "shields", k))
    return out


def _shields_of(things: Iterable[Card | WonderStage | Leader]) -> int:
    total = 0
    for thing in things:
        for e in thing.effects:
            if isinstance(e, Shields):
                total += e.shields
    return total


def possible_shields(board: Board, c: City) -> set[int]:
    """The city's shields at game end; with a Courtesan still to choose, one total per
    leader it could copy (Caesar, Hannibal give shields); with a stage that copies either
    neighbour's (Manneken Pis A's third), one per stage it could copy."""
    totals = {_shields_of([*c.cards, *c.built_stages, *c.leaders])}
    for stage in c.built_stages:
        for e in stage.effects:
            if isinstance(e, CopyNeighbourStage):
                totals = {t + x for t in totals for x in _copied_stage_shields(board, c, e)}
    if not c.copies_a_leader:
        return totals
    if c.courtesan is not None:
        offered = [c.courtesan]
    else:
        offered = [
            *leaders_beside(board.neighbour(c, "left"), board.neighbour(c, "right")).values()
        ]
    return totals | {t + _shields_of([ld]) for t in totals for ld in offered}


def _copied_from(board: Board, c: City) -> list[City]:
    """The neighbours whose stages a built stage of the city copies (Manneken Pis A): what
    the city has is known only with their boards (a misspelt one is its own problem)."""
    return [board.neighbour(c, scope) for stage in c.built_stages for e in stage.effects
            if isinstance(e, CopyNeighbourStage) for scope in e.neighbours]


def _copied_stage_shields(board: Board, c: City, copy: CopyNeighbourStage) -> set[int]:
    """The shields of each neighbour's stage a stage may copy (`Board.copy_scopes`: none
    where that board has no such stage; the table's choice where it gives one)."""
    return {_shields_of(board.neighbour(c, scope).side.stages[copy.stage - 1:copy.stage])
            for scope in board.copy_scopes(c, copy)} or {0}


def guilds(table: SevenWondersTable, board: Board) -> list[Problem]:
    return guilds_in_game(board.cities, board.ruleset)


BOARD_CHECKS: tuple[BoardCheck, ...] = (
    card_count, leader_count, tokens, shields, guilds, *expansions.BOARD_CHECKS
)
"""Read the board with its choices attached."""


def check(table: SevenWondersTable, rules: Ruleset) -> tuple[Board, list[Problem]]:
    """The board to score, less what the problems set aside, and every problem."""
    return run_checks(table, rules, TABLE_CHECKS, resolve, BOARD_CHECKS)
