"""The command line: every registered command loads and has help; bad invocations exit 2."""

from __future__ import annotations

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
