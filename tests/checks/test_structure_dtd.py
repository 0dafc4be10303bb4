"""With --engine 1.9 the structure check agrees with 1.9's real DTD (lxml's validator) on valid and broken
games; TripleA 2.x reads no DTD, so for it the check reports only the sections 2.x cannot do without."""
# ruff: noqa: E501  (tables of XML snippets read better one per line)

from __future__ import annotations

from pathlib import Path

import pytest
from conftest_shared import corpus_files
from game_factory import PARTS, game_xml
from lxml import etree

from compiler.checks import CheckContext, structure
from compiler.xml.parse import parse_bytes

ENGINES = ("1.9",)


def _dtd(shared: Path, engine: str) -> etree.DTD:
    return etree.DTD(str(shared / "reference" / f"triplea-{engine}" / "game.dtd"))


def _ours(xml: bytes, engine: str) -> list[str]:
    result = parse_bytes(xml, "t.xml")
    return [str(p) for p in structure.check(CheckContext(result.model, engine=engine, root=result.root))]


def _theirs(dtd: etree.DTD, xml: bytes) -> bool:
    return dtd.validate(etree.fromstring(xml, etree.XMLParser(load_dtd=False, resolve_entities=False)))


def _swap(a: str, b: str) -> str:
    body = game_xml()
    return body.replace(PARTS[a], "@@A@@").replace(PARTS[b], PARTS[a]).replace("@@A@@", PARTS[b])


MUTANTS = {
    "valid": game_xml(),
    "sections swapped": _swap("resources", "players"),
    "map missing": game_xml(map=""),
    "loader missing": game_xml(info='<info name="Mini" version="1.0"/>'),
    "version missing": game_xml(info='<info name="Mini"/>\n<loader javaClass="x"/>'),
    "variables": game_xml(variables='<variableList><variable name="V"><element name="A"/></variable></variableList>'),
    "unknown element": game_xml(properties="<propertyList><property name='x' value='1'><colour/></property></propertyList>"),
    "undeclared attribute": game_xml(units='<unitList><unit name="infantry" cost="3"/><unit name="ship"/></unitList>'),
    "bad enumeration": game_xml(map=PARTS["map"].replace('water="true"', 'water="yes"', 1)),
    "bad attachment type": game_xml(attachments=PARTS["attachments"].replace('type="unitType"', 'type="unit"', 1)),
    "duplicate ID": game_xml(units='<unitList><unit name="infantry"/><unit name="ship"/><unit name="PUs"/></unitList>'),
    "connection before territory": game_xml(map=PARTS["map"].replace("<map>", '<map>\n  <connection t1="Land A" t2="Land C"/>')),
    "empty production frontier": game_xml(production=PARTS["production"].replace('<frontierRules name="buyInfantry"/>', "")),
    "step property order": game_xml(gameplay=PARTS["gameplay"].replace("<sequence>", '<offset round="1"/>\n<sequence>')),
    "isDisplayedFor": game_xml(resources='<resourceList><resource name="PUs" isDisplayedFor="Reds"/></resourceList>'),
    "text in empty element": game_xml(units='<unitList><unit name="infantry"><x/></unit><unit name="ship"/></unitList>'),
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", list(MUTANTS))
def test_agrees_with_lxml_dtd(shared: Path, engine: str, name: str) -> None:
    xml = MUTANTS[name].encode()
    valid = _theirs(_dtd(shared, engine), xml)
    ours = _ours(xml, engine)
    assert valid == (not ours), (valid, ours)


@pytest.mark.parametrize("engine", ENGINES)
def test_agrees_with_lxml_dtd_on_the_corpus(shared: Path, engine: str) -> None:
    dtd = _dtd(shared, engine)
    disagree = []
    for f in corpus_files():
        xml = f.read_bytes()
        if _theirs(dtd, xml) != (not _ours(xml, engine)):
            disagree.append(f.name)
    assert disagree == []


NEEDED_BY_2X = {"map missing"}


@pytest.mark.parametrize("name", list(MUTANTS))
def test_2x_reports_only_missing_sections(name: str) -> None:
    problems = _ours(MUTANTS[name].encode(), "2.x")
    if name in NEEDED_BY_2X:
        assert any("no <map>" in p for p in problems), problems
    elif name == "bad attachment type":
        assert any("type 'unit'" in p for p in problems), problems
    else:
        assert problems == []
