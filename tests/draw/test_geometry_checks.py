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
    ctx = context(xml=EAST_ON_LAND)
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


def test_self_intersecting_polygon_winding_twice_round_a_part() -> None:
    looped = text(POLYGONS, Far="Far  <  (800,0) (830,0) (830,30) (810,30) (810,10) (820,10) (820,40) (800,40)  >")
    [problem] = found(self_intersecting_polygon, context(map_files(polygons=looped)))
    assert problem.location.line == 4 and "crosses itself at (" in problem.message
    assert "winds twice round 200 square pixels" in problem.message and "even-odd" in problem.message


def test_crossings_filled_as_drawn_pass() -> None:
    bow_tie = text(POLYGONS, Far="Far  <  (800,0) (900,100) (900,0) (800,100)  >")  # both halves wound once
    assert found(self_intersecting_polygon, context(map_files(polygons=bow_tie))) == []
    pinched = text(POLYGONS, Far="Far  <  (800,0) (850,50) (900,0) (900,100) (850,50) (800,100)  >")
    assert found(self_intersecting_polygon, context(map_files(polygons=pinched))) == []
    spike = text(POLYGONS, Far="Far  <  (800,0) (900,0) (900,100) (850,100) (850,102) (852,98) (800,100)  >")
    assert found(self_intersecting_polygon, context(map_files(polygons=spike))) == []
    # a cut line runs in to a hole (a lake) and back out across itself: the hole is meant (the cut's
    # crossing winds twice round a 20 px² sliver only)
    lake = text(POLYGONS, Far="Far  <  (800,0) (900,0) (900,100) (851,100) (849,60) (870,60) (870,40) (830,40) "
                              "(830,60) (851,60) (849,100) (800,100)  >")
    assert found(self_intersecting_polygon, context(map_files(polygons=lake))) == []
    looped = text(POLYGONS, Far="Far  <  (800,0) (810,0) (810,3) (802,3) (802,1) (804,1) (804,5) (800,5)  >")
    assert found(self_intersecting_polygon, context(map_files(polygons=looped))) == []  # 4 px² twice: unseen


def test_polygon_without_center_is_an_error_at_the_polygon_line() -> None:
    [problem] = found(polygon_without_center, context(map_files(centers=text(CENTERS, Middle=None))))
    assert (problem.severity, problem.location.path, problem.location.line) == (Severity.ERROR, "map/polygons.txt", 2)
    files = map_files()
    del files.files["centers.txt"]
    [whole] = found(polygon_without_center, context(files))
    assert "no centers.txt" in whole.message


def _outside(**files: str) -> list[str]:
    return [p.message for p in found(point_outside_territory, context(map_files(**files)))]


def test_a_centre_on_another_territory_or_far_from_its_own_is_reported() -> None:
    [on_middle] = found(point_outside_territory, context(map_files(centers=text(CENTERS, East="East  (150,50)"))))
    assert on_middle.location.line == 3 and "lies on 'Middle', 50 pixels outside" in on_middle.message
    assert "TripleA writes the name there" in on_middle.message
    [far] = _outside(centers=text(CENTERS, East="East  (600,50)"))  # on no polygon, 300 px away
    assert "of 'East' lies 300 pixels outside its polygon" in far
    [sea_on_land] = _outside(centers=text(CENTERS, Sea="Sea  (50,50)"))  # a sea zone's name on land
    assert "of 'Sea' lies on 'West'" in sea_on_land
    assert _outside(centers=text(CENTERS, East="East  (200,50)")) == []  # on its edge
    assert _outside(centers=text(CENTERS, East="East  (250,130)")) == []  # in the water beside it


def test_a_unit_image_on_another_territory_or_out_of_reach_is_reported() -> None:
    # a 48-pixel unit image at (160,10) reaches x=208: it overlaps East, whose edge is x=200
    assert _outside(place=text(PLACE, East="East  (160,10)")) == []
    # a row of images leading from East into the sea beside it is within reach
    assert _outside(place=text(PLACE, East="East  (210,10)  (220,110)  (280,110)  (340,110)  (400,110)")) == []
    [placed] = _outside(place=text(PLACE, East="East  (210,10)  (500,10)  (120,10)"))
    assert "2 of the 3 placement points of 'East'" in placed
    assert "(500,10) 200 pixels away; (120,10) on 'Middle'" in placed and "TripleA draws the units there" in placed


def test_territories_without_connections_are_left_out() -> None:
    far_centre = text(CENTERS, Far="Far  (450,50)")
    assert len(_outside(centers=far_centre)) == 1
    unconnected = GAME.replace('<connection t1="West" t2="Far"/>', "")
    assert found(point_outside_territory, context(map_files(centers=far_centre), xml=unconnected)) == []


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


# East connected to land too (in GAME it reaches only the sea): its unconnected border with Middle counts.
EAST_ON_LAND = GAME.replace('<connection t1="East" t2="Sea"/>', '<connection t1="East" t2="Sea"/>'
                            '<connection t1="East" t2="West"/>')


def test_missing_connection_skips_isolated_and_impassable_territories() -> None:
    [problem] = found(missing_connection, context(xml=EAST_ON_LAND))
    assert "'East' and 'Middle'" in problem.message and "TripleA moves no unit across it" in problem.message
    connected = EAST_ON_LAND.replace('<connection t1="East" t2="Sea"/>', '<connection t1="East" t2="Sea"/>'
                                     '<connection t1="East" t2="Middle"/>')
    assert found(missing_connection, context(xml=connected)) == []
    isolated = GAME.replace('<connection t1="East" t2="Sea"/>', "")
    assert found(missing_connection, context(xml=isolated)) == []
    impassable = EAST_ON_LAND.replace("</attachmentList>", '<attachment name="territoryAttachment" attachTo="East" '
                                      'javaClass="games.strategy.triplea.attachments.TerritoryAttachment" '
                                      'type="territory"><option name="isImpassable" value="true"/></attachment>'
                                      "</attachmentList>")
    assert found(missing_connection, context(xml=impassable)) == []


def test_missing_connection_skips_territories_walled_off_on_purpose() -> None:
    assert found(missing_connection, context()) == []  # East reaches only the sea: an island drawn touching
    # Far moved beside East: East now has two unconnected land borders, a wall the map draws on purpose
    beside = map_files(polygons=text(POLYGONS, Far="Far  <  (300,0) (400,0) (400,100) (300,100)  >"))
    assert found(missing_connection, context(beside, EAST_ON_LAND)) == []


def test_no_map_no_findings() -> None:
    ctx = context()
    ctx.map_files = None
    assert [p for m in GEOMETRY_CHECKS for p in found(m, ctx)] == []
