"""Suppression comments in game XML: which lines each comment covers, and that real problems go away."""

from __future__ import annotations

import xml.parsers.expat
from pathlib import Path

import pytest
from lxml import etree
from reference_data import REFERENCE

from compiler import suppressions
from compiler.problems import Location
from compiler.suppressions import (
    Suppression,
    apply_suppressions,
    find_suppressions,
    find_xml_suppressions,
)
from compiler.xml.parse import parse_bytes, safe_parser

PATH = "game.xml"


def game(attachments: str) -> bytes:
    """A small game whose attachment list is `attachments` (line 6 is where it starts)."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<game>
  <info name="Suppressed" version="1"/>
  <unitList><unit name="infantry"/></unitList>
  <attachmentList>
{attachments}  </attachmentList>
</game>
""".encode()


ATTACHMENTS = """\
    <attachment name="unitAttachment" attachTo="infantry" javaClass="UnitAttachment" type="unitType">
      <option name="attack" value="1"/>
      <bogus name="first"/>
      <option name="defense" value="2"/>
    </attachment>
    <attachment name="unitAttachment" attachTo="infantry" javaClass="UnitAttachment" type="unitType">
      <bogus name="second"/>
    </attachment>
"""


def unknown_elements(data: bytes) -> list[int]:
    """Lines of the unknown-element problems the real parser reports in `data`."""
    return [p.location.line for p in parse_bytes(data, PATH).problems if p.code == "unknown-element"]


def test_without_a_comment_both_problems_are_reported() -> None:
    data = game(ATTACHMENTS)
    assert unknown_elements(data) == [8, 12]
    assert find_xml_suppressions(data, PATH) == []


def test_comment_before_an_attachment_covers_its_options_but_not_the_next_attachment() -> None:
    data = game("    <!-- triplea-compiler: disable=unknown-element -->\n" + ATTACHMENTS)
    problems = parse_bytes(data, PATH).problems
    assert [p.location.line for p in problems] == [9, 13]
    found = find_xml_suppressions(data, PATH)
    assert found == [Suppression(frozenset({"unknown-element"}), 7, 11, Location(PATH, 6, 5))]
    kept = apply_suppressions(problems, found)
    assert [(p.code, p.location.line) for p in kept] == [("unknown-element", 13)]


def test_comment_naming_another_id_suppresses_nothing_and_is_reported_unused() -> None:
    data = game("    <!-- triplea-compiler: disable=unknown-unit -->\n" + ATTACHMENTS)
    kept = apply_suppressions(parse_bytes(data, PATH).problems, find_xml_suppressions(data, PATH))
    assert [(p.code, p.location.line) for p in kept] == [
        ("unknown-element", 9), ("unknown-element", 13), ("unused-suppression", 6)
    ]
    assert kept[-1].message == "unused suppression of 'unknown-unit'"


def test_bare_disable_suppresses_every_id_of_the_element_only() -> None:
    data = game(ATTACHMENTS.replace('      <bogus name="second"/>', '      <!-- triplea-compiler: disable -->\n'
                                                                    '      <bogus name="second"/>'))
    found = find_xml_suppressions(data, PATH)
    assert [(s.codes, s.first_line, s.last_line) for s in found] == [(frozenset(), 13, 13)]
    assert unknown_elements(data) == [8, 13]
    kept = apply_suppressions(parse_bytes(data, PATH).problems, found)
    assert [p.location.line for p in kept] == [8]


def test_disable_file_covers_every_line_and_lists_several_ids() -> None:
    comment = b"<!--triplea-compiler:disable-file=unknown-element, bad-value-->"
    data = game(ATTACHMENTS).replace(b"<game>", b"<game>\n" + comment)
    (found,) = find_xml_suppressions(data, PATH)
    assert found.whole_file and found.first_line == 0
    assert found.codes == {"unknown-element", "bad-value"}
    assert found.location == Location(PATH, 3, 1)
    kept = apply_suppressions(parse_bytes(data, PATH).problems, [found])
    assert [p.message for p in kept] == ["unused suppression of 'bad-value'"]


def test_comment_before_the_root_element_covers_the_whole_game() -> None:
    data = game(ATTACHMENTS).replace(b"<game>", b"<!-- triplea-compiler: disable -->\n<game>")
    (found,) = find_xml_suppressions(data, PATH)
    assert (found.first_line, found.last_line, found.location.line) == (3, 16, 2)
    assert apply_suppressions(parse_bytes(data, PATH).problems, [found]) == []


def test_a_comment_that_is_the_last_child_covers_the_next_element_in_document_order() -> None:
    attachments = ATTACHMENTS.replace('      <bogus name="second"/>\n',
                                      '      <bogus name="second"/>\n      <!-- triplea-compiler: disable -->\n')
    data = game(attachments + '    <attachment name="x" attachTo="infantry" javaClass="UnitAttachment">\n'
                              '      <option name="attack" value="1"/>\n    </attachment>\n')
    (found,) = find_xml_suppressions(data, PATH)
    assert (found.first_line, found.last_line) == (15, 17)


def test_a_comment_after_the_last_element_covers_nothing() -> None:
    data = game(ATTACHMENTS) + b"<!-- triplea-compiler: disable=unknown-element -->\n"
    (found,) = find_xml_suppressions(data, PATH)
    assert found.last_line < found.first_line
    kept = apply_suppressions(parse_bytes(data, PATH).problems, [found])
    assert [(p.code, p.location.line) for p in kept][-1] == ("unused-suppression", 16)


def test_multi_line_start_tags_and_comments_are_located_where_they_start() -> None:
    data = game('    <!-- triplea-compiler:\n         disable=unknown-element -->\n'
                '    <attachment name="a" attachTo="infantry"\n'
                '                javaClass="UnitAttachment">\n'
                '      <bogus/>\n'
                '    </attachment>\n')
    (found,) = find_xml_suppressions(data, PATH)
    assert found.location == Location(PATH, 6, 5)
    assert (found.first_line, found.last_line) == (8, 11)
    assert apply_suppressions(parse_bytes(data, PATH).problems, [found]) == []


def test_the_marker_outside_a_comment_or_not_leading_it_is_ignored() -> None:
    data = game('    <attachment name="triplea-compiler: disable" attachTo="infantry" javaClass="A">\n'
                '      <!-- see triplea-compiler: disable -->\n'
                '      <!-- triplea-compiler: disabled -->\n'
                '      <option name="x" value="triplea-compiler:disable"/>\n'
                '    </attachment>\n')
    assert find_xml_suppressions(data, PATH) == []


def test_malformed_xml_gives_no_suppressions() -> None:
    data = game(ATTACHMENTS).replace(b"</attachmentList>", b"</attachmentLst>")
    data = data.replace(b"<attachmentList>", b"<attachmentList>\n<!-- triplea-compiler: disable -->")
    assert find_xml_suppressions(data, PATH) == []
    assert find_xml_suppressions(b"<!-- triplea-compiler: disable --><a>", PATH) == []


def test_entities_are_not_expanded() -> None:
    data = (b'<?xml version="1.0"?>\n<!DOCTYPE game [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            b"<game>\n<!-- triplea-compiler: disable -->\n<info>&x;</info>\n</game>\n")
    (found,) = find_xml_suppressions(data, PATH)
    assert (found.first_line, found.last_line) == (5, 5)


def test_fast_path_does_not_parse_without_the_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parsing(keep_comments: bool = False) -> etree.XMLParser:
        raise AssertionError("parsed although the marker is absent")

    monkeypatch.setattr(suppressions, "safe_parser", no_parsing)
    assert find_xml_suppressions(game(ATTACHMENTS), PATH) == []
    with pytest.raises(AssertionError):
        find_xml_suppressions(game("<!-- triplea-compiler: disable -->\n" + ATTACHMENTS), PATH)


def test_find_suppressions_dispatches_on_the_suffix() -> None:
    data = game("    <!-- triplea-compiler: disable -->\n" + ATTACHMENTS)
    assert len(find_suppressions(data, "x/GAME.XML")) == 1
    assert len(find_suppressions(data.decode(), "game.xml")) == 1
    assert find_suppressions(data, "game.txt") == []
    assert len(find_suppressions("a: 1  # triplea-compiler: disable\n", "spec.yml")) == 1
    assert len(find_suppressions(b"a: 1  # triplea-compiler: disable\n", "spec.yaml")) == 1


# --- real games --------------------------------------------------------------------------------


def largest_corpus_game(shared: Path) -> Path:
    return max((REFERENCE / "corpus").glob("*.xml"), key=lambda p: p.stat().st_size)


def test_range_on_a_real_game_matches_lxml_lines(shared: Path) -> None:
    path = largest_corpus_game(shared)
    original = path.read_bytes()
    tree = etree.fromstring(original, etree.XMLParser(remove_comments=True, huge_tree=False))
    attachment = next(a for a in tree.iter("attachment") if len(a) >= 3 and a.getnext() is not None)
    lines = original.split(b"\n")
    at = attachment.sourceline - 1
    lines.insert(at, b"<!-- triplea-compiler: disable=unknown-option -->")
    data = b"\n".join(lines)

    (found,) = find_xml_suppressions(data, str(path))
    moved = etree.fromstring(data, etree.XMLParser(remove_comments=True, huge_tree=False))
    element = next(e for e in moved.iter("attachment") if e.sourceline == attachment.sourceline + 1)
    assert found.location == Location(str(path), attachment.sourceline, 1)
    assert found.first_line == element.sourceline
    assert found.last_line == element.getnext().sourceline - 1
    assert all(found.first_line <= e.sourceline <= found.last_line for e in element.iter())


def test_line_ranges_of_every_element_agree_with_expat(shared: Path) -> None:
    """The start and closing-tag lines computed from lxml equal what an independent parser reports."""
    data = largest_corpus_game(shared).read_bytes()
    expected: list[tuple[int, int]] = []
    open_elements: list[int] = []
    parser = xml.parsers.expat.ParserCreate()

    def start(name: str, attributes: dict[str, str]) -> None:
        open_elements.append(len(expected))
        expected.append((parser.CurrentLineNumber, 0))

    def end(name: str) -> None:
        index = open_elements.pop()
        expected[index] = (expected[index][0], parser.CurrentLineNumber)

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.Parse(data, True)

    root = etree.fromstring(data, safe_parser(keep_comments=True))
    elements = [e for e in root.iter() if isinstance(e.tag, str)]
    assert len(elements) == len(expected) > 10_000
    computed = [(suppressions._start_line(e), suppressions._end_line(e)) for e in elements]
    assert computed[1:] == expected[1:]  # the root's start is lxml's sourceline (it has no parent)
