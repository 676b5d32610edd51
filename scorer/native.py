"""Compiled copies of the engine's hot modules, made with mypyc (part of mypy).

The scoring and validation loops are plain typed Python; mypyc compiles the very same
modules to C extensions, which roughly halves `score()` on a full table. The compiled
copies are optional and never stale:

- `python tools/build_native.py` builds them into `scorer/_native/` (about 20 s; needs mypy and a
  C compiler) unless the build there is already up to date. `./scripts/run` and
  `./scripts/test` do this.
- On import, `scorer` uses them only when `scorer/_native/SIGNATURE` matches the size and
  modification time of every module of `scorer` now (the rule Python uses for `.pyc`), so an
  edited source is always run as source until the next build. `WONDERS_NATIVE=off` runs
  the pure Python modules regardless.
"""

from __future__ import annotations

import importlib.util
import os
import sys

SOURCE_DIR = os.path.dirname(os.path.abspath(__file__))
NATIVE_DIR = os.path.join(SOURCE_DIR, "_native")
MODULES = (
    "board",
    "duel",
    "duel_validate",
    "engine",
    "military",
    "science",
    "validate",
    "verdict",
)
"""The hot path: what `score()` runs per table. Model modules (pydantic classes) stay
Python: mypyc does not compile classes with a metaclass. So does `names`: its `NameIndex`
is pickled with each compiled ruleset (`scorer.compiled`), and a compiled class would not
pickle."""


def signature() -> str:
    """What a build was made from: the Python version and every module's size and mtime."""
    lines = [sys.version]
    for name in sorted(os.listdir(SOURCE_DIR)):
        if name.endswith(".py"):
            st = os.stat(os.path.join(SOURCE_DIR, name))
            lines.append(f"{name} {st.st_size} {st.st_mtime_ns}")
    return "\n".join(lines)


def built_signature() -> str | None:
    try:
        with open(os.path.join(NATIVE_DIR, "SIGNATURE"), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


def activate(package_path: list[str]) -> bool:
    """Put a fresh build first on the `scorer` package's path; False (pure Python) when
    there is none, it is stale, or `WONDERS_NATIVE=off`."""
    if os.environ.get("WONDERS_NATIVE") == "off" or built_signature() != signature():
        return False
    try:
        for name in os.listdir(NATIVE_DIR):
            if "__mypyc" in name and name.endswith(".so"):
                _load_group_library(name)
    except (OSError, ImportError):
        return False
    package_path.insert(0, NATIVE_DIR)
    return True


def _load_group_library(file_name: str) -> None:
    """The compiled modules share one library, which they import by a top-level name:
    loaded here by its path, so that `scorer/_native` need not be on `sys.path`."""
    name = file_name.split(".", 1)[0]
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, os.path.join(NATIVE_DIR, file_name))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {file_name}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module


def in_use() -> bool:
    """Whether this process runs the compiled engine."""
    from scorer import engine

    return not engine.__file__.endswith(".py") if engine.__file__ else False


def build(force: bool = False) -> bool:
    """Compile `MODULES` into `scorer/_native/`; False when it was already up to date."""
    import shutil
    import tempfile

    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    made_from = signature()
    if not force and built_signature() == made_from:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        # mypyc writes the extensions beside the sources: compile a copy, keep the output.
        shutil.copytree(SOURCE_DIR, os.path.join(tmp, "scorer"), ignore=_not_sources)
        here = os.getcwd()
        os.chdir(tmp)
        try:
            setup(
                name="scorer-native",
                ext_modules=mypycify([f"scorer/{m}.py" for m in MODULES], opt_level="3"),
                script_args=["--quiet", "build_ext", "--inplace"],
            )
        finally:
            os.chdir(here)
        staging = f"{NATIVE_DIR}.new-{os.getpid()}"  # beside the target: rename is atomic
        os.mkdir(staging)
        for folder in (tmp, os.path.join(tmp, "scorer")):
            for name in os.listdir(folder):
                if name.endswith(".so"):
                    shutil.move(os.path.join(folder, name), staging)
        with open(os.path.join(staging, "SIGNATURE"), "w", encoding="utf-8") as f:
            f.write(made_from)
    shutil.rmtree(NATIVE_DIR, ignore_errors=True)
    try:
        os.rename(staging, NATIVE_DIR)
    except OSError:  # another build landed first: keep that one
        shutil.rmtree(staging, ignore_errors=True)
    return True


def _not_sources(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n == "__pycache__" or n.startswith("_native") or n.endswith(".so")]
