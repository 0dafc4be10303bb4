"""Every stepProperty is one TripleA reads.

TripleA ignores step properties it does not know, so a misspelled one silently does nothing.

Failing::

    <step name="germanNonCombatMove" delegate="move" player="Germans">
      <stepProperty name="nonCombatMov" value="true"/>
    </step>

Passing::

    <stepProperty name="nonCombatMove" value="true"/>

How to fix: correct the misspelled step property (the message suggests the closest TripleA reads), or remove
it.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import step_property_status
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-step-property"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    for step in ctx.model.steps:
        for prop in step.properties:
            status = step_property_status(ctx, prop.name)
            if status is None or status[0]:
                continue
            yield Problem(ID, f"unknown step property '{prop.name}'{status[1]}", prop.loc, SEVERITY)
