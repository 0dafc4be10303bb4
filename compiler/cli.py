"""The `triplea-compiler` command line: argument handling and output only."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="triplea-compiler")
def main() -> None:
    """Compile, validate, import and check TripleA games."""


def _register() -> None:
    """Attach every command; each lives in its own module under compiler/commands/."""
    from compiler.commands import COMMANDS

    for command in COMMANDS:
        main.add_command(command)


_register()
