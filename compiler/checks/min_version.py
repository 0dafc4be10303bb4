"""The game's <triplea minimumVersion> is one this TripleA can read and run.

TripleA 2.5 to 2.7 read `minimumVersion` first: they keep what comes before a `+`, read the first two
dot-separated parts as whole numbers (`major.minor`) and ignore the rest. They refuse the game when
the attribute is missing or empty, when major or minor is not a number, and when the version is
newer than themselves (2.7 runs games for 1.x and for 2.0 to 2.7). A game without <triplea>, or with a
blank (spaces only) minimumVersion, is fine. The calendar releases (2026-06 and later) no longer read
<triplea> at all (triplea#14561): for them nothing here is a problem. (1.9 reads minimumVersion too, by
rules of its own that this check does not model: it checks nothing for 1.9.)

Failing::

    <triplea minimumVersion="2.8"/>
    <triplea minimumVersion="2.x"/>

Passing::

    <triplea minimumVersion="1.9.0.0"/>
    <triplea minimumVersion="2.7"/>

How to fix: write `<triplea minimumVersion="2.0"/>` (or the oldest TripleA the game needs, major.minor), no
newer than the TripleA that should run it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.engines import releases
from compiler.problems import Problem, Severity

ID = "min-version"
SEVERITY = Severity.ERROR

_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def parse_version(text: str) -> tuple[int, int] | None:
    """(major, minor) as TripleA's Version reads `text`; None when it cannot (NumberFormatException)."""
    parts = text.split("+", 1)[0].split(".")
    numbers = []
    for part in parts[:2] if len(parts) > 1 else [parts[0], "0"]:
        if not _JAVA_INT.fullmatch(part) or abs(int(part)) >= 2**31:
            return None
        numbers.append(int(part))
    return numbers[0], numbers[1]


def _first_ignoring() -> str:
    """The first release that no longer reads minimumVersion."""
    return min((r for r in releases() if r.family == "2.x" and not r.reads_minimum_version), key=lambda r: r.order).name


def check(ctx: CheckContext) -> Iterator[Problem]:
    text = ctx.model.minimum_version
    if text is None or ctx.engine != "2.x" or not ctx.release.reads_minimum_version:
        return
    loc = ctx.model.minimum_version_loc if ctx.model.minimum_version_loc.path else ctx.game_loc
    if not text:
        yield Problem(ID, f"<triplea> has no minimumVersion: TripleA {ctx.line} refuses the game (remove <triplea> "
                          "or give a version)", loc, SEVERITY)
        return
    version = parse_version(text) if text.strip() else (0, 0)
    if version is None:
        yield Problem(ID, f"minimumVersion '{text}' is not a version TripleA {ctx.line} can read (major.minor numbers)",
                      loc, SEVERITY)
        return
    if not text.strip():
        return  # blank: 2.x skips the version test
    if version > ctx.release.order:
        yield Problem(ID, f"the game needs TripleA {text} or later (minimumVersion): TripleA {ctx.line} refuses it "
                          f"(TripleA {_first_ignoring()} and later no longer read minimumVersion)", loc, SEVERITY)
