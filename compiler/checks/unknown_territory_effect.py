"""Every territory effect named by attachments and territory options is declared.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <option name="territoryEffect" value="Mountain"/>  <!-- no <territoryEffect name="Mountain"> -->

Passing::

    <territoryEffect name="Mountain"/> ... <option name="territoryEffect" value="Mountain"/>

How to fix: correct the name, or declare it in <territoryEffectList>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-territory-effect"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"territory-effect": "territory effect"}, set(ctx.model.territory_effects))
