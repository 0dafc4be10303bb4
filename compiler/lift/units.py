"""Lift unit types (stats, options, cost) and production (rules, frontiers, player frontiers)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Map
from compiler.lift.values import as_int, block, flow, native, options_map
from compiler.model import PlayerFrontier, Rule, RuleEntry
from compiler.model.vocabulary import UNIT

STATS = ("movement", "attack", "defense")
DEFAULT_FRONTIER = "production"


def default_rule_name(unit: str) -> str:
    return "buy" + unit[:1].upper() + unit[1:]


def _unit_cost(rule: Rule, units: set[str], first_resource: str | None) -> dict[str, Any] | None:
    """The unit fields (cost, buy_quantity, rule) a production rule lowers from, or None."""
    if len(rule.results) != 1 or rule.results[0].name not in units:
        return None
    unit, quantity = rule.results[0].name, as_int(rule.results[0].quantity)
    costs = {c.name: as_int(c.quantity) for c in rule.costs}
    if quantity is None or len(costs) != len(rule.costs) or any(v is None for v in costs.values()):
        return None
    fields: dict[str, Any] = {}
    if len(costs) == 1 and next(iter(costs)) == first_resource:
        fields["cost"] = next(iter(costs.values()))
    else:
        fields["cost"] = flow(costs)
    if quantity != 1:
        fields["buy_quantity"] = quantity
    if rule.name != default_rule_name(unit):
        fields["rule"] = rule.name
    return fields


def lift_units(lift: Lift) -> tuple[Map, list[Rule]]:
    """units: stats and options from each unitAttachment, cost from its buy rule, `declared` when the game
    declares a unit more than once. Returns the rules a unit took, in the order lowering gives them back."""
    g = lift.game
    names = set(g.unit_types)
    attachments = lift.standard(UNIT)
    rule_names = Counter(r.name for r in g.production_rules)
    first_resource = g.resources[0].name if g.resources else None
    costs: dict[str, tuple[Rule, dict[str, Any]]] = {}
    for rule in g.production_rules:
        said = _unit_cost(rule, names, first_resource) if rule_names[rule.name] == 1 else None
        if said is not None and rule.results[0].name not in costs:
            costs[rule.results[0].name] = (rule, said)
    result = block()
    taken: list[Rule] = []
    declared = Counter(g.unit_types)
    for unit in declared:
        fields: dict[str, Any] = {"declared": declared[unit]} if declared[unit] > 1 else {}
        if unit in costs:
            rule, cost_fields = costs[unit]
            fields.update(cost_fields)
            taken.append(rule)
        found = attachments.get(unit)
        if found is not None:
            lift.claim(found[0])
            opts = options_map(found[1].options) or {}
            for stat in STATS:
                if isinstance(opts.get(stat), int) and not isinstance(opts[stat], bool):
                    fields[stat] = opts.pop(stat)
            if opts:
                fields["options"] = flow(opts)
        result[unit] = flow(fields) if fields else None
    return result, taken


def _entries(entries: list[RuleEntry]) -> Any:
    """A rule's costs or results: `{name: quantity}`, or a list of one-entry mappings when a name repeats
    (TripleA adds both: a rule may cost PUs twice)."""
    pairs = {e.name: native(e.quantity) for e in entries}
    if len(pairs) == len(entries):
        return flow(pairs)
    return flow([flow({e.name: native(e.quantity)}) for e in entries])


def _rule_spec(rule: Rule) -> dict[str, Any]:
    return flow({"cost": _entries(rule.costs), "result": _entries(rule.results)})


def _rules(rules: list[Rule]) -> Map:
    out = block()
    for rule in rules:
        if rule.name not in out:
            out[rule.name] = _rule_spec(rule)
    return out


def lift_production(lift: Lift, taken: list[Rule], players: Map) -> Map:
    """production: rules no unit took, frontiers (unless the default), the default frontier; each
    player's own frontier goes into `players`."""
    g = lift.game
    taken_ids = {id(r) for r in taken}
    others = [r for r in g.production_rules if id(r) not in taken_ids]
    lowered_order = [r.name for r in taken] + [r.name for r in others]
    result = block()
    if others:
        result["rules"] = _rules(others)
    frontiers = {f.name: f.rules for f in g.production_frontiers}
    implicit = len(frontiers) == 1 and frontiers.get(DEFAULT_FRONTIER) == lowered_order
    if frontiers and not implicit:
        result["frontiers"] = block({name: flow(list(rules)) for name, rules in frontiers.items()})
    chosen = _declared(g.player_production)
    counts = Counter(names[-1] for names in chosen.values())
    default = counts.most_common(1)[0][0] if counts else None
    lowered_default = next(iter(frontiers)) if len(frontiers) == 1 else None
    if default != lowered_default:
        result["default_frontier"] = default if default is not None else ""
    for p in g.players:
        names = chosen.get(p.name, [])
        if len(names) > 1:
            _player(players, p.name)["frontier"] = flow(names)
        elif (names[0] if names else None) != default:
            _player(players, p.name)["frontier"] = names[0] if names else ""
    if g.repair_rules:
        result["repair_rules"] = _rules(g.repair_rules)
    if g.repair_frontiers:
        result["repair_frontiers"] = block({f.name: flow(list(f.rules)) for f in g.repair_frontiers})
    for player, names in _declared(g.player_repair).items():
        if player in players:
            _player(players, player)["repair_frontier"] = names[0] if len(names) == 1 else flow(names)
    return result


def _declared(entries: list[PlayerFrontier]) -> dict[str, list[str]]:
    """Each player's frontier declarations, in order: a player declared twice keeps both (TripleA sets each
    in turn, the last one stands), and the spec says so with a list."""
    declared: dict[str, list[str]] = {}
    for entry in entries:
        declared.setdefault(entry.player, []).append(entry.frontier)
    return declared


def _player(players: Map, name: str) -> Map:
    if players.get(name) is None:
        players[name] = flow({})
    return players[name]
