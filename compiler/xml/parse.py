"""Parse TripleA game XML into the game model, keeping the line of every element.

The parser never stops at the first problem: what it cannot read is reported as a Problem and
skipped. Hostile XML is refused: no DTD or external entity is loaded and entity declarations are
reported instead of expanded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lxml import etree

from compiler.model import game as m
from compiler.problems import InputError, Location, Problem, Severity

MAX_XML_BYTES = 64 * 1024 * 1024


@dataclass
class ParseResult:
    """A parsed game and what the parser found wrong on the way."""

    model: m.GameModel
    problems: list[Problem] = field(default_factory=list)
    root: etree._Element | None = None


@cache
def safe_parser(keep_comments: bool = False) -> etree.XMLParser:
    """lxml's parser with nothing loaded from outside (no DTD, no entities, no network) and the size
    limits of libxml2 kept; comments and processing instructions dropped unless `keep_comments`."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=not keep_comments,
        remove_pis=not keep_comments,
    )


def read_xml(data: bytes, path: str) -> etree._Element:
    """Parse XML bytes safely; raise InputError located at the first syntax error."""
    if len(data) > MAX_XML_BYTES:
        raise InputError(f"file is larger than {MAX_XML_BYTES // (1024 * 1024)} MiB", Location(path, 1, 1))
    try:
        root = etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)  # libxml2 counts columns from 1
        msg = re.sub(r",? line \d+, column \d+.*$", "", exc.msg or "") or "malformed XML"
        raise InputError(f"malformed XML: {msg}", Location(path, line, max(col, 1)), "xml-syntax") from None
    docinfo = root.getroottree().docinfo
    dtd = docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise InputError(
            "entity declarations are refused (external or expanding entities are unsafe)",
            Location(path, 1, 1),
            "xml-entities",
        )
    return root


_new_location = Location.__new__
_set_path, _set_line, _set_column = Location.path.__set__, Location.line.__set__, Location.column.__set__  # type: ignore[attr-defined]
_trusted = m.trusted


def _model(cls: type[m.N], **given: object) -> m.N:
    """`cls(**given)` without validation (see `m.trusted`): fields not given take their defaults."""
    data: dict[str, object] = {}
    for name, factory, default in _defaults(cls):
        if name in given:
            data[name] = given[name]
        else:
            data[name] = factory() if factory is not None else default
    node = _trusted(cls, data)
    node.__pydantic_fields_set__.intersection_update(given)
    return node


@cache
def _defaults(cls: type[m.Node]) -> list[tuple[str, Callable[[], object] | None, object]]:
    """(field name, default factory or None, default) of every field of `cls`, in order."""
    return [(name, info.default_factory, info.default) for name, info in cls.model_fields.items()]  # type: ignore[misc]


class _Reader:
    """Walks the element tree and fills a GameModel, collecting problems.

    The hot loops (map, attachments, initialize) are written out by hand: a game has up to
    hundreds of thousands of elements, and the values lxml gives are already strings, so elements
    are built with `m.trusted` (no pydantic validation) and locations without the dataclass
    `__init__`.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def loc(self, el: etree._Element) -> Location:
        loc = _new_location(Location)
        _set_path(loc, self.path)
        _set_line(loc, el.sourceline or 0)
        _set_column(loc, 1)
        return loc

    def problem(self, el: etree._Element, code: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(code, message, self.loc(el), severity))

    def req(self, el: etree._Element, attr: str) -> str:
        value = el.get(attr)
        if value is None:
            self.problem(el, "missing-attribute", f"<{el.tag}> needs attribute '{attr}'")
            return ""
        return value

    def flag(self, el: etree._Element, attr: str, default: bool = False) -> bool:
        value = el.get(attr)
        if value is None:
            return default
        if value.strip().lower() not in ("true", "false"):
            self.problem(el, "bad-value", f"'{attr}' of <{el.tag}> must be true or false, not '{value}'")
        return value.strip().lower() == "true"

    def unexpected(self, child: etree._Element, parent: etree._Element, tags: tuple[str, ...]) -> None:
        """Report `child` (an element) as not allowed in `parent`; comments and entities are skipped."""
        if type(child.tag) is str:
            allowed = ", ".join(f"<{t}>" for t in tags)
            self.problem(
                child, "unknown-element", f"<{child.tag}> is not allowed in <{parent.tag}> (expected {allowed})"
            )

    def children(self, el: etree._Element, *tags: str) -> Iterator[etree._Element]:
        for child in el:
            if child.tag in tags:
                yield child
            else:
                self.unexpected(child, el, tags)

    # --- sections ------------------------------------------------------------------------------
    def read(self, root: etree._Element) -> m.GameModel:
        if root.tag != "game":
            raise InputError(
                f"root element is <{root.tag}>, not <game>: not a TripleA game", self.loc(root), "not-a-game"
            )
        game = _model(m.GameModel, loc=self.loc(root), info=_model(m.Info, name="", loc=self.loc(root)),
                      source=self.path)
        sections: dict[str, Callable[[etree._Element, m.GameModel], None]] = {
            "info": self.info,
            "loader": self.loader,
            "triplea": self.triplea,
            "diceSides": self.dice,
            "variableList": self.variables,
            "map": self.map,
            "resourceList": self.resources,
            "playerList": self.players,
            "unitList": self.units,
            "relationshipTypes": self.rel_types,
            "territoryEffectList": self.effects,
            "gamePlay": self.game_play,
            "production": self.production,
            "technology": self.technology,
            "attachmentList": self.attachments,
            "initialize": self.initialize,
            "propertyList": self.properties_,
        }
        seen_info = False
        for child in self.children(root, *sections):
            seen_info |= child.tag == "info"
            sections[child.tag](child, game)
        if not seen_info:
            self.problem(root, "missing-element", "<game> needs an <info> element")
        return game

    def info(self, el: etree._Element, g: m.GameModel) -> None:
        g.info = _trusted(m.Info, {"loc": self.loc(el), "name": self.req(el, "name"), "version": el.get("version")})

    def loader(self, el: etree._Element, g: m.GameModel) -> None:
        g.loader = self.req(el, "javaClass")

    def triplea(self, el: etree._Element, g: m.GameModel) -> None:
        g.minimum_version = self.req(el, "minimumVersion")

    def dice(self, el: etree._Element, g: m.GameModel) -> None:
        g.dice_sides = self.req(el, "value")

    def variables(self, el: etree._Element, g: m.GameModel) -> None:
        for var in self.children(el, "variable"):
            elements = [self.req(e, "name") for e in self.children(var, "element")]
            name = self.req(var, "name")
            g.variables.append(_trusted(m.Variable, {"loc": self.loc(var), "name": name, "elements": elements}))

    def map(self, el: etree._Element, g: m.GameModel) -> None:
        req, loc, tags = self.req, self.loc, ("territory", "connection")
        for child in el:
            if child.tag == "territory":
                water = child.get("water") is not None and self.flag(child, "water")
                g.territories.append(
                    _trusted(m.Territory, {"loc": loc(child), "name": req(child, "name"), "water": water})
                )
            elif child.tag == "connection":
                g.connections.append(
                    _trusted(m.Connection, {"loc": loc(child), "t1": req(child, "t1"), "t2": req(child, "t2")})
                )
            else:
                self.unexpected(child, el, tags)

    def resources(self, el: etree._Element, g: m.GameModel) -> None:
        for r in self.children(el, "resource"):
            g.resources.append(_trusted(m.Resource, {
                "loc": self.loc(r), "name": self.req(r, "name"), "is_displayed_for": r.get("isDisplayedFor"),
            }))

    def players(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "player", "alliance"):
            if child.tag == "player":
                name = self.req(child, "name")
                optional = self.flag(child, "optional")
                can_be_disabled = self.flag(child, "canBeDisabled")
                default_type = child.get("defaultType")
                is_hidden = self.flag(child, "isHidden")
                g.players.append(_trusted(m.Player, {
                    "loc": self.loc(child), "name": name, "optional": optional, "can_be_disabled": can_be_disabled,
                    "default_type": default_type, "is_hidden": is_hidden,
                }))
            else:
                player = self.req(child, "player")
                alliance = self.req(child, "alliance")
                g.alliances.append(
                    _trusted(m.Alliance, {"loc": self.loc(child), "player": player, "alliance": alliance})
                )

    def units(self, el: etree._Element, g: m.GameModel) -> None:
        for u in self.children(el, "unit"):
            g.unit_types.append(self.req(u, "name"))
            g.unit_type_locs.append(self.loc(u))

    def rel_types(self, el: etree._Element, g: m.GameModel) -> None:
        g.relationship_types.extend(self.req(r, "name") for r in self.children(el, "relationshipType"))

    def effects(self, el: etree._Element, g: m.GameModel) -> None:
        g.territory_effects.extend(self.req(r, "name") for r in self.children(el, "territoryEffect"))

    def game_play(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "delegate", "sequence", "offset"):
            if child.tag == "delegate":
                name = self.req(child, "name")
                java_class = self.req(child, "javaClass")
                g.delegates.append(_trusted(m.Delegate, {
                    "loc": self.loc(child), "name": name, "java_class": java_class, "display": child.get("display"),
                }))
            elif child.tag == "offset":
                g.offset_round = self.req(child, "round")
            else:
                for step in self.children(child, "step"):
                    props = []
                    for p in self.children(step, "stepProperty"):
                        name = self.req(p, "name")
                        value = self.req(p, "value")
                        props.append(_trusted(m.StepProperty, {"loc": self.loc(p), "name": name, "value": value}))
                    name = self.req(step, "name")
                    delegate = self.req(step, "delegate")
                    g.steps.append(_trusted(m.Step, {
                        "loc": self.loc(step), "name": name, "delegate": delegate, "player": step.get("player"),
                        "max_run_count": step.get("maxRunCount"), "display": step.get("display"), "properties": props,
                    }))

    def _rule(self, el: etree._Element) -> m.Rule:
        name = self.req(el, "name")
        costs: list[m.RuleEntry] = []
        results: list[m.RuleEntry] = []
        rule = _trusted(m.Rule, {"loc": self.loc(el), "name": name, "costs": costs, "results": results})
        rule.__pydantic_fields_set__.difference_update(("costs", "results"))
        for child in self.children(el, "cost", "result"):
            if child.tag == "cost":
                entry_name = self.req(child, "resource")
                target = costs
            else:
                entry_name = self.req(child, "resourceOrUnit")
                target = results
            quantity = self.req(child, "quantity")
            target.append(_trusted(m.RuleEntry, {"loc": self.loc(child), "name": entry_name, "quantity": quantity}))
        return rule

    def _frontier(self, el: etree._Element, rule_tag: str) -> m.Frontier:
        rules = list(self.children(el, rule_tag))
        name = self.req(el, "name")
        return _trusted(m.Frontier, {
            "loc": self.loc(el),
            "name": name,
            "rules": [self.req(r, "name") for r in rules],
            "rule_locs": [self.loc(r) for r in rules],
        })

    def production(self, el: etree._Element, g: m.GameModel) -> None:
        tags = (
            "productionRule",
            "repairRule",
            "repairFrontier",
            "productionFrontier",
            "playerProduction",
            "playerRepair",
        )
        for child in self.children(el, *tags):
            if child.tag == "productionRule":
                g.production_rules.append(self._rule(child))
            elif child.tag == "repairRule":
                g.repair_rules.append(self._rule(child))
            elif child.tag == "repairFrontier":
                g.repair_frontiers.append(self._frontier(child, "repairRules"))
            elif child.tag == "productionFrontier":
                g.production_frontiers.append(self._frontier(child, "frontierRules"))
            else:
                target = g.player_production if child.tag == "playerProduction" else g.player_repair
                player = self.req(child, "player")
                frontier = self.req(child, "frontier")
                target.append(
                    _trusted(m.PlayerFrontier, {"loc": self.loc(child), "player": player, "frontier": frontier})
                )

    def technology(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "technologies", "playerTech"):
            if child.tag == "technologies":
                for t in self.children(child, "techname"):
                    name = self.req(t, "name")
                    tech = t.get("tech", "")
                    g.technologies.append(_trusted(m.TechName, {"loc": self.loc(t), "name": name, "tech": tech}))
            else:
                cats = []
                for c in self.children(child, "category"):
                    name = self.req(c, "name")
                    techs = [self.req(t, "name") for t in self.children(c, "tech")]
                    cats.append(_trusted(m.TechCategory, {"loc": self.loc(c), "name": name, "techs": techs}))
                player = self.req(child, "player")
                g.player_techs.append(
                    _trusted(m.PlayerTech, {"loc": self.loc(child), "player": player, "categories": cats})
                )

    def attachments(self, el: etree._Element, g: m.GameModel) -> None:
        req, loc = self.req, self.loc
        for a in el:
            if a.tag != "attachment":
                self.unexpected(a, el, ("attachment",))
                continue
            options = []
            for o in a:
                if o.tag != "option":
                    self.unexpected(o, a, ("option",))
                    continue
                options.append(_trusted(m.Option, {
                    "loc": loc(o), "name": req(o, "name"), "value": req(o, "value"), "count": o.get("count", ""),
                }))
            g.attachments.append(_trusted(m.Attachment, {
                "loc": loc(a), "name": req(a, "name"), "attach_to": req(a, "attachTo"),
                "java_class": req(a, "javaClass"), "type": a.get("type", "unitType"), "foreach": a.get("foreach"),
                "options": options,
            }))

    def initialize(self, el: etree._Element, g: m.GameModel) -> None:
        tags = ("ownerInitialize", "unitInitialize", "resourceInitialize", "relationshipInitialize")
        for section in self.children(el, *tags):
            if section.tag == "ownerInitialize":
                self._owners(section, g)
            elif section.tag == "unitInitialize":
                self._placements(section, g)
            elif section.tag == "resourceInitialize":
                for r in self.children(section, "resourceGiven"):
                    player = self.req(r, "player")
                    resource = self.req(r, "resource")
                    quantity = self.req(r, "quantity")
                    g.resources_given.append(_trusted(m.ResourceGiven, {
                        "loc": self.loc(r), "player": player, "resource": resource, "quantity": quantity,
                    }))
            else:
                for r in self.children(section, "relationship"):
                    player1 = self.req(r, "player1")
                    player2 = self.req(r, "player2")
                    rel_type = self.req(r, "type")
                    round_value = self.req(r, "roundValue")
                    g.relationships.append(_trusted(m.Relationship, {
                        "loc": self.loc(r), "player1": player1, "player2": player2, "type": rel_type,
                        "round_value": round_value,
                    }))

    def _owners(self, section: etree._Element, g: m.GameModel) -> None:
        req = self.req
        for o in section:
            if o.tag != "territoryOwner":
                self.unexpected(o, section, ("territoryOwner",))
                continue
            g.territory_owners.append(_trusted(m.TerritoryOwner, {
                "loc": self.loc(o), "territory": req(o, "territory"), "owner": req(o, "owner"),
            }))

    def _placements(self, section: etree._Element, g: m.GameModel) -> None:
        req = self.req
        for u in section:
            if u.tag == "unitPlacement":
                g.unit_placements.append(_trusted(m.UnitPlacement, {
                    "loc": self.loc(u), "unit_type": req(u, "unitType"), "territory": req(u, "territory"),
                    "quantity": req(u, "quantity"), "owner": u.get("owner"), "hits_taken": u.get("hitsTaken"),
                    "unit_damage": u.get("unitDamage"),
                }))
            elif u.tag == "heldUnits":
                g.held_units.append(_trusted(m.HeldUnits, {
                    "loc": self.loc(u), "unit_type": req(u, "unitType"), "player": req(u, "player"),
                    "quantity": req(u, "quantity"),
                }))
            else:
                self.unexpected(u, section, ("unitPlacement", "heldUnits"))

    def properties_(self, el: etree._Element, g: m.GameModel) -> None:
        for p in self.children(el, "property"):
            prop = _model(
                m.Property,
                name=self.req(p, "name"),
                value=p.get("value", ""),
                editable=self.flag(p, "editable"),
                player=p.get("player", ""),
                loc=self.loc(p),
            )
            for child in self.children(p, "boolean", "string", "number", "value", "file", "color", "list"):
                if child.tag == "value":
                    prop.text = child.text or ""
                else:
                    prop.kind = child.tag
                    if child.tag == "number":
                        prop.min, prop.max = child.get("min"), child.get("max")
            g.properties.append(prop)


def parse_bytes(data: bytes, path: str) -> ParseResult:
    """Parse game XML bytes; raise InputError when it is not readable XML or not a game."""
    root = read_xml(data, path)
    reader = _Reader(path)
    model = reader.read(root)
    return ParseResult(model=model, problems=reader.problems, root=root)


def parse_file(path: str | Path) -> ParseResult:
    """Parse a game XML file; raise InputError when it cannot be read."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", Location(str(path), 0, 0), "unreadable") from None
    return parse_bytes(data, str(path))
