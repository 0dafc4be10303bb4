"""validate and compile under a configuration and the selection flags: --select, --ignore, --strict,
--quiet, --config, and the engine's precedence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from config_inputs import ATOLL, BAD_PLACEMENT, SPEC, broken_game, line_of, run

from compiler.problems import Problem, Severity
from compiler.selection import Flags, Selection, parse_ids

WARNING = "[isolated-territory]"
ERROR = "[unknown-unit]"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_without_config_both_problems_and_exit_1(tmp_path: Path) -> None:
    game = broken_game(tmp_path / "games")
    result = run("validate", str(game))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{game}:{line_of(game, ATOLL)}:22: warning: territory 'Atoll' has no connection {WARNING}",
        f"{game}:{line_of(game, BAD_PLACEMENT)}:32: error: unknown unit type 'infantri' in unitPlacement in "
        f"'Westland' (did you mean 'infantry'?) {ERROR}",
    ]
    assert "1 game(s) checked: 1 error(s), 1 warning(s)" in result.stderr


@pytest.mark.parametrize(
    ("args", "config", "shown", "status"),
    [
        (["--select", "isolated-territory"], None, [WARNING], 0),
        (["--ignore", "unknown-unit"], None, [WARNING], 0),
        (["--ignore", "unknown-unit", "--strict"], None, [WARNING], 1),
        (["--ignore", "unknown-unit,isolated-territory"], None, [], 0),
        (["--quiet"], None, [ERROR], 1),
        ([], "select: [isolated-territory]\n", [WARNING], 0),
        ([], "ignore: [isolated-territory]\n", [ERROR], 1),
        (["--ignore", "unknown-unit"], "ignore: [isolated-territory]\n", [], 0),  # --ignore adds to the config's
        (["--select", "unknown-unit"], "select: [isolated-territory]\n", [ERROR], 1),  # --select replaces it
        ([], "ignore: [unknown-unit]\nstrict: true\n", [WARNING], 1),
        (["--quiet"], "ignore: [unknown-unit]\nstrict: true\n", [WARNING], 1),  # strict warnings stay in sight
        ([], "per-path-ignores: {'games/*.xml': [unknown-unit]}\n", [WARNING], 0),
        ([], "per-path-ignores: {'other/*.xml': [unknown-unit]}\n", [WARNING, ERROR], 1),
        ([], "severity: {unknown-unit: warning}\n", [WARNING, ERROR], 0),
        (["--strict"], "severity: {unknown-unit: warning}\n", [WARNING, ERROR], 1),
    ],
)
def test_selection(tmp_path: Path, args: list[str], config: str | None, shown: list[str], status: int) -> None:
    game = broken_game(tmp_path / "games")
    if config is not None:
        write(tmp_path / ".triplea-compiler.yaml", config)
    result = run("validate", *args, str(game))
    assert [line[line.rindex("["):] for line in result.stdout.splitlines()] == shown
    assert result.exit_code == status
    assert ("game(s) checked" in result.stderr) is ("--quiet" not in args)


def test_severity_override_is_printed(tmp_path: Path) -> None:
    write(tmp_path / ".triplea-compiler.yaml", "severity: {isolated-territory: error, unknown-unit: warning}\n")
    result = run("validate", "--format", "json", str(broken_game(tmp_path / "games")))
    doc = json.loads(result.stdout)
    assert {p["code"]: p["severity"] for p in doc["problems"]} == {"isolated-territory": "error",
                                                                   "unknown-unit": "warning"}
    assert result.exit_code == 1


def test_json_counts_what_is_printed(tmp_path: Path) -> None:
    result = run("validate", "--format", "json", "--ignore", "isolated-territory", str(broken_game(tmp_path)))
    summary = json.loads(result.stdout)["summary"]
    assert (summary["problems"], summary["errors"], summary["warnings"]) == (1, 1, 0)
    assert summary["by_code"] == {"unknown-unit": 1}
    quiet = json.loads(run("validate", "--format", "json", "--quiet", str(broken_game(tmp_path))).stdout)
    assert quiet["summary"]["warnings"] == 0 and quiet["summary"]["errors"] == 1


def test_each_file_gets_its_own_config(tmp_path: Path) -> None:
    strict = broken_game(tmp_path / "strict" / "games")
    relaxed = broken_game(tmp_path / "relaxed" / "games")
    write(tmp_path / "strict" / ".triplea-compiler.yaml", "ignore: [unknown-unit]\nstrict: true\n")
    write(tmp_path / "relaxed" / ".triplea-compiler.yaml", "ignore: [unknown-unit, isolated-territory]\n")
    result = run("validate", str(relaxed), str(strict))
    assert result.stdout.splitlines() == [f"{strict}:{line_of(strict, ATOLL)}:22: warning: territory 'Atoll' has "
                                          f"no connection {WARNING}"]
    assert result.exit_code == 1  # the strict folder's warning fails the run
    assert run("validate", str(relaxed)).exit_code == 0


def test_explicit_config_replaces_the_search(tmp_path: Path) -> None:
    game = broken_game(tmp_path / "games")
    write(tmp_path / ".triplea-compiler.yaml", "ignore: [unknown-unit]\n")
    chosen = write(tmp_path / "ci" / "lint.yaml", "ignore: [isolated-territory]\n")
    result = run("validate", "--config", str(chosen), str(game))
    assert [line[line.rindex("["):] for line in result.stdout.splitlines()] == [ERROR]


@pytest.mark.parametrize("command", ["validate", "compile"])
def test_a_bad_config_is_exit_2_with_located_errors(tmp_path: Path, command: str) -> None:
    config = write(tmp_path / ".triplea-compiler.yaml", "ignore: [unknown-unti]\nstirct: true\n")
    if command == "validate":
        result = run(command, str(broken_game(tmp_path / "games")))
    else:
        result = run(command, "-o", str(tmp_path / "out"), str(write(tmp_path / "s.yaml", SPEC.read_text())))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[:2] == [
        f"{config}:1:10: error: unknown id 'unknown-unti' (did you mean 'unknown-unit'?) [config-error]",
        f"{config}:2:1: error: unknown key 'stirct' (did you mean 'strict'?) [config-error]",
    ]
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["validate", "compile"])
@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_unknown_ids_on_the_command_line_are_exit_2(tmp_path: Path, command: str, option: str) -> None:
    result = run(command, option, "isolated-territory,isolated-teritory", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert "unknown id 'isolated-teritory' (did you mean 'isolated-territory'?)" in result.stderr


def test_compile_honours_the_selection(tmp_path: Path) -> None:
    spec = write(tmp_path / "specs" / "island.yaml", SPEC.read_text().replace(
        "territories:\n", "territories:\n  Atoll: {production: 1}\n", 1))
    out = tmp_path / "out"
    result = run("compile", "-o", str(out), str(spec))
    assert result.exit_code == 0 and WARNING in result.stdout and (out / "island.xml").is_file()
    assert run("compile", "-o", str(out), "--strict", str(spec)).exit_code == 1
    write(tmp_path / ".triplea-compiler.yaml", "ignore: [isolated-territory]\nstrict: true\n")
    quiet = run("compile", "-o", str(out), str(spec))
    assert (quiet.exit_code, quiet.stdout) == (0, "")
    promoted = write(tmp_path / ".triplea-compiler.yaml", "severity: {isolated-territory: error}\n")
    failed = run("compile", "-o", str(tmp_path / "none"), str(spec))
    assert failed.exit_code == 1 and "error: territory 'Atoll' has no connection" in failed.stdout
    assert not (tmp_path / "none").exists() and promoted.is_file()  # an error: no XML
    assert run("compile", "-q", "-o", str(out), "--ignore", "isolated-territory", str(spec)).stderr == ""


def _engine_of(tmp_path: Path, spec_text: str, config: str | None, *args: str) -> str:
    spec = write(tmp_path / "e" / "spec.yaml", spec_text)
    if config is not None:
        write(tmp_path / "e" / ".triplea-compiler.yaml", config)
    result = run("compile", "-o", str(tmp_path / "out"), *args, str(spec))
    assert result.exit_code == 0, result.output
    header = (tmp_path / "out" / "spec.xml").read_text().splitlines()[2]
    found = re.search(r"for TripleA (\S+)\. Edit", header)
    assert found, header
    return found[1]


@pytest.mark.parametrize(
    ("spec_engine", "config", "cli", "expected"),
    [
        (None, None, None, "2026-08"),  # latest: the newest release the tool knows
        (None, "engine: '1.9'\n", None, "1.9"),
        ("2.x", "engine: '1.9'\n", None, "2.7"),  # the spec's engine: beats the config's
        ("2.x", "engine: '1.9'\n", "1.9", "1.9"),  # the command line beats both
        ("1.9", None, "2.x", "2.7"),
        ("2026-08.16.15726", "engine: '2.6'\n", None, "2026-08"),  # a full version names its release
    ],
)
def test_engine_precedence(tmp_path: Path, spec_engine: str | None, config: str | None, cli: str | None,
                           expected: str) -> None:
    text = SPEC.read_text()
    assert "\nengine:" not in text
    if spec_engine is not None:
        text = f"engine: '{spec_engine}'\n" + text
    args = ("--engine", cli) if cli else ()
    assert _engine_of(tmp_path, text, config, *args) == expected


def test_validate_takes_its_engine_from_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import compiler.validate as validate_module

    seen: list[str] = []
    real = validate_module.validate_input
    monkeypatch.setattr(validate_module, "validate_input", lambda inp, engine, names: seen.append(engine) or
                        real(inp, engine, names))
    game = broken_game(tmp_path / "games")
    run("validate", str(game))
    write(tmp_path / ".triplea-compiler.yaml", "engine: '1.9'\n")
    run("validate", str(game))
    run("validate", "--engine", "2.x", str(game))
    assert seen == ["latest", "1.9", "2.x"]


def test_selection_unit() -> None:
    problems = [Problem("xml-syntax", "broken"), Problem("isolated-territory", "w", severity=Severity.WARNING)]
    everything_else = Selection(flags=Flags(select=frozenset({"unknown-unit"})))
    assert [p.code for p in everything_else.apply(problems)] == ["xml-syntax"]  # unreadable input always shows
    assert not everything_else.fails(everything_else.apply(problems)[1:])
    with pytest.raises(ValueError, match="did you mean 'unknown-unit'"):
        parse_ids(["unknown-unti"])
    assert parse_ids(["unknown-unit", " canal , sequence "]) == {"unknown-unit", "canal", "sequence"}
