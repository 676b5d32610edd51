"""A game's components as the rules list shows them: wonders, guilds (and the purple cards
that take their place), black cards, leaders, progress tokens, Divinities and the pieces a
city holds (debt, naval tokens, printed points), each with where it comes
from (the base game or an expansion), its cost and text in the reader's words, and how sure
the data are. Generic over the rulesets: a new expansion's folder appears here with no code.
Used by `python -m scorer rules`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from scorer.i18n import N_, _, translated
from scorer.names import closest, normalize
from scorer.ruleset import (
    Basis,
    Divinity,
    Leader,
    ProgressToken,
    Ruleset,
    Wonder,
    available_expansions,
    available_games,
    composed_title,
    expansion_title,
    load_ruleset,
    origins,
)
from scorer.words import GROUP_WORDS, side_word

Status = Literal["exact", "as-entered", "text-only", "uncertain"]
"""How sure a component's data are: `exact` (what it scores, from sources that agree),
`as-entered` (it scores the points printed on it, which the table enters: no source gives
the values one by one; the ruleset's `basis = "as-printed"`), `text-only` (its printed text
only: it scores nothing at the end of the game, the table shows what it did), `uncertain` (a
value no two sources agree on: the ruleset's choice, with its note). The JSON output's
`status` is one of these four values (docs/format.md)."""

STATUS_WORDS: dict[Status, str] = {
    "exact": N_("exact"),
    "as-entered": N_("points as entered"),
    "text-only": N_("text only"),
    "uncertain": N_("uncertain"),
}

GROUP_HEADINGS: dict[str, str] = {
    "wonders": N_("Wonders"),
    "guilds": N_("Guilds"),
    "leaders": N_("Leaders"),
    "progress": N_("Progress tokens"),
    "divinities": N_("Divinities"),
    "black": N_("Black cards"),
    "pieces": N_("Tokens and printed points"),
}


@dataclass(frozen=True)
class Component:
    group: str
    """Its heading: a section (wonders, guilds, leaders, progress, divinities) or a group of
    cards (`Card.group`: the Grand Temples)."""
    name: str
    source: str
    """Where it comes from, as players name it: the game or the expansion."""
    cost: str
    text: str
    status: Status
    note: str
    """Why it is uncertain (the ruleset's `uncertain`, or what of a leader's cost is not
    known); empty otherwise."""


class UnknownChoice(ValueError):
    """A game or expansion the rulesets do not have; the message says which there are."""


def _choose(game: str, expansions: Sequence[str], every: bool) -> tuple[str, tuple[str, ...]]:
    games = available_games()
    if game not in games:
        hint = closest(game, games)
        text = _('no game "{name}"; the games are {known}').format(
            name=game, known=", ".join(games))
        if hint:
            text += "; " + _('did you mean "{hint}"?').format(hint=hint)
        raise UnknownChoice(text)
    known = available_expansions(game)
    if every:
        return game, tuple(known)
    wrong = [e for e in expansions if e not in known]
    if wrong:
        hint = closest(wrong[0], known)
        text = _('no expansion "{name}" for {game}; expected one of {expected}').format(
            name=wrong[0], game=game, expected=", ".join(known))
        if hint:
            text += "; " + _('did you mean "{hint}"?').format(hint=hint)
        raise UnknownChoice(text)
    return game, tuple(sorted(set(expansions)))


def _effects_status(effects: Sequence[Any], note: str, basis: Basis = "exact") -> Status:
    """`basis`: what the ruleset says of its data (`as-printed`: scored from the printed
    value the table enters; `uncertain`: one source, or sources that disagree). Without
    effects and without such a basis, a component scores nothing: its text only."""
    if note or basis == "uncertain":
        return "uncertain"
    if basis == "as-printed":
        return "as-entered"
    return "exact" if effects else "text-only"


def _basis_note(note: str, basis: Basis, source: str) -> str:
    """The note of an entry whose data the ruleset marks uncertain without a note of its own:
    where its values come from (the reference's keys)."""
    if note or basis != "uncertain":
        return note
    return _("one source, or sources that disagree: {source}").format(source=source or "?")


def _cost(rules: Ruleset, cost: str) -> str:
    from scorer.facts import cost_in_words

    return cost_in_words(rules, cost)


def _leader(rules: Ruleset, leader: Leader) -> tuple[str, Status, str]:
    """A leader's cost in words, and how sure its data are (a cost no source prints is
    uncertain: it is what Abu Simbel scores)."""
    note = translated(leader.uncertain) if leader.uncertain else ""
    if leader.cost is not None:
        cost = str(leader.cost)
    elif leader.cost_note:
        cost = translated(leader.cost_note)
    elif leader.uncertain_cost is not None:
        cost = _("{coins}?").format(coins=leader.uncertain_cost)
        note = note or _("no source of this game prints its cost; {coins} is the likeliest "
                         "value").format(coins=leader.uncertain_cost)
    else:
        cost = "?"
        note = note or _("no source of this game prints its cost")
    if leader.gives_chain_unknown:
        note = "; ".join(filter(None, [note, _("its chain symbols are not known")]))
    note = _basis_note(note, leader.basis, leader.source)
    return cost, _effects_status(leader.effects, note, leader.basis), note


def components(game: str, expansions: Sequence[str] = (), every: bool = False) -> list[Component]:
    """Every listed component of the game with these expansions (all of them: `every`), in
    the rules list's order. Raises UnknownChoice for a game or expansion there is not."""
    game, chosen = _choose(game, expansions, every)
    rules = load_ruleset(game, chosen)
    where = origins(game, chosen)
    base_title = load_ruleset(game).constants.title

    def source(section: str, name: str) -> str:
        folder = where.get((section, normalize(name)), game)
        if folder == game:
            return base_title
        return expansion_title(game, folder.partition("+")[2])

    out: list[Component] = []
    for wonder in rules.wonders.values():
        out.extend(_wonder(rules, wonder, source("wonders", wonder.name)))
    for card in rules.cards.values():
        if card.colour not in ("purple", "black"):
            continue
        note = _basis_note(translated(card.uncertain) if card.uncertain else "", card.basis,
                           card.source)
        group = card.group or ("guilds" if card.is_guild else "black")
        out.append(Component(
            group, card.name, source("cards", card.name),
            _cost(rules, card.cost), translated(card.text) if card.text else "",
            _effects_status(card.effects, note, card.basis), note,
        ))
    for leader in rules.leaders.values():
        cost, status, note = _leader(rules, leader)
        out.append(Component("leaders", leader.name, source("leaders", leader.name), cost,
                             translated(leader.text) if leader.text else "", status, note))
    for token in rules.progress.values():
        out.append(_plain("progress", token, source("progress", token.name)))
    for divinity in rules.divinities.values():
        out.append(_plain("divinities", divinity, source("divinities", divinity.name)))
    for piece in rules.pieces.values():
        note = _basis_note("", piece.basis, piece.source)
        out.append(Component("pieces", translated(piece.label), source("pieces", piece.name), "",
                             translated(piece.text) if piece.text else "",
                             _effects_status(piece.effects, note, piece.basis), note))
    return out


def _plain(group: str, thing: ProgressToken | Divinity, origin: str) -> Component:
    note = translated(thing.uncertain) if thing.uncertain else ""
    text = translated(thing.text) if thing.text else ""
    if isinstance(thing, Divinity) and thing.mythology:
        text = f"{thing.mythology}: {text}"
    return Component(group, thing.name, origin, "", text,
                     _effects_status(thing.effects, note), note)


def _wonder(rules: Ruleset, wonder: Wonder, origin: str) -> list[Component]:
    note = _basis_note(translated(wonder.uncertain) if wonder.uncertain else "", wonder.basis,
                       wonder.source)
    if not wonder.sides:  # a Duel wonder: one card
        return [Component("wonders", wonder.name, origin, _cost(rules, wonder.cost),
                          translated(wonder.text) if wonder.text else "",
                          _effects_status(wonder.effects, note, wonder.basis), note)]
    out = []
    for side, ws in wonder.sides.items():
        stages = "; ".join(
            f"{k}. {translated(st.text) if st.text else ''}".strip()
            for k, st in enumerate(ws.stages, start=1)
        )
        text = f"{translated(ws.text) if ws.text else ''} {stages}".strip()
        scored = [e for st in ws.stages for e in st.effects] + list(wonder.effects)
        out.append(Component("wonders", f"{wonder.name} {side_word(rules.side_name(side))}",
                             origin, "", text, _effects_status(scored, note, wonder.basis),
                             note))
    return out


def heading(group: str) -> str:
    """A group's heading in the reader's words."""
    if group in GROUP_HEADINGS:
        return translated(GROUP_HEADINGS[group])
    return translated(GROUP_WORDS[group]) if group in GROUP_WORDS else group


def title(game: str, expansions: Sequence[str] = (), every: bool = False) -> str:
    """The game and every expansion chosen, as players name them ("7 Wonders Duel with Duel
    Leaders and Pantheon", "7 Wonders 2nd edition with Cities"). Always composed: a 7
    Wonders expansion's ruleset keeps its game's title (a Cities game was titled "7 Wonders
    2nd edition", its expansion said nowhere)."""
    game, chosen = _choose(game, expansions, every)
    return composed_title(game, chosen)


def as_text(found: Sequence[Component], game_title: str) -> str:
    """The list as a reader sees it: a heading per group, each component on its line with
    where it comes from and how sure it is, then its text (and the note of an uncertain
    one) indented."""
    lines = [
        _("{game}: components and where they come from").format(game=game_title),
        _("exact: scored as the sources agree; points as entered: scored from the printed "
          "value the table enters; text only: it scores nothing at the end; uncertain [?]: "
          "the sources disagree or are silent, the value chosen is said"),
    ]
    group = None
    for c in found:
        if c.group != group:
            group = c.group
            lines += ["", heading(group)]
        mark = translated(STATUS_WORDS[c.status]) + (" [?]" if c.status == "uncertain" else "")
        cost = "  (" + _("cost: {cost}").format(cost=c.cost) + ")" if c.cost else ""
        lines.append(f"  {c.name}{cost}  · {c.source} · {mark}")
        if c.text:
            lines.append(f"      {c.text}")
        if c.note:
            lines.append("      [?] " + c.note)
    return "\n".join(lines)


def as_json(found: Sequence[Component], game_title: str) -> dict[str, Any]:
    return {"title": game_title, "components": [asdict(c) for c in found]}
