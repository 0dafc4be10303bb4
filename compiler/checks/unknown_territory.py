"""Every territory named by connections, owners, placements, attachments and options exists.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <connection t1="Germany" t2="Atlantis"/>  <!-- no <territory name="Atlantis"> -->

Passing::

    <territory name="Atlantis"/> ... <connection t1="Germany" t2="Atlantis"/>

How to fix: correct the territory's name (the message suggests the closest declared one), or declare the territory
in <map>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-territory"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"territory": "territory"}, ctx.territories)
