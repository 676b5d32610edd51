"""Export a game: the spec's table JSON, the result as CSV and as shareable text."""

from __future__ import annotations

import csv
import io
import json

from scorer import Result
from ui import strings as S
from ui.draft import Draft


def table_json(draft: Draft) -> str:
    return json.dumps(draft.table(), indent=2, ensure_ascii=False)


def result_csv(result: Result) -> str:
    """One row per player: name, rank, every category in pad order, total."""
    categories = list(result.players[0].categories) if result.players else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "rank", *categories, "total"])
    for p in result.players:
        writer.writerow([p.name, "" if p.rank is None else p.rank,
                         *[p.categories[c] for c in categories], p.total])
    return out.getvalue()


def share_text(result: Result, title: str) -> str:
    ranked = sorted(result.players, key=lambda p: (p.rank is None, p.rank or 0))
    lines = [title]
    lines += [f"{p.rank or '-'}. {p.name}: {S.points(p.total)}" for p in ranked]
    lines.append(result.verdict)
    return "\n".join(lines)


def summary(result: Result) -> str:
    """One line for the history list."""
    ranked = sorted(result.players, key=lambda p: (p.rank is None, p.rank or 0))
    return " · ".join(f"{p.name} {p.total}" for p in ranked)
