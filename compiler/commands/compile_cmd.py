"""`triplea-compiler compile`: YAML specs into TripleA game XML."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.commands.options import EngineName, engine_help
from compiler.config import DEFAULT_ENGINE, ConfigError, ConfigFinder
from compiler.fileio import current_text, write_atomic
from compiler.problems import InputError, Problem
from compiler.report import FORMATS
from compiler.selection import Selection, flags_from, selection_options
from compiler.terminal import STDIN, STDIN_NAME, Progress, color_option, read_stdin_text, reads_stdin, render, use_color

if TYPE_CHECKING:
    from compiler.compile import CompileResult


def _compile_one(spec_path: Path, engine: str | None, selection: Selection) -> CompileResult:
    """Compile a spec file, or stdin for `-`; InputError when it cannot be read."""
    from compiler.compile import compile_spec, compile_text

    default_engine = selection.config.engine or DEFAULT_ENGINE
    if str(spec_path) == STDIN:
        text = read_stdin_text("spec")
        return compile_text(text, Path(STDIN_NAME), engine, default_engine=default_engine, select=selection.apply)
    return compile_spec(spec_path, engine, default_engine=default_engine, select=selection.apply)


@click.command("compile")
@click.argument("specs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="folder for the compiled XML",
)
@click.option(
    "--engine", type=EngineName(), default=None,
    help=engine_help("the spec's engine:, else the config's engine, else latest"),
)
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="text", show_default=True,
              help="how problems are printed")
@click.option("--check", is_flag=True, help="only check: write nothing, exit 1 when the output would change")
@selection_options
@color_option
def compile_command(specs: tuple[Path, ...], out_dir: Path, engine: str | None, fmt: str, check: bool,
                    select: frozenset[str] | None, ignore: frozenset[str] | None, strict: bool, quiet: bool,
                    config_file: Path | None, color: str) -> None:
    """Compile SPECS (YAML) into TripleA game XML in the output folder.

    `-` compiles the spec on stdin and writes its XML to stdout; the problems then go to stderr.
    Exit status: 0 compiled, 1 problems (errors, or warnings with --strict), 2 unreadable or refused
    spec, unwritable output or invalid configuration.
    """
    from compiler.compile import output_path

    to_stdout = reads_stdin(specs, "SPECS")
    if to_stdout and check:
        raise click.BadParameter("--check compares with the output folder: it cannot check stdin ('-')",
                                 param_hint="SPECS")
    flags = flags_from(select, ignore, strict, quiet)
    all_problems: list[Problem] = []
    status = 0
    try:
        finder = ConfigFinder(config_file)
        with Progress.for_batch(len(specs), quiet) as progress:

            def note(message: str) -> None:
                progress.clear()
                click.echo(message, err=True)

            for spec_path in specs:
                progress.step(str(spec_path))
                selection = Selection(finder.for_file(STDIN_NAME if str(spec_path) == STDIN else spec_path), flags)
                try:
                    result = _compile_one(spec_path, engine, selection)
                except InputError as exc:
                    note(str(exc.as_problem()))
                    status = 2
                    continue
                all_problems += selection.shown(result.problems)
                if selection.fails(result.problems) or not result.ok:
                    status = max(status, 1)
                if not result.ok:
                    continue
                if str(spec_path) == STDIN:
                    click.echo(result.xml or "", nl=False)
                    continue
                target = output_path(spec_path, out_dir)
                try:
                    if check:
                        current = current_text(target)
                        if current != result.xml:
                            note(f"{target}: out of date with {spec_path}")
                            status = max(status, 1)
                        continue
                    write_atomic(target, result.xml or "")
                except InputError as exc:  # unreadable or unwritable output: the next spec still compiles
                    note(str(exc.as_problem()))
                    status = 2
                    continue
                if not quiet:
                    note(f"wrote {target}")
    except ConfigError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    if all_problems:
        stream = sys.stderr if to_stdout else sys.stdout
        colored = fmt == "text" and use_color(color, stream)
        click.echo(render(all_problems, fmt, colored, len(specs)), nl=False, err=to_stdout, color=colored or None)
    sys.exit(status)
