"""objectives.properties read as TripleA 2.x's Objectives tab reads it, on mutants of a real map's file.

g40_alt_universe (../shared/reference/maps) has an objectives.properties for both of its games; each test
changes one line the way a map maker would and requires a warning at that line saying what TripleA drops.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.checks.objectives_file import key_prefix
from compiler.problems import Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

MAP = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "maps" / "g40_alt_universe"
ROW = "G40_Alt_Universe.Germans;objectiveAttachment_Germans_1_Trade_with_Russia="


@pytest.fixture
def g40(tmp_path: Path) -> Path:
    if not MAP.is_dir():
        pytest.skip(f"needs {MAP}")
    return Path(shutil.copytree(MAP, tmp_path / "g40_alt_universe"))


def findings(folder: Path) -> list[Problem]:
    return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code == "objectives-file"]


def edit(folder: Path, old: str, new: str) -> tuple[Path, int]:
    """Replace the first `old` in objectives.properties; the file and the line changed."""
    path = folder / "map" / "objectives.properties"
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, line


def test_the_real_file_has_no_findings(g40: Path) -> None:
    assert findings(g40) == []


@pytest.mark.parametrize(("old", "new", "said"), [
    (ROW, ROW.replace("Russia=", "Rusia="), "has no attachment 'objectiveAttachment_Germans_1_Trade_with_Rusia'"),
    (ROW, ROW.replace(".Germans;", ".Germany;"), "'Germany' is no player of this game (did you mean 'Germans'?)"),
    (ROW, ROW.replace(";objective", ";nationalObjective"), "does not begin with objectiveAttachment"),
    (ROW, ROW.replace(";", "|"), "is not '<game>.<player>;<condition>'"),
])
def test_a_row_triplea_drops_is_reported_at_its_line(g40: Path, old: str, new: str, said: str) -> None:
    path, line = edit(g40, old, new)
    [found] = [p for p in findings(g40) if p.location.line == line]
    assert found.severity is Severity.WARNING and found.location.path == str(path) and said in found.message


def test_a_row_no_section_lists_is_not_shown(g40: Path) -> None:
    edit(g40, "objectiveAttachment_Germans_1_Trade_with_Russia;", "")
    [found] = findings(g40)
    assert "no TABLEGROUP section lists 'objectiveAttachment_Germans_1_Trade_with_Russia'" in found.message


def test_a_renamed_game_shows_no_objectives(g40: Path) -> None:
    game = g40 / "map" / "games" / "G40_Alt_Universe.xml"
    game.write_text(game.read_text(encoding="utf-8").replace('<info name="G40 Alt Universe"',
                                                               '<info name="G40 Alt Universe 2"'), encoding="utf-8")
    [found] = findings(g40)
    assert found.location.line == 1 and "no key of objectives.properties begins with 'G40_Alt_Universe_2.'" \
        in found.message


def test_the_key_prefix_is_the_game_name_as_triplea_writes_it() -> None:
    assert key_prefix("WW2 v3: 1941 (Rev.)") == "WW2_v3__1941_(Rev_)."
