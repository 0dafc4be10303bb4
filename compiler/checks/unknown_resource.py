"""Every resource named by rule costs, resourceGiven, attachments and options exists.

TripleA refuses to load a game that names something it does not declare.

Failing::

    <cost resource="IPCs" quantity="3"/>  <!-- the resource is called PUs -->

Passing::

    <resource name="PUs"/> ... <cost resource="PUs" quantity="3"/>

How to fix: correct the misspelled name (the message suggests the closest resource), or declare it in
<resourceList>.
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-resource"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"resource": "resource"}, ctx.resources)
