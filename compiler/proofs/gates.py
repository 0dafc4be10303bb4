"""Gate-aware claims: an option a claim relies on does something in play only when its game property is on.

TripleA reads many attachments only when a game property turns their rule on, and reads a missing property
as false (the table of gates is compiler/checks/_gates.py, shared with the `gated-option` check). A claim on
such an option proves nothing about the game while the property is off: national objectives pay only with
"National Objectives", a rulesAttachment's movementRestrictionTerritories restricts only with "Movement By
Territory Restricted", triggers fire only with "Use Triggers". Unlike the check, which leaves an editable
property to the host, a claim fails on a property that is off as compiled, editable or not: the rule is in
the game only once the host turns it on.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from compiler.checks.gated_option import ignoring, setting
from compiler.proofs.facts import GameFacts


def _state(facts: GameFacts, prop: str) -> str:
    state = setting(facts.model, prop)
    if not state.declared:
        return f"the game has no property '{prop}', which TripleA reads as false"
    if not state.readable:
        return f"the game's property '{prop}' is no true/false, which TripleA reads as false"
    return f"the game sets '{prop}' false" + (" (editable: on only if the host turns it on)" if state.editable else "")


def ignored(facts: GameFacts, what: str, name: str, attach_to: str,
            options: Collection[str] | None = None) -> Iterator[str]:
    """Why TripleA ignores the attachment `name` on `attach_to` (or, given `options`, those of its options) in
    the compiled game: one reason per gate whose property is off; nothing when every gate is on."""
    kept = facts.kept_with_class(name, attach_to)
    if kept is None:
        return
    inst, simple = kept
    for gate in ignoring(facts.checks, inst, simple, options):
        gated = f" ({'/'.join(o for o in gate.options if options is None or o in options)})" if gate.options else ""
        yield (f"{what}: TripleA ignores the {gate.what}{gated} unless property '{gate.property}' is on, "
               f"so {gate.effect}: {_state(facts, gate.property)}")
