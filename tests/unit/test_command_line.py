"""The command line: every registered command loads and has help; bad invocations exit 2."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.commands import COMMANDS


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(name: str) -> None:
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_unknown_command_exits_2() -> None:
    result = CliRunner().invoke(main, ["compiel"])
    assert result.exit_code == 2
    assert "No such command" in result.output


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert all(name in result.output for name in COMMANDS)


def _loaded_by(args: list[str]) -> list[str]:
    """The modules of compiler, pydantic and lxml loaded by `triplea-compiler ARGS` (which must exit 0)."""
    code = (f"import sys\nfrom compiler.cli import main\ntry:\n    main({args!r})\nexcept SystemExit as e:\n"
            "    assert not e.code, e.code\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('compiler', 'pydantic', 'lxml')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return ast.literal_eval(out.strip().splitlines()[-1])


def test_help_imports_no_command() -> None:
    """`--help` lists the registry's summaries: no command module (nor what it imports) is loaded."""
    assert not [m for m in _loaded_by(["--help"]) if m.startswith("compiler.commands.")]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_loads_no_model(name: str) -> None:
    """A command's `--help` (and its start-up) does not load the game model, the spec models or lxml:
    each command imports what its work needs when it runs."""
    loaded = _loaded_by([name, "--help"])
    assert not [m for m in loaded if m.split(".")[0] in ("pydantic", "lxml")], loaded
