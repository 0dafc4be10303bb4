"""Lower unit types, their attachments, and production: rules, frontiers, player frontiers."""

from __future__ import annotations

from compiler.lower.values import options, text
from compiler.model import Attachment, Frontier, GameModel, PlayerFrontier, Rule, RuleEntry
from compiler.model.vocabulary import UNIT
from compiler.problems import Location, Problem
from compiler.spec.models import RuleSpec, Spec, UnitSpec

DEFAULT_FRONTIER = "production"


def rule_name(unit: str, spec: UnitSpec) -> str:
    return spec.rule or "buy" + unit[:1].upper() + unit[1:]


def lower_unit_types(spec: Spec, game: GameModel) -> None:
    """Declare each unit type, as many times as it says it is declared."""
    for name, u in spec.units.items():
        for _ in range(u.declared if u is not None else 1):
            game.unit_types.append(name)
            game.unit_type_locs.append(spec.where("units", name))


def unit_attachments(spec: Spec) -> list[Attachment]:
    result = []
    for name, u in spec.units.items():
        if u is None:
            continue
        stats = {
            k: v for k, v in (("movement", u.movement), ("attack", u.attack), ("defense", u.defense)) if v is not None
        }
        opts = options({**stats, **u.options}, u.loc) if stats or u.options else []
        if opts:
            result.append(UNIT.make(name, opts, loc=u.loc))
    return result


def _rule(name: str, r: RuleSpec, loc: Location) -> Rule:
    return Rule(
        name=name,
        costs=[RuleEntry(name=k, quantity=text(v), loc=loc) for k, v in RuleSpec.entries(r.cost)],
        results=[RuleEntry(name=k, quantity=text(v), loc=loc) for k, v in RuleSpec.entries(r.result)],
        loc=loc,
    )


def lower_production(spec: Spec, game: GameModel) -> list[Problem]:
    """Production rules from unit costs and explicit rules; frontiers; each player's frontier."""
    problems: list[Problem] = []
    first_resource = game.resources[0].name if game.resources else None
    for name, u in spec.units.items():
        if u is None or u.cost is None:
            continue
        if isinstance(u.cost, int):
            if first_resource is None:
                problems.append(
                    Problem("unknown-resource", f"unit '{name}' has a cost but no resource is declared", u.loc)
                )
                continue
            cost = {first_resource: u.cost}
        else:
            cost = u.cost
        game.production_rules.append(
            _rule(rule_name(name, u), RuleSpec(cost=cost, result={name: u.buy_quantity}), u.loc)
        )
    prod = spec.production
    for name, r in prod.rules.items():
        game.production_rules.append(_rule(name, r, r.loc))
    for name, r in prod.repair_rules.items():
        game.repair_rules.append(_rule(name, r, r.loc))
    frontiers = prod.frontiers or (
        {DEFAULT_FRONTIER: [r.name for r in game.production_rules]} if game.production_rules else {}
    )
    for name, rules in frontiers.items():
        game.production_frontiers.append(_frontier(spec, "frontiers", name, rules))
    for name, rules in prod.repair_frontiers.items():
        game.repair_frontiers.append(_frontier(spec, "repair_frontiers", name, rules))
    # "" says "no frontier" (a player without playerProduction), for default_frontier and a player's frontier
    default = prod.default_frontier if prod.default_frontier is not None else (
        next(iter(frontiers)) if len(frontiers) == 1 else None)
    for player, p in spec.players.items():
        frontier = p.frontier if p and p.frontier is not None else default
        loc = spec.where("players", player)
        game.player_production.extend(
            PlayerFrontier(player=player, frontier=name, loc=loc) for name in _declarations(frontier))
        if p is not None:
            loc = spec.where("players", player, "repair_frontier")
            game.player_repair.extend(
                PlayerFrontier(player=player, frontier=name, loc=loc) for name in _declarations(p.repair_frontier))
    return problems


def _declarations(frontier: str | list[str] | None) -> list[str]:
    """The frontier declarations a player's `frontier` (or `repair_frontier`) says: none for None or "",
    one for a name, each listed one (in order) for a list."""
    if isinstance(frontier, list):
        return list(frontier)
    return [frontier] if frontier else []


def _frontier(spec: Spec, section: str, name: str, rules: list[str]) -> Frontier:
    locs = [spec.where("production", section, name, i) for i in range(len(rules))]
    return Frontier(name=name, rules=list(rules), rule_locs=locs, loc=spec.where("production", section, name))


