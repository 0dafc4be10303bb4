"""`triplea-compiler validate`: inputs (XML, map folder, map zip), exit codes, hostile and broken XML."""
# ruff: noqa: E501  (tables of XML snippets read better one per line)

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from click.testing import CliRunner
from game_factory import PARTS, game_xml

from compiler.cli import main

BAD_UNIT = game_xml(initialize=PARTS["initialize"].replace('unitType="infantry"', 'unitType="infantri"'))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_clean_game_exits_0(tmp_path: Path) -> None:
    code, out = run(str(write(tmp_path / "ok.xml", game_xml())))
    assert (code, out) == (0, "")


def test_errors_exit_1_with_located_text(tmp_path: Path) -> None:
    f = write(tmp_path / "bad.xml", BAD_UNIT)
    code, out = run(str(f))
    assert code == 1
    line, column = next((n, text.index('"infantri"') + 2) for n, text in enumerate(BAD_UNIT.splitlines(), 1)
                        if "infantri" in text)
    # the column points at the misspelled value itself
    assert f"{f}:{line}:{column}: error: unknown unit type 'infantri'" in out
    assert out.rstrip().endswith("[unknown-unit]")


def test_warnings_only_exit_0(tmp_path: Path) -> None:
    xml = game_xml(map=PARTS["map"].replace('<territory name="Land C"/>', '<territory name="Land C"/><territory name="Isle"/>'))
    code, out = run(str(write(tmp_path / "w.xml", xml)))
    assert code == 0 and "warning:" in out and "[isolated-territory]" in out


def test_json_format(tmp_path: Path) -> None:
    code, out = run("--format", "json", str(write(tmp_path / "bad.xml", BAD_UNIT)))
    doc = json.loads(out)
    assert code == 1
    assert doc["summary"]["errors"] == 1
    [problem] = doc["problems"]
    assert set(problem) == {"path", "line", "column", "severity", "code", "message", "fix"}
    assert problem["fix"]["applicability"] == "unsafe"  # 'infantri' -> 'infantry' changes what TripleA reads


def test_malformed_xml_is_reported_with_location_and_exit_2(tmp_path: Path) -> None:
    f = write(tmp_path / "broken.xml", "<game>\n<info name='x'>\n</game>\n")
    code, out = run(str(f), str(write(tmp_path / "ok.xml", game_xml())))
    assert code == 2
    assert out.startswith(f"{f}:3:") and "malformed XML" in out and "[xml-syntax]" in out


def test_missing_path_exit_2(tmp_path: Path) -> None:
    code, out = run(str(tmp_path / "nope.xml"))
    assert code == 2 and "no such file" in out


def test_bad_option_exit_2() -> None:
    assert run("--engine", "3.0", "x.xml")[0] == 2
    assert run()[0] == 2


def test_billion_laughs_refused(tmp_path: Path) -> None:
    lol = '<?xml version="1.0"?>\n<!DOCTYPE game [\n<!ENTITY a "lol">\n' + "".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(9)
    ) + "]>\n<game><info name='&j;'/></game>\n"
    code, out = run(str(write(tmp_path / "lol.xml", lol)))
    assert code == 2 and "lol" * 5 not in out
    # refused either by the parser's own amplification limit or by the entity-declaration guard
    assert "entity declarations are refused" in out or "amplification" in out
    small = lol.replace("<game><info name='&j;'/></game>", "<game><info name='&b;'/></game>")
    code, out = run(str(write(tmp_path / "lol2.xml", small)))
    assert code == 2 and "entity declarations are refused" in out


def test_external_entity_refused(tmp_path: Path) -> None:
    secret = write(tmp_path / "secret.txt", "TOPSECRET")
    xxe = (f'<?xml version="1.0"?>\n<!DOCTYPE game [<!ENTITY x SYSTEM "file://{secret}">]>\n'
           "<game><info name='&x;'/></game>\n")
    code, out = run(str(write(tmp_path / "xxe.xml", xxe)))
    assert code == 2 and "TOPSECRET" not in out


def test_not_a_game_and_binary_input(tmp_path: Path) -> None:
    code, out = run(str(write(tmp_path / "other.xml", "<html/>")))
    assert code == 2 and "not a TripleA game" in out
    junk = tmp_path / "junk.xml"
    junk.write_bytes(bytes(range(256)) * 4)
    assert run(str(junk))[0] == 2


# The top-left corner of each territory's 100-pixel square: the land in a row, the sea zones below,
# each 60 pixels from the territories it is connected to (near enough for neighbours).
CORNERS = {"Land A": (0, 0), "Land B": (160, 0), "Land C": (320, 0), "Sea 1": (80, 160), "Sea 2": (240, 160),
           "Sea 9": (400, 160)}


def _square(name: str) -> str:
    x, y = CORNERS[name]
    return f"{name}  <  ({x},{y}) ({x + 100},{y}) ({x + 100},{y + 100}) ({x},{y + 100})  >\n"


def _map_folder(root: Path, polygons: str) -> Path:
    write(root / "map" / "games" / "mini.xml", game_xml())
    write(root / "map" / "polygons.txt", polygons)
    names = list(CORNERS)[:5]
    write(root / "map" / "centers.txt", "".join(f"{n}  ({CORNERS[n][0] + 50},{CORNERS[n][1] + 50})\n" for n in names))
    write(root / "map" / "place.txt", "".join(f"{n}  ({CORNERS[n][0] + 2},{CORNERS[n][1] + 2})\n" for n in names))
    return root


POLYGONS = "".join(_square(n) for n in ["Land A", "Land B", "Land C", "Sea 1"])


def test_map_folder_checks_text_files(tmp_path: Path) -> None:
    folder = _map_folder(tmp_path / "mini_map", POLYGONS + _square("Sea 9"))
    code, out = run(str(folder))
    assert code == 1
    assert "territory 'Sea 2' has no polygon in polygons.txt [missing-polygon]" in out
    assert f"{folder / 'map' / 'polygons.txt'}:5:1: warning: 'Sea 9' in polygons.txt" in out
    assert f"{folder / 'map' / 'games' / 'mini.xml'}:10:20: error: territory 'Sea 2' has no polygon" in out


def test_map_text_files_centers_place_and_syntax(tmp_path: Path) -> None:
    folder = _map_folder(tmp_path / "m", POLYGONS + "(0,0) (1,0)\n")
    write(folder / "map" / "centers.txt", "Land A  (1,1)\n")
    code, out = run(str(folder))
    assert code == 1
    assert f"{folder / 'map' / 'polygons.txt'}:5:1: error: cannot read this line" in out
    assert "territory 'Sea 2' has no center in centers.txt [missing-center]" in out  # nor a polygon
    assert "territory 'Land B' has a polygon but no centre in centers.txt" in out  # 2.x refuses it
    assert "'Land B' has no center in centers.txt [missing-center]" not in out  # said once
    assert "[missing-placement]" not in out


def test_map_zip(tmp_path: Path) -> None:
    folder = _map_folder(tmp_path / "src", POLYGONS + _square("Sea 2"))
    archive = tmp_path / "mini_map.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for f in folder.rglob("*"):
            if f.is_file():
                zf.write(f, "mini_map-master/" + str(f.relative_to(folder)))
    code, out = run(str(archive))
    assert (code, out) == (0, "")
    with zipfile.ZipFile(archive, "a") as zf:
        zf.writestr("mini_map-master/map/games/bad.xml", BAD_UNIT)
    code, out = run(str(archive))
    assert code == 1 and f"{archive}!/mini_map-master/map/games/bad.xml:" in out


def test_jobs_gives_the_same_report(tmp_path: Path) -> None:
    files = [str(write(tmp_path / f"g{i}.xml", BAD_UNIT if i % 2 else game_xml())) for i in range(4)]
    assert run("--jobs", "2", *files) == run(*files)


def test_fuzzed_inputs_never_raise(tmp_path: Path) -> None:
    """Random damage to a game (cut, flipped bytes, dropped lines) is reported, never a traceback."""
    import random

    from compiler.mapfolder import GameInput
    from compiler.validate import validate_input

    rng = random.Random(7)
    base = game_xml().encode()
    for i in range(150):
        data = bytearray(base)
        how = i % 3
        if how == 0:
            data = data[: rng.randrange(len(data))]
        elif how == 1:
            for _ in range(5):
                data[rng.randrange(len(data))] = rng.randrange(256)
        else:
            lines = bytes(data).split(b"\n")
            del lines[rng.randrange(len(lines))]
            data = bytearray(b"\n".join(lines))
        f = tmp_path / f"f{i}.xml"
        f.write_bytes(bytes(data))
        problems, _ = validate_input(GameInput(str(f)), "2.x")
        assert all(p.code != "internal-error" for p in problems), [str(p) for p in problems]


def test_harmless_internal_entity_is_expanded_as_triplea_27_does() -> None:
    """TripleA 2.7 loads a game declaring `<!ENTITY nbsp "&#160;">` (checked with its parser): so do we."""
    from compiler.xml.parse import parse_bytes

    game = (Path(__file__).resolve().parents[2] / "output" / "two_fronts.xml").read_bytes()
    game = game.replace(b'<!DOCTYPE game SYSTEM "game.dtd">', b'<!DOCTYPE game SYSTEM "game.dtd" [<!ENTITY nbsp "&#160;">]>')
    game = game.replace(b'<info name="Two Fronts"', b'<info name="Two&nbsp;Fronts"')
    result = parse_bytes(game, "nbsp.xml")
    assert result.model.info.name == "Two\xa0Fronts"
    assert not [p for p in result.problems if p.is_error]


def test_a_map_skin_is_said_to_be_one_without_an_error(tmp_path: Path) -> None:
    skin = tmp_path / "world-skin"
    (skin / "map").mkdir(parents=True)
    for name in ("polygons.txt", "centers.txt", "map.properties"):
        (skin / "map" / name).write_text("", encoding="utf-8")
    code, out = run(str(skin))
    assert code == 0 and "[map-skin]" in out and "map files (polygons.txt, centers.txt)" in out
    assert "no game here to check" in out and "[no-games]" not in out
    code, out = run(str(skin), "--ignore", "map-skin")
    assert code == 0 and "[map-skin]" not in out
    # a map.yml naming games whose XMLs are missing is a map without its games: an error
    (skin / "map.yml").write_text("map_name: world\ngames:\n- {game_name: World, file_name: world.xml}\n",
                                  encoding="utf-8")
    code, out = run(str(skin))
    assert code == 2 and "[no-games]" in out and "[map-skin]" not in out
    empty = tmp_path / "manual"
    empty.mkdir()
    code, out = run(str(empty))
    assert code == 2 and "[no-games]" in out


def test_a_game_without_map_name_warns_only_when_no_map_yml_names_the_map(tmp_path: Path) -> None:
    unnamed = game_xml(properties="<propertyList></propertyList>")
    game = write(tmp_path / "world" / "games" / "world.xml", unnamed)
    code, out = run(str(tmp_path / "world"))
    assert code == 0 and "[missing-map-name]" in out and "no map.yml naming the map" in out
    write(tmp_path / "world" / "map.yml", "map_name: world\ngames:\n- {game_name: World, file_name: world.xml}\n")
    code, out = run(str(tmp_path / "world"))
    assert code == 0 and "[missing-map-name]" not in out  # 2.x takes the map name from map.yml
    code, out = run(str(game), "--engine", "1.9")
    assert code == 1 and "[missing-map-name]" in out and "TripleA 1.9 will not start it" in out
