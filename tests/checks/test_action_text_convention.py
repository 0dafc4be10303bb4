"""A text a map leaves empty for every action is its way of having none (missing-action-text), on the Empire
map of ../shared/reference/maps, whose actionstext.properties writes `KEY.DESCRIPTION= ` for all 60 actions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.problems import Problem
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

EMPIRE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "maps" / "empire"


def action_findings(folder: Path) -> list[Problem]:
    return [p for p in validate_batch(collect((folder,), Flags()), "2.7").problems if p.code == "missing-action-text"]


@pytest.fixture
def empire(tmp_path: Path) -> Path:
    if not EMPIRE.is_dir():
        pytest.skip(f"needs {EMPIRE}")
    return Path(shutil.copytree(EMPIRE, tmp_path / "empire"))


def test_descriptions_left_blank_everywhere_are_not_reported(empire: Path) -> None:
    assert not [p for p in action_findings(empire) if ".DESCRIPTION" in p.message]


def test_one_description_written_or_deleted_is_reported(empire: Path) -> None:
    texts = empire / "map" / "actionstext.properties"
    text = texts.read_text(encoding="utf-8")
    text = text.replace("ITALIA_EXCHANGE.DESCRIPTION= ", "ITALIA_EXCHANGE.DESCRIPTION=Trade with Italia")
    texts.write_text(text.replace("GALATIA_EXCHANGE.DESCRIPTION= \n", ""), encoding="utf-8")
    found = action_findings(empire)
    blank = [p for p in found if ".DESCRIPTION empty" in p.message]  # one written: the blank ones are forgotten
    assert blank and not any("ITALIA_EXCHANGE.DESCRIPTION" in p.message for p in blank)
    assert any("lacks GALATIA_EXCHANGE.DESCRIPTION" in p.message for p in found)  # a deleted one: a placeholder
