"""The geometry checks: each fails on its docstring's kind of mistake and passes on the fix."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest
from mini_map import CENTERS, GAME, PLACE, POLYGONS, context, map_files, text

from compiler.checks import (
    distant_connection,
    empty_polygon,
    missing_connection,
    point_outside_territory,
    polygon_without_center,
    self_intersecting_polygon,
)
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

GEOMETRY_CHECKS = (empty_polygon, self_intersecting_polygon, polygon_without_center, point_outside_territory,
                   distant_connection, missing_connection)


def found(module: ModuleType, ctx: CheckContext) -> list[Problem]:
    result: Iterator[Problem] = module.check(ctx)
    return list(result)


@pytest.mark.parametrize("module", GEOMETRY_CHECKS, ids=lambda m: m.ID)
def test_protocol(module: ModuleType) -> None:
    assert module.ID == module.__name__.rsplit(".", 1)[-1].replace("_", "-")
    assert isinstance(module.SEVERITY, Severity)
    doc = module.__doc__ or ""
    assert "Failing" in doc and "Passing" in doc


def test_the_mini_map_passes_all_but_its_two_planted_mistakes() -> None:
    ctx = context()
    codes = sorted((p.code, p.location.path, p.location.line) for m in GEOMETRY_CHECKS for p in found(m, ctx))
    # Middle and East share a border without a connection; Far lies 500 px from West, a land link
    # distant-connection leaves alone (maps link distant land on purpose).
    assert codes == [("missing-connection", "map/polygons.txt", 3)]


def test_empty_polygon() -> None:
    broken = text(POLYGONS, Far="Far  <  (800,0) (900,0) (800,0)  >")
    [problem] = found(empty_polygon, context(map_files(polygons=broken)))
    assert problem.location.line == 4 and "encloses no area" in problem.message
    collinear = text(POLYGONS, Far="Far  <  (800,0) (850,0) (900,0)  >")
    assert len(found(empty_polygon, context(map_files(polygons=collinear)))) == 1
    assert found(empty_polygon, context()) == []


def test_self_intersecting_polygon() -> None:
    bow_tie = text(POLYGONS, Far="Far  <  (800,0) (900,100) (900,0) (800,100)  >")
    [problem] = found(self_intersecting_polygon, context(map_files(polygons=bow_tie)))
    assert problem.location.line == 4 and "crosses itself at (850,50)" in problem.message
    pinched = text(POLYGONS, Far="Far  <  (800,0) (850,50) (900,0) (900,100) (850,50) (800,100)  >")
    assert found(self_intersecting_polygon, context(map_files(polygons=pinched))) == []


def test_polygon_without_center_is_an_error_at_the_polygon_line() -> None:
    [problem] = found(polygon_without_center, context(map_files(centers=text(CENTERS, Middle=None))))
    assert (problem.severity, problem.location.path, problem.location.line) == (Severity.ERROR, "map/polygons.txt", 2)
    files = map_files()
    del files.files["centers.txt"]
    [whole] = found(polygon_without_center, context(files))
    assert "no centers.txt" in whole.message


def test_point_outside_territory_for_centres_and_unit_images() -> None:
    centers = text(CENTERS, East="East  (150,50)")
    [problem] = found(point_outside_territory, context(map_files(centers=centers)))
    assert problem.location.line == 3 and "lies 50 pixels outside" in problem.message
    on_edge = text(CENTERS, East="East  (200,50)")
    assert found(point_outside_territory, context(map_files(centers=on_edge))) == []
    # a 48-pixel unit image at (160,10) reaches x=208: it overlaps East, whose edge is x=200
    touching = text(PLACE, East="East  (160,10)")
    assert found(point_outside_territory, context(map_files(place=touching))) == []
    away = text(PLACE, East="East  (210,10)  (500,10)")
    [placed] = found(point_outside_territory, context(map_files(place=away)))
    assert placed.location.path == "map/place.txt" and "1 of the 2 placement points" in placed.message


# The sea split in two: West borders Sea 1 but is connected to Sea 2, whose polygon starts 350 px away (and
# Far to nothing).
TWO_SEAS = {"Sea": None, "Sea 1": "Sea 1  <  (0,100) (450,100) (450,200) (0,200)  >",
            "Sea 2": "Sea 2  <  (450,100) (900,100) (900,200) (450,200)  >"}
WRONG_SEA = (GAME.replace('<territory name="Sea" water="true"/>',
                          '<territory name="Sea 1" water="true"/><territory name="Sea 2" water="true"/>')
             .replace('<connection t1="West" t2="Sea"/>', '<connection t1="West" t2="Sea 2"/>')
             .replace('<connection t1="Middle" t2="Sea"/>', '<connection t1="Middle" t2="Sea 1"/>')
             .replace('<connection t1="East" t2="Sea"/>', '<connection t1="Sea 1" t2="Sea 2"/>')
             .replace('<connection t1="West" t2="Far"/>', ''))


def test_distant_connection_names_the_sea_zone_a_coast_borders() -> None:
    seas = map_files(polygons=text(POLYGONS, **TWO_SEAS))
    [problem] = found(distant_connection, context(seas, WRONG_SEA))
    assert "'West' and 'Sea 2'" in problem.message and "did you mean 'Sea 1'?" in problem.message
    assert problem.location.line == WRONG_SEA.splitlines().index('  <connection t1="West" t2="Sea 2"/>') + 1
    fixed = WRONG_SEA.replace('<connection t1="West" t2="Sea 2"/>', '<connection t1="West" t2="Sea 1"/>')
    assert found(distant_connection, context(seas, fixed)) == []
    # across the wrap Sea 2's right edge meets West: they are neighbours
    wrapping = map_files(polygons=text(POLYGONS, **TWO_SEAS), properties="map.width=920\nmap.scrollWrapX=true\n")
    assert found(distant_connection, context(wrapping, WRONG_SEA)) == []


def test_distant_connection_finds_a_sea_zone_linked_to_distant_coasts() -> None:
    seas = map_files(polygons=text(POLYGONS, **TWO_SEAS))
    # West and Middle border Sea 1 and are connected to it, but also to Sea 2, 350 and 250 px away
    mixed_up = WRONG_SEA.replace('<connection t1="West" t2="Sea 2"/>',
                                 '<connection t1="West" t2="Sea 1"/><connection t1="West" t2="Sea 2"/>'
                                 '<connection t1="Middle" t2="Sea 2"/><connection t1="Far" t2="Sea 2"/>')
    found_ = found(distant_connection, context(seas, mixed_up))
    assert sorted(p.message.split("'")[1] for p in found_) == ["Middle", "West"]
    assert all("'Sea 2' is connected to other distant coasts" in p.message for p in found_)


def test_distant_connection_leaves_boxes_and_land_links_alone() -> None:
    seas = map_files(polygons=text(POLYGONS, **TWO_SEAS))
    # Sea 2 linked to far land twice (of three connections): a holding box's links, on purpose
    box = WRONG_SEA.replace('<connection t1="Sea 1" t2="Sea 2"/>',
                            '<connection t1="Sea 1" t2="Sea 2"/><connection t1="Sea 2" t2="Middle"/>')
    assert found(distant_connection, context(seas, box)) == []
    assert found(distant_connection, context()) == []  # West and Far: land linked to distant land


def test_missing_connection_skips_isolated_and_impassable_territories() -> None:
    [problem] = found(missing_connection, context())
    assert "'East' and 'Middle'" in problem.message
    connected = GAME.replace('<connection t1="East" t2="Sea"/>', '<connection t1="East" t2="Sea"/>'
                             '<connection t1="East" t2="Middle"/>')
    assert found(missing_connection, context(xml=connected)) == []
    isolated = GAME.replace('<connection t1="East" t2="Sea"/>', "")
    assert found(missing_connection, context(xml=isolated)) == []
    impassable = GAME.replace("</attachmentList>", '<attachment name="territoryAttachment" attachTo="East" '
                              'javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">'
                              '<option name="isImpassable" value="true"/></attachment></attachmentList>')
    assert found(missing_connection, context(xml=impassable)) == []


def test_no_map_no_findings() -> None:
    ctx = context()
    ctx.map_files = None
    assert [p for m in GEOMETRY_CHECKS for p in found(m, ctx)] == []
