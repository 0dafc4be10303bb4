"""The game's loader javaClass is a game loader of the target TripleA version.

TripleA refuses a game whose loader class it cannot create.

Failing::

    <loader javaClass="games.strategy.triplea.TripleAA"/>

Passing::

    <loader javaClass="games.strategy.triplea.TripleA"/>
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._catalog import loader_known
from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "unknown-loader"
SEVERITY = Severity.ERROR


def check(ctx: CheckContext) -> Iterator[Problem]:
    loader = ctx.model.loader
    if loader is not None and loader_known(ctx, loader) is False:
        yield Problem(ID, f"'{loader}' is not a game loader of TripleA {ctx.engine}", ctx.game_loc, SEVERITY)
