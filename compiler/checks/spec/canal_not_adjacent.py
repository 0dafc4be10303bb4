"""Each sea zone of a canal borders the canal's controlling territories.

Failing::

    connections: {Med: [Egypt], Red Sea: [Arabia]}
    canals:
      Suez: {sea_zones: [Med, Red Sea], land: [Egypt]}   # Red Sea does not touch Egypt

Passing::

    connections: {Med: [Egypt], Red Sea: [Egypt]}
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

ID = "canal-not-adjacent"
SEVERITY = Severity.ERROR


def check(ctx: SpecContext) -> Iterator[Problem]:
    view = ctx.map
    for name, canal in ctx.spec.canals.items():
        for zone in canal.sea_zones:
            if not view.is_water(zone):
                continue  # unknown (the validator's) or land (canal-not-water)
            for land in canal.land:
                if view.knows(land) and not view.adjacent(zone, land):
                    yield Problem(ID, f"canal '{name}': sea zone '{zone}' does not border its land territory "
                                      f"'{land}'", canal.loc, SEVERITY)
