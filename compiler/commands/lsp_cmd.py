"""`triplea-compiler lsp`: the language server for game XMLs, map folders' text files and specs, over stdio."""

from __future__ import annotations

import click


@click.command("lsp")
@click.option("--stdio", is_flag=True, help="talk over standard input and output (the default and only way)")
def lsp_command(stdio: bool) -> None:
    """Run the language server over standard input and output (for editors: see docs/editor.md).

    Diagnostics as you type, hover, completion, go to definition, references, rename and quick fixes for game
    XMLs, the map folder's text files and specs. Ends when the editor says exit.
    """
    try:
        from compiler.lsp.server import run
    except ImportError as exc:  # pygls missing: a broken installation
        raise click.ClickException(f"the language server needs pygls ({exc}): pip install 'pygls>=2.1'") from None
    run()
