"""Every game property is one TripleA knows, or one the map's own conditions and triggers read.

TripleA keeps an unknown property and never reads it, so a misspelled property silently leaves
the rule at its default. A property named in an attachment option (say a rulesAttachment's
`gameProperty`) is the map's own switch and is not reported.

Failing::

    <property name="Low Luck For Bombing And Territory Damag" value="true" editable="true"/>

Passing::

    <property name="Low Luck for Bombing and Territory Damage" value="true" editable="true"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import property_hint, property_known
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-property"
SEVERITY = Severity.WARNING


def used_by_attachments(ctx: CheckContext) -> set[str]:
    """Every option value and colon-separated part of one: names a map's conditions may read."""
    values = {ov.value for inst in ctx.instances for ov in inst.options}
    used = set(values)
    for value in values:
        if ":" in value:
            used.update(value.split(":"))
    return used


def check(ctx: CheckContext) -> Iterator[Problem]:
    used: set[str] | None = None
    for prop in ctx.model.properties:
        if property_known(ctx, prop.name) is not False:
            continue
        if used is None:
            used = used_by_attachments(ctx)
        if prop.name in used:
            continue
        yield Problem(ID, f"unknown game property '{prop.name}'{property_hint(ctx, prop.name)}", prop.loc, SEVERITY)
