"""Whether a 7 Wonders Duel table can exist, as small pure checks, and the board it
resolves to. As for 7 Wonders: `TABLE_CHECKS` read the table and ruleset, `resolve` builds
the board less what problems set aside, `BOARD_CHECKS` read the resolved game. Limits
(wonders, guilds, cubes, track spaces) are the ruleset's constants, so an expansion
changes them as data. The supremacies the table shows are found once, in `DuelGame`
(`state`), and reused by the checks and by the verdict."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from scorer.board import Board, Buried, City, Track
from scorer.effects import Shields, SnakeSymbol
from scorer.games import checks
from scorer.games.checks import (
    Aside,
    NamedField,
    called,
    expansion_problems,
    kept,
    known,
    once_across_cities,
    player_count,
    player_index,
    player_name_problems,
    players_listed,
    run_checks,
    unknown_names,
    unknown_player,
)
from scorer.games.duel import pantheon
from scorer.games.duel import scoring as duel
from scorer.games.duel.scoring import LABEL, Supremacy
from scorer.games.duel.state import DuelGame
from scorer.i18n import N_, _, all_of, any_of, ngettext, translated
from scorer.problems import Problem, problem
from scorer.ruleset import Card, Divinity, Leader, Ruleset, Wonder
from scorer.table import DuelPlayer, DuelTable

CARDS = NamedField("cards", "cards", N_("card"), lambda p: p.cards)
WONDERS = NamedField("wonders", "wonders", N_("wonder"), lambda p: p.wonders)
PROGRESS = NamedField("progress", "progress", N_("progress token"), lambda p: p.progress)
LEADERS = NamedField("leaders", "leaders", N_("leader"), lambda p: p.leaders)
BURIED = NamedField(
    "buried.leader", "leaders", N_("leader"), lambda p: p.buried.leader if p.buried else None
)


TableCheck = Callable[[DuelTable, Ruleset], list[Problem]]
GameCheck = Callable[[DuelTable, DuelGame], list[Problem]]


# --- checks of the table ---------------------------------------------------------------------


def names(table: DuelTable, rules: Ruleset) -> list[Problem]:
    return unknown_names(
        table, rules, (CARDS, WONDERS, PROGRESS, LEADERS, BURIED, pantheon.DIVINITIES,
                       pantheon.SNAKE)
    )


def repeated_in_city(table: DuelTable, rules: Ruleset) -> list[Problem]:
    return checks.repeated_in_city(
        table, rules, (CARDS, WONDERS, PROGRESS, LEADERS, pantheon.DIVINITIES)
    )


def once_in_game(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """Each card, wonder, token and leader exists once (Senators: their copies)."""
    return (
        once_across_cities(table, rules, CARDS, lambda card: max(1, len(card.copies)))
        + once_across_cities(table, rules, WONDERS, lambda _: 1)
        + once_across_cities(table, rules, PROGRESS, lambda _: 1)
        + once_across_cities(table, rules, LEADERS, lambda _: 1)
        + once_across_cities(table, rules, pantheon.DIVINITIES, lambda _: 1)
    )


def expansion_fields(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """Fields that only an expansion's components fill: the Senate cubes (a game with
    Chambers), military tokens taken for Alexander and a buried leader (a game with
    leaders)."""
    const = rules.constants
    has_leaders = len(rules.leaders) > 0
    out = []
    for i, p in enumerate(table.players):
        if p.influence is not None and not const.chamber_points:
            out.append(
                problem(
                    "needs-expansion",
                    _(
                        "Senate cubes belong to the Agora expansion; add it to the expansions or "
                        "remove them"
                    ),
                    i,
                    "influence",
                )
            )
        if p.conquests is not None and not has_leaders:
            out.append(
                problem(
                    "needs-expansion",
                    _(
                        "military tokens taken count for Alexander, from the Duel Leaders "
                        "expansion; add it to the expansions or remove them"
                    ),
                    i,
                    "conquests",
                )
            )
        if p.buried is not None and not has_leaders:
            out.append(
                problem(
                    "needs-expansion",
                    _(
                        "a buried leader belongs to the Duel Leaders expansion; add it to the "
                        "expansions or remove it"
                    ),
                    i,
                    "buried",
                )
            )
    return out


def buried(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """A leader is buried only under a wonder that buries one, is no longer recruited,
    and its cost must be known."""
    if not len(rules.leaders):
        return []  # `expansion_fields` says the field does not belong here
    burying = duel.burying_wonders(rules)
    out = []
    for i, p in enumerate(table.players):
        if p.buried is None:
            continue
        built = {w.name for w in rules.wonders.get_all(p.wonders) if w is not None}
        if not built & set(burying):
            text = _(
                "a leader is buried only under {wonders}, which this city has not built; add it "
                "to the wonders or remove the buried leader"
            ).format(wonders=any_of(burying))
            out.append(problem("buried-without-wonder", text, i, "buried"))
        leader = rules.leaders.get(p.buried.leader)
        if leader is None:
            continue
        if any(rules.leaders.canonical(n) == leader.name for n in p.leaders):
            text = _(
                '"{leader}" is buried, so it is no longer a recruited leader; remove it from the '
                "leaders"
            ).format(leader=leader.name)
            out.append(problem("buried-also-recruited", text, i, "buried.leader"))
        elif any(
            rules.leaders.canonical(n) == leader.name
            for k, other in enumerate(table.players)
            if k != i
            for n in other.leaders
        ):
            text = _(
                '"{leader}" is recruited by the other player; each leader card exists once'
            ).format(leader=leader.name)
            out.append(problem("too-many-copies", text, i, "buried.leader"))
        if p.buried.cost is None and leader.cost is None:
            text = _(
                "the cost of {leader} is printed on the card but unknown here; give it with the "
                "buried leader"
            ).format(leader=leader.name)
            out.append(problem("unknown-cost", text, i, "buried.cost"))
        elif p.buried.cost is not None and leader.cost is not None and (
                p.buried.cost != leader.cost):
            text = _("{cost}, but {leader} costs {known}: leave the cost out or give "
                     "{known}").format(cost=p.buried.cost, leader=leader.name, known=leader.cost)
            out.append(problem("cost-disagrees", text, i, "buried.cost"))
    return out


def leader_count(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """No more leaders recruited (buried ones included) than the draft, the recruitment
    phases and the wonders and leaders that add some allow (the ruleset's limits)."""
    const = rules.constants
    if not const.leader_recruitments:
        return []
    out = []
    for i, p in enumerate(table.players):
        leaders = [ld for ld in rules.leaders.get_all(p.leaders) if ld is not None]
        buried = rules.leaders.get(p.buried.leader) if p.buried is not None else None
        held = len(leaders) + (buried is not None)
        names = {w.name for w in rules.wonders.get_all(p.wonders) if w is not None}
        names |= {ld.name for ld in leaders}
        if buried is not None:
            names.add(buried.name)
        hand = const.leaders_in_hand + sum(
            n for name, n in const.leaders_added_by.items() if name in names
        )
        recruits = const.leader_recruitments + sum(
            n for name, n in const.leader_recruitments_by.items() if name in names
        )
        most = min(hand, recruits)
        if held <= most:
            continue
        helpers = sorted(set(const.leaders_added_by) | set(const.leader_recruitments_by))
        text = _(
            "{count} leaders recruited, but a player recruits at most {most}: one in each "
            "Age's recruitment phase, from the {hand} leaders of the draft ({helpers} add more)"
        ).format(
            count=held, most=most, hand=const.leaders_in_hand, helpers=all_of(helpers)
        )
        out.append(problem("too-many-leaders", text, i, "leaders"))
    return out


def pawn(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """The pawn away from the centre says toward whose capital, a player of the table."""
    conflict = table.conflict
    if conflict.toward is None:
        if not conflict.spaces:
            return []
        who = any_of(players_listed(table, lambda name: f'"{name}"'))
        text = ngettext(
            "the pawn is {count} space from the centre: say toward whose capital ({players})",
            "the pawn is {count} spaces from the centre: say toward whose capital ({players})",
            conflict.spaces,
        ).format(count=conflict.spaces, players=who)
        return [problem("pawn-direction", text, None, "conflict.toward")]
    if player_index(table, conflict.toward) is None:
        return [unknown_player(table, "conflict.toward", conflict.toward)]
    return []


def claimed_winner(table: DuelTable, rules: Ruleset) -> list[Problem]:
    claim = table.supremacy
    if claim is None or player_index(table, claim.winner) is not None:
        return []
    return [unknown_player(table, "supremacy.winner", claim.winner)]


TABLE_CHECKS: tuple[TableCheck, ...] = (
    lambda table, rules: expansion_problems(table, rules),
    lambda table, rules: player_count(table, rules, len(table.players)),
    lambda table, rules: player_name_problems(table, rules),
    names,
    repeated_in_city,
    once_in_game,
    expansion_fields,
    buried,
    leader_count,
    pawn,
    claimed_winner,
    *pantheon.TABLE_CHECKS,
)


# --- the board -------------------------------------------------------------------------------


def _city(i: int, p: DuelPlayer, name: str, rules: Ruleset, aside: Aside) -> City:
    wonders = known(rules.wonders.get_all(p.wonders), aside, i, "wonders")
    buried_here = None
    buried_kept = all(kept(aside, i, f) for f in ("buried", "buried.leader", "buried.cost"))
    if p.buried is not None and buried_kept:
        leader = rules.leaders.get(p.buried.leader)
        cost = p.buried.cost
        if cost is None and leader is not None:
            cost = leader.cost
        if leader is not None and cost is not None:
            buried_here = Buried(leader, cost)
    influence = p.influence if p.influence is not None and kept(aside, i, "influence") else None
    chambers = len(rules.constants.chamber_points)
    return City(
        index=i,
        name=name,
        stages_built=len(wonders),
        cards=known(rules.cards.get_all(p.cards), aside, i, "cards"),
        coins=p.coins,
        leaders=known(rules.leaders.get_all(p.leaders), aside, i, "leaders"),
        wonders=wonders,
        progress=known(rules.progress.get_all(p.progress), aside, i, "progress"),
        influence=tuple(influence) if influence else (0,) * chambers,
        conquests=(p.conquests or 0) if kept(aside, i, "conquests") else 0,
        buried=buried_here,
        divinities=known(rules.divinities.get_all(p.divinities), aside, i, "divinities"),
        astarte_coins=(p.astarte_coins or 0) if kept(aside, i, "astarte_coins") else 0,
        mythology_tokens=pantheon.mythology_tokens_kept(p, rules, i, aside),
        offering_tokens=(p.offering_tokens or 0) if kept(aside, i, "offering_tokens") else 0,
        snake=rules.cards.get(p.snake) if p.snake is not None and kept(aside, i, "snake") else None,
        on_paper=p.paper is not None,
    )


def resolve(table: DuelTable, rules: Ruleset, aside: Aside) -> tuple[DuelGame, list[Problem]]:
    """The board to score, less what problems set aside (a pawn whose direction is not
    known stands at the centre); conquests not given are what the pawn shows."""
    track = Track(None, 0)
    toward = table.conflict.toward
    duel_size = len(table.players) == 2  # else the pawn stands between no two players
    if toward is not None and duel_size and kept(aside, None, "conflict.toward"):
        index = player_index(table, toward)
        track = Track(index, table.conflict.spaces) if index is not None else track
    cities = tuple(
        _city(i, p, called(table, i), rules, aside) for i, p in enumerate(table.players)
    )
    board = Board(rules, cities, track)
    implied = [
        dataclasses.replace(c, conquests=duel.conquests_implied(board, c))
        if table.players[c.index].conquests is None and duel.conquests_implied(board, c)
        else c
        for c in cities
    ]
    board = Board(rules, tuple(implied), track)
    tallies = tuple(duel.tally(board, c) for c in board.cities)
    return DuelGame(board, tallies, tuple(duel.supremacies(board, tallies))), []


def wonders_per_city(table: DuelTable, game: DuelGame) -> list[Problem]:
    """No more wonders built than a city holds: 4 drafted, one more for each that takes an
    unbuilt wonder from the opponent (Agora's Extortion: the Agora ruleset's limit; Ra: one
    more for the city that activated Ra)."""
    const = game.board.ruleset.constants
    out = []
    for c in game.board.cities:
        takers = [d.name for d in c.divinities if d.name in const.wonders_taken_by]
        most = const.wonders_per_city + len(takers)
        if len(c.wonders) <= most:
            continue
        if takers:
            text = _("{count} wonders built, but a city has at most {most} in {game} (with "
                     "{takers})")
        else:
            text = _("{count} wonders built, but a city has at most {most} in {game}")
        message = text.format(count=len(c.wonders), most=most, game=game.board.ruleset.title,
                              takers=all_of(takers))
        out.append(problem("too-many-wonders", message, c.index, "wonders"))
    return out


def progress_in_game(table: DuelTable, game: DuelGame) -> list[Problem]:
    """No more Progress tokens in the cities than the board's, and those the Great Library,
    Enki or an unseen Conspiracy (Espionage) took from the ones out of play."""
    const = game.board.ruleset.constants
    if not const.progress_on_board:
        return []
    cities = game.board.cities
    held = {t.name for c in cities for t in c.progress}
    seen = [name for c in cities
            for name in (*(w.name for w in c.wonders), *(d.name for d in c.divinities))
            if name in const.progress_taken_by]
    # what may have taken one without the table showing it (Espionage; a Great Library
    # Sabotage sent back to the box), unless it is seen
    unseen = [name for name in const.progress_taken_unseen if name not in seen]
    more = sum(const.progress_taken_by[n] for n in seen) + sum(
        const.progress_taken_unseen[n] for n in unseen) + _progress_unseen(game)
    most = const.progress_on_board + more
    if len(held) <= most:
        return []
    takers = [*seen, *unseen]
    if more:
        text = ngettext(
            "{count} Progress tokens in the cities, but the board holds {board} and {takers} "
            "takes {more} more: at most {most}",
            "{count} Progress tokens in the cities, but the board holds {board} and {takers} "
            "take {more} more: at most {most}",
            len(takers))
    else:
        text = _("{count} Progress tokens in the cities, but the board holds {board}, and "
                 "nothing in this game takes one of those out of play: at most {most}")
    return [problem("too-many-progress", text.format(
        count=len(held), board=const.progress_on_board, more=more, most=most,
        takers=all_of(takers)), None, "players")]


def _progress_unseen(game: DuelGame) -> int:
    """Tokens a city may hold from a wonder since unbuilt (`progress_unseen_with`: Anubis
    in either city; a review's table, Ann's Law from a Great Library Bob's Anubis unbuilt,
    was refused)."""
    const = game.board.ruleset.constants
    present = {d.name for c in game.board.cities for d in c.divinities}
    return sum(n for name, n in const.progress_unseen_with.items() if name in present)


def progress_from_pairs(table: DuelTable, game: DuelGame) -> list[Problem]:
    """A city's Progress tokens each came with a pair of identical science symbols it
    shows (rules_duel.md §1.2: a third copy gives nothing), or from what took one from those
    out of play (`progress_taken_by`: its Great Library, Enki). Not judged where the cards
    cannot show the symbols the city held (a leader that changes one, `science_changed_by`;
    Nisaba's Snake not said; `science_pairs_unseen`: Agora, whose Conspiracies take green
    cards away), nor where a city's entries are not all known. A walk's city held
    Agriculture, Philosophy and Law with no green card at all, and was scored."""
    board = game.board
    const = board.ruleset.constants
    if not const.progress_on_board or const.science_pairs_unseen:
        return []
    out: list[Problem] = []
    unbuilt = _progress_unseen(game)
    for c, p, effects in zip(board.cities, table.players, game.tallies, strict=True):
        if not c.progress or not _all_entered(c, p):
            continue
        if any(ld.name in const.science_changed_by for ld in c.leaders_ever) or (
                c.snake is None and any(isinstance(e, SnakeSymbol)
                                        for d in c.divinities for e in d.effects)):
            continue
        pairs = sum(1 for n in effects.symbols.values() if n >= 2)
        takers = [n for n in (*(w.name for w in c.wonders), *(d.name for d in c.divinities))
                  if n in const.progress_taken_by]
        more = sum(const.progress_taken_by[n] for n in takers) + unbuilt
        most = pairs + more
        if len(c.progress) <= most:
            continue
        if more:
            text = ngettext(
                "{count} Progress token, but a token comes only with a pair of identical "
                "science symbols or from {takers} ({more}), and this city shows {pairs}: at "
                "most {most}",
                "{count} Progress tokens, but a token comes only with a pair of identical "
                "science symbols or from {takers} ({more}), and this city shows {pairs}: at "
                "most {most}", len(c.progress))
        else:
            text = ngettext(
                "{count} Progress token, but a token comes only with a pair of identical "
                "science symbols, and this city shows {pairs}: at most {most}",
                "{count} Progress tokens, but a token comes only with a pair of identical "
                "science symbols, and this city shows {pairs}: at most {most}",
                len(c.progress))
        shown = ngettext("{count} pair", "{count} pairs", pairs).format(count=pairs)  # "1 pair"
        out.append(problem("too-many-progress", text.format(
            count=len(c.progress), takers=all_of(takers), more=more, pairs=shown, most=most),
            c.index, "progress"))
    return out


def cubes(table: DuelTable, game: DuelGame) -> list[Problem]:
    most = game.board.ruleset.constants.cubes_per_player
    text = _("{count} cubes in the Senate, but each player has only {most}")
    return [
        problem(
            "too-many-cubes",
            text.format(count=sum(c.influence), most=most),
            c.index,
            "influence",
        )
        for c in game.board.cities
        if sum(c.influence) > most
    ]


def _recruited(cities: tuple[City, ...]) -> set[str]:
    """Leaders whose ability was used: recruited, or buried after use (`City.leaders_ever`)."""
    return {ld.name for c in cities for ld in c.leaders_ever}


def guilds(table: DuelTable, game: DuelGame) -> list[Problem]:
    return checks.guilds_in_game(game.board.cities, game.board.ruleset)


def wonders_in_game(table: DuelTable, game: DuelGame) -> list[Problem]:
    const = game.board.ruleset.constants
    cities = game.board.cities
    recruited = _recruited(cities)
    built = sum(len(c.wonders) for c in cities)
    most = const.wonders_in_game + sum(1 for n in const.wonders_extra_with if n in recruited)
    if built <= most:
        return []
    if const.wonders_extra_with and most == const.wonders_in_game:
        text = _(
            "{count} wonders are built in all, but at most {most} can be ({leaders} would allow "
            "one more): the last one goes back to the box"
        )
    else:
        text = _(
            "{count} wonders are built in all, but at most {most} can be: the last one goes "
            "back to the box"
        )
    message = text.format(count=built, most=most, leaders=any_of(const.wonders_extra_with))
    return [problem("too-many-wonders", message, None, "players")]


def conquests(table: DuelTable, game: DuelGame) -> list[Problem]:
    """More conquests than the pawn shows are possible (the pawn can move back), fewer
    are not."""
    board = game.board
    out: list[Problem] = []
    if len(board.cities) != 2:
        return out  # nobody opposite to have taken them from (`player-count`)
    for c, p in zip(board.cities, table.players, strict=True):
        implied = duel.conquests_implied(board, c)
        if p.conquests is None or p.conquests >= implied or board.track is None:
            continue
        loser = board.neighbour(c, "opponent").name
        spaces = [
            s for s in board.ruleset.constants.military_token_spaces if board.track.spaces >= s
        ]
        text = ngettext(
            "{count}, but the pawn stands {spaces} spaces toward {loser}'s capital, past the "
            "token on space {places}: {name} took at least {least}",
            "{count}, but the pawn stands {spaces} spaces toward {loser}'s capital, past the "
            "tokens on spaces {places}: {name} took at least {least}",
            len(spaces),
        ).format(
            count=p.conquests,
            spaces=board.track.spaces,
            loser=loser,
            places=all_of(map(str, spaces)),
            name=c.name,
            least=implied,
        )
        out.append(problem("conquests-below-pawn", text, c.index, "conquests"))
    return out


def _shields(city: City) -> int:
    """The shields the city's cards, wonders, leaders (the buried one's moves stay) and
    Divinities gave: each moved the pawn one space toward the opponent's capital."""
    return (_shields_of(city.cards) + _shields_of(city.wonders)
            + _shields_of(city.leaders_ever) + _shields_of(city.divinities))


def _shields_of(entries: Iterable[Card | Wonder | Leader | Divinity]) -> int:
    return sum(e.shields for entry in entries for e in entry.effects if isinstance(e, Shields))


def _strategy_shields(city: City, rules: Ruleset) -> int:
    """The most shields a Progress token like Strategy can have added: one for each red
    card, and each leader with shields (`shield_per_red_card_by`), built after it."""
    if not any(t.name in rules.constants.shield_per_red_card_by for t in city.progress):
        return 0
    return (sum(card.colour == "red" for card in city.cards)
            + sum(any(isinstance(e, Shields) for e in ld.effects) for ld in city.leaders_ever))


def _all_entered(city: City, p: DuelPlayer) -> bool:
    """Whether the city holds every card, wonder, leader, Progress token and Divinity its
    seat names (none unknown or set aside): else its shields are not all known. A player
    who counted on paper gave none of them (`City.on_paper`)."""
    if city.on_paper:
        return False
    entered = (p.cards, p.wonders, p.leaders, p.progress, p.divinities)
    held = (city.cards, city.wonders, city.leaders, city.progress, city.divinities)
    buried_known = (p.buried is None) == (city.buried is None)
    return buried_known and all(
        len(a) == len(b) for a, b in zip(entered, held, strict=True))


def _place(board: Board, spaces: int) -> str:
    """A place of the pawn, `spaces` toward the second city's capital (negative: toward
    the first's), in words."""
    if spaces == 0:
        return _("the centre")
    toward = board.cities[1 if spaces > 0 else 0].name
    if abs(spaces) >= board.ruleset.constants.supremacy_space:
        return _("{name}'s capital").format(name=toward)
    return ngettext("{count} space toward {name}'s capital",
                    "{count} spaces toward {name}'s capital",
                    abs(spaces)).format(count=abs(spaces), name=toward)


def _at(board: Board, spaces: int) -> str:
    """Where the pawn stands, to follow "stands" ("at the centre", "at Ann's capital",
    "4 spaces toward Bob's capital")."""
    if spaces == 0 or abs(spaces) >= board.ruleset.constants.supremacy_space:
        return _("at {place}").format(place=_place(board, spaces))
    return _place(board, spaces)


def _reach(board: Board, least: int, most: int) -> str:
    """Where shields put the pawn, `least` to `most` toward the second city's capital."""
    capital = board.ruleset.constants.supremacy_space
    least, most = (max(-capital, min(x, capital)) for x in (least, most))
    if least == most:
        return _at(board, least)
    if (least > 0 and most < capital) or (-capital < least and most < 0):
        near, far = sorted((abs(least), abs(most)))
        return _("between {near} and {far} spaces toward {name}'s capital").format(
            near=near, far=far, name=board.cities[1 if least > 0 else 0].name)
    return _("between {one} and {other}").format(one=_place(board, least),
                                                   other=_place(board, most))


def _shield_sources(rules: Ruleset) -> str:
    """What gives shields in this game, in words (Duel Leaders' leaders, Pantheon's
    Divinities)."""
    match bool(rules.leaders), bool(rules.divinities):
        case True, True:
            return _("red cards, wonders, leaders and Divinities")
        case True, False:
            return _("red cards, wonders and leaders")
        case False, True:
            return _("red cards, wonders and Divinities")
        case _:
            return _("red cards and wonders")


def pawn_from_shields(table: DuelTable, game: DuelGame) -> list[Problem]:
    """The pawn stands where the shields put it: each shield moved it one space toward the
    opponent's capital (rules_duel.md §1.1), so it is the first city's shields less the
    second's from the centre, give or take what Strategy added and what moves it unseen
    (`pawn_unseen_spaces`, `pawn_unseen_spaces_by`: Agora, Aspasia, Minerva...); at the
    capital the last move may have had spaces to spare. Not checked where a city's entries
    are not all known (another problem names them). A walk's table had the pawn 5 spaces
    toward the city with the most shields, scored as a win."""
    board = game.board
    const = board.ruleset.constants
    if len(board.cities) != 2 or not const.supremacy_space:
        return []
    track = board.track
    if track is None or (table.conflict.spaces and track.toward is None):
        return []  # its direction is a problem of its own
    first, second = board.cities
    present = {ld.name for c in board.cities for ld in c.leaders_ever} | {
        d.name for c in board.cities for d in c.divinities}
    if table.minerva is not None:  # her pawn still on the track: it stopped nothing yet
        present.discard(const.minerva_pawn_by)
    if not all(_all_entered(c, p) for c, p in zip(board.cities, table.players, strict=True)):
        return []
    unseen = const.pawn_unseen_spaces + sum(
        n for name, n in const.pawn_unseen_spaces_by.items() if name in present)
    pushed = (_shields(first), _shields(second))
    extra = (_strategy_shields(first, board.ruleset), _strategy_shields(second, board.ruleset))
    least = pushed[0] - pushed[1] - extra[1] - unseen
    most = pushed[0] + extra[0] - pushed[1] + unseen
    capital = const.supremacy_space
    at = track.spaces * (1 if track.toward == 1 else -1)
    if (at == capital and most >= capital) or (at == -capital and least <= -capital):
        return []
    if abs(at) < capital and least <= at <= most:
        return []
    counts = "; ".join(
        ngettext("{name}: {count} shield", "{name}: {count} shields", n).format(
            name=c.name, count=n) + (ngettext(
                ", and up to {extra} more from {token}", ", and up to {extra} more from {token}",
                x).format(extra=x, token=any_of(const.shield_per_red_card_by)) if x else "")
        for c, n, x in zip(board.cities, pushed, extra, strict=True)) + (ngettext(
            "; and up to {count} space either way that the cities do not show",
            "; and up to {count} spaces either way that the cities do not show",
            unseen).format(count=unseen) if unseen else "")
    text = _("the pawn stands {place}, but the cities' shields put it {reach} "
             "({counts}): each shield moves it one space toward the opponent's capital. "
             "Check each city's {sources}, or where the pawn stands").format(
                 place=_at(board, at), reach=_reach(board, least, most), counts=counts,
                 sources=_shield_sources(board.ruleset))
    return [problem("pawn-beyond-shields", text, None, "conflict.spaces")]


def _said(names: list[str], shown: tuple[Supremacy, ...] | list[Supremacy]) -> str:
    return "; ".join(
        _("{supremacy} for {name} ({reason})").format(
            supremacy=translated(LABEL[s.kind]), name=names[s.winner], reason=s.reason
        )
        for s in shown
    )


def _without(board: Board, s: Supremacy) -> str:
    """What the table would need for supremacy `s` not to be there."""
    const = board.ruleset.constants
    city = board.cities[s.winner]
    if s.kind == "military":
        loser = board.neighbour(city, "opponent").name
        return _("the pawn short of {name}'s capital").format(name=loser)
    if s.kind == "science":
        return _("fewer than {count} different science symbols in {name}'s city").format(
            count=const.science_supremacy_symbols, name=city.name
        )
    return _("a Chamber that {name} does not control").format(name=city.name)


def supremacies(table: DuelTable, game: DuelGame) -> list[Problem]:
    """The game ends at the first supremacy: a table cannot show one for each player,
    and a claimed one must be what the table shows (or what it cannot tell)."""
    board, shown = game.board, game.shown
    if len(board.cities) != 2:
        return []  # no game between two players to have ended (`player-count`)
    names = [c.name for c in board.cities]
    claim = table.supremacy
    if claim is None:
        if len({s.winner for s in shown}) < 2:
            return []
        text = _(
            "the table shows a supremacy for both players: {supremacies}. The game ends at the "
            "first one, so both cannot stand; the table would be possible with {changes}"
        ).format(supremacies=_said(names, shown), changes=any_of(_without(board, s) for s in shown))
        return [problem("two-supremacies", text)]
    winner = player_index(table, claim.winner)
    if winner is None:
        return []  # `claimed_winner` says so
    out = []
    if not any(s.kind == claim.kind and s.winner == winner for s in shown):
        why = duel.contradiction(board, board.cities[winner], game.tallies[winner], claim.kind)
        if why is not None:
            # the claim is wrong: that is the one problem, whatever else the table shows
            return [problem("supremacy-contradicted", why, None, "supremacy")]
    others = [s for s in shown if s.winner != winner]
    if others:
        text = _(
            "{supremacy} for {name} is claimed, but the table also shows {others}; the game "
            "ends at the first one"
        ).format(
            supremacy=translated(LABEL[claim.kind]),
            name=names[winner],
            others=_said(names, others),
        )
        out.append(problem("two-supremacies", text, None, "supremacy"))
    return out


GAME_CHECKS: tuple[GameCheck, ...] = (
    wonders_per_city,
    progress_in_game,
    cubes,
    guilds,
    wonders_in_game,
    progress_from_pairs,
    conquests,
    pawn_from_shields,
    supremacies,
    *pantheon.GAME_CHECKS,
)


def decided(table: DuelTable, game: DuelGame) -> Supremacy | None:
    """The supremacy the game ended on: the table's claim (with the state's reason when
    it shows it), else the one the state shows."""
    claim = table.supremacy
    if len(table.players) != 2:
        return None  # no game between two players to have ended (`player-count`)
    if claim is None:
        return game.shown[0] if game.shown else None
    winner = player_index(table, claim.winner)
    if winner is None:
        return None
    match = next((s for s in game.shown if s.kind == claim.kind and s.winner == winner), None)
    return Supremacy(claim.kind, winner, match.reason if match else _("as the table says"), True)


def check(table: DuelTable, rules: Ruleset) -> tuple[DuelGame, list[Problem]]:
    """The game to score, less what the problems set aside, and every problem."""
    return run_checks(table, rules, TABLE_CHECKS, resolve, GAME_CHECKS)
