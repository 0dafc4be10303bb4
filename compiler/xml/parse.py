"""Parse TripleA game XML into the game model, keeping the line of every element.

The parser never stops at the first problem: what it cannot read is reported as a Problem and
skipped. Hostile XML is refused: no DTD or external entity is loaded and entity declarations are
reported instead of expanded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
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


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def read_xml(data: bytes, path: str) -> etree._Element:
    """Parse XML bytes safely; raise InputError located at the first syntax error."""
    if len(data) > MAX_XML_BYTES:
        raise InputError(f"file is larger than {MAX_XML_BYTES // (1024 * 1024)} MiB", Location(path, 1, 1))
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)
        msg = exc.msg.split(" (line")[0] if exc.msg else "malformed XML"
        raise InputError(f"malformed XML: {msg}", Location(path, line, col + 1), "xml-syntax") from None
    docinfo = root.getroottree().docinfo
    dtd = docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise InputError(
            "entity declarations are refused (external or expanding entities are unsafe)",
            Location(path, 1, 1),
            "xml-entities",
        )
    return root


class _Reader:
    """Walks the element tree and fills a GameModel, collecting problems."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def loc(self, el: etree._Element) -> Location:
        return Location(self.path, el.sourceline or 0, 1)

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

    def children(self, el: etree._Element, *tags: str) -> Iterator[etree._Element]:
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if child.tag in tags:
                yield child
            else:
                allowed = ", ".join(f"<{t}>" for t in tags)
                self.problem(
                    child, "unknown-element", f"<{child.tag}> is not allowed in <{el.tag}> (expected {allowed})"
                )

    # --- sections ------------------------------------------------------------------------------
    def read(self, root: etree._Element) -> m.GameModel:
        if root.tag != "game":
            raise InputError(
                f"root element is <{root.tag}>, not <game>: not a TripleA game", self.loc(root), "not-a-game"
            )
        game = m.GameModel(info=m.Info(name="", loc=self.loc(root)), loc=self.loc(root), source=self.path)
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
        g.info = m.Info(name=self.req(el, "name"), version=el.get("version"), loc=self.loc(el))

    def loader(self, el: etree._Element, g: m.GameModel) -> None:
        g.loader = self.req(el, "javaClass")

    def triplea(self, el: etree._Element, g: m.GameModel) -> None:
        g.minimum_version = self.req(el, "minimumVersion")

    def dice(self, el: etree._Element, g: m.GameModel) -> None:
        g.dice_sides = self.req(el, "value")

    def variables(self, el: etree._Element, g: m.GameModel) -> None:
        for var in self.children(el, "variable"):
            elements = [self.req(e, "name") for e in self.children(var, "element")]
            g.variables.append(m.Variable(name=self.req(var, "name"), elements=elements, loc=self.loc(var)))

    def map(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "territory", "connection"):
            if child.tag == "territory":
                g.territories.append(
                    m.Territory(name=self.req(child, "name"), water=self.flag(child, "water"), loc=self.loc(child))
                )
            else:
                g.connections.append(
                    m.Connection(t1=self.req(child, "t1"), t2=self.req(child, "t2"), loc=self.loc(child))
                )

    def resources(self, el: etree._Element, g: m.GameModel) -> None:
        for r in self.children(el, "resource"):
            g.resources.append(
                m.Resource(name=self.req(r, "name"), is_displayed_for=r.get("isDisplayedFor"), loc=self.loc(r))
            )

    def players(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "player", "alliance"):
            if child.tag == "player":
                g.players.append(
                    m.Player(
                        name=self.req(child, "name"),
                        optional=self.flag(child, "optional"),
                        can_be_disabled=self.flag(child, "canBeDisabled"),
                        default_type=child.get("defaultType"),
                        is_hidden=self.flag(child, "isHidden"),
                        loc=self.loc(child),
                    )
                )
            else:
                g.alliances.append(
                    m.Alliance(
                        player=self.req(child, "player"), alliance=self.req(child, "alliance"), loc=self.loc(child)
                    )
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
                g.delegates.append(
                    m.Delegate(
                        name=self.req(child, "name"),
                        java_class=self.req(child, "javaClass"),
                        display=child.get("display"),
                        loc=self.loc(child),
                    )
                )
            elif child.tag == "offset":
                g.offset_round = self.req(child, "round")
            else:
                for step in self.children(child, "step"):
                    props = [
                        m.StepProperty(name=self.req(p, "name"), value=self.req(p, "value"), loc=self.loc(p))
                        for p in self.children(step, "stepProperty")
                    ]
                    g.steps.append(
                        m.Step(
                            name=self.req(step, "name"),
                            delegate=self.req(step, "delegate"),
                            player=step.get("player"),
                            max_run_count=step.get("maxRunCount"),
                            display=step.get("display"),
                            properties=props,
                            loc=self.loc(step),
                        )
                    )

    def _rule(self, el: etree._Element) -> m.Rule:
        rule = m.Rule(name=self.req(el, "name"), loc=self.loc(el))
        for child in self.children(el, "cost", "result"):
            if child.tag == "cost":
                rule.costs.append(
                    m.RuleEntry(
                        name=self.req(child, "resource"), quantity=self.req(child, "quantity"), loc=self.loc(child)
                    )
                )
            else:
                rule.results.append(
                    m.RuleEntry(
                        name=self.req(child, "resourceOrUnit"),
                        quantity=self.req(child, "quantity"),
                        loc=self.loc(child),
                    )
                )
        return rule

    def _frontier(self, el: etree._Element, rule_tag: str) -> m.Frontier:
        rules = list(self.children(el, rule_tag))
        return m.Frontier(
            name=self.req(el, "name"),
            rules=[self.req(r, "name") for r in rules],
            rule_locs=[self.loc(r) for r in rules],
            loc=self.loc(el),
        )

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
                target.append(
                    m.PlayerFrontier(
                        player=self.req(child, "player"), frontier=self.req(child, "frontier"), loc=self.loc(child)
                    )
                )

    def technology(self, el: etree._Element, g: m.GameModel) -> None:
        for child in self.children(el, "technologies", "playerTech"):
            if child.tag == "technologies":
                for t in self.children(child, "techname"):
                    g.technologies.append(m.TechName(name=self.req(t, "name"), tech=t.get("tech", ""), loc=self.loc(t)))
            else:
                cats = [
                    m.TechCategory(
                        name=self.req(c, "name"),
                        techs=[self.req(t, "name") for t in self.children(c, "tech")],
                        loc=self.loc(c),
                    )
                    for c in self.children(child, "category")
                ]
                g.player_techs.append(
                    m.PlayerTech(player=self.req(child, "player"), categories=cats, loc=self.loc(child))
                )

    def attachments(self, el: etree._Element, g: m.GameModel) -> None:
        for a in self.children(el, "attachment"):
            options = [
                m.Option(
                    name=self.req(o, "name"), value=self.req(o, "value"), count=o.get("count", ""), loc=self.loc(o)
                )
                for o in self.children(a, "option")
            ]
            g.attachments.append(
                m.Attachment(
                    name=self.req(a, "name"),
                    attach_to=self.req(a, "attachTo"),
                    java_class=self.req(a, "javaClass"),
                    type=a.get("type", "unitType"),
                    foreach=a.get("foreach"),
                    options=options,
                    loc=self.loc(a),
                )
            )

    def initialize(self, el: etree._Element, g: m.GameModel) -> None:
        tags = ("ownerInitialize", "unitInitialize", "resourceInitialize", "relationshipInitialize")
        for section in self.children(el, *tags):
            if section.tag == "ownerInitialize":
                for o in self.children(section, "territoryOwner"):
                    g.territory_owners.append(
                        m.TerritoryOwner(
                            territory=self.req(o, "territory"), owner=self.req(o, "owner"), loc=self.loc(o)
                        )
                    )
            elif section.tag == "unitInitialize":
                for u in self.children(section, "unitPlacement", "heldUnits"):
                    if u.tag == "unitPlacement":
                        g.unit_placements.append(
                            m.UnitPlacement(
                                unit_type=self.req(u, "unitType"),
                                territory=self.req(u, "territory"),
                                quantity=self.req(u, "quantity"),
                                owner=u.get("owner"),
                                hits_taken=u.get("hitsTaken"),
                                unit_damage=u.get("unitDamage"),
                                loc=self.loc(u),
                            )
                        )
                    else:
                        g.held_units.append(
                            m.HeldUnits(
                                unit_type=self.req(u, "unitType"),
                                player=self.req(u, "player"),
                                quantity=self.req(u, "quantity"),
                                loc=self.loc(u),
                            )
                        )
            elif section.tag == "resourceInitialize":
                for r in self.children(section, "resourceGiven"):
                    g.resources_given.append(
                        m.ResourceGiven(
                            player=self.req(r, "player"),
                            resource=self.req(r, "resource"),
                            quantity=self.req(r, "quantity"),
                            loc=self.loc(r),
                        )
                    )
            else:
                for r in self.children(section, "relationship"):
                    g.relationships.append(
                        m.Relationship(
                            player1=self.req(r, "player1"),
                            player2=self.req(r, "player2"),
                            type=self.req(r, "type"),
                            round_value=self.req(r, "roundValue"),
                            loc=self.loc(r),
                        )
                    )

    def properties_(self, el: etree._Element, g: m.GameModel) -> None:
        for p in self.children(el, "property"):
            prop = m.Property(
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
