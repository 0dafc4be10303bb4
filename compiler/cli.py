"""The `triplea-compiler` command line: argument handling and output only."""

from __future__ import annotations

import importlib

import click

from compiler.commands import COMMANDS


class LazyGroup(click.Group):
    """A group whose commands are imported the first time they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute = COMMANDS[cmd_name]
        return getattr(importlib.import_module(module), attribute)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; a broken installation (no catalog) is a clear error with exit status 2."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            from compiler.catalog.loader import CatalogError

            if not isinstance(exc, CatalogError):
                raise
            click.echo(f"triplea-compiler: error: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="triplea-compiler")
def main() -> None:
    """Compile, validate, import and check TripleA games."""
