"""`triplea-compiler compile`: YAML specs into TripleA game XML."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

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
@click.option(
    "--into", "into", type=click.Path(path_type=Path), default=None, metavar="MAP_FOLDER",
    help="install the game into a map folder (or TripleA's downloadedMaps folder) instead of -o: its XML in "
         "games/, its map.yml entry, stub lines for the texts it needs (docs/install-into-tripleA.md)",
)
@click.option("--any-map", is_flag=True, help="with --into: install even when the folder holds another map "
                                              "than the game's map_name")
@selection_options
@color_option
def compile_command(specs: tuple[Path, ...], out_dir: Path, engine: str | None, fmt: str, check: bool,
                    into: Path | None, any_map: bool, select: frozenset[str] | None,
                    ignore: frozenset[str] | None, strict: bool, quiet: bool, config_file: Path | None,
                    color: str) -> None:
    """Compile SPECS (YAML) into TripleA game XML in the output folder.

    `-` compiles the spec on stdin and writes its XML to stdout; the problems then go to stderr.
    `--into MAP_FOLDER` installs each game into a map folder for TripleA instead (all its files or none);
    again, it changes nothing. Exit status: 0 compiled, 1 problems (errors, or warnings with --strict),
    2 unreadable or refused spec, unwritable output, a folder refused by --into or invalid configuration.
    """
    from compiler.compile import output_path

    to_stdout = reads_stdin(specs, "SPECS")
    if to_stdout and check:
        raise click.BadParameter("--check compares with the output folder: it cannot check stdin ('-')",
                                 param_hint="SPECS")
    if to_stdout and into is not None:
        raise click.BadParameter("--into installs a spec file's game: it cannot take stdin ('-')",
                                 param_hint="SPECS")
    if into is not None and click.get_current_context().get_parameter_source("out_dir") is ParameterSource.COMMANDLINE:
        raise click.BadParameter("--into installs into a map folder: leave out -o", param_hint="-o")
    if any_map and into is None:
        raise click.BadParameter("--any-map goes with --into", param_hint="--any-map")
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
                if into is not None:
                    status = max(status, _install(result, spec_path, into, engine, any_map, check, quiet, note))
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


def _install(result: CompileResult, spec_path: Path, into: Path, engine: str | None, any_map: bool, check: bool,
             quiet: bool, note: Callable[[str], None]) -> int:
    """Install a compiled game into the map folder `into` (with `check`: only say whether that would change
    anything); the exit status it calls for."""
    from compiler.compile import output_path
    from compiler.install import plan_install

    assert result.model is not None and result.xml is not None
    try:
        plan = plan_install(result.model, result.xml, output_path(spec_path, Path()).name, into,
                            engine or DEFAULT_ENGINE, any_map)
        if check:
            if plan.changes:
                note(f"{into}: out of date with {spec_path} ({len(plan.files)} file(s) would change)")
                return 1
            return 0
        plan.apply()
    except InputError as exc:
        note(str(exc.as_problem()))
        return 2
    if not quiet:
        for line in plan.notes or [f"{plan.xml}: installed already, nothing changed"]:
            note(line)
    return 0
