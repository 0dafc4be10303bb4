"""import keeps every element and attribute TripleA 2.x's game.dtd allows.

One game holds every (element, attribute) pair the DTD declares (Two Fronts, with what it lacks added:
variables and foreach, dice sides, an offset, step properties, repair rules, technologies, territory
effects, held units, damaged units, a player's property...). For each pair, its value is changed (a name
everywhere it is used, any other value in that one place): the game model must see the change (the parser
reads the attribute), and importing the changed game, lowering the spec and reading the result back must
give the changed game again, with no difference (the spec keeps it, whatever a check would say of it).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from compiler.diff import diff_models
from compiler.lift import import_text
from compiler.lower import lower_spec
from compiler.model import GameModel
from compiler.spec import load_spec_text
from compiler.xml.parse import parse_bytes
from compiler.xml.render import render_game

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "output" / "two_fronts.xml"
DTD = ROOT.parent / "shared" / "reference" / "triplea-2.x" / "game.dtd"
UA = "games.strategy.triplea.attachments.UnitAttachment"
TA = "games.strategy.triplea.attachments.TerritoryAttachment"
NAME_LIKE = {"name", "attachTo", "territory", "owner", "player", "t1", "t2", "unitType", "alliance", "resource",
             "resourceOrUnit", "frontier", "delegate", "player1", "player2"}
"""attributes whose value names something: changed everywhere the name is used, so the game stays whole"""


def _el(parent: etree._Element, tag: str, index: int | None = None, **attrs: str) -> etree._Element:
    element = etree.Element(tag, {k.rstrip("_"): v for k, v in attrs.items()})
    if index is None:
        parent.append(element)
    else:
        parent.insert(index, element)
    return element


def _after(root: etree._Element, tag: str) -> int:
    """The index just after the child `tag` of the root."""
    child = root.find(tag)
    assert child is not None
    return list(root).index(child) + 1


def full_game() -> etree._Element:
    """Two Fronts with every element and attribute of the 2.x DTD (see the module docstring)."""
    root = etree.fromstring(BASE.read_bytes(), etree.XMLParser(remove_comments=True))
    at = _after(root, "info")
    _el(root, "loader", at, javaClass="games.strategy.triplea.TripleA")
    _el(root, "triplea", at + 1, minimumVersion="2.0")
    _el(root, "diceSides", at + 2, value="6")
    variables = _el(root, "variableList", at + 3)
    lands = _el(variables, "variable", name="Lands")
    for land in ("Westland", "Lowlands"):
        _el(lands, "element", name=land)
    resources = root.find("resourceList")
    assert resources is not None
    _el(resources, "resource", name="techTokens", isDisplayedFor="Westerners")
    westerners = root.find("playerList/player[@name='Westerners']")
    assert westerners is not None
    westerners.attrib.update({"isHidden": "true", "defaultType": "AI", "canBeDisabled": "true"})
    effects = _el(root, "territoryEffectList", _after(root, "relationshipTypes"))
    _el(effects, "territoryEffect", name="Mountains")
    game_play = root.find("gamePlay")
    assert game_play is not None
    _el(game_play, "offset", round="1")
    step = game_play.find("sequence/step[@name='westernPlace']")
    assert step is not None
    _el(step, "stepProperty", name="repairUnits", value="true")
    production = root.find("production")
    assert production is not None
    first_frontier = production.find("productionFrontier")
    assert first_frontier is not None
    at = list(production).index(first_frontier)
    repair = _el(production, "repairRule", at, name="repairFactory")
    _el(repair, "cost", resource="PUs", quantity="1")
    _el(repair, "result", resourceOrUnit="factory", quantity="1")
    repair_frontier = _el(production, "repairFrontier", at + 1, name="repair")
    _el(repair_frontier, "repairRules", name="repairFactory")
    _el(production, "playerRepair", player="Westerners", frontier="repair")
    technology = _el(root, "technology", _after(root, "production"))
    techs = _el(technology, "technologies")
    _el(techs, "techname", name="superSub")
    _el(techs, "techname", name="ironWalls", tech="jetPower")
    category = _el(_el(technology, "playerTech", player="Westerners"), "category", name="Naval")
    _el(category, "tech", name="superSub")
    attachments = root.find("attachmentList")
    assert attachments is not None
    each = _el(attachments, "attachment", foreach="$Lands$", name="territoryAttachment", attachTo="@Lands@",
               javaClass=TA, type="territory")
    _el(each, "option", name="isImpassable", value="false")
    destroyer = attachments.find(f"attachment[@attachTo='destroyer'][@javaClass='{UA}']")
    assert destroyer is not None
    _el(destroyer, "option", name="hitPoints", value="2")
    _el(destroyer, "option", name="bombard", value="2", count="1")
    units = root.find("initialize/unitInitialize")
    assert units is not None
    _el(units, "unitPlacement", unitType="destroyer", territory="Narrow Sea", quantity="1", owner="Westerners",
        hitsTaken="1", unitDamage="0")
    _el(units, "heldUnits", unitType="infantry", player="Westerners", quantity="2")
    properties = root.find("propertyList")
    assert properties is not None
    _el(properties, "property", name="Westerners bonus", value="3", player="Westerners")
    return root


def _dtd_pairs() -> list[tuple[str, str, list[str]]]:
    """(element, attribute, enumerated values) of every attribute the DTD declares."""
    dtd = etree.DTD(str(DTD))
    return [(el.name, at.name, list(at.itervalues()) if at.type == "enumeration" else [])
            for el in dtd.iterelements() for at in el.iterattributes()]


def _xml(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def _model(data: bytes, name: str) -> GameModel:
    parsed = parse_bytes(data, name)
    assert not [p for p in parsed.problems if p.is_error], [str(p) for p in parsed.problems]
    return parsed.model


def _round_trip(model: GameModel) -> GameModel:
    """import, lower the spec (every problem a check would report aside), render, read back."""
    spec = load_spec_text(import_text(model), "imported.yaml")
    lowered, _ = lower_spec(spec)
    return _model(render_game(lowered).encode("utf-8"), "round-trip.xml")


def _other(value: str, choices: list[str]) -> str:
    """Another value of the same kind: an enumeration's next value, a number plus one, a flag flipped, or
    the text with a suffix."""
    if choices:
        return next(c for c in choices if c != value)
    if value in ("true", "false"):
        return "false" if value == "true" else "true"
    number = re.fullmatch(r"(.*?)(\d+)", value)
    if number:
        return f"{number[1]}{int(number[2]) + 1}"
    return value + "X"


def _changed(root: etree._Element, element: str, attribute: str, choices: list[str]) -> Iterator[etree._Element]:
    """The game with the first value of element/@attribute changed (a name: everywhere it stands)."""
    changed = copy.deepcopy(root)
    target = next(e for e in changed.iter(element) if attribute in e.attrib)
    old = target.get(attribute, "")
    new = _other(old, choices)
    if attribute in NAME_LIKE and not choices and old:
        for node in changed.iter():
            if not isinstance(node.tag, str):
                continue
            for key, value in node.attrib.items():
                if value == old:
                    node.set(key, new)
    else:
        target.set(attribute, new)
    yield changed


@pytest.fixture(scope="module")
def game(shared: Path) -> etree._Element:
    return full_game()


def test_the_game_holds_every_attribute_of_the_dtd(game: etree._Element) -> None:
    present = {(e.tag, a) for e in game.iter() if isinstance(e.tag, str) for a in e.attrib}
    missing = [(el, at) for el, at, _ in _dtd_pairs() if (el, at) not in present]
    assert missing == []
    assert len(_dtd_pairs()) >= 80


def test_the_full_game_round_trips(game: etree._Element) -> None:
    model = _model(_xml(game), "full.xml")
    assert [d.as_dict() for d in diff_models(model, _round_trip(model))] == []


@pytest.mark.parametrize(("element", "attribute", "choices"), _dtd_pairs() if DTD.is_file() else [("info", "name", [])],
                         ids=lambda value: value if isinstance(value, str) else "")
def test_every_attribute_is_read_and_kept(game: etree._Element, element: str, attribute: str,
                                         choices: list[str]) -> None:
    original = _model(_xml(game), "full.xml")
    for changed in _changed(game, element, attribute, choices):
        model = _model(_xml(changed), "changed.xml")
        assert diff_models(original, model), f"the parser does not read {element}/@{attribute}"
        kept = diff_models(model, _round_trip(model))
        assert [d.as_dict() for d in kept] == [], f"import loses {element}/@{attribute}"


@pytest.mark.parametrize(("parent", "child", "attrs"), [
    ("productionRule[@name='buyInfantry']", "cost", {"resource": "PUs", "quantity": "2"}),
    ("productionRule[@name='buyInfantry']", "result", {"resourceOrUnit": "infantry", "quantity": "1"}),
    ("repairRule", "cost", {"resource": "PUs", "quantity": "4"}),
    ("productionFrontier", "frontierRules", {"name": "buyInfantry"}),
])
def test_a_child_given_twice_is_kept_twice(game: etree._Element, parent: str, child: str,
                                           attrs: dict[str, str]) -> None:
    """TripleA adds a rule's costs and results up: a resource named twice is paid twice, never dropped."""
    changed = copy.deepcopy(game)
    found = changed.find(f".//{parent}")
    assert found is not None
    _el(found, child, **attrs)
    original, model = _model(_xml(game), "full.xml"), _model(_xml(changed), "twice.xml")
    assert diff_models(original, model)
    assert [d.as_dict() for d in diff_models(model, _round_trip(model))] == []
