"""compiler/limits.py and the readers that apply it: each limit refuses at once, located, and lets real
input through."""

from __future__ import annotations

import gzip
import io
import os
import time
import zipfile
from pathlib import Path

import pytest
from hostile_inputs import SPEC, XML, alias_bomb, build

from compiler import limits
from compiler.engine.log import load_log_text
from compiler.mapfolder import discover
from compiler.problems import InputError
from compiler.saves import read_save_bytes
from compiler.spec.loader import load_spec_text
from compiler.xml.parse import parse_bytes, read_xml
from compiler.yamlread import read_yaml, read_yaml_fast, read_yaml_slowly

READERS = (read_yaml, read_yaml_slowly)
HANG = 5.0  # seconds: a refusal that takes longer hangs (bench/bench_hostile.py measures the real times)


def _refused(call: object, *args: object) -> InputError:
    assert callable(call)
    start = time.monotonic()
    with pytest.raises(InputError) as caught:
        call(*args)
    assert time.monotonic() - start < HANG
    return caught.value


# --- files --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(limits.SIZE))
def test_a_fifo_a_device_and_a_folder_are_refused_without_reading(tmp_path: Path, kind: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, what in ((fifo, "a FIFO"), (Path("/dev/zero"), "a character device"), (tmp_path, "a folder")):
        error = _refused(limits.read_file, path, kind)
        assert error.message == f"{kind} is {what}, not a regular file: refused"
        assert (error.location.path, error.code) == (str(path), "unreadable")


def test_size_cap_and_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(limits.SIZE, "spec", 10)
    path = tmp_path / "s.yaml"
    path.write_bytes(b"a: 1\n")
    assert limits.read_text(path, "spec") == "a: 1\n"
    path.write_bytes(b"a: 12345678\n")
    assert _refused(limits.read_file, path, "spec").message == "spec file is larger than 0 KiB: refused"
    path.write_bytes(b"\xff\n")
    error = _refused(limits.read_text, path, "spec")
    assert error.message.startswith("spec is not UTF-8 text") and error.location.line == 1
    missing = _refused(limits.read_file, tmp_path / "none", "spec")
    assert missing.message == "cannot read spec: No such file or directory"


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(SPEC)
    assert limits.read_text(link, "spec") == SPEC.read_text(encoding="utf-8")


# --- numbers and JSON ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("0", 0), ("-2147483648", -2147483648), ("2147483647", 2147483647), ("+00012", 12), ("2147483648", None),
    ("-2147483649", None), ("9" * 5000, None), ("0" * 5000 + "7", 7),
])
def test_java_int(text: str, value: int | None) -> None:
    assert limits.java_int(text) == value


def test_json_under_the_limits() -> None:
    assert limits.load_json('{"a": [1, 2.5, -3]}', "x.json", "log-syntax") == {"a": [1, 2.5, -3]}
    error = _refused(limits.load_json, '{"a":\n  [1, ' + "9" * 5000 + "]}", "x.json", "log-syntax")
    assert (error.code, error.location.line, error.location.column) == ("unreadable", 2, 7)
    assert "5001 characters" not in error.message and "(5000 characters)" in error.message
    assert _refused(limits.load_json, "[" * 100_000, "x.json", "log-syntax").message.startswith("nested more than")
    error = _refused(limits.load_json, '{"a": }', "x.json", "log-syntax")
    assert (error.code, error.location.line, error.location.column) == ("log-syntax", 1, 7)


# --- YAML ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("read", READERS)
def test_an_alias_bomb_is_refused_at_once(read: object) -> None:
    error = _refused(read, alias_bomb(), "b.yaml")
    assert error.code == "unreadable" and "aliases expand to more than 100,000 values" in error.message
    assert error.location.path == "b.yaml" and error.location.line >= 1


@pytest.mark.parametrize("read", READERS)
def test_aliases_within_the_budget_are_expanded(read: object) -> None:
    assert callable(read)
    data, _ = read(alias_bomb(levels=3), "b.yaml")
    assert len(data["a3"]) == 10 and data["a3"][9][9][9][9] == "lol"


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize(("text", "line", "column"), [
    ("[" * 100_000 + "]" * 100_000, 1, 201),
    ("{a: " * 50_000 + "1" + "}" * 50_000, 1, 801),
    ("- " * 50_000 + "x", 1, 401),
    ("x:\n" + "".join(" " * i + "- \n" for i in range(1, 300)), 0, 0),
])
def test_deep_nesting_is_refused_not_crashed_on(read: object, text: str, line: int, column: int) -> None:
    error = _refused(read, text, "d.yaml")
    assert error.code == "unreadable" and error.message == "YAML refused: nested more than 200 levels deep"
    if line and read is read_yaml:
        assert (error.location.line, error.location.column) == (line, column)


def test_nesting_up_to_the_limit_is_read() -> None:
    text = "[" * 199 + "1" + "]" * 199
    for read in READERS:
        data, _ = read(text, "ok.yaml")
        for _ in range(198):
            data = data[0]
        assert data == [1]


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize("text", ["a: !!python/object/apply:os.system ['echo']", "a: !!python/name:os.system",
                                  "- !!python/tuple [1, 2]", "a: !!python/object/new:list {}"])
def test_python_tags_are_refused(read: object, text: str) -> None:
    error = _refused(read, text, "p.yaml")
    assert error.code == "unreadable" and "Python object tags are refused" in error.message


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize(("text", "value"), [("a: 2147483647", 2147483647), ("a: -2147483648", -2147483648),
                                             ("a: 0x7fffffff", 2147483647), ("a: 0o17", 15)])
def test_whole_numbers_within_range(read: object, text: str, value: int) -> None:
    assert callable(read)
    assert read(text, "n.yaml")[0] == {"a": value}


@pytest.mark.parametrize("read", READERS)
@pytest.mark.parametrize("text", ["a: 2147483648", "a: -2147483649", "a: 0x1" + "0" * 40, "a: 0o" + "7" * 30,
                                  "? " + "9" * 5000 + "\n: x", "a: " + "1" * 5000])
def test_whole_numbers_out_of_range_are_refused(read: object, text: str) -> None:
    error = _refused(read, text, "n.yaml")
    assert error.code == "unreadable" and "outside the whole numbers TripleA holds" in error.message
    assert error.location.line == 1


@pytest.mark.parametrize("read", READERS)
def test_nested_collection_keys_are_refused_at_once(read: object) -> None:
    """ruamel hashes nested collection keys in exponential time: they are refused before it sees them."""
    error = _refused(read, "x: !!str 1\n? " + "{a: " * 40 + "1" + "}" * 40 + "\n: x\n", "k.yaml")
    assert (error.code, error.location.line, error.location.column) == ("yaml-syntax", 2, 3)


def test_the_fast_path_still_reads_real_specs() -> None:
    text = SPEC.read_text(encoding="utf-8")
    fast = read_yaml_fast(text, "s.yaml")
    assert fast is not None and fast[0] == read_yaml_slowly(text, "s.yaml")[0]


def test_refusals_reach_the_spec_and_log_readers() -> None:
    assert _refused(load_spec_text, alias_bomb(), "s.yaml").code == "unreadable"
    error = _refused(load_log_text, '{"game": "x", "events": [{"type": "step", "round": 99999999999}]}', "l.json")
    assert error.code == "unreadable" and error.location.line == 1


# --- XML ----------------------------------------------------------------------------------------------

def test_xml_element_and_attribute_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("compiler.xml.parse.MAX_XML_ELEMENTS", 10)
    error = _refused(read_xml, b"<game>\n" + b"<x/>\n" * 11 + b"</game>", "g.xml")
    assert (error.code, error.location.line) == ("unreadable", 11)
    assert error.message == "game XML has more than 10 elements: refused"
    read_xml(b"<game>" + b"<x/>" * 9 + b"</game>", "g.xml")
    attrs = b" ".join(b'a%d="1"' % i for i in range(101))
    error = _refused(read_xml, b"<game>\n<map " + attrs + b"/></game>", "g.xml")
    assert error.message == "<map> has 101 attributes, more than 100: refused" and error.location.line == 2


def test_real_games_are_within_the_xml_caps() -> None:
    assert not parse_bytes(XML.read_bytes(), str(XML)).problems


def _doubling_variables(count: int) -> bytes:
    """`count` variables, each naming the one before twice: 2^count elements once flattened."""
    first = b'<variable name="v0"><element name="A"/><element name="B"/></variable>\n'
    rest = b"".join(b'<variable name="v%d"><element name="$v%d$"/><element name="$v%d$"/></variable>\n'
                    % (i, i - 1, i - 1) for i in range(1, count))
    return b'<game>\n<info name="bomb" version="1"/>\n<variableList>\n' + first + rest + b"</variableList></game>"


def test_a_variable_bomb_is_refused_at_the_variable() -> None:
    error = _refused(parse_bytes, _doubling_variables(40), "g.xml")
    assert error.code == "unreadable" and error.location.line == 4 + 16  # v16 has 131,072 elements
    assert error.message == "variable 'v16' expands to more than 100,000 elements: refused"
    assert not parse_bytes(_doubling_variables(16), "g.xml").problems  # 65,536: within the limit


def test_a_variable_bomb_in_a_spec_is_refused_at_the_variable() -> None:
    from compiler.compile import compile_text

    text = SPEC.read_text() + "\nvariables:\n  v0: [A, B]\n" + "".join(
        f"  v{i}: [$v{i - 1}$, $v{i - 1}$]\n" for i in range(1, 40))
    error = _refused(compile_text, text, Path("bomb.yaml"))
    assert error.message == "variable 'v16' expands to more than 100,000 elements: refused"
    assert error.location.line == text.splitlines().index("  v16: [$v15$, $v15$]") + 1


def test_a_foreach_over_too_many_pairs_is_an_error_not_a_hang() -> None:
    from compiler.model.expand import ForeachError, combinations

    table = {"$a$": [str(i) for i in range(1000)], "$b$": [str(i) for i in range(101)]}
    with pytest.raises(ForeachError, match="makes 101,000 attachments, more than 100,000"):
        combinations("$a$^$b$", table)
    assert len(combinations("$a$^$b$", {**table, "$b$": ["x"] * 100})) == 100_000


# --- zips ---------------------------------------------------------------------------------------------

def test_zip_member_count_is_read_from_the_end_record(tmp_path: Path) -> None:
    made = build(tmp_path)
    with open(made["many.zip"], "rb") as handle:
        assert limits.zip_member_count(handle) == 25_001
    with open(made["a_file"], "rb") as handle:
        assert limits.zip_member_count(handle) is None
    error = _refused(discover, made["many.zip"])
    assert error.message == "zip has 25001 members, more than 20000: refused"
    error = _refused(discover, made["fifo"])
    assert error.message == "a FIFO, not a regular file: refused"


def test_zip64_end_record_counts_too() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", allowZip64=True) as archive:
        archive.writestr("a", b"1")
    data = bytearray(out.getvalue())
    eocd = data.rfind(b"PK\x05\x06")
    zip64 = b"PK\x06\x06" + (44).to_bytes(8, "little") + bytes(4) + bytes(8) + (10**9).to_bytes(8, "little") * 2 \
        + bytes(16)
    locator = b"PK\x06\x07" + bytes(4) + eocd.to_bytes(8, "little") + (1).to_bytes(4, "little")
    crafted = bytes(data[:eocd]) + zip64 + locator + bytes(data[eocd:])
    assert limits.zip_member_count(io.BytesIO(crafted)) == 10**9


def test_encrypted_corrupt_and_oversized_members(tmp_path: Path) -> None:
    made = build(tmp_path)
    for name, words in (("encrypted.zip", "zip member is encrypted: refused"),
                        ("corrupt.zip", "zip member is corrupt or unreadable"),
                        ("bomb_member.zip", "zip member is larger than 64 MiB: refused")):
        [game] = discover(made[name])
        error = _refused(game.read_bytes)
        assert words in error.message and error.location.path == f"{made[name]}!/m/games/g.xml"
    error = _refused(discover, made["corrupt_text.zip"])
    assert error.location.path.endswith("corrupt_text.zip!/m/polygons.txt") and "corrupt" in error.message


# --- saves --------------------------------------------------------------------------------------------

def test_crafted_save_streams_are_refused_at_once(tmp_path: Path) -> None:
    made = build(tmp_path)
    error = _refused(read_save_bytes, made["null_array.tsvg"].read_bytes(), "s.tsvg")
    assert error.code == "save-corrupt" and "object array of 20000000 elements (more than 100,000)" in error.message
    error = _refused(read_save_bytes, made["top_level_nulls.tsvg"].read_bytes(), "s.tsvg")
    assert "more than 1,000 top-level objects" in error.message
    error = _refused(read_save_bytes, gzip.compress(b"\0" * (limits.MAX_SAVE_INFLATED + 1)), "s.tsvg")
    assert error.code == "save-too-large"
