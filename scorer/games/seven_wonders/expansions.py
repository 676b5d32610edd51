"""Checks of what the multiplayer expansions add to a 7 Wonders table (issue 34): Cities'
black cards drawn per Age and diplomacy, the pieces a city holds (debt and naval tokens,
Babel tiles, points read off printed components), Abu Simbel's entombed leaders and the
Great Wall's stages built in any order. Each is one rule, read from the ruleset's data; a
game without the expansion has none of the data, so nothing here finds anything."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import permutations

from scorer.board import Board, City
from scorer.effects import Diplomacy, EntombedLeaders
from scorer.engine import ROMAN
from scorer.games.checks import called
from scorer.i18n import N_, _, all_of, any_of, ngettext, translated
from scorer.names import PLACEHOLDER
from scorer.problems import Problem, problem
from scorer.ruleset import (
    Piece,
    Ruleset,
    RulesetLoadError,
    available_expansions,
    expansion_title,
    load_ruleset,
)
from scorer.table import SevenWondersPlayer, SevenWondersTable
from scorer.words import coloured_cards, side_word

_ENTERED_AS = {"tokens": "tokens", "counts": "count", "printed": "points"}
"""The table's field for each way a piece is held (`Piece.held`)."""


def _entered(p: SevenWondersPlayer) -> Iterator[tuple[str, str]]:
    """(field, key) of every piece a seat entered."""
    for key in p.tokens:
        yield "tokens", key
    for key in p.counts:
        yield "counts", key
    for key in p.printed:
        yield "printed", key


def _expansion_with_piece(rules: Ruleset, key: str) -> tuple[str, Piece] | None:
    """The expansion of this game whose data has the piece (to say which one to add), and
    the piece (to name it in the players' words)."""
    for expansion in available_expansions(rules.game):
        try:
            found = load_ruleset(rules.game, (expansion,)).pieces.get(key)
        except RulesetLoadError:
            continue
        if found is not None:
            return expansion_title(rules.game, expansion), found
    return None


_WAYS = {
    "tokens": N_("tokens counted by their face value"),
    "count": N_("a count"),
    "points": N_("points read off the printed components"),
}
"""How a piece is entered (`Piece.held`), in the players' words."""

_KINDS = {
    "tokens": N_("tokens"),
    "count": N_("counts"),
    "points": N_("printed points"),
}
"""What the pieces entered one way (`Piece.held`) are, as a plural noun: the game's
"counts" are the pieces entered as a count."""


def _called(piece: Piece) -> str:
    """A piece in the players' words, with the key the table file gives it (which the
    player has to type to fix it): `Babel tiles placed ("tower_tiles")`."""
    return f'{translated(piece.label)} ("{piece.name}")'


def pieces(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """Each piece entered is one this game and its expansions have, entered the way it is
    held, within its bounds, of a face its tokens have, by a city whose board holds it;
    and the box holds all the tokens entered."""
    out: list[Problem] = []
    for i, p in enumerate(table.players):
        for field, key in _entered(p):
            piece = rules.pieces.get(key)
            where = f"{field}.{key}"
            way = translated(_WAYS[_ENTERED_AS[field]])
            if piece is None:
                elsewhere = _expansion_with_piece(rules, key)
                if elsewhere is not None:
                    text = _("{label} need the {expansion} expansion; add it to the expansions")
                    out.append(problem("needs-expansion", text.format(
                        label=translated(elsewhere[1].label), expansion=elsewhere[0]), i, where))
                    continue
                known = [_called(pc) for pc in rules.pieces.values()
                         if _ENTERED_AS[field] == pc.held]
                text = (
                    _('"{key}" is not among the {kind} of {game}; expected one of {expected}')
                    if known else _('"{key}" is not among the {kind} of {game}, which has none')
                )
                out.append(problem("unknown-piece", text.format(
                    key=key, kind=translated(_KINDS[_ENTERED_AS[field]]),
                    game=rules.title, expected=any_of(known)), i, where))
                continue
            if piece.held != _ENTERED_AS[field]:
                text = _("{label} are {right}, not {way}")
                out.append(problem("unknown-piece", text.format(
                    label=translated(piece.label), right=translated(_WAYS[piece.held]), way=way),
                    i, where))
                continue
            out += _piece_values(i, p, piece, where)
            out += _piece_board(i, p, piece, where, rules)
    out += _box(table, rules)
    return out


def _piece_values(i: int, p: SevenWondersPlayer, piece: Piece, where: str) -> list[Problem]:
    label = translated(piece.label)
    out = []
    if piece.held == "tokens":
        for face, n in p.tokens[piece.name].items():
            if face not in piece.faces:
                text = _("{label} have no face {face}; their faces are {faces}")
                out.append(problem("unknown-face", text.format(
                    label=label, face=face, faces=all_of(piece.faces)), i, f"{where}.{face}"))
            elif n > piece.most:
                text = _("{count} {label} of {face}: a city holds at most {most}")
                out.append(problem("too-many-pieces", text.format(
                    count=n, label=label, face=face, most=piece.most), i, f"{where}.{face}"))
        held = sum(p.tokens[piece.name].values())
        if piece.most_in_city is not None and held > piece.most_in_city:
            text = _("{count} {label}: a city holds at most {most}, every face together")
            out.append(problem("too-many-pieces", text.format(
                count=held, label=label, most=piece.most_in_city), i, where))
        return out
    value = p.counts[piece.name] if piece.held == "count" else p.printed[piece.name]
    if not piece.least <= value <= piece.most:
        text = _("{label}: {value}, but a city can have from {least} to {most}")
        out.append(problem("too-many-pieces", text.format(
            label=label, value=value, least=piece.least, most=piece.most), i, where))
    return out


def _piece_board(
    i: int, p: SevenWondersPlayer, piece: Piece, where: str, rules: Ruleset
) -> list[Problem]:
    if not piece.boards or p.wonder.board == PLACEHOLDER:
        return []
    wonder = rules.wonders.get(p.wonder.board)
    if wonder is None:
        return []
    if wonder.name in piece.boards:
        # its points are its stages' (Stonehenge, Manneken Pis): none before one is built
        built = len(p.wonder.built) if p.wonder.built is not None else p.wonder.stages
        held = p.printed.get(piece.name, 0) if piece.held == "points" else 0
        if held and not built:
            text = _("{label}: {value}, but no stage of {board} is built")
            return [problem("piece-without-stage", text.format(
                label=translated(piece.label), value=held, board=wonder.name), i, where)]
        return []
    text = _("only a city with {boards} has {label}")
    return [problem("piece-without-board", text.format(
        boards=any_of(piece.boards), label=translated(piece.label)), i, where)]


def _box(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """All cities together hold no more tokens of a face than the box does."""
    out = []
    for piece in rules.pieces.values():
        if piece.held != "tokens" or not piece.box_is_limit:
            continue
        for face, in_box in piece.faces.items():
            held = sum(p.tokens.get(piece.name, {}).get(face, 0) for p in table.players)
            if held > in_box:
                text = _("the table holds {count} {label} of {face}, but the box has {most}")
                out.append(problem("too-many-tokens", text.format(
                    count=held, label=translated(piece.label), face=face, most=in_box),
                    None, "players"))
    return out


def diplomacy_entries(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """Diplomacy only in a game that has it; an Age once per city; no more cities sitting
    out one Age than the box has diplomacy tokens."""
    most = rules.constants.diplomacy_tokens
    has_diplomacy = gives_diplomacy(rules)
    out = []
    for i, p in enumerate(table.players):
        if p.diplomacy and not has_diplomacy:
            expansion = _expansion_with_diplomacy(rules)
            text = _("diplomacy needs the {expansion} expansion; add it to the expansions")
            out.append(problem("needs-expansion", text.format(expansion=expansion), i, "diplomacy"))
            continue
        seen: set[int] = set()
        for j, age in enumerate(p.diplomacy):
            if age in seen:
                text = _("Age {age} is listed twice; a city sits out an Age's conflicts once")
                out.append(problem("too-many-diplomacy", text.format(age=ROMAN[age]),
                                   i, "diplomacy", j))
            seen.add(age)
    if most:
        for age in (1, 2, 3):
            using = [called(table, i) for i, p in enumerate(table.players) if age in p.diplomacy]
            if len(using) > most:
                text = _("{names} all used diplomacy in Age {age}, but the box has {most} "
                         "diplomacy tokens")
                out.append(problem("too-many-diplomacy", text.format(
                    names=all_of(using), age=ROMAN[age], most=most), None, "players"))
    return out


@cache
def gives_diplomacy(rules: Ruleset) -> bool:
    """Whether anything of the ruleset gives a diplomacy token (Cities' cards, the Great
    Wall B)."""
    return diplomacy_for_anyone(rules) or bool(diplomacy_sides(rules))


def diplomacy_for_anyone(rules: Ruleset) -> bool:
    """Whether a card or a leader gives a diplomacy token (Cities' Residence, Consulate,
    Embassy): any city may hold it."""
    return any(isinstance(e, Diplomacy) for c in rules.cards.values() for e in c.effects) \
        or any(isinstance(e, Diplomacy) for ld in rules.leaders.values() for e in ld.effects)


def diplomacy_sides(rules: Ruleset) -> frozenset[tuple[str, str]]:
    """The boards' sides (board, side) with a stage that gives a diplomacy token (the
    Wonder Pack's Great Wall B): only a city on one of them gets a token from its board."""
    return frozenset(
        (w.name, name)
        for w in rules.wonders.values() for name, side in w.sides.items()
        if any(isinstance(e, Diplomacy) for stage in side.stages for e in stage.effects))


def _expansion_with_diplomacy(rules: Ruleset) -> str:
    found = []
    for expansion in available_expansions(rules.game):
        try:
            if gives_diplomacy(load_ruleset(rules.game, (expansion,))):
                found.append(expansion_title(rules.game, expansion))
        except RulesetLoadError:
            continue
    return any_of(found)


def built_stages(table: SevenWondersTable, rules: Ruleset) -> list[Problem]:
    """Stages listed by number only for a board built in any order (the Great Wall), each
    once, each one the side has, as many as `stages` says."""
    out = []
    for i, p in enumerate(table.players):
        built = p.wonder.built
        if built is None:
            continue
        wonder = rules.wonders.get(p.wonder.board)
        if wonder is None:
            continue
        if not wonder.any_order:
            text = _("{wonder} is built left to right: give the count of stages built only")
            out.append(problem("built-in-order", text.format(wonder=wonder.name), i,
                               "wonder.built"))
            continue
        side = wonder.sides.get(rules.sides.get(p.wonder.side) or "A")
        count = len(side.stages) if side else 0
        seen: set[int] = set()
        for j, n in enumerate(built):
            if n > count or n in seen:
                text = (_("stage {number} is listed twice") if n in seen
                        else _("{wonder} has {count} stages, not a stage {number}"))
                out.append(problem("too-many-stages", text.format(
                    number=n, wonder=wonder.name, count=count), i, "wonder.built", j))
            seen.add(n)
        if p.wonder.stages not in (0, len(built)):
            text = _("{count} stages built, but {listed} are listed")
            out.append(problem("too-many-stages", text.format(
                count=p.wonder.stages, listed=len(built)), i, "wonder.stages"))
    return out


TABLE_CHECKS = (pieces, diplomacy_entries, built_stages)


# --- checks of the board ---------------------------------------------------------------------


def drawn_cards(table: SevenWondersTable, board: Board) -> list[Problem]:
    """Cards drawn at random per seat (Cities: one black card per player and Age): no more
    of an Age, all cities together, than were drawn into its deck."""
    const = board.ruleset.constants
    seats = len(board.cities)
    out = []
    for colour, per_seat in const.drawn_per_seat.items():
        for age in (1, 2, 3):
            held = sorted(
                card.name for c in board.cities for card in c.cards
                if card.colour == colour and card.ages == (age,)
            )
            if len(held) > per_seat * seats:
                # "6 black cards of Age III": the colour drawn, not every card of the Age
                text = _("{counted} of Age {age} are built ({cards}), but a game of {seats} "
                         "players draws only {most} of them into that Age")
                out.append(problem("too-many-drawn", text.format(
                    counted=coloured_cards(colour, len(held)), age=ROMAN[age],
                    cards=all_of(held), seats=seats, most=per_seat * seats), None, "players"))
    return out


def _diplomacy_sources(board: Board, c: City) -> list[tuple[str, tuple[int, ...]]]:
    """What in the city gave a diplomacy token, with the Ages it can serve (empty: any). A
    card serves the Age it was built in: its own, or a later one where the city builds from
    the discard (Halikarnassos, Solomon, Forging Agency: `City.builds_from_discard`). A
    stage copied from a neighbour (Manneken Pis A) gives what the copied stage gives: one
    token for a stage that may copy either of two that give one."""
    from_discard = board.builds_from_discard(c)
    out = [(t.name, tuple(a for a in ROMAN if a >= min(e.ages)) if from_discard and e.ages
            else e.ages)
           for t in c.cards for e in t.effects if isinstance(e, Diplomacy)]
    out += [(t.name, e.ages) for t in c.leaders for e in t.effects if isinstance(e, Diplomacy)]
    out += [
        (f"{c.wonder.name} {n}", e.ages)
        for n, stage in c.built for e in stage.effects if isinstance(e, Diplomacy)
    ]
    for options in board.copied_stage_options(c):
        ages = [e.ages for st in options for e in st.effects if isinstance(e, Diplomacy)]
        if ages:
            out.append((c.wonder.name, () if not all(ages) else
                        tuple(sorted({a for each in ages for a in each}))))
    return out


def printed_beside_copies(table: SevenWondersTable, board: Board) -> list[Problem]:
    """A board whose stages copy the neighbours' (Manneken Pis A) counts the copied stages'
    points from the neighbours' boards: points typed as printed beside them would count
    twice, unless a stage it may copy is of a board whose points are printed only
    (Stonehenge's). Read on the board before its choices, and set aside (`resolve` builds
    the board again without them), so that a table saved when those points were typed (the
    app asked for them then) scores right and says to remove them."""
    out = []
    for c, p in zip(board.cities, table.players, strict=True):
        if not board.copied_stage_options(c) or board.copies_printed_points(c):
            continue
        for piece in board.ruleset.pieces.values():
            held = p.printed.get(piece.name, 0) if piece.held == "points" else 0
            if held and c.wonder.name in piece.boards:
                text = _("{label}: {value}, but {board} {side} counts the points of the "
                         "stages it copies from the neighbours' boards: remove them")
                out.append(problem("points-counted-from-copies", text.format(
                    label=translated(piece.label), value=held, board=c.wonder.name,
                    side=side_word(board.ruleset.side_name(c.side_name))), c.index,
                    f"printed.{piece.name}"))
    return out


def diplomacy_matched(board: Board, c: City, ages: list[int]) -> bool:
    """Whether the city has a diplomacy token of its own for each of `ages`."""
    return _matched(ages, _diplomacy_sources(board, c))


def _matched(ages: list[int], givers: list[tuple[str, tuple[int, ...]]]) -> bool:
    """Whether each Age can have a token of its own (a city holds a few at most)."""
    if len(ages) > len(givers):
        return False
    return any(
        all(not g[1] or age in g[1] for age, g in zip(ages, chosen, strict=False))
        for chosen in permutations(givers, len(ages))
    )


def diplomacy_tokens(table: SevenWondersTable, board: Board) -> list[Problem]:
    """A city sits out an Age only with a diplomacy token of its own for it: an Age card
    gives one for its Age (Residence I, Consulate II, Embassy III), a wonder stage or a
    leader one for the Age it is built or recruited in. Not judged for a player who counted
    on paper: their cards, which give the tokens, are not known (a look at the paper screen:
    Age II refused for a city whose cards nobody entered)."""
    out = []
    for c, p in zip(board.cities, table.players, strict=True):
        ages = sorted(set(p.diplomacy))
        if not ages or not gives_diplomacy(board.ruleset) or c.on_paper:
            continue
        givers = _diplomacy_sources(board, c)
        if _matched(ages, givers):
            continue
        have = all_of(name for name, _ in givers)
        text = ngettext(
            "diplomacy in Age {ages}, but this city has no diplomacy token for it{have}",
            "diplomacy in Ages {ages}, but this city has no diplomacy token for each{have}",
            len(ages),
        ).format(ages=all_of(ROMAN[a] for a in ages),
                 have=_(" (it has {things})").format(things=have) if givers else "")
        out.append(problem("diplomacy-without-token", text, c.index, "diplomacy"))
    return out


def _held_elsewhere(board: Board, city: City, leader: str) -> list[int]:
    """The other cities that hold the card of `leader`, face up or entombed: each leader
    card is in the box once, so an entombed one is then a copy held twice."""
    return [
        other.index for other in board.cities
        if other.index != city.index
        and any(ld.name == leader for ld in (*other.leaders, *other.entombed))
    ]


def entombed(table: SevenWondersTable, board: Board) -> list[Problem]:
    """Abu Simbel: one leader entombed per entombing stage built, a leader that is not
    also recruited (face up here, or held in another city: there is one card of it),
    with a cost printed on it. An entombed leader is still one of the city's recruited
    leaders, so `leader_count` and `card_count` count it; a name entombed twice in one
    city is `repeated-in-city`."""
    out = []
    for c in board.cities:
        if not c.entombed:
            continue
        slots = sum(1 for s in c.built_stages for e in s.effects
                    if isinstance(e, EntombedLeaders))
        if len(c.entombed) > slots:
            text = _(
                "{count} leaders entombed, but this city's wonder stages built entomb {slots}"
            ).format(count=len(c.entombed), slots=slots)
            out.append(problem("buried-without-wonder", text, c.index, "entombed"))
        for j, ld in enumerate(c.entombed):
            elsewhere = _held_elsewhere(board, c, ld.name)
            if any(face_up.name == ld.name for face_up in c.leaders):
                text = _('"{leader}" is entombed and also recruited face up')
                out.append(problem("buried-also-recruited", text.format(leader=ld.name),
                                   c.index, "entombed", j))
            elif elsewhere:
                text = _('leader "{leader}" is also held by {others}; each leader card exists '
                         "once")
                others = all_of(called(table, k) for k in elsewhere)
                out.append(problem("too-many-copies", text.format(leader=ld.name, others=others),
                                   c.index, "entombed", j))
            elif ld.cost is None:
                text = _('no source gives the cost of "{leader}", so its entombed points are '
                         "not known")
                out.append(problem("unknown-cost", text.format(leader=ld.name),
                                   c.index, "entombed", j))
    return out


BOARD_CHECKS = (drawn_cards, diplomacy_tokens, entombed)
