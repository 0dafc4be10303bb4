"""Every name one part of a game uses to refer to another, with where it is used."""

from __future__ import annotations

from typing import NamedTuple

from compiler.checks._catalog import option_kind
from compiler.checks.context import CheckContext
from compiler.checks.option_refs import KIND_NAMES, PATTERN_OF_KIND, named_tokens, pattern_for
from compiler.problems import Location

ATTACH_KINDS = {
    "unitType": "unit", "territory": "territory", "resource": "resource", "player": "player",
    "relationship": "relationship-type", "territoryEffect": "territory-effect", "technology": "technology",
}


class Ref(NamedTuple):
    """`name` is used as a `kind` (territory, player, unit...) at `loc`; `where` says by what."""

    kind: str
    name: str
    loc: Location
    where: str


def option_pattern(ctx: CheckContext, java_class: str, option: str) -> str | None:
    """How an option's value names things: from the catalog's value kind, else the built-in table."""
    kind = option_kind(ctx, java_class, option)
    if kind is not None:
        return PATTERN_OF_KIND.get(kind)
    return pattern_for(java_class, option[:1].lower() + option[1:])


def _collect(ctx: CheckContext) -> list[Ref]:
    g = ctx.model
    refs: list[Ref] = []
    add = refs.append
    for c in g.connections:
        add(Ref("territory", c.t1, c.loc, "connection"))
        add(Ref("territory", c.t2, c.loc, "connection"))
    for a in g.alliances:
        add(Ref("player", a.player, a.loc, "alliance"))
    for r in g.resources:
        if r.is_displayed_for and r.is_displayed_for.upper() != "NONE":
            for p in r.is_displayed_for.split(":"):
                add(Ref("player", p, r.loc, f"isDisplayedFor of resource '{r.name}'"))
    for s in g.steps:
        add(Ref("delegate", s.delegate, s.loc, f"step '{s.name}'"))
        if s.player and s.player.strip():
            add(Ref("player", s.player, s.loc, f"step '{s.name}'"))
    for rules, label in ((g.production_rules, "production rule"), (g.repair_rules, "repair rule")):
        for rule in rules:
            for cost in rule.costs:
                add(Ref("resource", cost.name, cost.loc, f"cost of {label} '{rule.name}'"))
            for res in rule.results:
                add(Ref("resource-or-unit", res.name, res.loc, f"result of {label} '{rule.name}'"))
    for f in g.production_frontiers:
        for name, loc in zip(f.rules, f.rule_locs or [f.loc] * len(f.rules), strict=False):
            add(Ref("production-rule", name, loc, f"production frontier '{f.name}'"))
    for f in g.repair_frontiers:
        for name, loc in zip(f.rules, f.rule_locs or [f.loc] * len(f.rules), strict=False):
            add(Ref("repair-rule", name, loc, f"repair frontier '{f.name}'"))
    for pf in g.player_production:
        add(Ref("player", pf.player, pf.loc, "playerProduction"))
        add(Ref("production-frontier", pf.frontier, pf.loc, f"playerProduction of '{pf.player}'"))
    for pf in g.player_repair:
        add(Ref("player", pf.player, pf.loc, "playerRepair"))
        add(Ref("repair-frontier", pf.frontier, pf.loc, f"playerRepair of '{pf.player}'"))
    for pt in g.player_techs:
        add(Ref("player", pt.player, pt.loc, "playerTech"))
        for cat in pt.categories:
            for tech in cat.techs:
                add(Ref("technology", tech, cat.loc, f"tech category '{cat.name}'"))
    patterns: dict[tuple[str, str], str | None] = {}
    for inst in ctx.instances:
        att = inst.attachment
        kind = ATTACH_KINDS.get(att.type)
        if kind:
            add(Ref(kind, inst.attach_to, att.loc, f"attachTo of attachment '{inst.name}'"))
        for ov in inst.options:
            key = (att.java_class, ov.option.name)
            pattern = patterns.get(key, "")
            if pattern == "":
                pattern = patterns[key] = option_pattern(ctx, *key)
            if pattern:
                for letter, token in named_tokens(pattern, ov.value):
                    add(Ref(KIND_NAMES[letter], token, ov.option.loc, f"option '{ov.option.name}' of '{inst.name}'"))
    for o in g.territory_owners:
        add(Ref("territory", o.territory, o.loc, "territoryOwner"))
        add(Ref("player", o.owner, o.loc, f"owner of '{o.territory}'"))
    for u in g.unit_placements:
        add(Ref("unit", u.unit_type, u.loc, f"unitPlacement in '{u.territory}'"))
        add(Ref("territory", u.territory, u.loc, "unitPlacement"))
        if u.owner and u.owner.strip():
            add(Ref("player", u.owner, u.loc, f"owner of a unitPlacement in '{u.territory}'"))
    for h in g.held_units:
        add(Ref("unit", h.unit_type, h.loc, "heldUnits"))
        add(Ref("player", h.player, h.loc, "heldUnits"))
    for rg in g.resources_given:
        add(Ref("player", rg.player, rg.loc, "resourceGiven"))
        add(Ref("resource", rg.resource, rg.loc, "resourceGiven"))
    for rel in g.relationships:
        add(Ref("player", rel.player1, rel.loc, "relationship"))
        add(Ref("player", rel.player2, rel.loc, "relationship"))
        add(Ref("relationship-type", rel.type, rel.loc, "relationship"))
    return refs


def references(ctx: CheckContext) -> dict[str, list[Ref]]:
    """All references of the game by kind, in document order per kind (computed once per context)."""
    cached = ctx.__dict__.get("_refs")
    if cached is None:
        cached = {}
        for ref in _collect(ctx):
            cached.setdefault(ref.kind, []).append(ref)
        ctx.__dict__["_refs"] = cached
    return cached
