"""french-escalation: France's political escalation while it is neutral (G40 Alt Universe).

France starts at escalation level 1. Counting each Independent Neutral territory once, by the
side that attacked it first (a battle there, or air units flying over it), France moves up one
level for every territory the Axis attacked beyond the Allies, and never down; if the Allies are
first to attack a Neutral League territory, the escalation stops for good. While France is at war
with no Axis power:
- level 1: France moves at most `move_limit` (3) units in non-combat move;
- levels 1 and 2: French naval units may not end a move in a sea zone next to Axis-held land;
- below level 3 Allied units may not enter French territories; at level 3 only in non-combat move;
- France may declare war on an Axis power only at level 4, or once an Axis power declared war on
  France, or an Axis power attacked a Neutral League territory before the Allies did, or UK19.

    - id: french-escalation
      player: French
      independent: [IN1, IN2, ...]      # default: the territories Independent_Neutral owns at start
      neutral_league: [NL1, NL2, ...]   # default: those Neutral_League owns at start
      protected: [UK19]

Breaks: France (level 1) moves 4 units in non-combat move; or declares war on the Germans in round 2.
Keeps:  after the Axis attacked three more Independent Neutrals than the Allies, France declares war.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, count_units, mover


class FrenchEscalationParams(RuleParams):
    player: str = "French"
    axis: str = "Axis"
    allies: str = "Allies"
    independent: list[str] | None = None
    independent_owner: str = "Independent_Neutral"
    neutral_league: list[str] | None = None
    neutral_league_owner: str = "Neutral_League"
    protected: list[str] = Field(default_factory=lambda: ["UK19"])
    move_limit: int = 3


class FrenchEscalation(HouseRule[FrenchEscalationParams]):
    """France's political escalation while it is neutral (G40 Alt Universe)."""

    id = "french-escalation"

    def setup(self) -> None:
        p = self.params
        self.need("player", [p.player])
        self.need("side", [p.axis, p.allies])
        self.need("territory", [*(p.independent or ()), *(p.neutral_league or ()), *p.protected])
        start = self.world.initial.owners if self.world.initial else {}
        self.independent = set(p.independent or (t for t, o in start.items() if o == p.independent_owner))
        self.league = set(p.neutral_league or (t for t, o in start.items() if o == p.neutral_league_owner))
        self.axis = self.world.members(p.axis)
        self.allies = self.world.members(p.allies)
        self.first_attacker: dict[str, str] = {}
        self.level = 1
        self.stopped = False
        self.league_first: str | None = None
        self.provoked = False
        self.moved = 0

    # --- state -----------------------------------------------------------------------------
    def side(self, player: str | None) -> str | None:
        return "axis" if player in self.axis else "allies" if player in self.allies else None

    def _attacked(self, board: Board, territory: str, player: str | None) -> None:
        p = self.params
        side = self.side(player)
        if side is None:
            return
        if territory in self.league and self.league_first is None:
            self.league_first = side
            self.stopped = self.stopped or side == "allies"
        if territory in p.protected and side == "axis":
            self.provoked = True
        if territory in self.independent and territory not in self.first_attacker:
            self.first_attacker[territory] = side
            axis = sum(1 for s in self.first_attacker.values() if s == "axis")
            allies = len(self.first_attacker) - axis
            if not self.stopped:
                self.level = max(self.level, min(4, 1 + axis - allies))

    def neutral(self, board: Board) -> bool:
        p = self.params
        return not any(board.at_war(p.player, a) for a in self.axis)

    # --- hooks -----------------------------------------------------------------------------
    def start_turn(self, board: Board) -> Iterable[str]:
        self.moved = 0
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if isinstance(event, ev.Battle):
            self._attacked(board, event.territory, event.attacker or event.player)
        elif isinstance(event, ev.Move):
            player = mover(event)
            if any(self.world.unit(s.type).is_air for s in event.units):
                for t in event.route[1:-1]:
                    if t in self.independent | self.league and board.owners.get(t) in (
                        p.independent_owner, p.neutral_league_owner
                    ):
                        self._attacked(board, t, player)
            if self.neutral(board):
                yield from self._check_move(board, event, player)
        elif isinstance(event, ev.PoliticalAction) and event.success:
            yield from self._check_politics(board, event)

    def _check_move(self, board: Board, event: ev.Move, player: str | None) -> Iterable[str]:
        p = self.params
        if player == p.player:
            if self.level == 1 and board.phase == "noncombat-move":
                before = self.moved
                self.moved += count_units(event.units)
                if self.moved > p.move_limit >= before:
                    yield (
                        f"France at escalation level 1 moves {self.moved} units in non-combat move "
                        f"(at most {p.move_limit})"
                    )
            end = event.route[-1]
            ships = any(self.world.unit(s.type).is_sea for s in event.units)
            if ships and self.level <= 2 and not self.world.is_land(end) and end != event.route[0]:
                axis_land = sorted(
                    t for t in self.world.neighbours.get(end, ()) if board.owners.get(t) in self.axis
                )
                if axis_land:
                    yield (
                        f"French naval units end their move in {end}, next to Axis-held {', '.join(axis_land)}, "
                        f"at escalation level {self.level}"
                    )
        elif player in self.allies:
            french = [t for t in event.route[1:] if board.turn_start.owners.get(t) == p.player]
            if not french:
                return
            if self.level < 3:
                yield f"{player} enters French {', '.join(french)} at escalation level {self.level} (allowed from 3)"
            elif board.phase != "noncombat-move":
                yield f"{player} enters French {', '.join(french)} in {board.phase}; at level 3 only in non-combat move"

    def _check_politics(self, board: Board, event: ev.PoliticalAction) -> Iterable[str]:
        p = self.params
        if self.world.archetype(event.new_relationship) != "war":
            return
        if event.player in self.axis and p.player in event.players:
            self.provoked = True
            return
        if event.player != p.player:
            return
        targets = [t for t in event.players if t in self.axis and not board.at_war(p.player, t)]
        if not targets:
            return
        if self.level >= 4 or self.provoked or self.league_first == "axis":
            return
        yield (
            f"France declares war on {', '.join(targets)} at escalation level {self.level} "
            "without an Axis declaration, an Axis attack on the Neutral League first, or on "
            + ", ".join(p.protected)
        )
