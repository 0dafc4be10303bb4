"""Every relationship type used by relationships, attachments and political actions is declared.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <relationship type="Peace" player1="Germans" player2="Russians" roundValue="1"/>  <!-- not declared -->

Passing::

    <relationshipType name="Peace"/> ... <relationship type="Peace" .../>

How to fix: correct the name, or declare it in <relationshipTypes> (the built-in types need no declaration).
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-relationship-type"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"relationship-type": "relationship type"}, ctx.relationship_types)
