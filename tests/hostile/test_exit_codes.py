"""Exit status exactly as docs/commands.md says, for every command: 0 clean, 1 problems found, 2 bad invocation
or unreadable input, 3 internal error (any exception a command lets escape: one line and a bug-report hint,
never a traceback), 130 interrupted.

One row per command and status; status 3 is provoked by making a function the command calls raise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile_inputs import SPEC, VICTORY_SAVE, VICTORY_SPEC, XML, build

from compiler.cli import main
from compiler.commands import COMMANDS
from compiler.terminal import BUG_REPORT

ROOT = Path(__file__).resolve().parents[2]
AVA = ROOT / "specs" / "allies_vs_axis.yaml"
FIGHTER_RANGE = 'air-range:{"ranges": {"fighter": {"combat": 1}}}'
INFANTRY_LIMIT = 'build-limit:{"limits": {"infantry": 1}}'

# (command, exit status, arguments: {name} a file of tests/hostile/hostile_inputs.py or of the table's own
# files ({fighter_log.yaml}, {stale.json}, {messy.yaml}), {out} a fresh folder, {missing} a missing file)
TABLE: list[tuple[str, int, list[str]]] = [
    ("validate", 0, [str(XML)]),
    ("validate", 1, ["{error_game.xml}"]),
    ("validate", 2, ["{missing}"]),
    ("validate", 2, ["--select", "no-such-id", str(XML)]),
    ("validate", 2, ["{link_map}"]),
    ("validate", 2, ["{climbing.zip}"]),
    ("compile", 0, [str(SPEC), "-o", "{out}"]),
    ("compile", 1, ["{check_error.yaml}", "-o", "{out}"]),
    ("compile", 2, ["{missing}", "-o", "{out}"]),
    ("import", 0, [str(XML)]),
    ("import", 1, ["{error_game.xml}"]),
    ("import", 2, ["{missing}"]),
    ("diff", 0, [str(SPEC), str(XML)]),
    ("diff", 1, [str(XML), "{error_game.xml}"]),
    ("diff", 2, ["{check_error.yaml}", str(XML)]),
    ("rules", 2, ["{missing}"]),
    ("show-save", 0, [str(VICTORY_SAVE)]),
    ("show-save", 2, ["{not_gzip.tsvg}"]),
    ("check-save", 0, [str(VICTORY_SAVE), "--spec", str(VICTORY_SPEC)]),
    ("check-save", 1, [str(VICTORY_SAVE), "--spec", str(VICTORY_SPEC), "--rule", INFANTRY_LIMIT]),
    ("check-save", 2, [str(VICTORY_SAVE), "--spec", "{diverging.yaml}"]),
    ("check-save", 0, [str(VICTORY_SAVE), str(VICTORY_SAVE)]),
    ("check-save", 2, [str(VICTORY_SAVE), "{not_gzip.tsvg}"]),
    ("check-save", 2, [str(VICTORY_SAVE), "--league", "{missing}"]),
    ("check-log", 0, ["{good_log.yaml}", "--spec", str(SPEC)]),
    ("check-log", 1, ["{fighter_log.yaml}", "--spec", str(SPEC), "--rule", FIGHTER_RANGE]),
    ("check-log", 2, ["{absent_units_log.yaml}", "--spec", str(SPEC)]),
    ("draw", 0, [str(XML), "-o", "{out}/map.svg"]),
    ("draw", 2, [str(XML), "-o", "{out}/map.gif"]),
    ("play", 0, [str(AVA), "--seed", "3"]),
    ("play", 1, [str(SPEC)]),
    ("play", 2, ["{missing}"]),
    ("fmt", 0, ["--check", str(SPEC)]),
    ("fmt", 1, ["--check", "{messy.yaml}"]),
    ("fmt", 2, ["{bomb.yaml}"]),
    ("explain", 0, ["canal"]),
    ("explain", 0, ["game-options"]),
    ("explain", 2, ["no-such-check"]),
    ("schema", 0, []),
    ("schema", 1, ["--check", "-o", "{stale.json}"]),
    ("schema", 2, ["-o", "{a_file}/schema.json"]),
    ("lsp", 0, []),
    ("lsp", 2, ["--no-such-option"]),
]

# command -> (a function it calls, made to raise, and arguments that reach it)
BROKEN: dict[str, tuple[str, list[str]]] = {
    "validate": ("compiler.validate.parse_bytes", [str(XML)]),
    "compile": ("compiler.spec.loader.read_yaml", [str(SPEC), "-o", "{out}"]),
    "import": ("compiler.lift.import_text", [str(XML)]),
    "diff": ("compiler.diff.diff_models", [str(XML), str(XML)]),
    "rules": ("compiler.spec.loader.read_yaml", [str(SPEC)]),
    "show-save": ("compiler.saves.reader.read_state", [str(VICTORY_SAVE)]),
    "check-save": ("compiler.saves.reader.read_state", [str(VICTORY_SAVE), "--spec", str(VICTORY_SPEC)]),
    "check-log": ("compiler.engine.log.load_log_text", ["{good_log.yaml}", "--spec", str(SPEC)]),
    "draw": ("compiler.commands.draw._draw", [str(XML), "-o", "{out}/map.svg"]),
    "play": ("compiler.ava.match.run_games", [str(AVA)]),
    "fmt": ("compiler.commands.fmt_cmd.format_text", [str(SPEC)]),
    "schema": ("compiler.spec.schema.spec_json_schema", []),
    "explain": ("compiler.commands.explain_doc.doc_of", ["canal"]),
    "lsp": ("compiler.lsp.server.run", []),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("exit-codes")
    made = {name: str(path) for name, path in build(folder).items()}
    fighter = folder / "fighter_log.yaml"
    fighter.write_text("game: Two Fronts\nevents:\n"
                       "  - {type: step, round: 1, player: Westerners, step: westernCombatMove}\n"
                       "  - {type: move, units: {fighter: 1}, route: [Westland, Lowlands, Midmarch]}\n")
    (folder / "stale.json").write_text("{}\n")
    (folder / "messy.yaml").write_text("game: {name: X}\nplayers:\n  A:\n    alliance: B\n")
    for name in ("fighter_log.yaml", "stale.json", "messy.yaml"):
        made[name] = str(folder / name)
    made["missing"] = str(folder / "missing.yaml")
    return made


def _invoke(command: str, args: list[str], files: dict[str, str], out: Path) -> tuple[int, str]:
    values = {**files, "out": str(out)}
    expanded = []
    for arg in args:
        for key, value in values.items():
            arg = arg.replace("{" + key + "}", value)
        expanded.append(arg)
    result = CliRunner().invoke(main, [command, *expanded], env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize(("command", "status", "args"), TABLE,
                         ids=[f"{c}-{s}-{i}" for i, (c, s, _) in enumerate(TABLE)])
def test_exit_status_is_as_documented(files: dict[str, str], tmp_path: Path, command: str, status: int,
                                    args: list[str]) -> None:
    code, output = _invoke(command, args, files, tmp_path / "out")
    assert code == status, output
    assert "Traceback" not in output


def test_every_command_and_status_is_in_the_table() -> None:
    assert {c for c, _, _ in TABLE} == set(COMMANDS) == set(BROKEN)
    assert {s for _, s, _ in TABLE} == {0, 1, 2}


@pytest.mark.parametrize("command", sorted(BROKEN))
def test_an_unexpected_exception_is_an_internal_error(files: dict[str, str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    target, args = BROKEN[command]

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom\nwith a second line")

    monkeypatch.setattr(target, broken)
    code, output = _invoke(command, args, files, tmp_path / "out")
    assert code == 3, output
    if command == "validate":  # a batch goes on: the failing game is reported as a problem of its own
        said = "reading this game failed: RuntimeError: boom with a second line [internal-error]"
        assert f"{XML}: error: {said}" in output
    else:
        assert "triplea-compiler: internal error: RuntimeError: boom with a second line" in output
    assert BUG_REPORT in output and "Traceback" not in output


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("compiler.spec.schema.spec_json_schema", interrupted)
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 130 and "interrupted" in result.output
