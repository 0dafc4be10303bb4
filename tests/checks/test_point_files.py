"""The map's point files (vc.txt, capitols.txt, name_place.txt, decorations.txt ... as well as polygons.txt,
centers.txt and place.txt) read line by line as TripleA 2.x reads them, on mutants of a real map.

NaziSovietPact (a complete repository of ../shared/reference/catalogue/full) has vc.txt and capitols.txt;
each test breaks one line the way a map maker would and requires TripleA's verdict at that line: a line it
cannot read stops its reading of the map's files (an error: map.properties is read after them), a name it does
not know is dropped silently (a warning when it looks like a misspelling), a decoration it cannot find is
dropped (a warning).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.mapfolder.texts import Shape, read_names
from compiler.problems import Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

FULL = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "catalogue" / "full"
CODES = ("map-file-syntax", "unknown-map-territory", "missing-decoration")


@pytest.fixture
def pact(tmp_path: Path) -> Path:
    source = FULL / "NaziSovietPact"
    if not source.is_dir():
        pytest.skip(f"needs {source}")
    return Path(shutil.copytree(source, tmp_path / "NaziSovietPact"))


def findings(folder: Path) -> list[Problem]:
    return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code in CODES]


def rewrite(path: Path, change: dict[int, str], encoding: str = "utf-8") -> None:
    """Replace lines of `path` (1-based line -> new text; a line number past the end appends)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, text in sorted(change.items()):
        if number <= len(lines):
            lines[number - 1] = text
        else:
            lines.append(text)
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))


def test_the_unbroken_map_reads_cleanly(pact: Path) -> None:
    assert findings(pact) == []


def test_a_comment_line_stops_triplea_reading_the_map_files(pact: Path) -> None:
    vc = pact / "vc.txt"
    rewrite(vc, {1: "# victory cities"})
    [found] = findings(pact)
    assert (found.code, found.severity, found.location.path, found.location.line) == (
        "map-file-syntax", Severity.ERROR, str(vc), 1)
    assert "stops reading the map's files" in found.message and "map.properties" in found.message


def test_a_name_listed_twice_stops_triplea_reading(pact: Path) -> None:
    capitols = pact / "capitols.txt"
    first = capitols.read_text(encoding="utf-8").splitlines()[0]
    rewrite(capitols, {99: first})
    [found] = findings(pact)
    assert found.severity is Severity.ERROR and found.location.line == len(capitols.read_text().splitlines())
    assert "'United Kingdom' is listed twice (first on line 1)" in found.message


def test_a_coordinate_beyond_java_int_stops_triplea_reading(pact: Path) -> None:
    rewrite(pact / "vc.txt", {2: "Germany (1090,99999999999)"})
    [found] = findings(pact)
    assert found.code == "map-file-syntax" and found.location.line == 2 and "99999999999" in found.message


def test_a_misspelt_victory_city_falls_back_to_the_centre(pact: Path) -> None:
    rewrite(pact / "vc.txt", {2: "Germnay (1090,518)"})
    [found] = findings(pact)
    assert (found.code, found.severity, found.location.line) == ("unknown-map-territory", Severity.WARNING, 2)
    assert "did you mean 'Germany'?" in found.message and "victory-city marker at its centre" in found.message


def test_a_blank_before_the_name_is_part_of_it_for_triplea(pact: Path) -> None:
    rewrite(pact / "capitols.txt", {2: " Germany (981, 532)"})
    [found] = findings(pact)
    assert found.code == "unknown-map-territory" and found.location.line == 2
    assert "blank at the start of the line" in found.message and "capital marker" in found.message


def test_a_file_not_in_utf8_cannot_be_read(pact: Path) -> None:
    vc = pact / "vc.txt"
    rewrite(vc, {3: "Fran\u00e7e (760,390)"}, encoding="latin-1")
    [found] = findings(pact)
    assert (found.code, found.severity, found.location.path, found.location.line) == (
        "map-file-syntax", Severity.ERROR, str(vc), 3)
    assert "not UTF-8" in found.message


def test_a_byte_order_mark_hides_the_first_name(pact: Path) -> None:
    vc = pact / "vc.txt"
    vc.write_bytes(b"\xef\xbb\xbf" + vc.read_bytes())
    found = findings(pact)
    assert [(p.code, p.severity, p.location.line) for p in found] == [
        ("map-file-syntax", Severity.WARNING, 1), ("unknown-map-territory", Severity.WARNING, 1)]


def test_decorations_name_images_of_misc(pact: Path) -> None:
    (pact / "misc").mkdir()
    shutil.copy(pact / "preview.png", pact / "misc" / "compass.png")
    decorations = pact / "decorations.txt"
    decorations.write_text("compass.png  (100,100) (200,200)\nCompass_rose.png  (300,300)\n", encoding="utf-8")
    [found] = findings(pact)
    assert (found.code, found.severity, found.location.path, found.location.line) == (
        "missing-decoration", Severity.WARNING, str(decorations), 2)
    decorations.write_text("Compass.png  (100,100)\n", encoding="utf-8")
    [case] = findings(pact)
    assert "only 'misc/compass.png' exists, which differs in case" in case.message


def test_many_missing_decorations_are_reported_once(pact: Path) -> None:
    (pact / "decorations.txt").write_text("".join(f"label{i}.png  ({i},{i})\n" for i in range(8)), encoding="utf-8")
    [found] = findings(pact)
    assert found.location.line == 1 and found.message.startswith("8 of the 8 images decorations.txt names")


@pytest.mark.parametrize(("shape", "line", "name"), [
    (Shape.ONE_POINT, " Germany (1,2)", " Germany"),  # readOneToOne keeps the blanks before the name
    (Shape.ONE_POINT, "Western Europe  ( 807 , 527 )", "Western Europe"),
    (Shape.POINTS, "  Sea Zone 1 (1,2) (3,4) | overflowToLeft=true", "Sea Zone 1"),
    (Shape.POLYGONS, "\tLand A < (0,0) (1,0) (1,1) >", "Land A"),
    (Shape.POLYGONS, " < (0,0) (1,0) (1,1) >", ""),  # TripleA takes a polygon without a name (and ignores it)
])
def test_names_are_read_as_triplea_reads_them(shape: Shape, line: str, name: str) -> None:
    names, problems = read_names(f"\r\n{line}\r\n\r\n", "f.txt", shape)
    assert problems == [] and [(n.name, n.loc.line) for n in names] == [(name, 2)]


@pytest.mark.parametrize(("shape", "line"), [
    (Shape.ONE_POINT, "Germany 1090,518"),
    (Shape.ONE_POINT, "Germany (x,518)"),
    (Shape.POINTS, "(1,2) (3,4)"),
    (Shape.POINTS, "Germany"),
    (Shape.POLYGONS, "Germany (1,2) (3,4)"),
    (Shape.ONE_POINT, "Germany (2147483648,5)"),
    (Shape.POINTS, "Germany (1,2) (" + "9" * 5003 + ",4)"),  # past Python's 4,300-digit int(): found by the fuzzer
])
def test_lines_triplea_throws_on(shape: Shape, line: str) -> None:
    names, [problem] = read_names(f"Land A (5,5) <(5,5)>\n{line}\n", "f.txt", shape)
    assert problem.severity is Severity.ERROR and problem.location.line == 2


def test_production_images_are_all_there_or_none(pact: Path) -> None:
    pus = pact / "PUs"
    pus.mkdir()
    for value in (1, 2, 3, 4, 6, 8, 10, 12):
        shutil.copy(pact / "preview.png", pus / f"{value}.png")
    found = [p for p in validate_batch(collect((pact,), Flags()), "2.7").problems if p.code == "missing-pu-image"]
    [one] = found
    assert one.severity is Severity.WARNING and "has no PUs/14.png" in one.message and "among the images" in one.message
    assert one.location.path.endswith("nazi_soviet_pact.xml")
    shutil.copy(pact / "preview.png", pus / "14.png")
    assert [p for p in validate_batch(collect((pact,), Flags()), "2.7").problems if p.code == "missing-pu-image"] == []
    for image in pus.iterdir():  # .gif images only: TripleA reads none of them
        image.rename(image.with_suffix(".gif"))
    [gif] = [p for p in validate_batch(collect((pact,), Flags()), "2.7").problems if p.code == "missing-pu-image"]
    assert "TripleA reads .png only" in gif.message


def test_the_upload_guide_files_sit_beside_map_yml(pact: Path, tmp_path: Path) -> None:
    def upload(folder: Path) -> list[Problem]:
        return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code == "upload-files"]

    assert upload(pact) == []
    (pact / "description.html").unlink()
    (pact / "preview.png").rename(pact / "Preview.png")
    found = upload(pact)
    at_map_yml = (Severity.WARNING, str(pact / "map.yml"), 1)
    assert [(p.severity, p.location.path, p.location.line) for p in found] == [at_map_yml] * 2
    assert "no description.html beside map.yml" in found[0].message
    assert "only 'Preview.png', which differs in case" in found[1].message
    source = FULL / "capture_the_flag"  # a repository whose map sits in map/, map.yml beside it
    repo = Path(shutil.copytree(source, tmp_path / "capture_the_flag"))
    assert upload(repo) == []
    (repo / "preview.png").unlink()
    [missing] = upload(repo)
    assert missing.location.path == str(repo / "map.yml") and "no preview.png" in missing.message
