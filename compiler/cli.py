"""The `triplea-compiler` command line: argument handling and output only.

Exit status, for every command: 0 clean, 1 problems found, 2 bad invocation or unreadable, refused or
unwritable input, 3 internal error (a bug: reported in one line with where to report it, never as a
traceback; TRIPLEA_COMPILER_TRACEBACK=1 shows it), 130 interrupted (Ctrl-C), 141 output closed early.
"""

from __future__ import annotations

import importlib

import click

from compiler.commands import COMMANDS
from compiler.terminal import INTERRUPTED, OUTPUT_CLOSED, report_escaped, silence_stdout


class LazyGroup(click.Group):
    """A group whose commands are imported the first time they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        command: click.Command = getattr(importlib.import_module(entry.module), entry.attribute)
        command.short_help = entry.summary
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `--help`, from the registry's summaries: no command is imported."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name].summary) for name in self.list_commands(ctx)])

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; whatever escapes it ends with the exit status docs/commands.md promises (a broken
        installation, without its catalog, is exit 2), never with a traceback."""
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("triplea-compiler: interrupted", err=True)
            ctx.exit(INTERRUPTED)
        except BrokenPipeError:
            silence_stdout()
            ctx.exit(OUTPUT_CLOSED)
        except Exception as exc:
            from compiler.catalog.loader import CatalogError

            if isinstance(exc, CatalogError):
                click.echo(f"triplea-compiler: error: {exc}", err=True)
                ctx.exit(2)
            ctx.exit(report_escaped(exc))
        return None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="triplea-compiler")
def main() -> None:
    """Compile, validate, import and check TripleA games."""
