"""`triplea-compiler schema`: write the JSON Schema of the spec language."""

from __future__ import annotations

import sys
from importlib.resources.abc import Traversable
from pathlib import Path

import click

from compiler.fileio import current_text, write_atomic
from compiler.terminal import exits_on_bad_input


@click.command("schema")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="file to write (default: print); with --check, the file to compare")
@click.option("--check", is_flag=True,
              help="exit 1 when the file (default: the schema shipped in the package) differs from the models")
def schema_command(output: Path | None, check: bool) -> None:
    """Print or write the JSON Schema of specs, for editor completion."""
    from compiler.spec.schema import SCHEMA_PATH, spec_json_schema

    text = spec_json_schema()
    if check:
        target: Traversable = output or SCHEMA_PATH
        if output is not None:
            with exits_on_bad_input():
                current = current_text(output)
        else:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
        if current != text:
            click.echo(f"{target}: out of date; run `triplea-compiler schema -o {target}`", err=True)
            sys.exit(1)
        return
    if output is None:
        click.echo(text, nl=False)
    else:
        with exits_on_bad_input():
            write_atomic(output, text)
        click.echo(f"wrote {output}", err=True)
