"""The XML reader reads game XML as TripleA 2.x does: element names without case, unknown wrappers
looked through, the last of a doubled section, empty attributes as absent, Java's int and boolean forms."""

from __future__ import annotations

import pytest

from compiler.problems import InputError, Severity
from compiler.xml.parse import parse_bytes


def parse(body: str):  # noqa: ANN201 - ParseResult
    return parse_bytes(f'<game><info name="T"/>{body}</game>'.encode(), "t.xml")


def codes(body: str) -> list[tuple[str, Severity]]:
    return [(p.code, p.severity) for p in parse(body).problems]


def test_element_names_are_read_without_case_and_say_so() -> None:
    result = parse('<MAP><Territory name="A"/></MAP>')
    assert [t.name for t in result.model.territories] == ["A"]
    assert {p.code for p in result.problems} == {"element-case"}
    assert all(p.severity is Severity.WARNING for p in result.problems)


def test_children_of_an_unknown_element_are_still_read() -> None:
    result = parse('<map><wrapper><territory name="A"/></wrapper><territory name="B"><territory name="C"/>'
                   "</territory></map>")
    assert [t.name for t in result.model.territories] == ["A", "B", "C"]
    assert [(p.code, p.severity) for p in result.problems] == [("unknown-element", Severity.WARNING)]


def test_the_last_of_a_doubled_section_wins() -> None:
    result = parse('<map><territory name="A"/></map><map><territory name="B"/></map>')
    assert [t.name for t in result.model.territories] == ["B"]
    assert [p.code for p in result.problems] == ["duplicate-section"]


def test_legacy_attachment_spellings() -> None:
    result = parse('<attatchmentList><attatchment name="a" attatchTo="X" javaClass="UnitAttachment"/>'
                   "</attatchmentList>")
    [att] = result.model.attachments
    assert (att.attach_to, att.type) == ("X", "unitType")
    assert result.problems == []


def test_an_empty_attribute_is_an_absent_one() -> None:
    result = parse('<initialize><unitInitialize><unitPlacement unitType="u" territory="A" quantity="1" owner=""/>'
                   "</unitInitialize></initialize>")
    assert result.model.unit_placements[0].owner is None
    assert codes('<map><territory name=""/></map>') == [("missing-attribute", Severity.ERROR)]


@pytest.mark.parametrize(("value", "ok"), [("3", True), ("+5", True), ("-5", True), ("", False), (" 3", False),
                                           ("1.5", False), ("99999999999", False), ("abc", False)])
def test_whole_numbers_as_java_reads_them(value: str, ok: bool) -> None:
    found = codes(f'<initialize><resourceInitialize><resourceGiven player="P" resource="R" quantity="{value}"/>'
                  "</resourceInitialize></initialize>")
    assert found == ([] if ok else [("bad-value", Severity.ERROR)])


@pytest.mark.parametrize(("value", "ok"), [("true", True), ("FALSE", True), ("yes", False), ("1", False),
                                           ("", False), (" true", False)])
def test_flags_are_true_or_false_in_any_case(value: str, ok: bool) -> None:
    assert codes(f'<map><territory name="A" water="{value}"/></map>') == ([] if ok else [("bad-value", Severity.ERROR)])


def test_any_root_name_is_read_but_a_document_without_game_sections_is_not_a_game() -> None:
    result = parse_bytes(b'<foo><info name="T"/><map><territory name="A"/></map></foo>', "t.xml")
    assert [t.name for t in result.model.territories] == ["A"]
    assert [p.code for p in result.problems] == ["root-element"]
    with pytest.raises(InputError):
        parse_bytes(b"<html><body/></html>", "t.xml")


def test_a_game_without_info_name_is_an_error() -> None:
    assert [p.code for p in parse_bytes(b"<game><map/></game>", "t.xml").problems] == ["missing-element"]
    assert codes("").count(("missing-attribute", Severity.ERROR)) == 0
