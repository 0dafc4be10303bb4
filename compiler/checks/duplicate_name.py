"""Names other than territories are declared once: players, units, resources, rules, steps, attachments...

A second player, unit type, resource, delegate, rule, frontier, variable, step, game property or
attachment (same name and target) silently replaces or shadows the first in TripleA. A territory
declared twice is duplicate-territory.

Failing::

    <player name="Germans" optional="false"/>
    <player name="Germans" optional="true"/>

Passing::

    <player name="Germans" optional="false"/>
    <player name="Italians" optional="true"/>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from compiler.checks._duplicates import repeated
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "duplicate-name"
SEVERITY = Severity.WARNING


def _dups(items: Iterable[tuple[str, Location]], what: str) -> Iterator[Problem]:
    for name, loc, first in repeated(items):
        yield Problem(ID, f"{what} '{name}' is declared twice (first at line {first.line})", loc, SEVERITY)


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    yield from _dups([(p.name, p.loc) for p in g.players], "player")
    locs = g.unit_type_locs or [g.loc] * len(g.unit_types)
    yield from _dups(list(zip(g.unit_types, locs, strict=False)), "unit type")
    yield from _dups([(r.name, r.loc) for r in g.resources], "resource")
    yield from _dups([(d.name, d.loc) for d in g.delegates], "delegate")
    yield from _dups([(r.name, r.loc) for r in g.production_rules], "production rule")
    yield from _dups([(r.name, r.loc) for r in g.repair_rules], "repair rule")
    yield from _dups([(f.name, f.loc) for f in g.production_frontiers], "production frontier")
    yield from _dups([(f.name, f.loc) for f in g.repair_frontiers], "repair frontier")
    yield from _dups([(v.name, v.loc) for v in g.variables], "variable")
    yield from _dups([(s.name, s.loc) for s in g.steps], "step")
    yield from _dups([(p.name, p.loc) for p in g.properties], "game property")
    seen_attach: set[tuple[str, str, str]] = set()
    for inst in ctx.instances:
        key = (inst.attachment.type, inst.attach_to, inst.name)
        if key in seen_attach:
            yield Problem(ID, f"attachment '{inst.name}' on '{inst.attach_to}' is declared twice "
                          "(TripleA keeps only the later one)", inst.attachment.loc, SEVERITY)
        seen_attach.add(key)
