"""Checks that a 7 Wonders Duel table can exist, and resolves it into a Board.

As for the base game: every problem is collected, none stops the others, and each says
where it is and what would be right. Limits (wonders, guilds, cubes, track spaces) are the
ruleset's constants, so an expansion changes them as data.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorer import duel
from scorer.board import Board, Buried, City, Track
from scorer.duel import LABEL, Supremacy
from scorer.names import did_you_mean
from scorer.problems import Problem
from scorer.ruleset import Ruleset
from scorer.table import DuelPlayer, DuelTable
from scorer.validate import NameChecks, expansion_problems, player_name_problems

GAME = "duel"


@dataclass(frozen=True)
class DuelGame:
    """A Duel table that can exist: the board to score and the supremacy, if any."""

    board: Board
    supremacy: Supremacy | None


class _Checker(NameChecks):
    def __init__(self, table: DuelTable, rules: Ruleset) -> None:
        super().__init__(GAME, rules)
        self.table = table

    def has(self, expansion: str) -> bool:
        return expansion in self.rules.expansions

    # --- the table as a whole -------------------------------------------------------

    def expansions(self) -> None:
        self.problems.extend(expansion_problems(GAME, self.table.expansions))

    def seats(self) -> None:
        players = self.table.players
        least, most = self.const.min_players, self.const.max_players
        if not least <= len(players) <= most:
            count = f"exactly {least}" if least == most else f"{least} to {most}"
            self.add(
                "players",
                f"{self.const.title} is for {count} players, this table has {len(players)}",
            )
        self.problems.extend(player_name_problems([p.name for p in players]))

    def player_index(self, name: str, path: str) -> int | None:
        names = [p.name for p in self.table.players]
        for i, n in enumerate(names):
            if n == name or n.casefold() == name.casefold():
                return i
        self.add(
            path,
            f'no player "{name}"; the players are '
            f"{', '.join(repr(n) for n in names)}{did_you_mean(name, names)}",
        )
        return None

    # --- one city --------------------------------------------------------------------

    def city(self, i: int, p: DuelPlayer) -> City | None:
        at = f"players[{i}]"
        cards = self.lookup("card", p.cards, "cards", f"{at}.cards")
        wonders = self.lookup("wonder", p.wonders, "wonders", f"{at}.wonders")
        progress = self.lookup("progress token", p.progress, "progress", f"{at}.progress")
        leaders = self.lookup("leader", p.leaders, "leaders", f"{at}.leaders")
        if p.conquests is not None and not self.has("leaders"):
            self.add(
                f"{at}.conquests",
                'conquests count for Alexander, from the "leaders" '
                'expansion; add it to "expansions" or remove this field',
            )
        influence = self.influence(at, p)
        if wonders is not None and len(wonders) > self.const.wonders_per_city:
            self.add(
                f"{at}.wonders",
                f"{len(wonders)} wonders built, but a city has at most "
                f"{self.const.wonders_per_city} in {self.const.title}",
            )
        buried = self.buried(at, p, wonders)
        if cards is None or wonders is None or progress is None or leaders is None:
            return None
        return City(
            index=i,
            name=p.name,
            stages_built=len(wonders),
            cards=tuple(cards),
            coins=p.coins,
            leaders=tuple(leaders),
            wonders=tuple(wonders),
            progress=tuple(progress),
            influence=influence,
            conquests=p.conquests or 0,
            buried=buried,
        )

    def influence(self, at: str, p: DuelPlayer) -> tuple[int, ...]:
        chambers = len(self.const.chamber_points)
        if p.influence is None:
            return (0,) * chambers
        if not chambers:
            self.add(
                f"{at}.influence",
                'influence cubes belong to the "agora" expansion; add '
                'it to "expansions" or remove this field',
            )
            return ()
        if sum(p.influence) > self.const.cubes_per_player:
            self.add(
                f"{at}.influence",
                f"{sum(p.influence)} cubes in the Senate, but each "
                f"player has only {self.const.cubes_per_player}",
            )
        return tuple(p.influence)

    def buried(self, at: str, p: DuelPlayer, wonders: list[Any] | None) -> Buried | None:
        if p.buried is None:
            return None
        if not self.has("leaders"):
            self.add(
                f"{at}.buried",
                'a buried leader belongs to the "leaders" expansion; add '
                'it to "expansions" or remove this field',
            )
            return None
        burying = duel.burying_wonders(self.rules)
        if wonders is not None and not any(w.name in burying for w in wonders):
            self.add(
                f"{at}.buried",
                f"a leader is buried only under {' or '.join(burying)}, "
                f'which this city has not built; add it to "wonders" or '
                f'remove "buried"',
            )
        leader = self.rules.leaders.get(p.buried.leader)
        if leader is None:
            self.missing("leader", p.buried.leader, "leaders", f"{at}.buried.leader")
            return None
        if any(self.rules.leaders.canonical(n) == leader.name for n in p.leaders):
            self.add(
                f"{at}.buried.leader",
                f'"{leader.name}" is buried, so it is no longer a '
                f'recruited leader; remove it from "leaders"',
            )
        cost = p.buried.cost if p.buried.cost is not None else leader.cost
        if cost is None:
            self.add(
                f"{at}.buried.cost",
                f"the cost of {leader.name} is printed on the card "
                f"but unknown to the ruleset; give it here "
                f'("cost": N coins)',
            )
            return None
        return Buried(leader, cost)

    # --- across cities ---------------------------------------------------------------

    def once(
        self, field: str, section: str, what: str, copies: Callable[[Any], int] = lambda _: 1
    ) -> None:
        """Each thing in the box exists `copies` times: never more across both cities."""
        where: dict[str, list[str]] = defaultdict(list)
        index = self.index(section)
        for i, p in enumerate(self.table.players):
            for j, name in enumerate(getattr(p, field)):
                canonical = index.canonical(name)
                if canonical is not None:
                    where[canonical].append(f"players[{i}].{field}[{j}]")
        for name, places in where.items():
            allowed = copies(index.get(name))
            if len(places) > allowed:
                if allowed == 1:
                    self.add(places[1], f'"{name}" is already at {places[0]}; {what}')
                else:
                    self.add(
                        places[allowed],
                        f'"{name}" is in the cities {len(places)} times, '
                        f"but the game has {allowed} "
                        f"({', '.join(places)})",
                    )

    def limits(self, cities: list[City]) -> None:
        leaders = {ld.name for c in cities for ld in c.leaders}
        guilds = {card.name for c in cities for card in c.cards if card.colour == "purple"}
        most = self.const.guilds_in_game + sum(
            1 for n in self.const.guilds_extra_with if n in leaders
        )
        if len(guilds) > most:
            self.add(
                "players",
                f"{len(guilds)} different guilds are built ("
                f"{', '.join(sorted(guilds))}), but the game uses only {most}",
            )
        built = sum(len(c.wonders) for c in cities)
        most = self.const.wonders_in_game + sum(
            1 for n in self.const.wonders_extra_with if n in leaders
        )
        if built > most:
            extra = (
                f" ({' or '.join(self.const.wonders_extra_with)} would allow one more)"
                if self.const.wonders_extra_with and most == self.const.wonders_in_game
                else ""
            )
            self.add(
                "players",
                f"{built} wonders are built in all, but at most {most} can be"
                f"{extra}: the last one goes back to the box",
            )
        recruited: dict[str, str] = {}
        for c in cities:
            for j, ld in enumerate(c.leaders):
                recruited.setdefault(ld.name, f"players[{c.index}].leaders[{j}]")
        for c in cities:
            if (
                c.buried is not None
                and c.buried.leader.name in recruited
                and not recruited[c.buried.leader.name].startswith(f"players[{c.index}]")
            ):
                self.add(
                    f"players[{c.index}].buried.leader",
                    f'"{c.buried.leader.name}" is recruited at '
                    f"{recruited[c.buried.leader.name]}; each leader card exists once",
                )

    def track(self) -> Track | None:
        conflict = self.table.conflict
        if conflict.toward is None:
            if conflict.spaces:
                names = ", ".join(f'"{p.name}"' for p in self.table.players)
                self.add(
                    "conflict.toward",
                    f"the pawn is {conflict.spaces} space(s) from the "
                    f"centre: say toward whose capital ({names})",
                )
                return None
            return Track(None, 0)
        index = self.player_index(conflict.toward, "conflict.toward")
        return None if index is None else Track(index, conflict.spaces)

    def conquests(self, board: Board) -> Board:
        """Conquests default to what the pawn shows; more are possible (the pawn can move
        back), fewer are not."""
        cities = []
        for c, p in zip(board.cities, self.table.players, strict=True):
            implied = duel.conquests_implied(board, c)
            if p.conquests is None:
                c = dataclasses.replace(c, conquests=implied) if implied else c
            elif p.conquests < implied:
                assert board.track is not None
                loser = board.cities[board.track.toward or 0].name
                spaces = [s for s in self.const.military_token_spaces if board.track.spaces >= s]
                self.add(
                    f"players[{c.index}].conquests",
                    f"{p.conquests}, but the pawn stands {board.track.spaces} spaces toward "
                    f"{loser}'s capital, past the token(s) on space(s) "
                    f"{', '.join(map(str, spaces))}: {c.name} took at least {implied}",
                )
            cities.append(c)
        return Board(board.ruleset, tuple(cities), board.track)

    def supremacy(self, board: Board) -> Supremacy | None:
        shown = duel.supremacies(board)
        claim = self.table.supremacy
        names = [c.name for c in board.cities]
        if claim is None:
            winners = {s.winner for s in shown}
            if len(winners) > 1:
                said = "; ".join(
                    f"{LABEL[s.kind]} for {names[s.winner]} ({s.reason})" for s in shown
                )
                self.add(
                    "",
                    f"the table shows a supremacy for both players: {said}. The game "
                    f'ends at the first one: say which with "supremacy"',
                )
                return None
            return shown[0] if shown else None
        winner = self.player_index(claim.winner, "supremacy.winner")
        if winner is None:
            return None
        match = next((s for s in shown if s.kind == claim.kind and s.winner == winner), None)
        if match is None:
            why = self.contradiction(board, board.cities[winner], claim.kind)
            if why is not None:
                self.add("supremacy", why)
                return None
        others = [s for s in shown if s.winner != winner]
        if others:
            said = "; ".join(f"{LABEL[s.kind]} for {names[s.winner]} ({s.reason})" for s in others)
            self.add(
                "supremacy",
                f"{LABEL[claim.kind]} for {names[winner]} is claimed, but the "
                f"table also shows {said}; the game ends at the first one",
            )
            return None
        reason = match.reason if match else "as the table says"
        return Supremacy(claim.kind, winner, reason, True)

    def contradiction(self, board: Board, city: City, kind: str) -> str | None:
        """Why the state contradicts the claimed supremacy, or None if it cannot tell."""
        const = self.const
        opponent = board.neighbour(city, "opponent")
        if kind == "military":
            track = board.track
            where = (
                "at the centre"
                if track is None or track.toward is None or not track.spaces
                else f"{track.spaces} space(s) toward {board.cities[track.toward].name}'s capital"
            )
            return (
                f"Military Supremacy for {city.name} needs the pawn on space "
                f"{const.supremacy_space} toward {opponent.name}'s capital; it is {where}"
            )
        if kind == "science":
            if any(ld.name in const.science_changed_by for ld in city.leaders):
                return None  # Euclid or Ptolemy changed a symbol: the cards cannot tell
            have = duel.symbols(board, city)
            return (
                f"Scientific Supremacy for {city.name} needs "
                f"{const.science_supremacy_symbols} different science symbols; the city "
                f"shows {len(have)}" + (f" ({', '.join(have)})" if have else "")
            )
        if not const.chamber_points:
            return 'Political Supremacy belongs to the "agora" expansion; add it to "expansions"'
        held = [i + 1 for i in duel.controlled(board, city)]
        return (
            f"Political Supremacy for {city.name} needs all {len(const.chamber_points)} "
            f"Chambers; the influence gives {city.name} "
            + (f"Chamber(s) {', '.join(map(str, held))}" if held else "none")
        )


def check(table: DuelTable, ruleset: Ruleset) -> tuple[DuelGame | None, list[Problem]]:
    """The board and supremacy of a Duel table, or every problem that stops it existing."""
    checker = _Checker(table, ruleset)
    checker.expansions()
    checker.seats()
    cities = [checker.city(i, p) for i, p in enumerate(table.players)]
    checker.once(
        "cards",
        "cards",
        "each Duel card exists once",
        lambda card: max(1, len(card.copies)) if card is not None else 1,
    )
    checker.once("wonders", "wonders", "each wonder exists once")
    checker.once("progress", "progress", "each progress token exists once")
    checker.once("leaders", "leaders", "each leader card exists once")
    track = checker.track()
    if checker.problems or any(c is None for c in cities) or track is None:
        return None, checker.problems
    resolved = [c for c in cities if c is not None]
    checker.limits(resolved)
    board = checker.conquests(Board(ruleset, tuple(resolved), track))
    supremacy = checker.supremacy(board)
    if checker.problems:
        return None, checker.problems
    return DuelGame(board, supremacy), []


def name_problems(data: dict[str, Any], ruleset: Ruleset) -> list[Problem]:
    """Unknown names in a Duel file whose shape is wrong elsewhere, so one pass shows
    everything. Works on the raw dict: only well-typed names are looked up."""
    checker = NameChecks(GAME, ruleset)
    players = data.get("players")
    fields = (
        ("cards", "card", "cards"),
        ("wonders", "wonder", "wonders"),
        ("progress", "progress token", "progress"),
        ("leaders", "leader", "leaders"),
    )
    for i, p in enumerate(players if isinstance(players, list) else []):
        if not isinstance(p, dict):
            continue
        for field, kind, section in fields:
            names = p.get(field)
            for j, name in enumerate(names if isinstance(names, list) else []):
                if isinstance(name, str) and name and name not in checker.index(section):
                    checker.missing(kind, name, section, f"players[{i}].{field}[{j}]")
    names = [
        p["name"]
        for p in (players if isinstance(players, list) else [])
        if isinstance(p, dict) and isinstance(p.get("name"), str)
    ]
    for field, key in (("conflict", "toward"), ("supremacy", "winner")):
        part = data.get(field)
        who = part.get(key) if isinstance(part, dict) else None
        if isinstance(who, str) and who.casefold() not in {n.casefold() for n in names}:
            checker.add(
                f"{field}.{key}",
                f'no player "{who}"; the players are '
                f"{', '.join(repr(n) for n in names)}"
                f"{did_you_mean(who, names)}",
            )
    return checker.problems
