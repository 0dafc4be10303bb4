"""Every unit type named by placements, production rule results, attachments and options exists.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <unitPlacement unitType="infantr" territory="Germany" quantity="3" owner="Germans"/>

Passing::

    <unit name="infantry"/> ... <unitPlacement unitType="infantry" territory="Germany" quantity="3"/>

How to fix: correct the misspelled name (the message suggests the closest unit type), or declare the unit in
<unitList>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-unit"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"unit": "unit type"}, ctx.units)
    yield from unknown_refs(ctx, ID, {"resource-or-unit": "resource or unit type"}, ctx.units | ctx.resources)
