"""`triplea-compiler explain ID`: what a check checks, why TripleA cares, a failing and a passing example, and
how to fix it, from the check registry and the check's module docstring."""

from __future__ import annotations

import click


def _check_id(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`value` when it names a check or another code; a usage error (exit status 2) with the closest id
    otherwise."""
    from compiler.checks._unknown import did_you_mean
    from compiler.checks.registry import CHECKS
    from compiler.codes import known_codes

    if value is None or value in CHECKS or value in known_codes():
        return value
    raise click.BadParameter(f"no check is called '{value}'{did_you_mean(value, known_codes())} (run "
                             "`triplea-compiler explain --list` for the checks)")


@click.command("explain")
@click.argument("check_id", metavar="ID", required=False, callback=_check_id)
@click.option("--list", "list_checks", is_flag=True, help="list every check with its severity and summary")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text", show_default=True,
              help="plain text, or the Markdown of the check's page in docs/rules")
def explain_command(check_id: str | None, list_checks: bool, fmt: str) -> None:
    """Explain the check ID: what it checks, why TripleA cares, a failing and a passing example, how to fix it.

    An ID that names another code (xml-syntax, unreadable ...) gets its one-line meaning. Exit 0; 2 when ID
    names nothing (the closest id is suggested).
    """
    from compiler.checks.registry import CHECKS
    from compiler.commands.explain_doc import all_docs, doc_of, render_markdown, render_text

    if list_checks:
        for doc in all_docs():
            click.echo(f"{doc.id:28} {doc.severity:8} {doc.summary}")
        return
    if check_id is None:
        raise click.UsageError("give the ID of a check (or --list for every check)")
    if check_id not in CHECKS:
        from compiler.codes import lookup

        code = lookup(check_id)
        click.echo(f"{code.id} ({code.severity}): {code.meaning}\n\nNot a check of the game: triplea-compiler "
                   "reports it itself (no page in docs/rules).")
        return
    doc = doc_of(check_id, CHECKS[check_id])
    click.echo(render_markdown(doc) if fmt == "markdown" else render_text(doc), nl=False)
