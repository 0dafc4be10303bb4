"""`triplea-compiler rules`: the rule coverage table of a spec, each row with the verdict on its proof."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from compiler.problems import InputError, ProblemsFound


@click.command("rules")
@click.argument("spec_path", metavar="SPEC", type=click.Path(path_type=Path), required=False)
@click.option("--list", "list_rules", is_flag=True,
              help="list every house rule (with its parameters) and built-in league; `explain ID` tells one")
@click.option("--game", "game_path", type=click.Path(path_type=Path), metavar="XML",
              help="prove the rows against this game XML (e.g. output/<spec>.xml) instead of the spec compiled "
                   "in memory")
@click.option("--no-proofs", is_flag=True, help="only the table: do not compile the game or check the proofs")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="a readable table, or a JSON list of {rule, realization, detail, house_rule, choice, doc, "
                   "unrecorded, proof}")
def rules_command(spec_path: Path | None, game_path: Path | None, no_proofs: bool, fmt: str,
                  list_rules: bool) -> None:
    """Show how each rule of SPEC's document is realised (native, house-rule, play-engine or approximated)
    and check each row's proof against the compiled game.

    Exit 0 when every row is proven and the coverage is consistent; 1 when a proof fails, a row has
    none, or the coverage is invalid (a house rule named but not configured, unknown to the engine, or
    with bad parameters); 2 when the spec or game cannot be read.
    """
    if list_rules:
        from compiler.commands.explain_rule import rule_and_league_lines

        for line in rule_and_league_lines():
            click.echo(line)
        return
    if spec_path is None:
        raise click.UsageError("give a SPEC (or --list for every house rule and league)")
    from compiler.coverage import coverage_problems, coverage_rows, coverage_summary, format_text
    from compiler.load import load_game, load_spec_game
    from compiler.spec import load_spec

    try:
        spec = load_spec(spec_path)
        proofs = None
        if not no_proofs:
            from compiler.proofs import prove_rows

            game = (load_game(game_path) if game_path else load_spec_game(spec)).require_clean()
            proofs = prove_rows(spec, game.model, spec_path.parent)
    except InputError as exc:
        click.echo(str(exc.as_problem()), err=True)
        sys.exit(2 if exc.code == "unreadable" else 1)
    except ProblemsFound as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
    rows = coverage_rows(spec, proofs)
    problems = coverage_problems(spec)
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        click.echo(format_text(spec, rows, proofs), nl=False)
    for problem in problems:
        click.echo(str(problem), err=True)
    counts = coverage_summary(spec, proofs)
    if fmt == "text":
        click.echo(f"{counts['total']} rules, {len(problems)} coverage problem(s)", err=True)
    unproven = proofs is not None and (counts["failed"] or counts["unproven"])
    sys.exit(1 if unproven or any(p.is_error for p in problems) else 0)
