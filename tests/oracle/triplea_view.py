"""What TripleA builds from a game XML, derived from our reader's model (compiler/xml/parse.py -> GameModel).

The view has the shape tests/oracle/kitjava/ReadGames.java prints for a kit's TripleA (see there): territories,
connections, players, alliances, resources, unit types, relationship types, production and repair rules and
frontiers, the players' frontiers, the game sequence, technologies and the players' tech categories, every
attachment (kind, attached to, name, Java class), the game properties (name -> value as text), and the
initial state: territory owners, units on the map and held, and the players' resources.

The collections hold what TripleA's do: a later player, resource, unit type, rule, frontier, property or
attachment of the same name replaces the earlier one (in the earlier one's place where TripleA keeps a
LinkedHashMap). Besides reading the XML, TripleA's parser makes things of its own; they are modelled here, each
as TripleA makes it (the class that does it is named):

- the four default relationship types, each with its relationshipTypeAttachment (RelationshipTypeList);
- without a <technology> element, the predefined technologies of the game's rules (WW2V2, WW2V3 or the first
  edition) and every player's tech categories (TechAdvance.createDefaultTechAdvances);
- a predefined technology named by its property (techname name="superSub") is TripleA's own advance, with its
  own name ("Super subs"); one with tech="..." keeps its name and takes the predefined one's property;
- a techAbilityAttachment on each predefined technology that has none and whose ability has defaults
  (TechAbilityAttachment.setDefaultTechnologyAttachments);
- the old artillery rules: artillery=true on a unit attachment gives the unit supportAttachmentArtyOld<unit>;
  artillerySupportable=true before any such rule gives it supportAttachmentArtyOldTempFirst<unit>, removed
  again by the next artillery rule (UnitSupportAttachment.addRule, addTarget);
- a player named "Neutral" is never found by its name: the name finds TripleA's null player (PlayerList), so
  what the XML gives that player by name (a frontier, tech categories) is the null player's, not in the view;
- from 2026-07.16.15682 on (triplea#14718), a list of technologies holds each one once (TechnologyFrontier);
- with a <propertyList>, "<player> Income Percentage" (100) and "<player> PU Income Bonus" (0) for each
  player (GameParser.parseProperties); legacy property names mapped (LegacyPropertyMapper) and values typed
  as TripleA infers them (PropertyValueTypeInference): true/false in any case, whole numbers, text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from compiler.checks.unknown_technology import BUILTIN_ADVANCES
from compiler.model import game as m
from compiler.model.expand import (
    ForeachError,
    combinations,
    expand_attachment,
    joined_values,
    substitute,
    variable_table,
)
from compiler.model.vocabulary import filed_name, simple_class

View = dict[str, Any]

DEFAULT_RELATIONSHIPS = ("self_relation", "null_relation", "default_war_relation", "default_allied_relation")
NEUTRAL = "Neutral"  # TripleA's null player: the name finds it wherever a player is looked up
PREDEFINED_TECHS = BUILTIN_ADVANCES  # TechAdvance: the predefined technologies by property, with their names
WW2V1_TECHS = ("jetPower", "superSub", "longRangeAir", "rocket", "industrialTechnology", "heavyBomber")
WW2V2_TECHS = ("jetPower", "superSub", "longRangeAir", "rocket", "destroyerBombard", "heavyBomber")
WW2V3_TECHS = ("superSub", "jetPower", "shipyards", "aARadar", "longRangeAir", "heavyBomber",
               "improvedArtillerySupport", "rocket", "paratroopers", "increasedFactoryProduction", "warBonds",
               "mechanizedInfantry")
WW2V3_CATEGORIES = (("Air and Naval Advances", WW2V3_TECHS[:6]), ("Land and Production Advances", WW2V3_TECHS[6:]))
# TechAbilityAttachment.setDefaultTechnologyAttachments: the abilities with a default attachment
DEFAULT_ABILITIES = frozenset(("longRangeAir", "aARadar", "superSub", "jetPower", "increasedFactoryProduction",
                               "warBonds", "rocket", "destroyerBombard", "heavyBomber"))
TECH_ABILITY = "techAbilityAttachment"
ARTY_OLD = "supportAttachmentArtyOld"
ARTY_OLD_FIRST = "supportAttachmentArtyOldTempFirst"
ARTILLERY_OPTIONS = frozenset(("artillery", "artillerySupportable"))
LEGACY_PROPERTY_NAMES = {
    "battleships repair at end of round": "Units Repair Hits End Turn",
    "units repair at end of round": "Units Repair Hits End Turn",
    "battleships repair at beginning of round": "Units Repair Hits Start Turn",
    "units repair at beginning of round": "Units Repair Hits Start Turn",
}
LEGACY_OPTION_NAMES = {"isparatroop": "isAirTransportable", "isinfantry": "isLandTransportable",
                       "ismechanized": "isLandTransportable", "occupiedterrof": "originalOwner",
                       "isimpassible": "isImpassable", "turns": "rounds"}
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def java_trim(text: str) -> str:
    """Java's String.trim(): every character up to U+0020 off both ends."""
    return text.strip("".join(map(chr, range(0x21))))


def inferred(value: str | None) -> str | None:
    """A property value as TripleA types it (PropertyValueTypeInference), as text: a boolean, a whole number
    (Guava's Ints.tryParse: an optional '-', ASCII digits, 32 bits) or the text itself."""
    if value is None:
        return None
    if value.lower() in ("true", "false"):
        return value.lower()
    digits = value[1:] if value.startswith("-") else value
    if digits.isascii() and digits.isdigit() and _INT_MIN <= int(value) <= _INT_MAX:
        return str(int(value))
    return value


def option_name(name: str) -> str:
    """An option's name as TripleA files it: first letter lower case, legacy names mapped (LegacyPropertyMapper)."""
    name = name[:1].lower() + name[1:]
    return LEGACY_OPTION_NAMES.get(name.lower(), name)


def property_texts(game: m.GameModel, players: Iterable[str]) -> dict[str, str]:
    """name -> value as text of every game property TripleA holds (GameParser.parseProperties), read as
    GameProperties.get reads them: an editable property before a player's before a constant one."""
    if "propertyList" not in game.sections:
        return {}
    constant: dict[str, str] = {}
    editable: dict[str, str] = {}
    for prop in game.properties:
        if not prop.name:
            continue
        name = LEGACY_PROPERTY_NAMES.get(prop.name.lower(), prop.name)
        value = java_trim(prop.text) if prop.text is not None else (prop.value or None)
        typed = inferred(value)
        if prop.editable:
            editable[name] = "null" if typed is None else typed
        elif typed is None:
            constant.pop(name, None)
        else:
            constant[name] = typed
    per_player = {f"{p} Income Percentage": "100" for p in players} | {f"{p} PU Income Bonus": "0" for p in players}
    return constant | per_player | editable


def _flag(properties: dict[str, str], name: str) -> bool:
    return properties.get(name) == "true"


def _once(techs: list[Any], name: Any = lambda t: t) -> list[Any]:
    """The technologies without a later one of an earlier one's name (TechnologyFrontier.addAdvance, 2026-07 on)."""
    seen: set[str] = set()
    return [t for t in techs if not (name(t) in seen or seen.add(name(t)))]


def technologies(game: m.GameModel, properties: dict[str, str], once: bool) -> list[tuple[str, str, bool]]:
    """(name, property, predefined) of every technology TripleA knows, in its order (`once`: each name once)."""
    return _once(_technologies(game, properties), lambda t: t[0]) if once else _technologies(game, properties)


def _technologies(game: m.GameModel, properties: dict[str, str]) -> list[tuple[str, str, bool]]:
    if "technology" not in game.sections:
        if _flag(properties, "WW2V2"):
            chosen = WW2V2_TECHS
        elif _flag(properties, "WW2V3"):
            chosen = WW2V3_TECHS
        else:
            chosen = WW2V1_TECHS
        return [(PREDEFINED_TECHS[p], p, True) for p in chosen]
    techs = []
    for tech in game.technologies:
        if tech.tech:
            techs.append((tech.name, tech.tech, False))
        elif tech.name in PREDEFINED_TECHS:
            techs.append((PREDEFINED_TECHS[tech.name], tech.name, True))
        else:
            techs.append((tech.name, tech.name, False))
    return techs


def find_tech(techs: list[tuple[str, str, bool]], name: str, by_property_first: bool) -> str | None:
    """The name of the technology `name` names (TechnologyFrontier.getAdvanceByName / ByProperty)."""
    by_name = next((t[0] for t in techs if t[0] == name), None)
    by_property = next((t[0] for t in techs if t[1] == name), None)
    return (by_property or by_name) if by_property_first else (by_name or by_property)


def player_techs(game: m.GameModel, players: list[str], techs: list[tuple[str, str, bool]],
                 properties: dict[str, str], once: bool) -> dict[str, list[list[Any]]]:
    """player -> [[category, [technology...]]...], each category in the order of the game's technologies
    (`once`: each technology once)."""
    order = {}
    for index, (name, _, _) in enumerate(techs):
        order.setdefault(name, index)
    found: dict[str, list[list[Any]]] = {p: [] for p in players}
    if "technology" not in game.sections:
        if _flag(properties, "WW2V3"):
            categories = [(name, [PREDEFINED_TECHS[p] for p in props]) for name, props in WW2V3_CATEGORIES]
        else:
            categories = [("Technology Advances", [t[0] for t in techs])]
        for player in players:
            found[player] = [[name, list(names)] for name, names in categories]
        return found
    for player_tech in game.player_techs:
        for category in player_tech.categories:
            names = [find_tech(techs, t, by_property_first=True) or t for t in category.techs]
            names.sort(key=lambda n: order.get(n, -1))
            names = _once(names) if once else names
            if player_tech.player in found and player_tech.player != NEUTRAL:
                found[player_tech.player].append([category.name, names])
    return found


def _instances(game: m.GameModel, table: dict[str, list[str]]) -> Iterator[tuple[str, str, str, m.Attachment]]:
    """(kind, attached to, name as filed, attachment) of each attachment TripleA makes, in order (`table`: the
    variables; compiler/model/expand.py's foreach; an attachment whose foreach TripleA refuses is left out)."""
    for att in game.attachments:
        try:
            combos = combinations(att.foreach, table) if att.foreach and att.foreach.strip() else [{}]
        except ForeachError:
            continue
        for combo in combos:
            yield att.type or "unitType", substitute(att.attach_to, combo), filed_name(substitute(att.name, combo)), att


def _option_values(att: m.Attachment, attach_to: str, name: str, table: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(option name as TripleA files it, final value) of the options of one instance of `att`."""
    for inst in expand_attachment(att, table, joined_values(table)):
        if inst.attach_to == attach_to and filed_name(inst.name) == name:
            return [(option_name(o.option.name), o.value) for o in inst.options]
    return []


def attachments(game: m.GameModel, techs: list[tuple[str, str, bool]]) -> list[list[str]]:
    """[kind, attached to, name, class] of every attachment the objects hold, sorted."""
    held: dict[tuple[str, str, str], str] = {}
    table = variable_table(game.variables)
    for kind, attach_to, name, att in _instances(game, table):
        target = find_tech(techs, attach_to, by_property_first=False) if kind == "technology" else attach_to
        java_class = simple_class(att.java_class)
        held[(kind, target or attach_to, name)] = java_class
        if java_class == "UnitAttachment" and kind == "unitType" and any(
                option_name(o.name) in ARTILLERY_OPTIONS for o in att.options):
            _old_artillery(held, attach_to, _option_values(att, attach_to, name, table))
    for relationship in DEFAULT_RELATIONSHIPS:
        if relationship not in game.relationship_types:
            held[("relationship", relationship, "relationshipTypeAttachment")] = "RelationshipTypeAttachment"
    for name, prop, predefined in techs:
        if predefined and prop in DEFAULT_ABILITIES and ("technology", name, TECH_ABILITY) not in held:
            held[("technology", name, TECH_ABILITY)] = "TechAbilityAttachment"
    return sorted([*key, java_class] for key, java_class in held.items())


def _old_artillery(held: dict[tuple[str, str, str], str], unit: str, options: list[tuple[str, str]]) -> None:
    """The support rules TripleA adds for a unit attachment's artillery and artillerySupportable options."""
    for name, value in options:
        if value.lower() != "true":
            continue
        if name == "artillery":
            for key in [k for k in held if k[0] == "unitType" and k[2].startswith(ARTY_OLD_FIRST)]:
                del held[key]
            held[("unitType", unit, ARTY_OLD + unit)] = "UnitSupportAttachment"
        elif name == "artillerySupportable" and not any(
                k[0] == "unitType" and k[2].startswith(ARTY_OLD) for k in held):
            held[("unitType", unit, ARTY_OLD_FIRST + unit)] = "UnitSupportAttachment"


def _named(items: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """name -> value, a later one replacing an earlier one in its place (a LinkedHashMap's put)."""
    found: dict[str, Any] = {}
    for name, value in items:
        found[name] = value
    return found


def _rule(rule: m.Rule) -> dict[str, dict[str, int]]:
    return {"costs": dict(sorted(_named((c.name, int(c.quantity or 0)) for c in rule.costs).items())),
            "results": dict(sorted(_named((r.name, int(r.quantity or 0)) for r in rule.results).items()))}


def _step(step: m.Step) -> dict[str, Any]:
    runs = int(step.max_run_count) if step.max_run_count else -1
    return {"name": step.name, "delegate": step.delegate, "player": step.player or None,
            "maxRunCount": runs if runs > 0 else -1,
            "properties": dict(sorted(_named((p.name, p.value) for p in step.properties).items()))}


def _units(game: m.GameModel, players: dict[str, Any]) -> list[list[Any]]:
    """[territory, unit type, owner, hits, damage, count] of the units on the map (GameParser.parseUnitPlacement:
    no owner is the null player, an unknown one none)."""
    counts: dict[tuple[str, ...], int] = {}
    for u in game.unit_placements:
        owner = u.owner if u.owner in players or u.owner == NEUTRAL else None if u.owner else NEUTRAL
        key = (u.territory, u.unit_type, str(owner), str(int(u.hits_taken or 0)), str(int(u.unit_damage or 0)))
        counts[key] = counts.get(key, 0) + int(u.quantity or 0)
    return [[*(None if k == "None" else k for k in key), n] for key, n in sorted(counts.items()) if n]


def _per_player(rows: Iterable[tuple[str, str, str]], players: list[str]) -> dict[str, dict[str, int]]:
    """player -> name -> the sum of the quantities given (other than 0)."""
    found: dict[str, dict[str, int]] = {}
    for player, name, quantity in rows:
        if player in players:
            found.setdefault(player, {})
            found[player][name] = found[player].get(name, 0) + int(quantity or 0)
    return {p: dict(sorted((k, v) for k, v in given.items() if v)) for p, given in found.items()
            if any(given.values())}


def view(game: m.GameModel, techs_once: bool) -> View:
    """The view of `game` TripleA builds (the keys ReadGames.java prints, without path, status and message);
    `techs_once`: the release lists each technology once (2026-07.16.15682 on)."""
    players = _named((p.name, [p.name, p.optional, p.can_be_disabled, p.is_hidden]) for p in game.players)
    properties = property_texts(game, list(players))
    techs = technologies(game, properties, techs_once)
    found = [p for p in players if p != NEUTRAL]  # what finds a player by name
    frontiers = _named((f.name, f.rules) for f in game.production_frontiers)
    repair_frontiers = _named((f.name, f.rules) for f in game.repair_frontiers)
    return {
        "diceSides": int(game.dice_sides) if game.dice_sides else 6,
        "territories": [[t.name, t.water] for t in game.territories],
        "connections": [list(p) for p in sorted({tuple(sorted((c.t1, c.t2))) for c in game.connections})],
        "players": list(players.values()),
        "alliances": [list(p) for p in sorted({(a.player, a.alliance) for a in game.alliances})],
        "resources": list(_named((r.name, r.name) for r in game.resources)),
        "unitTypes": list(_named((u, u) for u in game.unit_types)),
        "relationshipTypes": sorted({*DEFAULT_RELATIONSHIPS, *game.relationship_types}),
        "productionRules": dict(sorted(_named((r.name, _rule(r)) for r in game.production_rules).items())),
        "repairRules": dict(sorted(_named((r.name, _rule(r)) for r in game.repair_rules).items())),
        "productionFrontiers": dict(sorted(frontiers.items())),
        "repairFrontiers": dict(sorted(repair_frontiers.items())),
        "playerProduction": {p: f for p, f in _named((pf.player, pf.frontier) for pf in game.player_production).items()
                             if p in found},
        "playerRepair": {p: f for p, f in _named((pf.player, pf.frontier) for pf in game.player_repair).items()
                         if p in found},
        "steps": [_step(s) for s in game.steps],
        "technologies": [[name, prop] for name, prop, _ in techs],
        "playerTechs": player_techs(game, list(players), techs, properties, techs_once),
        "attachments": attachments(game, techs),
        "properties": dict(sorted(properties.items())),
        "owners": {t.name: NEUTRAL for t in game.territories}
        | {o.territory: o.owner for o in game.territory_owners},
        "units": _units(game, players),
        "heldUnits": _per_player(((h.player, h.unit_type, h.quantity) for h in game.held_units), found),
        "playerResources": _per_player(((r.player, r.resource, r.quantity) for r in game.resources_given), found),
    }
