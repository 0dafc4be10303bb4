"""The structure TripleA's game.dtd demands, per engine version (content models and attributes).

Content models use DTD syntax (`a, b?, (c | d)+, e*`) and are matched as regular expressions over
the sequence of child tags. Attributes map to None (free text) or the tuple of allowed values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

BOOL = ("true", "false")
ATTACH_TYPES = ("unitType", "territory", "resource", "player", "relationship", "territoryEffect", "technology")


@dataclass(frozen=True)
class ElementRule:
    """One element of the DTD: its content model ('EMPTY', '#PCDATA' or a DTD expression)."""

    content: str
    attrs: dict[str, tuple[str, ...] | None]
    ids: tuple[str, ...] = ()  # attributes of type ID (unique across the whole document)


def _e(content: str = "EMPTY", ids: tuple[str, ...] = (), **attrs: tuple[str, ...] | None) -> ElementRule:
    return ElementRule(content, dict(attrs), ids)


_COMMON: dict[str, ElementRule] = {
    "info": _e(name=None, version=None),
    "loader": _e(javaClass=None),
    "triplea": _e(minimumVersion=None),
    "diceSides": _e(value=None),
    "territory": _e(name=None, water=BOOL),
    "connection": _e(t1=None, t2=None),
    "resourceList": _e("resource+"),
    "unitList": _e("unit+"),
    "unit": _e(ids=("name",), name=None),
    "relationshipTypes": _e("relationshipType+"),
    "relationshipType": _e(ids=("name",), name=None),
    "playerList": _e("player+, alliance*"),
    "player": _e(ids=("name",), name=None, optional=BOOL, canBeDisabled=BOOL,
                 defaultType=("Human", "AI", "DoesNothing"), isHidden=BOOL),
    "alliance": _e(player=None, alliance=None),
    "territoryEffectList": _e("territoryEffect+"),
    "territoryEffect": _e(ids=("name",), name=None),
    "gamePlay": _e("delegate+, sequence, offset?"),
    "delegate": _e(ids=("name",), name=None, javaClass=None, display=None),
    "sequence": _e("step+"),
    "step": _e("stepProperty*", name=None, delegate=None, player=None, maxRunCount=None, display=None),
    "stepProperty": _e(name=None, value=None),
    "offset": _e(round=None),
    "production": _e("productionRule+, repairRule*, repairFrontier*, productionFrontier+, playerProduction+, "
                     "playerRepair*"),
    "productionRule": _e("cost+, result+", ids=("name",), name=None),
    "repairRule": _e("cost+, result+", ids=("name",), name=None),
    "cost": _e(resource=None, quantity=None),
    "result": _e(resourceOrUnit=None, quantity=None),
    "repairFrontier": _e("repairRules+", ids=("name",), name=None),
    "repairRules": _e(name=None),
    "productionFrontier": _e("frontierRules+", ids=("name",), name=None),
    "frontierRules": _e(name=None),
    "playerProduction": _e(player=None, frontier=None),
    "playerRepair": _e(player=None, frontier=None),
    "technology": _e("technologies?, playerTech*"),
    "technologies": _e("techname+"),
    "playerTech": _e("category*", player=None),
    "category": _e("tech*", name=None),
    "tech": _e(name=None),
    "attachmentList": _e("attachment+"),
    "option": _e(name=None, value=None, count=None),
    "initialize": _e("ownerInitialize?, unitInitialize?, resourceInitialize?, relationshipInitialize?"),
    "ownerInitialize": _e("territoryOwner+"),
    "territoryOwner": _e(territory=None, owner=None),
    "unitInitialize": _e("unitPlacement*, heldUnits*"),
    "unitPlacement": _e(unitType=None, territory=None, quantity=None, owner=None, hitsTaken=None, unitDamage=None),
    "heldUnits": _e(unitType=None, player=None, quantity=None),
    "resourceGiven": _e(player=None, resource=None, quantity=None),
    "relationshipInitialize": _e("relationship+"),
    "relationship": _e(player1=None, player2=None, type=None, roundValue=None),
    "propertyList": _e("property*"),
    "value": _e("#PCDATA"),
    "boolean": _e(),
    "string": _e(),
    "number": _e(max=None, min=None),
}

DTD: dict[str, dict[str, ElementRule]] = {
    "2.x": {
        **_COMMON,
        "game": _e("info, loader?, triplea?, diceSides?, variableList?, map, resourceList?, playerList, unitList?, "
                   "relationshipTypes?, territoryEffectList?, gamePlay, production?, technology?, attachmentList?, "
                   "initialize?, propertyList?"),
        "variableList": _e("variable+"),
        "variable": _e("element+", name=None),
        "element": _e(name=None),
        "map": _e("territory+, connection*"),
        "resource": _e(ids=("name",), name=None, isDisplayedFor=None),
        "techname": _e(name=None, tech=None),
        "attachment": _e("option+", foreach=None, name=None, attachTo=None, javaClass=None, type=ATTACH_TYPES),
        "resourceInitialize": _e("resourceGiven*"),
        "property": _e("boolean?, string?, number?, value?", value=None, name=None, editable=BOOL, player=None),
    },
    "1.9": {
        **_COMMON,
        "game": _e("info, loader, triplea?, diceSides?, map, resourceList?, playerList, unitList?, "
                   "relationshipTypes?, territoryEffectList?, gamePlay, production?, technology?, attachmentList?, "
                   "initialize?, propertyList?"),
        "map": _e("(grid | territory)+, connection*, remove-connection*"),
        "grid": ElementRule("EMPTY", {"name": None, "type": ("square", "points-and-lines"), "x": None, "y": None,
                                      "horizontal-connections": ("explicit", "implicit"),
                                      "vertical-connections": ("explicit", "implicit"),
                                      "diagonal-connections": ("explicit", "implicit")}),
        "remove-connection": _e(t1=None, t2=None),
        "resource": _e(ids=("name",), name=None),
        "techname": _e(ids=("name",), name=None, tech=None),
        "step": _e("stepProperty*", ids=("name",), name=None, delegate=None, player=None, maxRunCount=None,
                   display=None),
        "attachment": _e("option+", name=None, attachTo=None, javaClass=None, type=ATTACH_TYPES),
        "resourceInitialize": _e("resourceGiven+"),
        "property": _e("boolean?, string?, file?, number?, color?, list?, value?",
                       value=None, name=None, editable=BOOL, player=None),
        "file": _e(),
        "color": _e(),
        "list": _e(values=None),
    },
}

# attributes the DTD requires (everything else is implied or has a default)
REQUIRED: dict[str, dict[str, tuple[str, ...]]] = {
    "2.x": {"info": ("name",)},
    "1.9": {"info": ("name", "version")},
}

_TOKEN = re.compile(r"[A-Za-z][\w.-]*")


@cache
def content_regex(content: str) -> re.Pattern[str] | None:
    """A regex over 'tag,tag,...,' for a DTD content model; None for EMPTY and #PCDATA."""
    if content in ("EMPTY", "#PCDATA"):
        return None
    names: list[str] = []

    def hold(mo: re.Match[str]) -> str:
        names.append(mo.group(0))
        return f"<{len(names) - 1}>"

    body = _TOKEN.sub(hold, content).replace(",", "").replace(" ", "")
    body = re.sub(r"<(\d+)>", lambda mo: f"(?:{re.escape(names[int(mo.group(1))])},)", body)
    return re.compile(body)


def required_children(content: str) -> list[str]:
    """Top-level names of a sequence content model that must appear (no ?, * or |)."""
    if content in ("EMPTY", "#PCDATA") or "(" in content:
        return []
    return [p.strip().rstrip("+") for p in content.split(",") if p.strip()[-1:] not in "?*"]


def dtd_text(engine: str) -> str:
    """These rules written as a DTD (ID attributes, enumerations, #REQUIRED per REQUIRED)."""
    out = []
    for tag, rule in DTD[engine].items():
        content = rule.content if rule.content == "EMPTY" else f"({rule.content})"
        out.append(f"<!ELEMENT {tag} {content}>")
        if rule.attrs:
            decls = []
            for name, allowed in rule.attrs.items():
                kind = "ID" if name in rule.ids else ("(" + " | ".join(allowed) + ")" if allowed else "CDATA")
                required = name in REQUIRED[engine].get(tag, ())
                decls.append(f"  {name} {kind} {'#REQUIRED' if required else '#IMPLIED'}")
            out.append(f"<!ATTLIST {tag}\n" + "\n".join(decls) + ">")
    return "\n".join(out) + "\n"
