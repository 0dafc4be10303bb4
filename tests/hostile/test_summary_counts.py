"""The JSON summary counts what it says: `files` is the games (or specs) checked, not the paths that have
problems (a map's text files have problems of their own) nor the inputs that could not be read."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hostile_inputs import SPEC, XML

from compiler.cli import main


def _summary(*args: str) -> tuple[dict[str, object], set[str]]:
    result = CliRunner().invoke(main, [*args, "--format", "json"])
    doc = json.loads(result.stdout)
    return doc["summary"], {p["path"] for p in doc["problems"]}


def test_a_map_folder_counts_its_games_not_its_files(shared: Path) -> None:
    summary, paths = _summary("validate", str(shared / "reference" / "maps" / "g40_alt_universe"))
    assert summary["files"] == 2 and len(paths) > 2  # centers.txt and map.yml have problems too


def test_unreadable_inputs_are_not_counted_as_checked(tmp_path: Path) -> None:
    summary, paths = _summary("validate", str(XML), str(tmp_path / "missing.xml"))
    assert summary["files"] == 1 and str(tmp_path / "missing.xml") in paths


def test_compile_counts_its_specs(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: {name: X\n")
    summary, _ = _summary("compile", str(SPEC), str(broken), "-o", str(tmp_path / "out"))
    assert summary["files"] == 2 and summary["errors"] == 1
