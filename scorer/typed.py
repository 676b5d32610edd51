"""A player who counted on a paper score pad: the totals typed from it (a seat's `paper`
in the table file) take the place of what the engine finds for those rows of the player's
city, and each typed row is checked against what that row takes at a real table.

Here, not in `scorer.paper` (the pad's calculators and the history's map of typed totals),
because `scorer.api.assess` reads a seat's `paper` for every table it scores: a file that
holds a paper player is scored the same by the app, the command line and any program."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.board import City
from scorer.engine import CityScore, LineData
from scorer.facts import facts, field_bounds
from scorer.i18n import N_, _, translated
from scorer.problems import Problem, field_subject, problem
from scorer.ruleset import Category, Ruleset
from scorer.stats_text import category_name
from scorer.table import DuelPlayer, DuelTable, SevenWondersPlayer, SevenWondersTable
from scorer.words import says

DERIVED_FROM: dict[str, str] = {"treasury": N_("the coins"), "military": N_("the conflict tokens")}
"""What the app works a paper player's derived row out from, by row (`paper_derived`); a
game with a Conflict pawn (`GameFacts.track_spaces`) scores military from it."""
FROM_PAWN = N_("the Conflict pawn")
ANY_SOURCE = N_("the coins, the conflict tokens and the pawn")

PAPER_PAD = says("paper-pad")
TYPED = says("typed")


def typed_score(score: CityScore, typed: Mapping[str, int]) -> CityScore:
    """A city's score with the rows its player typed from a paper pad in place of what the
    engine found for its (cardless) city; a row not typed stays the engine's."""
    categories: dict[Category, int] = {
        c: int(typed[c]) if c in typed else v for c, v in score.categories.items()
    }
    lines: list[LineData] = [line for line in score.lines if line["category"] not in typed]
    lines += [
        {
            "category": c,
            "source_message": PAPER_PAD,
            "points": categories[c],
            "why_message": TYPED,
        }
        for c in score.categories
        if c in typed and categories[c]
    ]
    return CityScore(tuple(lines), categories, {})


Seats = SevenWondersTable | DuelTable


def _papers(table: Seats) -> list[dict[str, int] | None]:
    """Each seat's typed rows; None: the player's city is scored from the table."""
    return [p.paper for p in table.players]


def with_typed(table: Seats, cities: Sequence[City], scores: list[CityScore]
               ) -> list[CityScore]:
    """Each city's score, a paper player's typed rows in place (the seats' `paper`)."""
    papers = _papers(table)
    if all(p is None for p in papers):
        return scores
    return [
        s if (typed := papers[c.index]) is None else typed_score(s, typed)
        for c, s in zip(cities, scores, strict=True)
    ]


def paper_problems(table: Seats, rules: Ruleset) -> list[Problem]:
    """What a paper player's seat gives that cannot be scored as the app scores it: a
    row the game's pad does not type (`paper-row`: treasury and military come from coins,
    tokens and the pawn; a row of another game), something the city holds beside the
    totals that stand for it (`paper-and-city`: cards given too would be scored in the rows
    not typed, where the app scores none), and each typed row beyond what it takes at a
    real table (the ruleset's `paper_row_range`, else 0 to `paper_row_most`: a Debt of 3
    was scored +3 for a loss of 3, a walk). Placed at the seat's `paper.<row>` or field."""
    papers = _papers(table)
    if all(p is None for p in papers):
        return []
    bounds, has = field_bounds(rules), facts(rules)
    out = []
    players: Sequence[SevenWondersPlayer | DuelPlayer] = table.players
    for seat, (player, paper) in enumerate(zip(players, papers, strict=True)):
        if paper is None:
            continue
        for held in type(player).HELD_IN_CITY:
            if getattr(player, held) != type(player).model_fields[held].get_default(
                    call_default_factory=True):
                out.append(problem("paper-and-city", _(
                    "{name} counted on a paper pad: the totals typed stand for what the city "
                    "holds, so {subject} beside them would be counted twice; give the city "
                    "or the paper pad's totals, not both").format(
                        name=player.name, subject=field_subject(held)), seat, held))
        for category, points in paper.items():
            row = has.category_words.get(category) or category_name(category)  # Pantheon's
            if category in has.paper_derived:
                out.append(problem("paper-row", _(
                    "{row} is not typed from the paper pad: the app works it out from {what}"
                    ).format(row=row, what=translated(
                        FROM_PAWN if category == "military" and has.track_spaces
                        else DERIVED_FROM.get(category, ANY_SOURCE))),
                    seat, f"paper.{category}"))
                continue
            if category not in has.typed_rows:
                # each row as the file writes it, with its name on the pad ("debt (Debt)")
                rows = ", ".join(f"{c} ({has.category_words.get(c) or category_name(c)})"
                                 for c in has.typed_rows)
                out.append(problem("paper-row", _(
                    "This game's score pad has no row {key}; the rows typed from it are: "
                    "{rows}").format(key=category, rows=rows), seat, f"paper.{category}"))
                continue
            least, most = bounds.paper_range(category)
            if least <= points <= most:
                continue
            text = _("{row} typed from the paper pad is {points}; that row takes {least} to "
                     "{most}").format(row=row, points=points, least=least, most=most)
            if most == 0 < points:
                text += _(" (a loss, typed with a minus sign: {points})").format(points=-points)
            out.append(problem("out-of-range", text, seat, f"paper.{category}"))
    return out
