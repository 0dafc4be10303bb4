"""Numbers in map.properties beyond what a drawing can take (an infinite or negative units.scale, a units.width
at Java's largest int) draw the map at a bounded unit size: a picture, never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.mapfolder.geometry import MAX_UNIT_SIZE, MapGeometry

MAP = Path(__file__).resolve().parents[3] / "shared" / "reference" / "catalogue" / "full" / "NaziSovietPact"


@pytest.mark.parametrize(("props", "size"), [
    ({"units.scale": "1e400"}, 48), ({"units.scale": "nan"}, 48), ({"units.scale": "-3"}, 48),
    ({"units.width": "2147483647"}, MAX_UNIT_SIZE), ({"units.width": "64", "units.scale": "0.5"}, 32),
])
def test_the_unit_size_is_bounded(props: dict[str, str], size: int) -> None:
    assert MapGeometry(properties=props).unit_size == size


def test_a_png_is_drawn_with_an_infinite_unit_scale(tmp_path: Path) -> None:
    if not MAP.is_dir():
        pytest.skip(f"needs {MAP}")
    folder = Path(shutil.copytree(MAP, tmp_path / "map"))
    with (folder / "map.properties").open("a", encoding="utf-8") as out:
        out.write("\nunits.scale=1e400\n")
    picture = tmp_path / "map.png"
    done = CliRunner().invoke(main, ["draw", str(folder), "-o", str(picture)])
    assert done.exit_code == 0, done.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
