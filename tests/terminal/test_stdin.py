"""`-` reads standard input: validate and import a game XML, compile and fmt a spec; size-capped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from terminal_inputs import SPEC, island_spec, island_xml, run

import compiler.terminal as terminal

ISOLATED = "warning: territory 'Atoll' has no connection [isolated-territory]"


def test_validate_stdin_is_shown_as_stdin(tmp_path: Path) -> None:
    result = run("validate", "-", stdin=island_xml())
    assert result.exit_code == 0
    assert result.stdout == f"<stdin>:7:22: {ISOLATED}\n"
    assert "1 game(s) checked: 0 error(s), 1 warning(s)" in result.stderr


def test_validate_stdin_beside_files_and_with_json(tmp_path: Path) -> None:
    game = tmp_path / "island.xml"
    game.write_text(island_xml())
    result = run("validate", "--format", "json", str(game), "-", stdin=island_xml())
    assert [p["path"] for p in json.loads(result.stdout)["problems"]] == [str(game), "<stdin>"]


def test_validate_stdin_finds_the_config_of_the_current_folder(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".triplea-compiler.yaml").write_text("strict: true\n")
    monkeypatch.chdir(tmp_path)
    assert run("validate", "-", stdin=island_xml()).exit_code == 1


def test_broken_stdin_is_located_exit_2() -> None:
    result = run("validate", "-", stdin="<game>\n<info>\n</game>\n")
    assert result.exit_code == 2 and result.stdout.startswith("<stdin>:3:") and "[xml-syntax]" in result.stdout


def test_stdin_is_read_once() -> None:
    for command in ("validate", "compile", "fmt"):
        result = run(command, "-", "-", stdin="")
        assert result.exit_code == 2 and "stdin ('-') can be read only once" in result.stderr


def test_stdin_is_size_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    from compiler import limits

    monkeypatch.setitem(limits.SIZE, "game XML", 1024 * 1024)
    result = run("validate", "-", stdin=b"<game>" + b" " * (1024 * 1024) + b"</game>")
    assert result.exit_code == 2
    assert result.stdout == "<stdin>:1:1: error: game XML on stdin is larger than 1 MiB [unreadable]\n"


def test_read_stdin_text_refuses_non_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    result = run("fmt", "-", stdin=b"game: {name: \xff}\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("<stdin>:1:1: error: spec on stdin is not UTF-8 text")
    assert terminal.STDIN_NAME == "<stdin>"


def test_compile_stdin_writes_xml_to_stdout_and_problems_to_stderr(tmp_path: Path) -> None:
    result = run("compile", "-o", str(tmp_path / "out"), "-", stdin=island_spec())
    assert result.exit_code == 0
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>') and "Atoll" in result.stdout
    line = island_spec().splitlines().index("  Atoll: {production: 1}") + 1
    assert f"<stdin>:{line}:3: {ISOLATED}" in result.stderr
    assert not (tmp_path / "out").exists()


def test_compile_stdin_with_errors_writes_no_xml() -> None:
    result = run("compile", "-", stdin=SPEC.read_text().replace("owner: Westerners", "owner: Nobody", 1))
    assert result.exit_code == 1 and result.stdout == ""
    assert "<stdin>:" in result.stderr and "error:" in result.stderr


def test_compile_check_refuses_stdin() -> None:
    result = run("compile", "--check", "-", stdin=island_spec())
    assert result.exit_code == 2 and "cannot check stdin" in result.stderr


def test_import_stdin() -> None:
    result = run("import", "-", stdin=island_xml())
    assert result.exit_code == 0
    assert result.stdout.startswith("# Imported by triplea-compiler from <stdin>.\n")
    assert "Atoll" in result.stdout


def test_fmt_stdin_to_stdout() -> None:
    messy = "game: {name: X}\nplayers:\n  A:\n    alliance: B\nterritories: {T: {production: 1}}\n"
    result = run("fmt", "-", stdin=messy)
    assert result.exit_code == 0 and "  A: {alliance: B}\n" in result.stdout
    assert run("fmt", "-", stdin=result.stdout).stdout == result.stdout  # formatted text is left as it is
    check = run("fmt", "--check", "-", stdin=messy)
    assert (check.exit_code, check.stdout) == (1, "would reformat <stdin>\n")
    assert run("fmt", "--check", "-", stdin=result.stdout).exit_code == 0
