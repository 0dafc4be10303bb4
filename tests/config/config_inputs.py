"""Real inputs for the configuration tests: the repository's two_fronts spec, compiled, then broken twice."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.compile import compile_spec

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "two_fronts.yaml"
ATOLL = '<territory name="Atoll"/>'  # an island with no connection: an isolated-territory warning
BAD_PLACEMENT = 'unitType="infantri"'  # a misspelt unit: an unknown-unit error


@cache
def two_fronts_xml() -> str:
    """The game XML two_fronts.yaml compiles to (clean: no problem at all)."""
    result = compile_spec(SPEC)
    assert result.ok and not result.problems, [str(p) for p in result.problems]
    return result.xml or ""


def broken_game(folder: Path, name: str = "broken.xml") -> Path:
    """two_fronts with one warning (isolated-territory) and one error (unknown-unit), written in `folder`."""
    text = two_fronts_xml().replace("<map>\n", f"<map>\n    {ATOLL}\n", 1)
    text = text.replace('unitType="infantry"', BAD_PLACEMENT, 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first occurrence of `needle` in `path`."""
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if needle in text)


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    """`triplea-compiler ARGS`, never a traceback."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result
