"""What a trigger's `changeOwnership` does to a territory, as TripleA's TriggerAttachment and
BattleTracker.takeOver do it, turned into events a Board applies (compiler/engine/schedule.py fires them).

`value` of changeOwnership is `territory:oldOwner:newOwner:captured` (`any` for any old owner). TripleA
skips the territory unless its owner is `oldOwner`. Not captured: only the owner changes. Captured: a
takeover by `newOwner`, which changes the owner only when the relationship lets it take the owner's
territory (canTakeOverOwnedTerritory, by default a war archetype); the territory then goes to its
original owner when that owner is an ally who still holds a capital (liberation), else to the territory's
`whenCapturedByGoesTo` receiver for that capturer, else to the capturer; enemy infrastructure there
changes into other units when its type says so (`whenCapturedChangesInto`, while "Units Can Be Changed
On Capture" is on) or is captured by the new owner.

Not modelled, and refused with TakeoverError rather than guessed: taking a capital from its own player
(TripleA then takes or destroys the treasury) and games that destroy units instead of capturing them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.state import UnitStack
from compiler.engine.world import World
from compiler.model import GameModel
from compiler.model.expand import expand_game, kept_instances
from compiler.model.vocabulary import RELATIONSHIP_TYPE, TERRITORY, UNIT

DESTROYING = ("Units Can Be Destroyed Instead Of Captured", "On Entering Units Destroyed Instead Of Captured")
"""game properties under which a takeover destroys some units: not modelled"""


class TakeoverError(ValueError):
    """A takeover this module does not model (see the module docstring)."""


@dataclass(frozen=True)
class Conversion:
    """One `whenCapturedChangesInto` entry: units owned by `owner` (or any) captured by `capturer` (or any)
    become `into`."""

    owner: str
    capturer: str
    into: dict[str, int]

    def applies(self, owner: str, capturer: str) -> bool:
        return self.owner in ("any", owner) and self.capturer in ("any", capturer)


@dataclass
class CaptureRules:
    """The facts of a game that a takeover needs."""

    goes_to: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """territory -> its whenCapturedByGoesTo entries (capturer, receiver), in order"""
    conversions: dict[str, list[Conversion]] = field(default_factory=dict)
    """unit type -> its whenCapturedChangesInto entries, in order"""
    capitals: dict[str, str] = field(default_factory=dict)
    """territory -> the player whose capital it is"""
    takes_over: dict[str, bool] = field(default_factory=dict)
    """relationship type -> its explicit canTakeOverOwnedTerritory"""
    units_change: bool = False
    """"Units Can Be Changed On Capture" is on"""
    destroys: bool = False
    """a DESTROYING property is on"""


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() == "true"


def capture_rules(model: GameModel) -> CaptureRules:
    """Read the capture facts of a game (the attachments TripleA keeps, their values as its setters see them)."""
    rules = CaptureRules(units_change=_flag(model.property_value("Units Can Be Changed On Capture")),
                         destroys=any(_flag(model.property_value(name)) for name in DESTROYING))
    instances, _ = expand_game(model)
    for inst in kept_instances(instances).values():
        values = [(o.option.name, o.value) for o in inst.options]
        if TERRITORY.is_named(inst.name):
            for name, value in values:
                if name == "whenCapturedByGoesTo":
                    capturer, _, receiver = value.partition(":")
                    rules.goes_to.setdefault(inst.attach_to, []).append((capturer, receiver))
                elif name == "capital" and value.strip():
                    rules.capitals[inst.attach_to] = value.strip()
        elif UNIT.is_named(inst.name):
            for name, value in values:
                if name == "whenCapturedChangesInto":
                    owner, capturer, _translate, *rest = value.split(":")
                    into = {t: int(n) for t, n in zip(rest[::2], rest[1::2], strict=False)}
                    rules.conversions.setdefault(inst.attach_to, []).append(Conversion(owner, capturer, into))
        elif RELATIONSHIP_TYPE.is_named(inst.name):
            for name, value in values:
                if name == "canTakeOverOwnedTerritory" and value.strip().lower() in ("true", "false"):
                    rules.takes_over[inst.attach_to] = _flag(value)
    return rules


class Takeover:
    """Turns changeOwnership entries into the events TripleA's trigger would cause on a board."""

    def __init__(self, world: World, rules: CaptureRules) -> None:
        self.world = world
        self.rules = rules
        self.original = world.original_owners

    def _can_take(self, board: Board, player: str, owner: str | None) -> bool:
        """RelationshipTracker.canTakeOverOwnedTerritory: the type's own option, else a war archetype."""
        if owner is None or owner == player:
            return False
        kind = board.relationship(player, owner)
        if kind in self.rules.takes_over:
            return self.rules.takes_over[kind]
        return self.world.archetype(kind) == "war"

    def _new_owner(self, board: Board, territory: str, player: str, owner: str | None) -> str:
        origin = self.original.get(territory)
        if origin and origin != owner and origin != player and board.friendly(player, origin):
            capitals = [t for t, p in self.rules.capitals.items() if p == origin]
            if any(board.owners.get(t) == origin for t in capitals):
                return origin
            if any(t == territory or board.owners.get(t) is None for t in capitals):
                return origin
            return player
        for capturer, receiver in self.rules.goes_to.get(territory, []):
            if capturer == player and receiver != capturer:
                return receiver
        return player

    def change(self, board: Board, value: str, base: dict[str, object]) -> Iterator[ev.EventBase]:
        """The events of one changeOwnership value, judged on the board as it stands (`base`: round,
        step and player of the events). Consume one event at a time, pushing each: later ones depend on
        the earlier."""
        territory, old, new, captured = value.split(":")
        owner = board.owners.get(territory)
        if old != "any" and owner != old:
            return
        if not _flag(captured):
            yield ev.OwnershipChange(**base, territory=territory, old_owner=owner, new_owner=new, captured=False)
            return
        taking = self._can_take(board, new, owner)
        receiver = self._new_owner(board, territory, new, owner) if taking else new
        if taking and self.rules.capitals.get(territory) == owner:
            raise TakeoverError(f"{territory} is {owner}'s capital: a trigger taking it would take {owner}'s "
                                "treasury too, which the engine does not model")
        yield from self._units(board, territory, new, receiver, taking, base)
        if taking:
            yield ev.OwnershipChange(**base, territory=territory, old_owner=owner, new_owner=receiver)

    def _units(self, board: Board, territory: str, capturer: str, receiver: str, taking: bool,
               base: dict[str, object]) -> Iterator[ev.EventBase]:
        """Enemy infrastructure: converted, or captured (the owner's own goes with the OwnershipChange
        when the territory is taken)."""
        here = sorted((key, n) for key, n in board.units.get(territory, {}).items() if n > 0)
        enemy = [(t, o, n) for (t, o), n in here if self.world.unit(t).is_infrastructure and board.at_war(capturer, o)]
        if enemy and self.rules.destroys:
            raise TakeoverError(f"the game destroys some captured units ({' or '.join(DESTROYING)}), which the "
                                "engine does not model")
        removed: list[UnitStack] = []
        placed: dict[str, int] = {}
        captured: list[UnitStack] = []
        for typ, owner, n in enemy:
            change = next((c for c in self.rules.conversions.get(typ, []) if c.applies(owner, capturer)), None)
            if change is not None and change.into and self.rules.units_change:
                removed.append(UnitStack(type=typ, owner=owner, count=n))
                for into, count in change.into.items():
                    placed[into] = placed.get(into, 0) + count * n
            elif owner != board.owners.get(territory) or not taking:
                captured.append(UnitStack(type=typ, owner=owner, count=n))
        if removed or captured:
            yield ev.Remove(**base, territory=territory, units=removed + captured, reason="captured")
        gained = [UnitStack(type=t, owner=receiver, count=n) for t, n in sorted(placed.items())]
        gained += [UnitStack(type=s.type, owner=receiver, count=s.count) for s in captured]
        if gained:
            yield ev.Place(**base, territory=territory, units=gained)
