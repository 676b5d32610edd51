"""The one interpreter: gives every effect kind its meaning for a 7 Wonders city."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import TypedDict, assert_never

from scorer import science
from scorer.board import Board, City, guilds_beside, leaders_beside
from scorer.effects import (
    BuriedLeaderCost,
    ByConquests,
    ConvertScienceSymbol,
    CopyNeighbourGuild,
    CopyNeighbourLeader,
    DuelSymbol,
    Effect,
    ExtraScienceSymbolOfMost,
    MajorityBonus,
    NoDefeatBonus,
    PerCard,
    PerCardInMost,
    PerChainPair,
    PerCoins,
    PerCoinsInRichest,
    PerColourSet,
    PerDefeatToken,
    PerLeader,
    PerProgressToken,
    PerScienceSet,
    PerVictoryToken,
    PerWonderInMost,
    PerWonderStage,
    Points,
    ScienceSymbol,
    ScienceWildcard,
    Shields,
    SoleLeaderBonus,
    Symbol,
    VictoryTokenPairs,
    WonderComplete,
)
from scorer.effects import City as CityScope
from scorer.ruleset import Card, Category, Leader, Ruleset

ROMAN = {1: "I", 2: "II", 3: "III"}


@dataclass(frozen=True)
class Source:
    """Something in a city that carries effects, with the pad row its points go to."""

    name: str
    category: Category
    effects: tuple[Effect, ...]


class LineData(TypedDict):
    """A line of the result as the engine writes it: plain data, validated into
    `scorer.result.Line` once, when the result is built (a model per line costs more than
    scoring the line)."""

    category: Category
    source: str
    points: int
    why: str


@dataclass
class Tally:
    """What a city's effects add up to before science is settled."""

    lines: list[LineData] = field(default_factory=list)
    symbols: dict[Symbol | DuelSymbol, int] = field(default_factory=dict)
    wildcards: list[str] = field(default_factory=list)
    set_bonuses: list[tuple[Source, int]] = field(default_factory=list)
    extra_of_most: list[str] = field(default_factory=list)
    conversions: list[str] = field(default_factory=list)

    def add(self, category: Category, source: str, points: int, why: str) -> None:
        if points:
            self.lines.append(
                {"category": category, "source": source, "points": points, "why": why}
            )

    def plus(self, other: Tally) -> Tally:
        """Both tallies in one (a choice's extra on top of the shared base)."""
        return Tally(
            self.lines + other.lines,
            {
                s: self.symbols.get(s, 0) + other.symbols.get(s, 0)
                for s in {**self.symbols, **other.symbols}
            },
            self.wildcards + other.wildcards,
            self.set_bonuses + other.set_bonuses,
            self.extra_of_most + other.extra_of_most,
            self.conversions + other.conversions,
        )

    @property
    def has_science(self) -> bool:
        return bool(
            self.symbols
            or self.wildcards
            or self.set_bonuses
            or self.extra_of_most
            or self.conversions
        )


@dataclass(frozen=True)
class CityScore:
    lines: tuple[LineData, ...]
    categories: dict[Category, int]
    choices: dict[str, str]

    @property
    def total(self) -> int:
        return sum(self.categories.values())


def _vp(n: int) -> str:
    return f"{n} VP"


def _cities_text(scopes: tuple[CityScope, ...], seen: list[City], counts: list[int]) -> str:
    return ", ".join(
        [
            f"own city {n}" if s == "own" else f"{s}: {c.name} {n}"
            for s, c, n in zip(scopes, seen, counts, strict=True)
        ]
    )


def _per_item(
    tally: Tally,
    source: Source,
    points: int,
    scopes: tuple[CityScope, ...],
    seen: list[City],
    counts: list[int],
    what: str,
    most: bool = False,
) -> None:
    """Points per item counted in some cities (`seen`, one per scope): all of them, or
    only the city with the most."""
    n = max(counts) if most else sum(counts)
    if not n:
        return
    where = " in the city with the most" if most else ""
    tally.add(
        source.category,
        source.name,
        points * n,
        f"{points} x {n} {what}{where} ({_cities_text(scopes, seen, counts)})",
    )


def chain_pairs(city: City) -> list[tuple[str, str, str]]:
    """(giver, user, symbol) for every pair in the city of something printing a chain
    symbol (a card or a leader) and a card that the symbol makes free."""
    givers = [(c.name, c.gives_chain) for c in city.cards]
    givers += [(ld.name, ld.gives_chain) for ld in city.leaders]
    return [
        (giver, card.name, symbol)
        for card in city.cards
        for symbol in card.uses_chain
        for giver, gives in givers
        if symbol in gives
    ]


def apply(effect: Effect, source: Source, city: City, board: Board, tally: Tally) -> None:
    """The meaning of each effect kind; a kind without a branch fails `mypy --strict`."""
    cat = source.category
    match effect:  # the most frequent kinds first: each case is an isinstance test
        case Points(points=p):
            tally.add(cat, source.name, p, f"{_vp(p)} printed")
        case PerCard(points=p, colours=colours, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.count(colours) for c in seen]
            _per_item(tally, source, p, scopes, seen, counts, f"{'+'.join(colours)} cards")
        case Shields():
            pass  # shields decide conflicts; military points come from the tokens they win
        case ScienceSymbol(symbol=s):
            tally.symbols[s] = tally.symbols.get(s, 0) + 1
        case ScienceWildcard(count=n):
            tally.wildcards.extend([source.name] * n)
        case PerWonderStage(points=p, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.stages_built for c in seen]
            unit = board.ruleset.constants.wonder_unit
            _per_item(tally, source, p, scopes, seen, counts, unit)
        case PerDefeatToken(points=p, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.tokens.defeats for c in seen]
            _per_item(tally, source, p, scopes, seen, counts, "defeat tokens")
        case PerVictoryToken(points=p):
            n = city.tokens.victory_count
            tally.add(cat, source.name, p * n, f"{p} x {n} victory tokens held")
        case PerCoins(points=p, coins=c):
            sets = city.coins // c
            tally.add(cat, source.name, p * sets, f"{p} x {sets} ({city.coins} coins // {c})")
        case PerColourSet(points=p, colours=colours):
            counts = [city.count((c,)) for c in colours]
            sets = min(counts)
            detail = ", ".join(f"{c} {n}" for c, n in zip(colours, counts, strict=True))
            tally.add(cat, source.name, p * sets, f"{p} x {sets} complete sets ({detail})")
        case PerScienceSet(points=p):
            tally.set_bonuses.append((source, p))
        case PerLeader(points=p, cities=scopes):
            seen = board.around(city, scopes)
            counts = [len(c.leaders) for c in seen]
            _per_item(tally, source, p, scopes, seen, counts, "recruited leaders")
        case WonderComplete(points=p):
            total = len(city.side.stages)
            if city.stages_built == total:
                tally.add(
                    cat,
                    source.name,
                    p,
                    f"{_vp(p)}: all {total} stages of {city.wonder.name} are built",
                )
        case CopyNeighbourGuild() | CopyNeighbourLeader():
            pass  # resolved before scoring: the copied guild or leader is scored as a source
        case MajorityBonus(points=p, colours=colours, coins=by_coins):
            left, right = board.neighbour(city, "left"), board.neighbour(city, "right")
            if by_coins:
                mine, theirs, what = city.coins, (left.coins, right.coins), "coins"
            else:
                mine, theirs = city.count(colours), (left.count(colours), right.count(colours))
                what = "+".join(colours) + " cards"
            if mine > max(theirs):
                tally.add(
                    cat,
                    source.name,
                    p,
                    f"{_vp(p)}: {mine} {what}, more than "
                    f"{left.name} ({theirs[0]}) and {right.name} ({theirs[1]})",
                )
        case NoDefeatBonus(points=p):
            if city.tokens.defeats == 0:
                tally.add(cat, source.name, p, f"{_vp(p)}: no defeat token")
        case VictoryTokenPairs():
            for value, n in city.tokens.victories.items():
                pairs = n // 2
                tally.add(
                    cat,
                    source.name,
                    value * pairs,
                    f"{pairs} pair(s) of {value}-point victory tokens x {value}",
                )
        case SoleLeaderBonus(points=p):
            if len(city.leaders) == 1:
                tally.add(cat, source.name, p, f"{_vp(p)}: the only recruited leader")
        case ExtraScienceSymbolOfMost():
            tally.extra_of_most.append(source.name)
        case ConvertScienceSymbol():
            tally.conversions.append(source.name)
        case PerCardInMost(points=p, colours=colours, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.count(colours) for c in seen]
            what = f"{'+'.join(colours)} cards"
            _per_item(tally, source, p, scopes, seen, counts, what, most=True)
        case PerWonderInMost(points=p, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.stages_built for c in seen]
            unit = board.ruleset.constants.wonder_unit
            _per_item(tally, source, p, scopes, seen, counts, unit, most=True)
        case PerCoinsInRichest(points=p, coins=c, cities=scopes):
            seen = board.around(city, scopes)
            counts = [c.coins for c in seen]
            richest = max(counts)
            sets = richest // c
            tally.add(
                cat,
                source.name,
                p * sets,
                f"{p} x {sets} ({richest} coins // {c} in the richest city: "
                f"{_cities_text(scopes, seen, counts)} coins)",
            )
        case PerProgressToken(points=p):
            n = len(city.progress)
            names = ", ".join(t.name for t in city.progress)
            tally.add(cat, source.name, p * n, f"{p} x {n} progress tokens ({names})")
        case PerChainPair(points=p):
            found = chain_pairs(city)
            detail = ", ".join(f"{g}+{u} ({s})" for g, u, s in found)
            tally.add(
                cat, source.name, p * len(found), f"{p} x {len(found)} chain pairs ({detail})"
            )

        case ByConquests(points=by_count):
            n = min(city.conquests, len(by_count) - 1)
            tally.add(
                cat,
                source.name,
                by_count[n],
                f"{_vp(by_count[n])} for {city.conquests} military token(s) taken from "
                f"the opponent's side",
            )
        case BuriedLeaderCost(factor=f):
            if city.buried is not None:
                # The spec puts Abu Simbel's buried leader in the leaders row.
                cost = city.buried.cost
                tally.add(
                    "leaders",
                    f"{city.buried.leader.name} (buried under {source.name})",
                    f * cost,
                    f"{f} x its cost of {cost} coins",
                )
        case _:
            assert_never(effect)


@cache
def _card_sources(ruleset: Ruleset) -> dict[str, Source]:
    """Each card of the ruleset as a source, built once per ruleset (asked per city)."""
    colour_category = ruleset.constants.colour_categories
    return {
        c.name: Source(c.name, colour_category.get(c.colour, "civilian"), c.effects)
        for c in ruleset.cards.values()
    }


@cache
def _leader_sources(ruleset: Ruleset) -> dict[str, Source]:
    return {ld.name: Source(ld.name, "leaders", ld.effects) for ld in ruleset.leaders.values()}


def card_sources(board: Board, city: City) -> list[Source]:
    """The city's cards, each scoring in the pad row of its colour."""
    by_name = _card_sources(board.ruleset)
    return [by_name[c.name] for c in city.cards]


def leader_sources(board: Board, city: City) -> list[Source]:
    by_name = _leader_sources(board.ruleset)
    return [by_name[ld.name] for ld in city.leaders]


@cache
def _stage_sources(ruleset: Ruleset) -> dict[tuple[str, str], tuple[Source, ...]]:
    """Each board side's stages as sources, by (wonder, side), built once per ruleset."""
    return {
        (w.name, side_name): tuple(
            Source(f"{w.name} {side_name} stage {i}", "wonders", stage.effects)
            for i, stage in enumerate(side.stages, start=1)
        )
        for w in ruleset.wonders.values()
        for side_name, side in w.sides.items()
    }


def sources(board: Board, city: City) -> list[Source]:
    """Everything in a city that scores: cards, built stages of its board (7 Wonders),
    wonders built and progress tokens (Duel), leaders; each in its pad row."""
    out = card_sources(board, city)
    stages = _stage_sources(board.ruleset).get((city.wonder.name, city.side_name), ())
    out.extend(stages[: city.stages_built])
    out.extend(Source(w.name, "wonders", w.effects) for w in city.wonders)
    out.extend(Source(t.name, "progress", t.effects) for t in city.progress)
    out.extend(leader_sources(board, city))
    return out


def apply_all(found: list[Source], city: City, board: Board, tally: Tally) -> None:
    for source in found:
        for effect in source.effects:
            apply(effect, source, city, board, tally)


def add_treasury(city: City, tally: Tally, coins_per_point: int) -> None:
    sets = city.coins // coins_per_point
    tally.add("treasury", "treasury", sets, f"{city.coins} coins // {coins_per_point}")


def city_score(
    tally: Tally, categories: tuple[Category, ...], choices: dict[str, str]
) -> CityScore:
    """The pad rows (every one of the game, zeros included) summed from the lines."""
    totals: dict[Category, int] = dict.fromkeys(categories, 0)
    for line in tally.lines:
        totals[line["category"]] = totals.get(line["category"], 0) + line["points"]
    return CityScore(tuple(tally.lines), totals, choices)


def _holder(board: Board, city: City, name: str) -> str:
    """The neighbour a copied guild or leader is taken from (each card exists once)."""
    left = board.neighbour(city, "left")
    if any(c.name == name for c in left.cards) or any(ld.name == name for ld in left.leaders):
        return left.name
    return board.neighbour(city, "right").name


def copied_sources(
    board: Board, city: City, guild: Card | None, leader: Leader | None, explain: bool = True
) -> list[Source]:
    """What the choices add: Olympia's copied guild, the Courtesan's leader (named with where
    it is copied from, unless `explain` is False: ranking the choices needs no names)."""
    out = []
    if guild is not None:
        copied = _card_sources(board.ruleset)[guild.name]
        name = guild.name
        if explain:
            name += f" (copied from {_holder(board, city, name)} by {city.wonder.name})"
        out.append(Source(name, copied.category, copied.effects))
    if leader is not None:
        copied = _leader_sources(board.ruleset)[leader.name]
        name = leader.name
        if explain:
            by = next(
                c.name for c in city.cards for e in c.effects if isinstance(e, CopyNeighbourLeader)
            )
            name += f" (copied from {_holder(board, city, name)} by the {by})"
        out.append(Source(name, copied.category, copied.effects))
    return out


def _base_tally(board: Board, city: City) -> Tally:
    """Everything but science and the copies, which depend on the choices."""
    const = board.ruleset.constants
    tally = Tally()
    apply_all(sources(board, city), city, board, tally)
    _military(city, tally, const.victory_token_by_age, const.defeat_token)
    add_treasury(city, tally, const.coins_per_point)
    return tally


def _science_points(tally: Tally, set_points: int) -> int:
    """What the city's science scores at best, set bonuses included (no lines written)."""
    outcome = _science_outcome(tally, set_points)
    if outcome is None:
        return 0
    bonus = sum(p for _, p in tally.set_bonuses)
    return outcome.squares() + (set_points + bonus) * outcome.sets


def _choice_gain(
    board: Board,
    city: City,
    base: Tally,
    base_science: int,
    guild: Card | None,
    leader: Leader | None,
) -> int:
    """What the city scores with this choice beyond its base lines, which every choice
    shares: the copied card's lines, and the science with whatever it adds."""
    extra = Tally()
    apply_all(copied_sources(board, city, guild, leader, explain=False), city, board, extra)
    gain = sum(line["points"] for line in extra.lines)
    if not extra.has_science:
        return gain + base_science
    return gain + _science_points(base.plus(extra), board.ruleset.constants.science_set_points)


def _military(city: City, tally: Tally, by_age: tuple[int, ...], defeat: int) -> None:
    for age, value in enumerate(by_age, start=1):
        n = city.tokens.victories.get(value, 0)
        if n:
            tally.add("military", f"Age {ROMAN[age]} victory tokens", n * value, f"{n} x {value}")
    d = city.tokens.defeats
    if d:
        tally.add("military", "defeat tokens", d * defeat, f"{d} x {defeat}")


def _science_outcome(tally: Tally, set_points: int) -> science.ScienceOutcome | None:
    """The best use of the city's symbols, or None when it has no science at all."""
    bonus = sum(p for _, p in tally.set_bonuses)
    fixed: dict[Symbol, int] = {s: tally.symbols.get(s, 0) for s in science.SYMBOLS}
    if (
        not tally.wildcards
        and not tally.extra_of_most
        and not tally.conversions
        and not any(fixed.values())
    ):
        return None
    return science.best(
        fixed,
        len(tally.wildcards),
        set_points + bonus,
        len(tally.extra_of_most),
        len(tally.conversions),
    )


def _science(tally: Tally, set_points: int) -> None:
    outcome = _science_outcome(tally, set_points)
    if outcome is None:
        return
    counts = outcome.counts
    squares = " + ".join(f"{counts[s]}x{counts[s]}" for s in science.SYMBOLS)
    why = (
        f"{', '.join(f'{counts[s]} {s}' for s in science.SYMBOLS)}: {squares} + "
        f"{outcome.sets} set(s) x {set_points}"
    )
    notes = [f"{src} -> {sym}" for src, sym in zip(tally.wildcards, outcome.wildcards, strict=True)]
    notes += [
        f"{src} -> {sym}"
        for src, sym in zip(tally.extra_of_most, outcome.extra_of_most, strict=True)
    ]
    if outcome.conversion is not None:
        notes.append(f"{tally.conversions[0]}: {outcome.conversion[0]} -> {outcome.conversion[1]}")
    if notes:
        why += f" (best choice: {'; '.join(notes)})"
    tally.add("science", "science symbols", outcome.squares() + set_points * outcome.sets, why)
    for source, points in tally.set_bonuses:
        tally.add(
            source.category,
            source.name,
            points * outcome.sets,
            f"{points} x {outcome.sets} complete science sets",
        )


def _options(board: Board, city: City) -> tuple[list[Card | None], list[Leader | None]]:
    """What the engine may pick where the table did not say."""
    left, right = board.neighbour(city, "left"), board.neighbour(city, "right")
    guilds: list[Card | None] = [None]
    if city.copied_guild is not None:
        guilds = [city.copied_guild]
    elif city.copies_a_guild:
        guilds = [*guilds_beside(left, right).values()] or [None]
    leaders: list[Leader | None] = [None]
    if city.courtesan is not None:
        leaders = [city.courtesan]
    elif city.copies_a_leader:
        leaders = [*leaders_beside(left, right).values()] or [None]
    return guilds, leaders


def _choice_text(picked: str, entered: bool, options: int, city: City) -> str:
    how = "as entered" if entered else f"picked as the best of {options} for {city.name}"
    return f"{picked} ({how})"


def score_city(board: Board, city: City) -> CityScore:
    """The city's score; where the table left a choice open, the best one for this city
    (each city's choices touch only its own score, so cities are settled one by one)."""
    const = board.ruleset.constants
    guilds, leaders = _options(board, city)
    tally = _base_tally(board, city)
    options = list(product(guilds, leaders))
    if len(options) > 1:  # rank the options first: lines only for the winner
        base_science = _science_points(tally, const.science_set_points)
        gains = [_choice_gain(board, city, tally, base_science, g, ld) for g, ld in options]
        options = [options[gains.index(max(gains))]]
    guild, leader = options[0]
    apply_all(copied_sources(board, city, guild, leader), city, board, tally)
    _science(tally, const.science_set_points)
    choices = {}
    if guild is not None:
        entered = city.copied_guild is not None
        choices["copied_guild"] = _choice_text(guild.name, entered, len(guilds), city)
    if leader is not None:
        entered = city.courtesan is not None
        choices["courtesan"] = _choice_text(leader.name, entered, len(leaders), city)
    return city_score(tally, const.categories, choices)
