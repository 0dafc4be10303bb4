"""Colour and progress: only on a terminal, NO_COLOR / FORCE_COLOR / --color honoured, never in json."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from terminal_inputs import games, island_spec, run

import compiler.terminal as terminal
from compiler.terminal import Progress, use_color

ESC = "\x1b["


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    ("mode", "tty", "variables", "expected"),
    [
        ("auto", True, {}, True),
        ("auto", False, {}, False),
        ("auto", True, {"NO_COLOR": "1"}, False),
        ("auto", True, {"NO_COLOR": ""}, True),  # only a non-empty NO_COLOR counts
        ("auto", False, {"FORCE_COLOR": "1"}, True),
        ("auto", True, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
        ("always", False, {"NO_COLOR": "1"}, True),
        ("never", True, {"FORCE_COLOR": "1"}, False),
    ],
)
def test_use_color(env: pytest.MonkeyPatch, mode: str, tty: bool, variables: dict[str, str], expected: bool) -> None:
    for name, value in variables.items():
        env.setenv(name, value)
    assert use_color(mode, Stream(tty)) is expected


def _pretend_terminal(env: pytest.MonkeyPatch, tty: bool) -> None:
    env.setattr(terminal, "_isatty", lambda stream: tty)


@pytest.mark.parametrize(
    ("tty", "args", "variables", "colored"),
    [
        (True, [], {}, True),
        (False, [], {}, False),
        (True, [], {"NO_COLOR": "yes"}, False),
        (False, [], {"FORCE_COLOR": "1"}, True),
        (True, ["--color", "never"], {}, False),
        (False, ["--color", "always"], {}, True),
        (True, ["--format", "json"], {"FORCE_COLOR": "1"}, False),
        (True, ["--format", "github", "--color", "always"], {}, False),
        (True, ["--format", "sarif", "--color", "always"], {}, False),
    ],
)
def test_validate_colours_only_text_on_a_terminal(env: pytest.MonkeyPatch, tmp_path: Path, tty: bool,
                                                  args: list[str], variables: dict[str, str], colored: bool) -> None:
    _pretend_terminal(env, tty)
    for name, value in variables.items():
        env.setenv(name, value)
    (game,) = games(tmp_path, 1)
    result = run("validate", *args, str(game))
    assert result.exit_code == 0
    assert (ESC in result.stdout) is colored
    if colored:
        assert f"{ESC}33m{ESC}1mwarning{ESC}0m: territory 'Atoll' has no connection" in result.stdout
        assert result.stdout.startswith(f"{game}:")  # the location is left plain
    plain = run("validate", *args, "--color", "never", str(game)).stdout
    assert result.stdout.replace(f"{ESC}33m{ESC}1m", "").replace(f"{ESC}2m", "").replace(f"{ESC}0m", "") == plain


def test_compile_colours_too(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _pretend_terminal(env, True)
    spec = tmp_path / "island.yaml"
    spec.write_text(island_spec())
    assert f"{ESC}33m" in run("compile", "-o", str(tmp_path / "out"), str(spec)).stdout
    assert ESC not in run("compile", "-o", str(tmp_path / "out"), "--color", "never", str(spec)).stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_on_a_terminal_for_a_batch(env: pytest.MonkeyPatch, tmp_path: Path, jobs: str) -> None:
    _pretend_terminal(env, True)
    paths = games(tmp_path, 3)
    result = run("validate", "-j", jobs, *map(str, paths))
    assert [f"[{i}/3] " in result.stderr for i in (1, 2, 3)] == [True] * 3
    assert all(f"\r{ESC}K[{i}/3] {tmp_path}" in result.stderr for i in (1, 2, 3))
    before_summary = result.stderr[: result.stderr.index("3 game(s) checked")]
    assert before_summary.endswith(f"\r{ESC}K")  # cleared before anything else is printed
    assert "\r" not in result.stdout and "/3]" not in result.stdout  # progress never goes to stdout


@pytest.mark.parametrize(("tty", "count", "args"), [(False, 3, []), (True, 1, []), (True, 3, ["--quiet"])])
def test_no_progress(env: pytest.MonkeyPatch, tmp_path: Path, tty: bool, count: int, args: list[str]) -> None:
    _pretend_terminal(env, tty)
    result = run("validate", *args, *map(str, games(tmp_path, count)))
    assert "\r" not in result.stderr and "[1/" not in result.stderr


def test_compile_progress_is_cleared_before_its_notes(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _pretend_terminal(env, True)
    env.setenv("COLUMNS", "1000")  # wide enough for any temporary path (a test worker's is long): no truncation
    specs = []
    for name in ("a", "b"):
        specs.append(tmp_path / f"{name}.yaml")
        specs[-1].write_text(island_spec())
    result = run("compile", "-o", str(tmp_path / "out"), *map(str, specs))
    assert f"[1/2] {specs[0]}\r{ESC}Kwrote {tmp_path / 'out' / 'a.xml'}\n" in result.stderr
    assert result.stderr.endswith(f"wrote {tmp_path / 'out' / 'b.xml'}\n")


def test_progress_truncates_to_the_terminal_width(env: pytest.MonkeyPatch) -> None:
    env.setenv("COLUMNS", "30")
    stream = Stream(True)
    with Progress(2, True, stream) as progress:
        progress.step("x" * 100)
        shown = stream.getvalue()
    assert shown.startswith(f"\r{ESC}K[1/2] x") and len(shown.removeprefix(f"\r{ESC}K")) == 29
    assert stream.getvalue().endswith(f"\r{ESC}K")
