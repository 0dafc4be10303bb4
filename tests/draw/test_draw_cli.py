"""`triplea-compiler draw`: files written, boards at a round, violations marked, clear errors."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from lxml import etree
from PIL import Image

from compiler.cli import main

DATA = Path(__file__).resolve().parents[1] / "saves" / "data"
SPEC, SAVE = DATA / "two_fronts_victory.yaml", DATA / "two_fronts_victory_2.7.tsvg"
SVG = "{http://www.w3.org/2000/svg}"
LIMIT = 'move-limit:{"player":"Westerners","phase":"combat-move","max_units":3}'


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["draw", *args])
    return result.exit_code, result.output


def owner(svg: Path, territory: str) -> str | None:
    tree = etree.parse(str(svg))
    return next(g.get("data-owner") for g in tree.iter(f"{SVG}g") if g.get("data-territory") == territory
                and "territory" in (g.get("class") or ""))


def test_png_and_svg_of_a_save(tmp_path: Path) -> None:
    code, _ = run(str(SPEC), "--save", str(SAVE), "-o", str(tmp_path / "board.png"), "--width", "600")
    assert code == 0 and Image.open(tmp_path / "board.png").size[0] == 600
    code, _ = run(str(SPEC), "--save", str(SAVE), "-o", str(tmp_path / "board.svg"))
    assert code == 0 and owner(tmp_path / "board.svg", "Eastland") == "Westerners"


def test_a_violation_is_marked_where_its_event_happened(tmp_path: Path) -> None:
    out = tmp_path / "v.svg"
    code, output = run(str(SPEC), "--save", str(SAVE), "--problems", "--rule", LIMIT, "-o", str(out))
    assert code == 0 and "1 problem(s) marked" in output
    [mark] = [g for g in etree.parse(str(out)).iter(f"{SVG}g") if (g.get("class") or "").startswith("mark")]
    assert (mark.get("data-territory"), mark.get("data-code")) == ("Eastland", "move-limit")


def test_round_zero_is_refused_and_round_one_replays(tmp_path: Path) -> None:
    code, output = run(str(SPEC), "--save", str(SAVE), "--round", "9", "-o", str(tmp_path / "x.svg"))
    assert code == 2 and "no round 9" in output
    code, _ = run(str(SPEC), "--save", str(SAVE), "--round", "1", "-o", str(tmp_path / "r1.svg"))
    assert code == 0 and owner(tmp_path / "r1.svg", "Eastland") == "Westerners"


def test_bad_invocations_exit_2(tmp_path: Path) -> None:
    assert run(str(SPEC), "-o", str(tmp_path / "x.gif"))[0] == 2
    assert run(str(tmp_path / "missing.xml"), "-o", str(tmp_path / "x.svg"))[0] == 2
    assert run(str(SPEC), "--round", "1", "-o", str(tmp_path / "x.svg"))[0] == 2
    assert not (tmp_path / "x.svg").exists()
