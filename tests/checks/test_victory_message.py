"""victory-message: a trigger's victory needs its key in the map's notifications.properties."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.mapfolder import discover
from compiler.mapfolder.properties_file import read_properties
from compiler.validate import validate_input

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "output" / "diberardino_classic.xml"  # victory triggers AXIS_VICTORY and ALLIES_VICTORY


def _map(tmp_path: Path, notifications: str | None) -> Path:
    folder = tmp_path / "map"
    (folder / "games").mkdir(parents=True)
    shutil.copy(GAME, folder / "games" / "game.xml")
    (folder / "centers.txt").write_text("", encoding="utf-8")
    if notifications is not None:
        (folder / "notifications.properties").write_text(notifications, encoding="utf-8")
    return folder


def _found(folder: Path) -> list[str]:
    problems = [p for inp in discover(folder) for p in validate_input(inp, "2.7")[0]]
    return [p.message for p in problems if p.code == "victory-message"]


def test_no_notifications_file(tmp_path: Path) -> None:
    found = _found(_map(tmp_path, None))
    assert len(found) == 2 and all("the map has no notifications.properties" in m for m in found)


def test_missing_key_is_named(tmp_path: Path) -> None:
    found = _found(_map(tmp_path, "AXIS_VICTORY=<b>Axis win</b>\n"))
    assert len(found) == 1 and "has no key 'ALLIES_VICTORY'" in found[0]


def test_keys_present(tmp_path: Path) -> None:
    assert _found(_map(tmp_path, "AXIS_VICTORY=Axis win\nALLIES_VICTORY : Allies \\\n  win\n")) == []


def test_a_lone_xml_is_not_checked() -> None:
    problems, _ = validate_input(discover(GAME)[0], "2.7")
    assert not [p for p in problems if p.code == "victory-message"]


@pytest.mark.parametrize(("text", "keys"), [
    ("a=1\nb: 2\nc 3\n", {"a", "b", "c"}),
    ("# comment\n! also\n\nkey\\ with\\ spaces=x\n", {"key with spaces"}),
    ("long=first \\\n  second=not a key\nnext=3\n", {"long", "next"}),
])
def test_property_keys(text: str, keys: set[str]) -> None:
    assert set(read_properties(text)) == keys
