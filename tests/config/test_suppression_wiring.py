"""Inline suppressions in validate (game XML) and compile (YAML spec): applied after the checks and
before the selection; an unused one is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from config_inputs import ATOLL, BAD_PLACEMENT, SPEC, broken_game, line_of, run

import compiler.suppressions


def suppress_before(path: Path, needle: str, comment: str) -> None:
    """Put `comment` on its own line before the first line holding `needle`."""
    lines = path.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if needle in line)
    lines.insert(at, comment + "\n")
    path.write_text("".join(lines))


def codes(stdout: str) -> list[str]:
    return [line[line.rindex("[") + 1:-1] for line in stdout.splitlines()]


def test_a_suppressed_error_disappears(tmp_path: Path) -> None:
    game = broken_game(tmp_path)
    suppress_before(game, BAD_PLACEMENT, "      <!-- triplea-compiler: disable=unknown-unit -->")
    result = run("validate", str(game))
    assert codes(result.stdout) == ["isolated-territory"]
    assert result.exit_code == 0


def test_an_unused_suppression_is_reported_where_it_is(tmp_path: Path) -> None:
    game = broken_game(tmp_path)
    suppress_before(game, ATOLL, "    <!-- triplea-compiler: disable=missing-center,unknown-unti -->")
    result = run("validate", str(game))
    line = line_of(game, "disable=missing-center")
    assert result.stdout.splitlines()[0] == f"{game}:{line}:5: warning: unused suppression of 'missing-center' " \
                                            "[unused-suppression]"
    assert "unknown check id 'unknown-unti' in suppression (did you mean 'unknown-unit'?)" in result.stdout
    assert sorted(codes(result.stdout)) == ["isolated-territory", "unknown-unit", "unused-suppression",
                                            "unused-suppression"]


def test_suppression_comes_before_selection(tmp_path: Path) -> None:
    """A suppressed id the configuration also ignores is still used (not reported as unused), and the
    unused-suppression warnings are subject to the selection like any other id."""
    game = broken_game(tmp_path / "games")
    suppress_before(game, ATOLL, "    <!-- triplea-compiler: disable=isolated-territory -->")
    suppress_before(game, BAD_PLACEMENT, "      <!-- triplea-compiler: disable=missing-center -->")
    (tmp_path / ".triplea-compiler.yaml").write_text("ignore: [isolated-territory]\n")
    assert codes(run("validate", str(game)).stdout) == ["unused-suppression", "unknown-unit"]
    assert codes(run("validate", "--ignore", "unused-suppression", str(game)).stdout) == ["unknown-unit"]


def test_games_without_a_suppression_never_look_for_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("find_suppressions called on a game without the marker")

    monkeypatch.setattr(compiler.suppressions, "find_suppressions", refuse)
    assert codes(run("validate", str(broken_game(tmp_path))).stdout) == ["isolated-territory", "unknown-unit"]


ATOLL_SPEC = "  Atoll: {production: 1}\n"


def test_a_spec_suppression_in_compile(tmp_path: Path) -> None:
    text = SPEC.read_text().replace("territories:\n", "territories:\n" + ATOLL_SPEC, 1)
    spec = tmp_path / "island.yaml"
    spec.write_text(text)
    assert codes(run("compile", "-o", str(tmp_path / "out"), str(spec)).stdout) == ["isolated-territory"]
    spec.write_text(text.replace(ATOLL_SPEC, "  # triplea-compiler: disable=isolated-territory\n" + ATOLL_SPEC))
    result = run("compile", "-o", str(tmp_path / "out"), str(spec))
    assert (result.exit_code, result.stdout) == (0, "")
    comment = "  # triplea-compiler: disable=isolated-territory,canal\n"
    spec.write_text(text.replace(ATOLL_SPEC, ATOLL_SPEC.rstrip("\n") + comment))
    line = line_of(spec, "disable=isolated-territory,canal")
    result = run("compile", "-o", str(tmp_path / "out"), str(spec))
    assert result.stdout == f"{spec}:{line}:27: warning: unused suppression of 'canal' [unused-suppression]\n"


def test_a_suppressed_error_lets_compile_write_the_xml(tmp_path: Path) -> None:
    text = SPEC.read_text().replace("territories:\n", "territories:\n" + ATOLL_SPEC, 1)
    spec = tmp_path / "island.yaml"
    spec.write_text("# triplea-compiler: disable-file=isolated-territory\n" + text)
    (tmp_path / ".triplea-compiler.yaml").write_text("severity: {isolated-territory: error}\n")
    result = run("compile", "-o", str(tmp_path / "out"), str(spec))
    assert (result.exit_code, result.stdout) == (0, "") and (tmp_path / "out" / "island.xml").is_file()
