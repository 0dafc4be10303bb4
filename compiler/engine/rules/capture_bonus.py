"""capture-bonus: capturing an enemy city or industrial complex for the first time pays a bonus.

G40 Alt Universe (no capitals): the capturing power receives, out of the treasury of the power
invaded (all of it if that holds less), 3 IPCs for a minor industrial complex, 10 for a major one
and 5 for a city; a territory can pay for both a city and a complex; only the first capture of a
territory pays; for territories in `bank` the bonus comes from the bank. The bonus must reach the
capturer as `resources` events within the same turn: any change of the capturer's resources but its
end-of-turn collection of income (its cause: compiler/engine/income.py, from the step, not the wording).

    - id: capture-bonus
      minor_factory: 3
      major_factory: 10
      city: 5
      bank: [NL11]

Breaks: the Germans capture G19's minor complex from the British (who hold 40 PUs) and receive nothing.
        or the bonus is missing and only their income ("Germans collect 31 PUs") comes in the end-turn step.
Keeps:  they receive 3 PUs in a `resources` event in the same turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.income import Causes
from compiler.engine.rules.base import HouseRule, RuleParams


class CaptureBonusParams(RuleParams):
    minor_factory: int = 3
    major_factory: int = 10
    city: int = 5
    types: dict[str, list[str]] = Field(
        default_factory=lambda: {"minor_factory": ["factory_minor"], "major_factory": ["factory_major"],
                                 "city": ["city"]},
        description="which unit types count as minor_factory, major_factory and city",
    )
    bank: list[str] = Field(default_factory=list, description="territories whose bonus the bank pays")
    resource: str = "PUs"


class CaptureBonus(HouseRule[CaptureBonusParams]):
    """capturing an enemy city or industrial complex for the first time pays a bonus."""

    id = "capture-bonus"

    def setup(self) -> None:
        p = self.params
        unknown = set(p.types) - {"minor_factory", "major_factory", "city"}
        if unknown:
            raise ValueError(f"types: unknown kinds {', '.join(sorted(unknown))}")
        self.need("unit", [t for types in p.types.values() for t in types])
        self.need("territory", p.bank)
        self.value = {t: getattr(p, kind) for kind, types in p.types.items() for t in types}
        self.captured: set[str] = set()
        self.due: dict[str, list[str]] = {}
        self.owed: dict[str, int] = {}
        self.paid: dict[str, int] = {}
        self.causes = Causes()

    def start_turn(self, board: Board) -> Iterable[str]:
        self.due, self.owed, self.paid = {}, {}, {}
        return ()

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        p = self.params
        if isinstance(event, ev.OwnershipChange) and event.new_owner:
            victim = event.old_owner or board.owners.get(event.territory)
            self._captured(board, event.territory, event.new_owner, victim)
        elif isinstance(event, ev.ResourceChange):
            cause = self.causes.of(board, event)
            if event.player and event.resource == p.resource and event.amount > 0 and cause != "income":
                self.paid[event.player] = self.paid.get(event.player, 0) + event.amount
        return ()

    def _captured(self, board: Board, where: str, capturer: str, victim: str | None) -> None:
        """Owe the capturer the bonus of a first capture from an enemy."""
        p = self.params
        if where in self.captured or not board.at_war(capturer, victim):
            return
        self.captured.add(where)
        bonus = sum(self.value.get(t, 0) * n for (t, _), n in board.units.get(where, Counter()).items())
        if bonus <= 0 or victim is None:
            return
        if where not in p.bank:
            bonus = min(bonus, max(board.resources.get(victim, Counter())[p.resource], 0))
        if bonus:
            self.owed[capturer] = self.owed.get(capturer, 0) + bonus
            self.due.setdefault(capturer, []).append(where)

    def end_turn(self, board: Board) -> Iterable[str]:
        p = self.params
        for player, owed in self.owed.items():
            paid = self.paid.get(player, 0)
            if paid < owed:
                yield (
                    f"{player} captured {', '.join(self.due[player])}: the capture bonus is {owed} {p.resource}, "
                    f"but {paid} {'was' if paid == 1 else 'were'} received this turn"
                )
