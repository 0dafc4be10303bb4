"""tooltips.properties keys read as TripleA 2.x's TooltipProperties looks them up, on the Empire map of
../shared/reference/maps (seven unit tooltips)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.problems import Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

EMPIRE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "maps" / "empire"


def tooltip_findings(folder: Path) -> list[Problem]:
    return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code == "tooltips-file"]


def test_a_tooltip_key_triplea_never_looks_up_is_reported(tmp_path: Path) -> None:
    if not EMPIRE.is_dir():
        pytest.skip(f"needs {EMPIRE}")
    folder = Path(shutil.copytree(EMPIRE, tmp_path / "empire"))
    tips = folder / "map" / "tooltips.properties"
    assert tooltip_findings(folder) == []
    added = ("tooltip.unit.cavalary=never shown\n"  # a misspelt unit: reported
             "tooltip.unit.cavalry.Macedonia.append=more\n"  # a unit and a player of the game, appended
             "tooltip.unit.elephant=of another game\n")  # nothing like a unit of this game: left alone
    tips.write_text(tips.read_text(encoding="utf-8") + "\n" + added, encoding="utf-8")
    [found] = tooltip_findings(folder)
    lines = tips.read_text(encoding="utf-8").splitlines()
    assert found.severity is Severity.WARNING and lines[found.location.line - 1].startswith("tooltip.unit.cavalary=")
    assert "did you mean 'cavalry'?" in found.message
