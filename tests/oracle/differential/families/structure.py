"""Family "structure": the game's XML structure, names and references, as TripleA 2.7's parser reads them.

Systematic edits of every section and element kind of the bases: remove, duplicate, rename (case,
legacy spellings, unknown names), wrap in an unknown element; every attribute missing, empty, unknown,
case-changed or with good and bad values of its type (names, references, ints, booleans); plus
sections the bases lack (technology, repair, stepProperty, heldUnits, offset, diceSides, variables,
territory effects), minimumVersion values, the root name, DOCTYPE and entity variants, and the game
properties 2.7 reads with a type cast.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator

from lxml import etree
from mutate import Base, Mutant, add_attachment, safe_name, set_option

FAMILY = "structure"
Edit = Callable[[etree._Element], object]

# Element kinds of the bases: (label, xpath from the root, {attribute: value kind}).
ELEMENTS: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("territory", "map/territory", {"name": "name", "water": "bool"}),
    ("connection", "map/connection", {"t1": "territory", "t2": "territory"}),
    ("resource", "resourceList/resource", {"name": "name", "isDisplayedFor": "player"}),
    ("player", "playerList/player",
     {"name": "name", "optional": "bool", "canBeDisabled": "bool", "isHidden": "bool", "defaultType": "text"}),
    ("alliance", "playerList/alliance", {"player": "player", "alliance": "text"}),
    ("unit", "unitList/unit", {"name": "name"}),
    ("relationshipType", "relationshipTypes/relationshipType", {"name": "name"}),
    ("delegate", "gamePlay/delegate", {"name": "name", "javaClass": "delegate", "display": "text"}),
    ("step", "gamePlay/sequence/step",
     {"name": "text", "delegate": "ref", "player": "player", "maxRunCount": "int", "display": "text"}),
    ("productionRule", "production/productionRule", {"name": "name"}),
    ("cost", "production/productionRule/cost", {"resource": "ref", "quantity": "int"}),
    ("result", "production/productionRule/result", {"resourceOrUnit": "ref", "quantity": "int"}),
    ("productionFrontier", "production/productionFrontier", {"name": "name"}),
    ("frontierRules", "production/productionFrontier/frontierRules", {"name": "ref"}),
    ("playerProduction", "production/playerProduction", {"player": "player", "frontier": "ref"}),
    ("option", "attachmentList/attachment/option", {"name": "text", "value": "text"}),
    ("territoryOwner", "initialize/ownerInitialize/territoryOwner", {"territory": "territory", "owner": "player"}),
    ("unitPlacement", "initialize/unitInitialize/unitPlacement",
     {"unitType": "ref", "territory": "territory", "quantity": "int", "owner": "player", "hitsTaken": "int",
      "unitDamage": "int"}),
    ("resourceGiven", "initialize/resourceInitialize/resourceGiven",
     {"player": "player", "resource": "ref", "quantity": "int"}),
    ("relationship", "initialize/relationshipInitialize/relationship",
     {"player1": "player", "player2": "player", "type": "ref", "roundValue": "int"}),
    ("property", "propertyList/property", {"name": "text", "value": "text", "editable": "bool"}),
    ("info", "info", {"name": "text", "version": "text"}),
    ("triplea", "triplea", {"minimumVersion": "version"}),
)

# Elements the bases lack, added by a snippet: (label, parent xpath, XML with {P} {P2} {U} {T} {R} filled in).
EXTRAS: tuple[tuple[str, str, str], ...] = (
    ("technology", ".", '<technology><technologies><techname name="superSub"/><techname name="Ray Gun"/>'
     '<techname name="Jets" tech="jetPower"/></technologies><playerTech player="{P}"><category name="Cat">'
     '<tech name="superSub"/><tech name="Jets"/></category></playerTech></technology>'),
    ("repair", "production", '<repairRule name="repairF"><cost resource="{R}" quantity="1"/>'
     '<result resourceOrUnit="{U}" quantity="1"/></repairRule><repairFrontier name="repairFr">'
     '<repairRules name="repairF"/></repairFrontier><playerRepair player="{P}" frontier="repairFr"/>'),
    ("stepProperty", "gamePlay/sequence/step", '<stepProperty name="airborneMove" value="true"/>'),
    ("heldUnits", "initialize/unitInitialize", '<heldUnits unitType="{U}" player="{P}" quantity="2"/>'),
    ("offset", "gamePlay", '<offset round="2"/>'),
    ("diceSides", ".", '<diceSides value="12"/>'),
    ("territoryEffect", ".", '<territoryEffectList><territoryEffect name="Mud"/></territoryEffectList>'),
    ("variable", ".", '<variableList><variable name="Lands"><element name="{T}"/></variable></variableList>'),
    ("relationshipTypes", ".", '<relationshipTypes><relationshipType name="Friendly"/></relationshipTypes>'),
    ("triplea", ".", '<triplea minimumVersion="2.0"/>'),
)
EXTRA_ELEMENTS: tuple[tuple[str, str, str, dict[str, str]], ...] = (
    ("techname", "technology", "technology/technologies/techname[@tech]", {"name": "name", "tech": "tech"}),
    ("techname2", "technology", "technology/technologies/techname[2]", {"name": "name"}),
    ("playerTech", "technology", "technology/playerTech", {"player": "player"}),
    ("category", "technology", "technology/playerTech/category", {"name": "name"}),
    ("tech", "technology", "technology/playerTech/category/tech", {"name": "techref"}),
    ("tech2", "technology", "technology/playerTech/category/tech[2]", {"name": "techref"}),
    ("repairRule", "repair", "production/repairRule", {"name": "name"}),
    ("repairCost", "repair", "production/repairRule/cost", {"resource": "ref", "quantity": "int"}),
    ("repairResult", "repair", "production/repairRule/result", {"resourceOrUnit": "ref", "quantity": "int"}),
    ("repairFrontier", "repair", "production/repairFrontier", {"name": "name"}),
    ("repairRules", "repair", "production/repairFrontier/repairRules", {"name": "ref"}),
    ("playerRepair", "repair", "production/playerRepair", {"player": "player", "frontier": "ref"}),
    ("stepProperty", "stepProperty", "gamePlay/sequence/step/stepProperty", {"name": "text", "value": "text"}),
    ("heldUnits", "heldUnits", "initialize/unitInitialize/heldUnits",
     {"unitType": "ref", "player": "player", "quantity": "int"}),
    ("offset", "offset", "gamePlay/offset", {"round": "int"}),
    ("diceSides", "diceSides", "diceSides", {"value": "int"}),
    ("territoryEffect", "territoryEffect", "territoryEffectList/territoryEffect", {"name": "name"}),
    ("variable", "variable", "variableList/variable", {"name": "text"}),
    ("element", "variable", "variableList/variable/element", {"name": "text"}),
    ("tripleaAdded", "triplea", "triplea", {"minimumVersion": "version"}),
    ("relationshipTypeAdded", "relationshipTypes", "relationshipTypes/relationshipType", {"name": "name"}),
)

INTS = ("0", "1", "-1", "+5", "abc", "1.5", " 3", "99999999999")
BOOLS = ("FALSE", "True", "yes", "1", " true")
VERSIONS = ("1.8.0.9", "1.9.0.0", "2", "2.0", "2.7", "2.7.99999", "2.7.0-beta", "2.6+123", "2.5.1.2", "2.8", "3.0",
            "10.0", "abc", "2.x", " 2.5", "2.5 ", "", "1", "0.1", "-1.0", "2..7", ".7", "2.7.x", "1.9+x")
UNKNOWN = "Zzz Unknown"


def _swap(value: str) -> str | None:
    out = value.swapcase()
    return out if out != value else None


def _first(root: etree._Element, xpath: str, attr: str | None = None) -> etree._Element | None:
    found = root.xpath(f"{xpath}[@{attr}]" if attr else xpath)
    if not found and attr:
        found = root.xpath(xpath)
    return found[0] if found else None


class _Maker:
    """Names mutants of one base uniquely and builds them from edits of a fresh copy."""

    def __init__(self, base: Base) -> None:
        self.base = base
        self.seen: set[str] = set()

    def __call__(self, name: str, edit: str, change: Edit, prepare: Edit | None = None) -> Mutant:
        name = safe_name(name)
        while name in self.seen:
            name += "_"
        self.seen.add(name)

        def both(root: etree._Element) -> None:
            if prepare is not None:
                prepare(root)
            change(root)

        return self.base.mutant(FAMILY, name, edit, both)

    def text(self, name: str, edit: str, change: Callable[[str], str]) -> Mutant:
        name = safe_name(name)
        self.seen.add(name)
        return self.base.text(FAMILY, name, edit, change)


def _fill(base: Base, snippet: str) -> str:
    sea_or_land = base.land or base.sea
    return snippet.format(P=base.players[0], P2=base.players[-1], U=base.units[0], T=sea_or_land[0],
                          R=base.resources[0])


def _adder(base: Base, parent: str, snippet: str) -> Edit:
    def add(root: etree._Element) -> None:
        holder = root if parent == "." else root.xpath(parent)
        holder = holder if parent == "." else holder[0]
        frag = etree.fromstring(f"<x>{_fill(base, snippet)}</x>")
        for child in list(frag):
            holder.append(child)
    return add


def _has(base: Base, xpath: str) -> bool:
    return bool(base.root().xpath(xpath))


def _values(kind: str, current: str, base: Base) -> list[tuple[str, str | None]]:
    """(label, new value or None to delete) for one attribute of the given kind."""
    out: list[tuple[str, str | None]] = [("missing", None), ("empty", "")]
    swapped = _swap(current)
    if kind in ("name", "territory", "player", "ref", "techref", "text", "delegate", "tech"):
        out.append(("unknown", UNKNOWN))
        if swapped:
            out.append(("case", swapped))
    if kind == "territory":
        out += [("other", t) for t in (base.land + base.sea)[-1:] if t != current]
    if kind == "player":
        out += [("other", p) for p in base.players[-1:] if p != current]
        out += [("none", "NONE"), ("list", ":".join(base.players))]
    if kind == "int":
        out += [(f"int{v}", v) for v in INTS]
    if kind == "bool":
        out += [(f"bool{v}", v) for v in BOOLS]
    if kind == "delegate":
        out += [(v.rsplit(".", 1)[-1] + ("-short" if "." not in v else ""), v) for v in (
            "games.strategy.triplea.delegate.NoPUEndTurnDelegate",
            "games.strategy.triplea.delegate.NoPuEndTurnDelegate",
            "BattleDelegate", "games.strategy.twoIfBySea.delegate.InitDelegate", "games.strategy.other.MoveDelegate",
            "games.strategy.triplea.delegate.UserActionDelegate", "games.strategy.triplea.delegate.EditDelegate")]
    if kind == "tech":
        out += [(t, t) for t in ("superSub", "heavyBomber", "SuperSub", "Super subs", "destroyerBombard")]
    if kind == "techref":
        out += [(t.replace(" ", "_"), t) for t in ("Super subs", "jetPower", "Jets", "Ray Gun", "heavyBomber")]
    if kind == "version":
        out = [(f"v{v}", v) for v in VERSIONS] + [("missing", None)]
    return out


def _attribute_mutants(make: _Maker, label: str, xpath: str, attrs: dict[str, str],
                       prepare: Edit | None) -> Iterator[Mutant]:
    base = make.base
    probe = base.root()
    if prepare is not None:
        prepare(probe)
    for position, (attr, kind) in enumerate(attrs.items()):
        el = _first(probe, xpath, attr)
        if el is None:
            continue
        current = el.get(attr, "")
        for vlabel, value in _values(kind, current, base):
            def change(root: etree._Element, attr: str = attr, value: str | None = value) -> None:
                target = _first(root, xpath, attr)
                if value is None:
                    target.attrib.pop(attr, None)
                else:
                    target.set(attr, value)
            what = "removed" if value is None else f"= {value!r}"
            yield make(f"{label}-{attr}-{vlabel}", f"<{label}> {attr} {what}", change, prepare)
        if position:
            continue
        yield make(f"{label}-{attr}-upper-name", f"<{label}> attribute {attr} spelled {attr.upper()}",
                   lambda root, a=attr: _rename_attr(_first(root, xpath, a), a, a.upper()), prepare)


def _rename_attr(el: etree._Element, old: str, new: str) -> None:
    value = el.attrib.pop(old, None)
    if value is not None:
        el.set(new, value)


def _element_mutants(make: _Maker, label: str, xpath: str, prepare: Edit | None,
                     only: tuple[str, ...] | None = None) -> Iterator[Mutant]:
    def first(root: etree._Element) -> etree._Element:
        return _first(root, xpath)

    def remove(root: etree._Element) -> None:
        el = first(root)
        el.getparent().remove(el)

    def duplicate(root: etree._Element) -> None:
        el = first(root)
        el.addnext(copy.deepcopy(el))

    def upper(root: etree._Element) -> None:
        el = first(root)
        el.tag = el.tag.upper()

    def wrap(root: etree._Element) -> None:
        el = first(root)
        wrapper = etree.Element("wrapper")
        el.addprevious(wrapper)
        wrapper.append(el)

    def unknown_child(root: etree._Element) -> None:
        etree.SubElement(first(root), "fooBar", name="x")

    def unknown_attr(root: etree._Element) -> None:
        first(root).set("fooBar", "1")

    def unknown_sibling(root: etree._Element) -> None:
        first(root).addprevious(etree.Element("fooBar", name="x"))

    def remove_all(root: etree._Element) -> None:
        for el in root.xpath(xpath):
            el.getparent().remove(el)

    for name, edit, change in (
        ("remove", "the first one removed", remove), ("remove-all", "all of them removed", remove_all),
        ("duplicate", "the first one duplicated", duplicate), ("upper", "tag in upper case", upper),
        ("wrapped", "wrapped in <wrapper>", wrap), ("unknown-child", "an unknown child element", unknown_child),
        ("unknown-attr", "an unknown attribute", unknown_attr),
        ("unknown-sibling", "an unknown element before it", unknown_sibling),
    ):
        if label == "info" and name == "wrapped":
            continue  # the suite's selector stand-in looks for <info> among the root's children only
        if only is None or name in only:
            yield make(f"{label}-el-{name}", f"<{label}>: {edit}", change, prepare)


SECTIONS = ("info", "triplea", "map", "resourceList", "playerList", "unitList", "relationshipTypes", "gamePlay",
            "production", "attachmentList", "initialize", "propertyList", "loader")
SUBSECTIONS = ("gamePlay/sequence", "initialize/ownerInitialize", "initialize/unitInitialize",
               "initialize/resourceInitialize", "initialize/relationshipInitialize")


def _section_mutants(make: _Maker) -> Iterator[Mutant]:
    base = make.base
    for section in (*SECTIONS, *SUBSECTIONS):
        if not _has(base, section):
            continue
        label = section.replace("/", "-")
        yield from _element_mutants(make, label, section, None, ("remove", "duplicate", "upper", "wrapped"))

        def capital(root: etree._Element, s: str = section) -> None:
            el = root.xpath(s)[0]
            el.tag = el.tag[:1].upper() + el.tag[1:]

        def lower(root: etree._Element, s: str = section) -> None:
            el = root.xpath(s)[0]
            el.tag = el.tag.lower()

        def emptied(root: etree._Element, s: str = section) -> None:
            el = root.xpath(s)[0]
            for child in list(el):
                el.remove(child)

        def dup_empty(root: etree._Element, s: str = section) -> None:
            el = root.xpath(s)[0]
            el.addnext(etree.Element(el.tag))

        def dup_empty_before(root: etree._Element, s: str = section) -> None:
            el = root.xpath(s)[0]
            el.addprevious(etree.Element(el.tag))

        yield make(f"{label}-capital", f"<{section}> with a capital first letter", capital)
        yield make(f"{label}-lower", f"<{section}> in lower case", lower)
        yield make(f"{label}-emptied", f"<{section}> with no children", emptied)
        yield make(f"{label}-empty-after", f"an empty <{section}> after the real one", dup_empty)
        yield make(f"{label}-empty-before", f"an empty <{section}> before the real one", dup_empty_before)


def _root_and_xml_mutants(make: _Maker) -> Iterator[Mutant]:
    for name in ("Game", "GAME", "foo", "triplea"):
        yield make(f"root-{name}", f"root element named <{name}>", lambda root, n=name: setattr(root, "tag", n))
    yield make("root-html", "root <html> wrapping nothing of a game",
               lambda root: [root.remove(c) for c in list(root)] and setattr(root, "tag", "html"))

    def legacy_all(root: etree._Element) -> None:
        holder = root.find("attachmentList")
        holder.tag = "attatchmentList"
        for att in holder:
            if isinstance(att.tag, str):
                att.tag = "attatchment"
                _rename_attr(att, "attachTo", "attatchTo")

    def legacy_first(root: etree._Element) -> None:
        att = root.find("attachmentList/attachment")
        att.tag = "attatchment"

    def legacy_attr(root: etree._Element) -> None:
        _rename_attr(root.find("attachmentList/attachment"), "attachTo", "attatchTo")

    def both_lists(root: etree._Element) -> None:
        holder = root.find("attachmentList")
        holder.addnext(etree.Element("attatchmentList"))

    for name, edit, change in (
        ("legacy-all", "attatchmentList/attatchment/attatchTo spellings", legacy_all),
        ("legacy-first", "the first <attachment> spelled <attatchment>", legacy_first),
        ("legacy-attr", "the first attachTo spelled attatchTo", legacy_attr),
        ("legacy-empty-list-after", "an empty <attatchmentList> after the real list", both_lists),
    ):
        yield make(name, edit, change)

    def swap_text(old: str, new: str, count: int = 1) -> Callable[[str], str]:
        return lambda text: text.replace(old, new, count)

    doctype = '<!DOCTYPE game SYSTEM "game.dtd">\n'
    yield make.text("doctype-none", "no DOCTYPE", swap_text(doctype, ""))
    yield make.text("doctype-nowhere", "DOCTYPE pointing at a missing file",
                    swap_text(doctype, '<!DOCTYPE game SYSTEM "/nowhere/missing.dtd">\n'))
    yield make.text("doctype-public", "DOCTYPE with a PUBLIC id",
                    swap_text(doctype, '<!DOCTYPE game PUBLIC "-//x//y" "http://example.invalid/game.dtd">\n'))
    yield make.text("doctype-internal", "DOCTYPE with an internal subset and no entity",
                    swap_text(doctype, '<!DOCTYPE game [<!ELEMENT game ANY>]>\n'))
    yield make.text("xmldecl-none", "no XML declaration", swap_text('<?xml version="1.0" encoding="UTF-8"?>\n', ""))
    yield make.text("xmldecl-latin1", "declared ISO-8859-1", swap_text('encoding="UTF-8"', 'encoding="ISO-8859-1"'))
    yield make.text("xmldecl-noversion", "declaration without version",
                    swap_text('<?xml version="1.0" encoding="UTF-8"?>', '<?xml encoding="UTF-8"?>'))
    yield make.text("xmldecl-bom", "a byte order mark", lambda text: "\ufeff" + text)
    info = '<info name="'
    for name, entity in (("nbsp", "&nbsp;"), ("amp", "&amp;"), ("numeric", "&#233;"), ("hex", "&#xE9;")):
        yield make.text(f"entity-{name}", f"entity {entity} in the game name", swap_text(info, info + entity))
        yield make.text(f"entity-{name}-nodoctype", f"entity {entity} in the game name, no DOCTYPE",
                        lambda text, e=entity: text.replace(doctype, "").replace(info, info + e, 1))
    yield make.text("entity-nbsp-text", "an undefined entity in a property's text",
                    swap_text("</propertyList>",
                              '<property name="x"><value>a&nbsp;b</value></property></propertyList>'))
    declared = '<!DOCTYPE game SYSTEM "game.dtd" [<!ENTITY nbsp "&#160;"><!ENTITY side "West">]>\n'
    for name, where, new in (
        ("entity-declared-name", "a declared entity in the game name", info + "&nbsp;"),
        ("entity-declared-text", "a declared entity in a property's text",
         '<propertyList><property name="x"><value>a&nbsp;b</value></property>'),
        ("entity-declared-undefined", "an undeclared entity beside declared ones", info + "&ndash;"),
    ):
        old = info if where.endswith("name") or "undeclared" in where else "<propertyList>"
        yield make.text(name, where, lambda text, o=old, n=new: text.replace(doctype, declared).replace(o, n, 1))
    yield make.text("broken-tag", "a tag left open", swap_text("</map>", "</mapp>"))
    yield make.text("cdata-notes", "CDATA in a property value",
                    swap_text("</propertyList>", '<property name="y"><value><![CDATA[<b>x</b>]]></value></property>'
                              "</propertyList>"))


def _property_mutants(make: _Maker) -> Iterator[Mutant]:
    base = make.base

    def prop(name: str, value: str | None, editable: str | None = None, extra: str = "") -> Edit:
        def change(root: etree._Element) -> None:
            holder = root.find("propertyList")
            if holder is None:
                holder = etree.SubElement(root, "propertyList")
            for old in holder.findall("property"):
                if old.get("name") == name:
                    holder.remove(old)
            el = etree.SubElement(holder, "property", name=name)
            if value is not None:
                el.set("value", value)
            if editable is not None:
                el.set("editable", editable)
            if extra:
                el.append(etree.fromstring(extra))
        return change

    def no_tech(root: etree._Element) -> None:
        for t in root.findall("technology"):
            root.remove(t)

    add_tech = _adder(base, ".", EXTRAS[0][2])
    for name in ("WW2V2", "WW2V3"):
        for value in ("true", "FALSE", "abc", "5", "", "yes"):
            yield make(f"prop-{name}-{value or 'empty'}", f"property {name} = {value!r} without <technology>",
                       prop(name, value), no_tech)
            yield make(f"prop-{name}-{value or 'empty'}-tech", f"property {name} = {value!r} with <technology>",
                       prop(name, value), add_tech)
        yield make(f"prop-{name}-text-abc", f"property {name} as <value>abc</value>",
                   prop(name, None, extra="<value>abc</value>"), no_tech)
    for name, values in (
        ("WW2V3 Tech Model", ("true", "abc", "3")), ("LHTR Heavy Bombers", ("false", "abc", "2")),
        ("Heavy Bomber Dice Rolls", ("2", "abc", "true", "-1")),
        ("Transport Casualties Restricted", ("true", "abc", "1")),
        ("Low Luck", ("abc", "7")), ("Total Victory", ("abc",)),
    ):
        for value in values:
            for editable in (None, "true"):
                yield make(f"prop-{name}-{value}-{editable}", f"property {name!r} = {value!r} editable={editable}",
                           prop(name, value, editable), no_tech)
    transport = [u for u in base.units if base.is_sea(u) and (base.unit_flag(u, "transportCapacity") or "-1") != "-1"]
    if transport:
        def ship_attack(root: etree._Element) -> None:
            att = root.xpath("attachmentList/attachment[@attachTo=$u][@name='unitAttachment']", u=transport[0])[0]
            set_option(att, "attack", "1")
        for value in ("true", "false", "abc", "3"):
            yield make(f"prop-TCR-armed-{value}", f"Transport Casualties Restricted={value!r}, an armed transport",
                       lambda root, v=value: (ship_attack(root), prop("Transport Casualties Restricted", v)(root)))
    # editable number ranges
    for value, lo, hi, where in (
        ("5", "0", "10", "attr"), ("5", "0", "10", "tag"), ("11", "0", "10", "attr"), ("11", "0", "10", "tag"),
        ("-1", "0", "10", "tag"), ("5", "10", "3", "tag"), ("5", "10", "3", "attr"), ("5", "5", "5", "tag"),
        ("5", "abc", "10", "tag"), ("5", "0", "1.5", "attr"), ("5", "", "", "tag"), ("5", "0", "", "tag"),
        ("99", "", "10", "tag"), ("-5", "-10", "-1", "tag"), ("+5", "0", "3", "tag"), ("abc", "0", "3", "tag"),
        ("true", "0", "3", "tag"), ("5", " 0", "10", "tag"),
    ):
        for editable in ("true", "false"):
            def change(root: etree._Element, value: str = value, lo: str = lo, hi: str = hi, where: str = where,
                       editable: str = editable) -> None:
                extra = "" if where == "attr" else f'<number min="{lo}" max="{hi}"/>'
                prop("Range Test", value, editable, extra)(root)
                if where == "attr":
                    el = root.find("propertyList")[-1]
                    el.set("min", lo)
                    el.set("max", hi)
            yield make(f"range-{value}-{lo}-{hi}-{where}-{editable}",
                       f"property value {value} range {lo}..{hi} ({where}) editable={editable}", change)
    for editable in ("TRUE", "yes", "", "1"):
        yield make(f"prop-editable-{editable or 'empty'}", f"editable={editable!r}", prop("Foo", "1", editable))


def _init_mutants(make: _Maker) -> Iterator[Mutant]:
    """hitsTaken against the unit's hitPoints, unitDamage, and the unitAttachment's name and class."""
    base = make.base
    for unit in base.units[:2]:
        for hits in ("0", "1", "2", "3", "-1"):
            def change(root: etree._Element, unit: str = unit, hits: str = hits) -> None:
                holder = root.find("initialize/unitInitialize")
                el = etree.SubElement(holder, "unitPlacement", unitType=unit, territory=(base.land + base.sea)[0],
                                      quantity="1", owner=base.players[0], hitsTaken=hits)
                del el
            yield make(f"hits-{unit}-{hits}", f"a {unit} placed with hitsTaken={hits}", change)

        def two_hp(root: etree._Element, unit: str = unit) -> None:
            att = root.xpath("attachmentList/attachment[@attachTo=$u][@name='unitAttachment']", u=unit)[0]
            set_option(att, "hitPoints", "2")
            holder = root.find("initialize/unitInitialize")
            etree.SubElement(holder, "unitPlacement", unitType=unit, territory=(base.land + base.sea)[0],
                             quantity="1", owner=base.players[0], hitsTaken="1")
        yield make(f"hits-{unit}-1-of-2hp", f"a {unit} with hitPoints 2 placed with hitsTaken=1", two_hp)

        for attr, value in (("name", "UnitAttachment"), ("name", "unitattachment"), ("name", "unitAttachment2"),
                            ("javaClass", "UnitAttachment"), ("javaClass", "x.y.UnitAttachment"),
                            ("javaClass", "games.strategy.triplea.attachments.UnitSupportAttachment"),
                            ("type", "territory"), ("type", "UnitType")):
            def ua(root: etree._Element, unit: str = unit, attr: str = attr, value: str = value) -> None:
                att = root.xpath("attachmentList/attachment[@attachTo=$u][@name='unitAttachment']", u=unit)[0]
                att.set(attr, value)
            yield make(f"ua-{unit}-{attr}-{value}", f"{unit}'s unitAttachment {attr}={value!r}", ua)
    for value in ("0", "-1", "5", "99"):
        def damage(root: etree._Element, value: str = value) -> None:
            el = root.find("initialize/unitInitialize/unitPlacement")
            el.set("unitDamage", value)
        yield make(f"damage-{value}", f"unitDamage={value}", damage)


def _attachment_mutants(make: _Maker) -> Iterator[Mutant]:
    """attachTo, type, javaClass and name of one attachment of each class in the base."""
    base = make.base
    root = base.root()
    seen: set[str] = set()
    for index, att in enumerate(root.iterfind("attachmentList/attachment")):
        cls = (att.get("javaClass") or "").rsplit(".", 1)[-1]
        if cls in seen:
            continue
        seen.add(cls)
        xpath = f"attachmentList/attachment[{index + 1}]"
        attrs = {"attachTo": "ref", "type": "text", "javaClass": "text", "name": "text"}
        yield from _attribute_mutants(make, f"att{cls}", xpath, attrs, None)
        for value in ("unitType", "territory", "player", "resource", "relationship", "technology",
                      "territoryEffect", "Territory", "unit"):
            yield make(f"att{cls}-type-{value}", f"{cls} type={value}",
                       lambda r, x=xpath, v=value: _first(r, x).set("type", v))
        short = cls
        long_name = f"games.strategy.triplea.attachments.{short}."
        for value in (short, f"x.y.{short}", short.lower(), short + "s", long_name):
            yield make(f"att{cls}-class-{value}", f"{cls} javaClass={value!r}",
                       lambda r, x=xpath, v=value: _first(r, x).set("javaClass", v))
    # an attachment whose class does not match its attachable, and a TechAbilityAttachment off a tech
    for cls, type_, target in (("TerritoryAttachment", "unitType", base.units[0]),
                               ("RulesAttachment", "territory", (base.land + base.sea)[0]),
                               ("TechAbilityAttachment", "player", base.players[0]),
                               ("UnitAttachment", "resource", base.resources[0]),
                               ("PlayerAttachment", "player", base.players[0])):
        yield make(f"mismatch-{cls}-{type_}", f"a {cls} on a {type_}",
                   lambda r, c=cls, t=type_, g=target: add_attachment(r, f"x{c}", c, g, t))


def _extra_mutants(make: _Maker, half: int) -> Iterator[Mutant]:
    base = make.base
    for index, (label, parent, snippet) in enumerate(EXTRAS):
        if index % 2 != half and label != "triplea":
            continue
        if not _has(base, parent if parent != "." else "."):
            continue
        if label in ("relationshipTypes", "triplea") and _has(base, label):
            continue
        if label == "stepProperty":
            parent = "gamePlay/sequence/step[1]"
        add = _adder(base, parent, snippet)
        yield make(f"extra-{label}", f"a valid {label} added", lambda root: None, add)
        for elabel, owner, xpath, attrs in EXTRA_ELEMENTS:
            if owner != label:
                continue
            yield from _attribute_mutants(make, elabel, xpath, attrs, add)
            yield from _element_mutants(make, elabel, xpath, add)


def mutants(bases: list[Base]) -> Iterator[Mutant]:
    """Every base gets the element, section and attachment edits; the rest is spread over the bases
    (each kind of edit on two of them) to keep the family near 2,000 cases."""
    for number, base in enumerate(bases):
        make = _Maker(base)
        root = base.root()
        for label, xpath, attrs in ELEMENTS:
            if not root.xpath(xpath):
                continue
            if number % 2 == 0 or label in ("triplea", "info"):
                yield from _attribute_mutants(make, label, xpath, attrs, None)
            else:
                yield from _element_mutants(make, label, xpath, None)
        if number % 2 == 1:
            yield from _section_mutants(make)
            yield from _init_mutants(make)
            yield from _extra_mutants(make, number // 2)
        else:
            yield from _root_and_xml_mutants(make)
            yield from _property_mutants(make)
            yield from _attachment_mutants(make)
