"""neutral-invasion: an invaded neutral joins the other side, defended by a die roll of its infantry that stays home.

When a player moves to attack a territory unowned at the start of its turn (`neutrals`, default
every unowned land territory), the territory must join the opposite side before the battle there:
owned by `joins[<the attacker's side>]` (Commonwealth against the Axis, Germany against the Allies),
with 1 to `die` `unit_type` units of that player placed in it (the die roll). Those defenders may
never move out: no move of that player's `unit_type` from there may leave fewer than the defenders
still alive. TripleA lets a player walk into a neutral (paying `neutralCharge`) with no defenders:
a history plays this rule with an ownership change and a placement (edit mode in TripleA). Such a
walk-in (the neutral becomes the mover's side's in a move step, with no battle) breaks the rule, as an
attack does.

    - id: neutral-invasion
      joins: {Axis: British, Allies: Germans}
      unit_type: infantry
      die: 6

Breaks: the Germans attack Spain while it stays unowned; or walk into it (Spain becomes German in their move);
        or its 3 British defenders move to Gibraltar.
Keeps:  Spain becomes British with 3 British infantry before the battle; they stay home.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, count_units, mover


class NeutralInvasionParams(RuleParams):
    joins: dict[str, str] = Field(min_length=1, description="attacking side -> player the neutral joins")
    neutrals: list[str] | None = Field(default=None, description="default: land territories unowned at start")
    unit_type: str = "infantry"
    die: int = Field(default=6, ge=1)


class NeutralInvasion(HouseRule[NeutralInvasionParams]):
    """an invaded neutral joins the other side, defended by a die roll of its infantry that stays home."""

    id = "neutral-invasion"

    def setup(self) -> None:
        p = self.params
        self.need("side", p.joins)
        self.need("player", p.joins.values())
        self.need("unit", [p.unit_type])
        self.need("territory", p.neutrals or ())
        initial = self.world.initial
        unowned = {t for t, o in (initial.owners if initial else {}).items() if o is None}
        self.neutrals = set(p.neutrals) if p.neutrals is not None else unowned
        self.invaded: dict[str, str] = {}
        """neutral territory -> the player it must join (this turn's invasions)"""
        self.guards: Counter[tuple[str, str]] = Counter()
        """(territory, player) -> defenders placed there that are still alive"""

    def start_turn(self, board: Board) -> Iterable[str]:
        self.invaded = {}
        return ()

    def _joins(self, attacker: str) -> str | None:
        sides = [s for s in self.params.joins if attacker in self.world.members(s)]
        return self.params.joins[sides[0]] if sides else None

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        typ = self.params.unit_type
        if isinstance(event, ev.Move) and len(event.route) >= 2:
            end, owner = event.route[-1], mover(event) or ""
            joins = self._joins(owner)
            neutral = end in self.neutrals and board.turn_start.owners.get(end) is None
            if board.phase == "combat-move" and neutral and joins:
                self.invaded[end] = joins
            start = event.route[0]
            guard = self.guards[(start, owner)]
            moving = sum(s.count for s in event.units if s.type == typ)
            if guard and moving and board.count(start, typ, owner) - moving < guard:
                route = " -> ".join(event.route)
                yield f"{typ} of {owner} defending the neutral {start} move out ({route}); they stay home"
        elif isinstance(event, ev.Place) and event.territory in self.invaded:
            player = self.invaded[event.territory]
            placed = sum(s.count for s in event.units if s.type == typ and s.owner == player)
            if placed != count_units(event.units) or not 1 <= placed <= self.params.die:
                yield (f"{event.territory} is defended by {count_units(event.units)} unit(s); a die roll of 1 to "
                       f"{self.params.die} {typ} of {player}")
            self.guards[(event.territory, player)] += placed
        elif isinstance(event, ev.OwnershipChange):
            yield from self._walk_in(board, event)
        elif isinstance(event, ev.Battle) and event.territory in self.invaded:
            player = self.invaded[event.territory]
            if board.owners.get(event.territory) != player:
                yield f"{event.territory} is attacked without joining {player} first"
            if not self.guards[(event.territory, player)]:
                yield f"{event.territory} is attacked without a die roll of {typ} of {player} defending it"
            lost = sum(s.count for s in event.defender_losses if s.type == typ and s.owner == player)
            self.guards[(event.territory, player)] = max(self.guards[(event.territory, player)] - lost, 0)

    def _walk_in(self, board: Board, change: ev.OwnershipChange) -> Iterable[str]:
        """A neutral that changes to the moving side in a move step, without a battle: TripleA's walk-in
        (a move into an empty neutral, paying `neutralCharge`), which skips the joining and the defenders."""
        where, walker = change.territory, change.new_owner
        if where not in self.neutrals or board.owners.get(where) is not None or walker is None or change.edit:
            return
        if board.phase not in ("combat-move", "noncombat-move") or not board.friendly(board.player or "", walker):
            return
        joins = self.invaded.get(where) or self._joins(walker)
        if joins is None or joins == walker:
            return
        yield (f"{walker} walk into the neutral {where} without a battle; it must join {joins} first, defended by a "
               f"die roll of 1 to {self.params.die} {self.params.unit_type}")
