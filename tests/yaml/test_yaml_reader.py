"""The one YAML reader (compiler/yamlread.py): YAML 1.2 typing, positions, refusals, and the libyaml fast
path giving exactly what the ruamel path gives."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from compiler.yamlread import (
    YamlError,
    plain_is_str,
    plain_value,
    read_yaml,
    read_yaml_fast,
    read_yaml_slowly,
)

ROOT = Path(__file__).resolve().parents[2]

# (plain scalar, its meaning in the core schema, its meaning in the JSON schema)
PLAIN: list[tuple[str, Any, Any]] = [
    ("yes", "yes", "yes"), ("No", "No", "No"), ("on", "on", "on"), ("y", "y", "y"),
    ("true", True, True), ("True", True, "True"), ("FALSE", False, "FALSE"), ("tRue", "tRue", "tRue"),
    ("null", None, None), ("Null", None, "Null"), ("~", None, "~"),
    ("0o17", 15, "0o17"), ("0x1F", 31, "0x1F"), ("017", 17, "017"), ("-0", 0, 0), ("+1", 1, "+1"),
    ("12", 12, 12), ("-3", -3, -3), ("1_000", "1_000", "1_000"), ("0b101", "0b101", "0b101"),
    ("1.5", 1.5, 1.5), (".5", 0.5, ".5"), ("1.", 1.0, 1.0), ("1e3", 1000.0, 1000.0), ("-.inf", -math.inf, -math.inf),
    (".inf", math.inf, math.inf), ("+.inf", math.inf, "+.inf"), ("-0o17", "-0o17", "-0o17"),
    ("2001-12-14", "2001-12-14", "2001-12-14"), ("12:30", "12:30", "12:30"), ("=", "=", "="),
    ("Infinity", "Infinity", "Infinity"), ("1.5.5", "1.5.5", "1.5.5"),
]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize(("text", "core", "json"), PLAIN, ids=[p[0] for p in PLAIN])
def test_plain_scalars_have_their_yaml_1_2_meaning_both_ways(text: str, core: Any, json: Any) -> None:
    for schema, expected in (("core", core), ("json", json)):
        doc = f"k: {text}\nl: [{text}]\n{text}: x\n"
        fast = read_yaml_fast(doc, schema=schema)  # type: ignore[arg-type]
        slow = read_yaml_slowly(doc, schema=schema)  # type: ignore[arg-type]
        assert fast is not None
        for data in (fast[0], slow[0]):
            assert _same(data["k"], expected) and _same(data["l"][0], expected), (schema, data)
            assert str(expected) in data  # a key is text: `1: x` has the key "1"
        assert _same(plain_value(text, schema), expected)  # type: ignore[arg-type]
    assert plain_is_str(text) == isinstance(core, str)


def test_nan_and_quoted_scalars() -> None:
    data, _ = read_yaml("a: .nan\nb: '1'\nc: \"true\"\nd: |\n  x\ne:\n")
    assert math.isnan(data["a"]) and data["b"] == "1" and data["c"] == "true" and data["d"] == "x\n"
    assert data["e"] is None


SAMPLE = """\
# a comment first
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
  empty:
  late:   7
"""


def _both(text: str) -> tuple[Any, Any]:
    fast = read_yaml_fast(text)
    assert fast is not None, "the fast path takes this text"
    return fast, read_yaml_slowly(text)


def test_fast_and_slow_paths_agree_on_data_and_positions() -> None:
    (fast, fp), (slow, sp) = _both(SAMPLE)
    assert repr(fast) == repr(slow)
    assert fp.at == sp.at and fp.values == sp.values and fp.start == sp.start == (2, 1)
    assert fp.at[("map", "late")] == (13, 3) and fp.values[("map", "late")] == (13, 11)
    assert ("map", "empty") not in fp.values  # nothing written: the key stands for the value
    assert fp.value(("map", "empty")).line == 12
    assert fp.nearest(("list", 1, "nothing")).line == 5
    assert fp.nearest(()).line == 1


def test_fast_and_slow_paths_agree_on_every_project_yaml() -> None:
    files = sorted((ROOT / "specs").glob("*.yaml")) + [ROOT / "action.yml"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = read_yaml_fast(text, str(path))
        slow = read_yaml_slowly(text, str(path))
        if fast is not None:
            assert repr(fast[0]) == repr(slow[0]), path.name
            assert fast[1].at == slow[1].at, path.name


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("a: 1\na: 2\n", 2, 1, "key 'a' appears twice"),
    ("x: {b: 1, c: 2, b: 3}\n", 1, 17, "key 'b' appears twice"),
    ("1: a\n'1': b\n", 2, 1, "key '1' appears twice"),  # keys are text: 1 and "1" are one key
    ("a: [1\n", 2, 1, "expected"),
    ("a: 1\n---\nb: 2\n", 2, 1, "another document"),
    ("x:\n  c: !foo x\n", 2, 3, "the tag !foo is not taken"),
    ("? [a]\n: 1\n", 1, 3, "a mapping key must be a scalar"),
])
def test_refusals_are_located_both_ways(text: str, line: int, column: int, words: str) -> None:
    for read in (read_yaml, read_yaml_slowly):
        with pytest.raises(YamlError) as caught:
            read(text, "f.yaml")
        err = caught.value
        assert err.code == "yaml-syntax" and err.location.path == "f.yaml"
        assert (err.location.line, err.location.column) == (line, column), (read.__name__, err.message)
        assert words in err.message and err.message == f"YAML syntax error: {err.problem}"


def test_tags_and_merge_keys_are_read_by_ruamel_with_the_same_schema() -> None:
    text = "base: &b {x: 0o17, y: yes}\nc: {<<: *b, z: !!str 12}\n"
    assert read_yaml_fast(text) is None
    data, positions = read_yaml(text)
    assert data == {"base": {"x": 15, "y": "yes"}, "c": {"z": "12", "x": 15, "y": "yes"}}
    assert positions.at[("c", "x")] == (2, 4)  # a merged key stands where the merge is
    json, _ = read_yaml("c: {<<: x}\n", schema="json")
    assert json == {"c": {"<<": "x"}}  # YAML 1.2 and snakeyaml-engine have no merge keys


@pytest.mark.parametrize("text", ["a: !x 1\n", "a: !!str 12\n", "a: [1, ! 2]\n", "b: &b {x: 1}\nc:\n  <<: *b\n",
                                  "a: ! {x: 1}\n"])
def test_every_tag_or_merge_key_goes_to_ruamel(text: str) -> None:
    assert read_yaml_fast(text) is None


@pytest.mark.parametrize("text", ["a: \"Go !now\"\n", "a: 'x << y'\n", "a: \"<<\"\n", "d: |\n  Attack ! <<\n"])
def test_a_bang_or_angles_inside_a_string_keep_the_fast_path(text: str) -> None:
    fast = read_yaml_fast(text)
    assert fast is not None and fast[0] == read_yaml(text)[0]


def test_empty_and_nested_documents() -> None:
    assert read_yaml("")[0] is None and read_yaml("# only a comment\n")[0] is None
    deep = "a: " + "[" * 300 + "]" * 300 + "\n"
    with pytest.raises(YamlError, match="nested"):
        read_yaml(deep)


def test_importing_the_reader_loads_no_yaml_library_nor_pydantic() -> None:
    import subprocess
    import sys

    code = ("import sys, compiler.yamlread; "
            "print(sorted(m for m in ('yaml', 'ruamel.yaml', 'pydantic', 'compiler.spec') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
