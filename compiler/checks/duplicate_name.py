"""Names other than territories are declared once: players, units, resources, rules, properties, attachments...

TripleA keeps the later of two declarations with the same name (a game property: the editable one), so a
second declaration that differs from the first silently replaces it: an attachment's earlier options are
dropped (a foreach that repeats the names of an earlier one drops them all: reported once, with the count), a
game property takes one of two values. Those are reported one by one. A repeat identical to the first, or
that only adds options or drops ones set to the usual default (`production` 0, a flag `false`), changes
nothing; such repeats are summed up in one warning per game. Steps
are not checked: TripleA runs every step of the sequence, whatever its name. A territory declared twice is
duplicate-territory.

Failing::

    <player name="Germans" optional="false"/>
    <player name="Germans" optional="true"/>

Passing::

    <player name="Germans" optional="false"/>
    <player name="Italians" optional="true"/>

How to fix: keep one declaration: merge the options of repeated attachments into one, and remove the repeated
property or unit.
Fix: none. Which declaration the author meant is a guess (TripleA keeps the later, the author often edited the
earlier), merging attachments moves options between elements (no minimal edit), and removing a declaration that
a foreach or another element's attribute names can change what is read: `validate --fix` leaves them alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from compiler.checks._duplicates import Repeat, repeats_summary
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance
from compiler.model.game import Node, Property
from compiler.problems import Location, Problem, Severity

ID = "duplicate-name"
SEVERITY = Severity.WARNING
EFFECT = "TripleA keeps the later copy, which says the same (or more): no change in play"
# How many dropped options a message names.
SHOWN = 4
# The values most attachment options take when not set (production, victoryCity, isImpassable, aARadar ...).
DEFAULTS = frozenset({"0", "false"})


def _nodes(ctx: CheckContext) -> list[tuple[str, Sequence[Node]]]:
    """The named declarations TripleA replaces by a later one of the same name, by kind."""
    g = ctx.model
    return [("player", g.players), ("resource", g.resources), ("delegate", g.delegates),
            ("production rule", g.production_rules), ("repair rule", g.repair_rules),
            ("production frontier", g.production_frontiers), ("repair frontier", g.repair_frontiers),
            ("variable", g.variables)]


def _declarations(ctx: CheckContext, harmless: list[Repeat]) -> Iterator[Problem]:
    """Players, resources, delegates, rules, frontiers and variables declared again; unit types (a name only)
    go to `harmless`, and so do repeats identical to the first."""
    g = ctx.model
    seen_units: dict[str, Location] = {}
    for name, loc in zip(g.unit_types, g.unit_type_locs or [g.loc] * len(g.unit_types), strict=False):
        if name in seen_units:
            harmless.append(Repeat(f"unit type '{name}'", loc, seen_units[name]))
        seen_units.setdefault(name, loc)
    for what, nodes in _nodes(ctx):
        first: dict[str, Node] = {}
        for node in nodes:
            name = getattr(node, "name", "")
            before = first.setdefault(name, node)
            if before is node:
                continue
            if before == node:
                harmless.append(Repeat(f"{what} '{name}'", node.loc, before.loc))
            else:
                yield Problem(ID, f"{what} '{name}' is declared again, otherwise (first at line {before.loc.line}): "
                                  "TripleA keeps only this later one", node.loc, SEVERITY, related=(before.loc,))


def _value(prop: Property) -> str:
    """The value TripleA reads: the text of a `<value>` child, else the value attribute."""
    return prop.text if prop.text is not None else prop.value


def _properties(ctx: CheckContext, harmless: list[Repeat]) -> Iterator[Problem]:
    """Game properties declared again with another value; TripleA reads the editable declaration before a
    constant one, else the last."""
    by_name: dict[str, list[Property]] = {}
    for prop in ctx.model.properties:
        by_name.setdefault(prop.name, []).append(prop)
    for name, props in by_name.items():
        for before, prop in zip(props, props[1:], strict=False):
            if _value(before) == _value(prop):
                harmless.append(Repeat(f"game property '{name}'", prop.loc, before.loc))
                continue
            editable = [p for p in props if p.editable]
            used = editable[-1] if editable else props[-1]
            yield Problem(ID, f"game property '{name}' is declared again with value '{_value(prop)}' (first at line "
                              f"{before.loc.line} with '{_value(before)}'): TripleA uses '{_value(used)}' (line "
                              f"{used.loc.line})", prop.loc, SEVERITY, related=(before.loc,))


def _options(inst: AttachmentInstance) -> Counter[tuple[str, str, str]]:
    """An attachment's options as TripleA sets them: name, value and count."""
    return Counter((ov.option.name, ov.value, ov.option.count) for ov in inst.options)


def _dropped(before: AttachmentInstance, later: AttachmentInstance) -> list[str]:
    """The options of `before` that `later` does not set alike ('name=value'), leaving out an option `later`
    does not set at all whose value is TripleA's usual default ('0', 'false'): dropping it changes nothing."""
    lost = _options(before) - _options(later)
    names = {ov.option.name for ov in later.options}
    return [f"{name}={value}" for name, value, _ in sorted(lost)
            if name in names or value.strip().lower() not in DEFAULTS]


def _attachments(ctx: CheckContext, harmless: list[Repeat]) -> Iterator[Problem]:
    """Attachments declared again on the same target: those that drop options of the earlier one, one
    problem per pair of declarations (a foreach repeats a name for each of its combinations)."""
    first: dict[tuple[str, str, str], AttachmentInstance] = {}
    dropping: dict[tuple[Location, Location], list[tuple[AttachmentInstance, list[str]]]] = {}
    for inst in ctx.instances:
        key = (inst.attachment.type, inst.attach_to, inst.name)
        before = first.get(key)
        first[key] = inst
        if before is None:
            continue
        lost = _dropped(before, inst)
        if lost:
            dropping.setdefault((before.attachment.loc, inst.attachment.loc), []).append((inst, lost))
        else:
            harmless.append(Repeat(f"attachment '{inst.name}' on '{inst.attach_to}'", inst.attachment.loc,
                                   before.attachment.loc))
    for (earlier, later), pairs in dropping.items():
        inst, lost = pairs[0]
        shown = ", ".join(lost[:SHOWN]) + (f" and {len(lost) - SHOWN} more" if len(lost) > SHOWN else "")
        if len(pairs) == 1:
            what = f"attachment '{inst.name}' on '{inst.attach_to}' is declared again"
        else:
            what = (f"{len(pairs)} attachments of this foreach ('{inst.name}' on '{inst.attach_to}', ...) are "
                    "declared again")
        yield Problem(ID, f"{what} (first at line {earlier.line}): TripleA keeps only the later one and drops the "
                          f"earlier one's {shown}", later, SEVERITY, related=(earlier,))


def check(ctx: CheckContext) -> Iterator[Problem]:
    harmless: list[Repeat] = []
    yield from _declarations(ctx, harmless)
    yield from _properties(ctx, harmless)
    yield from _attachments(ctx, harmless)
    harmless.sort(key=lambda r: (r.loc.line, r.loc.column))
    summary = repeats_summary(ID, SEVERITY, harmless, "names", EFFECT)
    if summary is not None:
        yield summary
