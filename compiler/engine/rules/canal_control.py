"""canal-control: naval units may pass a canal only if its territories were friendly at the start of the turn.

Friendly: held by the mover or its allies; a canal split between enemies is closed to everyone.

The canals of the game (canalAttachment: canalName, landTerritories) are used by default; more may
be listed, and `names` restricts the rule to some canals. Aggression 1939 (Kiel: Germany; Panama:
E.Mexico; Suez: Cairo and Middle East); DiBerardino (Suez: Egypt; Black Sea: Turkey):

    - id: canal-control
      canals: [{name: Black Sea, sea_zones: [Black Sea Zone, Mediterranean Sea Zone], territories: [Turkey]}]

Breaks: Germany moves a destroyer Sea Zone 28 -> Sea Zone 41 while Cairo was English at turn start.
Keeps:  England moves the same destroyer while Cairo and Middle East were English at turn start.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover
from compiler.engine.world import Canal


class CanalSpec(RuleParams):
    name: str
    sea_zones: list[str] = Field(min_length=2)
    territories: list[str] = Field(min_length=1)


class CanalControlParams(RuleParams):
    canals: list[CanalSpec] = Field(default_factory=list)
    from_map: bool = Field(default=True, description="also use the game's canal attachments")
    names: list[str] | None = Field(default=None, description="only these canals")


class CanalControl(HouseRule[CanalControlParams]):
    """naval units may pass a canal only if its territories were friendly at the start of the turn."""

    id = "canal-control"

    def setup(self) -> None:
        p = self.params
        for c in p.canals:
            self.need("territory", [*c.sea_zones, *c.territories])
        canals = list(self.world.canals) if p.from_map else []
        canals += [Canal(c.name, frozenset(c.sea_zones), tuple(c.territories)) for c in p.canals]
        if p.names is not None:
            unknown = set(p.names) - {c.name for c in canals}
            if unknown:
                raise ValueError(f"unknown canals: {', '.join(sorted(unknown))}")
            canals = [c for c in canals if c.name in p.names]
        self.canals = canals

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Move):
            return
        if not any(self.world.unit(s.type).is_sea for s in event.units):
            return
        player = mover(event)
        if player is None:
            return
        for a, b in zip(event.route, event.route[1:], strict=False):
            for canal in self.canals:
                if a not in canal.sea_zones or b not in canal.sea_zones:
                    continue
                owners = {t: board.turn_start.owners.get(t) for t in canal.territories}
                bad = [t for t, o in owners.items() if not board.friendly(player, o, board.turn_start)]
                if not bad:
                    continue
                held = ", ".join(f"{t} ({o or 'neutral'})" for t, o in owners.items())
                yield f"{player} passes the {canal.name} ({a} -> {b}) without controlling it: {held} at turn start"
