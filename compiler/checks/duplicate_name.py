"""Names are declared once: territories, players, units, resources, rules, steps, attachments...

TripleA refuses a second territory of the same name (an error); a second player, unit type,
resource, delegate, rule or step of the same name silently replaces or shadows the first (a
warning).

Failing::

    <territory name="Germany"/>
    <territory name="Germany"/>

Passing::

    <territory name="Germany"/>
    <territory name="Western Germany"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "duplicate-name"
SEVERITY = Severity.ERROR


def _dups(items: list[tuple[str, Location]], what: str, severity: Severity) -> Iterator[Problem]:
    seen: dict[str, Location] = {}
    for name, loc in items:
        if name in seen:
            yield Problem(ID, f"{what} '{name}' is declared twice (first at line {seen[name].line})", loc, severity)
        else:
            seen[name] = loc


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    err, warn = Severity.ERROR, Severity.WARNING
    yield from _dups([(t.name, t.loc) for t in g.territories], "territory", err)
    yield from _dups([(p.name, p.loc) for p in g.players], "player", warn)
    locs = g.unit_type_locs or [g.loc] * len(g.unit_types)
    yield from _dups(list(zip(g.unit_types, locs, strict=False)), "unit type", warn)
    yield from _dups([(r.name, r.loc) for r in g.resources], "resource", warn)
    yield from _dups([(d.name, d.loc) for d in g.delegates], "delegate", warn)
    yield from _dups([(r.name, r.loc) for r in g.production_rules], "production rule", warn)
    yield from _dups([(r.name, r.loc) for r in g.repair_rules], "repair rule", warn)
    yield from _dups([(f.name, f.loc) for f in g.production_frontiers], "production frontier", warn)
    yield from _dups([(f.name, f.loc) for f in g.repair_frontiers], "repair frontier", warn)
    yield from _dups([(v.name, v.loc) for v in g.variables], "variable", warn)
    yield from _dups([(s.name, s.loc) for s in g.steps], "step", warn)
    yield from _dups([(p.name, p.loc) for p in g.properties], "game property", warn)
    seen_attach: set[tuple[str, str, str]] = set()
    for inst in ctx.instances:
        key = (inst.attachment.type, inst.attach_to, inst.name)
        if key in seen_attach:
            yield Problem(ID, f"attachment '{inst.name}' on '{inst.attach_to}' is declared twice "
                          "(TripleA keeps only the later one)", inst.attachment.loc, warn)
        seen_attach.add(key)
