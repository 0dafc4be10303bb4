"""Every player named by alliances, steps, owners, placements, attachments and options exists.

TripleA refuses to load a game that names a player it does not declare. (TripleA 1.9 runs a step
whose player is unknown without a player, so with `--engine 1.9` that case is a warning; TripleA
2.x places units whose owner it does not know without an owner, a warning there.)

Failing::

    <territoryOwner territory="Germany" owner="Germnas"/>

Passing::

    <player name="Germans"/> ... <territoryOwner territory="Germany" owner="Germans"/>

How to fix: correct the misspelled name (the message suggests the closest declared player), or declare the
player in <playerList>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-player"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    lenient_steps = ctx.engine.startswith("1.")
    for p in unknown_refs(ctx, ID, {"player": "player"}, ctx.players):
        if lenient_steps and " in step '" in p.message:
            p = replace(p, severity=Severity.WARNING, message=p.message + " (TripleA 1.9 runs it without a player)")
        elif not lenient_steps and "owner of a unitPlacement" in p.message:
            p = replace(p, severity=Severity.WARNING, message=p.message + " (TripleA 2.x places them without owner)")
        yield p
