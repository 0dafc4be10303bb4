"""truce-expiry: players under a truce may not attack each other until the truce expires.

A truce is a relationship of one of `truce_types`, each with the number of rounds it lasts, counted
as TripleA counts them: a relationship made in round r (its roundCreated: the game's roundValue for
the relationships at start, else the round of the political action or trigger that made it) of a
truce lasting n rounds holds through round r + n - 1, and is gone from round r + n on (Empire's
triggers `relationship: A:B:TruceII:1` step it down once a round has passed, before the first
politics step of the round). So a log need not record the step-downs, and a save that does agrees.
A truce type given without a length (`[TruceI]`, or `null`) holds while the relationship stands.

For games without truce relationships, `until_round` makes every round before it a truce between
`players` (default all). An attack is a combat move into a territory owned by (or holding units of)
a truce partner, or a battle against one.

    - id: truce-expiry
      truce_types: {TruceI: 1, TruceII: 2, TruceIII: 3}

Breaks: Macedonia and Galatia start in TruceII made in round 1; Macedonia moves infantry into Galatia's
        Thracia during combat move of round 2.
Keeps:  the same move in round 3 (the truce made in round 1 has lasted its two rounds).
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field, field_validator

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, mover
from compiler.engine.state import GameState


class TruceExpiryParams(RuleParams):
    truce_types: dict[str, int | None] = Field(
        default_factory=dict, description="truce relationship type -> the rounds it lasts (null: while it stands)")
    until_round: int | None = Field(None, description="every round before this one is a truce between `players`")
    players: list[str] | None = None

    @field_validator("truce_types", mode="before")
    @classmethod
    def _list_means_no_length(cls, value: object) -> object:
        return dict.fromkeys(value) if isinstance(value, list) else value

    @field_validator("truce_types")
    @classmethod
    def _lengths_are_positive(cls, value: dict[str, int | None]) -> dict[str, int | None]:
        bad = sorted(name for name, rounds in value.items() if rounds is not None and rounds < 1)
        if bad:
            raise ValueError(f"a truce lasts at least 1 round: {', '.join(bad)}")
        return value


class TruceExpiry(HouseRule[TruceExpiryParams]):
    """players under a truce may not attack each other until the truce expires."""

    id = "truce-expiry"

    def setup(self) -> None:
        p = self.params
        if not p.truce_types and p.until_round is None:
            raise ValueError("give truce_types, until_round or both")
        self.need("player", p.players or ())
        self.attacked: set[tuple[int, str]] = set()
        self.made: dict[str, int] = dict(self.world.relationship_rounds)
        """player pair -> the round its current relationship was made"""

    def truce(self, board: Board, a: str | None, b: str | None) -> str | None:
        """Why a and b are under truce now, or None."""
        p = self.params
        if a is None or b is None or a == b:
            return None
        rel = board.relationship(a, b)
        if rel in p.truce_types:
            rounds = p.truce_types[rel]
            if rounds is None:
                return f"the {rel} between them"
            made = self.made.get(GameState.pair(a, b), 0)
            if board.round <= made + rounds - 1:
                return f"the {rel} between them (made in round {made}, it lasts through round {made + rounds - 1})"
        if p.until_round is not None and board.round < p.until_round:
            if p.players is None or (a in p.players and b in p.players):
                return f"the truce until round {p.until_round}"
        return None

    def after(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if isinstance(event, ev.PoliticalAction) and event.success and event.new_relationship:
            for a, b in event.pairs():
                self.made[GameState.pair(a, b)] = board.round
        return ()

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
