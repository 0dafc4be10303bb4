"""Reading polygons.txt, centers.txt, place.txt and map.properties as TripleA 2.7 does."""

from __future__ import annotations

from mini_map import map_files

from compiler.mapfolder.geometry import read_geometry, read_points, read_polygons, read_properties


def test_a_territory_may_have_several_polygons_and_keeps_its_line() -> None:
    text = "\nIsles  <  (0,0) (10,0) (10,10)  >  < (20,20) ( 30 , 20 ) (30,-30) >\n"
    outline = read_polygons(text, "polygons.txt")["Isles"]
    assert outline.rings == (((0, 0), (10, 0), (10, 10)), ((20, 20), (30, 20), (30, -30)))
    assert (outline.loc.path, outline.loc.line, outline.loc.column) == ("polygons.txt", 2, 1)


def test_points_ignore_overflow_and_unreadable_lines_and_keep_the_first_of_a_name() -> None:
    text = "A  (1,2)  (3, 4) | overflowToLeft=true\nno marker here\nA  (9,9)\n  B (5,6)\n"
    points = read_points(text, "place.txt")
    assert points["A"].points == ((1, 2), (3, 4)) and points["A"].loc.line == 1
    assert points["B"].points == ((5, 6),) and points["B"].loc.column == 3
    assert set(points) == {"A", "B"}


def test_properties_and_the_map_shape_they_give() -> None:
    props = read_properties("# c\n! c\ncolor.Reds = CC0000\nmap.width:640\nunits.scale=1.25\nunits.width=48\n")
    assert props == {"color.Reds": "CC0000", "map.width": "640", "units.scale": "1.25", "units.width": "48"}
    geometry = read_geometry(map_files())
    assert geometry.size == (1000, 200)
    assert geometry.wraps == (False, False)
    assert geometry.unit_size == 48
    assert set(geometry.polygons) == set(geometry.centers) == set(geometry.place) == {"West", "Middle", "East",
                                                                                      "Far", "Sea"}


def test_without_properties_the_size_holds_every_polygon_and_nothing_wraps() -> None:
    """TripleA wraps x by default, but without map.width the size is a guess: no wrap across a guessed edge."""
    geometry = read_geometry(map_files(properties=""))
    assert geometry.size == (901, 201)
    assert geometry.wraps == (False, False)
    assert read_geometry(map_files(properties="map.width=901\nmap.height=201\n")).wraps == (True, False)
