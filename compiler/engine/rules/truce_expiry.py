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
from compiler.engine.replay import Context
from compiler.engine.rules.base import HouseRule, RuleParams, mover


class Params(RuleParams):
    truce_types: list[str] = Field(default_factory=list)
    until_round: int | None = None
    players: list[str] | None = None


class TruceExpiry(HouseRule):
    id = "truce-expiry"
    Params = Params

    def setup(self) -> None:
        p: Params = self.params  # type: ignore[assignment]
        if not p.truce_types and p.until_round is None:
            raise ValueError("give truce_types, until_round or both")
        self.need("player", p.players or ())
        self.attacked: set[tuple[int, str]] = set()

    def truce(self, ctx: Context, a: str | None, b: str | None) -> str | None:
        """Why a and b are under truce now, or None."""
        p: Params = self.params  # type: ignore[assignment]
        if a is None or b is None or a == b:
            return None
        rel = ctx.board.relationship(a, b)
        if rel in p.truce_types:
            return f"the {rel} between them"
        if p.until_round is not None and ctx.round < p.until_round:
            if p.players is None or (a in p.players and b in p.players):
                return f"the truce until round {p.until_round}"
        return None

    def before(self, ctx: Context, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.Move) and ctx.phase == "combat-move" and len(event.route) >= 2:
            player = mover(event)
            where = event.route[-1]
            others = {ctx.board.owners.get(where)} | ctx.board.unit_owners(where)
            for other in sorted(o for o in others if o):
                why = self.truce(ctx, player, other)
                if why:
                    self.attacked.add((ctx.turn_index, where))
                    yield f"{player} attacks {other} in {where} despite {why}"
                    return
        elif isinstance(event, ev.Battle):
            if (ctx.turn_index, event.territory) in self.attacked:
                return
            attacker = event.attacker or event.player
            defenders = {event.defender} if event.defender else (
                {ctx.board.owners.get(event.territory)} | ctx.board.unit_owners(event.territory)
            )
            for other in sorted(o for o in defenders if o):
                why = self.truce(ctx, attacker, other)
                if why:
                    yield f"{attacker} fights {other} in {event.territory} despite {why}"
                    return
