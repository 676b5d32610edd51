"""The wheel's packages (the rest of the build is in pyproject.toml): every package of the
code, found, so that a module moved into a new package is never left out of it; and the
game data and the catalogues as package data inside `scorer` (`scorer.rulesets`,
`scorer.locale`: pyproject.toml's `package-dir` maps the checkout's top-level `rulesets/`
and `locale/` to them; scorer/data.py reads them)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["scorer", "scorer.*", "ui", "ui.*"]),
                "scorer.rulesets", "scorer.locale"])
