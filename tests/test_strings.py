"""The app's texts (`ui/text/strings.py`) are names mypy sees: a typo fails `mypy --strict`, and
each name still comes out in the reader's language when read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scorer import i18n
from ui.text import strings as S

ROOT = Path(__file__).resolve().parent.parent


def test_strings_a_typo_fails_mypy(tmp_path: Path) -> None:
    use = tmp_path / "use_strings.py"
    use.write_text(
        "from ui.text import strings as S\n"
        "\n"
        "right: str = S.CONTINUE\n"
        "colours: dict[str, str] = S.COLOUR\n"
        "wrong: str = S.CONTNUE_GAME_TYPO\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(use)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, out.stdout + out.stderr
    assert 'has no attribute "CONTNUE_GAME_TYPO"' in errors[0]
    assert f"{use.name}:5:" in errors[0]


def test_strings_come_out_in_the_readers_language() -> None:
    assert S.CONTINUE == "Continue game"
    with i18n.language("vi"):
        assert S.CONTINUE != "Continue game" and S.CONTINUE
        assert S.SCIENCE_CALC == "Công cụ tính điểm khoa học"


def test_strings_an_unknown_name_is_an_attribute_error() -> None:
    name = "CONTNUE_GAME_TYPO"  # read by name: mypy refuses S.CONTNUE_GAME_TYPO
    try:
        getattr(S, name)
    except AttributeError:
        return
    raise AssertionError("an unknown text name must not be served")


def test_strings_a_change_said_with_its_field_first_starts_with_a_capital() -> None:
    # the walk in Vietnamese: the change list said "đồng tiền của Dương đổi thành 5" (its
    # field word first, in lower case: "{what} của {player} đổi thành {value}"), where the
    # wonder's line beside it started "Kỳ quan của Dương"; a player's name is kept as typed
    with i18n.language("vi"):
        assert S.seat_changed("Dương", S.SEAT_FIELD["coins"], "5") == \
            "Đồng tiền của Dương đổi thành 5"
        assert S.seat_changed("Ann", S.entry_label("military", "-1"), "2") == \
            "Mã báo -1 của Ann đổi thành 2"
        assert S.stale_seat("Ann", S.SEAT_FIELD["stages"], "2").startswith("Tầng đã xây của Ann:")
    assert S.seat_changed("ann", S.SEAT_FIELD["coins"], "5") == "ann's coins changed to 5"
    assert S.stale_seat("ann", S.SEAT_FIELD["coins"], "5").startswith("ann's coins: 5 now")
