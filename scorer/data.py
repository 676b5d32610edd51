"""Where the game data and the catalogues are: package data of an installed wheel, read
through `importlib.resources`, or the checkout's top-level folders.

The wheel maps the checkout's `rulesets/` and `locale/` into the package as
`scorer/rulesets/` and `scorer/locale/` (pyproject.toml, `[tool.setuptools.package-dir]`;
inside `scorer`, so no top-level package named `locale` hides the standard library's). In a
checkout, plain or installed with `pip install -e`, they stay where the design card puts
them, beside `scorer/`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


def data_folder(name: str) -> Path:
    """The folder `name` (`rulesets` or `locale`) of this installation. A wheel installs as
    plain files (never zipped), so its package data is a folder on disk."""
    packaged = resources.files("scorer") / name
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return CHECKOUT / name
