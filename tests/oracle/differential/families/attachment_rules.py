"""Family "attachment_rules": the validate() rules of TripleA 2.7's attachments, and class resolution.

Systematic mutants over the bases: every unit of each kind (land, sea, air) given each property an
air, sea or land unit may or may not have (values that trigger the rule and values that do not, also
through legacy macros), each numeric rule at and across its bounds, construction and damage
combinations, the unit-list rules, duplicate attachments, canal variants (names, ends, canalName,
landTerritories, land or water), political and user actions (text, relationshipChange), tech
ability attachments on every kind of object, attachment javaClass spellings and `type` values.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from lxml import etree
from mutate import ATTACHMENTS, Base, Mutant, add_attachment, find_attachment, safe_name, set_option, unit_attachment

FAMILY = "attachment_rules"
Options = Sequence[tuple[str, str] | tuple[str, str, str]]
Edit = Callable[[etree._Element], object]

# property -> values: some trigger a kind's rule, others (the defaults) do not
KIND_PROPERTIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("isSea", ("true", "false")), ("isAir", ("true", "false")), ("canBlitz", ("true", "false")),
    ("canBombard", ("true", "false")), ("isLandTransportable", ("true", "false")),
    ("isLandTransport", ("true", "false")), ("isAirTransportable", ("true", "false")),
    ("isCombatTransport", ("true", "false")), ("isStrategicBomber", ("true", "false")),
    ("isAirTransport", ("true", "false")), ("isKamikaze", ("TRUE", "false")),
    ("transportCost", ("2", "-1")), ("carrierCapacity", ("2", "-1")), ("carrierCost", ("1", "-1")),
    ("bombard", ("0", "3", "-1", "")), ("isMarine", ("1", "false", "-1")),
    ("isParatroop", ("true",)), ("isInfantry", ("true",)), ("isMechanized", ("true",)),
)
NUMERIC: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hitPoints", ("0", "-1", "1", "2")), ("isTwoHit", ("true", "false")),
    ("attackAA", ("-1", "0", "5")), ("offensiveAttackAA", ("-1", "0")),
    ("attackAAmaxDieSides", ("-2", "-1", "0", "200", "201")),
    ("offensiveAttackAAmaxDieSides", ("-2", "-1", "200", "201")),
    ("maxBuiltPerPlayer", ("-2", "-1", "0", "3")),
)
HIT_POINT_ORDERS: tuple[Options, ...] = (
    (("isTwoHit", "true"), ("hitPoints", "0")), (("hitPoints", "0"), ("isTwoHit", "true")),
    (("hitPoints", "0"), ("isTwoHit", "false")), (("isTwoHit", "false"), ("hitPoints", "3")),
)
FACTORY_EDITS: tuple[tuple[str, Options], ...] = (  # options appended after isFactory=true
    ("not-construction", (("isConstruction", "false"),)), ("type-none", (("constructionType", "none"),)),
    ("type-empty", (("constructionType", ""),)), ("type-space", (("constructionType", " "),)),
    ("max-0", (("maxConstructionsPerTypePerTerr", "0"),)),
    ("turn-minus", (("constructionsPerTerrPerTypePerTurn", "-1"),)),
    ("turn-3-max-2", (("constructionsPerTerrPerTypePerTurn", "3"), ("maxConstructionsPerTypePerTerr", "2"))),
    ("factory-false", (("isFactory", "false"),)), ("maxdamage-0", (("maxDamage", "0"),)),
    ("not-damaged", (("canBeDamaged", "false"),)), ("dies", (("canDieFromReachingMaxDamage", "true"),)),
)
UNIT_LISTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("requiresUnits", ("{factory}", "{factory}:{land}", "nosuch", "{factory}:nosuch", "{factory}:", "")),
    ("canInvadeOnlyFrom", ("all", "none", "ALL", "None", "none:nosuch", "nosuch:none", "{sea}", "nosuch",
                           "{sea}:nosuch", ":{sea}", "{sea}:")),
    ("receivesAbilityWhenWith", ("canBlitz:{land}", "canBlitz:nosuch", "canBombard:{land}", "canBlitz",
                                 "canBlitz:{land}:x", "CanBlitz:{land}")),
    ("whenCombatDamaged", ("0:1:unitsMayNotLandOnCarrier", "0:1:unitsMayNotLeaveAlliedCarrier", "0:1:foo",
                           "1:1:unitsMayNotLandOnCarrier:x", "0:2:UnitsMayNotLandOnCarrier")),
)
CLASSES = ("CanalAttachment", "PlayerAttachment", "PoliticalActionAttachment", "RelationshipTypeAttachment",
           "RulesAttachment", "TechAbilityAttachment", "TechAttachment", "TerritoryAttachment",
           "TerritoryEffectAttachment", "TriggerAttachment", "UnitAttachment", "UnitSupportAttachment",
           "UserActionAttachment")
TEXTS: tuple[tuple[str, str | None], ...] = (
    ("text", "Make peace"), ("empty", ""), ("space", " "), ("tab", "\t"), ("nbsp", "\u00a0"), ("missing", None),
)


def java_class_variants(simple: str) -> list[tuple[str, str]]:
    return [("full", ATTACHMENTS + simple), ("short", simple), ("other-package", "x.y." + simple),
            ("lower", ATTACHMENTS + simple[0].lower() + simple[1:]), ("plural", ATTACHMENTS + simple + "s"),
            ("leading-dot", "." + simple), ("package-only", ATTACHMENTS), ("empty", ""), ("space", " " + simple)]


class Maker:
    """Mutants of one base, named `<base>-<group>-<detail>`."""

    def __init__(self, base: Base) -> None:
        self.base = base
        kinds = {"air": base.is_air, "sea": base.is_sea}
        self.kind = {u: next((k for k, test in kinds.items() if test(u)), "land") for u in base.units}
        self.by_kind = {k: [u for u in base.units if self.kind[u] == k] for k in ("land", "sea", "air")}

    def make(self, name: str, edit: str, change: Edit) -> Mutant:
        return self.base.mutant(FAMILY, safe_name(name), edit, change)

    def names(self, value: str) -> str:
        land = self.by_kind["land"]
        sea = self.by_kind["sea"] or land
        factory = "factory" if "factory" in self.base.units else land[-1]
        return value.format(land=land[0], sea=sea[0], factory=factory)

    def sample(self, every: bool) -> list[str]:
        """Every unit, or the first one of each kind."""
        return list(self.base.units) if every else [units[0] for units in self.by_kind.values() if units]

    # --- unit attachments ---------------------------------------------------------------------
    def unit_options(self, group: str, unit: str, options: Options, *, append: bool = False,
                     label: str | None = None) -> Mutant:
        detail = label or "-".join(f"{short(o[0])}={o[1]}" for o in options)
        edit = f"unitAttachment of {unit} ({self.kind[unit]}): " + ", ".join(f"{o[0]}={o[1]!r}" for o in options)

        def change(root: etree._Element) -> None:
            att = unit_attachment(root, unit)
            for opt in options:
                set_option(att, *opt, replace=not append)

        return self.make(f"{group}-{unit}-{detail}", edit + (" (appended)" if append else ""), change)

    def kinds(self, units: list[str]) -> Iterator[Mutant]:
        for unit in units:
            for prop, values in KIND_PROPERTIES:
                for value in values:
                    yield self.unit_options("kind", unit, [(prop, value)])
        for unit in self.sample(False):
            for prop, value in (("Bombard", "0"), ("IsAir", "true"), ("CanBombard", "true")):
                yield self.unit_options("capital", unit, [(prop, value)], append=True)

    def numbers(self, units: list[str]) -> Iterator[Mutant]:
        for unit in units:
            for prop, values in NUMERIC:
                for value in values:
                    yield self.unit_options("number", unit, [(prop, value)])
            for i, order in enumerate(HIT_POINT_ORDERS):
                yield self.unit_options(f"hp-order{i}", unit, order, append=True)

    def transports(self) -> Iterator[Mutant]:
        for unit in self.by_kind["sea"][:3]:
            for options in ([("isCombatTransport", "true")],
                            [("isCombatTransport", "true"), ("transportCapacity", "0")],
                            [("isCombatTransport", "true"), ("transportCapacity", "1")],
                            [("transportCapacity", "1"), ("isCombatTransport", "true"), ("transportCapacity", "-1")],
                            [("isCombatTransport", "false"), ("transportCapacity", "0")]):
                yield self.unit_options("combat", unit, options, append=True)

    def restricted(self) -> Iterator[Mutant]:
        carriers = [u for u in self.by_kind["sea"] if self.base.unit_flag(u, "transportCapacity")]
        for unit in carriers[:1]:
            for setting in ("TRUE", "false", "false,true"):
                for label, options in (("as-is", []), ("unarmed", [("attack", "0"), ("defense", "0")]),
                                       ("attack", [("attack", "1"), ("defense", "0")]),
                                       ("combat", [("isCombatTransport", "true")]),
                                       ("no-capacity", [("transportCapacity", "-1")]),
                                       ("capacity-0", [("transportCapacity", "0")])):
                    def change(root: etree._Element, setting: str = setting, options: Options = options,
                               unit: str = unit) -> None:
                        for value in setting.split(","):
                            add_property(root, "Transport Casualties Restricted", value)
                        att = unit_attachment(root, unit)
                        for opt in options:
                            set_option(att, *opt)
                    yield self.make(f"tcr-{setting}-{unit}-{label}",
                                    f"property Transport Casualties Restricted={setting}; {unit}: {options}", change)

    def constructions(self, grid: bool) -> Iterator[Mutant]:
        land = self.by_kind["land"][0]
        if grid:
            choices = (("isConstruction", (None, "true", "false")), ("constructionType", (None, "none", "factory")),
                       ("constructionsPerTerrPerTypePerTurn", (None, "0", "2")),
                       ("maxConstructionsPerTypePerTerr", (None, "-1", "1")))
            for combo in itertools.product(*(values for _, values in choices)):
                options = [(name, v) for (name, _), v in zip(choices, combo, strict=True) if v is not None]
                if options:
                    yield self.unit_options("build", land, options, label="_".join(v or "x" for v in combo))
        factory = self.names("{factory}")
        if self.base.unit_flag(factory, "isFactory"):
            for label, options in FACTORY_EDITS:
                yield self.unit_options(f"factory-{label}", factory, options, append=True)
            yield self.make(f"factory-first-not-construction-{factory}", "isConstruction=false before isFactory=true",
                            lambda root: unit_attachment(root, factory).insert(
                                0, etree.Element("option", name="isConstruction", value="false")))

    def damage(self, unit: str) -> Iterator[Mutant]:
        for combo in itertools.product((None, "true", "false"), (None, "0", "1"), (None, "true", "false")):
            options = [(n, v) for n, v in zip(("canBeDamaged", "maxDamage", "canDieFromReachingMaxDamage"), combo,
                                              strict=True) if v is not None]
            if options:
                yield self.unit_options("damage", unit, options)

    def unit_lists(self) -> Iterator[Mutant]:
        unit = self.by_kind["land"][0]
        for prop, values in UNIT_LISTS:
            for j, value in enumerate(values):
                yield self.unit_options("list", unit, [(prop, self.names(value))], append=True,
                                        label=f"{short(prop)}{j}")
        yield self.unit_options("list2", unit, [("requiresUnits", self.names("{factory}")),
                                                ("requiresUnits", "nosuch")], append=True)
        yield self.unit_options("list-count", unit, [("whenCombatDamaged", "unitsMayNotLandOnCarrier", "1:2")],
                                append=True)

    def duplicates(self) -> Iterator[Mutant]:
        land, player, territory = self.by_kind["land"][-1], self.base.players[0], self.base.land[0]
        cases: list[tuple[str, str, str, str, Options, bool]] = [
            # (label, attachment name, type, attachTo, options, first)
            ("later-bad", "unitAttachment", "unitType", land, [("bombard", "0")], False),
            ("earlier-bad", "unitAttachment", "unitType", land, [("bombard", "0")], True),
            ("later-fine", "unitAttachment", "unitType", land, [("movement", "1")], False),
            ("legacy-name-bad", "unitAttatchment", "unitType", land, [("bombard", "0")], False),
            ("second-bad", "unitAttachment2", "unitType", land, [("bombard", "0")], False),
            ("second-fine", "unitAttachment2", "unitType", land, [("isSea", "true"), ("bombard", "2")], False),
            ("territory-bad", "unitAttachment", "territory", territory, [("bombard", "0")], False),
            ("territory-fine", "unitAttachment", "territory", territory, [("isSea", "true"), ("bombard", "2")], False),
            ("player-bad", "unitAttachment", "player", player, [("isAir", "true"), ("canBlitz", "true")], False),
            ("player-hp", "unitAttachment", "player", player, [("hitPoints", "0")], False),
            ("player-fine", "unitAttachment", "player", player, [("isAir", "true")], False),
        ]
        for label, name, type_, target, options, first in cases:
            yield self.make(f"dup-{label}", f"UnitAttachment {name} on {type_} {target}: {options}"
                            + (" (first)" if first else ""),
                            lambda root, n=name, t=type_, a=target, o=options, f=first: add_attachment(
                                root, n, "UnitAttachment", a, t, list(o), first=f))

    # --- canals ---------------------------------------------------------------------------------
    def canals(self) -> Iterator[Mutant]:
        sea, land = self.base.sea, self.base.land
        ends = (sea + land)[:3] if len(sea) >= 2 else land[:3]
        t1, t2, t3 = ends
        lands = [x for x in land if x not in ends] + land[::-1]
        l1, l2 = lands[0], lands[1]

        def canal(name: str, where: str, cname: str | None = "Canal", lands: str | None = l1,
                  java: str = "CanalAttachment", type_: str = "territory") -> tuple:
            opts = [o for o in (("canalName", cname), ("landTerritories", lands)) if o[1] is not None]
            return (name, java, where, type_, opts)

        ok1, ok2 = canal("canalAttachmentCanal", t1), canal("canalAttachmentCanal", t2)
        cases: dict[str, list[tuple]] = {
            "pair": [ok1, ok2], "one-end": [ok1], "three-ends": [ok1, ok2, canal("canalAttachmentCanal", t3)],
            "pair-on-land": [canal("canalAttachmentCanal", land[0]), canal("canalAttachmentCanal", land[1])],
            "mixed-land-water": [ok1, canal("canalAttachmentCanal", land[0])],
            "two-canals": [ok1, ok2, canal("canalAttachmentD", t2, "D"), canal("canalAttachmentD", t3, "D")],
            "same-territory-twice": [ok1, canal("canalAttachmentCanal2", t1)],
            "same-territory-twice-and-other": [ok1, canal("canalAttachmentCanal2", t1), ok2],
            "dup-later-nameless": [ok1, ok2, canal("canalAttachmentCanal", t2, None)],
            "dup-earlier-nameless": [ok1, canal("canalAttachmentCanal", t2, None), ok2],
            "lands-missing": [ok1, canal("canalAttachmentCanal", t2, lands=None)],
            "lands-empty": [ok1, canal("canalAttachmentCanal", t2, lands="")],
            "lands-two": [ok1, canal("canalAttachmentCanal", t2, lands=f"{l1}:{l2}")],
            "lands-differ": [ok1, canal("canalAttachmentCanal", t2, lands=l2)],
            "name-missing": [ok1, canal("canalAttachmentCanal", t2, None)],
            "name-empty": [ok1, canal("canalAttachmentCanal", t2, "")],
            "name-space": [canal("canalAttachmentCanal", t1, " "), canal("canalAttachmentCanal", t2, " ")],
            "name-differs": [ok1, canal("canalAttachmentCanal", t2, "Other")],
            "impostor": [ok1, ok2, ("canalAttachmentZ", "TerritoryAttachment", t3, "territory", [])],
            "impostor-alone": [("canalAttachmentZ", "TerritoryAttachment", t3, "territory", [])],
            "on-unit-type-with-pair": [ok1, ok2, canal("canalAttachmentCanal", self.base.units[0], type_="unitType")],
            "on-unit-type-alone": [canal("canalAttachmentCanal", self.base.units[0], type_="unitType")],
            "short-class": [canal("canalAttachmentCanal", t1, java="CanalAttachment"), ok2],
        }
        for spelling in ("canalAttachment", "canalAttachmentX", "CanalAttachmentX", "canalattachmentX",
                         "canalAttatchmentX", "xcanalAttachment", "canal", "canalAttachment "):
            cases[f"named-{spelling}"] = [ok1, canal(spelling, t2)]
        for label, atts in cases.items():
            def change(root: etree._Element, atts: list[tuple] = atts) -> None:
                for name, java, where, type_, opts in atts:
                    add_attachment(root, name, java, where, type_, opts)
            yield self.make(f"canal-{label}", f"canal attachments {atts}", change)

    # --- political and user actions -------------------------------------------------------------
    def actions(self) -> Iterator[Mutant]:
        p1, p2 = self.base.players[:2]
        rel = self.base.relationship_types[-1] if self.base.relationship_types else "default_war_relation"
        change = ("relationshipChange", f"{p1}:{p2}:{rel}")
        for (label, text), with_change in itertools.product(TEXTS, (True, False)):
            options = ([("text", text)] if text is not None else []) + ([change] if with_change else [])
            yield self.action(f"political-{label}-{'change' if with_change else 'nochange'}",
                              "PoliticalActionAttachment", "politicalActionAttachmentX", p1, "player", options)
        for label, text in TEXTS:
            yield self.action(f"user-{label}", "UserActionAttachment", "userActionAttachmentX", p1, "player",
                              [("text", text)] if text is not None else [])
        yield self.action("political-capital-text", "PoliticalActionAttachment", "politicalActionAttachmentY", p1,
                          "player", [("Text", "Peace"), change])
        yield self.action("political-on-territory", "PoliticalActionAttachment", "politicalActionAttachmentX",
                          self.base.land[0], "territory", [("text", "Peace"), change])
        yield self.action("user-on-unit-blank", "UserActionAttachment", "userActionAttachmentX", self.base.units[0],
                          "unitType", [("text", "  ")])
        yield self.action("political-any-name", "PoliticalActionAttachment", "somethingElse", p1, "player", [change])
        for order, label in (((("text", " "),), ("text", "Peace")), "later-text"), (((("text", "Peace"),),
                                                                                    ("text", " ")), "later-blank"):
            yield self.action(f"user-{label}", "UserActionAttachment", "userActionAttachmentX", p1, "player",
                              list(order[0]) + [order[1]])

    def action(self, label: str, java: str, name: str, where: str, type_: str, options: Options) -> Mutant:
        return self.make(f"action-{label}", f"{java} {name} on {type_} {where}: {list(options)}",
                         lambda root: add_attachment(root, name, java, where, type_, list(options)))

    # --- tech ability attachments ---------------------------------------------------------------
    def tech_abilities(self) -> Iterator[Mutant]:
        land, player, territory = self.by_kind["land"][0], self.base.players[0], self.base.land[0]
        bonus = [("attackBonus", land, "1")]
        declared: list[tuple[str, str, str, str, Options]] = [
            # label, attachTo, type, class, options
            ("generic", "Rocketry", "technology", "TechAbilityAttachment", bonus),
            ("builtin", "jetPower", "technology", "TechAbilityAttachment", bonus),
            ("named-builtin", "Super Rockets", "technology", "TechAbilityAttachment", []),
            ("named-builtin-bonus", "Super Rockets", "technology", "TechAbilityAttachment", bonus),
            ("unit", land, "unitType", "TechAbilityAttachment", []),
            ("territory", territory, "territory", "TechAbilityAttachment", []),
            ("player", player, "player", "TechAbilityAttachment", []),
            ("resource", self.base.resources[0], "resource", "TechAbilityAttachment", []),
            ("other-class-builtin", "jetPower", "technology", "TechAttachment", []),
            ("other-class-generic", "Rocketry", "technology", "TechAttachment", []),
            ("rules-on-named-builtin", "Super Rockets", "technology", "RulesAttachment", []),
        ]
        yield self.make("tech-none", "technologies declared, no tech ability attachment", add_technologies)
        for label, where, type_, java, options in declared:
            for name in ("techAbilityAttachment", "otherName"):
                def change(root: etree._Element, where: str = where, type_: str = type_, java: str = java,
                           name: str = name, options: Options = options) -> None:
                    add_technologies(root)
                    add_attachment(root, name, java, where, type_, list(options))
                yield self.make(f"tech-{label}-{name}", f"{java} {name} on {type_} {where} {options}", change)
        for where in ("jetPower", "Jet Power", "superSub", "heavyBomber"):  # the default technologies
            yield self.make(f"tech-default-{where}", f"TechAbilityAttachment on default technology {where}",
                            lambda root, w=where: add_attachment(root, "techAbilityAttachment", "TechAbilityAttachment",
                                                                 w, "technology", []))

    # --- javaClass and type -----------------------------------------------------------------------
    def classes(self, every: bool) -> Iterator[Mutant]:
        for simple in CLASSES if every else ("UnitAttachment", "PoliticalActionAttachment"):
            for label, java in java_class_variants(simple):
                yield self.make(f"class-{simple}-{label}", f"a valid {simple} with javaClass={java!r}",
                                lambda root, s=simple, j=java: self.minimal(root, s, j))

    def minimal(self, root: etree._Element, simple: str, java: str) -> None:
        """A small attachment of class `simple` that 2.7 accepts when `java` names that class."""
        p1, p2 = self.base.players[:2]
        land = self.by_kind["land"][0]
        if simple == "UnitAttachment":
            unit_attachment(root, land).set("javaClass", java)
            return
        if simple == "TerritoryAttachment":
            att = find_attachment(root, "territoryAttachment", self.base.land[0])
            if att is not None:
                att.set("javaClass", java)
                return
        options: list[tuple[str, str]] = {
            "PoliticalActionAttachment": [("text", "Peace"), ("relationshipChange", f"{p1}:{p2}:"
                                           + (self.base.relationship_types or ["default_war_relation"])[-1])],
            "UserActionAttachment": [("text", "Act")],
        }.get(simple, [])
        where, type_, name = p1, "player", simple[0].lower() + simple[1:] + "X"
        if simple == "CanalAttachment":
            ends = (self.base.sea + self.base.land)[:2]
            add_attachment(root, "canalAttachmentC", "CanalAttachment", ends[1], "territory",
                           [("canalName", "C"), ("landTerritories", self.base.land[-1])])
            where, type_, name = ends[0], "territory", "canalAttachmentC"
            options = [("canalName", "C"), ("landTerritories", self.base.land[-1])]
        elif simple == "TechAbilityAttachment":
            add_technologies(root)
            where, type_ = "Rocketry", "technology"
        att = add_attachment(root, name, "UnitAttachment", where, type_, options)
        att.set("javaClass", java)

    def types(self) -> Iterator[Mutant]:
        player, territory, unit = self.base.players[0], self.base.land[0], self.by_kind["land"][0]
        cases: list[tuple[str, str, str, tuple[str | None, ...]]] = [
            ("PlayerAttachment", "playerAttachmentX", player,
             ("player", "Player", "players", "", None, "unitType", "territory")),
            ("TerritoryAttachment", "territoryAttachmentX", territory, ("territory", "Territory", "TERRITORY", None)),
            ("RulesAttachment", "rulesAttachmentX", self.base.resources[0], ("resource", "Resource", None)),
        ]
        for java, name, where, values in cases:
            for value in values:
                def change(root: etree._Element, java: str = java, name: str = name, where: str = where,
                           value: str | None = value) -> None:
                    att = add_attachment(root, name, java, where, value or "unitType", [])
                    if value is None:
                        del att.attrib["type"]
                    else:
                        att.set("type", value)
                yield self.make(f"type-{java}-{value if value is not None else 'missing'}",
                                f"{java} on {where} with type={value!r}", change)
        for value in ("unitType", "unittype", "UnitType", "", None):
            def retype(root: etree._Element, value: str | None = value) -> None:
                att = unit_attachment(root, unit)
                if value is None:
                    att.attrib.pop("type", None)
                else:
                    att.set("type", value)
            yield self.make(f"type-unit-{value if value is not None else 'missing'}",
                            f"unitAttachment of {unit} with type={value!r}", retype)


def short(option: str) -> str:
    """A short form of a long option name for mutant names (constructionsPerTerrPerTypePerTurn: cPTPTPT)."""
    return option if len(option) <= 20 else option[0] + "".join(c for c in option if c.isupper())


def add_property(root: etree._Element, name: str, value: str) -> None:
    holder = root.find("propertyList")
    if holder is None:
        holder = etree.SubElement(root, "propertyList")
    etree.SubElement(holder, "property", name=name, value=value, editable="false")


def add_technologies(root: etree._Element) -> None:
    """A <technology> section: a generic tech, a built-in one, and a generic one naming a built-in."""
    if root.find("technology") is not None:
        return
    tech = etree.Element("technology")
    techs = etree.SubElement(tech, "technologies")
    etree.SubElement(techs, "techname", name="Rocketry")
    etree.SubElement(techs, "techname", name="jetPower")
    etree.SubElement(techs, "techname", name="Super Rockets", tech="rocket")
    holder = root.find("attachmentList")
    assert holder is not None
    holder.addprevious(tech)


def mutants(bases: list[Base]) -> Iterator[Mutant]:
    for i, base in enumerate(bases):
        make = Maker(base)
        first = i == 0
        if base.label == "minimap":  # its first land unit, and every sea and air unit
            units = make.by_kind["land"][:1] + make.by_kind["sea"] + make.by_kind["air"]
        else:
            units = make.sample(first)
        yield from make.kinds(units)
        yield from make.numbers(make.sample(False) if first else make.by_kind["land"][:1])
        yield from make.transports()
        yield from make.restricted()
        yield from make.constructions(grid=first)
        yield from make.damage(make.by_kind["land"][0])
        yield from make.unit_lists()
        yield from make.duplicates()
        yield from make.canals()
        yield from make.actions()
        yield from make.tech_abilities()
        yield from make.classes(every=first)
        yield from make.types()
