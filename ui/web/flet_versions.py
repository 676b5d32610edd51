"""Which Flet (and uvicorn) `ui/web/flet_door.py` was checked against, and the check.

The door checks the installed versions at its import, before it reaches any of Flet's
insides, and refuses on a mismatch (`FletMismatch`, saying what to do). This module imports
no Flet, so a start (`ui/__main__.py`) can catch the refusal and say it in one line with
exit status 2 instead of a traceback. So can a start from an install without the app's
extra (`missing_app_packages`, read from the installed package's metadata).
"""

from __future__ import annotations

import os
import re
import sys
from importlib.metadata import PackageNotFoundError, requires, version

FLET_TESTED = "1.0.5"
"""The Flet (and flet-web) version `ui/web/flet_door.py` was checked against."""
UVICORN_TESTED = "0.54.0"
DISTRIBUTION = "wonders-scorer"
APP_EXTRA = "app"
"""The package's extra that holds the app's libraries (pyproject.toml)."""
UNCHECKED_ENV = "WONDERS_FLET_UNCHECKED"
"""Set to 1 to start with other versions anyway (a warning line instead of a refusal)."""


class FletMismatch(RuntimeError):
    """The installed Flet or uvicorn is not the one `ui/web/flet_door.py` was checked against."""


def check_versions() -> None:
    found = {name: _installed(name) for name in ("flet", "flet-web", "uvicorn")}
    wanted = {"flet": FLET_TESTED, "flet-web": FLET_TESTED, "uvicorn": UVICORN_TESTED}
    wrong = [f"{name} {found[name]} (checked: {wanted[name]})"
             for name in found if found[name] != wanted[name]]
    if not wrong:
        return
    what = (f"ui/web/flet_door.py reaches into library internals checked against other "
            f"versions: {', '.join(wrong)}. Install the versions it was checked against "
            f"(pip install '{DISTRIBUTION}[{APP_EXTRA}]' installs them; from a checkout: "
            f"pip install -c constraints.txt -e '.[{APP_EXTRA}]'), or check each item in "
            f"ui/web/flet_door.py's docstring against the new version and update the "
            f"*_TESTED constants of ui/web/flet_versions.py; {UNCHECKED_ENV}=1 starts anyway.")
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


_EXTRA_MARKER = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def missing_app_packages() -> list[str]:
    """The packages of the `app` extra that are not installed, as the installed package's
    own metadata lists them (pyproject.toml, one list), so that `wonders-app` from an
    engine-only install says which extra to install instead of a traceback from the first
    import. [] when all are there, or when the package is not installed at all (a checkout
    run with PYTHONPATH: there the imports speak)."""
    try:
        wanted = requires(DISTRIBUTION) or []
    except PackageNotFoundError:
        return []
    missing = []
    for line in wanted:
        requirement, _, marker = line.partition(";")
        extra = _EXTRA_MARKER.search(marker)
        name = _NAME.match(requirement.strip())
        if not (extra and extra.group(1) == APP_EXTRA and name):
            continue
        if _installed(name.group(0)) == "not installed":
            missing.append(name.group(0))
    return missing
