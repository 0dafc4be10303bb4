"""A game model as semantic facts: (kind, key) -> value, with the source location of each fact.

Orders that TripleA ignores are normalised away here: connections are unordered pairs, options of an
attachment a multiset, initial units summed per (territory, owner, unit, damage), relationships
unordered pairs, step properties a mapping (a repeated name keeps its last value, as in TripleA). Orders
that matter (the step sequence, frontier rule lists, variable elements) stay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from compiler.model import GameModel, Step
from compiler.model.vocabulary import TRIPLEA_DELEGATES, short_class
from compiler.problems import Location

Key = tuple[str, Hashable]


@dataclass
class Facts:
    """Every fact of one game, keyed by (kind, key); `steps` keeps the ordered sequence apart."""

    values: dict[Key, Any] = field(default_factory=dict)
    locs: dict[Key, Location] = field(default_factory=dict)
    steps: list[tuple[Any, ...]] = field(default_factory=list)
    step_locs: list[Location] = field(default_factory=list)

    def put(self, kind: str, key: Hashable, value: Any, loc: Location) -> None:
        self.values[(kind, key)] = value
        self.locs.setdefault((kind, key), loc)

    def add(self, kind: str, key: Hashable, item: Hashable, loc: Location) -> None:
        """Add `item` to the multiset fact (kind, key)."""
        fact = (kind, key)
        bag = self.values.get(fact)
        if bag is None:
            bag = self.values[fact] = Counter()
            self.locs.setdefault(fact, loc)
        bag[item] += 1

    def total(self, kind: str, key: Hashable, quantity: str, loc: Location) -> None:
        """Add a quantity to a summed fact (numbers add; other text is kept as a multiset)."""
        current = self.values.get((kind, key), 0)
        try:
            amount: Any = int(quantity)
        except ValueError:
            amount = Counter([quantity])
        if isinstance(current, int) and isinstance(amount, int):
            self.values[(kind, key)] = current + amount
        else:
            bag = current if isinstance(current, Counter) else Counter({str(current): 1} if current else {})
            bag.update(amount if isinstance(amount, Counter) else Counter([str(amount)]))
            self.values[(kind, key)] = bag
        self.locs.setdefault((kind, key), loc)



def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _step_properties(step: Step) -> tuple[tuple[str, str], ...]:
    """A step's properties as TripleA reads them: one value per name, the last one given, in no order
    (TripleA sets each stepProperty in turn in the step's Properties, so a repeated name keeps its last value)."""
    return tuple(sorted({p.name: p.value for p in step.properties}.items()))


def game_facts(g: GameModel) -> Facts:
    """The facts of a game model."""
    f = Facts()
    loc = g.info.loc
    f.put("info", "name", g.info.name, loc)
    f.put("info", "version", g.info.version, loc)
    for name in ("loader", "minimum_version", "dice_sides", "offset_round"):
        f.put("info", name, getattr(g, name), g.loc)
    for v in g.variables:
        f.put("variable", v.name, tuple(v.elements), v.loc)
    for t in g.territories:
        f.add("territory", t.name, ("water", t.water), t.loc)
    for c in g.connections:
        f.put("connection", _pair(c.t1, c.t2), True, c.loc)
    for r in g.resources:
        f.add("resource", r.name, ("isDisplayedFor", r.is_displayed_for), r.loc)
    for p in g.players:
        f.add("player", p.name, (("optional", p.optional), ("canBeDisabled", p.can_be_disabled),
                                 ("defaultType", p.default_type), ("isHidden", p.is_hidden)), p.loc)
    for a in g.alliances:
        f.add("alliance", a.player, a.alliance, a.loc)
    for name, uloc in zip(g.unit_types, g.unit_type_locs or [g.loc] * len(g.unit_types), strict=False):
        f.add("unit type", name, True, uloc)
    for name in g.relationship_types:
        f.add("relationship type", name, True, g.loc)
    for name in g.territory_effects:
        f.add("territory effect", name, True, g.loc)
    for d in g.delegates:
        java_class = short_class(d.java_class, TRIPLEA_DELEGATES)
        f.add("delegate", d.name, (("javaClass", java_class), ("display", d.display)), d.loc)
    for s in g.steps:
        f.steps.append((s.name, s.delegate, s.player, s.max_run_count, s.display, _step_properties(s)))
        f.step_locs.append(s.loc)
    for kind, rules in (("production rule", g.production_rules), ("repair rule", g.repair_rules)):
        for rule in rules:
            costs = tuple(sorted(Counter((c.name, c.quantity) for c in rule.costs).items()))
            results = tuple(sorted(Counter((c.name, c.quantity) for c in rule.results).items()))
            f.add(kind, rule.name, (("costs", costs), ("results", results)), rule.loc)
    for kind, frontiers in (("production frontier", g.production_frontiers), ("repair frontier", g.repair_frontiers)):
        for fr in frontiers:
            f.add(kind, fr.name, tuple(fr.rules), fr.loc)
    for kind, entries in (("player production", g.player_production), ("player repair", g.player_repair)):
        for e in entries:
            f.add(kind, e.player, e.frontier, e.loc)
    for tech in g.technologies:
        f.add("technology", tech.name, tech.tech, tech.loc)
    for pt in g.player_techs:
        cats = tuple(sorted((c.name, tuple(sorted(c.techs))) for c in pt.categories))
        f.add("player tech", pt.player, cats, pt.loc)
    for att in g.attachments:  # the class by its short name: TripleA 2.x finds it by either spelling
        f.add("attachment", (att.name, att.attach_to),
              (("javaClass", short_class(att.java_class)), ("type", att.type), ("foreach", att.foreach)), att.loc)
        for o in att.options:  # options as a multiset per (attachment, attachTo, option name)
            f.add("option", (att.name, att.attach_to, o.name),
                  o.value if not o.count else f"{o.value} (count {o.count})", o.loc)
    for owner in g.territory_owners:  # TripleA sets owners in order: the last one stands
        f.values[("owner", owner.territory)] = owner.owner
        f.locs[("owner", owner.territory)] = owner.loc
    for u in g.unit_placements:
        f.total("units", (u.territory, u.owner, u.unit_type, u.hits_taken, u.unit_damage), u.quantity, u.loc)
    for h in g.held_units:
        f.total("held units", (h.player, h.unit_type), h.quantity, h.loc)
    for given in g.resources_given:
        f.total("resource given", (given.player, given.resource), given.quantity, given.loc)
    for rel in g.relationships:
        f.add("relationship", _pair(rel.player1, rel.player2), (rel.type, rel.round_value), rel.loc)
    for prop in g.properties:
        f.add("property", prop.name, (("value", prop.value if prop.text is None else None),
                                      ("editable", prop.editable), ("player", prop.player), ("kind", prop.kind),
                                      ("min", prop.min), ("max", prop.max), ("text", prop.text)), prop.loc)
    return f
