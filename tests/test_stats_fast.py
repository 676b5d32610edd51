"""`python -m scorer stats` assesses a table once however often the file holds it
(`scorer.history_stream._Outcomes`): the rows and the problems must be exactly those of
the whole-file reading (`scorer.history.read_text`, every game assessed on its own), on
varied tables, repeated ones, tables with problems at other places in the file, and keys
that only a strict comparison tells apart (`1` and `1.0`, `true` and `1`, key order)."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.stats_file import renamed, scenario_tables, seven_wonders_table, varied
from scorer import history_stream
from scorer.history import FORMAT, VERSION, read_text, scored_rows
from scorer.problems import Problem
from scorer.stats import PlayerRow
from scorer.table import SevenWondersPlayer
from tests.strategies import seven_wonders_tables


def _file(tables: list[dict[str, Any]], papers: dict[int, Any] | None = None) -> str:
    games = []
    for i, table in enumerate(tables):
        finished = f"2026-01-{1 + i % 28:02d}T20:00:00+00:00"
        game: dict[str, Any] = {"id": f"g{i}", "finished": finished, "table": table}
        if papers and i in papers:
            game["paper"] = papers[i]
        games.append(game)
    return json.dumps({"format": FORMAT, "version": VERSION, "games": games}, indent=1)


def _both(text: str) -> tuple[tuple[list[PlayerRow], list[Problem]],
                              tuple[list[PlayerRow], list[Problem]]]:
    """(streamed with the memo, the whole file's reading without it)."""
    plays, problems = read_text(text)
    whole = (scored_rows(plays), problems)
    return history_stream.history_rows(io.StringIO(text)), whole


def _same(text: str) -> tuple[list[PlayerRow], list[Problem]]:
    streamed, whole = _both(text)
    assert streamed[1] == whole[1]
    assert streamed[0] == whole[0]  # in the same order, every field (id, time, categories)
    return streamed


def test_stats_memo_gives_the_rows_of_every_game_assessed_alone() -> None:
    """Varied tables (the benchmark's: drawn 7 Wonders tables and every scenario with a
    result, Duel and every expansion), each twice and a few three times, under other ids:
    the same rows as the whole-file reading, where each game is assessed on its own."""
    tables = list(varied(60, seed=7))
    rng = random.Random(3)
    again = [copy.deepcopy(t) for t in tables] + [copy.deepcopy(rng.choice(tables))
                                                  for _ in range(10)]
    rng.shuffle(again)
    rows, problems = _same(_file(tables + again))
    assert problems == []
    assert len({r.game_id for r in rows}) == 130  # 60 + 60 + 10 games, each with its rows


def test_stats_memo_every_scenario_with_a_result_renamed() -> None:
    """Every scenario table with a result, as written and renamed: equal rows."""
    tables = scenario_tables()
    rows, problems = _same(_file(tables + [renamed(t, ["Zoe", "Yan", "Xu", "Wen", "Val",
                                                       "Uma", "Tom", "Sam"])
                                           for t in tables]))
    assert problems == [] and rows


def test_stats_memo_places_a_repeated_problem_at_each_game() -> None:
    """A table with a problem given at games 1 and 3: the problem is named at both places,
    as the whole-file reading names it, not once and not at the first place twice."""
    rng = random.Random(5)
    good = seven_wonders_table(rng, ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"])
    bad = copy.deepcopy(good)
    bad["players"][0]["cards"].append("Nonesuch Card")
    rows, problems = _same(_file([good, bad, good, bad]))
    assert rows == []
    paths = [p.path for p in problems]
    assert any(p.startswith("games[1].table.players[0].cards") for p in paths)
    assert any(p.startswith("games[3].table.players[0].cards") for p in paths)
    assert not any(p.startswith(("games[0]", "games[2]")) for p in paths)


def test_stats_memo_paper_totals_are_part_of_the_key() -> None:
    """The same table with other paper totals (or none, or an unknown player's) is another
    outcome: rows and problems as the whole-file reading gives them."""
    rng = random.Random(11)
    table = seven_wonders_table(rng, ["Ann", "Bob", "Cid", "Dan"])
    name = table["players"][0]["name"]
    for held in SevenWondersPlayer.HELD_IN_CITY:  # a paper player's city, as the app writes
        table["players"][0].pop(held, None)  # it: no cards beside the typed totals
    text = _file([table, table, table], papers={1: {name: {"civilian": 30}}})
    rows, _problems = _same(text)
    totals = {r.game_id: r.total for r in rows if r.name == name}
    assert totals["g0"] == totals["g2"]
    assert rows[len(table["players"])].categories["civilian"] == 30  # g1: the typed 30
    _same(_file([table, table], papers={1: {"Nobody": {"civilian": 3}}}))


@pytest.mark.parametrize(("field", "one", "other"), [
    ("coins", 3, 3.0), ("coins", 1, True), ("coins", 0, False), ("coins", 5, "5"),
])
def test_stats_memo_tells_apart_what_json_tells_apart(field: str, one: Any, other: Any) -> None:
    """Two tables equal in Python (`3 == 3.0`, `1 == True`) but not in JSON: each gets its
    own assessment (one of them may have a problem), as in the whole-file reading."""
    rng = random.Random(13)
    table = seven_wonders_table(rng, ["Ann", "Bob", "Cid"])
    changed = copy.deepcopy(table)
    table["players"][1][field] = one
    changed["players"][1][field] = other
    _same(_file([table, changed, table]))
    _same(_file([changed, table, changed]))


def test_stats_memo_key_order_is_kept() -> None:
    """The same table with its fields in another order: the outcome of each as the whole
    file's reading gives it (a problem's order may follow the order of the keys)."""
    rng = random.Random(17)
    table = seven_wonders_table(rng, ["Ann", "Bob", "Cid", "Dan"])
    table["players"][0]["colour"] = "red"  # an unknown field: a problem
    table["players"][2]["stray"] = 1
    reordered = dict(reversed(list(table.items())))
    reordered["players"] = [dict(reversed(list(p.items()))) for p in table["players"]]
    _same(_file([table, reordered, table]))


def test_stats_memo_forgets_the_oldest_and_stays_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for two outcomes only, tables coming back after being forgotten are
    assessed again: the same rows."""
    monkeypatch.setattr(history_stream, "MEMO_GAMES", 2)
    tables = list(varied(6, seed=19))
    _same(_file(tables + tables + list(reversed(tables))))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(seven_wonders_tables(), min_size=1, max_size=3),
       st.lists(st.integers(0, 2), min_size=1, max_size=6))
def test_stats_memo_drawn_tables_in_any_order(tables: list[dict[str, Any]],
                                              order: list[int]) -> None:
    """Tables drawn by the property tests' strategy, given in any order and any number of
    times: the streamed rows are the whole file's."""
    _same(_file([copy.deepcopy(tables[i % len(tables)]) for i in order]))


def _nest(levels: int, leaf: Any) -> Any:
    node = leaf
    for i in range(levels):
        node = {"k": node} if i % 2 else [node]
    return node


@pytest.mark.parametrize(("data", "path"), [
    (_nest(12, 1), None),  # a value 12 containers down: MAX_DEPTH, allowed
    (_nest(12, []), None),  # an empty container at 12 holds nothing deeper
    (_nest(12, {}), None),
    # 13 down: refused, at the place `located` writes (a list's index is its item's place)
    (_nest(13, 1), "k.k.k.k.k.k[0]"),
    (_nest(12, [1]), "k.k.k.k.k.k[0]"),
    ({"a": _nest(13, 1), "b": 1, "c": _nest(14, 2)}, "c.k.k.k.k.k.k[0]"),
])
def test_stats_too_deep_counts_depths_then_names_the_place(data: Any, path: str | None) -> None:
    """The depth check every game of a history goes through first compares depths only;
    the place it names is the first too deep value with the last child of each container
    first, as before this change (`c` before `a`; the values checked against it)."""
    from scorer.jsonfile import too_deep

    found = too_deep(data)
    assert (found.path if found else None) == path
    if found:
        assert found.code == "too-deep"


def test_stats_text_reads_each_players_games_only() -> None:
    """`render_players` gives each player's page from the rows of their own games (one pass,
    not one over every row per player): the same text as every row given to
    `player_stats`, with names that differ only in case (`Ann`, `ann`: at other tables, a
    table refuses both) ordered alike in the head-to-head lines."""
    from scorer.stats import player_stats, players
    from scorer.stats_text import render_player, render_players

    tables = list(varied(40, seed=23))
    for i in range(0, 40, 3):  # "Ann" as "ann" at one table in three
        tables[i] = json.loads(json.dumps(tables[i]).replace('"Ann"', '"ann"'))
    rows, problems = _same(_file(tables + tables[:5]))
    assert problems == []
    pages = [render_player(s) for p in players(rows) for s in player_stats(rows, p.name)]
    assert render_players(rows) == "\n\n".join("\n".join(page) for page in pages)
    assert "ann · " in render_players(rows)
