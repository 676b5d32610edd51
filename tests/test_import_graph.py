"""The code's imports, read from the source (standard library `ast`): every `import` counts,
at the top of a module, inside a function or under `if TYPE_CHECKING:` alike (an import
that is there only for the type checker still ties the two modules together for a reader).

- No import cycle among the modules of `ui/`, of `scorer/`, nor between `tools/` and
  `benchmarks/` as packages (tools are below the benchmarks: a benchmark starts a cluster,
  a cluster never runs a benchmark).
- `ui/` in layers, each importing only the layers under it: `ui.app` and `ui.__main__` (the
  app put together) over `ui.screens` (views) over `ui.session` (one phone's model) over
  `ui.live` (games in progress) over `ui.store` (what is kept) over `ui.entry` (the draft
  and its edits, as values) over `ui.text` (the words). `ui.web` (the server) stands
  beside them: any layer may use it, and it uses nothing of theirs but `ui.text`.
- `scorer/` (the engine) imports nothing of `ui` nor Flet.

An import ties the importer to the module it names: `from a.b import c` to `a.b.c` when `c`
is a module, else to `a.b` (as import-linter and pydeps count them; a package's
`__init__.py` that re-exports is one module among the others).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

UI_LAYERS: tuple[tuple[str, ...], ...] = (
    ("ui", "ui.app", "ui.__main__"),  # `ui` itself: its docstring
    ("ui.screens",),
    ("ui.session",),
    ("ui.live",),
    ("ui.store",),
    ("ui.entry",),
    ("ui.text",),
)
"""The layers of `ui/`, top first: a module may import its own layer and those below."""

UI_BESIDE: Mapping[str, tuple[str, ...]] = {"ui.web": ("ui.text",)}
"""Packages beside the layers: any layer may import them; each imports only itself and the
packages named here (and the standard library and third parties)."""

Graph = dict[str, set[str]]


def module_name(root: Path, path: Path) -> str:
    """`ui/store/db.py` -> `ui.store.db`; `ui/store/__init__.py` -> `ui.store`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool) -> set[str]:
    """Every dotted name the imports of `source` name: a module, or a module's attribute
    (`from a import b` gives `a.b`, whichever `b` is), relative imports resolved against
    `module`. Imports inside functions and under `if TYPE_CHECKING:` count as the others."""
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                start = ".".join(base + ([node.module] if node.module else []))
            else:
                start = node.module or ""
            names.update(start if alias.name == "*" else f"{start}.{alias.name}"
                         for alias in node.names)
    return names


def module_of(name: str, modules: Mapping[str, object]) -> str | None:
    """The module a dotted name is, or is an attribute of: its longest prefix among
    `modules` (None: none of them, a module from outside)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in modules:
            return ".".join(parts[:end])
    return None


def read_graph(root: Path, packages: Iterable[str]) -> tuple[Graph, dict[str, set[str]]]:
    """The import graph among the modules of `packages` (under `root`), and, for each
    module, every top-level name it imports from outside them (`flet`, `json`...)."""
    files = {module_name(root, p): p for package in packages
             for p in sorted((root / package.replace(".", "/")).rglob("*.py"))}
    graph: Graph = {name: set() for name in files}
    outside: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for imported in imported_names(path.read_text("utf-8"), name,
                                       path.name == "__init__.py"):
            target = module_of(imported, files)
            if target is None:
                outside[name].add(imported.split(".")[0])
            elif target != name:
                graph[name].add(target)
    return graph, outside


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected set of two or more modules (Tarjan's
    algorithm, iterative), and each module importing itself; sorted, for a stable message."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph.get(node, ()):
                    found.append(sorted(group))
    return sorted(found)


def layer_of(module: str, layers: tuple[tuple[str, ...], ...],
             beside: Mapping[str, tuple[str, ...]]) -> str | int | None:
    """The layer's rank (0 the top) of a module, the name of the package beside the
    layers holding it, or None: in none (the longest package that holds it decides)."""
    best: tuple[int, str | int] | None = None
    for rank, names in enumerate(layers):
        for package in names:
            if (module == package or module.startswith(package + ".")) and (
                    best is None or len(package) > best[0]):
                best = (len(package), rank)
    for package in beside:
        if (module == package or module.startswith(package + ".")) and (
                best is None or len(package) > best[0]):
            best = (len(package), package)
    return None if best is None else best[1]


def wrong_way(graph: Mapping[str, Iterable[str]], layers: tuple[tuple[str, ...], ...],
              beside: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Every import against the layers: a layer importing one above it, a package beside
    the layers importing a layer (or another package) it was not given, a module in no
    layer. Each as "importer -> imported: why"."""
    wrong: list[str] = []
    for module in sorted(graph):
        mine = layer_of(module, layers, beside)
        if mine is None:
            wrong.append(f"{module}: in no layer")
            continue
        for target in sorted(graph[module]):
            if module.startswith(target + "."):
                continue  # a package above the importer: it ran before the importer did
            theirs = layer_of(target, layers, beside)
            if theirs is None or theirs == mine:
                continue
            if isinstance(mine, str):
                if theirs not in beside[mine] and not (
                        isinstance(theirs, int) and any(
                            target == p or target.startswith(p + ".")
                            for p in beside[mine])):
                    wrong.append(f"{module} -> {target}: {mine} stands beside the layers "
                                 f"and may import only {list(beside[mine])}")
            elif isinstance(theirs, int) and theirs < mine:
                wrong.append(f"{module} -> {target}: an upward import (layer {mine} "
                             f"{layers[mine]} over layer {theirs} {layers[theirs]})")
    return wrong


def said(groups: list[list[str]]) -> str:
    return "\n".join(" <-> ".join(group) for group in groups)


# --- the code as it is -------------------------------------------------------------------------


def test_import_graph_ui_has_no_cycle() -> None:
    graph, _ = read_graph(ROOT, ["ui"])
    assert len(graph) > 40, sorted(graph)  # the reader found the app's modules
    found = cycles(graph)
    assert not found, "import cycles in ui/:\n" + said(found)


def test_import_graph_scorer_has_no_cycle() -> None:
    graph, _ = read_graph(ROOT, ["scorer"])
    assert {"scorer.api", "scorer.games.duel.checks", "scorer.games.duel.pantheon"} <= set(graph)
    found = cycles(graph)
    assert not found, "import cycles in scorer/:\n" + said(found)


def test_import_graph_ui_imports_only_downward() -> None:
    graph, _ = read_graph(ROOT, ["ui"])
    wrong = wrong_way(graph, UI_LAYERS, UI_BESIDE)
    assert not wrong, "imports against ui/'s layers:\n" + "\n".join(wrong)


def test_import_graph_every_ui_package_is_a_layer_or_beside_them() -> None:
    """A new folder of `ui/` is given its place in the layers (here) before it is used."""
    folders = {module_name(ROOT, p.parent) for p in (ROOT / "ui").glob("*/__init__.py")}
    placed = {p for layer in UI_LAYERS for p in layer} | set(UI_BESIDE)
    assert folders <= placed, sorted(folders - placed)
    assert {"ui.screens", "ui.session", "ui.live", "ui.store", "ui.entry", "ui.text",
            "ui.web"} <= folders


def test_import_graph_scorer_imports_neither_ui_nor_flet() -> None:
    graph, outside = read_graph(ROOT, ["scorer", "ui"])
    engine = [m for m in graph if m.split(".")[0] == "scorer"]
    into_ui = [f"{m} -> {t}" for m in engine for t in sorted(graph[m]) if t.split(".")[0] == "ui"]
    flet = [f"{m} -> {t}" for m in engine for t in sorted(outside[m]) if t.startswith("flet")]
    assert not into_ui and not flet, into_ui + flet


def test_import_graph_tools_are_under_the_benchmarks() -> None:
    """The benchmarks use the tools (a cluster, a server as a subprocess); no tool imports a
    benchmark, so the two packages make no cycle."""
    graph, _ = read_graph(ROOT, ["tools", "benchmarks"])
    up = [f"{m} -> {t}" for m in sorted(graph) if m.startswith("tools")
          for t in sorted(graph[m]) if t.startswith("benchmarks")]
    assert not up, up
    packages = {m.split(".")[0]: {t.split(".")[0] for t in graph[m]} for m in graph}
    assert not cycles({p: {t for m, ts in packages.items() if m == p for t in ts} - {p}
                       for p in packages})


# --- the checker itself: a planted cycle and a planted upward import are found -----------------


def test_import_graph_finds_a_planted_cycle() -> None:
    graph = {"ui.a": {"ui.b"}, "ui.b": {"ui.c"}, "ui.c": {"ui.a"}, "ui.d": {"ui.a"},
             "ui.e": {"ui.e"}}
    assert cycles(graph) == [["ui.a", "ui.b", "ui.c"], ["ui.e"]]
    assert cycles({"ui.a": {"ui.b"}, "ui.b": set(), "ui.d": {"ui.a", "ui.b"}}) == []


def test_import_graph_finds_a_planted_upward_import() -> None:
    layers = (("ui.top",), ("ui.mid",), ("ui.low",))
    beside = {"ui.side": ("ui.low",)}
    graph = {
        "ui.top.view": {"ui.mid.model", "ui.side.server"},  # down, and beside: right
        "ui.mid.model": {"ui.low.words", "ui.top.view"},  # up: wrong
        "ui.low.words": set(),
        "ui.side.server": {"ui.low.words", "ui.mid.model"},  # a layer not given: wrong
        "ui.stray": set(),  # in no layer: wrong
    }
    assert wrong_way(graph, layers, beside) == [
        "ui.mid.model -> ui.top.view: an upward import (layer 1 ('ui.mid',) over layer 0 "
        "('ui.top',))",
        "ui.side.server -> ui.mid.model: ui.side stands beside the layers and may import only "
        "['ui.low']",
        "ui.stray: in no layer",
    ]


def test_import_graph_reads_imports_in_functions_and_for_the_type_checker(
        tmp_path: Path) -> None:
    """The imports a cycle hides behind (inside a function, under TYPE_CHECKING, relative,
    a module's attribute) are read as the others."""
    pkg = tmp_path / "app"
    (pkg / "low").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("")
    (pkg / "low" / "words.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from app.model import Model\n")
    (pkg / "model.py").write_text(
        "import json\n"
        "def later():\n"
        "    from .low import words\n"
        "    return words\n")
    (pkg / "view.py").write_text("from app import model as m\nimport flet as ft\n")
    graph, outside = read_graph(tmp_path, ["app"])
    assert graph["app.low.words"] == {"app.model"}
    assert graph["app.model"] == {"app.low.words"}
    assert graph["app.view"] == {"app.model"}
    assert outside["app.view"] == {"flet"} and outside["app.model"] == {"json"}
    assert cycles(graph) == [["app.low.words", "app.model"]]


@pytest.mark.parametrize("source, module, package, expected", [
    ("from . import x", "a.b", False, {"a.x"}),
    ("from .. import x, y", "a.b.c", False, {"a.x", "a.y"}),
    ("from .y import z", "a.b", True, {"a.b.y.z"}),
    ("from a.b import *", "q", False, {"a.b"}),
    ("import a.b.c as d, e", "q", False, {"a.b.c", "e"}),
])
def test_import_graph_resolves_relative_imports(source: str, module: str, package: bool,
                                                expected: set[str]) -> None:
    assert imported_names(source, module, package) == expected
