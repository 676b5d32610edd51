"""The one interpreter: gives every effect kind its meaning for a 7 Wonders city."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product
from typing import NamedTuple, NotRequired, TypedDict, assert_never

from scorer import science
from scorer.board import NO_SIDE, Board, City, copies_leaders, guilds_beside, leaders_beside
from scorer.effects import (
    AsPrinted,
    BuriedLeaderCost,
    ByConquests,
    ByCount,
    ByGroupCount,
    CardMajority,
    CoinMajority,
    CoinsOnCard,
    ConvertScienceSymbol,
    CopyNeighbourGuild,
    CopyNeighbourLeader,
    CopyNeighbourScience,
    CopyNeighbourStage,
    Diplomacy,
    DuelSymbol,
    Effect,
    EntombedLeaders,
    ExtraScienceSymbolOfMost,
    NoDefeatBonus,
    PerCard,
    PerChainPair,
    PerCoins,
    PerColourSet,
    PerDefeatToken,
    PerLeader,
    PerPantheonToken,
    PerProgressToken,
    PerScienceSet,
    PerVictoryToken,
    PerVictoryTokenIn,
    PerWonderStage,
    Points,
    ScienceSymbol,
    ScienceWildcard,
    Shields,
    SnakeSymbol,
    SoleLeaderBonus,
    Symbol,
    SymbolsCounted,
    TokenFaces,
    VictoryTokenPairs,
    WonderComplete,
)
from scorer.i18n import _
from scorer.ruleset import Card, Category, Leader, Piece, Ruleset, most_cards_unseen
from scorer.words import Param, Says, says

ROMAN = {1: "I", 2: "II", 3: "III"}


class Source(NamedTuple):
    """Something in a city that carries effects, with the pad row its points go to."""

    name: str
    category: Category
    effects: tuple[Effect, ...]
    says: Says
    """How its lines name it (the name itself, or a stage of a board, a copy...)."""


def thing(name: str) -> Says:
    """A card, wonder, leader or token named as printed."""
    return says("thing", name=name)


class LineData(TypedDict):
    """A line of the result as the engine writes it: plain data, validated into
    `scorer.result.Line` with the whole result (a model built per line cost about 100 µs
    per 7-player score, `BENCHMARKS.md`: more than the rest of the scoring of the lines)."""

    category: Category
    source_message: Says
    points: int
    why_message: Says
    at_least: NotRequired[bool]
    """The count may be short (Vitruvius with leaders whose chain symbols are unknown)."""
    most_gain: NotRequired[int]
    """Of a line `at_least`: the most it may still add, where a bound is known (Phryne's 5;
    the cards of a colour a paper neighbour can hold at most); none: no bound known."""


@dataclass
class Tally:
    """What a city's effects add up to before science is settled."""

    lines: list[LineData] = field(default_factory=list)
    symbols: dict[Symbol | DuelSymbol, int] = field(default_factory=dict)
    wildcards: list[str] = field(default_factory=list)
    set_bonuses: list[tuple[Source, int]] = field(default_factory=list)
    extra_of_most: list[str] = field(default_factory=list)
    conversions: list[str] = field(default_factory=list)
    masks: list[tuple[str, dict[Symbol, str]]] = field(default_factory=list)
    """Each mask (Cities): its source and the symbols it can copy, each with the green card
    that shows it ("Lab (Bob)")."""
    masks_unseen: list[str] = field(default_factory=list)
    """Neighbours a mask looks at whose green cards are not known (they counted on paper):
    the science line may be short."""
    entomb: list[tuple[Source, int]] = field(default_factory=list)
    """Abu Simbel: each entombing stage built, with its factor."""

    def add(self, category: Category, source: Says, points: int, why: Says) -> None:
        if points:
            self.lines.append(
                {
                    "category": category,
                    "source_message": source,
                    "points": points,
                    "why_message": why,
                }
            )

    def science_with(self, other: Tally) -> Tally:
        """The science of both tallies in one, without lines (a choice's extra on top of
        the shared base, to rank the choices)."""
        symbols = dict(self.symbols)
        for s, n in other.symbols.items():
            symbols[s] = symbols.get(s, 0) + n
        return Tally(
            [],
            symbols,
            self.wildcards + other.wildcards,
            self.set_bonuses + other.set_bonuses,
            self.extra_of_most + other.extra_of_most,
            self.conversions + other.conversions,
            self.masks + other.masks,
            masks_unseen=self.masks_unseen + other.masks_unseen,
        )

    @property
    def has_science(self) -> bool:
        return bool(
            self.symbols
            or self.wildcards
            or self.set_bonuses
            or self.extra_of_most
            or self.conversions
            or self.masks
        )


class CityScore(NamedTuple):
    lines: tuple[LineData, ...]
    categories: dict[Category, int]
    choices: dict[str, str]

    @property
    def total(self) -> int:
        return sum(self.categories.values())


def _per_item(
    tally: Tally,
    source: Source,
    effect: PerCard | PerWonderStage | PerDefeatToken | PerLeader | PerCoins | PerVictoryTokenIn,
    seen: list[City],
    counts: list[int],
    what: str,
    unknown: Sequence[str] = (),
    unseen: Sequence[str] = (),
    most_unseen: Callable[[int], int] | None = None,
    **more: Param,
) -> None:
    """Points per item counted in some cities (`seen`, one per scope): all of them added,
    or only the city with the most (`count_in`). `unknown`: the cities counted whose items
    are not known (a player who counted on paper, next door): the line may be short, said
    and marked (the pad shows "≥"), a 0 too; they can only add, whether summed or the most.
    `unseen`: cities not known whose count cannot change the line (said "?", not marked).
    `most_unseen`: the most items so many unknown cities can hold together (the deck's), so
    the most the line may still add (`most_gain`); None: no bound known."""
    most = effect.count_in == "most"
    n = max(counts) if most else sum(counts)
    if not n and not unknown:
        return
    why = says("per-item", points=effect.points, count=n, what=what, most=most,
               scopes=effect.cities, cities=[c.name for c in seen], counts=counts, **more)
    if unknown:
        why["unknown"] = list(unknown)
    if unseen:
        why["unseen"] = list(unseen)
    line: LineData = {"category": source.category, "source_message": source.says,
                      "points": effect.points * n, "why_message": why}
    if unknown:
        line["at_least"] = True
        if most_unseen is not None:
            # summed: the unknown cities together; the most: one of them may outdo the count
            items = most_unseen(len(unknown)) if not most else max(0, most_unseen(1) - n)
            line["most_gain"] = max(0, effect.points * items)
    tally.lines.append(line)


def _cards_unseen(board: Board, colours: tuple[str, ...],
                  guilds_only: bool = False) -> Callable[[int], int] | None:
    """The most cards of `colours` (or guilds) so many cities counted on paper can hold
    together, beside what the board's known cities hold (`most_cards_unseen`); None where
    the game deals cards its data does not name (Armada). Worked out only when asked:
    beside a paper player, not for every card of every table."""
    if board.ruleset.constants.cards_unlisted:
        return None

    def most(cities: int) -> int:
        held = [card.name for c in board.cities if not c.on_paper for card in c.cards]
        return most_cards_unseen(board.ruleset, len(board.cities), colours, guilds_only,
                                 held, cities)
    return most


def _on_paper(city: City, seen: Sequence[City]) -> list[str]:
    """The other cities counted whose cards and leaders are not known (counted on paper).
    The city's own are left out: its player typed the rows they score in."""
    return [c.name for c in seen if c.on_paper and c.index != city.index]


def _majority(
    tally: Tally,
    source: Source,
    points: int,
    board: Board,
    city: City,
    what: str,
    colours: tuple[str, ...],
    count: Callable[[City], int],
    unknown: Sequence[str] = (),
) -> None:
    """`points` if the city has strictly more of something than each neighbour. Cards next
    door that are not known (a neighbour who counted on paper, `unknown`) leave it untold:
    not counted, said, and the line marked "at least" (0 while it may be `points`)."""
    left, right = board.beside(city)
    mine, theirs = count(city), (count(left), count(right))
    if unknown and mine > max(theirs):
        why = says("majority", what=what, colours=colours, mine=mine, left=left.name,
                   left_count=theirs[0], right=right.name, right_count=theirs[1],
                   points=points, unknown=list(unknown))
        tally.lines.append({"category": source.category, "source_message": source.says,
                            "points": 0, "why_message": why, "at_least": True,
                            "most_gain": points})
        return
    if mine > max(theirs):
        tally.add(
            source.category,
            source.says,
            points,
            says(
                "majority",
                what=what,
                colours=colours,
                mine=mine,
                left=left.name,
                left_count=theirs[0],
                right=right.name,
                right_count=theirs[1],
                points=points,
            ),
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
    match effect:
        case Points(points=p):
            tally.add(cat, source.says, p, says("printed", points=p))
        case PerCard(colours=colours, only_guilds=True):
            seen = board.around(city, effect.cities)
            counts = [len(c.guilds) for c in seen]
            _per_item(tally, source, effect, seen, counts, "guilds", _on_paper(city, seen),
                      most_unseen=_cards_unseen(board, (), guilds_only=True))
        case PerCard(colours=colours):
            seen = board.around(city, effect.cities)
            counts = [c.count(colours) for c in seen]
            _per_item(tally, source, effect, seen, counts, "cards", _on_paper(city, seen),
                      most_unseen=_cards_unseen(board, colours),
                      colours=colours)
        case Shields():
            pass  # shields decide conflicts; military points come from the tokens they win
        case ScienceSymbol(symbol=s):
            tally.symbols[s] = tally.symbols.get(s, 0) + 1
        case ScienceWildcard(count=n):
            tally.wildcards.extend([source.name] * n)
        case PerWonderStage():
            seen = board.around(city, effect.cities)
            counts = [c.stages_built for c in seen]
            # a Duel player on paper lists no wonders (its typed row stands for them); a 7
            # Wonders one still gives its board and stages
            unbuilt = [c.name for c in seen
                       if c.on_paper and c.index != city.index and c.side is NO_SIDE]
            const = board.ruleset.constants
            in_game = const.wonders_in_game
            known = [n for c, n in zip(seen, counts, strict=True) if c.name not in unbuilt]
            wonders_most = in_game + len(const.wonders_extra_with)
            sure = bool(unbuilt and effect.count_in == "most" and in_game and known
                        and max(known) >= wonders_most - sum(known))
            # sure: the unseen cities hold too few of the game's wonders to be the most (a
            # review: Ann's 4 of Duel's 7, the row still read "≥"); else the game's wonders
            # the known cities do not hold bound what an unseen one holds, so what the line
            # may add (whatever takes a wonder across, Ra or Extortion, the game has 7; an
            # 8th with Duel Leaders' Imhotep, whom an unseen city may have recruited)
            left = max(0, wonders_most - sum(known))
            _per_item(tally, source, effect, seen, counts, const.wonder_unit,
                      () if sure else unbuilt, unbuilt if sure else (),
                      most_unseen=(lambda _cities: left) if in_game else None)
        case PerDefeatToken():
            seen = board.around(city, effect.cities)
            counts = [c.tokens.defeats for c in seen]
            _per_item(tally, source, effect, seen, counts, "defeat-tokens")
        case PerVictoryToken(points=p, value=v):
            if v is None:
                n = city.tokens.victory_count
                tally.add(cat, source.says, p * n, says("per-victory-token", points=p, count=n))
            else:
                n = city.tokens.victories.get(v, 0)
                tally.add(cat, source.says, p * n,
                          says("per-victory-token", points=p, count=n, value=v))
        case PerCoins(coins=c):
            seen = board.around(city, effect.cities)
            counts = [ct.coins // c for ct in seen]
            coins = [ct.coins for ct in seen]
            _per_item(tally, source, effect, seen, counts, "coin-sets", per=c, coins=coins)
        case PerColourSet(points=p, colours=colours):
            counts = [city.count((c,)) for c in colours]
            sets = min(counts)
            tally.add(
                cat,
                source.says,
                p * sets,
                says("colour-sets", points=p, sets=sets, colours=colours, counts=counts),
            )
        case PerScienceSet(points=p):
            tally.set_bonuses.append((source, p))
        case PerLeader():
            seen = board.around(city, effect.cities)
            counts = [len(c.leaders) for c in seen]
            _per_item(tally, source, effect, seen, counts, "leaders", _on_paper(city, seen))
        case WonderComplete(points=p):
            total = len(city.side.stages)
            if city.stages_built == total:
                tally.add(
                    cat,
                    source.says,
                    p,
                    says("wonder-complete", points=p, stages=total, wonder=city.wonder.name),
                )
        case CopyNeighbourGuild() | CopyNeighbourLeader():
            pass  # resolved before scoring: the copied guild or leader is scored as a source
        case CardMajority(points=p, colours=colours):
            _majority(tally, source, p, board, city, "cards", colours, lambda c: c.count(colours),
                      _on_paper(city, board.beside(city)))
        case CoinMajority(points=p):
            _majority(tally, source, p, board, city, "coins", (), lambda c: c.coins)
        case NoDefeatBonus(points=p):
            if city.tokens.defeats == 0:
                tally.add(cat, source.says, p, says("no-defeat", points=p))
        case VictoryTokenPairs():
            for value, n in city.tokens.victories.items():
                pairs = n // 2
                tally.add(
                    cat, source.says, value * pairs, says("token-pairs", pairs=pairs, value=value)
                )
        case SoleLeaderBonus(points=p):
            if len(city.leaders) == 1:
                tally.add(cat, source.says, p, says("sole-leader", points=p))
        case ExtraScienceSymbolOfMost():
            tally.extra_of_most.append(source.name)
        case ConvertScienceSymbol():
            tally.conversions.append(source.name)
        case PerProgressToken(points=p):
            n = len(city.progress)
            names = [t.name for t in city.progress]
            tally.add(
                cat, source.says, p * n, says("per-progress-token", points=p, count=n, names=names)
            )
        case PerChainPair(points=p):
            found = chain_pairs(city)
            unknown = [ld.name for ld in city.leaders if ld.gives_chain_unknown]
            if found or unknown:  # a 0 that may be short is still said
                why = says(
                    "chain-pairs",
                    points=p,
                    count=len(found),
                    givers=[g for g, _, _ in found],
                    users=[u for _, u, _ in found],
                    symbols=[s for _, _, s in found],
                    unknown=unknown,
                )
                line: LineData = {
                    "category": cat,
                    "source_message": source.says,
                    "points": p * len(found),
                    "why_message": why,
                }
                if unknown:
                    line["at_least"] = True  # the pad marks the cell: maybe more
                tally.lines.append(line)
        case ByConquests(points=by_count):
            n = min(city.conquests, len(by_count) - 1)
            tally.add(
                cat,
                source.says,
                by_count[n],
                says("conquests", count=city.conquests, points=by_count[n]),
            )
        case BuriedLeaderCost(factor=f):
            if city.buried is not None:
                # The spec puts Abu Simbel's buried leader in the leaders row.
                cost = city.buried.cost
                tally.add(
                    "leaders",
                    says("buried", leader=city.buried.leader.name, wonder=source.name),
                    f * cost,
                    says("buried-cost", factor=f, cost=cost),
                )
        # --- Pantheon (Duel) ---
        case ByGroupCount(group=group, points=by_count):
            held = [c.name for c in city.cards if c.group == group]
            if held and held[0] == source.name:  # the group's line, once
                n = min(len(held), len(by_count) - 1)
                tally.add(
                    cat,
                    says("group", group=group),
                    by_count[n],
                    says("group-count", group=group, count=len(held), names=held,
                         points=by_count[n], table=list(by_count)),
                )
        case PerPantheonToken(points=p):
            n = city.mythology_tokens + city.offering_tokens
            tally.add(
                cat,
                source.says,
                p * n,
                says("pantheon-tokens", points=p, mythology=city.mythology_tokens,
                     offering=city.offering_tokens),
            )
        case CoinsOnCard(points=p, most=most):
            n = min(city.astarte_coins, most)
            tally.add(cat, source.says, p * n, says("coins-on-card", count=n, points=p))
        case SnakeSymbol():
            under = city.snake
            for e in under.effects if under is not None else ():
                if isinstance(e, ScienceSymbol):
                    tally.symbols[e.symbol] = tally.symbols.get(e.symbol, 0) + 1
        # --- multiplayer expansions (issue 34) ---
        case CopyNeighbourScience():
            tally.masks.append((source.name, _copyable_symbols(board, city)))
            tally.masks_unseen += [n for n in _on_paper(city, board.beside(city))
                                   if n not in tally.masks_unseen]
        case CopyNeighbourStage():
            # the copied stage's points and the rest of it are the city's own; its shields
            # are checked (`possible_shields`)
            them = board.copied_from(city, effect)
            if them is not None:  # its lines name the stage copied, whose it is, and by what
                copy = source._replace(says=says(
                    "copied-stage", wonder=them.wonder.name, side=them.side_name,
                    side_name=board.ruleset.side_name(them.side_name), number=effect.stage,
                    holder=them.name, by=city.wonder.name))
                for copied in board.copied_stage(city, effect):
                    apply(copied, copy, city, board, tally)
        case Diplomacy():
            pass  # no points: the city sat out a conflict (its tokens show it)
        case PerVictoryTokenIn():
            seen = board.around(city, effect.cities)
            counts = [c.tokens.victory_count for c in seen]
            _per_item(tally, source, effect, seen, counts, "victory-tokens")
        case EntombedLeaders(factor=f):
            tally.entomb.append((source, f))  # scored with the entombed leaders, in order
        case TokenFaces():
            by_face = city.tokens_held.get(source.name, {})
            faces = sorted(by_face, reverse=True)
            tally.add(
                cat,
                source.says,
                sum(face * by_face[face] for face in faces),
                says("token-faces", faces=faces, counts=[by_face[f] for f in faces]),
            )
        case ByCount(points=by_count):
            n = city.counts.get(source.name, 0)
            got = by_count[min(n, len(by_count) - 1)]
            tally.add(cat, source.says, got, says("by-count", count=n, points=got))
        case SymbolsCounted(symbol=symbol):
            n = city.counts.get(source.name, 0)
            if n:
                tally.symbols[symbol] = tally.symbols.get(symbol, 0) + n
        case AsPrinted():
            p = city.printed.get(source.name, 0)
            tally.add(cat, source.says, p, says("entered", points=p))
        case _:
            assert_never(effect)


def _copyable_symbols(board: Board, city: City) -> dict[Symbol, str]:
    """The science symbols a mask can copy: those printed on the green cards of the two
    neighbouring cities, each with a card that shows it (the first found)."""
    out: dict[Symbol, str] = {}
    for neighbour in board.beside(city):
        for card in neighbour.cards:
            if card.colour != "green":
                continue
            for e in card.effects:
                if isinstance(e, ScienceSymbol) and e.symbol in science.SYMBOLS:
                    out.setdefault(e.symbol, f"{card.name} ({neighbour.name})")
    return out


def _entombed(city: City, tally: Tally) -> None:
    """Abu Simbel: each entombed leader, one per entombing stage built, is worth the
    stage's factor x its printed cost, in the leaders row: the spec's Result puts Abu
    Simbel's buried leader there (table-format.md), as for Duel's Abu Simbel."""
    for leader, (source, factor) in zip(city.entombed, tally.entomb, strict=False):
        cost = leader.cost or 0
        tally.add(
            "leaders",
            says("entombed", leader=leader.name, wonder=source.name),
            factor * cost,
            says("buried-cost", factor=factor, cost=cost),
        )


def piece_source(piece: Piece) -> Source:
    """A piece scores in its own pad row, named as players call it."""
    return Source(piece.name, piece.category, piece.effects, says("piece", label=piece.label))


def card_source(board: Board, card: Card) -> Source:
    """A card scores in the pad row of its colour."""
    category = board.ruleset.constants.colour_categories[card.colour]
    return Source(card.name, category, card.effects, thing(card.name))


def leader_source(leader: Leader) -> Source:
    return Source(leader.name, "leaders", leader.effects, thing(leader.name))


@cache
def _card_sources(rules: Ruleset) -> dict[str, Source]:
    """The source of each card of a ruleset, by name (worked out once per ruleset: the
    cities of every table hold its cards)."""
    category = rules.constants.colour_categories
    return {
        c.name: Source(c.name, category[c.colour], c.effects, thing(c.name))
        for c in rules.cards.values()
    }


@cache
def _leader_sources(rules: Ruleset) -> dict[str, Source]:
    """The source of each leader of a ruleset, by name (worked out once, like the cards')."""
    return {ld.name: leader_source(ld) for ld in rules.leaders.values()}


def sources(board: Board, city: City) -> list[Source]:
    """Everything in a city that scores: cards, built stages of its board (7 Wonders),
    wonders built and progress tokens (Duel), leaders; each in its pad row."""
    known = _card_sources(board.ruleset)  # a city holds its board's ruleset's cards
    out = [known[c.name] for c in city.cards if c.effects]
    out.extend(
        Source(
            city.wonder.name,
            "wonders",
            stage.effects,
            says("stage", wonder=city.wonder.name, side=city.side_name,
                 side_name=board.ruleset.side_name(city.side_name), number=i),
        )
        for i, stage in city.built
    )
    out.extend(Source(w.name, "wonders", w.effects, thing(w.name)) for w in city.wonders)
    out.extend(Source(t.name, "progress", t.effects, thing(t.name)) for t in city.progress)
    out.extend(Source(d.name, "divinities", d.effects, thing(d.name)) for d in city.divinities)
    leaders = _leader_sources(board.ruleset)
    out.extend(leaders.get(ld.name) or leader_source(ld) for ld in city.leaders)
    pieces = board.ruleset.pieces
    entered = [*city.tokens_held, *city.counts, *city.printed]
    out.extend(piece_source(pieces[key]) for key in entered if key in pieces)
    return out


def apply_all(found: list[Source], city: City, board: Board, tally: Tally) -> None:
    for source in found:
        for effect in source.effects:
            apply(effect, source, city, board, tally)


TREASURY = says("treasury")
DEFEAT_TOKENS = says("defeat-tokens")
SCIENCE_SYMBOLS = says("science-symbols")


def add_treasury(city: City, tally: Tally, coins_per_point: int) -> None:
    sets = city.coins // coins_per_point
    tally.add(
        "treasury",
        TREASURY,
        sets,
        says("coins", coins=city.coins, per=coins_per_point, points=sets),
    )


def city_score(
    tally: Tally, categories: tuple[Category, ...], choices: dict[str, str]
) -> CityScore:
    """The pad rows (every one of the game, zeros included) summed from the lines."""
    totals: dict[Category, int] = dict.fromkeys(categories, 0)
    for line in tally.lines:
        totals[line["category"]] += line["points"]  # a row the pad lacks is a data error
    return CityScore(tuple(tally.lines), totals, choices)


def _holder(board: Board, city: City, name: str) -> str:
    """The neighbour a copied guild or leader is taken from (each card exists once): the one
    who holds it, else one who counted on paper (whose cards are not known)."""
    left, right = board.beside(city)
    if any(c.name == name for c in left.cards) or any(ld.name == name for ld in left.leaders):
        return left.name
    holds = (any(c.name == name for c in right.cards)
             or any(ld.name == name for ld in right.leaders))
    return left.name if left.on_paper and not holds else right.name


def copied_sources(
    board: Board, city: City, guild: Card | None, leader: Leader | None, explain: bool = True
) -> list[Source]:
    """What the choices add: Olympia's copied guild, the Courtesan's leader (named with where
    it is copied from, unless `explain` is False: ranking the choices needs no names)."""
    out = []
    if guild is not None:
        copied = card_source(board, guild)
        name = guild.name
        label = copied.says
        if explain:
            holder = _holder(board, city, name)
            label = says("copied", name=name, holder=holder, by=city.wonder.name)
        out.append(Source(name, copied.category, copied.effects, label))
    if leader is not None:
        copied = leader_source(leader)
        name = leader.name
        label = copied.says
        if explain:
            by = _leader_copier(city, guild) or ""  # a leader comes with its copier
            label = says("copied", name=name, holder=_holder(board, city, name), by=by, card=True)
        out.append(Source(name, copied.category, copied.effects, label))
    return out


def _base_tally(board: Board, city: City) -> Tally:
    """Everything but science and the copies, which depend on the choices."""
    const = board.ruleset.constants
    tally = Tally()
    apply_all(sources(board, city), city, board, tally)
    _entombed(city, tally)
    _military(city, tally, const.victory_token_by_age, const.defeat_token)
    add_treasury(city, tally, const.coins_per_point)
    return tally


def _science_points(tally: Tally, outcome: science.ScienceOutcome, set_points: int) -> int:
    """What the outcome scores, set bonuses included (no lines written)."""
    bonus = sum(p for _, p in tally.set_bonuses)
    return science.score(outcome.counts, set_points + bonus)


def _choice_gain(
    board: Board,
    city: City,
    base: Tally,
    base_science: int,
    guild: Card | None,
    leader: Leader | None,
) -> tuple[int, science.ScienceOutcome | None]:
    """What the city scores with this choice beyond its base lines, which every choice
    shares: the copied card's lines, and the science with whatever it adds; and that
    science's best use, when the choice changes it (the chosen one's is not worked out
    again)."""
    extra = Tally()
    apply_all(copied_sources(board, city, guild, leader, explain=False), city, board, extra)
    gain = sum(line["points"] for line in extra.lines)
    if not extra.has_science:
        return gain + base_science, None
    both = base.science_with(extra)
    set_points = board.ruleset.constants.science_set_points
    outcome = _science_outcome(both, set_points)
    return gain + _science_points(both, outcome, set_points), outcome


def _military(city: City, tally: Tally, by_age: tuple[int, ...], defeat: int) -> None:
    for age, value in enumerate(by_age, start=1):
        n = city.tokens.victories.get(value, 0)
        if n:
            tally.add(
                "military",
                _VICTORY_TOKENS[age],
                n * value,
                says("tokens", count=n, value=value),
            )
    d = city.tokens.defeats
    if d:
        tally.add("military", DEFEAT_TOKENS, d * defeat, says("tokens", count=d, value=defeat))


_VICTORY_TOKENS = {age: says("victory-tokens", age=numeral) for age, numeral in ROMAN.items()}


def _science_outcome(tally: Tally, set_points: int) -> science.ScienceOutcome:
    """The best use of the city's symbols (all zero when it has none); each mask copies
    the neighbours' symbol that scores most with the rest (every combination is tried:
    a city holds at most a few masks, each with at most three symbols to copy)."""
    bonus = sum(p for _, p in tally.set_bonuses)
    fixed = {s: tally.symbols.get(s, 0) for s in science.SYMBOLS}
    found: tuple[int, science.ScienceOutcome] | None = None
    options: list[list[Symbol | None]] = [[*opts] or [None] for _, opts in tally.masks]
    for picks in product(*options):
        counts = dict(fixed)
        for pick in picks:
            if pick is not None:
                counts[pick] += 1
        outcome = science.best(
            counts,
            len(tally.wildcards),
            set_points + bonus,
            len(tally.extra_of_most),
            len(tally.conversions),
        )
        value = science.score(outcome.counts, set_points + bonus)
        if found is None or value > found[0]:
            found = (value, outcome._replace(copied=picks))
    assert found is not None
    return found[1]


def _science(tally: Tally, set_points: int, outcome: science.ScienceOutcome | None = None) -> None:
    """The science line and the set bonuses' lines; `outcome` is the best use of the
    tally's symbols when it is known already."""
    if not (
        tally.symbols or tally.wildcards or tally.extra_of_most or tally.conversions or tally.masks
    ):
        return  # no science line, not even a zero
    if outcome is None:
        outcome = _science_outcome(tally, set_points)
    counts = outcome.counts
    given: list[str] = list(outcome.given())
    why = says(
        "science",
        symbols=science.SYMBOLS,
        counts=[counts[s] for s in science.SYMBOLS],
        sets=outcome.sets,
        set_points=set_points,
        wildcards=tally.wildcards,
        given=given,
        extra_sources=tally.extra_of_most,
        extra_symbols=outcome.extra_of_most,
        conversion_sources=tally.conversions[: len(outcome.conversions)],
        conversions_from=[a for a, _ in outcome.conversions],
        conversions_to=[b for _, b in outcome.conversions],
        mask_sources=[name for name, _ in tally.masks],
        mask_symbols=[c or "" for c in outcome.copied],
        mask_from=[
            opts.get(c, "") if c else ""
            for (_, opts), c in zip(tally.masks, outcome.copied, strict=False)
        ],
    )
    if tally.masks_unseen:  # a mask's copy may be short: said and marked, a 0 too
        why["unknown"] = list(tally.masks_unseen)
        tally.lines.append({"category": "science", "source_message": SCIENCE_SYMBOLS,
                            "points": science.score(counts, set_points), "why_message": why,
                            "at_least": True})
    else:
        tally.add("science", SCIENCE_SYMBOLS, science.score(counts, set_points), why)
    for source, points in tally.set_bonuses:
        tally.add(
            source.category,
            source.says,
            points * outcome.sets,
            says("science-sets", sets=outcome.sets, points=points),
        )


def _options(board: Board, city: City) -> list[tuple[Card | None, Leader | None]]:
    """What the engine may pick where the table did not say, as (copied guild, Courtesan's
    leader) pairs; nothing for a player who counted on paper (the rows a copy would score
    are the ones they type). A leader is copied by the city's own Courtesans Guild, or by
    Olympia B's copy of a neighbour's (docs/rules.md): the leader named by the table then
    says the guild copied is the Courtesans'."""
    if city.on_paper:
        return [(None, None)]
    left, right = board.beside(city)
    guilds: list[Card | None] = [None]  # and where no stage copies a guild, an entered one
    if board.copies_a_guild(city):  # is none (Manneken Pis A's copy settled on another)
        guilds = ([city.copied_guild] if city.copied_guild is not None
                  else [*guilds_beside(left, right).values()] or [None])
    leaders: list[Leader | None] = (
        [city.courtesan] if city.courtesan is not None
        else [*leaders_beside(left, right).values()] or [None])
    if city.copies_a_leader:  # its own Courtesans Guild: Olympia copies another (one exists)
        return list(product(guilds, leaders))
    if city.courtesan is not None and city.copied_guild is None and board.copies_a_guild(
            city) and not any(
            g is not None and copies_leaders(g) for g in guilds):
        # the leader named says the copy is of the Courtesans Guild, which no known city
        # beside holds: a neighbour's who counted on paper (the checks allow it only then)
        guilds = [g for g in board.ruleset.guilds if copies_leaders(g)] or guilds
    pairs = [(guild, leader) for guild in guilds
             for leader in (leaders if guild is not None and copies_leaders(guild) else [None])
             if leader is not None or city.courtesan is None]
    return pairs or [(guild, None) for guild in guilds]


def _leader_copier(city: City, guild: Card | None) -> str | None:
    """The card whose copy of a neighbour's leader is scored: the city's own, else the guild
    Olympia copies, if it copies one."""
    return city.leader_copier or (
        guild.name if guild is not None and copies_leaders(guild) else None)


def _choice_text(picked: str, entered: bool, options: int, city: City,
                 all_known: bool = True) -> str:
    """The choice in words (the result's `choices`: made once per choice, so in the
    language of the scoring). `all_known`: no neighbour counted on paper (whose guilds and
    leaders, not known, may offer more)."""
    if entered:
        return _("{picked} (as entered)").format(picked=picked)
    if options == 1 and all_known:  # "the best of 1" read oddly (a walk)
        return _("{picked} (the only one for {name})").format(picked=picked, name=city.name)
    if options == 1:  # beside a paper neighbour: the only one seen (a review)
        return _("{picked} (the only one known for {name})").format(
            picked=picked, name=city.name)
    return _("{picked} (picked as the best of {count} for {name})").format(
        picked=picked, count=options, name=city.name
    )


def score_city(board: Board, city: City) -> CityScore:
    """The city's score; where the table left a choice open, the best one for this city
    (each city's choices touch only its own score, so cities are settled one by one)."""
    stage_from = board.copy_choices(city)
    if stage_from:  # Manneken Pis A's third stage: each neighbour's, scored whole
        scored = [score_city(board, replace(city, copied_stage_from=(scope,)))
                  for scope in stage_from]
        best = max(range(len(scored)), key=lambda k: scored[k].total)  # the left of equals
        picked = board.neighbour(city, stage_from[best]).wonder.name
        text = _choice_text(picked, False, len(stage_from), city)
        return scored[best]._replace(choices={"copied_stage": text, **scored[best].choices})
    const = board.ruleset.constants
    options = _options(board, city)
    tally = _base_tally(board, city)
    offered = options  # the choice's words say of how many it was picked
    outcome = None
    if len(options) > 1:  # rank the options first: lines only for the winner
        set_points = const.science_set_points
        base_outcome = _science_outcome(tally, set_points)
        base_science = _science_points(tally, base_outcome, set_points)
        ranked = [_choice_gain(board, city, tally, base_science, g, ld) for g, ld in options]
        gains = [gain for gain, _ in ranked]
        best = gains.index(max(gains))
        options = [options[best]]
        outcome = ranked[best][1] or base_outcome
    guild, leader = options[0]
    apply_all(copied_sources(board, city, guild, leader), city, board, tally)
    _science(tally, const.science_set_points, outcome)
    choices = {}
    all_known = not _on_paper(city, board.beside(city))
    if guild is not None:
        entered = city.copied_guild is not None
        count = len({g.name for g, _ in offered if g is not None})
        if not entered and city.courtesan is not None and not city.copies_a_leader:
            # not picked: the Courtesan's leader entered says which guild was copied
            choices["copied_guild"] = _(
                "{picked} (as {leader} is entered under its Courtesan)").format(
                picked=guild.name, leader=city.courtesan.name)
        else:
            choices["copied_guild"] = _choice_text(guild.name, entered, count, city,
                                                   all_known)
    if leader is not None:
        entered = city.courtesan is not None
        count = sum(g is guild and ld is not None for g, ld in offered)
        choices["courtesan"] = _choice_text(leader.name, entered, count, city, all_known)
    if city.copied_stage_entered is not None:
        choices["copied_stage"] = _choice_text(city.copied_stage_entered, True, 1, city)
    _copies_unseen(board, city, tally, guild)
    return city_score(tally, const.categories, choices)


def _copies_unseen(board: Board, city: City, tally: Tally, guild: Card | None) -> None:
    """A copy the engine picked beside a neighbour who counted on paper (Olympia B's guild,
    the Courtesan's leader, none entered): that neighbour's guilds or leaders are not known,
    so the row may be short: said, and marked at least (a review: Ann's guilds read 0, the
    verdict sure)."""
    unseen = _on_paper(city, board.beside(city))
    if not unseen or city.on_paper:
        return
    categories = board.ruleset.constants.categories
    implied = city.courtesan is not None and not city.copies_a_leader  # the Courtesans'
    if (board.copies_a_guild(city) and city.copied_guild is None and not implied
            and "guilds" in categories):
        tally.lines.append({"category": "guilds", "points": 0, "at_least": True,
                            "source_message": says("thing", name=city.wonder.name),
                            "why_message": says("copy-unseen", what="guild", names=unseen)})
    copier = _leader_copier(city, guild)
    if copier is not None and city.courtesan is None and "leaders" in categories:
        tally.lines.append({"category": "leaders", "points": 0, "at_least": True,
                            "source_message": says("thing", name=copier),
                            "why_message": says("copy-unseen", what="leader", names=unseen)})
