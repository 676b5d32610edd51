"""The command line starts quickly (issue 34: `python -m scorer score` at most 3.5 times
`python -c "import pydantic"`, BENCHMARKS.md): what a run in English does not use is not
imported, and reading the language without Babel gives Babel's answer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.i18n import languages, supported

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("code", [
    "C", "POSIX", "C.UTF-8", "POSIX.UTF-8", "en", "vi", "EN", "en_us", "en_US", "en_US.UTF-8",
    "vi_VN", "vi-VN", "vi_VN.UTF-8@latin", "en_XX", "fr", "fr_FR", "iw", "zz", "c", "C@euro",
])
def test_cli_start_language_read_as_babel_reads_it(code: str) -> None:
    """`supported` reads C, POSIX and the catalogues' own codes without Babel: the same
    language as Babel's reading (`Locale.parse`), or None where Babel knows none or the
    pad has no catalogue."""
    from babel import Locale, UnknownLocaleError

    base = code.split(".")[0].split("@")[0].replace("-", "_")
    try:
        babel = Locale.parse(base).language
    except (ValueError, UnknownLocaleError):
        babel = None
    assert supported(code) == (babel if babel in languages() else None)


_MODULES = """
import contextlib, io, sys
from scorer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["score", sys.argv[1]])
print(" ".join(sorted(m for m in sys.modules if m.split(".")[0] == "babel")))
"""


@pytest.mark.parametrize("table", ["7wonders-1e-4p-full-game.json",
                                   "duel-agora-leaders.json"])
def test_cli_start_score_in_english_imports_no_babel(table: str) -> None:
    """A score pad in English reads no catalogue and says no list in words: Babel (its
    import and its locale data, a twentieth of the start) is not imported."""
    env = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    out = subprocess.run([sys.executable, "-c", _MODULES, str(ROOT / "examples" / table)],
                         capture_output=True, text=True, env=env, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
