"""A canal's sea zones are water and its controlling territories are land.

Failing::

    territories: {Egypt: {}, Med: {water: true}, Sinai: {}}
    canals:
      Suez: {sea_zones: [Med, Sinai], land: [Egypt]}    # Sinai is land

Passing::

    canals:
      Suez: {sea_zones: [Med, Red Sea], land: [Egypt]}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "canal-not-water"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    view = ctx.map
    for name, canal in ctx.spec.canals.items():
        for zone in canal.sea_zones:
            if view.knows(zone) and not view.is_water(zone):  # an unknown one is the validator's unknown-territory
                yield Problem(ID, f"canal '{name}': '{zone}' is not a sea zone", canal.loc, SEVERITY)
        for land in canal.land:
            if view.is_water(land):
                yield Problem(ID, f"canal '{name}': controlling territory '{land}' is water", canal.loc, SEVERITY)
