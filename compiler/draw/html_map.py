"""The HTML report's map of a section, drawn once: the board of its first readable game (owners,
capitals, units) on the map's polygons (else that game's connections), with every finding of the
section marked on its territory: a map file's where that file or its message puts it, a game's
where that game's XML or its message does."""

from __future__ import annotations

from dataclasses import dataclass

from compiler.draw.build import draw_game
from compiler.draw.html_outline import Part, Section
from compiler.draw.locate import TerritoryIndex
from compiler.draw.scene import Mark, Scene
from compiler.mapfolder.geometry import MapGeometry, read_geometry
from compiler.mapfolder.source import GameInput
from compiler.model.game import GameModel


@dataclass(frozen=True)
class SectionMap:
    """The drawn map (None when no game of the section could be drawn) and the game whose board it shows."""

    scene: Scene | None
    board: GameInput | None

    @property
    def marked(self) -> set[int]:
        return {m.number for m in self.scene.marks} if self.scene is not None else set()


def _model(inp: GameInput) -> GameModel | None:
    from compiler.xml.parse import parse_bytes

    try:
        return parse_bytes(inp.read_bytes(), inp.path).model
    except Exception:  # a game that cannot be read is still listed with its problems
        return None


def _board(section: Section, models: dict[str, GameModel | None]) -> tuple[Scene, GameInput] | None:
    for inp in section.games:
        model = models.setdefault(inp.path, _model(inp))
        if model is None:
            continue
        try:
            return draw_game(model, map_files=section.map_files), inp
        except Exception:  # a game that cannot be drawn: try the next one
            continue
    return None


def _mark(scene: Scene, part: Part, index: TerritoryIndex) -> None:
    """Mark `part`'s findings on their territories, as draw_game marks a game's problems."""
    centers = {a.name: a.center for a in scene.areas}
    off = scene.scale * (0.8 if scene.labels else 0.35)
    for group in part.groups:
        for finding in group.findings:
            territory = index.territory_of(finding.problem)
            if territory is None or territory not in centers:
                scene.unplaced.append(finding.problem)
                continue
            x, y = centers[territory]
            scene.marks.append(Mark(finding.number, (x + off, y - off), territory, finding.problem))


def section_map(section: Section) -> SectionMap:
    """The section's map with its findings marked (each game read only when it is drawn or has findings)."""
    models: dict[str, GameModel | None] = {}
    drawn = _board(section, models)
    if drawn is None:
        return SectionMap(None, None)
    scene, board = drawn
    geometry: MapGeometry | None = read_geometry(section.map_files) if section.map_files is not None else None
    for part in section.parts:
        if not part.problems:
            continue
        if part.game is None:  # the map's files: their lines, and the drawn game's territory names
            model = models[board.path]
        else:
            model = models.setdefault(part.game.path, _model(part.game))
        _mark(scene, part, TerritoryIndex(model, geometry))
    return SectionMap(scene, board)
