"""`triplea-compiler fmt`: rewrite in place, --check for CI, located errors that leave files untouched."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main

BLOCKY = "units:\n  infantry:\n    cost: 3  # cheap\n    movement: 1\n"
HOUSE = "units:\n  infantry:\n    cost: 3  # cheap\n    movement: 1\n"
COMPACT = "units:\n  infantry:\n    cost: 3\n    movement: 1\n"


def _run(*args: str) -> object:
    return CliRunner().invoke(main, ["fmt", *args])


def test_rewrites_in_place_and_then_is_clean(tmp_path: Path) -> None:
    spec = tmp_path / "a.yaml"
    spec.write_text(COMPACT, encoding="utf-8")
    result = _run(str(spec))
    assert result.exit_code == 0, result.output
    assert spec.read_text(encoding="utf-8") == "units:\n  infantry: {cost: 3, movement: 1}\n"
    assert _run("--check", str(spec)).exit_code == 0


def test_check_lists_files_that_would_change_and_writes_nothing(tmp_path: Path) -> None:
    dirty, clean = tmp_path / "dirty.yaml", tmp_path / "clean.yaml"
    dirty.write_text(COMPACT, encoding="utf-8")
    clean.write_text(HOUSE, encoding="utf-8")  # a comment inside keeps the block: already formatted
    result = _run("--check", str(dirty), str(clean))
    assert result.exit_code == 1
    assert f"would reformat {dirty}" in result.output and str(clean) not in result.output.replace(
        f"would reformat {dirty}", "")
    assert dirty.read_text(encoding="utf-8") == COMPACT


def test_width_option(tmp_path: Path) -> None:
    spec = tmp_path / "w.yaml"
    spec.write_text("connections:\n  A: [" + ", ".join(f"T{i}" for i in range(40)) + "]\n", encoding="utf-8")
    assert _run("--width", "60", str(spec)).exit_code == 0
    assert max(len(line) for line in spec.read_text(encoding="utf-8").splitlines()) <= 60
    assert _run("--width", "0", str(spec)).exit_code == 0
    assert spec.read_text(encoding="utf-8").count("\n") == 2


def test_syntax_errors_and_unreadable_files_exit_2_untouched(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("units:\n  a: [1, 2\n  b: 3\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(COMPACT, encoding="utf-8")
    result = _run(str(bad), str(tmp_path / "missing.yaml"), str(good))
    assert result.exit_code == 2
    assert f"{bad}:3:" in result.output and "[yaml-syntax]" in result.output
    assert "missing.yaml" in result.output and "Traceback" not in result.output
    assert bad.read_text(encoding="utf-8") == "units:\n  a: [1, 2\n  b: 3\n"
    assert good.read_text(encoding="utf-8") != COMPACT  # the good one is still formatted
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00bad")
    assert _run(str(binary)).exit_code == 2
