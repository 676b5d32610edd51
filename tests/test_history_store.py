"""The history in the saved-games file: per-player rows made at save time (and for games
saved before), pages of the list, players renamed and merged, and the whole history
exported then imported on another server (nothing lost, nothing doubled)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from scorer.history import history_json, read_history
from scorer.stats import player_stats, players
from ui.entry.draft import Draft
from ui.entry.games import as_seven_wonders, from_table
from ui.store.store import Store
from ui.text import strings as S

ROOT = Path(__file__).resolve().parent.parent


def finished(example: str, at: float, names: list[str] | None = None) -> Draft:
    """A finished game from an example table (its players renamed, in seat order)."""
    table = json.loads((ROOT / "examples" / example).read_text())
    if names:
        rename = dict(zip([p["name"] for p in table["players"]], names, strict=False))
        for p in table["players"]:
            p["name"] = rename.get(p["name"], p["name"])
        if table.get("conflict", {}).get("toward"):
            table["conflict"]["toward"] = rename[table["conflict"]["toward"]]
    return replace(from_table(table), created=at - 2700, finished=at)


FOUR = "7wonders-1e-4p-full-game.json"  # Ann 62, Bob 82 (wins), Cid 33, Dan 35
DUEL = "duel-full-game.json"


def test_rows_are_made_when_a_game_is_saved(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    s.save_game(finished(FOUR, 1000.0), "summary")
    rows = s.result_rows()
    assert sorted((r.name, r.total, r.won) for r in rows) == [
        ("Ann", 62, False), ("Bob", 82, True), ("Cid", 33, False), ("Dan", 35, False)]
    (entry,) = s.history_page(0, 10)
    # created 2700 s before the finish: 45 minutes
    assert entry.duration_min == 45 and entry.game == "7wonders-1e"
    assert s.set_play(entry.id, "  Ann's\x07 ", "close\ngame")
    (entry,) = s.history_page(0, 10)
    assert (entry.place, entry.note) == ("Ann's", "close\ngame")
    assert s.for_owner("other").result_rows() == []  # another device's history


def test_history_pages_newest_first(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    for i in range(5):
        s.save_game(finished(DUEL, 1000.0 + i), f"game {i}")
    assert s.history_count() == 5
    assert [e.summary for e in s.history_page(0, 2)] == ["game 4", "game 3"]
    assert [e.summary for e in s.history_page(4, 2)] == ["game 0"]
    gid = s.history_page(0, 1)[0].id
    got = s.saved_game(gid)
    assert got is not None and got[1].id == gid
    s.delete_game(gid)
    assert s.history_count() == 4 and gid not in {r.game_id for r in s.result_rows()}


def test_games_saved_before_the_rows_existed_are_summarized(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    old = sqlite3.connect(path)  # the games table as the store made it before issue 22
    old.execute("CREATE TABLE games (id TEXT PRIMARY KEY, draft TEXT NOT NULL, summary TEXT "
                "NOT NULL, finished REAL NOT NULL, deleted INTEGER NOT NULL DEFAULT 0)")
    game = finished(FOUR, 5000.0)
    old.execute("INSERT INTO games VALUES (?, ?, 'old', 5000.0, 0)", (game.id, game.to_json()))
    old.execute("INSERT INTO games VALUES ('broken', '{not a draft', 'x', 6000.0, 0)")
    old.commit()
    old.close()
    s = Store(path)
    rows = s.result_rows()
    assert sorted(r.total for r in rows) == [33, 35, 62, 82] and {r.game_id for r in rows} == {
        game.id}
    assert s.history_count() == 2  # the unreadable row is kept, in no statistic


def test_rename_everywhere_and_merge(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    s.save_game(finished(FOUR, 1000.0), "")
    s.save_game(finished(DUEL, 2000.0, ["Bobby", "Ann"]), "")
    s.remember(["Ann", "Bob", "Bobby"])
    assert s.rename_player("Ann", "Anna").games == 2
    names = {p.name for p in players(s.result_rows())}
    assert names == {"Anna", "Bob", "Bobby", "Cid", "Dan"}
    for e in s.history_page(0, 10):
        got = s.saved_game(e.id)
        assert got is not None
        assert "Ann" not in [x.name for x in got[1].seats] and "Anna " in e.summary + " "
    assert "Ann" not in s.names() and "Anna" in s.names()
    # Bobby and Bob never sat at one table: one player from now on; his pages add up:
    # 7 Wonders, Bob's 82 (won); Duel, Bobby's game
    assert s.rename_player("Bobby", "Bob").games == 1
    seven, duel = player_stats(s.result_rows(), "Bob")
    assert (seven.games, seven.wins, duel.games) == (1, 1, 1)
    # Anna and Bob sat at the same tables: refused, naming the games, nothing changed
    refused = s.rename_player("Anna", "Bob")
    assert refused.games == 0 and len(refused.together) == 2
    assert "Anna" in {p.name for p in players(s.result_rows())}


def test_export_then_import_loses_nothing_and_doubles_nothing(tmp_path: Path) -> None:
    here = Store(tmp_path / "a.sqlite3").for_owner("phone")
    paper = finished(FOUR, 3000.0)
    paper = paper.with_seat(2, replace(paper.seats[2], quick=True,  # Cid counted on paper
                                       typed={"civilian": 20, "science": 10}))
    # tokens as held, not derived from shields (no cards to count)
    paper = replace(paper, seats=[replace(s, shields=None)
                                  for s in as_seven_wonders(paper).seats])
    for d in (finished(FOUR, 1000.0), finished(DUEL, 2000.0), paper):
        here.save_game(d, "")
    # 4 + 2 + 4 rows; Cid's paper civilian and science are his in the statistics
    assert len(here.result_rows()) == 10
    cid = [r for r in here.result_rows() if r.game_id == paper.id and r.name == "Cid"]
    assert cid[0].categories["civilian"] == 20 and cid[0].categories["science"] == 10
    first = here.history_page(0, 10)[-1]
    here.set_play(first.id, "Ann's", "the first")
    text = history_json(here.history_export()[0])

    there = Store(tmp_path / "b.sqlite3").for_owner("laptop")
    there.save_game(finished(DUEL, 9000.0, ["Eve", "Fay"]), "")  # a game of its own
    plays, problems = read_history(json.loads(text))
    assert problems == [] and len(plays) == 3
    done = there.import_plays([p.play for p in plays])
    assert done is not None and (done.added, done.already) == (3, 0)
    assert there.history_count() == 4
    # nothing lost: the same plays, tables, paper totals, places and notes, and numbers
    mine = {p.id: p for p in here.history_export()[0]}
    theirs = {p.id: p for p in there.history_export()[0]}
    assert all(theirs[k] == v for k, v in mine.items())
    assert sorted((r.game_id, r.name, r.total) for r in here.result_rows()) == sorted(
        (r.game_id, r.name, r.total) for r in there.result_rows() if r.name not in ("Eve", "Fay"))
    # nothing doubled: the same file again, or the same games under other ids
    again = there.import_plays([p.play for p in plays])
    assert again is not None and (again.added, again.already) == (0, 3)
    renamed = [replace(p.play, id=f"copy-{i}") for i, p in enumerate(plays)]
    again = there.import_plays(renamed)
    assert again is not None and (again.added, again.already) == (0, 3)
    assert there.history_count() == 4


def test_backup_from_the_command_line(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = dict(os.environ, WONDERS_DATA_DIR=str(tmp_path / "data"), LANG="C.UTF-8")

    def backup(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "ui.store.backup", *args], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    example = str(ROOT / "examples" / "history.json")
    first = backup("import", example)
    assert first.returncode == 0 and "8 games added, 0 already there" in first.stdout
    assert "0 games added, 8 already there" in backup("import", example).stdout
    out = tmp_path / "out.json"
    assert backup("export", str(out)).returncode == 0
    again, problems = read_history(json.loads(out.read_text()))
    mine, _ = read_history(json.loads(Path(example).read_text()))
    assert problems == []
    # every game, with its play, and the same result for every player (the tables are
    # written as the app keeps them: the same cities, in the app's spelling)
    assert [(p.play.id, p.play.started, p.play.finished, p.play.place, p.play.note)
            for p in again] == [(p.play.id, p.play.started, p.play.finished, p.play.place,
                                 p.play.note) for p in mine]
    assert [p.rows() for p in again] == [p.rows() for p in mine]
    bad = backup("import", str(ROOT / "examples" / "duel-full-game.json"))
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    # a damaged row: the backup still writes the other 7 games and names the one left out
    store = Store(tmp_path / "data" / "games.sqlite3")
    store._shared.db.execute("UPDATE games SET draft = ? WHERE id = ?", ("{}", "example-03"))
    store.close()
    partial = backup("export", str(out))
    assert partial.returncode == 0 and "7 games written" in partial.stdout
    assert "example-03" in partial.stderr and "Traceback" not in partial.stderr


def test_hostile_export_all_names_the_games_it_left_out(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    for i, at in enumerate((1000.0, 2000.0, 3000.0)):
        s.save_game(finished(DUEL, at), f"game {i}")
    damaged = s.history_page(0, 3)
    s._shared.db.execute("UPDATE games SET draft = ? WHERE id = ?",
                         ('{"game": "duel", "seats": [{"nam', damaged[0].id))
    s._shared.db.execute("UPDATE games SET draft = ? WHERE id = ?",
                         ('{"hello": "world"}', damaged[1].id))  # JSON, but no game
    found, left = s.history_export()
    assert [p.id for p in found] == [damaged[2].id]
    assert sorted(g.summary for g in left) == ["game 1", "game 2"]
    said = S.export_left_out([g.summary for g in left])
    assert said.startswith("2 games are not in the file") and "game 1; game 2" in said


def test_hostile_a_row_that_is_json_but_no_game_is_listed_as_damaged(tmp_path: Path) -> None:
    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    s.save_game(finished(DUEL, 1000.0), "a game")
    s.save_game(finished(DUEL, 2000.0), "no game")
    gid = s.history_page(0, 1)[0].id
    for text in ('{"hello": "world"}', "[1, 2]", '"text"', "{}"):
        s._shared.db.execute("UPDATE games SET draft = ? WHERE id = ?",
                             (text, gid))
        newest, oldest = s.history_page(0, 2)
        assert (newest.summary, newest.readable, oldest.readable) == ("no game", False, True)


def test_a_game_with_a_paper_player_finished_before_keeps_its_print(tmp_path: Path) -> None:
    """A game with a paper player finished before the table file carried a seat's `paper`:
    its stored print was made from a table without it. The same play seen again (its
    export imported) is known by the same print, not taken for a second game (a review:
    the print now hashed the seat's `paper` too, and missed every such game)."""
    from ui.entry.games import table_of
    from ui.store import history_db

    s = Store(tmp_path / "g.sqlite3").for_owner("phone")
    draft = finished(FOUR, 1000.0)
    dan = replace(draft.seats[3], quick=True, typed={"civilian": 20})
    draft = draft.with_seat(3, dan)
    s.save_game(draft, "summary")
    table = table_of(draft)
    assert table["players"][3]["paper"] == {"civilian": 20}
    before = {**table, "players": [{k: v for k, v in p.items() if k != "paper"}
                                   for p in table["players"]]}  # as it was written then
    stored = history_db.fingerprint(before, draft.quick(), 1000.0)
    assert history_db.fingerprint(table, draft.quick(), 1000.0) == stored
    assert s.sees_play(replace(draft, played=1000.0))
