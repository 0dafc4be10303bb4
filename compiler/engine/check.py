"""Check a history of events against a variant's house rules: `check_events`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler.engine.board import Board
from compiler.engine.divergence import differing
from compiler.engine.events import EventBase
from compiler.engine.fit import Fit, Names
from compiler.engine.referee import Referee
from compiler.engine.rules import make_rules
from compiler.engine.schedule import Schedule
from compiler.engine.state import GameState
from compiler.engine.world import World, build_world
from compiler.model import GameModel
from compiler.problems import Problem

SHOWN_DIFFERENCES = 5


class ReplayDiverged(ValueError):
    """Replaying the history did not reach the state it should lead to: the verdicts cannot be trusted.
    `where` names the event where it went wrong (compiler/engine/fit.py)."""

    def __init__(self, found: list[str], where: str = "") -> None:
        shown = "; ".join(found[:SHOWN_DIFFERENCES])
        more = f" (and {len(found) - SHOWN_DIFFERENCES} more)" if len(found) > SHOWN_DIFFERENCES else ""
        super().__init__(f"replaying the history from the game's start does not reach the saved state, so "
                         f"house-rule verdicts cannot be trusted: {where + '; at the end: ' if where else ''}"
                         f"{shown}{more}")
        self.differences = found
        self.where = where


def check_events(
    model: GameModel | World,
    house_rules: Iterable[Mapping[str, object]],
    initial: GameState | None,
    events: Iterable[EventBase],
    path: str = "",
    expected: GameState | None = None,
    schedule: Schedule | None = None,
    *,
    strict: bool = False,
) -> list[Problem]:
    """Replay `events` from `initial` (default: the game's own start) and return every broken house
    rule as a Problem (code: the rule's id; `when`: round, player, step, event), in the order found.

    With `schedule` (the spec's scheduled triggers), each firing the history does not record is applied
    where TripleA fires it (compiler/engine/schedule.py). With `expected` (a save's own state), the replay
    must end there, else ReplayDiverged is raised. Raises compiler.engine.rules.RuleError for an unusable
    house rule entry. `strict` (a game log): an event naming a territory, unit type or player the game
    lacks, or moving units that are not there, raises compiler.engine.fit.EventMisfit.
    """
    world = model if isinstance(model, World) else build_world(model)
    referee = Referee(make_rules(house_rules, world), path)
    board = Board(world, initial)
    fit = Fit(Names(world) if strict else None)
    board.watchers += [fit, referee]
    if schedule is not None:
        schedule.replay(board, events)
    else:
        for event in events:
            board.push(event)
    if expected is not None and (found := differing(board, expected)):
        where = fit.where([subject for subject, _ in found])
        raise ReplayDiverged([f"{subject}: {sentence}" for subject, sentence in found], where)
    return referee.finish(board)
