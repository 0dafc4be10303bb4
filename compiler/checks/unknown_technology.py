"""Every technology named by playerTech categories and technology attachments is declared.

A technology is known by its `techname` name, by the built-in advance its `tech` attribute names,
or (for built-in advances) by either the advance's name or its property name.

Failing::

    <playerTech player="Germans"><category name="Air"><tech name="Jet Powr"/></category></playerTech>

Passing::

    <technologies><techname name="jetPower"/></technologies> ...
    <category name="Air"><tech name="jetPower"/></category>

How to fix: correct the name, or declare the technology in <technology><technologies> (a built-in advance by
its name or its property name).
Fix: safe or unsafe. When the message suggests one name, `validate --fix` writes it in place of the unknown one
(in an attribute that holds only the name) if the two differ only in case, `--unsafe-fixes` if they differ
otherwise; TripleA then reads what it ignored or refused: check the suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.catalog.advances import BUILTIN_ADVANCES
from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-technology"
SEVERITY = Severity.ERROR


def known_technologies(ctx: CheckContext) -> set[str]:
    """The names and property names TripleA finds technologies by (playerTech, attachTo)."""
    techs = ctx.model.technologies
    if not techs and "technology" not in ctx.model.sections:
        return set(BUILTIN_ADVANCES) | set(BUILTIN_ADVANCES.values())  # the default advances
    names: set[str] = set()
    for t in techs:
        if t.tech.strip():
            names.update((t.name, t.tech))  # a generic advance: its name, and the property it names
        elif t.name in BUILTIN_ADVANCES:
            names.update((t.name, BUILTIN_ADVANCES[t.name]))  # the built-in advance itself
        else:
            names.add(t.name)
    return names


def check(ctx: CheckContext) -> Iterator[Problem]:
    for t in ctx.model.technologies:
        if t.tech.strip() and t.tech not in BUILTIN_ADVANCES:
            yield Problem(ID, f"techname '{t.name}' names tech '{t.tech}', which is not a built-in advance of TripleA "
                              f"(one of {', '.join(sorted(BUILTIN_ADVANCES))}): TripleA refuses the game", t.loc,
                          SEVERITY)
    yield from unknown_refs(ctx, ID, {"technology": "technology"}, known_technologies(ctx))
