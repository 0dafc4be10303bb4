"""The map folder's files other than the game XML, checked as TripleA 2.x reads them, on mutants of real maps.

Each test copies a real map (a complete repository of ../shared/reference/catalogue/full, or a catalogue
folder whose images only its `.listing.tsv` names), breaks one thing the way a map maker would (deletes a
flag, a unit image, a base tile or the small map, empties a text key the game uses, writes a bad colour or
number into map.properties) and requires a finding located where the map maker must look, with TripleA's
severity; the unbroken copy has none of it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from compiler.mapfolder.file_index import build_index, engine_assets
from compiler.mapfolder.map_properties import Kind, parse
from compiler.mapfolder.properties_file import read_properties
from compiler.problems import Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

FULL = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "catalogue" / "full"
NEW = ("bad-map-property", "ignored-map-property", "missing-small-map", "missing-tile", "missing-flag",
       "missing-unit-image", "missing-action-text", "missing-notification")


def findings(folder: Path, *codes: str) -> list[Problem]:
    """The problems of the new checks (or of `codes`) when `folder` is validated as TripleA 2.7."""
    wanted = codes or NEW
    return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code in wanted]


def full_copy(tmp_path: Path, repo: str) -> Path:
    source = FULL / repo
    if not source.is_dir():
        pytest.skip(f"needs {source}")
    return Path(shutil.copytree(source, tmp_path / repo))


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


# --- Belgium: a complete map with flags, per-player unit images, base tiles and a small map -------------


def test_the_unbroken_map_has_no_findings(tmp_path: Path) -> None:
    assert findings(full_copy(tmp_path, "Belgium")) == []


def test_a_deleted_small_flag_stops_the_game(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "flags" / "Antwerp_small.png").unlink()
    found = findings(folder, "missing-flag")
    game = folder / "games" / "Belgium_Provincial_War.xml"
    assert {(p.severity, Path(p.location.path).name) for p in found} == {
        (Severity.ERROR, "Belgium_Provincial_War.xml"), (Severity.ERROR, "Belgium_Provincial_War-2A.xml")}
    one = next(p for p in found if Path(p.location.path) == game)
    assert one.location.line == line_of(game, '<player name="Antwerp"')
    assert "flags/Antwerp_small.png" in one.message and "cannot open the game" in one.message


def test_a_flag_named_in_another_case_is_not_found(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "flags" / "Namur.png").rename(folder / "flags" / "namur.png")
    [one, *_] = findings(folder, "missing-flag")
    assert "'flags/namur.png' exists, which differs in case" in one.message


def test_a_deleted_unit_image_of_its_owner_gives_a_placeholder(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "units" / "Antwerp" / "infantry.png").unlink()
    found = findings(folder, "missing-unit-image")
    game = folder / "games" / "Belgium_Provincial_War.xml"
    one = next(p for p in found if Path(p.location.path) == game)
    assert one.severity is Severity.WARNING and one.location.line == line_of(game, '<unit name="infantry"/>')
    assert "unit 'infantry' of player 'Antwerp'" in one.message and "placeholder" in one.message
    assert all("'Antwerp'" in p.message for p in found)  # no other player lost its infantry


def test_a_deleted_damaged_image_is_reported_only_for_units_that_can_be_damaged(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "units" / "Antwerp" / "factory_hit.png").unlink()  # bombing damages the territory: never drawn
    assert findings(folder, "missing-unit-image") == []


def test_a_deleted_base_tile_leaves_a_black_square(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "baseTiles" / "1_1.png").unlink()
    [one] = findings(folder, "missing-tile")
    assert one.severity is Severity.WARNING and one.location.path == str(folder / "map.properties")
    assert one.location.line == line_of(folder / "map.properties", "map.width")
    assert "baseTiles/1_1.png" in one.message and "black" in one.message


def test_a_deleted_small_map_stops_the_game(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    (folder / "smallMap.jpeg").unlink()
    [one] = findings(folder, "missing-small-map")
    assert one.severity is Severity.ERROR and "File not found: smallMap" in one.message


@pytest.mark.parametrize(("key", "bad", "code", "severity", "said"), [
    ("color.Antwerp", "#999999", "bad-map-property", Severity.ERROR, "not a colour of six hex digits"),
    ("color.Antwerp", "999999 ", "bad-map-property", Severity.ERROR, "not a colour of six hex digits"),
    ("map.width", "888px", "bad-map-property", Severity.ERROR, "cannot open the game"),
    ("units.scale", "0,8333", "ignored-map-property", Severity.WARNING, "scales units by 1.0"),
    ("map.scrollWrapX", "yes", "ignored-map-property", Severity.WARNING, "reads it as false"),
])
def test_a_bad_value_in_map_properties_is_located(tmp_path: Path, key: str, bad: str, code: str,
                                                  severity: Severity, said: str) -> None:
    folder = full_copy(tmp_path, "Belgium")
    props = folder / "map.properties"
    text = props.read_text(encoding="utf-8")
    props.write_text(re.sub(rf"(?m)^{re.escape(key)}=.*$", f"{key}={bad}", text), encoding="utf-8")
    found = findings(folder)
    assert [(p.code, p.severity, p.location.line) for p in found] == [(code, severity, line_of(props, key + "="))]
    assert said in found[0].message and f"'{key}'" in found[0].message


def test_a_misspelt_key_is_named_with_the_key_meant(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    props = folder / "map.properties"
    props.write_text(props.read_text(encoding="utf-8").replace("map.scrollWrapX", "map.scrollWrapx"), "utf-8")
    [one] = findings(folder)
    assert one.code == "ignored-map-property" and "did you mean 'map.scrollWrapX'?" in one.message


def test_a_missing_map_width_stops_the_game(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    props = folder / "map.properties"
    props.write_text(re.sub(r"(?m)^map\.width=.*\n", "", props.read_text(encoding="utf-8")), "utf-8")
    [one] = findings(folder, "bad-map-property")
    assert one.severity is Severity.ERROR and "'map.width'" in one.message


# --- churchills_1939: political actions and notifications, images known from the repository's listing ---


@pytest.fixture
def churchills(catalogue: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(catalogue / "churchills_1939", tmp_path / "churchills_1939"))


def _texts_of(folder: Path) -> tuple[Path, Path, Path]:
    return (folder / "games" / "churchills_1939.xml", folder / "politicstext.properties",
            folder / "notifications.properties")


def _complete_action(game: Path, politics: Path, before: set[int]) -> str:
    """The text key of a political action of the game whose texts are complete (no finding before)."""
    xml = game.read_text(encoding="utf-8")
    keys = [k.removesuffix(".DESCRIPTION") for k in read_properties(politics.read_text(encoding="utf-8"))
            if k.endswith(".DESCRIPTION")]
    return next(k for k in keys if f'name="text" value="{k}"' in xml and line_of(game, f'value="{k}"') not in before)


@pytest.mark.parametrize(("replacement", "said"), [("DESCRIPTION=", "DESCRIPTION empty"), ("", "NO: ")])
def test_an_emptied_or_deleted_politics_text_key_is_reported(churchills: Path, replacement: str, said: str) -> None:
    game, politics, _ = _texts_of(churchills)
    before = {p.location.line for p in findings(churchills, "missing-action-text")}
    key = _complete_action(game, politics, before)
    politics.write_text(re.sub(rf"(?m)^{re.escape(key)}\.DESCRIPTION=.*\n", replacement and f"{key}.{replacement}\n",
                               politics.read_text(encoding="utf-8")), encoding="utf-8")
    found = [p for p in findings(churchills, "missing-action-text") if p.location.line not in before]
    assert found and all(p.severity is Severity.WARNING for p in found)
    assert found[0].location.line == line_of(game, f'value="{key}"') and f"'{key}'" in found[0].message
    assert (f"{key}.{said}" if replacement else f"{said}{key}.DESCRIPTION set.") in found[0].message


def test_an_emptied_notification_the_game_uses_is_reported(churchills: Path) -> None:
    game, _, notifications = _texts_of(churchills)
    assert findings(churchills, "missing-notification") == []
    notifications.write_text(re.sub(r"(?m)^R01=.*$", "R01=", notifications.read_text(encoding="utf-8")),
                             encoding="utf-8")
    [one] = findings(churchills, "missing-notification")
    assert one.location.path == str(game) and one.location.line == line_of(game, 'value="R01"')
    assert one.severity is Severity.WARNING and "'R01' empty" in one.message


def test_a_flag_the_listing_lacks_is_reported(churchills: Path) -> None:
    game, _, _ = _texts_of(churchills)
    listing = churchills / ".listing.tsv"
    lines = listing.read_text(encoding="utf-8").splitlines(keepends=True)
    listed = {line.split("\t")[0] for line in lines}
    assert findings(churchills, "missing-flag") == []
    players = re.findall(r'<player name="([^"]+)"', game.read_text(encoding="utf-8"))
    name = next(p for p in players
                if f"flags/{p}_small.png" in listed and f"flags/{p}_small.png" not in engine_assets())
    listing.write_text("".join(line for line in lines if not line.startswith(f"flags/{name}_small.")), encoding="utf-8")
    [one] = findings(churchills, "missing-flag")
    assert one.severity is Severity.ERROR and one.location.line == line_of(game, f'<player name="{name}"')
    assert f"flags/{name}_small.png" in one.message


# --- the readers --------------------------------------------------------------------------------------


def test_properties_are_read_as_java_reads_them() -> None:
    text = "# comment\n! also\na=1\nb : two \\\n   parts\ncolor.Middle East=BA10BA\nc\\ d=x \n"
    entries = read_properties(text)
    assert {k: (e.value, e.line) for k, e in entries.items()} == {
        "a": ("1", 3), "b": ("two parts", 4), "color.Middle": ("East=BA10BA", 6), "c d": ("x ", 7)}


@pytest.mark.parametrize(("kind", "value", "read"), [
    (Kind.INT, "12", 12), (Kind.INT, "12 ", None), (Kind.TRIMMED_INT, " 12 ", 12), (Kind.DECIMAL, "0.5f", 0.5),
    (Kind.DECIMAL, "0,5", None), (Kind.BOOL, "TRUE", True), (Kind.BOOL, "true ", None),
    (Kind.COLOR, "a0B1c2", "a0B1c2"), (Kind.COLOR, "#a0b1c2", None), (Kind.BLEND_MODE, "overlay", "OVERLAY"),
    (Kind.INT, "99999999999", None),
])
def test_values_are_parsed_as_triplea_parses_them(kind: Kind, value: str, read: object) -> None:
    assert parse(kind, value) == read


def test_the_index_reads_a_listing_below_the_map_folder(tmp_path: Path) -> None:
    (tmp_path / "map" / "games").mkdir(parents=True)
    (tmp_path / ".listing.tsv").write_text("README.md\t10\nmap/flags/A.png\t20\nmap/games/g.xml\t30\n", "utf-8")
    index = build_index(str(tmp_path / "map"))
    assert index.source == "listing" and index.paths == {"flags/A.png", "games/g.xml"}
    assert index.case_variants("flags/a.png") == ["flags/A.png"] and index.resolves("flags/Germans_small.png")
    assert not index.resolves("flags/B.png")


def test_the_index_reads_a_zips_members_below_the_map_folder(tmp_path: Path) -> None:
    import zipfile

    archive = tmp_path / "map.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name in ("m/map/games/g.xml", "m/map/smallMap.png", "m/map/units/X/tank.png", "m/README.md"):
            zf.writestr(name, "x")
    index = build_index(f"{archive}!/m/map/")
    assert index.source == "zip" and index.paths == {"games/g.xml", "smallMap.png", "units/X/tank.png"}
    assert index.under("units") == ["units/X/tank.png"]


def test_a_copy_of_the_text_files_alone_is_not_judged_on_images(tmp_path: Path) -> None:
    folder = full_copy(tmp_path, "Belgium")
    for image in [p for p in folder.rglob("*") if p.suffix.lower() in (".png", ".gif", ".jpg", ".jpeg")]:
        image.unlink()
    assert findings(folder) == []
    props = folder / "map.properties"
    props.write_text(props.read_text(encoding="utf-8").replace("map.width=", "map.widht="), encoding="utf-8")
    assert {p.code for p in findings(folder)} == {"bad-map-property", "ignored-map-property"}
