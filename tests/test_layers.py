"""The package is layered as docs/architecture.md draws it: the model at the bottom,
readers and translations and checks above it, pipelines above those, commands on top. A module may
import (at its top or inside a function) only from its own layer or below, and no two top-level
units import each other, directly or through others."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "compiler"
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"

LAYERS: tuple[tuple[str, ...], ...] = (
    # foundation: no knowledge of TripleA
    ("safetext", "problems", "packagedata", "engines", "limits", "fileio", "gcpause", "yamlread", "yamltext"),
    ("model", "catalog"),  # the game model, TripleA's vocabulary and catalogs
    ("xml", "spec", "mapfolder"),  # readers and the spec language
    ("lower", "lift", "load", "diff", "checks", "coverage", "engine", "proofs", "saves", "ava", "codes", "config",
     "selection", "suppressions", "league", "fixes"),  # translations, checks, the reference engine, league rule sets
    ("compile", "validate", "check_game", "season", "report", "terminal", "draw", "install",
     "lsp"),  # pipelines and output
    ("commands", "cli", "__main__", "__init__"),  # the command line
)
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports() -> nx.DiGraph:
    """unit -> units it imports, each edge with the first importing file as `where`."""
    graph = nx.DiGraph()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        source = _unit(module)
        graph.add_node(source)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                target = _unit(name) if name.startswith("compiler.") else None
                if target and target != source and not graph.has_edge(source, target):
                    graph.add_edge(source, target, where=f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return graph


def test_every_unit_has_a_layer() -> None:
    assert sorted(set(_imports()) - set(RANK)) == []


def test_imports_go_down_the_layers() -> None:
    graph = _imports()
    upward = [f"{data['where']}: {a} (layer {RANK[a]}) imports {b} (layer {RANK[b]})"
              for a, b, data in graph.edges(data=True) if a in RANK and b in RANK and RANK[b] > RANK[a]]
    assert upward == []


def test_no_import_cycles_between_units() -> None:
    assert list(nx.simple_cycles(_imports())) == []


def test_the_architecture_page_draws_these_layers() -> None:
    """docs/architecture.md's table of layers names the units of each layer, bottom first, as LAYERS does."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    rows = re.findall(r"^\| [a-z ,]+ \| (`.*?`) \|", text.split("| layer | units |", 1)[1], re.MULTILINE)
    drawn = [tuple(re.findall(r"`(\w+)`", row)) for row in rows]
    assert drawn == [tuple(u for u in units if not u.startswith("__")) for units in LAYERS], \
        "docs/architecture.md's table of layers differs from LAYERS"


def _module_imports() -> nx.DiGraph:
    """module -> the compiler modules it imports when it is imported (module-level imports; one of a package's
    submodules imported through the package counts as the submodule)."""
    paths = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): p
             for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    for module, path in paths.items():
        graph.add_node(module)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in paths else node.module
                           for a in node.names]
            else:
                continue
            graph.add_edges_from((module, t) for t in targets if t in paths and t != module)
    return graph


def test_no_import_cycles_between_modules() -> None:
    """A module never needs, while it is imported, one that needs it back (models <-> constructs was one)."""
    assert list(nx.simple_cycles(_module_imports())) == []
