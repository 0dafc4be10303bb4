"""map.properties says what TripleA reads: no value it silently replaces, no misspelt key.

TripleA 2.x replaces some unreadable values by their defaults, logging an error no map maker sees
(`units.scale`, `units.width`, the screenshot title's place); reads a flag that is not exactly true or false
as false (`map.scrollWrapX=true ` with a trailing blank, `map.showTerritoryNames=yes`); ignores a list entry
written with blanks (`dont_draw_units=aaGun, factory`: TripleA splits at commas only); and ignores a key it
does not know. A key is reported when it looks like one TripleA reads (`map.scrollWrapx`, or `color.Germany`
in a game whose player Germans has no colour); keys old maps carry that no TripleA reads
(`screenshot.stats.*`) are left alone.

Failing::

    map.scrollWrapX=yes
    units.scale=0,75

Passing::

    map.scrollWrapX=true
    units.scale=0.75

How to fix: spell the key as TripleA reads it (the message names it), and write booleans as `true` or `false` with
nothing after them.
Fix: safe or unsafe. For a misspelt key with one suggestion, the key is respelt in place: by `validate --fix` when
only its capitalisation changes, by `--unsafe-fixes` otherwise; TripleA then reads the setting it ignored: check
its value.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._map_properties import IGNORED, of_check
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = IGNORED
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    yield from of_check(ctx, ID)
