"""Check a history of events against a variant's house rules: `check_events`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler.engine.events import EventBase
from compiler.engine.replay import Engine, Violation
from compiler.engine.rules import make_rules
from compiler.engine.state import GameState
from compiler.engine.world import World, build_world
from compiler.model import GameModel


def check_events(
    model: GameModel | World,
    house_rules: Iterable[Mapping[str, object]],
    initial: GameState | None,
    events: Iterable[EventBase],
    path: str = "",
) -> list[Violation]:
    """Replay `events` from `initial` (default: the game's own start) and return every violation.

    Raises compiler.engine.rules.RuleError for an unusable house rule entry.
    """
    world = model if isinstance(model, World) else build_world(model)
    rules = make_rules(house_rules, world)
    start = initial if initial is not None else world.initial
    assert start is not None
    engine = Engine(world, rules, start, path)
    for event in events:
        engine.feed(event)
    return engine.finish()
