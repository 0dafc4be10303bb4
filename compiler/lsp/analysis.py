"""What the server knows of one version of a game XML: its model, its name index (with its map
folder's files), and its problems. Built off the event loop; read by hover, completion and the name features."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from compiler.lsp.documents import Documents, map_dir_of
from compiler.lsp.names import NameIndex, index_map_file, index_spec, index_xml, spec_definitions
from compiler.model.game import GameModel
from compiler.model.reuse import Reuse
from compiler.problems import InputError, Location, Problem


@dataclass
class Analysis:
    """One version of a game XML (or a spec) and what was found in it."""

    path: str
    version: int | None
    index: NameIndex
    model: GameModel | None = None
    map_files: list[str] = field(default_factory=list)
    problems: list[Problem] | None = None
    """None until validated"""


def map_text_files(docs: Documents, path: str) -> list[str]:
    """The map folder text files beside a game XML (or of the map of a map file)."""
    map_dir = map_dir_of(path)
    if map_dir is None:
        return []
    files = docs.map_files(map_dir)
    return [shown for shown, _ in files.files.values()] if files is not None else []


def index_game(docs: Documents, path: str) -> Analysis:
    """The name index of the game XML `path` (its buffer when open) and of its map folder's text files."""
    from compiler.gcpause import gc_paused

    version = docs.version(path)
    text = docs.text(path) or ""
    index = NameIndex()
    with gc_paused(freeze=True):
        index_xml(index, path, text)
    analysis = Analysis(path, version, index, map_files=map_text_files(docs, path))
    with gc_paused(freeze=True):
        for other in analysis.map_files:
            other_text = docs.text(other)
            if other_text is not None:
                index_map_file(index, other, other_text)
    return analysis


def index_spec_file(docs: Documents, path: str) -> Analysis:
    """The name index of a spec: the names it defines, wherever it writes them."""
    text = docs.text(path) or ""
    index = NameIndex()
    for kind, names in spec_definitions(text).items():
        index.names[kind] |= names
    index_spec(index, path, text)
    return Analysis(path, docs.version(path), index)


def validate(docs: Documents, analysis: Analysis, reuse: Reuse | None = None) -> list[Problem]:
    """Every problem of the game (and its map folder's files); keeps the game's model for hover. `reuse`: the
    game's memo from its previous validation (what its unchanged attachments gave is taken from it)."""
    from compiler.gcpause import gc_paused
    from compiler.lsp.diagnostics import engine_for
    from compiler.validate import check_parsed
    from compiler.xml.parse import parse_bytes

    inp = docs.game_input(analysis.path)

    def check() -> list[Problem]:
        data = inp.read_bytes()
        result = parse_bytes(data, inp.path, reuse)
        analysis.model = result.model
        return check_parsed(result, data, inp.path, engine_for(analysis.path), inp.map_files, reuse=reuse)

    with gc_paused(freeze=True):
        return _guarded("reading this game", inp.path, check)


def check_spec(docs: Documents, analysis: Analysis) -> list[Problem]:
    """Every problem `compile` finds in the spec (its buffer when open); keeps the compiled model for hover."""
    from compiler.compile import compile_text
    from compiler.lsp.diagnostics import engine_for

    text = docs.text(analysis.path)
    if text is None:
        return [Problem("unreadable", "the spec cannot be read", Location(analysis.path))]

    def check() -> list[Problem]:
        result = compile_text(text, Path(analysis.path), default_engine=engine_for(analysis.path))
        analysis.model = result.model
        return result.problems

    return _guarded("compiling this spec", analysis.path, check)


def _guarded(doing: str, path: str, work: Callable[[], list[Problem]]) -> list[Problem]:
    """The problems `work` finds; unreadable input is its located problem, a bug one internal-error problem
    (the server goes on)."""
    try:
        return work()
    except InputError as exc:
        return [exc.as_problem()]
    except Exception as exc:  # a bug: reported as one
        return [Problem("internal-error", f"{doing} failed: {type(exc).__name__}: {exc}", Location(path))]
