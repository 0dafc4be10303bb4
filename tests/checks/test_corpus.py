"""Real maps that the current TripleA loads get no error; their warnings are counted per check."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from conftest_shared import corpus_files

from compiler.checks import CheckContext, run_context
from compiler.mapfolder import discover
from compiler.xml.parse import parse_bytes


def _validate(path: Path, engine: str = "2.x") -> list:
    problems = []
    for inp in discover(path):
        result = parse_bytes(inp.read_bytes(), inp.path)
        ctx = CheckContext(result.model, engine=engine, map_files=inp.map_files, root=result.root)
        problems += [*result.problems, *run_context(ctx)]
    return problems


def test_no_error_on_real_games(shared: Path) -> None:
    files = corpus_files()
    assert len(files) >= 50
    errors, warnings = [], Counter()
    for f in files:
        for p in _validate(f):
            if p.is_error:
                errors.append(str(p))
            else:
                warnings[p.code] += 1
    print("\nwarnings on the real games, per check:")
    for code, n in warnings.most_common():
        print(f"  {code:28} {n}")
    assert errors == []


def test_no_error_on_real_map_folders(shared: Path) -> None:
    maps = sorted((shared / "reference" / "maps").iterdir())
    assert len(maps) >= 4
    for folder in maps:
        problems = _validate(folder)
        assert [str(p) for p in problems if p.is_error] == []
        assert not [p for p in problems if p.code == "missing-polygon"]
