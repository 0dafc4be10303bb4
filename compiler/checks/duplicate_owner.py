"""A territory gets one initial owner.

TripleA sets the owner of each territoryOwner in turn, so the last one of a territory wins and the earlier
ones are ignored: a territory given two different owners starts with the last (reported at each owner that
overrides another). The same owner given again changes nothing; such repeats are summed up in one warning
per game.

Failing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <territoryOwner territory="Germany" owner="Russians"/>

Passing::

    <territoryOwner territory="Germany" owner="Germans"/>
    <territoryOwner territory="Russia" owner="Russians"/>

How to fix: keep one <territoryOwner> per territory, with the owner meant.
Fix: safe. `validate --fix` removes the earlier <territoryOwner> elements of each territory and keeps the last, the
one TripleA uses.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._duplicates import Repeat, repeats_summary
from compiler.checks.context import CheckContext
from compiler.model.game import TerritoryOwner
from compiler.problems import Problem, Severity

ID = "duplicate-owner"
SEVERITY = Severity.WARNING
EFFECT = "TripleA sets the same owner again: no change in play"


def check(ctx: CheckContext) -> Iterator[Problem]:
    owners: dict[str, TerritoryOwner] = {}
    harmless: list[Repeat] = []
    for o in ctx.model.territory_owners:
        before = owners.get(o.territory)
        owners[o.territory] = o
        if before is None:
            continue
        if before.owner == o.owner:
            harmless.append(Repeat(f"territory '{o.territory}' with owner '{o.owner}'", o.loc, before.loc))
        else:
            yield Problem(ID, f"territory '{o.territory}' gets owner '{o.owner}' after '{before.owner}' (line "
                              f"{before.loc.line}): TripleA keeps the last owner and ignores the earlier one", o.loc,
                          SEVERITY, related=(before.loc,))
    summary = repeats_summary(ID, SEVERITY, harmless, "territory owners", EFFECT)
    if summary is not None:
        yield summary
