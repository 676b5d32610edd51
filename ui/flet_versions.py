"""Which Flet (and uvicorn) `ui/flet_door.py` was checked against, and the check.

The door checks the installed versions at its import, before it reaches any of Flet's
insides, and refuses on a mismatch (`FletMismatch`, saying what to do). This module imports
no Flet, so a start (`ui/__main__.py`) can catch the refusal and say it in one line with
exit status 2 instead of a traceback.
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import PackageNotFoundError, version

FLET_TESTED = "1.0.5"
"""The Flet (and flet-web) version `ui/flet_door.py` was checked against."""
UVICORN_TESTED = "0.54.0"
UNCHECKED_ENV = "WONDERS_FLET_UNCHECKED"
"""Set to 1 to start with other versions anyway (a warning line instead of a refusal)."""


class FletMismatch(RuntimeError):
    """The installed Flet or uvicorn is not the one `ui/flet_door.py` was checked against."""


def check_versions() -> None:
    found = {name: _installed(name) for name in ("flet", "flet-web", "uvicorn")}
    wanted = {"flet": FLET_TESTED, "flet-web": FLET_TESTED, "uvicorn": UVICORN_TESTED}
    wrong = [f"{name} {found[name]} (checked: {wanted[name]})"
             for name in found if found[name] != wanted[name]]
    if not wrong:
        return
    what = (f"ui/flet_door.py reaches into library internals checked against other "
            f"versions: {', '.join(wrong)}. Install the pinned versions "
            f"(pip install -c constraints.txt -e '.[app]'), or check each item in "
            f"ui/flet_door.py's docstring against the new version and update the "
            f"*_TESTED constants of ui/flet_versions.py; {UNCHECKED_ENV}=1 starts anyway.")
    if os.environ.get(UNCHECKED_ENV) == "1":
        print(f"wonders-scorer: warning: {what}", file=sys.stderr, flush=True)
        return
    raise FletMismatch(what)


def _installed(name: str) -> str:
    """The installed version of a package ("not installed": none, said as a mismatch in
    one line, not a traceback from `importlib.metadata`)."""
    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"
