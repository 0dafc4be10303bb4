"""fmt on the project's specs and on imported games: the compiled XML is byte-identical before and after,
formatting twice changes nothing, and both YAML readers agree on the result."""

from __future__ import annotations

from pathlib import Path

import pytest
from fmt_helpers import comments, read_both

from compiler.compile import compile_spec
from compiler.lift import import_text
from compiler.spec.base_source import absolute_base
from compiler.spec.fmt import block_text, format_text
from compiler.xml.parse import parse_file

SPECS = Path(__file__).resolve().parents[2] / "specs"
NAMES = sorted(p.stem for p in SPECS.glob("*.yaml"))


def _xml(text: str, name: str, folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"  # the same file name: the XML header names it
    path.write_text(absolute_base(text, SPECS / f"{name}.yaml"), encoding="utf-8")  # a variant's base: as in specs/
    result = compile_spec(path)
    assert result.ok, [str(p) for p in result.problems if p.is_error][:5]
    return result.xml or ""


@pytest.mark.parametrize("name", NAMES)
def test_formatting_a_spec_keeps_its_compiled_xml(name: str, tmp_path: Path) -> None:
    original = (SPECS / f"{name}.yaml").read_text(encoding="utf-8")
    blocky = block_text(original)
    formatted = format_text(blocky, f"{name}.yaml")
    assert format_text(formatted, f"{name}.yaml") == formatted  # idempotent
    assert comments(formatted) == comments(blocky)
    assert formatted.count("\n") < blocky.count("\n")
    slow, fast = read_both(formatted)
    assert fast is not None and fast == slow  # the fast path reads it, and reads it as ruamel does
    assert _xml(formatted, name, tmp_path / "after") == _xml(original, name, tmp_path / "before")


@pytest.mark.parametrize("name", NAMES)
def test_project_specs_are_formatted(name: str) -> None:
    text = (SPECS / f"{name}.yaml").read_text(encoding="utf-8")
    assert format_text(text, f"{name}.yaml") == text, f"run: triplea-compiler fmt specs/{name}.yaml"


IMPORTED = ["empire/map/games/Empire.xml", "world_war_ii_classic/map/games/classic.xml"]


@pytest.mark.parametrize("game", IMPORTED)
def test_formatting_an_imported_game_keeps_its_compiled_xml(game: str, shared: Path, tmp_path: Path) -> None:
    path = shared / "reference" / "maps" / game
    imported = import_text(parse_file(path).model, f"Imported from {path.name}.")
    formatted = format_text(imported, "game.yaml")
    assert format_text(formatted, "game.yaml") == formatted
    assert format_text(imported, "game.yaml", width=0).count("\n") <= imported.count("\n")
    assert _xml(formatted, "game", tmp_path / "after") == _xml(imported, "game", tmp_path / "before")
