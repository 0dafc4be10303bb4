"""Every name one part of a game uses to refer to another, with where it is used."""

from __future__ import annotations

from functools import lru_cache, partial

from compiler.checks._catalog import option_kind
from compiler.checks.context import FORMAT_MATCHES, CheckContext
from compiler.checks.option_refs import KIND_NAMES, named_tokens, pattern_for, pattern_of_kind
from compiler.model.expand import AttachmentInstance
from compiler.problems import Location

ATTACH_KINDS = {
    "unitType": "unit", "territory": "territory", "resource": "resource", "player": "player",
    "relationship": "relationship-type", "territoryEffect": "territory-effect", "technology": "technology",
}


# A reference (name, loc, where, args), filed under its kind (territory, player, unit...): `name`
# is used at `loc`; `where` says by what: the final text when `args` is None, else a str.format
# template for `args`. A game has hundreds of thousands of references and only the unknown ones
# are ever shown, so their texts are built on demand (see `where`).
Entry = tuple[str, Location, str, "tuple[str, ...] | None"]


def where(entry: Entry) -> str:
    """The text saying what uses the name of `entry`."""
    text, args = entry[2], entry[3]
    return text if args is None else text.format(*args)


def option_pattern(ctx: CheckContext, java_class: str, option: str) -> str | None:
    """How an option's value names things: from the catalog's value kind, else the built-in table."""
    kind = option_kind(ctx, java_class, option)
    pattern = None if kind is None else pattern_of_kind(kind)
    if pattern is not None:
        return pattern
    return pattern_for(java_class, option[:1].lower() + option[1:])  # structured values (relationshipChange...)


def _collect(ctx: CheckContext) -> dict[str, list[Entry]]:
    g = ctx.model
    out: dict[str, list[Entry]] = {}

    def adder(kind: str):  # noqa: ANN202 - the list's append
        return out.setdefault(kind, []).append

    territory, player, unit = adder("territory"), adder("player"), adder("unit")
    for c in g.connections:
        loc = c.loc
        territory((c.t1, loc, "connection", None))
        territory((c.t2, loc, "connection", None))
    for a in g.alliances:
        player((a.player, a.loc, "alliance", None))
    for r in g.resources:
        if r.is_displayed_for and r.is_displayed_for.upper() != "NONE":
            for p in r.is_displayed_for.split(":"):
                player((p, r.loc, "isDisplayedFor of resource '{}'", (r.name,)))
    delegate = adder("delegate")
    for s in g.steps:
        delegate((s.delegate, s.loc, "step '{}'", (s.name,)))
        if s.player and s.player.strip():
            player((s.player, s.loc, "step '{}'", (s.name,)))
    resource, resource_or_unit = adder("resource"), adder("resource-or-unit")
    for rules, label in ((g.production_rules, "production rule"), (g.repair_rules, "repair rule")):
        for rule in rules:
            for cost in rule.costs:
                resource((cost.name, cost.loc, "cost of {} '{}'", (label, rule.name)))
            for res in rule.results:
                resource_or_unit((res.name, res.loc, "result of {} '{}'", (label, rule.name)))
    for kind, frontiers, label in (
        ("production-rule", g.production_frontiers, "production frontier '{}'"),
        ("repair-rule", g.repair_frontiers, "repair frontier '{}'"),
    ):
        add = adder(kind)
        for f in frontiers:
            for name, loc in zip(f.rules, f.rule_locs or [f.loc] * len(f.rules), strict=False):
                add((name, loc, label, (f.name,)))
    production_frontier, repair_frontier = adder("production-frontier"), adder("repair-frontier")
    for pf in g.player_production:
        player((pf.player, pf.loc, "playerProduction", None))
        production_frontier((pf.frontier, pf.loc, "playerProduction of '{}'", (pf.player,)))
    for pf in g.player_repair:
        player((pf.player, pf.loc, "playerRepair", None))
        repair_frontier((pf.frontier, pf.loc, "playerRepair of '{}'", (pf.player,)))
    technology = adder("technology")
    for pt in g.player_techs:
        player((pt.player, pt.loc, "playerTech", None))
        for cat in pt.categories:
            for tech in cat.techs:
                technology((tech, cat.loc, "tech category '{}'", (cat.name,)))
    for refs in ctx.per_instance("references", partial(_instance_refs, ctx)):
        for kind, entries in refs:
            out.setdefault(kind, []).extend(entries)
    for o in g.territory_owners:
        territory((o.territory, o.loc, "territoryOwner", None))
        player((o.owner, o.loc, "owner of '{}'", (o.territory,)))
    for u in g.unit_placements:
        loc = u.loc
        unit((u.unit_type, loc, "unitPlacement in '{}'", (u.territory,)))
        territory((u.territory, loc, "unitPlacement", None))
        if u.owner and u.owner.strip():
            player((u.owner, loc, "owner of a unitPlacement in '{}'", (u.territory,)))
    for h in g.held_units:
        unit((h.unit_type, h.loc, "heldUnits", None))
        player((h.player, h.loc, "heldUnits", None))
    for rg in g.resources_given:
        player((rg.player, rg.loc, "resourceGiven", None))
        resource((rg.resource, rg.loc, "resourceGiven", None))
    relationship_type = adder("relationship-type")
    for rel in g.relationships:
        player((rel.player1, rel.loc, "relationship", None))
        player((rel.player2, rel.loc, "relationship", None))
        relationship_type((rel.type, rel.loc, "relationship", None))
    return {kind: entries for kind, entries in out.items() if entries}


def _instance_refs(ctx: CheckContext, inst: AttachmentInstance) -> list[tuple[str, list[Entry]]]:
    """The references of one attachment instance by kind: what it is attached to, the names its options use."""
    att = inst.attachment
    out: dict[str, list[Entry]] = {}
    kind = ATTACH_KINDS.get(att.type)
    if kind is not None:
        out[kind] = [(inst.attach_to, att.loc, "attachTo of attachment '{}'", (inst.name,))]
    patterns = _patterns(ctx, att.java_class)
    for ov in inst.options:
        option = ov.option
        pattern = patterns.get(option.name, "")
        if pattern == "":
            pattern = patterns[option.name] = option_pattern(ctx, att.java_class, option.name)
        if pattern:
            for letter, token in _tokens(pattern, ov.value):
                out.setdefault(KIND_NAMES[letter], []).append(
                    (token, option.loc, "option '{}' of '{}'", (option.name, inst.name)))
    return list(out.items())


def _patterns(ctx: CheckContext, java_class: str) -> dict[str, str | None]:
    """option -> value pattern ("" until asked) of `java_class`'s options, for the release line of `ctx`."""
    return _PATTERNS.setdefault((ctx.line, java_class), {})


_PATTERNS: dict[tuple[str, str], dict[str, str | None]] = {}


@lru_cache(maxsize=200_000)
def _tokens(pattern: str, value: str) -> list[tuple[str, str]]:
    """named_tokens(pattern, value), once per pair (a pure function of it)."""
    return named_tokens(pattern, value, lambda fmt, text: FORMAT_MATCHES[fmt, text])


def references(ctx: CheckContext) -> dict[str, list[Entry]]:
    """All references of the game by kind, in document order per kind (computed once per context)."""
    return ctx.shared(_collect)
