"""Atomic writes: all or nothing, and ordinary permissions."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from compiler.fileio import UnwritableError, write_atomic


def test_writes_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "game.xml"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["game.xml"]


def test_new_files_are_readable_by_others(tmp_path: Path) -> None:
    target = tmp_path / "game.xml"
    write_atomic(target, "x")
    assert target.stat().st_mode & stat.S_IROTH


def test_existing_permissions_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "game.xml"
    target.write_text("old")
    target.chmod(0o600)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.xml"
    target.write_text("old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("compiler.fileio.os.replace", broken_replace)
    with pytest.raises(UnwritableError, match="cannot write here: disk full"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.xml"]
