"""liberation: a territory liberated for a power without cities goes to the liberator; cities always revert.

When an ally of a territory's original owner takes it from an enemy, the territory reverts to the
original owner if it holds a city (a unit of type `city`) or if that owner still owns a territory
with a city; otherwise the liberator keeps it. When the original owner has one of its cities liberated, the
friendly powers holding its other territories decide at once, territory by territory, to hand each back or
keep it: a hand-back (a friend's territory going to its original owner without a battle) is allowed only in
the step a city of that owner is liberated. `players` limits the rule to these original owners.

G40 Alt Universe (no capitals: cities decide):

    - id: liberation
      city: city

Breaks: the British liberate F5 (French, no city) while France owns no city, and hand it back to France;
        or hand F5 back to France a turn after France's city F3 was liberated.
Keeps:  the British liberate F5 while France holds F3 (a city): F5 reverts to France; or hand F5 back
        in the step F3 is liberated.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.rules.base import HouseRule, RuleParams


class LiberationParams(RuleParams):
    city: str = "city"
    players: list[str] | None = None


class Liberation(HouseRule[LiberationParams]):
    """a territory liberated for a power without cities goes to the liberator; cities always revert."""

    id = "liberation"

    def setup(self) -> None:
        self.need("unit", [self.params.city])
        self.need("player", self.params.players or ())
        self.original = self.world.original_owners
        self.deciding_step: dict[tuple[str, int], str | None] = {}
        """(original owner, turn) -> the step of that turn in which a city of that owner was liberated"""

    def _has_city(self, board: Board, territory: str) -> bool:
        return board.count(territory, self.params.city) > 0

    def before(self, board: Board, event: ev.EventBase) -> Iterable[str]:
        if not isinstance(event, ev.OwnershipChange) or not event.new_owner:
            return
        origin = self.original.get(event.territory)
        old = board.owners.get(event.territory)
        liberator = event.player or event.new_owner
        if origin is None or old is None or liberator == origin or (self.params.players and origin not in
                                                                     self.params.players):
            return
        if board.friendly(origin, old):
            if event.new_owner == origin and not self._has_city(board, event.territory):
                yield from self._handed_back(board, event, origin, old)
            return
        if not board.friendly(liberator, origin):
            return  # not a liberation: taken by an enemy of the original owner
        city_here = self._has_city(board, event.territory)
        if city_here and event.new_owner == origin:
            self.deciding_step[(origin, board.turn_index)] = board.step
        owner_has_city = any(o == origin and self._has_city(board, t) for t, o in board.owners.items())
        should = origin if city_here or owner_has_city else liberator
        if event.new_owner != should:
            why = ("it holds a city" if city_here else f"{origin} still owns a city" if owner_has_city
                   else f"{origin} owns no city")
            yield (f"{event.territory} liberated by {liberator} goes to {event.new_owner}; "
                   f"it must go to {should} ({why})")

    def _handed_back(self, board: Board, event: ev.OwnershipChange, origin: str, holder: str) -> Iterable[str]:
        """A friend hands a territory back to its original owner: only at once when one of its cities is
        liberated."""
        key = (origin, board.turn_index)
        if key in self.deciding_step and self.deciding_step[key] == board.step:
            return
        yield (f"{holder} hand {event.territory} back to {origin} in round {board.round}, {board.step or '-'}; "
               f"the choice comes only at once, in the step a city of {origin} is liberated")
