"""Whether a 7 Wonders Duel table with Pantheon can exist (shared/reference/duel-pantheon.md
§9): the box's limits (Grand Temples, Divinities, Mythology and Offering tokens, Astarte's
coins), the fields that need a Divinity (Astarte's coins, Nisaba's Snake, the Minerva pawn),
and the Minerva pawn against the Conflict pawn. Every limit is the ruleset's (`[constants]`
of `rulesets/duel+pantheon/`), so these checks say nothing on a game without Pantheon but
that its fields need the expansion. Kept apart from `checks` so that the Duel's own checks
read as before; `checks` appends these to its tuples."""

from __future__ import annotations

from collections import Counter

from scorer.effects import CoinsOnCard, SnakeSymbol
from scorer.games.checks import Aside, NamedField, called, kept, player_index, unknown_player
from scorer.games.duel.state import DuelGame
from scorer.i18n import N_, _, all_of, any_of, ngettext, translated
from scorer.names import closest, normalize
from scorer.problems import Problem, problem
from scorer.ruleset import Ruleset
from scorer.table import DuelPlayer, DuelTable

DIVINITIES = NamedField("divinities", "divinities", N_("divinity"), lambda p: p.divinities)
SNAKE = NamedField("snake", "cards", N_("card"), lambda p: p.snake)


def _has_pantheon(rules: Ruleset) -> bool:
    return rules.constants.divinities_in_pantheon > 0


def _held(rules: Ruleset, p: DuelPlayer) -> set[str]:
    """The Divinities a player holds, by their printed name."""
    return {d.name for d in rules.divinities.get_all(p.divinities) if d is not None}


def divinities_with(rules: Ruleset, kind: type) -> list[str]:
    """The Divinities that have an effect of this kind (Astarte's coins, Nisaba's Snake):
    the engine's checks, and the app's city screen (which shows a Divinity's part once the
    city holds it), ask the same question."""
    return [
        d.name for d in rules.divinities.values() if any(isinstance(e, kind) for e in d.effects)
    ]


PANTHEON_FIELDS: tuple[str, ...] = ("astarte_coins", "mythology_tokens", "offering_tokens", "snake")
"""A seat's Pantheon fields that name no Pantheon component (each Divinity named without
Pantheon is `needs-expansion` by the names check, so the `divinities` field is not said
again)."""


def fields_need_pantheon(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """The Pantheon fields of a table without Pantheon."""
    if _has_pantheon(rules):
        return []
    out = []
    words = {
        "astarte_coins": _("coins on Astarte belong to the Pantheon expansion; add it to the "
                           "expansions or remove them"),
        "mythology_tokens": _("Mythology tokens belong to the Pantheon expansion; add it to "
                              "the expansions or remove them"),
        "offering_tokens": _("Offering tokens belong to the Pantheon expansion; add it to the "
                             "expansions or remove them"),
        "snake": _("the Snake token belongs to the Pantheon expansion; add it to the expansions "
                   "or remove it"),
    }
    for i, p in enumerate(table.players):
        for field in PANTHEON_FIELDS:
            value = getattr(p, field)
            if value is not None and value != []:
                out.append(problem("needs-expansion", words[field], i, field))
    if table.minerva is not None:
        out.append(problem(
            "needs-expansion",
            _("the Minerva pawn belongs to the Pantheon expansion; add it to the expansions or "
              "remove it"),
            None,
            "minerva",
        ))
    return out


def mythology_tokens_kept(p: DuelPlayer, rules: Ruleset, seat: int, aside: Aside) -> int:
    """The Mythology tokens a seat holds that name a Mythology and are not set aside."""
    known = {normalize(m) for m in rules.constants.mythologies}
    return sum(
        1
        for j, name in enumerate(p.mythology_tokens)
        if normalize(name) in known and kept(aside, seat, "mythology_tokens", j)
    )


def mythology_names(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """A Mythology token names one of the five Mythologies."""
    known = rules.constants.mythologies
    if not known:
        return []
    by_key = {normalize(m): m for m in known}
    out = []
    for i, p in enumerate(table.players):
        for j, name in enumerate(p.mythology_tokens):
            if normalize(name) in by_key:
                continue
            hint = closest(name, list(known))
            text = (
                _('no Mythology "{name}"; the Mythologies are {known}; did you mean "{hint}"?')
                if hint
                else _('no Mythology "{name}"; the Mythologies are {known}')
            ).format(name=name, known=all_of(known), hint=hint)
            out.append(problem("unknown-name", text, i, "mythology_tokens", j))
    return out


def needs_divinity(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """Coins on Astarte, the Snake token and the Minerva pawn come with their Divinity."""
    if not _has_pantheon(rules):
        return []
    out = []
    coin_keepers = divinities_with(rules, CoinsOnCard)
    snake_keepers = divinities_with(rules, SnakeSymbol)
    for i, p in enumerate(table.players):
        held = _held(rules, p)
        if p.astarte_coins and not held & set(coin_keepers):
            text = _("coins lie on {divinity} only when this player activated {divinity}; add "
                     "it to the Divinities or remove the coins").format(
                divinity=any_of(coin_keepers))
            out.append(problem("needs-divinity", text, i, "astarte_coins"))
        if p.snake is not None and not held & set(snake_keepers):
            text = _("the Snake token is placed by {divinity}, whom this player has not "
                     "activated; add it to the Divinities or remove the Snake").format(
                divinity=any_of(snake_keepers))
            out.append(problem("needs-divinity", text, i, "snake"))
    if table.minerva is not None:
        everyone = set().union(*(_held(rules, p) for p in table.players))
        placer = rules.constants.minerva_pawn_by
        if placer and placer not in everyone:
            text = _("the Minerva pawn is placed by {divinity}, whom no player has activated; add "
                     "it to a player's Divinities or remove the Minerva pawn").format(
                divinity=placer)
            out.append(problem("needs-divinity", text, None, "minerva"))
    return out


def snake_card(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """Nisaba's Snake lies on a green card of the opponent's city."""
    if not _has_pantheon(rules) or len(table.players) != 2:
        return []
    out = []
    for i, p in enumerate(table.players):
        if p.snake is None:
            continue
        card = rules.cards.get(p.snake)
        if card is None:
            continue  # the names check says so
        opponent = table.players[1 - i]
        theirs = {c.name for c in rules.cards.get_all(opponent.cards) if c is not None}
        if card.colour != "green" or card.name not in theirs:
            text = _('the Snake token lies on a green card of {opponent}\'s city; "{card}" is '
                     "not one").format(opponent=called(table, 1 - i), card=card.name)
            out.append(problem("snake-not-green", text, i, "snake"))
    return out


def tokens_in_box(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """No more Mythology tokens (in all, and of one Mythology), Offering tokens and coins on
    Astarte than the box puts in play."""
    const = rules.constants
    if not _has_pantheon(rules):
        return []
    out = []
    by_key = {normalize(m): m for m in const.mythologies}
    mythologies = Counter(
        by_key[normalize(n)]
        for p in table.players
        for n in p.mythology_tokens
        if normalize(n) in by_key
    )
    total = sum(mythologies.values())
    if total > const.mythology_tokens_in_game:
        text = _("{count} Mythology tokens are held in all, but only {most} are put on the Age I "
                 "cards (the others stay in the box)").format(
            count=total, most=const.mythology_tokens_in_game)
        out.append(problem("too-many-pantheon-tokens", text, None, "players"))
    over = sorted(m for m, n in mythologies.items() if n > const.mythology_tokens_each)
    if over:
        text = _("more than {most} Mythology tokens of {mythologies}: the box has {most} of each "
                 "Mythology").format(most=const.mythology_tokens_each, mythologies=all_of(over))
        out.append(problem("too-many-pantheon-tokens", text, None, "players"))
    offerings = sum(p.offering_tokens or 0 for p in table.players)
    if offerings > const.offering_tokens_in_game:
        text = _("{count} Offering tokens are held in all, but the box has only {most}").format(
            count=offerings, most=const.offering_tokens_in_game)
        out.append(problem("too-many-pantheon-tokens", text, None, "players"))
    most = max((e.most for d in rules.divinities.values() for e in d.effects
                if isinstance(e, CoinsOnCard)), default=0)
    for i, p in enumerate(table.players):
        if p.astarte_coins is not None and p.astarte_coins > most:
            text = ngettext(
                "{count} coin on Astarte, but she receives only {most}",
                "{count} coins on Astarte, but she receives only {most}",
                p.astarte_coins,
            ).format(count=p.astarte_coins, most=most)
            out.append(problem("too-many-pantheon-tokens", text, i, "astarte_coins"))
    return out


def minerva_toward(table: DuelTable, rules: Ruleset) -> list[Problem]:
    """The Minerva pawn off the centre says toward whose capital, a player of the table."""
    minerva = table.minerva
    if minerva is None or not _has_pantheon(rules):
        return []
    if minerva.toward is None:
        if not minerva.spaces:
            return []
        text = _("the Minerva pawn is off the centre: say toward whose capital")
        return [problem("pawn-direction", text, None, "minerva.toward")]
    if player_index(table, minerva.toward) is None:
        return [unknown_player(table, "minerva.toward", minerva.toward)]
    return []


TABLE_CHECKS = (
    fields_need_pantheon,
    mythology_names,
    needs_divinity,
    snake_card,
    tokens_in_box,
    minerva_toward,
)


# --- checks of the resolved game -------------------------------------------------------------


def temples(table: DuelTable, game: DuelGame) -> list[Problem]:
    """No more cards of a group (the Grand Temples) than the game deals."""
    const = game.board.ruleset.constants
    out = []
    for group, most in const.groups_in_game.items():
        built = [card.name for c in game.board.cities for card in c.cards if card.group == group]
        if len(built) > most:
            text = _("{count} {group} cards are built ({names}), but the game deals only {most} "
                     "of them").format(count=len(built), group=translated(group),
                                       names=all_of(built), most=most)
            out.append(problem("too-many-temples", text, None, "players"))
    return out


def divinities(table: DuelTable, game: DuelGame) -> list[Problem]:
    """At most the Divinities the Pantheon holds (one per Mythology token in play), plus one
    for the Gate taken and one for each wonder built that activates one more (the Divine
    Theater)."""
    const = game.board.ruleset.constants
    if not const.divinities_in_pantheon:
        return []
    cities = game.board.cities
    taken = [d for c in cities for d in c.divinities if not d.gate]
    present = {d.name for c in cities for d in c.divinities} | {
        w.name for c in cities for w in c.wonders
    }
    helpers = [n for n in const.divinities_extra_with if n in present]
    most = const.divinities_in_pantheon + len(helpers)
    if len(taken) <= most:
        return []
    if helpers:
        text = _("{count} Divinities are taken in all, but at most {most} can be: {pantheon} from "
                 "the Pantheon and one for each of {helpers}")
    else:
        text = _("{count} Divinities are taken in all, but at most {most} can be: {pantheon} from "
                 "the Pantheon ({extra} would each allow one more)")
    message = text.format(
        count=len(taken),
        most=most,
        pantheon=const.divinities_in_pantheon,
        helpers=all_of(helpers),
        extra=any_of(const.divinities_extra_with),
    )
    return [problem("too-many-divinities", message, None, "players")]


def minerva_pawn(table: DuelTable, game: DuelGame) -> list[Problem]:
    """The Minerva pawn never stands on the Conflict pawn's space: it cannot be placed there
    (BGA), and the Conflict pawn stops before entering its space, which then discards it. So
    on a capital's space it keeps Military Supremacy out of that capital."""
    minerva, track = table.minerva, game.board.track
    if minerva is None or track is None or not game.board.ruleset.constants.divinities_in_pantheon:
        return []
    if minerva.spaces and minerva.toward is None:
        return []  # `minerva_toward` says so
    seat = player_index(table, minerva.toward) if minerva.toward is not None else None
    if minerva.spaces and seat is None:
        return []
    same = (minerva.spaces == 0 and track.spaces == 0) or (
        minerva.spaces == track.spaces and seat == track.toward and minerva.spaces > 0
    )
    if not same:
        return []
    capital = game.board.ruleset.constants.supremacy_space
    if minerva.spaces == capital and seat is not None:
        text = _("the Minerva pawn stands on {name}'s capital, where the Conflict pawn is: the "
                 "Conflict pawn stops before Minerva's space, so it cannot reach {name}'s capital "
                 "while the Minerva pawn stands there").format(name=called(table, seat))
    else:
        text = _("the Minerva pawn stands on the Conflict pawn's space: the Conflict pawn stops "
                 "before entering it, and the Minerva pawn is discarded once it has stopped it")
    return [problem("minerva-on-pawn", text, None, "minerva")]


GAME_CHECKS = (temples, divinities, minerva_pawn)
