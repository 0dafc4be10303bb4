"""Which problems a run reports, and how: a configuration plus the command line's flags.

Order in a command: run the checks, apply the file's inline suppressions (compiler.suppressions), then
`Selection.apply`: keep `select`ed ids, drop `ignore`d ids and `per-path-ignores`, override severities.
Problems that mean the input could not be read (codes.INPUT_FAILURES) are always kept as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import click

from compiler.config import NO_CONFIG, Config
from compiler.problems import Problem, Severity

F = TypeVar("F", bound=Callable[..., Any])


class Flags(NamedTuple):
    """The command line's say: `--select` (replaces the config's), `--ignore` (adds to it), `--strict`,
    `--quiet`."""

    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    strict: bool = False
    quiet: bool = False


class Selection(NamedTuple):
    """The selection for the files one configuration covers."""

    config: Config = NO_CONFIG
    flags: Flags = Flags()

    @property
    def strict(self) -> bool:
        """Whether warnings fail the run."""
        return self.flags.strict or self.config.strict

    def keeps(self, problem: Problem) -> bool:
        from compiler.codes import INPUT_FAILURES

        code = problem.code
        if code in INPUT_FAILURES:
            return True
        select = self.flags.select if self.flags.select is not None else self.config.select
        if select is not None and code not in select:
            return False
        if code in self.flags.ignore or code in self.config.ignore:
            return False
        return not self.config.ignored_at(problem.location.path, code)

    def apply(self, problems: Iterable[Problem]) -> list[Problem]:
        """The problems this selection reports, with configured severities."""
        from compiler.codes import INPUT_FAILURES

        overrides = self.config.severity
        out = []
        for p in problems:
            if not self.keeps(p):
                continue
            severity = overrides.get(p.code)
            if severity is not None and severity is not p.severity and p.code not in INPUT_FAILURES:
                p = replace(p, severity=severity)
            out.append(p)
        return out

    def fails(self, problems: Iterable[Problem]) -> bool:
        """Whether (selected) problems fail the run: any error, or any warning when strict."""
        return any(p.is_error or self.strict for p in problems)

    def shown(self, problems: Iterable[Problem]) -> list[Problem]:
        """What is printed: with --quiet only errors (and the warnings that fail a strict run)."""
        if not self.flags.quiet or self.strict:
            return list(problems)
        return [p for p in problems if p.severity is Severity.ERROR]


def parse_ids(values: Iterable[str]) -> frozenset[str]:
    """`--select a,b --select c` as a set of ids; ValueError naming an unknown id (with a suggestion)."""
    from compiler.checks._unknown import did_you_mean
    from compiler.codes import known_codes

    known = known_codes()
    ids = frozenset(part.strip() for value in values for part in value.split(",") if part.strip())
    for code in sorted(ids):
        if code not in known:
            raise ValueError(f"unknown id '{code}'{did_you_mean(code, known)}")
    return ids


def _ids_option(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> frozenset[str] | None:
    if not values:
        return None
    try:
        return parse_ids(values)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def selection_options(command: F) -> F:
    """The selection flags validate and compile share: --select, --ignore, --strict, --quiet, --config."""
    options = [
        click.option("--select", multiple=True, metavar="ID[,ID]", callback=_ids_option,
                     help="Report only these ids (repeatable; replaces the config's select)."),
        click.option("--ignore", multiple=True, metavar="ID[,ID]", callback=_ids_option,
                     help="Do not report these ids (repeatable; adds to the config's ignore)."),
        click.option("--strict", is_flag=True, help="Warnings fail the run too (exit status 1)."),
        click.option("--quiet", "-q", is_flag=True,
                     help="Print errors only: no warnings (unless --strict), no summary, no progress."),
        click.option("--config", "config_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Use this configuration file (YAML, or a .toml with [tool.triplea-compiler]); "
                          "no search."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def flags_from(select: frozenset[str] | None, ignore: frozenset[str] | None, strict: bool, quiet: bool) -> Flags:
    """The Flags of the parsed options."""
    return Flags(select=select, ignore=ignore or frozenset(), strict=strict, quiet=quiet)
