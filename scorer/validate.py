"""Checks that a 7 Wonders table can exist, and resolves it into a Board.

Every problem is collected, none stops the others, and each says where it is and what
would be right.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from functools import cache
from typing import Any

from scorer import military
from scorer.board import NO_TOKENS, Board, City, Tokens, guilds_beside, leaders_beside
from scorer.effects import CopyNeighbourLeader, Shields
from scorer.names import NameIndex, did_you_mean, normalize
from scorer.problems import Problem
from scorer.ruleset import (
    Card,
    Leader,
    Ruleset,
    RulesetLoadError,
    WonderStage,
    available_expansions,
    available_games,
    load_ruleset,
)
from scorer.table import SevenWondersPlayer, SevenWondersTable


def _everything(game: str) -> Ruleset | None:
    """The game with every expansion, to tell "needs an expansion" from "no such name"."""
    try:
        return load_ruleset(game, tuple(available_expansions(game)))
    except RulesetLoadError:
        return None


def player_name_problems(names: list[str]) -> list[Problem]:
    """Blank or repeated player names (case and outer spaces do not make a name new)."""
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            problems.append(Problem(path=f"players[{i}].name", message="must not be blank"))
        elif key in seen:
            problems.append(
                Problem(
                    path=f"players[{i}].name",
                    message=(f'"{name}" is already players[{seen[key]}]; names must differ'),
                )
            )
        else:
            seen[key] = i
    return problems


def expansion_problems(game: str, listed: list[str]) -> list[Problem]:
    """Unknown or repeated expansion names (shared by both games' checks)."""
    known = available_expansions(game)
    problems, seen = [], set()
    for i, name in enumerate(listed):
        if name not in known:
            hint = did_you_mean(name, known)
            problems.append(
                Problem(
                    path=f"expansions[{i}]",
                    message=(f'no expansion "{name}" for {game}; expected one of {known}{hint}'),
                )
            )
        elif name in seen:
            problems.append(Problem(path=f"expansions[{i}]", message=f'"{name}" is listed twice'))
        seen.add(name)
    return problems


def _other_game_with(game: str, lookup: str, name: str) -> str | None:
    """The title of another game that has this name (a 2nd-edition card in a 1st-edition
    table is a different mistake from a typo)."""
    for other in available_games():
        full = _everything(other) if other != game else None
        if full is not None and getattr(full, lookup).canonical(name):
            return load_ruleset(other).constants.title
    return None


class NameChecks:
    """Collects problems, and says why a name is not in the ruleset (the game and its
    expansions; both games' checks use it). Needs no table: `name_problems` uses it on a
    file of the wrong shape."""

    def __init__(self, game: str, ruleset: Ruleset) -> None:
        self.game = game
        self.rules = ruleset
        self.const = ruleset.constants
        self.problems: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.problems.append(Problem(path=path, message=message))

    def index(self, section: str) -> NameIndex[Any]:
        """The ruleset's cards, wonders, leaders or progress tokens."""
        found: NameIndex[Any] = getattr(self.rules, section)
        return found

    def missing(self, kind: str, name: str, section: str, path: str) -> None:
        """A name not in this ruleset: say which expansion or other game has it, or the
        closest name."""
        refused = {normalize(k): (k, why) for k, why in self.const.not_supported.items()}
        if normalize(name) in refused:
            known_as, why = refused[normalize(name)]
            self.add(path, f'{kind} "{known_as}" cannot be scored in {self.const.title}: {why}')
            return
        full = _everything(self.game)  # loaded only when a name is unknown
        elsewhere = full and getattr(full, section).canonical(name)
        if elsewhere:
            needed = [
                e
                for e in available_expansions(self.game)
                if getattr(load_ruleset(self.game, (e,)), section).canonical(name)
            ]
            self.add(
                path,
                f'{kind} "{elsewhere}" needs the {" or ".join(needed)} expansion; '
                f'add it to "expansions"',
            )
        else:
            other = _other_game_with(self.game, section, name)
            known = self.index(section).names()
            hint = f"; it belongs to {other}" if other else did_you_mean(name, known)
            self.add(path, f'no {kind} "{name}" in {self.const.title}{hint}')

    def lookup(self, kind: str, names: Iterable[str], section: str, at: str) -> list[Any] | None:
        """The named things, or None when one is unknown (each unknown name reported)."""
        found: list[Any] = []
        ok = True
        index = self.index(section)
        for j, name in enumerate(names):
            item = index.get(name)
            if item is None:
                self.missing(kind, name, section, f"{at}[{j}]")
                ok = False
            else:
                found.append(item)
        return found if ok else None


class _Checker(NameChecks):
    def __init__(self, table: SevenWondersTable, ruleset: Ruleset) -> None:
        super().__init__(table.game, ruleset)
        self.table = table
        self.times_built: dict[str, int] = {}
        """In how many cities each card stands; filled by `cards`, read by `copies`."""
        self.guilds: set[str] = set()

    # --- the table as a whole -------------------------------------------------------

    def seats(self) -> int:
        players = self.table.players
        free = [i for i, p in enumerate(players) if p.free_city]
        n = len(players)
        if free and not self.const.free_city:
            for i in free:
                self.add(
                    f"players[{i}].free_city",
                    f"the Free City belongs to the 2-player variant of 7 Wonders 1st edition, "
                    f"not {self.const.title}",
                )
        elif len(free) > 1:
            for i in free[1:]:
                self.add(f"players[{i}].free_city", "only one seat can be the Free City")
        elif free and n != 3:
            self.add(
                f"players[{free[0]}].free_city",
                f"the Free City is the third seat of a 2-player game; this table has {n} seats",
            )
        if not self.const.min_players <= n <= self.const.max_players:
            hint = (
                ' (for 2 players add the Free City as a third player with "free_city": true)'
                if n == 2 and self.const.free_city
                else ""
            )
            self.add(
                "players",
                f"{self.const.title} is for {self.const.min_players} to "
                f"{self.const.max_players} players, this table has {n}{hint}",
            )
        self.problems.extend(player_name_problems([p.name for p in players]))
        return n

    def expansions(self) -> None:
        self.problems.extend(expansion_problems(self.table.game, self.table.expansions))

    # --- one city --------------------------------------------------------------------

    def city(
        self, i: int, p: SevenWondersPlayer, seats: int, derived: list[Tokens] | None
    ) -> City | None:
        at = f"players[{i}]"
        wonder = self.rules.wonders.get(p.wonder.board)
        side_key = next(
            (
                v
                for k, v in self.const.side_names.items()
                if normalize(k) == normalize(p.wonder.side)
            ),
            None,
        )
        side = None
        if wonder is None:
            self.missing("wonder", p.wonder.board, "wonders", f"{at}.wonder.board")
        if side_key is None:
            self.add(
                f"{at}.wonder.side",
                f'no side "{p.wonder.side}"; expected one of '
                f"{', '.join(repr(k) for k in self.const.side_names)}",
            )
        elif wonder is not None:
            side = wonder.sides.get(side_key)
            if side is None:
                self.add(f"{at}.wonder.side", f"{wonder.name} has no side {side_key}")
            elif p.wonder.stages > len(side.stages):
                self.add(
                    f"{at}.wonder.stages",
                    f"{wonder.name} {side_key} has "
                    f"{len(side.stages)} stages, not {p.wonder.stages}",
                )
        cards = self.cards(i, p, seats)
        leaders = self.leaders(at, p)
        if wonder is None or side is None or cards is None or leaders is None:
            return None
        built = side.stages[: p.wonder.stages]
        recruits = self.const.leaders_recruited_max + sum(s.leader_recruits for s in built)
        if len(leaders) > recruits:
            self.add(
                f"{at}.leaders",
                f"{len(leaders)} leaders, but a city recruits at most "
                f"{recruits} (one per Age, plus what its wonder allows)",
            )
        self._card_count(at, len(cards), built, leaders)
        return City(
            index=i,
            name=p.name,
            wonder=wonder,
            side_name=side_key or "",
            side=side,
            stages_built=min(p.wonder.stages, len(side.stages)),
            cards=tuple(cards),
            coins=p.coins,
            tokens=_tokens(p) if derived is None or p.military is not None else derived[i],
            leaders=tuple(leaders),
            free_city=p.free_city,
        )

    def _card_count(
        self, at: str, cards: int, built: tuple[WonderStage, ...], leaders: list[Leader]
    ) -> None:
        """A city plays a fixed number of cards per Age; each built stage tucks one of them
        away, unless a leader built it (Leaders: one leader play per Age recruits, builds a
        stage or is discarded)."""
        ages = len(self.const.victory_token_by_age)
        extra = sum(s.extra_cards for s in built) + sum(ld.extra_cards for ld in leaders)
        extra_recruits = sum(s.leader_recruits for s in built)
        by_leaders = max(
            0, self.const.leaders_recruited_max - max(0, len(leaders) - extra_recruits)
        )
        tucked = max(0, len(built) - by_leaders)
        most = self.const.plays_per_age * ages + extra - tucked
        if cards > most:
            self.add(
                f"{at}.cards",
                f"{cards} cards, but a city plays {self.const.plays_per_age} cards in each of "
                f"{ages} Ages{f' (+{extra} from its wonder and leaders)' if extra else ''} and "
                f"{tucked} went under wonder stages: at most {most}",
            )

    def cards(self, index: int, p: SevenWondersPlayer, seats: int) -> list[Card] | None:
        """The city's cards, counted for `copies`; None when a name is unknown, repeated or
        not in this deck (each problem then told by `_card_problems`)."""
        found = self.rules.cards.get_all(p.cards)
        cards = [c for c in found if c is not None]
        unique = dict.fromkeys(c.name for c in cards)  # a city holds a card once
        for name in unique:
            self.times_built[name] = self.times_built.get(name, 0) + 1
        self.guilds.update(c.name for c in cards if c.colour == "purple")
        in_deck = copies_in_deck(self.rules, seats)
        if len(found) == len(cards) == len(unique) and all(in_deck[n] for n in unique):
            return cards
        self._card_problems(f"players[{index}]", p, found, seats)
        return None

    def _card_problems(
        self, at: str, p: SevenWondersPlayer, found: list[Card | None], seats: int
    ) -> None:
        in_deck = copies_in_deck(self.rules, seats)
        first_at: dict[str, int] = {}
        for j, (name, card) in enumerate(zip(p.cards, found, strict=True)):
            if card is None:
                self.missing("card", name, "cards", f"{at}.cards[{j}]")
            elif card.name in first_at:
                self.add(
                    f"{at}.cards[{j}]",
                    f'"{card.name}" is already cards[{first_at[card.name]}]; '
                    f"a city never holds two cards of the same name",
                )
            else:
                first_at[card.name] = j
                if not in_deck[card.name]:
                    self.add(
                        f"{at}.cards[{j}]",
                        f'"{card.name}" is not in the {seats}-player deck '
                        f"(it is used from {min(card.copies)} players)",
                    )

    def leaders(self, at: str, p: SevenWondersPlayer) -> list[Leader] | None:
        if p.leaders and p.free_city:
            self.add(f"{at}.leaders", "the Free City gets no leaders (Leaders rulebook, 2 players)")
            return None
        found: list[Leader] | None = self.lookup("leader", p.leaders, "leaders", f"{at}.leaders")
        return found

    # --- across cities ---------------------------------------------------------------

    def copies(self, seats: int) -> None:
        """Across cities, after `cards` counted every name: copies in the deck, guilds in
        the game."""
        in_deck = copies_in_deck(self.rules, seats)
        for name, built in self.times_built.items():
            allowed = in_deck[name]
            if allowed and built > allowed:
                places = self._places(name)
                self.add(
                    places[allowed],
                    f'"{name}" is in {len(places)} cities, but the '
                    f"{seats}-player game has {allowed} "
                    f"cop{'y' if allowed == 1 else 'ies'} (also at {', '.join(places[:allowed])})",
                )
        most = seats + self.const.extra_guilds
        if len(self.guilds) > most:
            self.add(
                "players",
                f"{len(self.guilds)} different guilds are built, but a {seats}-player "
                f"game uses only {most} guilds (players + {self.const.extra_guilds})",
            )

    def _places(self, name: str) -> list[str]:
        """Where a card stands, once per city (where it is first listed there)."""
        out = []
        for i, p in enumerate(self.table.players):
            for j, typed in enumerate(p.cards):
                card = self.rules.cards.get(typed)
                if card is not None and card.name == name:
                    out.append(f"players[{i}].cards[{j}]")
                    break
        return out

    def wonders_unique(self) -> None:
        seen: dict[str, int] = {}
        for i, p in enumerate(self.table.players):
            wonder = self.rules.wonders.get(p.wonder.board)
            if wonder is None:
                continue
            if wonder.name in seen:
                self.add(
                    f"players[{i}].wonder.board",
                    f"{wonder.name} is already the board of "
                    f"players[{seen[wonder.name]}]; each board is in the box once",
                )
            else:
                seen[wonder.name] = i

    def leaders_unique(self) -> None:
        seen: dict[str, str] = {}
        for i, p in enumerate(self.table.players):
            for j, name in enumerate(p.leaders):
                leader = self.rules.leaders.get(name)
                if leader is None:
                    continue
                if leader.name in seen:
                    self.add(
                        f"players[{i}].leaders[{j}]",
                        f'"{leader.name}" is already recruited at '
                        f"{seen[leader.name]}; each leader card exists once",
                    )
                else:
                    seen[leader.name] = f"players[{i}].leaders[{j}]"

    def tokens(self, board: list[City], seats: int) -> None:
        if any(ld.moves_tokens for c in board for ld in c.leaders):
            return  # a leader gives, takes or redirects tokens: the counts below need not hold
        per_age = 2  # a city meets each of its two neighbours once per Age
        ages = len(self.const.victory_token_by_age)
        for c in board:
            at = f"players[{c.index}].military"
            for value, n in c.tokens.victories.items():
                if n > per_age:
                    self.add(
                        at,
                        f"{n} victory tokens of {value}: a city meets two neighbours per "
                        f"Age, so it holds at most {per_age} of each value",
                    )
            if c.tokens.defeats > per_age * ages:
                self.add(
                    at,
                    f"{c.tokens.defeats} defeat tokens: at most {per_age * ages} "
                    f"(two neighbours, {ages} Ages)",
                )
            total = c.tokens.victory_count + c.tokens.defeats
            if total > per_age * ages:
                self.add(
                    at,
                    f"{total} conflict tokens in all: at most {per_age * ages} "
                    f"(two conflicts in each of {ages} Ages)",
                )
        victories = sum(c.tokens.victory_count for c in board)
        defeats = sum(c.tokens.defeats for c in board)
        if victories != defeats:
            full = _everything(self.game)
            movers = sorted(
                ld.name for ld in (full or self.rules).leaders.values() if ld.moves_tokens
            )
            unless = f" (unless a leader that moves tokens is in play: {', '.join(movers)})"
            self.add(
                "players",
                f"the table holds {victories} victory tokens and {defeats} "
                f"defeat tokens; every conflict gives one of each, so they must be "
                f"equal{unless if movers else ''}",
            )
        for value in self.const.victory_token_by_age:
            held = sum(c.tokens.victories.get(value, 0) for c in board)
            if held > seats:
                self.add(
                    "players",
                    f"{held} victory tokens of {value}, but a {seats}-seat table "
                    f"fights only {seats} conflicts per Age",
                )

    def derived_tokens(self) -> list[Tokens] | None:
        """Conflict tokens from per-Age shields, when every player gave them and no leader
        that moves tokens is recruited (then the shields do not decide the tokens)."""
        players = self.table.players
        if not players or any(p.shields is None for p in players):
            return None
        recruited = self.rules.leaders.get_all(name for p in players for name in p.leaders)
        if any(ld is not None and ld.moves_tokens for ld in recruited):
            return None
        shields = [p.shields or [] for p in players]
        return military.derive_tokens(shields, self.const.victory_token_by_age)

    def shields(self, board: list[City], derived: list[Tokens] | None) -> None:
        """Per-Age shields, when every player gave them: possible for the city, and agreeing
        with the tokens entered."""
        players = self.table.players
        if not players or any(p.shields is None for p in players):
            return
        for c, p in zip(board, players, strict=True):
            s = p.shields or []
            at = f"players[{c.index}].shields"
            if any(b < a for a, b in itertools.pairwise(s)):
                self.add(at, f"{s}: a city's shields never go down from one Age to the next")
            possible = _possible_shields(self.rules, c, board)
            if s[2] not in possible:
                want = " or ".join(str(x) for x in sorted(possible))
                self.add(
                    f"{at}[2]",
                    f"{s[2]} shields at the end of Age III, but this city's "
                    f"cards, wonder and leaders give {want}",
                )
            if p.military is None and derived is None:
                self.add(
                    f"players[{c.index}].military",
                    "a leader that moves conflict tokens is in play, so the tokens "
                    "cannot be derived from shields: enter them",
                )
            elif p.military is not None and derived is not None and derived[c.index] != c.tokens:
                self.add(
                    f"players[{c.index}].military",
                    f"the shields give {military.describe(derived[c.index])}, but the tokens "
                    f"entered are {military.describe(c.tokens)}",
                )

    def choices(self, board: list[City]) -> list[City]:
        out = []
        for c, p in zip(board, self.table.players, strict=True):
            at = f"players[{c.index}].choices"
            left, right = board[c.index - 1], board[(c.index + 1) % len(board)]
            guild = leader = None
            if p.choices.copied_guild is not None:
                guild = self._copied_guild(at, c, p.choices.copied_guild, left, right)
            if p.choices.courtesan is not None:
                leader = self._courtesan(at, c, p.choices.courtesan, left, right)
            out.append(_with_choices(c, guild, leader))
        return out

    def _copied_guild(self, at: str, c: City, name: str, left: City, right: City) -> Card | None:
        if not c.copies_a_guild:
            self.add(
                f"{at}.copied_guild",
                f"{c.wonder.name} {c.side_name} with {c.stages_built} "
                f"stages built copies no guild; remove this choice",
            )
            return None
        offered = guilds_beside(left, right)
        guild = self.rules.cards.get(name)
        if guild is None or guild.name not in offered:
            have = ", ".join(offered) or "no guild"
            self.add(
                f"{at}.copied_guild",
                f'"{name}" is not a guild of a neighbour; {left.name} and {right.name} have {have}',
            )
            return None
        return guild

    def _courtesan(self, at: str, c: City, name: str, left: City, right: City) -> Leader | None:
        if not c.copies_a_leader:
            copiers = [
                card.name
                for card in self.rules.cards.values()
                if any(isinstance(e, CopyNeighbourLeader) for e in card.effects)
            ]
            self.add(
                f"{at}.courtesan",
                f"this city has no {' or '.join(copiers) or 'card that copies a leader'}; "
                f"remove this choice",
            )
            return None
        offered = leaders_beside(left, right)
        leader = self.rules.leaders.get(name)
        if leader is None or leader.name not in offered:
            have = ", ".join(offered) or "no leader"
            self.add(
                f"{at}.courtesan",
                f'"{name}" is not a recruited leader of a neighbour; '
                f"{left.name} and {right.name} have {have}",
            )
            return None
        return leader


def _tokens(p: SevenWondersPlayer) -> Tokens:
    if p.military is None:
        return NO_TOKENS
    return Tokens(p.military.victories(), p.military.defeat)


def _with_choices(c: City, guild: Card | None, leader: Leader | None) -> City:
    if guild is None and leader is None:
        return c
    return dataclasses.replace(c, copied_guild=guild, courtesan=leader)


def _shields_of(effects: Iterable[object]) -> int:
    return sum(e.shields for e in effects if isinstance(e, Shields))


@cache
def copies_in_deck(rules: Ruleset, seats: int) -> dict[str, int]:
    """Copies of each card in a game of `seats` (0: not in that deck); a card with no
    per-count copies (a guild, which enters by the guild draw; a Duel card) counts once.
    Asked for every card of every table: once per ruleset and seat count."""
    return {
        c.name: sum(1 for m in c.copies if m <= seats) if c.copies else 1
        for c in rules.cards.values()
    }


@cache
def _printed_shields(rules: Ruleset) -> tuple[dict[str, int], dict[str, int]]:
    """Shields on each card and leader, by name: asked for every city of every table,
    computed once per ruleset."""
    cards = {c.name: _shields_of(c.effects) for c in rules.cards.values()}
    leaders = {ld.name: _shields_of(ld.effects) for ld in rules.leaders.values()}
    return cards, leaders


def _possible_shields(rules: Ruleset, c: City, board: list[City]) -> set[int]:
    """The city's shields at game end; with a Courtesan still to choose, one total per
    leader it could copy (Caesar, Hannibal give shields)."""
    by_card, by_leader = _printed_shields(rules)
    base = sum(by_card[card.name] for card in c.cards)
    base += sum(_shields_of(s.effects) for s in c.side.stages[: c.stages_built])
    base += sum(by_leader[ld.name] for ld in c.leaders)
    if not c.copies_a_leader:
        return {base}
    n = len(board)
    offered = (
        [c.courtesan]
        if c.courtesan is not None
        else [*leaders_beside(board[c.index - 1], board[(c.index + 1) % n]).values()]
    )
    return {base} | {base + by_leader[ld.name] for ld in offered}


def check(table: SevenWondersTable, ruleset: Ruleset) -> tuple[Board | None, list[Problem]]:
    checker = _Checker(table, ruleset)
    checker.expansions()
    seats = checker.seats()
    derived = checker.derived_tokens()
    cities = [checker.city(i, p, seats, derived) for i, p in enumerate(table.players)]
    checker.copies(seats)
    checker.wonders_unique()
    checker.leaders_unique()
    if checker.problems or any(c is None for c in cities):
        return None, checker.problems
    board = [c for c in cities if c is not None]
    board = checker.choices(board)
    checker.shields(board, derived)
    checker.tokens(board, seats)
    if checker.problems:
        return None, checker.problems
    return Board(ruleset, tuple(board)), []


def name_problems(data: dict[str, Any], ruleset: Ruleset) -> list[Problem]:
    """Unknown names in a file whose shape is wrong elsewhere, so one pass shows everything.
    Works on the raw dict: only well-typed names are looked up."""
    checker = NameChecks(data["game"], ruleset)
    players = data.get("players")
    for i, p in enumerate(players if isinstance(players, list) else []):
        if not isinstance(p, dict):
            continue
        wonder = p.get("wonder")
        board = wonder.get("board") if isinstance(wonder, dict) else None
        if isinstance(board, str) and board and board not in ruleset.wonders:
            checker.missing("wonder", board, "wonders", f"players[{i}].wonder.board")
        for field in ("cards", "leaders"):
            names = p.get(field)
            for j, name in enumerate(names if isinstance(names, list) else []):
                if isinstance(name, str) and name and name not in checker.index(field):
                    checker.missing(field[:-1], name, field, f"players[{i}].{field}[{j}]")
    return checker.problems
