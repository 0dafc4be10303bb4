"""A territory gets one initial owner.

TripleA keeps the last territoryOwner of a territory and ignores the earlier ones.

Failing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <territoryOwner territory="Germany" owner="Russians"/>

Passing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <territoryOwner territory="Russia" owner="Russians"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._duplicates import repeated
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "duplicate-owner"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    for territory, loc, first in repeated((o.territory, o.loc) for o in ctx.model.territory_owners):
        yield Problem(ID, f"territory '{territory}' gets an owner twice (first at line {first.line})", loc, SEVERITY)
