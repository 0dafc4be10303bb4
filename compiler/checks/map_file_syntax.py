"""Every line of the map's polygons.txt, centers.txt and place.txt can be read.

Failing (polygons.txt)::

    (10,10) (20,10) (20,20)

Passing::

    Germany  <  (10,10) (20,10) (20,20)  >
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._mapnames import map_names
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "map-file-syntax"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from map_names(ctx)[1]
