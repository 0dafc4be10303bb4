"""war-declaration-timing: a player may not declare war before round N unless a condition holds.

G40 Alt Universe, the Soviet Union before turn 3:

    - id: war-declaration-timing
      player: Russians
      before_round: 3
      unless:
        any_of:
          - at_war: [[Russians, Axis]]
          - attacked: {by: Axis, territories: [PA4, PA10, PA11, PA12, NL3, NL4, NL5, NL6, NL7, NL8]}

`against` limits the rule to declarations against these sides (default: anyone). A declaration is
a political action of `player` whose new relationship is of the war archetype.

Breaks: Russians declare war on the Germans in round 2 while nobody attacked them.
Keeps:  Russians declare war on the Germans in round 3.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams
from compiler.engine.rules.conditions import Condition


class WarDeclarationTimingParams(RuleParams):
    player: str
    before_round: int = Field(ge=1)
    against: list[str] | None = None
    unless: Condition | None = None


class WarDeclarationTiming(HouseRule[WarDeclarationTimingParams]):
    """a player may not declare war before round N unless a condition holds."""

    id = "war-declaration-timing"

    def setup(self) -> None:
        p = self.params
        self.need("player", [p.player])
        self.need("side", p.against or ())
        if p.unless:
            names = p.unless.names()
            self.need("side", names["side"])
            self.need("territory", names["territory"])
            self.need("unit", names["unit"])

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if not isinstance(event, ev.PoliticalAction) or not event.success or event.player != p.player:
            return
        if self.world.archetype(event.new_relationship) != "war" or event.round >= p.before_round:
            return
        targets = [t for t in event.players if t != p.player]
        if p.against is not None:
            allowed = set().union(*(self.world.members(s) for s in p.against))
            targets = [t for t in targets if t in allowed]
        targets = [t for t in targets if not board.at_war(p.player, t)]
        if not targets:
            return
        if p.unless and p.unless.holds(board):
            return
        yield (
            f"{p.player} declares war on {', '.join(targets)} in round {event.round}; "
            f"not allowed before round {p.before_round}"
            + (" unless its conditions hold" if p.unless else "")
        )
