"""map.properties holds the map's size and no value that makes TripleA fail.

TripleA 2.x reads map.properties when it opens a game (ui/mapdata/MapData). Without `map.width` and
`map.height`, or with a value it cannot parse where it parses without a fallback (the sizes, the cursor
hotspot, `units.stack.size`, the small map's settings, a colour), it throws and the game does not open or the
map is not drawn. A colour is exactly six hex digits (`ColorUtils.fromHexString`: no `#`, no blanks; Java keeps
the blanks after a value). A missing map.properties is reported here too.

Failing::

    map.width=3000px
    color.Germans=#555555

Passing::

    map.width=3000
    color.Germans=555555

How to fix: write the value as TripleA parses it: whole numbers without units, colours as six hex digits without
`#`, no blanks after a value; give `map.width` and `map.height`.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_properties import BAD, of_check
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = BAD
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from of_check(ctx, ID)
