"""Suppression comments in YAML specs: real comments only, and the node plus its nested block."""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path

import pytest
import yaml
from reference_data import ROOT

from compiler.problems import Location, Problem, ProblemsFound
from compiler.spec.loader import load_spec_text
from compiler.suppressions import Suppression, apply_suppressions, find_yaml_suppressions

PATH = "spec.yaml"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
TWO_FRONTS = (ROOT / "specs" / "two_fronts.yaml").read_text()


def spec_problems(text: str) -> list[Problem]:
    """The problems the real spec loader reports for `text`."""
    try:
        load_spec_text(text, PATH)
    except ProblemsFound as exc:
        return exc.problems
    return []


def lines_of(text: str, needle: str) -> int:
    """The 1-based line of the first line of `text` containing `needle`."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def ranges(text: str) -> list[tuple[frozenset[str], int, int]]:
    return [(s.codes, s.first_line, s.last_line) for s in find_yaml_suppressions(text, PATH)]


BOGUS = TWO_FRONTS.replace("armour: {cost: 5,", "armour: {cost: 5, bogus: 1,")


def test_without_a_comment_the_unknown_key_is_reported() -> None:
    problems = spec_problems(BOGUS)
    assert [(p.code, p.location.line) for p in problems] == [("spec-schema", lines_of(BOGUS, "bogus"))]
    assert find_yaml_suppressions(BOGUS, PATH) == []


def test_comment_on_its_own_line_suppresses_the_next_entry() -> None:
    text = BOGUS.replace("  armour:", "  # triplea-compiler: disable=spec-schema\n  armour:")
    line = lines_of(text, "bogus")
    assert ranges(text) == [(frozenset({"spec-schema"}), line, line)]
    assert apply_suppressions(spec_problems(text), find_yaml_suppressions(text, PATH)) == []


def test_comment_on_the_section_key_covers_the_whole_nested_block() -> None:
    text = BOGUS.replace("units:\n", "units:  # triplea-compiler: disable=spec-schema\n")
    first, last = lines_of(text, "units:"), lines_of(text, "factory:")
    assert ranges(text) == [(frozenset({"spec-schema"}), first, last)]
    assert apply_suppressions(spec_problems(text), find_yaml_suppressions(text, PATH)) == []


def test_comment_on_the_entry_after_does_not_cover_it() -> None:
    text = BOGUS.replace("  fighter:", "  # triplea-compiler: disable=spec-schema\n  fighter:")
    kept = apply_suppressions(spec_problems(text), find_yaml_suppressions(text, PATH))
    assert [(p.code, p.location.line) for p in kept] == [
        ("spec-schema", lines_of(text, "bogus")), ("unused-suppression", lines_of(text, "# triplea"))
    ]


def test_flow_mapping_continued_on_the_next_line_is_part_of_the_entry() -> None:
    text = TWO_FRONTS.replace("  Westland:", "  # triplea-compiler: disable=x\n  Westland:", 1)
    first = lines_of(text, "Westland:   {")
    assert ranges(text) == [(frozenset({"x"}), first, first + 1)]


def test_block_under_a_key_ends_at_the_next_line_as_indented() -> None:
    text = """\
a:
  # triplea-compiler: disable=one,two
  b:
    c: 1

    # a comment inside
    d: [1,
  2]
    e: "quoted
  continued"
    f: |
      text
      # literal text
  # a comment after
  g: 2
h: 3
"""
    assert ranges(text) == [(frozenset({"one", "two"}), 3, 13)]


def test_indentless_sequence_under_a_key_belongs_to_it() -> None:
    text = """\
# triplea-compiler: disable
sequence:
- step: one
  delegate: x
-
  step: two
other: 1
"""
    assert ranges(text) == [(frozenset(), 2, 6)]


def test_sequence_item_covers_its_mapping_only() -> None:
    text = """\
sequence:
  - step: one  # triplea-compiler: disable=a
    delegate: x
  - step: two
"""
    assert ranges(text) == [(frozenset({"a"}), 2, 3)]


@pytest.mark.parametrize(
    "line",
    [
        'name: "# triplea-compiler: disable"',
        "name: '# triplea-compiler: disable'",
        "name: 'it''s # triplea-compiler: disable'",
        "name: a#triplea-compiler: disable",
        'name: "multi\n  # triplea-compiler: disable\n  line"',
        "name: |\n  # triplea-compiler: disable\n  text",
        "? '# triplea-compiler: disable'\n: 1",
    ],
)
def test_a_hash_inside_a_scalar_is_not_a_comment(line: str) -> None:
    assert find_yaml_suppressions(f"game:\n  {line.replace(chr(10), chr(10) + '  ')}\nother: 1\n", PATH) == []


def test_a_quoted_hash_before_a_real_comment_is_skipped() -> None:
    text = 'name: "a # b"   #triplea-compiler:disable=x, y \nother: 1\n'
    (found,) = find_yaml_suppressions(text, PATH)
    assert found == Suppression(frozenset({"x", "y"}), 1, 1, Location(PATH, 1, 17))


def test_only_a_comment_starting_with_the_marker_counts() -> None:
    assert find_yaml_suppressions("a: 1  # see triplea-compiler: disable\nb: 2  # triplea-compiler: nope\n",
                                  PATH) == []


def test_disable_file_anywhere_covers_the_whole_file() -> None:
    text = BOGUS + "# triplea-compiler: disable-file=spec-schema,unknown-unit\n"
    (found,) = find_yaml_suppressions(text, PATH)
    assert found.whole_file and found.first_line == 0 and found.location.line == lines_of(text, "# triplea")
    kept = apply_suppressions(spec_problems(text), [found])
    assert [p.message for p in kept] == ["unused suppression of 'unknown-unit'"]


def test_a_comment_at_the_end_covers_nothing() -> None:
    (found,) = find_yaml_suppressions("a: 1\n\n# triplea-compiler: disable=x\n\n", PATH)
    assert found.last_line < found.first_line and found.location.line == 3


def test_malformed_yaml_gives_no_suppressions() -> None:
    assert find_yaml_suppressions("a: [1, 2  # triplea-compiler: disable\nb: 'open\n", PATH) == []


def test_crlf_and_bom_keep_lines_and_columns() -> None:
    text = "\ufeffa:\r\n  # triplea-compiler: disable=x\r\n  b: 1\r\nc: 2\r\n"
    (found,) = find_yaml_suppressions(text, PATH)
    assert (found.first_line, found.last_line, found.location) == (3, 3, Location(PATH, 2, 3))


# --- the ranges agree with the YAML composer on real specs -------------------------------------


def _last_line(node: yaml.Node) -> int:
    """0-based last line of a composed node (block collections end where their last child does)."""
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and not node.flow_style and node.value:
        last = node.value[-1]
        return _last_line(last[1] if isinstance(node, yaml.MappingNode) else last)
    end = node.end_mark
    return end.line - 1 if end.column == 0 and end.line > node.start_mark.line else end.line


def _entries(node: yaml.Node, lines: list[str]) -> list[tuple[int, int]]:
    """(line, last line) of every block mapping entry and block sequence item that begins its line."""
    found = []
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            start = key.start_mark
            if not node.flow_style and not lines[start.line][: start.column].strip():
                found.append((start.line, _last_line(value)))
            found += _entries(value, lines)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            start = item.start_mark
            before = lines[start.line][: start.column]
            if not node.flow_style and "-" in before and not before.strip(" -"):
                found.append((start.line, _last_line(item)))
            found += _entries(item, lines)
    return found


SPECS = [p for p in sorted((ROOT / "specs").glob("*.yaml")) if p.stat().st_size < 500_000]  # the big one is slow


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.name)
def test_entry_ranges_agree_with_the_composer(spec: Path) -> None:
    """A comment before every entry of a real spec covers exactly the lines the YAML composer gives it."""
    text = spec.read_text()
    lines = text.split("\n")
    root = yaml.compose(text, Loader=LOADER)
    assert root is not None
    entries = sorted(dict(reversed(_entries(root, lines))).items())
    assert len(entries) > 20
    starts = [line for line, _ in entries]
    heads = set(starts)
    marked: list[str] = []
    for number, content in enumerate(lines):
        if number in heads:
            marked.append(" " * (len(content) - len(content.lstrip())) + "# triplea-compiler: disable=x")
        marked.append(content)
    expected = []
    for line, last in entries:
        while not lines[last].strip():  # a block scalar's end mark is past its trailing blank lines
            last -= 1
        shift = bisect_right(starts, last)  # comments inserted up to the last line
        expected.append((line + starts.index(line) + 2, last + shift + 1))
    found = find_yaml_suppressions("\n".join(marked), str(spec))
    assert [(s.first_line, s.last_line) for s in found] == expected
