"""validate --html: the page is self-contained, and headless Chromium shows the map and the marks."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

from lxml import html as lxml_html
from mini_map import GAME, map_files, model
from PIL import Image
from reference_data import need

from compiler.draw import draw_game
from compiler.draw.colors import WATER
from compiler.draw.html_report import html_report, write_html_report
from compiler.draw.shapes import mark_color, mark_radius
from compiler.mapfolder.source import GameInput
from compiler.problems import Location, Problem, Severity

WIDTH, HEIGHT = 1000, 700


def rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def mini(tmp_path: Path) -> tuple[list[GameInput], list[Problem]]:
    game = tmp_path / "mini.xml"
    game.write_text(GAME)
    files = map_files()
    inp = GameInput(str(game), map_files=files)
    problems = [Problem("missing-connection", "land territories 'East' and 'Middle' share a border",
                        Location("map/polygons.txt", 3, 1), Severity.WARNING),
                Problem("x-error", "bad owner of 'Far'", Location(str(game), 4, 1), Severity.ERROR),
                Problem("config-error", "unrelated", Location("setup.cfg", 1, 1), Severity.ERROR)]
    return [inp], problems


def test_the_page_lists_every_problem_and_links_marks_to_lines(tmp_path: Path) -> None:
    inputs, problems = mini(tmp_path)
    page = lxml_html.fromstring(html_report(inputs, problems))
    assert not page.xpath("//script|//link|//img|//*[@src]")  # nothing fetched, nothing run
    items = page.xpath("//li[contains(@class, 'problem')]")
    assert len(items) == 3
    marks = page.xpath("//*[local-name()='g'][starts-with(@class, 'mark')]")
    assert {m.get("data-territory") for m in marks} == {"East", "Far"}
    for mark in marks:
        [link] = mark.xpath("./*[local-name()='a']")
        target = link.get("href")[1:]
        [entry] = page.xpath(f"//li[@id='{target}']")
        assert "polygons.txt:3:1" in entry.text_content() or "mini.xml:4:1" in entry.text_content()
    [files, game] = page.xpath("//section[@class='folder']/div[contains(@class, 'part')]")
    assert [s.text for s in files.xpath(".//span[@class='where']")] == ["polygons.txt:3:1"]  # relative to map/
    assert [g.get("data-check") for g in game.xpath("./div[@class='check']")] == ["x-error"]
    assert page.xpath("//section[@id='other']//div[@data-check='config-error']//li")


def test_chromium_shows_the_map_and_the_marks(tmp_path: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    need(browser is not None, "needs chromium on PATH (apt-get install chromium)")
    assert browser is not None
    inputs, problems = mini(tmp_path)
    report, shot = tmp_path / "report.html", tmp_path / "shot.png"
    write_html_report(report, inputs, problems)
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={shot}", report.as_uri()],
                   check=True, capture_output=True, timeout=120, cwd=tmp_path)
    image = Image.open(io.BytesIO(shot.read_bytes())).convert("RGB")
    colors = {color for _, color in image.getcolors(WIDTH * HEIGHT) or []}
    for wanted in ("#cc0000", "#0000cc"):  # the map: Reds' and Blues' territories
        assert rgb(wanted) in colors, wanted
    # where the map is on the page: the sea spans map x 0..900 and y 100..200
    sea = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if image.getpixel((x, y)) == rgb(WATER)]
    assert sea, "no sea on the screenshot"
    left, right = min(x for x, _ in sea), max(x for x, _ in sea)
    top = min(y for _, y in sea)
    scale = (right - left + 1) / 900

    def on_screen(x: float, y: float) -> tuple[int, int]:
        return round(left + x * scale), round(top + (y - 100) * scale)

    scene = draw_game(model(), map_files=map_files(), problems=problems)
    radius = mark_radius(scene)
    for mark in scene.marks:  # the disc of each mark, below its number, in its severity's colour
        x, y = mark.at
        assert image.getpixel(on_screen(x, y + radius * 0.75)) == rgb(mark_color(mark.problem.severity)), mark
    assert image.getpixel(on_screen(150, 20)) == rgb("#cc0000")  # Middle, owned by Reds
