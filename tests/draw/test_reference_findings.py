"""The geometry checks over the four reference maps find exactly what docs/checks.md's table reviews (aggression's
basins linked on purpose across land are no longer reported by distant-connection)."""

from __future__ import annotations

from pathlib import Path

from compiler.checks import (
    distant_connection,
    empty_polygon,
    missing_connection,
    point_outside_territory,
    polygon_without_center,
    self_intersecting_polygon,
)
from compiler.checks.context import CheckContext
from compiler.mapfolder.source import load_map_dir
from compiler.xml.parse import parse_bytes

CHECKS = (empty_polygon, self_intersecting_polygon, polygon_without_center, point_outside_territory,
          distant_connection, missing_connection)

# (map, file the problem points at, line, id, the territories it names) -- one row per row of that table.
EXPECTED = {
    ("empire", "polygons.txt", 48, "missing-connection", "Arabia Petrea|Egyptus"),
}


def _names(message: str) -> str:
    return "|".join(part for i, part in enumerate(message.split("'")) if i % 2)


def test_geometry_findings_on_the_reference_maps(shared: Path) -> None:
    seen = set()
    for folder in sorted((shared / "reference" / "maps").iterdir()):
        files = load_map_dir(folder / "map")
        for game in files.games:
            model = parse_bytes(Path(game).read_bytes(), game).model
            ctx = CheckContext(model, map_files=files)
            for module in CHECKS:
                for p in module.check(ctx):
                    seen.add((folder.name, Path(p.location.path).name, p.location.line, p.code, _names(p.message)))
    assert seen == EXPECTED
