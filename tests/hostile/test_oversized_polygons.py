"""A territory with more points or polygons than the geometry work reads (beyond any real map's) is left out
of the checks and drawings and reported at its line (oversized-polygon), in seconds and bounded memory; a
real map stays as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.mapfolder.geometry import MAX_POINTS, MAX_RINGS, read_polygons
from compiler.problems import Problem
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

MAP = Path(__file__).resolve().parents[3] / "shared" / "reference" / "catalogue" / "full" / "NaziSovietPact"


def squares(count: int) -> str:
    return " ".join(f"< ({i % 3000},{i // 3000}) ({i % 3000 + 1},{i // 3000}) ({i % 3000},{i // 3000 + 1}) >"
                    for i in range(count))


def ring(points: int) -> str:
    return "< " + " ".join(f"({i % 3000},{i // 3000})" for i in range(points)) + " >"


@pytest.mark.parametrize(("polygons", "points", "rings"), [
    (squares(MAX_RINGS + 1), 3 * (MAX_RINGS + 1), MAX_RINGS + 1), (ring(MAX_POINTS + 1), MAX_POINTS + 1, 1)])
def test_an_oversized_territory_is_left_out_and_reported(tmp_path: Path, polygons: str, points: int,
                                                         rings: int) -> None:
    if not MAP.is_dir():
        pytest.skip(f"needs {MAP}")
    folder = Path(shutil.copytree(MAP, tmp_path / "map"))
    path = folder / "polygons.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    name = lines[0][:lines[0].index("<")].strip()
    lines[0] = f"{name}  {polygons}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems: list[Problem] = validate_batch(collect((folder,), Flags()), "2.7").problems
    [big] = [p for p in problems if p.code == "oversized-polygon"]
    assert (big.location.path, big.location.line) == (str(path), 1) and f"'{name}' has {points:,} points" in big.message
    assert f"in {rings:,} polygon(s)" in big.message
    picture = tmp_path / "map.svg"
    assert CliRunner().invoke(main, ["draw", str(folder), "-o", str(picture)]).exit_code == 0


def test_real_territories_are_read_whole() -> None:
    text = "Isles  " + squares(42) + "\nDesert  " + ring(20_453) + "\n"  # the catalogue's largest of each
    assert set(read_polygons(text, "polygons.txt")) == {"Isles", "Desert"}
