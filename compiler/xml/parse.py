"""Parse TripleA game XML into the game model, keeping the line of every element.

The parser never stops at the first problem: what it cannot read is reported as a Problem and
skipped. Hostile XML is refused: no DTD or external entity is loaded and entity declarations are
reported instead of expanded.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lxml import etree

from compiler.limits import CODE as LIMIT_CODE
from compiler.limits import MAX_XML_ATTRIBUTES, MAX_XML_ELEMENTS, SIZE, read_file, size_text
from compiler.model import game as m
from compiler.model.expand import variable_table
from compiler.model.reuse import Reuse
from compiler.problems import InputError, Location, Problem, Severity
from compiler.xml.element_mapper import ROOT_CLASS, lower_name, regroup

MAX_XML_BYTES = SIZE["game XML"]
UNNAMED_GAME = "TripleA's game selector drops a game without a name (unless the map's map.yml names it)"


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
    """Parse XML bytes safely; raise InputError located at the first syntax error, or at the element
    beyond an input limit (elements, attributes: compiler/limits.py)."""
    if len(data) > MAX_XML_BYTES:
        raise InputError(f"game XML is larger than {size_text(MAX_XML_BYTES)}: refused", Location(path, 1, 1),
                         "unreadable")
    try:
        root = etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)  # libxml2 counts columns from 1
        msg = re.sub(r",? line \d+, column \d+.*$", "", exc.msg or "") or "malformed XML"
        raise InputError(f"malformed XML: {msg}", Location(path, line, max(col, 1)), "xml-syntax") from None
    if _may_exceed_limits(root, data):
        _within_limits(root, path)
    entities = _entities(root)
    if not entities:
        return root
    uses = Counter(_ENTITY_REFERENCE.findall(data))
    if not all(_harmless(entity, uses) for entity in entities):
        raise InputError(
            "entity declarations are refused (external, nested or expanding entities are unsafe)",
            Location(path, 1, 1),
            "xml-entities",
        )
    try:
        return etree.fromstring(data, _expanding_parser())  # TripleA 2.7 expands them too
    except etree.XMLSyntaxError:  # an undeclared entity beside them: 2.7 tolerates it, keep it unexpanded
        return root


def _entities(root: etree._Element) -> list[etree._Entity]:
    """The entities the document's DTD declares."""
    dtd: Any = root.getroottree().docinfo.internalDTD  # lxml-stubs do not know DTD.iterentities
    return list(dtd.iterentities()) if dtd is not None else []


def _may_exceed_limits(root: etree._Element, data: bytes) -> bool:
    """False when the bytes show that no limit of _within_limits can be exceeded (without a Python object per
    element): no more '<' than MAX_XML_ELEMENTS, and no stretch without '<' (a start tag's attributes hold
    none) with more '=' than MAX_XML_ATTRIBUTES. In an encoding where a '<' or '=' byte may be part of another
    character (UTF-16, UTF-32) the bytes tell nothing."""
    encoding = (root.getroottree().docinfo.encoding or "").lower()
    if encoding.startswith(("utf-16", "utf-32", "ucs")):
        return True
    if data.count(b"<") > MAX_XML_ELEMENTS:
        return True
    most = MAX_XML_ATTRIBUTES  # each attribute takes at least 4 bytes (a="")
    return any(stretch.group().count(b"=") > most for stretch in _long_stretches(4 * most).finditer(data))


@cache
def _long_stretches(least: int) -> re.Pattern[bytes]:
    """A '<' and more than `least` bytes up to the next '<'."""
    return re.compile(rb"<[^<]{%d,}" % (least + 1))


def _within_limits(root: etree._Element, path: str) -> None:
    """InputError (unreadable) at the first element beyond MAX_XML_ELEMENTS, or with more than
    MAX_XML_ATTRIBUTES attributes (the largest real games have 25,000 elements, 5 attributes on one)."""
    for count, element in enumerate(root.iter(), 1):
        if count > MAX_XML_ELEMENTS or len(element.attrib) > MAX_XML_ATTRIBUTES:
            where = Location(path, _line(element) or 1, 1)
            if count > MAX_XML_ELEMENTS:
                raise InputError(f"game XML has more than {MAX_XML_ELEMENTS:,} elements: refused", where, LIMIT_CODE)
            raise InputError(f"<{element.tag}> has {len(element.attrib):,} attributes, more than "
                             f"{MAX_XML_ATTRIBUTES}: refused", where, LIMIT_CODE)


# `&name;` in the raw bytes (an entity's name holds neither '&' nor ';'): group 1 is the name.
_ENTITY_REFERENCE = re.compile(rb"&([^&;]*);")


def _harmless(entity: etree._Entity, uses: Counter[bytes]) -> bool:
    """An internal entity whose text names no other entity (`<!ENTITY nbsp "&#160;">`) and whose every
    use together (`uses`: how often each name is referenced) stays within the size limit: expanding it
    cannot blow up."""
    content = entity.content or ""
    if entity.system_url or "&" in content or "%" in content:
        return False
    return uses[entity.name.encode()] * len(content.encode()) <= MAX_XML_BYTES


@cache
def _expanding_parser() -> etree.XMLParser:
    """safe_parser() that also replaces (harmless, internal) entity references in text."""
    return etree.XMLParser(resolve_entities=True, no_network=True, load_dtd=False, dtd_validation=False,
                           huge_tree=False, remove_comments=True, remove_pis=True)


_new_location = Location.__new__
_slots = vars(Location)  # the slot descriptors of Location's fields
_set_path, _set_line, _set_column = _slots["path"].__set__, _slots["line"].__set__, _slots["column"].__set__
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


# Every element TripleA 2.x reads, by its name in lower case (2.x compares element names without
# case), with the legacy spellings it still accepts.
_KNOWN = (
    "game info loader triplea diceSides variableList variable element map territory connection resourceList "
    "resource playerList player alliance unitList unit relationshipTypes relationshipType territoryEffectList "
    "territoryEffect gamePlay delegate sequence step stepProperty offset production productionRule repairRule "
    "cost result repairFrontier repairRules productionFrontier frontierRules playerProduction playerRepair "
    "technology technologies techname playerTech category tech attachmentList attachment option initialize "
    "ownerInitialize territoryOwner unitInitialize unitPlacement heldUnits resourceInitialize resourceGiven "
    "relationshipInitialize relationship propertyList property value number boolean string file color list"
).split()
CANONICAL: dict[str, str] = {t.lower(): t for t in _KNOWN} | {
    "attatchmentlist": "attachmentList", "attatchment": "attachment",
}
# Elements 2.x reads attributes of only: their children are read as if they were their parent's.
LEAVES = frozenset(
    "info loader triplea diceSides element territory connection resource player alliance unit relationshipType "
    "territoryEffect delegate stepProperty offset cost result repairRules frontierRules playerProduction "
    "playerRepair techname tech option territoryOwner unitPlacement heldUnits resourceGiven relationship number "
    "boolean string file color list".split()
)
# Sections read once: when one is given twice, 2.x keeps the last.
SINGLE = frozenset(
    "info loader triplea diceSides variableList map resourceList playerList unitList relationshipTypes "
    "territoryEffectList gamePlay production technology attachmentList initialize propertyList sequence offset "
    "technologies ownerInitialize unitInitialize resourceInitialize relationshipInitialize value number".split()
)
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def java_int(text: str) -> bool:
    """True when Java's Integer.valueOf reads `text`: optional sign, ASCII digits, 32-bit range."""
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit() and _INT_MIN <= int(text) <= _INT_MAX


def _plain_children(el: etree._Element, tags: tuple[str, ...]) -> list[etree._Element] | None:
    """The children of `el` when each is one of `tags`, spelt so, and childless if 2.x reads its
    attributes only: then 2.x reads them as they stand, with nothing to warn about. None otherwise."""
    found = list(el.iterchildren(*tags))
    if len(found) < len(el):
        return None
    leaves = found if LEAVES.issuperset(tags) else [child for child in found if child.tag in LEAVES]
    return None if any(map(len, leaves)) else found


def _line(el: etree._Element) -> int:
    """libxml2's line of an element (where its start tag ends), 0 when unknown."""
    line: Any = el.sourceline  # lxml-stubs type it loosely
    return line if isinstance(line, int) else 0


class _EndsEarly(Exception):
    """An element TripleA ends before its end tag (see compiler/xml/element_mapper.py): read the regrouped tree."""


class _Reader:
    """Walks the element tree as TripleA 2.x's XML reader does and fills a GameModel, collecting problems.

    2.x compares element names without case, skips unknown elements but still reads their children
    (so does it for the children of elements it reads attributes of only), keeps the last of a
    section given twice, and reads an empty attribute as an absent one. What it refuses at this
    level (a bad whole number or flag, a missing name it cannot do without) is an error; what it
    ignores is a warning. It ends an element at the first end tag of its name: the reader raises
    _EndsEarly where that is not the element's own (then it reads the tree regrouped as TripleA reads
    it, where `enders` are the elements whose end tag ends another).
    """

    def __init__(self, path: str, enders: frozenset[etree._Element] | set[etree._Element] = frozenset(),
                 reuse: Reuse | None = None, lines: list[bytes] | None = None) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.enders = enders
        self.reuse = reuse
        self.lines = lines

    def loc(self, el: etree._Element) -> Location:
        loc = _new_location(Location)
        _set_path(loc, self.path)
        _set_line(loc, el.sourceline or 0)
        _set_column(loc, 1)
        return loc

    def problem(self, el: etree._Element, code: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(code, message, self.loc(el), severity))

    @staticmethod
    def tag(el: etree._Element) -> str:
        return CANONICAL.get(el.tag.lower(), el.tag) if type(el.tag) is str else ""

    def req(self, el: etree._Element, attr: str) -> str:
        """A name 2.x cannot do without: missing or empty is an error (it stops with a NullPointerException)."""
        value = el.get(attr)
        if not value:
            self.problem(el, "missing-attribute",
                         f"<{self.tag(el)}> needs attribute '{attr}': TripleA refuses the game without it")
            return ""
        return value

    def text(self, el: etree._Element, attr: str) -> str:
        """A string attribute; missing and empty are the same (2.x reads both as absent)."""
        return el.get(attr) or ""

    def opt(self, el: etree._Element, attr: str) -> str | None:
        return el.get(attr) or None

    def number(self, el: etree._Element, attr: str) -> str | None:
        """A whole-number attribute: None when absent; an error unless Integer.valueOf reads it."""
        value = el.get(attr)
        if value is not None and not java_int(value):
            self.problem(el, "bad-value", f"'{attr}' of <{self.tag(el)}> must be a whole number, not '{value}': "
                                          "TripleA 2.7 refuses it ('required an integer number')")
        return value

    def flag(self, el: etree._Element, attr: str, default: bool = False) -> bool:
        value = el.get(attr)
        if value is None:
            return default
        if value.lower() not in ("true", "false"):
            self.problem(el, "bad-value", f"'{attr}' of <{self.tag(el)}> must be true or false, not '{value}': "
                                          "TripleA 2.7 refuses it")
        return value.lower() == "true"

    def unexpected(self, child: etree._Element, parent: etree._Element, tags: tuple[str, ...] | frozenset[str]) -> None:
        """Report `child` as not read where it stands (2.x ignores it, its children are still read)."""
        allowed = ", ".join(f"<{t}>" for t in sorted(tags))
        ends = (f", and its end tag ends the <{child.tag}> it stands in (TripleA's reader stops at the first end "
                f"tag of an element's name): what follows is read as that element's parent's"
                if child in self.enders else "")
        self.problem(child, "unknown-element", f"<{child.tag}> is not read in <{self.tag(parent)}> (expected "
                                               f"{allowed}); TripleA ignores it{ends}", Severity.WARNING)

    def children(self, el: etree._Element, *tags: str) -> list[etree._Element]:
        """The elements 2.x reads as one of `tags` below `el`, in document order (see the class doc),
        keeping only the last of a section read once."""
        plain = _plain_children(el, tags)
        if plain is not None and SINGLE.isdisjoint(tags):
            return plain  # the common case: nothing to warn about, nothing to leave out
        return [child for _, child in self._kept(el, tags, plain)]

    def tagged(self, el: etree._Element, *tags: str, owner: str = "") -> list[tuple[str, etree._Element]]:
        """children(), each with the tag 2.x reads it as; `owner`: the name TripleA reads `el` as (its own)."""
        return self._kept(el, tags, _plain_children(el, tags), owner)

    def _kept(self, el: etree._Element, tags: tuple[str, ...],
             plain: list[etree._Element] | None, owner: str = "") -> list[tuple[str, etree._Element]]:
        """tagged(), given `el`'s plain children (None: scanned here, with a warning for each stray)."""
        if plain is not None:
            found = [(child.tag, child) for child in plain]
        else:
            found = list(self._scan(el, frozenset(tags), owner or lower_name(el)))
        if SINGLE.isdisjoint(tags):
            return found
        last: dict[str, etree._Element] = {}
        for canon, child in found:
            if canon in SINGLE:
                if canon in last:
                    self.problem(last[canon], "duplicate-section",
                                 f"<{canon}> is given twice in <{self.tag(el)}>: TripleA reads only the last one",
                                 Severity.WARNING)
                last[canon] = child
        return [(canon, child) for canon, child in found if canon not in SINGLE or last[canon] is child]

    def _scan(self, el: etree._Element, tags: frozenset[str], owner: str) -> Iterator[tuple[str, etree._Element]]:
        """The elements TripleA reads as one of `tags` where it reads `owner`'s children: below `el`, not
        below one of them it reads the children of (plain children: see _plain_children)."""
        for child in el:
            if type(child.tag) is not str:
                continue
            lower = child.tag.lower()
            if lower == owner and child not in self.enders:
                raise _EndsEarly
            canon = CANONICAL.get(lower)
            if canon in tags:
                if child.tag != canon and child.tag not in ("attatchmentList", "attatchment"):
                    self.problem(child, "element-case",
                                 f"<{child.tag}> is read as <{canon}> by TripleA 2.x (element names are not "
                                 "case-sensitive there), but not by TripleA 1.9", Severity.WARNING)
                yield canon, child
                if canon in LEAVES and len(child):
                    yield from self._scan(child, tags, owner)
            else:
                self.unexpected(child, el, tags)
                if len(child):
                    yield from self._scan(child, tags, owner)

    # --- sections ------------------------------------------------------------------------------
    SECTIONS = (
        "info", "loader", "triplea", "diceSides", "variableList", "map", "resourceList", "playerList", "unitList",
        "relationshipTypes", "territoryEffectList", "gamePlay", "production", "technology", "attachmentList",
        "initialize", "propertyList",
    )

    def read(self, root: etree._Element) -> m.GameModel:
        game = _model(m.GameModel, loc=self.loc(root), info=_model(m.Info, name="", loc=self.loc(root)),
                      source=self.path)
        readers: dict[str, Callable[[etree._Element, m.GameModel], None]] = {
            "info": self.info, "loader": self.loader, "triplea": self.triplea, "diceSides": self.dice,
            "variableList": self.variables, "map": self.map, "resourceList": self.resources,
            "playerList": self.players, "unitList": self.units, "relationshipTypes": self.rel_types,
            "territoryEffectList": self.effects, "gamePlay": self.game_play, "production": self.production,
            "technology": self.technology, "attachmentList": self.attachments, "initialize": self.initialize,
            "propertyList": self.properties_,
        }
        if self.tag(root) != "game":
            if not any(type(c.tag) is str and c.tag.lower() in CANONICAL for c in root.iter()):
                raise InputError(
                    f"root element is <{root.tag}>, not <game>: not a TripleA game", self.loc(root), "not-a-game"
                )
            self.problem(root, "root-element", f"the root element is <{root.tag}>, not <game>: TripleA 2.x reads "
                                               "it all the same, other tools may not", Severity.WARNING)
        seen = game.sections
        own = self.tag(root)
        if own in self.SECTIONS:  # 2.x reads the root element itself as the section of its name
            seen.append(own)
            readers[own](root, game)
            if own not in LEAVES:
                return game
        for tag, child in self.tagged(root, *self.SECTIONS, owner=ROOT_CLASS):
            seen.append(tag)
            readers[tag](child, game)
        if "info" not in seen:
            self.problem(root, "missing-element", f"<game> needs an <info name=...> element: {UNNAMED_GAME}")
        return game

    def info(self, el: etree._Element, g: m.GameModel) -> None:
        name = el.get("name") or ""
        if not name:
            self.problem(el, "missing-attribute", f"<info> needs attribute 'name': {UNNAMED_GAME}")
        g.info = _trusted(m.Info, {"loc": self.loc(el), "name": name, "version": self.opt(el, "version")})

    def loader(self, el: etree._Element, g: m.GameModel) -> None:
        g.loader = self.text(el, "javaClass")

    def triplea(self, el: etree._Element, g: m.GameModel) -> None:
        g.minimum_version = el.get("minimumVersion") or ""
        g.minimum_version_loc = self.loc(el)

    def dice(self, el: etree._Element, g: m.GameModel) -> None:
        g.dice_sides = self.number(el, "value")
        if g.dice_sides is None:
            self.problem(el, "missing-attribute", "<diceSides> needs attribute 'value': TripleA refuses the game "
                                                  "without it (leave out <diceSides> for 6)")

    def variables(self, el: etree._Element, g: m.GameModel) -> None:
        for var in self.children(el, "variable"):
            elements = [self.text(e, "name") for e in self.children(var, "element")]
            name = self.text(var, "name")
            g.variables.append(_trusted(m.Variable, {"loc": self.loc(var), "name": name, "elements": elements}))
        variable_table(g.variables)  # InputError for variables that expand beyond the limit

    def map(self, el: etree._Element, g: m.GameModel) -> None:
        req, text, loc = self.req, self.text, self.loc
        for tag, child in self.tagged(el, "territory", "connection"):
            if tag == "territory":
                water = self.flag(child, "water")
                g.territories.append(
                    _trusted(m.Territory, {"loc": loc(child), "name": req(child, "name"), "water": water})
                )
            else:
                g.connections.append(
                    _trusted(m.Connection, {"loc": loc(child), "t1": text(child, "t1"), "t2": text(child, "t2")})
                )

    def resources(self, el: etree._Element, g: m.GameModel) -> None:
        for r in self.children(el, "resource"):
            g.resources.append(_trusted(m.Resource, {
                "loc": self.loc(r), "name": self.req(r, "name"), "is_displayed_for": self.opt(r, "isDisplayedFor"),
            }))

    def players(self, el: etree._Element, g: m.GameModel) -> None:
        for tag, child in self.tagged(el, "player", "alliance"):
            if tag == "player":
                name = self.req(child, "name")
                optional = self.flag(child, "optional")
                can_be_disabled = self.flag(child, "canBeDisabled")
                default_type = self.opt(child, "defaultType")
                is_hidden = self.flag(child, "isHidden")
                g.players.append(_trusted(m.Player, {
                    "loc": self.loc(child), "name": name, "optional": optional, "can_be_disabled": can_be_disabled,
                    "default_type": default_type, "is_hidden": is_hidden,
                }))
            else:
                player = self.text(child, "player")
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
        for tag, child in self.tagged(el, "delegate", "sequence", "offset"):
            if tag == "delegate":
                name = self.text(child, "name")
                java_class = self.req(child, "javaClass")
                g.delegates.append(_trusted(m.Delegate, {
                    "loc": self.loc(child), "name": name, "java_class": java_class,
                    "display": self.opt(child, "display"),
                }))
            elif tag == "offset":
                g.offset_round = self.number(child, "round")
            else:
                g.sections.append("sequence")
                for step in self.children(child, "step"):
                    props = []
                    for p in self.children(step, "stepProperty"):
                        name = self.req(p, "name")
                        value = self.req(p, "value")
                        props.append(_trusted(m.StepProperty, {"loc": self.loc(p), "name": name, "value": value}))
                    name = self.text(step, "name")
                    delegate = self.text(step, "delegate")
                    g.steps.append(_trusted(m.Step, {
                        "loc": self.loc(step), "name": name, "delegate": delegate, "player": self.opt(step, "player"),
                        "max_run_count": self.number(step, "maxRunCount"), "display": self.opt(step, "display"),
                        "properties": props,
                    }))

    def _rule(self, el: etree._Element) -> m.Rule:
        name = self.req(el, "name")
        costs: list[m.RuleEntry] = []
        results: list[m.RuleEntry] = []
        rule = _trusted(m.Rule, {"loc": self.loc(el), "name": name, "costs": costs, "results": results})
        rule.__pydantic_fields_set__.difference_update(("costs", "results"))
        for tag, child in self.tagged(el, "cost", "result"):
            if tag == "cost":
                entry_name = self.text(child, "resource")
                target = costs
            else:
                entry_name = self.text(child, "resourceOrUnit")
                target = results
            quantity = self.number(child, "quantity") or ""
            target.append(_trusted(m.RuleEntry, {"loc": self.loc(child), "name": entry_name, "quantity": quantity}))
        return rule

    def _frontier(self, el: etree._Element, rule_tag: str) -> m.Frontier:
        rules = list(self.children(el, rule_tag))
        name = self.req(el, "name")
        return _trusted(m.Frontier, {
            "loc": self.loc(el),
            "name": name,
            "rules": [self.text(r, "name") for r in rules],
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
        for tag, child in self.tagged(el, *tags):
            if tag == "productionRule":
                g.production_rules.append(self._rule(child))
            elif tag == "repairRule":
                g.repair_rules.append(self._rule(child))
            elif tag == "repairFrontier":
                g.repair_frontiers.append(self._frontier(child, "repairRules"))
            elif tag == "productionFrontier":
                g.production_frontiers.append(self._frontier(child, "frontierRules"))
            else:
                target = g.player_production if tag == "playerProduction" else g.player_repair
                player = self.text(child, "player")
                frontier = self.text(child, "frontier")
                target.append(
                    _trusted(m.PlayerFrontier, {"loc": self.loc(child), "player": player, "frontier": frontier})
                )

    def technology(self, el: etree._Element, g: m.GameModel) -> None:
        for tag, child in self.tagged(el, "technologies", "playerTech"):
            if tag == "technologies":
                for t in self.children(child, "techname"):
                    name = self.req(t, "name")
                    tech = self.text(t, "tech")
                    g.technologies.append(_trusted(m.TechName, {"loc": self.loc(t), "name": name, "tech": tech}))
            else:
                cats = []
                for c in self.children(child, "category"):
                    name = self.text(c, "name")
                    techs = [self.text(t, "name") for t in self.children(c, "tech")]
                    cats.append(_trusted(m.TechCategory, {"loc": self.loc(c), "name": name, "techs": techs}))
                player = self.text(child, "player")
                g.player_techs.append(
                    _trusted(m.PlayerTech, {"loc": self.loc(child), "player": player, "categories": cats})
                )

    def attachments(self, el: etree._Element, g: m.GameModel) -> None:
        found = self.children(el, "attachment")
        texts = self.texts_of(el, found)
        if texts is None:
            g.attachments.extend(self.attachment(a) for a in found)
            return
        reuse, problems = self.reuse, self.problems
        assert reuse is not None
        for a, (first, text) in zip(found, texts, strict=True):
            att, said = reuse.attachment(first, text, lambda a=a: self.attachment_alone(a))  # type: ignore[misc]
            g.attachments.append(att)
            problems.extend(said)

    def attachment(self, a: etree._Element) -> m.Attachment:
        text, loc = self.text, self.loc
        options = [
            _trusted(m.Option, {"loc": loc(o), "name": text(o, "name"), "value": text(o, "value"),
                                "count": text(o, "count")})
            for o in self.children(a, "option")
        ]
        return _trusted(m.Attachment, {
            "loc": loc(a), "name": self.req(a, "name"), "attach_to": a.get("attachTo") or text(a, "attatchTo"),
            "java_class": self.req(a, "javaClass"), "type": a.get("type") or "unitType",
            "foreach": self.opt(a, "foreach"), "options": options,
        })

    def attachment_alone(self, a: etree._Element) -> tuple[m.Attachment, list[Problem]]:
        """The attachment of `a` and the problems reading it found."""
        before = len(self.problems)
        att = self.attachment(a)
        said = self.problems[before:]
        del self.problems[before:]
        return att, said

    def texts_of(self, el: etree._Element, found: list[etree._Element]) -> list[tuple[int, bytes]] | None:
        """For each attachment of <attachmentList> `el`: the line where the start tag before it ends (libxml2's
        line of a start tag) and the text of the lines from there to where the start tag after it ends: all
        the text the attachment may stand on. None when nothing is reused (no memo, or a list TripleA reads
        otherwise than as it stands)."""
        if self.reuse is None or self.lines is None or self.enders or _plain_children(el, ("attachment",)) is None:
            return None
        lines = self.lines
        bounds = [_line(el), *map(_line, found)]
        following = el.getnext()
        bounds.append(_line(following) or len(lines) if following is not None else len(lines))
        if 0 in bounds:
            return None
        return [(first, b"\n".join(lines[first - 1:last]))
                for first, last in zip(bounds, bounds[2:], strict=False)]

    def initialize(self, el: etree._Element, g: m.GameModel) -> None:
        tags = ("ownerInitialize", "unitInitialize", "resourceInitialize", "relationshipInitialize")
        text = self.text
        for tag, section in self.tagged(el, *tags):
            if tag == "ownerInitialize":
                for o in self.children(section, "territoryOwner"):
                    g.territory_owners.append(_trusted(m.TerritoryOwner, {
                        "loc": self.loc(o), "territory": text(o, "territory"), "owner": text(o, "owner"),
                    }))
            elif tag == "unitInitialize":
                self._placements(section, g)
            elif tag == "resourceInitialize":
                for r in self.children(section, "resourceGiven"):
                    g.resources_given.append(_trusted(m.ResourceGiven, {
                        "loc": self.loc(r), "player": text(r, "player"), "resource": text(r, "resource"),
                        "quantity": self.number(r, "quantity") or "",
                    }))
            else:
                for r in self.children(section, "relationship"):
                    g.relationships.append(_trusted(m.Relationship, {
                        "loc": self.loc(r), "player1": text(r, "player1"), "player2": text(r, "player2"),
                        "type": text(r, "type"), "round_value": self.number(r, "roundValue") or "",
                    }))

    def _placements(self, section: etree._Element, g: m.GameModel) -> None:
        text, number = self.text, self.number
        for tag, u in self.tagged(section, "unitPlacement", "heldUnits"):
            if tag == "unitPlacement":
                g.unit_placements.append(_trusted(m.UnitPlacement, {
                    "loc": self.loc(u), "unit_type": text(u, "unitType"), "territory": text(u, "territory"),
                    "quantity": number(u, "quantity") or "", "owner": self.opt(u, "owner"),
                    "hits_taken": number(u, "hitsTaken"), "unit_damage": number(u, "unitDamage"),
                }))
            else:
                g.held_units.append(_trusted(m.HeldUnits, {
                    "loc": self.loc(u), "unit_type": text(u, "unitType"), "player": text(u, "player"),
                    "quantity": number(u, "quantity") or "",
                }))

    def _body(self, value: etree._Element) -> str:
        """The text TripleA reads as a <value>'s body (untrimmed; TripleA trims it): all of it, or with child
        elements, the text after the last one (TripleA restarts the text at each end tag)."""
        if not len(value):
            return value.text or ""
        if any(lower_name(d) == "value" and d not in self.enders for d in value.iterdescendants()):
            raise _EndsEarly
        return value[-1].tail or ""

    def properties_(self, el: etree._Element, g: m.GameModel) -> None:
        for p in self.children(el, "property"):
            prop = _model(
                m.Property,
                name=self.text(p, "name"),
                value=p.get("value", ""),
                editable=self.flag(p, "editable"),
                player=p.get("player", ""),
                loc=self.loc(p),
            )
            prop.attr_min, prop.attr_max = self.number(p, "min"), self.number(p, "max")
            for tag, child in self.tagged(p, "boolean", "string", "number", "value", "file", "color", "list"):
                if tag == "value":
                    prop.text = self._body(child)
                else:
                    prop.kind = tag
                    if tag == "number":
                        prop.min, prop.max = self.number(child, "min"), self.number(child, "max")
            g.properties.append(prop)


def parse_bytes(data: bytes, path: str, reuse: Reuse | None = None) -> ParseResult:
    """Parse game XML bytes; raise InputError when it is not readable XML or not a game. `reuse`: what the
    previous reading of the same game file keeps (the attachments read from unchanged text are taken from it)."""
    root = read_xml(data, path)
    if reuse is not None:
        reuse.next_reading()
        if _entities(root):  # entities may be expanded: the text is not all there is
            reuse.forget()
            reuse = None
    # the lines as libxml2 counts them (a line feed ends one; a lone carriage return does not)
    reader = _Reader(path, reuse=reuse, lines=data.split(b"\n") if reuse is not None else None)
    try:
        model = reader.read(root)
    except _EndsEarly:  # rare: read the tree as TripleA's element mapper groups it
        if reuse is not None:
            reuse.forget()
        regrouped, enders = regroup(root)
        reader = _Reader(path, enders)
        model = reader.read(regrouped)
    return ParseResult(model=model, problems=reader.problems, root=root)


def parse_file(path: str | Path) -> ParseResult:
    """Parse a game XML file; raise InputError when it cannot be read."""
    return parse_bytes(read_file(path, "game XML"), str(path))
