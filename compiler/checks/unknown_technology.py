"""Every technology named by playerTech categories and technology attachments is declared.

A technology is known by its `techname` name, by the built-in advance its `tech` attribute names,
or (for built-in advances) by either the advance's name or its property name.

Failing::

    <playerTech player="Germans"><category name="Air"><tech name="Jet Powr"/></category></playerTech>

Passing::

    <technologies><techname name="jetPower"/></technologies> ...
    <category name="Air"><tech name="jetPower"/></category>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._unknown import unknown_refs
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-technology"
SEVERITY = Severity.ERROR

# TripleA's built-in advances: property name -> display name
BUILTIN_ADVANCES = {
    "superSub": "Super subs", "jetPower": "Jet Power", "shipyards": "Shipyards", "aARadar": "AA Radar",
    "longRangeAir": "Long Range Aircraft", "heavyBomber": "Heavy Bomber",
    "industrialTechnology": "Industrial Technology", "destroyerBombard": "Destroyer Bombard",
    "rocket": "Rockets Advance", "paratroopers": "Paratroopers",
    "increasedFactoryProduction": "Increased Factory Production", "warBonds": "War Bonds",
    "mechanizedInfantry": "Mechanized Infantry", "improvedArtillerySupport": "Improved Artillery Support",
}


def known_technologies(ctx: CheckContext) -> set[str]:
    techs = ctx.model.technologies
    if not techs:
        names = set(BUILTIN_ADVANCES) | set(BUILTIN_ADVANCES.values())
    else:
        names = {t.name for t in techs} | {t.tech for t in techs if t.tech}
    by_name = {v: k for k, v in BUILTIN_ADVANCES.items()}
    for name in list(names):
        names.update(x for x in (BUILTIN_ADVANCES.get(name), by_name.get(name)) if x)
    return names


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from unknown_refs(ctx, ID, {"technology": "technology"}, known_technologies(ctx))
