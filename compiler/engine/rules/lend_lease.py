"""lend-lease: resources given to another player only as the variant allows, along a traced path.

Each `loans` entry lets any of `lenders` give any of `receivers` at most `max` of a resource in a
turn (the lender's), when a land and/or sea path (as resource-tracing traces it: friendly land, no
space solely occupied by enemy forces, `non_blocking` units aside) runs from a factory of the lender
to a factory of the receiver at the time of the transfer. Transfers are `transfer` events of the
lender (compiler/engine/events.py); any other transfer breaks the rule.

    - id: lend-lease
      loans:
        - {lenders: [Americans], receivers: [British], max: 2}
        - {lenders: [Americans, British], receivers: [Russians], max: 2}

Breaks: the Americans lend 3 PUs to the British in one turn; or lend to the Russians while Germans
        alone hold every path.
Keeps:  the Americans lend 2 PUs to the British.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams, factory_types
from compiler.engine.rules.resource_tracing import reach


class Loan(RuleParams):
    lenders: list[str] = Field(min_length=1)
    receivers: list[str] = Field(min_length=1)
    max: int = Field(ge=0)


class LendLeaseParams(RuleParams):
    loans: list[Loan] = Field(min_length=1)
    factory_types: list[str] | None = Field(default=None, description="default: unit types that are factories")
    non_blocking: list[str] = Field(default_factory=lambda: ["transport"])


class LendLease(HouseRule[LendLeaseParams]):
    """resources given to another player only as the variant allows, along a traced path."""

    id = "lend-lease"

    def setup(self) -> None:
        p = self.params
        self.need("player", [x for loan in p.loans for x in [*loan.lenders, *loan.receivers]])
        self.need("unit", [*(p.factory_types or ()), *p.non_blocking])
        self.factory_types = factory_types(self.world, p.factory_types)
        self.lent: Counter[tuple[str, str]] = Counter()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.lent = Counter()
        return ()

    def _factories(self, board: Board, player: str) -> set[str]:
        return {t for t, units in board.units.items() if board.owners.get(t) == player
                and any(k[0] in self.factory_types and k[1] == player and n > 0 for k, n in units.items())}

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.Transfer) or event.player is None:
            return
        lender, receiver = event.player, event.to
        loans = [x for x in self.params.loans if lender in x.lenders and receiver in x.receivers]
        if not loans:
            yield f"{lender} give {event.amount} {event.resource} to {receiver}; no lend-lease allows it"
            return
        self.lent[(lender, receiver)] += event.amount
        limit = max(x.max for x in loans)
        if self.lent[(lender, receiver)] > limit:
            lent = self.lent[(lender, receiver)]
            yield f"{lender} lend {lent} {event.resource} to {receiver} this turn; at most {limit}"
        theirs = self._factories(board, receiver)
        blocking = set(self.params.non_blocking)
        if not any(reach(board, board, lender, f, blocking) & theirs for f in self._factories(board, lender)):
            yield f"no path traces from a factory of {lender} to one of {receiver}; {lender} may not lend to them"
