"""Drawing real maps and saves: structure of the SVG (territories, owners' colours, units, signs,
problem marks) and pixels of the PNG where territories and marks are."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree
from mini_map import map_files, model
from PIL import Image

from compiler.draw import draw_game, render_png, render_svg
from compiler.draw.colors import WATER
from compiler.mapfolder.geometry import read_geometry
from compiler.mapfolder.source import load_map_dir
from compiler.problems import Location, Problem, Severity
from compiler.saves import read_save
from compiler.xml.parse import parse_bytes

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def svg_tree(text: str) -> etree._Element:
    return etree.fromstring(text.encode())


def territories(tree: etree._Element) -> dict[str, etree._Element]:
    return {g.get("data-territory"): g for g in tree.iter(f"{SVG}g") if "territory" in (g.get("class") or "").split()}


def pixel(png: bytes, x: float, y: float, scale: float) -> tuple[int, ...]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return tuple(image.getpixel((round(x * scale), round(y * scale))))


def rgb(color: str) -> tuple[int, ...]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


def test_the_mini_map_structure_and_pixels() -> None:
    problem = Problem("x-check", "something about 'East'", Location("elsewhere"), Severity.ERROR)
    scene = draw_game(model(), map_files=map_files(), problems=[problem])
    tree = svg_tree(render_svg(scene))
    found = territories(tree)
    assert set(found) == {"West", "Middle", "East", "Far", "Sea"}
    assert (found["West"].get("fill"), found["East"].get("fill"), found["Sea"].get("fill")) == \
        ("#cc0000", "#0000cc", WATER)
    badges = {(b.get("data-territory"), b.get("data-owner"), b.get("data-count")) for b in tree.iter(f"{SVG}g")
              if b.get("class") == "badge"}
    assert badges == {("West", "Reds", "3"), ("East", "Blues", "2")}
    assert [p.get("data-territory") for p in tree.iter(f"{SVG}polygon") if p.get("class") == "capital"] == ["West"]
    [mark] = [g for g in tree.iter(f"{SVG}g") if (g.get("class") or "").startswith("mark")]
    assert (mark.get("data-territory"), mark.get("data-number"), mark.get("data-code")) == ("East", "1", "x-check")
    png = render_png(scene, width=None)
    assert pixel(png, 150, 20, 1) == rgb("#cc0000")  # Middle, owned by Reds, away from badges and signs
    assert pixel(png, 850, 90, 1) == rgb("#e6dcc0")  # Far: nobody's
    x, y = scene.marks[0].at
    assert pixel(png, x, y + 10, 1) == rgb("#d7191c")  # the error mark, below its number


@pytest.mark.parametrize("name", ["world_war_ii_classic", "g40_alt_universe", "aggression_1939", "empire"])
def test_reference_maps_draw_every_polygon_in_its_owners_colour(shared: Path, name: str) -> None:
    files = load_map_dir(shared / "reference" / "maps" / name / "map")
    game = files.games[0]
    game_model = parse_bytes(Path(game).read_bytes(), game).model
    scene = draw_game(game_model, map_files=files)
    found = territories(svg_tree(render_svg(scene)))
    assert len(found) == len(read_geometry(files).polygons)
    owners = {o.territory: o.owner for o in game_model.territory_owners}
    colors = read_geometry(files).properties
    water = game_model.water_names()
    for territory, owner in owners.items():
        given = colors.get(f"color.{owner}")
        if territory in found and territory not in water and given:
            assert found[territory].get("fill") == f"#{given.lower()}", territory
    png = render_png(scene, width=1000)
    assert Image.open(io.BytesIO(png)).size[0] == 1000


def test_a_person_sees_germany_in_grey_on_the_classic_map(shared: Path) -> None:
    files = load_map_dir(shared / "reference" / "maps" / "world_war_ii_classic" / "map")
    game = next(g for g in files.games if g.endswith("classic.xml"))
    scene = draw_game(parse_bytes(Path(game).read_bytes(), game).model, map_files=files)
    png = render_png(scene, width=3500)  # one pixel per map pixel
    assert pixel(png, 1040, 560, 1) == rgb("#9c9c9c")  # inside Germany, Germans' colour in map.properties
    assert pixel(png, 1877, 1650, 1) == rgb(WATER)  # East Compass Sea Zone's centre


@pytest.mark.parametrize("xml, count", [("output/two_fronts.xml", 11), ("output/allies_vs_axis.xml", 36)])
def test_games_without_a_map_are_drawn_from_their_connections(xml: str, count: int) -> None:
    game_model = parse_bytes((ROOT / xml).read_bytes(), xml).model
    tree = svg_tree(render_svg(draw_game(game_model)))
    assert len(territories(tree)) == count
    lines = [line for line in tree.iter(f"{SVG}line") if "connection" in (line.get("class") or "")]
    assert len(lines) == len(game_model.connections)
    assert {t.text for t in tree.iter(f"{SVG}text") if t.get("class") == "label"} >= {t.name for t in
                                                                                       game_model.territories}


def test_a_save_shows_its_final_board() -> None:
    data = ROOT / "tests" / "saves" / "data"
    from compiler.load import load_game

    game = load_game(data / "two_fronts_victory.yaml").model
    save = read_save(data / "two_fronts_victory_2.7.tsvg")
    found = territories(svg_tree(render_svg(draw_game(game, state=save.state))))
    start = territories(svg_tree(render_svg(draw_game(game))))
    assert start["Eastland"].get("data-owner") == "Easterners"
    assert found["Eastland"].get("data-owner") == "Westerners"
    assert found["Eastland"].get("fill") == found["Westland"].get("fill")
