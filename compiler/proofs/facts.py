"""The facts of one compiled game that claims ask about, looked up once per game.

`GameFacts(model)` answers in TripleA's terms: the attachments TripleA keeps (after `foreach`, the last
of one name on one object), a unit's or territory's options (and a unit's fields as TripleA's setters
leave them, macros included), owners and units at start, what a frontier sells and for how much, each
player's steps, and (through the engine's World) the map, relationships and starting state.
"""

from __future__ import annotations

import os
from collections import Counter
from functools import cached_property
from typing import TYPE_CHECKING

from compiler.checks._unit_macros import FieldValue, final_fields
from compiler.model import GameModel
from compiler.model.expand import AttachmentInstance, expand_game, kept_instances
from compiler.model.game import int_value
from compiler.model.mapview import MapView, map_view
from compiler.model.vocabulary import TERRITORY, UNIT, filed_name

if TYPE_CHECKING:
    from compiler.checks.context import CheckContext
    from compiler.engine.world import World

Price = dict[str, int]


class GameFacts:
    """Look-ups over one game model (see the module docstring)."""

    def __init__(self, model: GameModel) -> None:
        self.model = model

    # --- attachments ---------------------------------------------------------------------
    @cached_property
    def _kept(self) -> dict[tuple[str, str], AttachmentInstance]:
        instances, _ = expand_game(self.model)
        return {(attach_to, name): inst for (_, attach_to, name), inst in kept_instances(instances).items()}

    def attachment(self, name: str, attach_to: str) -> AttachmentInstance | None:
        """The attachment TripleA keeps under `name` on `attach_to` (any type), or None."""
        return self._kept.get((attach_to, filed_name(name)))

    @cached_property
    def checks(self) -> CheckContext:
        """The game as the checks see it (TripleA 2.x): what gate-aware claims ask (compiler/proofs/gates.py)."""
        from compiler.checks.context import CheckContext

        return CheckContext(self.model)

    @cached_property
    def _kept_classes(self) -> dict[tuple[str, str], tuple[AttachmentInstance, str]]:
        from compiler.checks._attachments import kept_attachments

        kept = kept_attachments(self.checks)
        return {(inst.attach_to, filed_name(inst.name)): (inst, simple) for inst, simple in kept}

    def kept_with_class(self, name: str, attach_to: str) -> tuple[AttachmentInstance, str] | None:
        """The attachment TripleA 2.x keeps under `name` on `attach_to` and its simple class name, or None
        (also for an attachment of a class TripleA does not know)."""
        return self._kept_classes.get((attach_to, filed_name(name)))

    def option_values(self, name: str, attach_to: str) -> dict[str, list[str]] | None:
        """option -> the value of each occurrence, in order (`count` written first: `-2:PUs`), of an attachment."""
        inst = self.attachment(name, attach_to)
        if inst is None:
            return None
        values: dict[str, list[str]] = {}
        for ov in inst.options:
            values.setdefault(ov.option.name, []).append(ov.value)
        return values

    def unit_options(self, unit: str) -> dict[str, list[str]] | None:
        return self.option_values(UNIT.name, unit)

    def final_fields(self, name: str, attach_to: str) -> dict[str, FieldValue[str]] | None:
        """field -> the value TripleA 2.x's setters leave it with and the option (as written) that set it
        last, macros such as isAA or isFactory included (compiler/checks/_unit_macros.py), for a
        UnitAttachment; None for any other attachment or none. `Unparsed` when a macro's value is no
        true/false (TripleA refuses the game)."""
        kept = self.kept_with_class(name, attach_to)
        if kept is None or kept[1] != UNIT.java_class:
            return None
        from compiler.checks._attachments import option_values

        return final_fields((field, value, option.name) for field, value, option in option_values(self.checks, kept[0]))

    def field_name(self, option: str) -> str:
        """The name TripleA 2.x looks an option up by (legacy names mapped)."""
        return self.checks.catalog.option_name(option)

    def territory_options(self, territory: str) -> dict[str, list[str]] | None:
        return self.option_values(TERRITORY.name, territory)

    # --- the start of the game -----------------------------------------------------------
    @cached_property
    def owners(self) -> dict[str, str]:
        """territory -> its owner at start (the last entry of one territory counts)."""
        return {o.territory: o.owner for o in self.model.territory_owners}

    def units_at(self, territory: str, owner: str | None = None) -> Counter[str]:
        """Units placed at start in a territory: of one owner, or of every owner."""
        found: Counter[str] = Counter()
        for p in self.model.unit_placements:
            if p.territory == territory and (owner is None or p.owner == owner):
                found[p.unit_type] += int_value(p.quantity)
        return found

    def placed(self, player: str) -> Counter[str]:
        """A player's units at start, over the whole map."""
        found: Counter[str] = Counter()
        for p in self.model.unit_placements:
            if p.owner == player:
                found[p.unit_type] += int_value(p.quantity)
        return found

    def resources(self, player: str) -> dict[str, int]:
        return {r.resource: int_value(r.quantity) for r in self.model.resources_given if r.player == player}

    # --- production ----------------------------------------------------------------------
    @cached_property
    def first_resource(self) -> str:
        return self.model.resources[0].name if self.model.resources else "PUs"

    @cached_property
    def frontiers(self) -> dict[str, list[str]]:
        return {f.name: f.rules for f in self.model.production_frontiers}

    @cached_property
    def start_frontiers(self) -> dict[str, str]:
        """player -> the production frontier it starts with."""
        return {p.player: p.frontier for p in self.model.player_production}

    @cached_property
    def start_repair_frontiers(self) -> dict[str, str]:
        """player -> the repair frontier it starts with."""
        return {p.player: p.frontier for p in self.model.player_repair}

    def frontier_prices(self, frontier: str, repair: bool = False) -> dict[str, list[Price]]:
        """unit type -> the price of one unit (of one point of its repair) in each rule of the production
        (repair) frontier that makes (repairs) only that unit."""
        rules = {r.name: r for r in (self.model.repair_rules if repair else self.model.production_rules)}
        frontiers = {f.name: f.rules for f in self.model.repair_frontiers} if repair else self.frontiers
        prices: dict[str, list[Price]] = {}
        for rule_name in frontiers.get(frontier, []):
            rule = rules.get(rule_name)
            if rule is None or len(rule.results) != 1:
                continue
            made = rule.results[0]
            per = max(int_value(made.quantity), 1)
            price: Price = {}
            for c in rule.costs:
                price[c.name] = price.get(c.name, 0) + int_value(c.quantity)
            prices.setdefault(made.name, []).append({k: v // per for k, v in price.items()})
        return prices

    # --- turns ---------------------------------------------------------------------------
    def steps_of(self, player: str) -> list[str]:
        """A player's steps in order, each without the prefix its names share (the player's name, or what the
        spec's `turns` block gave: `germansBattle` -> `Battle`, `westernPurchase` -> `Purchase`)."""
        names = [step.name for step in self.model.steps if step.player == player]
        own = "".join(player.split()).lower()
        if any(n.lower().startswith(own) for n in names):
            return [n[len(own):] if n.lower().startswith(own) and len(n) > len(own) else n for n in names]
        cut = len(os.path.commonprefix(names)) if len(names) > 1 else 0
        while cut and not all(len(n) > cut and n[cut].isupper() for n in names):
            cut -= 1
        return [n[cut:] for n in names]

    # --- the engine's view ---------------------------------------------------------------
    @cached_property
    def map(self) -> MapView:
        return map_view(self.model)

    @cached_property
    def world(self) -> World:
        from compiler.engine.world import build_world

        return build_world(self.model)
