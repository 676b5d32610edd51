"""Strict JSON reading of table files (issue 10, item 7): a key given twice is refused with
its place, on the command line and on import, never silently dropped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import TableError
from scorer.jsonfile import loads
from ui.entry.export import read_table

SCIENCE_48 = Path(__file__).parent / "scenarios" / "7wonders" / "science-rulebook-3-3-3.json"


def _problems(text: str | bytes) -> list[str]:
    with pytest.raises(TableError) as info:
        loads(text)
    return [str(p) for p in info.value.problems]


def test_every_duplicate_key_is_named_with_its_place() -> None:
    text = ('{"game": "7wonders-1e", "players": [{"name": "Ann", "cards": ["Altar"], '
            '"cards": []}, {"name": "Bob", "wonder": {"side": "A", "side": "B"}}], '
            '"game": "duel"}')
    found = _problems(text)
    assert [f.split(":")[0] for f in found] == [
        "game", "players[0].cards", "players[1].wonder.side"]  # object by object, outer first
    assert all("more than once" in f for f in found)


def test_a_key_three_times_is_one_problem() -> None:
    assert len(_problems('{"a": 1, "a": 2, "a": 3}')) == 1


def test_same_key_in_different_objects_is_fine() -> None:
    data = loads('{"players": [{"name": "Ann"}, {"name": "Bob"}]}')
    assert data == {"players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.mark.parametrize(("raw", "message"), [
    (b"\xff\xfe{}", "not UTF-8 text (byte 0)"),
    ("{not json", "not valid JSON: Expecting property name enclosed in double quotes at line 1, "
                  "column 2"),
    ('{"coins": NaN}', "not valid JSON: NaN is not a JSON number"),
    ('{"coins": -Infinity}', "not valid JSON: -Infinity is not a JSON number"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply to be a table file"),
    ('{"coins": ' + "9" * 5000 + "}", "thousands of digits long"),
])
def test_malformed_text_is_one_problem_for_the_whole_file(raw: str | bytes, message: str) -> None:
    found = _problems(raw)
    assert len(found) == 1 and message in found[0]


def test_a_byte_order_mark_is_allowed() -> None:
    assert loads(b"\xef\xbb\xbf{}") == {} and loads("\ufeff[]") == []


def _table_with_cards_twice() -> str:
    table = json.loads(SCIENCE_48.read_text())["table"]
    text = json.dumps(table)
    # the first player's cards given again, empty: json.loads alone would drop them
    return text.replace('"cards": [', '"cards": [], "cards": [', 1)


def test_command_line_refuses_a_duplicate_key_exit_2() -> None:
    out = subprocess.run([sys.executable, "-m", "scorer", "score", "-"],
                         input=_table_with_cards_twice(), capture_output=True, text=True,
                         timeout=60, check=False)
    assert out.returncode == 2
    assert out.stderr.startswith("players[0].cards: ")
    assert "more than once" in out.stderr and "Traceback" not in out.stderr


def test_import_refuses_a_duplicate_key() -> None:
    got = read_table(_table_with_cards_twice())
    assert got.draft is None
    # the player by name, not the file's place (players[0].cards) a player cannot read
    assert len(got.problems) == 1 and got.problems[0].startswith("Ann: ")


def test_an_object_dropped_under_a_repeated_key_lends_its_duplicate_to_no_other() -> None:
    """`{"a": {"x": 1, "x": 2}, "a": 3}`: the inner object is dropped (the last "a" wins), so
    only "a" is named; the object read next, which has no "x", is never blamed for one."""
    objects = ",".join('{"b": {"y": 1, "q": 2}}' for _ in range(50))
    text = '{"players": [{"a": {"x": 1, "x": 2}, "a": 3}, ' + objects + "]}"
    with pytest.raises(TableError) as err:
        loads(text)
    assert [(p.code, p.path) for p in err.value.problems] == [("duplicate-key", "players[0].a")]
