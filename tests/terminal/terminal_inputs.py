"""Real inputs for the terminal tests: the repository's two_fronts spec and its game XML with an island
that has no connection (one isolated-territory warning)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.compile import compile_spec

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "two_fronts.yaml"
ISLAND_SPEC = "  Atoll: {production: 1}\n"


@cache
def island_xml() -> str:
    """two_fronts' game XML with one more territory, Atoll, connected to nothing."""
    result = compile_spec(SPEC)
    assert result.ok and not result.problems, [str(p) for p in result.problems]
    return (result.xml or "").replace("<map>\n", '<map>\n    <territory name="Atoll"/>\n', 1)


def island_spec() -> str:
    """two_fronts.yaml with the same island."""
    return SPEC.read_text().replace("territories:\n", "territories:\n" + ISLAND_SPEC, 1)


def games(folder: Path, count: int) -> list[Path]:
    """`count` copies of the island game in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"island{i}.xml" for i in range(count)]
    for path in paths:
        path.write_text(island_xml(), encoding="utf-8")
    return paths


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    """`triplea-compiler ARGS`, never a traceback."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result
