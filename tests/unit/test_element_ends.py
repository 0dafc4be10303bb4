"""TripleA 2.x ends an element it reads the children of at the first end tag of its name, not at its own end tag
(its XmlMapper walks the StAX stream: compiler/xml/element_mapper.py), and the reader reads what TripleA reads.
The constructs here are also read by TripleA itself, in tests/oracle/test_catalogue_reading.py."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from compiler.problems import Severity
from compiler.xml.element_mapper import regroup
from compiler.xml.parse import ParseResult, parse_bytes, read_xml

ROOT = Path(__file__).resolve().parents[2]


def parse(body: str) -> ParseResult:
    return parse_bytes(f'<game><info name="T"/>{body}</game>'.encode(), "t.xml")


def sequence(steps: str) -> ParseResult:
    return parse(f"<gamePlay><sequence>{steps}</sequence></gamePlay>")


def warnings(result: ParseResult) -> list[tuple[int, str]]:
    return [(p.location.line, p.message) for p in result.problems if p.severity is Severity.WARNING]


def test_an_unclosed_step_ends_at_the_end_tag_of_the_next_step() -> None:
    """France_Goes_First's sequence: step b is never closed; TripleA ends it at the end of the self-closed step c
    (which it does not read: a step holds only step properties), then reads d and f as the sequence's own, and
    ignores the step property and the end tag meant for b."""
    result = sequence('<step name="a" delegate="x"/>\n'
                      '<step name="b" delegate="x">\n'
                      '<step name="c" delegate="x"/>\n'
                      '<step name="d" delegate="x"/>\n'
                      '<stepProperty name="p" value="v"/>\n'
                      "</step>\n"
                      '<step name="f" delegate="x"/>')
    steps = result.model.steps
    assert [s.name for s in steps] == ["a", "b", "d", "f"]
    assert [s.properties for s in steps] == [[], [], [], []]
    assert [s.loc.line for s in steps] == [1, 2, 4, 7]
    [(line, ender), (line2, stray)] = sorted(warnings(result))
    assert line == 3 and "<step> is not read in <step>" in ender and "its end tag ends the <step>" in ender
    assert line2 == 5 and "<stepProperty> is not read in <sequence>" in stray


def test_the_end_tag_of_a_same_named_element_anywhere_below_ends_it_in_any_case() -> None:
    """Inside an element TripleA ignores, and spelt in another case, the end tag still ends the step."""
    result = sequence('<step name="a" delegate="x"><wrapper><STEP name="b" delegate="x"/></wrapper>'
                      '<stepProperty name="p" value="v"/></step><step name="c" delegate="x"/>')
    assert [(s.name, len(s.properties)) for s in result.model.steps] == [("a", 0), ("c", 0)]


def test_a_rule_ends_at_a_nested_rule_and_keeps_what_came_before() -> None:
    result = parse('<production><productionRule name="r"><cost resource="PUs" quantity="3"/>'
                   '<result resourceOrUnit="u" quantity="1"><productionRule name="ghost"/></result>'
                   '<cost resource="PUs" quantity="4"/><result resourceOrUnit="v" quantity="1"/></productionRule>'
                   "</production>")
    [rule] = result.model.production_rules
    assert [(c.name, c.quantity) for c in rule.costs] == [("PUs", "3")]
    assert [r.name for r in rule.results] == ["u"]


def test_the_game_ends_at_a_nested_game_end_tag_and_nothing_after_is_read() -> None:
    result = parse('<map><territory name="A"/></map><notes><game/></notes>'
                   '<resourceList><resource name="PUs"/></resourceList>')
    assert [t.name for t in result.model.territories] == ["A"]
    assert result.model.resources == []


def test_a_value_body_is_the_text_after_its_last_child_element() -> None:
    result = parse('<propertyList><property name="notes"><value>before<br/>between<i>x</i>after</value></property>'
                   '<property name="plain"><value> text </value></property></propertyList>')
    assert [p.text for p in result.model.properties] == ["after", " text "]


def test_a_value_in_a_value_ends_it_with_the_text_since_the_last_end_tag() -> None:
    result = parse('<propertyList><property name="notes"><value>lost<br/>kept<value>, and this</value> not this'
                   '</value></property><property name="next" value="1"/></propertyList>')
    assert [(p.name, p.text) for p in result.model.properties] == [("notes", "kept, and this"), ("next", None)]


def test_the_original_tree_stays_the_result_root() -> None:
    """The checks see the XML as written (a DTD check finds the nesting); only the reader reads it regrouped."""
    result = sequence('<step name="b" delegate="x"><step name="c" delegate="x"/></step>')
    assert result.root is not None and result.root.find(".//step/step") is not None


def test_a_tree_without_an_early_end_regroups_to_itself() -> None:
    data = (ROOT / "output" / "two_fronts.xml").read_bytes()
    root = read_xml(data, "two_fronts.xml")
    regrouped, enders = regroup(root)
    assert enders == set()
    assert etree.tostring(regrouped) == etree.tostring(root)
    assert [el.sourceline for el in regrouped.iter()] == [el.sourceline for el in root.iter()]


def test_regroup_moves_what_follows_an_early_end_to_the_parent() -> None:
    root = etree.fromstring(b"<game><gamePlay><sequence><step n='b'><step n='c'/><step n='d'/></step></sequence>"
                            b"</gamePlay></game>")
    regrouped, enders = regroup(root)
    assert etree.tostring(regrouped) == (b'<game><gamePlay><sequence><step n="b"><step n="c"/></step><step n="d"/>'
                                         b"</sequence></gamePlay></game>")
    assert [el.get("n") for el in enders] == ["c"]
