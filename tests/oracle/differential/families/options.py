"""Family "options": every option of every attachment class, with values made from its catalog format.

For each base, each attachment class gets a probe attachment on a suitable attachable (a new unit type,
a territory, a canal pair, a player, a relationship type, a new technology and territory effect ...)
holding only what the class needs to be valid; each case then sets one option of the probe: a valid
value built from the option's format, and invalid ones (a wrong number, boolean or word, a wrong field
count, an unknown or case-changed name, a count out of range), the empty value (skipped by TripleA),
the count attribute form, legacy and decapitalized names, read-only options, and the order rules of
attachments naming other attachments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml import etree
from mutate import Base, Mutant, add_attachment, attachment_list, find_attachment, safe_name, set_option

from compiler.catalog import load_catalog
from compiler.catalog.formats import Choice, Field, parse_format

FAMILY = "options"
CATALOG = load_catalog("2.7")
PROBE_UNIT, PROBE_TECH, PROBE_EFFECT, CANAL = "probeUnit", "probeTech", "probeEffect", "ProbeCanal"
REF_CONDITION, REF_TRIGGER, REF_SUPPORT = "conditionAttachmentRef", "triggerAttachmentRef", "supportAttachmentRef"

# Options whose validate() rules need company on the probe unit (so that only the option decides).
UNIT_CONTEXT: dict[str, list[tuple[str, str]]] = {
    **{o: [("isSea", "true")] for o in ("bombard", "canBombard", "carrierCapacity")},
    "isCombatTransport": [("isSea", "true"), ("transportCapacity", "2")],
    **{o: [("isAir", "true")] for o in ("isAirTransport", "isKamikaze")},
    **{o: [("isConstruction", "true"), ("constructionType", "factory"), ("constructionsPerTerrPerTypePerTurn", "1"),
           ("maxConstructionsPerTypePerTerr", "5")]
       for o in ("constructionType", "constructionsPerTerrPerTypePerTurn", "maxConstructionsPerTypePerTerr",
                 "isConstruction")},
    "canBeDamaged": [("maxDamage", "2")],
    "canDieFromReachingMaxDamage": [("canBeDamaged", "true"), ("maxDamage", "2")],
}
# UnitAttachment options whose validate() reads their number: only the form is varied, not the range.
UNIT_VALIDATED = frozenset({
    "hitPoints", "attackAA", "offensiveAttackAA", "attackAAmaxDieSides", "offensiveAttackAAmaxDieSides",
    "maxBuiltPerPlayer", "bombard", "transportCost", "carrierCost", "carrierCapacity", "transportCapacity",
    "isMarine", "constructionsPerTerrPerTypePerTurn", "maxConstructionsPerTypePerTerr", "maxDamage",
    "isConstruction", "canBeDamaged", "canDieFromReachingMaxDamage", "isCombatTransport", "constructionType",
})


@dataclass
class Names:
    """Names of one base a value can use (the probe's own ones added)."""

    base: Base

    def of(self, kind: str) -> list[str]:
        b = self.base
        table: dict[str, list[str]] = {
            "unit": b.units, "player": b.players, "territory": b.land, "resource": b.resources,
            "effect": [PROBE_EFFECT], "reltype": b.relationship_types, "tech": [PROBE_TECH],
            "frontier": b.frontiers, "rule": b.production_rules, "place": b.land,
            "support": [REF_SUPPORT], "trigger": [REF_TRIGGER], "condition": [REF_CONDITION],
        }
        return table[kind]

    def first(self, kind: str) -> str | None:
        found = self.of(kind)
        return found[0] if found else None


# --- values made from a format ------------------------------------------------------------------
def _good(choice: Choice, names: Names) -> str | None:
    kind = choice.kind
    if kind == "int":
        lo, hi = choice.lo, choice.hi
        n = 2 if lo is None else max(lo, min(2, hi if hi is not None else 2))
        return str(n if n != choice.not_ else n + 1)
    if kind == "word":
        return choice.word
    return {"bool": "true", "dec": "1.5", "text": "probe", "range": "1-3"}.get(kind) or names.first(kind)


def _good_field(f: Field, names: Names) -> list[str] | None:
    if f.quant == "*":
        return []
    if f.group:
        out: list[str] = []
        for g in f.group:
            part = _good_field(g, names)
            if part is None:
                return None
            out += part
        return out
    token = next((t for c in f.choices if (t := _good(c, names)) is not None), None)
    return None if token is None else [token]


def _good_alt(alt: tuple[Field, ...], names: Names) -> list[str] | None:
    tokens: list[str] = []
    for f in alt:
        part = _good_field(f, names)
        if part is None:
            return None
        tokens += part
    return tokens


def _bad_tokens(f: Field, names: Names) -> list[tuple[str, str]]:
    """(label, token) that the field does not accept (while the other fields stay good)."""
    if f.group:
        return []
    out: list[tuple[str, str]] = []
    kinds = {c.kind for c in f.choices}
    words = [c for c in f.choices if c.kind == "word"]
    if kinds <= {"int", "word"} and "int" in kinds:
        out += [("word", "x"), ("decimal", "1.5")]
        if len(f.choices) == 1 and f.choices[0].lo is None and f.choices[0].hi is None:
            out += [("overflow", "2147483648"), ("space", " 1")]
        for c in f.choices:
            if c.kind == "int" and c.lo is not None:
                out.append(("below", str(c.lo - 1)))
            if c.kind == "int" and c.hi is not None:
                out.append(("above", str(c.hi + 1)))
    if kinds == {"bool"}:
        out += [("yes", "yes"), ("one", "1")]
    if kinds == {"word"} or kinds == {"word", "int"}:
        out.append(("nonword", "nonsense"))
        for c in words:
            if not c.any_case:
                out.append((f"case-{c.word}", c.word.swapcase()))
    names_kinds = kinds & {"unit", "player", "territory", "resource", "effect", "reltype", "tech", "frontier",
                           "rule", "place"}
    if names_kinds and not ({"int", "bool", "text"} & kinds):
        out.append(("unknown", "Nowhere_9"))
        real = names.first(sorted(names_kinds)[0])
        if real and real.swapcase() != real:
            out.append(("namecase", real.swapcase()))
    return out


def value_cases(fmt: str, names: Names) -> Iterator[tuple[str, str]]:
    """(label, value) cases for a field format: good values and one wrong field at a time."""
    alts = parse_format(fmt)
    for a, alt in enumerate(alts):
        good = _good_alt(alt, names)
        if good is None:
            continue
        yield f"good{a}", ":".join(good)
        if a:
            continue
        # position of each field's token in `good` (fields without tokens are skipped)
        pos = 0
        for f in alt:
            part = _good_field(f, names) or []
            if len(part) == 1:
                for label, bad in _bad_tokens(f, names):
                    tokens = good[:pos] + [bad] + good[pos + 1:]
                    yield f"f{pos}-{label}", ":".join(tokens)
            pos += len(part)
        if len(good) > 1 and len(alt) > 1:
            yield "fewer", ":".join(good[:-1])
        yield "more", ":".join([*good, "x"])
        if good[0].lower() in ("true", "false"):
            yield "upper", good[0].upper()


SPECIAL_VALUES: dict[str, Callable[[Names], list[str]]] = {
    "any": lambda n: ["anything at all", "a:b:c"],
    "chance": lambda n: ["1:6", "0:0", "120:120", "6:1", "-1:6", "1:121", "1", "x:6", "1:6:9", "1/6"],
    "condition_type": lambda n: ["AND", "or", "Or", "XOR", "xor", "2", "1-3", "3-1", "2-2", "NAND", "1-x", "-1",
                                 "99999999999"],
    "rounds": lambda n: ["1", "1:3", "2-4", "2-+", "1-2:5", "x", "2-", "-1", "1-2-3", "+3", "1.5"],
    "territory_list": lambda n: [n.base.land[0], f"1:{n.base.land[0]}", f"each:{n.base.land[0]}", "controlled",
                                 "original:Nowhere_9", f"{n.base.land[0]}:Nowhere_9", "Nowhere_9",
                                 f"+1:{n.base.land[0]}", f"{n.base.land[0]}:2", f"-1:{n.base.land[0]}",
                                 f"{n.base.land[0]}:each"],
    "combat_damage": lambda n: ["1:2:unitsMayNotLandOnCarrier", "0:0:unitsMayNotLeaveAlliedCarrier:2",
                                "2:1:unitsMayNotLandOnCarrier", "-1:2:unitsMayNotLandOnCarrier",
                                "1:2:fly", "1:unitsMayNotLandOnCarrier", "x:2:unitsMayNotLandOnCarrier",
                                "1:2:unitsMayNotLandOnCarrier:3:4"],
    "production_per_x": lambda n: [f"3:{n.base.units[0]}", "3", f"0:{n.base.units[0]}", f"-1:{n.base.units[0]}",
                                   f"x:{n.base.units[0]}", "3:Nowhere_9", f"3:{n.base.units[0]}:x"],
    "attachment_name": lambda n: [],  # see _attachment_name_values
    "cost_pu": lambda n: ["3", "-3", "x", "1.5"],
    "territory_resources": lambda n: [f"2:{r}" for r in n.base.resources[:2]] + ["-1:" + n.base.resources[-1],
                                      "2", "x:" + n.base.resources[-1], "2:Nowhere_9", "2:a:b"],
    "conditions": lambda n: [REF_CONDITION, f"{REF_CONDITION}:{REF_CONDITION}", f"{REF_CONDITION}::",
                             "conditionAttachmentNowhere", REF_TRIGGER],
}
ATTACHMENT_NAMES = {
    "unitAttachmentName": ["unitAttachment:UnitAttachment", "supportAttachmentX:UnitSupportAttachment",
                           "unitAttachmentX:UnitSupportAttachment", "x:UnitAttachment", "unitAttachment",
                           "unitAttachment:unitattachment", ":UnitAttachment"],
    "territoryAttachmentName": ["territoryAttachment:TerritoryAttachment", "canalAttachmentX:CanalAttachment",
                                "canal:CanalAttachment", "territoryAttachment:PlayerAttachment"],
    "playerAttachmentName": ["playerAttachment:PlayerAttachment", "conditionAttachmentX:RulesAttachment",
                             "objectiveAttachmentX:RulesAttachment", "triggerAttachmentX:TriggerAttachment",
                             "techAttachment:TechAttachment", "politicalActionAttachmentX:PoliticalActionAttachment",
                             "userActionAttachmentX:UserActionAttachment", "playerAttatchment:PlayerAttachment",
                             "rules:RulesAttachment", "playerAttachment:UnitAttachment", "playerAttachment"],
    "relationshipTypeAttachmentName": ["relationshipTypeAttachment:RelationshipTypeAttachment",
                                       "x:RelationshipTypeAttachment"],
    "territoryEffectAttachmentName": ["territoryEffectAttachment:TerritoryEffectAttachment",
                                      "territoryEffectAttachmentX:TerritoryAttachment"],
}


def special_values(fmt: str, option: str, names: Names) -> list[str]:
    name = fmt[1:].partition(" ")[0]
    if name == "attachment_name":
        return ATTACHMENT_NAMES[option]
    return SPECIAL_VALUES[name](names)


# --- probes -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Probe:
    """Where a class's options are tried: the attachment's name, type, attachTo and required options."""

    name: str
    type: str
    attach_to: str
    required: tuple[tuple[str, str], ...] = ()


def probe_for(simple: str, base: Base) -> Probe | None:
    p0 = base.players[0]
    rel = base.relationship_types[0] if base.relationship_types else None
    table = {
        "UnitAttachment": Probe("unitAttachment", "unitType", PROBE_UNIT, (("movement", "1"),)),
        "UnitSupportAttachment": Probe("supportAttachmentProbe", "unitType", base.units[0], (("bonusType", "probe"),)),
        "TerritoryAttachment": Probe("territoryAttachmentProbe", "territory", base.land[0]),
        "CanalAttachment": Probe("canalAttachmentProbe", "territory", base.sea[0],
                                 (("canalName", CANAL), ("landTerritories", base.land[0])))
        if len(base.sea) > 1 else None,
        "PlayerAttachment": Probe("playerAttachmentProbe", "player", p0),
        "RelationshipTypeAttachment": Probe("relationshipTypeAttachmentProbe", "relationship", rel) if rel else None,
        "TechAttachment": Probe("techAttachmentProbe", "player", p0),
        "TechAbilityAttachment": Probe("techAbilityAttachment", "technology", PROBE_TECH),
        "TerritoryEffectAttachment": Probe("territoryEffectAttachment", "territoryEffect", PROBE_EFFECT),
        "RulesAttachment": Probe("conditionAttachmentProbe", "player", p0),
        "TriggerAttachment": Probe("triggerAttachmentProbe", "player", p0),
        "PoliticalActionAttachment": Probe("politicalActionAttachmentProbe", "player", p0,
                                           (("text", "probe"), ("relationshipChange", f"{p0}:{base.players[1]}:{rel}")))
        if rel else None,
        "UserActionAttachment": Probe("userActionAttachmentProbe", "player", p0, (("text", "probe"),)),
    }
    return table[simple]


def scaffold(root: etree._Element, base: Base, refs_first: bool = True) -> None:
    """The names every probe may use: a unit type, a technology, a territory effect, and (first in the
    attachment list, unless refs_first is False) a condition, a trigger and a support rule."""
    units = root.find("unitList")
    assert units is not None
    etree.SubElement(units, "unit", name=PROBE_UNIT)
    add_attachment(root, "unitAttachment", "UnitAttachment", PROBE_UNIT, "unitType", [("movement", "1")], first=True)
    tech = root.find("technology")
    if tech is None:
        tech = etree.Element("technology")
        root.insert(list(root).index(root.find("attachmentList")), tech)  # type: ignore[arg-type]
    techs = tech.find("technologies")
    if techs is None:
        techs = etree.SubElement(tech, "technologies")
        tech.insert(0, techs)
    etree.SubElement(techs, "techname", name=PROBE_TECH)
    effects = root.find("territoryEffectList")
    if effects is None:
        effects = etree.Element("territoryEffectList")
        root.insert(list(root).index(root.find("attachmentList")), effects)  # type: ignore[arg-type]
    etree.SubElement(effects, "territoryEffect", name=PROBE_EFFECT)
    if refs_first:
        add_refs(root, base, first=True)


def add_refs(root: etree._Element, base: Base, *, first: bool) -> None:
    p0 = base.players[0]
    add_attachment(root, REF_SUPPORT, "UnitSupportAttachment", base.units[0], "unitType",
                   [("bonusType", "probe")], first=first)
    add_attachment(root, REF_TRIGGER, "TriggerAttachment", p0, "player", [("uses", "1")], first=first)
    add_attachment(root, REF_CONDITION, "RulesAttachment", p0, "player", [("uses", "1")], first=first)


def place_probe(root: etree._Element, simple: str, base: Base, probe: Probe,
                context: list[tuple[str, str]] = ()) -> etree._Element:
    java_class = CATALOG.attachment_class(simple)
    assert java_class is not None
    if simple == "UnitAttachment":  # the probe unit type's own unitAttachment (see scaffold)
        att = find_attachment(root, "unitAttachment", PROBE_UNIT)
        assert att is not None
        for option, value in context:
            set_option(att, option, value, replace=False)
        return att
    att = add_attachment(root, probe.name, java_class.java_class, probe.attach_to, probe.type,
                         [*probe.required, *context])
    if simple == "CanalAttachment":
        add_attachment(root, "canalAttachmentProbe", java_class.java_class, base.sea[1], "territory",
                       list(probe.required))
    return att


def _case(base: Base, simple: str, probe: Probe, option: str, value: str, count: str | None, label: str,
          context: list[tuple[str, str]] = (), refs_first: bool = True) -> Mutant:
    def change(root: etree._Element) -> None:
        scaffold(root, base, refs_first)
        att = place_probe(root, simple, base, probe, context)
        set_option(att, option, value, count)
        if not refs_first:
            add_refs(root, base, first=False)

    shown = f' count="{count}"' if count is not None else ""
    edit = f'{simple} {probe.name} on {probe.attach_to}: <option name="{option}" value="{value}"{shown}/>'
    return base.mutant(FAMILY, f"{simple}-{safe_name(option)}-{safe_name(label)}", edit, change)


def _option_cases(base: Base, simple: str, probe: Probe, option: str, fmt: str) -> Iterator[Mutant]:
    names = Names(base)
    context = UNIT_CONTEXT.get(option, []) if simple == "UnitAttachment" else []
    seen: set[str] = set()
    if fmt.startswith("@"):
        cases = [(f"v{i}-{safe_name(v)[:20]}", v) for i, v in enumerate(special_values(fmt, option, names))]
    else:
        cases = list(value_cases(fmt, names))
    for label, value in cases:
        if simple == "UnitAttachment" and option in UNIT_VALIDATED and label.startswith(("f0-below", "f0-above")):
            continue
        if value in seen:
            continue
        seen.add(value)
        yield _case(base, simple, probe, option, value, None, label, context)
        head, sep, rest = value.partition(":")
        if label == "good0" and sep and not fmt.startswith("@") and parse_format(fmt)[0][0].choices[0].kind == "int":
            yield _case(base, simple, probe, option, rest, head, "count-form", context)
            if len(option) % 2:
                yield _case(base, simple, probe, option, rest, "x", "count-bad", context)
    yield _case(base, simple, probe, option, "", None, "empty", context)
    if option[0].islower() and len(option) % 4 == 0:  # the name's spelling on a quarter of the options
        good = next((v for label, v in cases if label.startswith(("good", "v0"))), None)
        if good is not None:
            yield _case(base, simple, probe, option[0].upper() + option[1:], good, None, "capital", context)
            yield _case(base, simple, probe, option.upper(), good, None, "upper", context)
            if len(option) % 8 == 0:
                yield _case(base, simple, probe, " " + option, good, None, "space", context)


def mutants(bases: list[Base]) -> Iterator[Mutant]:
    for i, base in enumerate(bases):
        for info in sorted(CATALOG.attachment_classes(), key=lambda c: c.simple_name):
            simple = info.simple_name
            probe = probe_for(simple, base)
            if probe is None:
                continue
            for n, (option, opt) in enumerate(sorted(info.options.items())):
                if (n + i) % len(bases) and not _everywhere(simple):
                    continue  # each option on one base (rotating), except the classes below
                yield from _option_cases(base, simple, probe, option, opt.format)
            yield from _names_cases(base, simple, probe, info.read_only)
        yield from _order_cases(base)


def _everywhere(simple: str) -> bool:
    return simple == "PoliticalActionAttachment"


def _names_cases(base: Base, simple: str, probe: Probe, read_only: frozenset[str]) -> Iterator[Mutant]:
    """Read-only options, legacy names, and names no class has."""
    for option in sorted(read_only):
        yield _case(base, simple, probe, option, "1", None, "read-only")
    yield _case(base, simple, probe, "noSuchOption", "1", None, "unknown")
    yield _case(base, simple, probe, "noSuchOption", "", None, "unknown-empty")
    legacy = {"UnitAttachment": [("isParatroop", "true"), ("isInfantry", "true"), ("IsMechanized", "true"),
                                 ("ISPARATROOP", "true"), ("takeUnitControl", "x")],
              "TerritoryAttachment": [("occupiedTerrOf", base.players[0]), ("isImpassible", "true"),
                                      ("victoryCity", "True"), ("victoryCity", "yes"), ("OccupiedTerrOf", "x")],
              "RulesAttachment": [("turns", "1-3"), ("Turns", "x"), ("conditionType", "XOR")],
              "PlayerAttachment": [("giveUnitControl", "true"), ("giveUnitControl", "TRUE"),
                                   ("giveUnitControl", base.players[0]), ("takeUnitControl", "anything")],
              "TechAttachment": [("AARadar", "true"), ("aaRadar", "true"), ("probeTech", "true")]}
    for n, (option, value) in enumerate(legacy.get(simple, [])):
        yield _case(base, simple, probe, option, value, None, f"legacy{n}")


def _order_cases(base: Base) -> Iterator[Mutant]:
    """Attachments naming attachments defined later, themselves, or of the wrong class; and the
    unitAttachment order rules."""
    trigger, rules = probe_for("TriggerAttachment", base), probe_for("RulesAttachment", base)
    user = probe_for("UserActionAttachment", base)
    assert trigger and rules and user
    act = f"{REF_TRIGGER}:1:false:false:false:false"
    for probe, simple in ((trigger, "TriggerAttachment"), (rules, "RulesAttachment"), (user, "UserActionAttachment")):
        yield _case(base, simple, probe, "conditions", REF_CONDITION, None, "later-condition", refs_first=False)
        if simple != "RulesAttachment":
            yield _case(base, simple, probe, "activateTrigger", act, None, "later-trigger", refs_first=False)
            yield _case(base, simple, probe, "activateTrigger", act.replace(REF_TRIGGER, probe.name), None, "self")
            yield _case(base, simple, probe, "activateTrigger", act.replace(REF_TRIGGER, REF_CONDITION), None,
                        "not-a-trigger")
    yield _case(base, "TriggerAttachment", trigger, "support", REF_SUPPORT, None, "later-support", refs_first=False)
    yield _case(base, "TriggerAttachment", trigger, "trigger", REF_CONDITION, None, "legacy-trigger")
    yield _case(base, "TriggerAttachment", trigger, "conditions", rules.name, None, "later-self-condition")
    yield _case(base, "RulesAttachment", rules, "conditions", rules.name, None, "own-name")
    unit = probe_for("UnitAttachment", base)
    assert unit
    for n, context in enumerate(([("isSub", "true")], [("isSuicide", "true")], [("isSub", "true"), ("isSub", "false")],
                                 [("isSub", "false")], [])):
        yield _case(base, "UnitAttachment", unit, "canNotTarget", base.units[0], None, f"after{n}", context)
    yield _order_unit_after(base, "isSub")
    for n, option in enumerate(("artillery", "artillerySupportable", "unitSupportCount")):
        value = "2" if option == "unitSupportCount" else "true"
        yield _support_without_bonus(base, option, value, before=True, label=f"nobonus{n}")
        yield _support_without_bonus(base, option, value, before=False, label=f"nobonus-after{n}")
        yield _case(base, "UnitAttachment", unit, option, "false" if value == "true" else "x", None, f"plain{n}")
    yield from _implicit_support_cases(base)


IMPLICIT_RULE, IMPLICIT_TARGETS = "supportAttachmentArtyOld", "supportAttachmentArtyOldTempFirst"


def _implicit_support_cases(base: Base) -> Iterator[Mutant]:
    """A trigger's `support` naming the rules TripleA attaches itself: `artillery` true on a unit type makes
    supportAttachmentArtyOld<unit>, `artillerySupportable` true (no such rule yet) a TempFirst one that the next
    `artillery` true removes."""
    rule, targets = IMPLICIT_RULE + PROBE_UNIT, IMPLICIT_TARGETS + PROBE_UNIT
    yield _implicit_support(base, [("artillery", "true")], rule, "artillery")
    yield _implicit_support(base, [("artillery", "TRUE")], rule, "artillery-upper")
    yield _implicit_support(base, [("artillery", "true")], rule, "artillery-later", trigger_first=True)
    yield _implicit_support(base, [("artillery", "false")], rule, "artillery-false")
    yield _implicit_support(base, [("artillery", "true")], IMPLICIT_RULE + base.units[0], "artillery-other-unit")
    yield _implicit_support(base, [("artillerySupportable", "true")], targets, "targets")
    yield _implicit_support(base, [("artillerySupportable", "true")], rule, "targets-not-a-rule")
    yield _implicit_support(base, [("artillerySupportable", "true"), ("artillery", "true")], targets, "targets-gone")
    yield _implicit_support(base, [("artillerySupportable", "true"), ("artillery", "true")], rule, "targets-then-rule")


def _implicit_support(base: Base, options: list[tuple[str, str]], ref: str, label: str,
                      trigger_first: bool = False) -> Mutant:
    trigger = probe_for("TriggerAttachment", base)
    assert trigger

    def change(root: etree._Element) -> None:
        scaffold(root, base)
        unit = find_attachment(root, "unitAttachment", PROBE_UNIT)
        assert unit is not None
        for option, value in options:
            set_option(unit, option, value, replace=False)
        att = place_probe(root, "TriggerAttachment", base, trigger)
        set_option(att, "support", ref)
        if trigger_first:
            att.getparent().remove(att)
            attachment_list(root).insert(0, att)

    shown = ", ".join(f"{o}={v}" for o, v in options)
    edit = f"unitAttachment of {PROBE_UNIT}: {shown}; {trigger.name}: support={ref}" + (" (first)" * trigger_first)
    return base.mutant(FAMILY, f"TriggerAttachment-implicit-support-{label}", edit, change)


def _order_unit_after(base: Base, option: str) -> Mutant:
    unit = probe_for("UnitAttachment", base)
    assert unit

    def change(root: etree._Element) -> None:
        scaffold(root, base)
        att = place_probe(root, "UnitAttachment", base, unit, [("canNotTarget", base.units[0])])
        set_option(att, option, "true")

    return base.mutant(FAMILY, f"UnitAttachment-{option}-after-canNotTarget", f"{option}=true after canNotTarget",
                       change)


def _support_without_bonus(base: Base, option: str, value: str, *, before: bool, label: str) -> Mutant:
    unit = probe_for("UnitAttachment", base)
    assert unit

    def change(root: etree._Element) -> None:
        scaffold(root, base)
        att = place_probe(root, "UnitAttachment", base, unit)
        set_option(att, option, value)
        bare = add_attachment(root, "supportAttachmentBare", "UnitSupportAttachment", base.units[0], "unitType",
                              [("bonus", "1")])
        if before:
            bare.getparent().remove(bare)
            attachment_list(root).insert(0, bare)

    where = "before" if before else "after"
    return base.mutant(FAMILY, f"UnitAttachment-{option}-{label}",
                       f"a supportAttachment without bonusType {where} {option}={value}", change)
