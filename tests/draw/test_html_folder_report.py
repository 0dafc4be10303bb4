"""validate --html on map folders: one section per folder with the map drawn once, the map files' problems
in their own list, one list per game, lists grouped by check, paths relative to the folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from lxml import html as lxml_html
from lxml.html import HtmlElement
from reference_data import REFERENCE

from compiler.draw.html_outline import outline, relative_path
from compiler.draw.html_report import html_report, write_html_report
from compiler.mapfolder.source import GameInput, discover
from compiler.problems import Location, Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

REPO = REFERENCE / "catalogue" / "full" / "small_balanced_2_or_4_player"
BROKEN_GAME = "Small_Balanced_4_Player.xml"
GHOST = 'Ghost & <x> "q"'
SVG = "//*[local-name()='svg']"


def broken_copy(tmp_path: Path) -> Path:
    """The 4-game map with a misspelled and an unreadable line in polygons.txt, and in one game a
    territory (its name full of HTML) that the map does not draw."""
    if not REPO.is_dir():
        pytest.skip(f"needs {REPO}")
    folder = Path(shutil.copytree(REPO, tmp_path / "small <&> map"))
    polygons = folder / "map" / "polygons.txt"
    text = polygons.read_text()
    assert "SE Beach  <" in text
    polygons.write_text(text.replace("SE Beach  <", "SE Beac  <", 1).rstrip("\n") + "\n(10,10) (20,10) (20,20)\n")
    game = folder / "map" / "games" / BROKEN_GAME
    xml = game.read_text()
    first = re.search(r'\n(\s*)<territory name="', xml)
    assert first is not None
    ghost = GHOST.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    game.write_text(xml[:first.start()] + f'\n{first.group(1)}<territory name="{ghost}"/>' + xml[first.start():])
    return folder


def report_of(tmp_path: Path) -> tuple[Path, HtmlElement, list[Problem]]:
    folder = broken_copy(tmp_path)
    batch = collect((folder,), Flags())
    problems = validate_batch(batch).problems
    out = tmp_path / "report.html"
    write_html_report(out, batch.inputs, problems)
    return folder, lxml_html.fromstring(out.read_text()), problems


def entries(element: HtmlElement) -> list[HtmlElement]:
    return list(element.xpath(".//li[contains(@class, 'problem')]"))


def test_a_map_folder_is_one_section_drawn_once(tmp_path: Path) -> None:
    folder, page, problems = report_of(tmp_path)
    assert not page.xpath("//script|//link|//img|//*[@src]")
    [section] = page.xpath("//section")
    assert len(section.xpath(SVG)) == 1 == len(page.xpath(SVG))
    map_dir = str(folder / "map")
    assert map_dir in section.xpath("./h2")[0].text_content()
    assert all(map_dir not in li.text_content() for li in entries(page)), "paths are relative to the folder"
    assert len(entries(page)) == len(problems)
    parts = section.xpath("./div[contains(@class, 'part')]")
    titles = [p.xpath("./h3")[0].text_content() for p in parts]
    assert titles == ["Map files", *(f"games/{p.name}" for p in sorted((folder / "map" / "games").glob("*.xml")))]
    files_part = parts[0]
    where = {li.xpath(".//span[@class='where']")[0].text for li in entries(files_part)}
    assert {"polygons.txt:3:1", "polygons.txt:62:1"} <= where
    assert all(w.startswith("games/") for part in parts[1:] for li in entries(part)
               for w in li.xpath(".//span[@class='where']/text()"))
    broken = parts[titles.index(f"games/{BROKEN_GAME}")]
    assert GHOST in broken.text_content()  # escaped on the page, read back as written
    assert all(GHOST not in part.text_content() for part in parts if part is not broken)
    for part in parts[1:]:  # every game lacks SE Beach's polygon
        assert any("'SE Beach' has no polygon" in li.text_content() for li in entries(part))


def test_each_list_is_grouped_by_check_errors_first_in_line_order(tmp_path: Path) -> None:
    _, page, problems = report_of(tmp_path)
    for part in page.xpath("//div[contains(@class, 'part')]"):
        groups = part.xpath("./div[@class='check']")
        codes = [g.get("data-check") for g in groups]
        assert len(codes) == len(set(codes))
        severities = [g.xpath("./h4/span")[0].text for g in groups]
        assert severities == sorted(severities)  # "error" < "warning"
        for group in groups:
            items = entries(group)
            heading = group.xpath("./h4")[0].text_content()
            assert group.get("data-check") in heading and f"× {len(items)}" in heading
            assert f"triplea-compiler explain {group.get('data-check')}" in heading
            places = [li.xpath(".//span[@class='where']")[0].text.rsplit(":", 2) for li in items]
            keys = [(path, int(line), int(col)) for path, line, col in places]
            assert keys == sorted(keys)
    by_check: dict[str, int] = {}
    for problem in problems:
        by_check[problem.code] = by_check.get(problem.code, 0) + 1
    rows = page.xpath("//table[@class='checks']//tr[td]")
    assert {r.xpath("./td[1]")[0].text_content(): int(r.xpath("./td[3]")[0].text) for r in rows} == by_check
    for link in page.xpath("//table[@class='checks']//a"):
        [target] = page.xpath(f"//*[@id='{link.get('href')[1:]}']")
        assert target.get("data-check") == link.getparent().getparent().xpath("./td[1]")[0].text_content()


def test_marks_link_to_their_entries_and_back(tmp_path: Path) -> None:
    _, page, _ = report_of(tmp_path)
    marks = page.xpath("//*[local-name()='g'][starts-with(@class, 'mark')]")
    assert "SE Beac" in {m.get("data-territory") for m in marks}  # the map file's problem, on its polygon
    for mark in marks:
        [link] = mark.xpath("./*[local-name()='a']")
        [entry] = page.xpath(f"//li[@id='{link.get('href')[1:]}']")
        [back] = entry.xpath("./a[@class='back']")
        assert back.get("href") == f"#{mark.get('id')}"
    [misspelled] = [li for li in entries(page) if "polygons.txt:3:1" in li.text_content()]
    assert misspelled.xpath("./a[@class='back']"), "the map file's problem is marked"
    backs = page.xpath("//li/a[@class='back']")
    assert len(backs) == len(marks)


def test_games_given_one_by_one_share_their_folder_section(tmp_path: Path) -> None:
    folder = broken_copy(tmp_path)
    games = sorted((folder / "map" / "games").glob("*.xml"))[:2]
    inputs = [inp for game in games for inp in discover(game)]
    assert inputs[0].map_files is not inputs[1].map_files
    problems = [Problem("map-file-syntax", "bad", Location(str(folder / "map" / "polygons.txt"), 62, 1)),
                Problem("x", "late", Location(str(games[1]), 9, 2), Severity.WARNING),
                Problem("x", "early", Location(str(games[1]), 3, 1), Severity.WARNING),
                Problem("a", "bad", Location(str(games[1]), 5, 1), Severity.WARNING),
                Problem("z", "worst", Location(str(games[1]), 7, 1)),
                Problem("y", "elsewhere", Location(str(tmp_path / "other.xml"), 1, 1))]
    sections, other = outline(inputs, problems)
    [section] = sections
    assert [p.title for p in section.parts] == ["Map files", f"games/{games[0].name}", f"games/{games[1].name}"]
    assert [g.code for g in section.parts[2].groups] == ["z", "a", "x"]
    assert [f.where for f in section.parts[2].groups[2].findings] == [f"games/{games[1].name}:3:1",
                                                                      f"games/{games[1].name}:9:2"]
    numbers = [f.number for part in section.parts for g in part.groups for f in g.findings]
    assert numbers == list(range(1, 6))
    assert [p.message for p in other.problems] == ["elsewhere"]
    page = lxml_html.fromstring(html_report(inputs, problems))
    assert len(page.xpath(SVG)) == 1
    assert page.xpath("//section[@id='other']//li")[0].xpath(".//span[@class='where']")[0].text.endswith(
        "other.xml:1:1")


def test_a_lone_game_xml_keeps_its_own_section(tmp_path: Path) -> None:
    lone = tmp_path / "lone.xml"
    lone.write_text("<game/>")
    folder = broken_copy(tmp_path)
    inputs = [GameInput(str(lone)), *discover(folder)]
    page = lxml_html.fromstring(html_report(inputs, [Problem("structure", "bad", Location(str(lone), 1, 1))]))
    sections = page.xpath("//section")
    assert [s.get("class") for s in sections] == ["game", "folder"]
    assert str(lone) in sections[0].xpath(".//span[@class='where']")[0].text
    assert len(page.xpath("//ul[@class='toc']/li/a")) == 2


@pytest.mark.parametrize(("path", "root", "shown"), [
    ("/m/map/games/a.xml", "/m/map", "games/a.xml"),
    ("/m/map/polygons.txt", "/m/map", "polygons.txt"),
    ("/m/map.yml", "/m/map", "../map.yml"),
    ("/elsewhere/x.xml", "/m/map", "/elsewhere/x.xml"),
    ("/m/map", "/m/map", "."),
    ("m.zip!/map/", "m.zip!/map/", "."),
    ("m.zip!/map/games/a.xml", "m.zip!/map/", "games/a.xml"),
    ("n.zip!/map/games/a.xml", "m.zip!/map/", "n.zip!/map/games/a.xml"),
])
def test_paths_are_shown_relative_to_the_map_folder(path: str, root: str, shown: str) -> None:
    assert relative_path(path, root) == shown
