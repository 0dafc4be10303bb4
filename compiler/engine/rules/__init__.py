"""House rules, one module each, found by id: `registry()['strait-crossing']`.

`make_rules(specs, world)` turns the `house_rules` entries of a spec (`{id: ..., **params}`) into
bound rules, refusing unknown ids, unknown or ill-typed params and names the map lacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from pydantic import ValidationError

from compiler.engine.rules.base import HouseRule, RuleParams, UnknownName
from compiler.engine.world import World


@cache
def registry() -> dict[str, type[HouseRule]]:
    """Every house rule class by id. The rule modules load on first use: reading a save or a log
    that names no house rule does not pay for importing them."""
    from compiler.engine.rules.air_range import AirRange
    from compiler.engine.rules.bid_placement import BidPlacement
    from compiler.engine.rules.bomber_first_round import BomberFirstRound
    from compiler.engine.rules.bombing_losses import BombingLosses
    from compiler.engine.rules.build_limit import BuildLimit
    from compiler.engine.rules.canal_control import CanalControl
    from compiler.engine.rules.captives_discarded import CaptivesDiscarded
    from compiler.engine.rules.capture_bonus import CaptureBonus
    from compiler.engine.rules.combat_sequence import CombatSequence
    from compiler.engine.rules.factory_evacuation import FactoryEvacuation
    from compiler.engine.rules.french_escalation import FrenchEscalation
    from compiler.engine.rules.game_options import GameOptions
    from compiler.engine.rules.inflation import Inflation
    from compiler.engine.rules.legion_cap import LegionCap
    from compiler.engine.rules.lend_lease import LendLease
    from compiler.engine.rules.liberation import Liberation
    from compiler.engine.rules.move_limit import MoveLimit
    from compiler.engine.rules.movement_area import MovementArea
    from compiler.engine.rules.naval_end_zone import NavalEndZone
    from compiler.engine.rules.neutral_alignment import NeutralAlignment
    from compiler.engine.rules.neutral_invasion import NeutralInvasion
    from compiler.engine.rules.no_city_spending import NoCitySpending
    from compiler.engine.rules.noncombat_only_entry import NoncombatOnlyEntry
    from compiler.engine.rules.placement_limit import PlacementLimit
    from compiler.engine.rules.purchase_limit import PurchaseLimit
    from compiler.engine.rules.rail_movement import RailMovement
    from compiler.engine.rules.resource_tracing import ResourceTracing
    from compiler.engine.rules.round_limit import RoundLimit
    from compiler.engine.rules.sbr_bonus import SbrBonus
    from compiler.engine.rules.ship_return_base import ShipReturnBase
    from compiler.engine.rules.strait_crossing import StraitCrossing
    from compiler.engine.rules.tech_advances import TechAdvances
    from compiler.engine.rules.truce_expiry import TruceExpiry
    from compiler.engine.rules.victory_held_round import VictoryHeldRound
    from compiler.engine.rules.war_declaration_timing import WarDeclarationTiming

    return {cls.id: cls for cls in (
        StraitCrossing,
        NavalEndZone,
        VictoryHeldRound,
        MoveLimit,
        NoncombatOnlyEntry,
        WarDeclarationTiming,
        CanalControl,
        BomberFirstRound,
        BuildLimit,
        LegionCap,
        Inflation,
        TruceExpiry,
        CaptivesDiscarded,
        ResourceTracing,
        RailMovement,
        ShipReturnBase,
        AirRange,
        CaptureBonus,
        NoCitySpending,
        FrenchEscalation,
        SbrBonus,
        MovementArea,
        CombatSequence,
        LendLease,
        BombingLosses,
        TechAdvances,
        FactoryEvacuation,
        NeutralInvasion,
        NeutralAlignment,
        Liberation,
        PlacementLimit,
        PurchaseLimit,
        RoundLimit,
        GameOptions,
        BidPlacement,
    )}



class RuleError(ValueError):
    """A house rule entry that cannot be used; `index` is its position in the list."""

    def __init__(self, index: int, rule_id: str, message: str) -> None:
        super().__init__(f"house rule #{index + 1} ({rule_id}): {message}")
        self.index = index
        self.rule_id = rule_id
        self.detail = message


def _pydantic_message(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        where = ".".join(str(x) for x in e["loc"])
        msg = "unknown parameter" if e["type"] == "extra_forbidden" else e["msg"]
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


def make_rule(entry: Mapping[str, object], world: World, index: int = 0) -> HouseRule:
    """Bind one `{id: ..., **params}` entry to the world."""
    data = dict(entry)
    rule_id = str(data.pop("id", "") or "")
    cls = registry().get(rule_id)
    if cls is None:
        known = ", ".join(sorted(registry()))
        raise RuleError(index, rule_id or "?", f"unknown house rule id {rule_id!r} (known: {known})")
    try:
        params: RuleParams = cls.Params.model_validate(data)
    except ValidationError as err:
        raise RuleError(index, rule_id, _pydantic_message(err)) from None
    return bind_rule(cls, params, world, index)


def bind_rule(cls: type[HouseRule], params: RuleParams, world: World, index: int = 0) -> HouseRule:
    """A rule with already validated parameters bound to the world; RuleError for names it lacks."""
    try:
        return cls(params, world)
    except (UnknownName, ValueError) as err:
        raise RuleError(index, cls.id, str(err)) from None


def make_rules(entries: Iterable[Mapping[str, object]], world: World) -> list[HouseRule]:
    return [make_rule(e, world, i) for i, e in enumerate(entries)]


__all__ = ["HouseRule", "RuleError", "RuleParams", "bind_rule", "make_rule", "make_rules", "registry"]
