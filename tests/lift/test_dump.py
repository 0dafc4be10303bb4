"""YAML writing and reading: every string survives, and the fast reader agrees with ruamel."""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML

from compiler.lift.dump import dump_spec, scalar
from compiler.lift.nodes import Literal, Map, Seq
from compiler.lift.values import native, options_map
from compiler.model import Option
from compiler.yamlread import YamlError, read_yaml_fast, read_yaml_slowly


def fast_parse(text: str) -> tuple[object, dict[object, tuple[int, int]]] | None:
    """The libyaml path's data and positions, or None when it leaves the text to ruamel or refuses it."""
    try:
        fast = read_yaml_fast(text)
    except YamlError:
        return None
    return None if fast is None else (fast[0], {k: v for k, v in fast[1].at.items() if k != ()})

TRICKY = ["1.0", "True", "true", "01", "null", "~", "", "a ", " a", "yes", "No", "on", "12:30", "0o17", "0x1F",
          ".5", "+1", "-", "a: b", "#x", "x #y", "[a]", "{a}", "a,b", "'q'", '"q"', "tab\there", "line\nbreak",
          "é ü", "\u2028", "\x85", "\x07", "&anchor", "*alias", "!tag", "<<", "=", "@at", "`tick", "%pct",
          "1e3", ".inf", "-.5", "2001-12-14", "Y", "n", "trailing:", "key?", "? q", "- item", "a\\b", "😀"]


@pytest.mark.parametrize("text", TRICKY)
def test_strings_read_back_the_same(text: str) -> None:
    doc = Map({"k": text, text or "empty": Map({"f": Seq([text, 1], flow=True)}, flow=True)})
    written = dump_spec(doc)
    expected = {"k": text, text or "empty": {"f": [text, 1]}}
    assert YAML(typ="rt").load(written) == expected
    fast = fast_parse(written)
    assert fast is None or fast[0] == expected


def test_native_values_lower_back_to_the_same_text() -> None:
    from compiler.lower.values import text as lowered

    for value in ["0", "-3", "12", "true", "false", "007", "1.5", "True", "-0", "+4", ""]:
        assert lowered(native(value)) == value


def test_options_map_keeps_repeats_and_counts() -> None:
    opts = [Option(name="a", value="1"), Option(name="b", value="x", count="2"), Option(name="a", value="y")]
    assert options_map(opts) == {"a": [1, "y"], "b": {"value": "x", "count": 2}}


def test_literal_blocks_keep_text_exactly() -> None:
    for text in ["a\nb\n", "a\nb", "a\n\n", "\n  indented\n\tTab\n", "x\n \n"]:
        written = dump_spec(Map({"notes": Literal(text)}))
        assert YAML(typ="rt").load(written) == {"notes": text}, written


def test_scalar_quotes_only_when_needed() -> None:
    assert scalar("Alaska Sea Zone") == "Alaska Sea Zone"
    assert scalar("01") == '"01"' and scalar(True) == "true" and scalar(None) == "null"


SAMPLE = """\
game: {name: "x", version: '1.0', n: 0o17, h: 0x1F, f: 1_000, d: 2001-12-14, y: yes, e: , t: ~}
list:
  - {a: [1, 2.5, .inf, -0, null]}
  - plain text # comment
  - |
    literal
    block
map:
  key with spaces: value
  "quoted key": 'single'
"""


def test_fast_reader_agrees_with_ruamel() -> None:
    fast = fast_parse(SAMPLE)
    assert fast is not None
    slow = _ruamel(SAMPLE)
    assert fast[0] == slow[0]
    assert repr(fast[0]) == repr(slow[0])
    assert fast[1] == slow[1]


@pytest.mark.parametrize("text", ["a: 1\na: 2\n", "a: !!str 1\n", "a: [1\n", "x: &a {b: 1}\ny: {<<: *a}\n"])
def test_fast_reader_leaves_hard_cases_to_ruamel(text: str) -> None:
    assert fast_parse(text) is None


def _ruamel(text: str) -> tuple[object, dict[object, tuple[int, int]]]:
    data, positions = read_yaml_slowly(text)
    return data, {k: v for k, v in positions.at.items() if k != ()}


def test_fast_reader_agrees_with_ruamel_on_the_project_specs() -> None:
    from pathlib import Path

    specs = sorted((Path(__file__).resolve().parents[2] / "specs").glob("*.yaml"))
    for path in specs:
        text = path.read_text(encoding="utf-8")
        fast = fast_parse(text)
        if fast is not None:
            assert (fast[0], fast[1]) == _ruamel(text), path.name
