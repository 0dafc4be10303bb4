"""The game's loader javaClass is a game loader of the target TripleA version.

TripleA 1.9 refuses a game whose loader class it cannot create. TripleA 2.x does not read
<loader> at all, so there it is a warning.

Failing::

    <loader javaClass="games.strategy.triplea.TripleAA"/>

Passing::

    <loader javaClass="games.strategy.triplea.TripleA"/>

How to fix: use `<loader javaClass="games.strategy.triplea.TripleA"/>` (TripleA 2.x ignores the element, so it
can also be removed there).
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
        if ctx.engine == "2.x":
            yield Problem(ID, f"'{loader}' is not a game loader of TripleA; 2.x does not read <loader>, but 1.9 "
                              "refuses the game", ctx.game_loc, Severity.WARNING)
        else:
            yield Problem(ID, f"'{loader}' is not a game loader of TripleA {ctx.engine}", ctx.game_loc, SEVERITY)
