"""truce-expiry: players under a truce may not attack each other until the truce expires.

A truce is either a relationship of one of `truce_types` (Empire: TruceI, TruceII, TruceIII, which
step down each round) or, for `players` (default all), every round before `until_round` (Empire,
AI version: all players start with a 2-turn truce, so no attacks before round 3). An attack is a
combat move into a territory owned by (or holding units of) a truce partner, or a battle against one.

    - id: truce-expiry
      until_round: 3
      truce_types: [TruceI, TruceII, TruceIII]

Breaks: Macedonia moves infantry into Galatia's Thracia during combat move of round 2.
Keeps:  the same move in round 3 (the relationship is War by then).
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class TruceExpiryParams(RuleParams):
    truce_types: list[str] = Field(default_factory=list)
    until_round: int | None = None
    players: list[str] | None = None


class TruceExpiry(HouseRule[TruceExpiryParams]):
    """players under a truce may not attack each other until the truce expires."""

    id = "truce-expiry"

    def setup(self) -> None:
        p = self.params
        if not p.truce_types and p.until_round is None:
            raise ValueError("give truce_types, until_round or both")
        self.need("player", p.players or ())
        self.attacked: set[tuple[int, str]] = set()

    def truce(self, board: Board, a: str | None, b: str | None) -> str | None:
        """Why a and b are under truce now, or None."""
        p = self.params
        if a is None or b is None or a == b:
            return None
        rel = board.relationship(a, b)
        if rel in p.truce_types:
            return f"the {rel} between them"
        if p.until_round is not None and board.round < p.until_round:
            if p.players is None or (a in p.players and b in p.players):
                return f"the truce until round {p.until_round}"
        return None

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Move) and board.phase == "combat-move" and len(event.route) >= 2:
            player = mover(event)
            where = event.route[-1]
            others = {board.owners.get(where)} | board.unit_owners(where)
            for other in sorted(o for o in others if o):
                why = self.truce(board, player, other)
                if why:
                    self.attacked.add((board.turn_index, where))
                    yield f"{player} attacks {other} in {where} despite {why}"
                    return
        elif isinstance(event, ev.Battle):
            if (board.turn_index, event.territory) in self.attacked:
                return
            attacker = event.attacker or event.player
            defenders = {event.defender} if event.defender else (
                {board.owners.get(event.territory)} | board.unit_owners(event.territory)
            )
            for other in sorted(o for o in defenders if o):
                why = self.truce(board, attacker, other)
                if why:
                    yield f"{attacker} fights {other} in {event.territory} despite {why}"
                    return
