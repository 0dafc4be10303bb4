"""`triplea-compiler explain ID`: what a check checks, why TripleA cares, a failing and a passing example, and
how to fix it, from the check registry and the check's module docstring; for a house rule, what it means, an
example, and its parameters, from the rule registry."""

from __future__ import annotations

import click


def _check_id(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`value` when it names a check or another code; a usage error (exit status 2) with the closest id
    otherwise."""
    from compiler.checks._unknown import did_you_mean
    from compiler.checks.registry import CHECKS
    from compiler.codes import known_codes
    from compiler.commands.explain_rule import rule_ids
    from compiler.league import built_in_names

    if value is None or value in CHECKS or value in known_codes() or value in rule_ids() or value in built_in_names():
        return value
    names = [*known_codes(), *rule_ids(), *built_in_names()]
    raise click.BadParameter(f"no check or house rule is called '{value}'{did_you_mean(value, names)} (run "
                             "`triplea-compiler explain --list` for them all)")


@click.command("explain")
@click.argument("check_id", metavar="ID", required=False, callback=_check_id)
@click.option("--list", "list_checks", is_flag=True,
              help="list every check with its severity and summary, then every house rule and built-in league")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text", show_default=True,
              help="plain text, or the Markdown of the check's page in docs/rules")
def explain_command(check_id: str | None, list_checks: bool, fmt: str) -> None:
    """Explain the check ID: what it checks, why TripleA cares, a failing and a passing example, how to fix it;
    or the house rule ID (check-save, check-log): what it means, an example, its parameters; or a built-in
    league rule set (check-save --league ID).

    An ID that names another code (xml-syntax, unreadable ...) gets its one-line meaning. Exit 0; 2 when ID
    names nothing (the closest id is suggested).
    """
    from compiler.checks.registry import CHECKS
    from compiler.commands.explain_doc import all_docs, doc_of, render_markdown, render_text
    from compiler.commands.explain_rule import rule_and_league_lines, rule_ids, rule_text
    from compiler.league import BUILT_IN, built_in_names

    if list_checks:
        for doc in all_docs():
            click.echo(f"{doc.id:28} {doc.severity:8} {doc.summary}")
        for line in rule_and_league_lines():
            click.echo(line)
        return
    if check_id is None:
        raise click.UsageError("give the ID of a check or house rule (or --list for them all)")
    if check_id not in CHECKS and check_id in rule_ids():
        click.echo(rule_text(check_id), nl=False)
        return
    if check_id not in CHECKS and check_id in built_in_names():
        click.echo(f"{check_id} (built-in league rule set: check-save --league {check_id})\n\n"
                   + (BUILT_IN / f"{check_id}.yaml").read_text(encoding="utf-8"), nl=False)
        return
    if check_id not in CHECKS:
        from compiler.codes import lookup

        code = lookup(check_id)
        click.echo(f"{code.id} ({code.severity}): {code.meaning}\n\nNot a check of the game: triplea-compiler "
                   "reports it itself (no page in docs/rules).")
        return
    doc = doc_of(check_id, CHECKS[check_id])
    click.echo(render_markdown(doc) if fmt == "markdown" else render_text(doc), nl=False)
