# The players' notation: the multiplication sign and the en dash are meant.
# ruff: noqa: RUF001, RUF002
"""The explanation lines as data, and their words.

Every line of a result says where its points come from (`source`) and why (`why`) as a
message: an id from the closed set `LineId` with its parameters (numbers, names as printed,
and keys of game words: symbols, colours, cities). The engine writes only that data; `say`
puts a message into words through the catalogue, in the reader's language and in the
players' notation ("5 coins ÷ 3 = 1 point", "1 set of different symbols × 7"), when it is
read. So the words cost nothing while scoring, one result reads in any language, and a
program reads the id and parameters (kept in the result JSON beside the words) without
parsing text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, assert_never, cast

from scorer.i18n import N_, _, all_of, any_of, ngettext, translated

LineId = Literal[
    # sources
    "thing",
    "stage",
    "copied",
    "copied-stage",  # Manneken Pis A: a neighbour's stage, copied
    "buried",
    "treasury",
    "victory-tokens",
    "defeat-tokens",
    "science-symbols",
    "military-track",
    "chamber",
    "paper-pad",
    "group",  # Pantheon: the Grand Temples
    # reasons
    "printed",
    "per-item",
    "per-victory-token",
    "colour-sets",
    "majority",
    "wonder-complete",
    "no-defeat",
    "token-pairs",
    "sole-leader",
    "per-progress-token",
    "chain-pairs",
    "conquests",
    "buried-cost",
    "coins",
    "tokens",
    "science",
    "science-sets",
    "pawn",
    "chamber-control",
    "typed",
    # Pantheon (Duel)
    "group-count",
    "pantheon-tokens",
    "coins-on-card",
    # --- multiplayer expansions (issue 34) ---
    "entombed",
    "piece",
    "token-faces",
    "by-count",
    "entered",
    # a player who counted on paper
    "copy-unseen",
]
"""Every kind of line part the engine writes; `say` gives each its words (mypy checks that
none is left without)."""

Param = int | str | bool | Sequence[str] | Sequence[int]

Says = dict[str, Param]
"""A message as data: its `id` (a `LineId`) and its parameters by name, in one flat dict
(`{"id": "coins", "coins": 17, "per": 3, "points": 5}`: one small dict per line part, as
cheap to make as the f-string it replaces)."""


SIDE_WORDS: dict[str, str] = {"day": N_("Day"), "night": N_("Night")}
"""The 2nd edition's own words for its board sides (the ruleset's side names)."""


def side_word(name: str) -> str:
    """A board side as its edition names it (`Ruleset.side_name`), in the reader's words:
    Day, Night; the 1st edition's A and B as they are."""
    word = SIDE_WORDS.get(name.lower())
    return translated(word) if word else name


def side_word_in_english(name: str) -> str:
    """A board side as its edition names it in English, in every language: for a record
    another app keeps (BG Stats' role: one role per board side, whatever the phone's
    language)."""
    return SIDE_WORDS.get(name.lower(), name)


def says(message: LineId, **params: Param) -> Says:
    params["id"] = message
    return params


CHAIN_WORDS: dict[str, str] = {
    "amphora": N_("amphora"),
    "barrel": N_("barrel"),
    "book": N_("book"),
    "column": N_("column"),
    "gear": N_("gear"),
    "helmet": N_("helmet"),
    "horseshoe": N_("horseshoe"),
    "lyre": N_("lyre"),
    "mask": N_("mask"),
    "moon": N_("moon"),
    "oil lamp": N_("oil lamp"),
    "sun": N_("sun"),
    "sword": N_("sword"),
    "target": N_("target"),
    "temple facade": N_("temple facade"),
    "tower": N_("tower"),
    "water drop": N_("water drop"),
}
"""The chain (linking) symbols printed on Duel cards, as players call them."""

GROUP_WORDS: dict[str, str] = {"Grand Temple": N_("Grand Temples")}
"""The groups of cards a line counts together (`Card.group`), as players call them all."""

COLOUR_WORDS: dict[str, str] = {
    "brown": N_("brown"),
    "grey": N_("grey"),
    "blue": N_("blue"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "red": N_("red"),
    "purple": N_("purple"),
    "black": N_("black"),
}
"""Card colours as adjectives ("2 blue or green cards")."""


def _word(table: Mapping[str, str], key: str) -> str:
    return translated(table[key]) if key in table else key.replace("_", " ")


def _symbol(key: str) -> str:
    """A science symbol in the reader's words, as the rulesets write it (`symbol_words`)."""
    from scorer.ruleset import any_symbol_word  # the rulesets load only when words are made

    return any_symbol_word(key)


def _int(params: Mapping[str, Param], key: str) -> int:
    value = params[key]
    assert isinstance(value, int)
    return value


def _str(params: Mapping[str, Param], key: str) -> str:
    value = params[key]
    assert isinstance(value, str)
    return value


def _strs(params: Mapping[str, Param], key: str) -> list[str]:
    value = params.get(key, ())
    assert isinstance(value, list | tuple)
    return [str(v) for v in value]


def _ints(params: Mapping[str, Param], key: str) -> list[int]:
    value = params.get(key, ())
    assert isinstance(value, list | tuple)
    return [int(v) for v in value]


def points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


def _cards(colours: Sequence[str], count: int) -> str:
    """ "2 blue or green cards"."""
    words = any_of(_word(COLOUR_WORDS, c) for c in colours)
    return ngettext("{count} {colours} card", "{count} {colours} cards", count).format(
        count=count, colours=words
    )


def coloured_cards(colour: str, count: int) -> str:
    """ "6 black cards": a count of cards of one colour, in the reader's words."""
    return _cards([colour], count)


def _items(what: str, count: int, params: Mapping[str, Param]) -> str:
    """A count of what a "per item" effect counts, in words."""
    if what == "cards":
        return _cards(_strs(params, "colours"), count)
    if what == "stages":
        text = ngettext("{count} wonder stage built", "{count} wonder stages built", count)
    elif what == "wonders":
        text = ngettext("{count} wonder built", "{count} wonders built", count)
    elif what == "defeat-tokens":
        text = ngettext("{count} defeat token", "{count} defeat tokens", count)
    elif what == "guilds":
        text = ngettext("{count} guild card", "{count} guild cards", count)
    elif what == "leaders":
        text = ngettext("{count} recruited leader", "{count} recruited leaders", count)
    elif what == "victory-tokens":
        text = ngettext("{count} victory token", "{count} victory tokens", count)
    elif what == "coin-sets":
        text = ngettext("{count} set of {per} coins", "{count} sets of {per} coins", count)
    else:
        return f"{count} {what}"
    return text.format(count=count, per=params.get("per", 0))


def _cities(params: Mapping[str, Param], key: str = "counts") -> str:
    """Where a count was made: "your city 3, Bob (left) 1"; "?" for a city whose count is
    not known (`unknown`: a player who counted on paper; a walk read "Dan (left) 0")."""
    parts = []
    unknown = {name for key in ("unknown", "unseen") if key in params
               for name in _strs(params, key)}
    for scope, name, counted in zip(
        _strs(params, "scopes"), _strs(params, "cities"), _ints(params, key), strict=True
    ):
        n: int | str = "?" if name in unknown and scope != "own" else counted
        if scope == "own":
            parts.append(_("own city {count}").format(count=n))
        elif scope == "left":
            parts.append(_("{name} (left) {count}").format(name=name, count=n))
        elif scope == "right":
            parts.append(_("{name} (right) {count}").format(name=name, count=n))
        else:
            parts.append(_("{name} {count}").format(name=name, count=n))
    return ", ".join(parts)


def say(message: Says) -> str:
    """A line's source or reason in the current language's words."""
    p = message
    kind = cast(LineId, message["id"])
    match kind:
        case "thing":
            return _str(p, "name")
        case "stage":
            # the side in the edition's words (Day, Night); "side" is the file's A or B
            side = p.get("side_name") or p["side"]
            return _("{wonder} {side}, stage {number}").format(
                wonder=_str(p, "wonder"), side=side_word(str(side)), number=_int(p, "number")
            )
        case "copied-stage":
            side = p.get("side_name") or p["side"]
            return _("{wonder} {side}, stage {number} (copied from {holder} by {by})").format(
                wonder=_str(p, "wonder"), side=side_word(str(side)), number=_int(p, "number"),
                holder=_str(p, "holder"), by=_str(p, "by"))
        case "copied":
            if p.get("card"):  # the Courtesans Guild
                text = _("{name} (copied from {holder} by the {by})")
            else:  # a wonder board
                text = _("{name} (copied from {holder} by {by})")
            return text.format(
                name=_str(p, "name"), holder=_str(p, "holder"), by=_str(p, "by")
            )
        case "buried":
            return _("{leader} (buried under {wonder})").format(
                leader=_str(p, "leader"), wonder=_str(p, "wonder")
            )
        case "treasury":
            return _("treasury")
        case "victory-tokens":
            return _("Age {age} victory tokens").format(age=_str(p, "age"))
        case "defeat-tokens":
            return _("defeat tokens")
        case "science-symbols":
            return _("science symbols")
        case "military-track":
            return _("military track")
        case "chamber":
            return _("Chamber {number}").format(number=_int(p, "number"))
        case "paper-pad":
            return _("paper score pad")
        case "group":
            return _word(GROUP_WORDS, _str(p, "group"))
        case "group-count":
            n = _int(p, "count")
            # "=", not an arrow: the app's offline font has no "→" (a box on the phone)
            scale = ", ".join(
                f"{k} = {v}" for k, v in enumerate(_ints(p, "table")) if k
            )
            return ngettext(
                "{count} in the city ({names}): {points} (by how many: {scale})",
                "{count} in the city ({names}): {points} (by how many: {scale})",
                n,
            ).format(count=n, names=all_of(_strs(p, "names")),
                     points=points(_int(p, "points")), scale=scale)
        case "pantheon-tokens":
            mythology, offering = _int(p, "mythology"), _int(p, "offering")
            return _(
                "{mythology} Mythology + {offering} Offering tokens held × {points}"
            ).format(mythology=mythology, offering=offering, points=points(_int(p, "points")))
        case "coins-on-card":
            n = _int(p, "count")
            return ngettext(
                "{count} coin left on the card × {points}",
                "{count} coins left on the card × {points}",
                n,
            ).format(count=n, points=points(_int(p, "points")))
        case "printed":
            return _("{points}, as printed").format(points=points(_int(p, "points")))
        case "per-item":
            return _per_item(p)
        case "per-victory-token":
            n = _int(p, "count")
            if "value" in p:
                return ngettext(
                    "{count} victory token of {value} × {points}",
                    "{count} victory tokens of {value} × {points}", n
                ).format(count=n, value=_int(p, "value"), points=points(_int(p, "points")))
            return ngettext(
                "{count} victory token × {points}", "{count} victory tokens × {points}", n
            ).format(count=n, points=points(_int(p, "points")))
        case "colour-sets":
            n = _int(p, "sets")
            colours = _strs(p, "colours")
            detail = ", ".join(
                f"{_word(COLOUR_WORDS, c)} {k}"
                for c, k in zip(colours, _ints(p, "counts"), strict=True)
            )
            return ngettext(
                "{count} set of {colours} cards × {points} ({detail})",
                "{count} sets of {colours} cards × {points} ({detail})",
                n,
            ).format(
                count=n,
                colours=all_of(_word(COLOUR_WORDS, c) for c in colours),
                points=points(_int(p, "points")),
                detail=detail,
            )
        case "majority":
            what = _str(p, "what")
            mine = _int(p, "mine")
            have = (
                _cards(_strs(p, "colours"), mine)
                if what == "cards"
                else ngettext("{count} coin", "{count} coins", mine).format(count=mine)
            )
            unknown = _strs(p, "unknown")
            if unknown:  # a neighbour's cards not known: the majority cannot be told
                return _("{have}; not counted: {names} counted on paper, so whether it is "
                         "more than theirs is not known ({points} if it is)").format(
                    have=have, names=all_of(unknown), points=points(_int(p, "points")))
            return _(
                "{have}, more than {left} ({left_count}) and {right} ({right_count}): {points}"
            ).format(
                have=have,
                left=_str(p, "left"),
                left_count=_int(p, "left_count"),
                right=_str(p, "right"),
                right_count=_int(p, "right_count"),
                points=points(_int(p, "points")),
            )
        case "wonder-complete":
            return _("all {count} stages of {wonder} built: {points}").format(
                count=_int(p, "stages"), wonder=_str(p, "wonder"), points=points(_int(p, "points"))
            )
        case "no-defeat":
            return _("no defeat token: {points}").format(points=points(_int(p, "points")))
        case "token-pairs":
            n = _int(p, "pairs")
            return ngettext(
                "{count} pair of {value}-point victory tokens × {value}",
                "{count} pairs of {value}-point victory tokens × {value}",
                n,
            ).format(count=n, value=_int(p, "value"))
        case "sole-leader":
            return _("the only recruited leader: {points}").format(points=points(_int(p, "points")))
        case "per-progress-token":
            n = _int(p, "count")
            return ngettext(
                "{count} progress token × {points} ({names})",
                "{count} progress tokens × {points} ({names})",
                n,
            ).format(count=n, points=points(_int(p, "points")), names=all_of(_strs(p, "names")))
        case "chain-pairs":
            return _chain_pairs(p)
        case "conquests":
            n = _int(p, "count")
            return ngettext(
                "{count} military token taken from the opponent's side: {points}",
                "{count} military tokens taken from the opponent's side: {points}",
                n,
            ).format(count=n, points=points(_int(p, "points")))
        case "buried-cost":
            cost = _int(p, "cost")
            return ngettext(
                "its cost of {cost} coin × {factor}", "its cost of {cost} coins × {factor}", cost
            ).format(cost=cost, factor=_int(p, "factor"))
        case "coins":
            coins = _int(p, "coins")
            return ngettext(
                "{coins} coin ÷ {per} = {points}", "{coins} coins ÷ {per} = {points}", coins
            ).format(coins=coins, per=_int(p, "per"), points=points(_int(p, "points")))
        case "tokens":
            n = _int(p, "count")
            return ngettext("{count} token × {value}", "{count} tokens × {value}", n).format(
                count=n, value=_int(p, "value")
            )
        case "science":
            return _science(p)
        case "science-sets":
            n = _int(p, "sets")
            return ngettext(
                "{count} set of different symbols × {points}",
                "{count} sets of different symbols × {points}",
                n,
            ).format(count=n, points=points(_int(p, "points")))
        case "pawn":
            n = _int(p, "count")
            return ngettext(
                "the pawn {count} space toward {name}'s capital, zone {first}–{last}: {points}",
                "the pawn {count} spaces toward {name}'s capital, zone {first}–{last}: {points}",
                n,
            ).format(
                count=n,
                name=_str(p, "name"),
                first=_int(p, "first"),
                last=_int(p, "last"),
                points=points(_int(p, "points")),
            )
        case "chamber-control":
            mine = _int(p, "mine")
            return ngettext("controlled, {mine} cube to {theirs}: {points}",
                            "controlled, {mine} cubes to {theirs}: {points}", mine).format(
                mine=mine, theirs=_int(p, "theirs"), points=points(_int(p, "points"))
            )
        case "typed":
            return _("typed from the paper score pad")
        case "entombed":
            return _("{leader} (entombed in {wonder})").format(
                leader=_str(p, "leader"), wonder=_str(p, "wonder")
            )
        case "piece":
            return translated(_str(p, "label"))
        case "token-faces":
            parts = [
                ngettext("{count} token of {value}", "{count} tokens of {value}", n).format(
                    count=n, value=f
                )
                for f, n in zip(_ints(p, "faces"), _ints(p, "counts"), strict=True)
            ]
            return " + ".join(parts) if parts else _("no tokens")
        case "by-count":
            n = _int(p, "count")
            return ngettext("{count} built: {points}", "{count} built: {points}", n).format(
                count=n, points=points(_int(p, "points"))
            )
        case "entered":
            return _("{points}, as the table entered them from the printed components").format(
                points=points(_int(p, "points"))
            )
        case "copy-unseen":
            text = (_("the guilds of {names} are not known (counted on paper): a copy of one "
                      "may score more than the pick")
                    if _str(p, "what") == "guild" else
                    _("the leaders of {names} are not known (counted on paper): a copy of one "
                      "may score more than the pick"))
            return text.format(names=all_of(_strs(p, "names")))
        case _:
            assert_never(kind)


def _per_item(p: Mapping[str, Param]) -> str:
    count = _int(p, "count")
    items = _items(_str(p, "what"), count, p)
    each = points(_int(p, "points"))
    cities = _cities(p)
    if p.get("most"):
        text = _("{items} in the city with the most × {points} ({cities})")
    else:
        text = _("{items} × {points} ({cities})")
    out = text.format(items=items, points=each, cities=cities)
    if "coins" in p:
        out += " " + _("(coins: {coins})").format(coins=", ".join(map(str, _ints(p, "coins"))))
    return out + _short_by(p)


def _chain_pairs(p: Mapping[str, Param]) -> str:
    n = _int(p, "count")
    pairs = [
        _("{giver} and {user} ({symbol})").format(giver=g, user=u, symbol=_word(CHAIN_WORDS, s))
        for g, u, s in zip(_strs(p, "givers"), _strs(p, "users"), _strs(p, "symbols"), strict=True)
    ]
    text = ngettext(
        "{count} pair sharing a chain symbol × {points}",
        "{count} pairs sharing a chain symbol × {points}",
        n,
    ).format(count=n, points=points(_int(p, "points")))
    if pairs:
        text += f" ({'; '.join(pairs)})"
    unknown = _strs(p, "unknown")
    if unknown:
        text += "; " + _("may be short: the chain symbols of {names} are not known").format(
            names=all_of(unknown)
        )
    return text


def _science(p: Mapping[str, Param]) -> str:
    counts = _ints(p, "counts")
    symbols = _strs(p, "symbols")
    held = ", ".join(f"{_symbol(s)} {n}" for s, n in zip(symbols, counts, strict=True))
    squares = " + ".join(f"{n}²" for n in counts)
    sets = _int(p, "sets")
    text = ngettext(
        "{held}: {squares} + {count} set of different symbols × {points}",
        "{held}: {squares} + {count} sets of different symbols × {points}",
        sets,
    ).format(held=held, squares=squares, count=sets, points=_int(p, "set_points"))
    notes = [
        _("{source} counted as a {symbol}").format(source=src, symbol=_symbol(s))
        for src, s in zip(_strs(p, "wildcards"), _strs(p, "given"), strict=True)
    ]
    notes += [
        _("{source}: one more {symbol}").format(source=src, symbol=_symbol(s))
        for src, s in zip(_strs(p, "extra_sources"), _strs(p, "extra_symbols"), strict=True)
    ]
    notes += [
        _("{source}: a {old} counted as a {new}").format(
            source=src, old=_symbol(a), new=_symbol(b)
        )
        for src, a, b in zip(
            _strs(p, "conversion_sources"),
            _strs(p, "conversions_from"),
            _strs(p, "conversions_to"),
            strict=False,
        )
    ]
    notes += [
        _("{source} copies a {symbol} from {card}").format(
            source=src, symbol=_symbol(s), card=card
        )
        if s
        else _("{source}: no green card beside it to copy").format(source=src)
        for src, s, card in zip(
            _strs(p, "mask_sources"), _strs(p, "mask_symbols"), _strs(p, "mask_from"),
            strict=False,
        )
    ]
    if notes:
        text += f" ({'; '.join(notes)})"
    return text + _short_by(p)


def _short_by(p: Mapping[str, Param]) -> str:
    """What a line counted next door may lack: the cards of the players there who counted
    on paper (`unknown`); "" when none."""
    unknown = _strs(p, "unknown") if "unknown" in p else []
    if not unknown:
        return ""
    return "; " + _("may be short: {names} counted on paper, so their cards are not "
                    "known").format(names=all_of(unknown))
