"""Each fixer edits only the bytes at fault: comments, odd whitespace, CRLF, entities, quotes and a declared
non-UTF-8 encoding keep their bytes; apply_edits refuses overlapping edits; a run keeps the first of two
overlapping fixes."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.fixes.apply import OverlappingEdits, apply_edits, choose
from compiler.fixes.find import fixes_for
from compiler.fixes.model import Fix, TextEdit
from compiler.mapfolder import GameInput
from compiler.problems import Location, Problem
from compiler.validate import validate_input

HEAD = (b'<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<!-- \xd6sterreich &amp; co -->\r\n<game>\r\n'
        b'<info name="Mini" version="1.0"/>\r\n<map>\r\n'
        b'  <territory name="Land A"/>\r\n  <territory name="Land B"/>\r\n  <territory name="\xd6land"/>\r\n'
        b'  <territory name="R&amp;D"/>\r\n')
TAIL = b"</map>\r\n</game>\r\n"


def _problems(data: bytes, tmp_path: Path) -> tuple[Path, list[Problem]]:
    path = tmp_path / "game.xml"
    path.write_bytes(data)
    problems, _ = validate_input(GameInput(str(path)), "2.x")
    return path, problems


def _fixed(data: bytes, tmp_path: Path, code: str, unsafe: bool = False) -> tuple[bytes, list[Fix]]:
    path, problems = _problems(data, tmp_path)
    fixes = [fix for fix in fixes_for(problems, lambda p: Path(p).read_bytes()) if fix.code == code]
    chosen, _ = choose(fixes, unsafe)
    return apply_edits(data, list(dict.fromkeys(e for fix in chosen for e in fix.edits))), fixes


def test_repeated_connections_go_with_their_line_and_nothing_else_moves(tmp_path: Path) -> None:
    keep = (b'  <connection t1="Land A" t2="Land B"/>  <!-- first -->\r\n'
            b'\t<connection  t1 = \'\xd6land\'  t2="R&amp;D" />\r\n')
    repeat_alone = b'   <connection t1="Land B" t2="Land A"/>   \r\n'
    shared = b'<connection t1="R&amp;D" t2="\xd6land"></connection>'
    data = HEAD + keep + repeat_alone + b'  <connection t1="Land A" t2="\xd6land"/> ' + shared + b"\r\n" + TAIL
    fixed, fixes = _fixed(data, tmp_path, "duplicate-connection")
    assert [fix.safe for fix in fixes] == [True]
    assert fixed == HEAD + keep + b'  <connection t1="Land A" t2="\xd6land"/> ' + b"\r\n" + TAIL
    _, problems = _problems(fixed, tmp_path)
    assert "duplicate-connection" not in {p.code for p in problems}


def test_a_repeat_on_a_line_with_a_comment_is_left_alone(tmp_path: Path) -> None:
    data = (HEAD + b'  <connection t1="Land A" t2="Land B"/>\r\n'
            b'  <connection t1="Land A" t2="Land B"/><!-- again -->\r\n' + TAIL)
    fixed, fixes = _fixed(data, tmp_path, "duplicate-connection")
    assert fixed == data and not fixes


OWNERS = (b'<initialize>\n  <ownerInitialize>\n    <territoryOwner territory="Land A" owner="Germans"/>\n'
          b'    <territoryOwner territory="Land A" owner="Russians"/>\n'
          b'    <territoryOwner territory="Land B" owner="Germans"/>\n  </ownerInitialize>\n</initialize>\n')


def test_earlier_owners_are_removed_and_the_last_kept(tmp_path: Path) -> None:
    head = (b'<?xml version="1.0"?>\n<game>\n<info name="Mini" version="1.0"/>\n<map>\n'
            b'  <territory name="Land A"/>\n  <territory name="Land B"/>\n'
            b'  <connection t1="Land A" t2="Land B"/>\n</map>\n<playerList>\n'
            b'  <player name="Germans" optional="false"/>\n  <player name="Russians" optional="false"/>\n'
            b'</playerList>\n')
    data = head + OWNERS + b"</game>\n"
    fixed, fixes = _fixed(data, tmp_path, "duplicate-owner")
    assert fixes and all(fix.safe for fix in fixes)
    assert fixed == data.replace(b'    <territoryOwner territory="Land A" owner="Germans"/>\n', b"")


PROPERTIES = (b'<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<game>\r\n<info name="Mini" version="1.0"/>\r\n'
              b"<propertyList>\r\n  <!-- \xe9 -->\r\n"
              b"  <property  name = 'MaxFactoriesPerTerritory'\tvalue=\"2\" editable=\"false\">\r\n"
              b'    <number min="1" max="9"/>\r\n  </property>\r\n</propertyList>\r\n</game>\r\n')


def test_a_property_name_in_the_wrong_case_is_a_safe_fix_of_the_value_only(tmp_path: Path) -> None:
    fixed, fixes = _fixed(PROPERTIES, tmp_path, "unknown-property")
    assert [fix.safe for fix in fixes] == [True]
    assert fixed == PROPERTIES.replace(b"'MaxFactoriesPerTerritory'", b"'maxFactoriesPerTerritory'")


def test_another_suggested_property_name_is_an_unsafe_fix_of_the_value_only(tmp_path: Path) -> None:
    misspelt = PROPERTIES.replace(b"MaxFactoriesPerTerritory", b"maxFactoriesPerTerritry")
    fixed, fixes = _fixed(misspelt, tmp_path, "unknown-property")
    assert [fix.safe for fix in fixes] == [False]
    assert fixed == misspelt  # unsafe: not applied without --unsafe-fixes
    fixed, _ = _fixed(misspelt, tmp_path, "unknown-property", unsafe=True)
    assert fixed == misspelt.replace(b"'maxFactoriesPerTerritry'", b"'maxFactoriesPerTerritory'")


def _key_problem(path: Path, line: int, old: str, new: str, suffix: str = "") -> Problem:
    return Problem("ignored-map-property", f"TripleA does not read map.properties key '{old}' (did you mean '{new}'?)"
                   f": it is ignored and the setting keeps its default{suffix}", Location(str(path), line, 1))


def test_a_map_properties_key_is_respelt_in_place(tmp_path: Path) -> None:
    path = tmp_path / "map.properties"
    data = b"# colours\r\ncolor.Germans=555555\r\n  map.scrollWrapx : true \r\nunits.scale=0.75"
    path.write_bytes(data)
    fixes = fixes_for([_key_problem(path, 3, "map.scrollWrapx", "map.scrollWrapX")], lambda p: Path(p).read_bytes())
    assert [fix.safe for fix in fixes] == [True]  # only the capitalisation changes
    assert [f.safe for f in fixes_for([_key_problem(path, 2, "color.Germans", "color.Germany")], lambda p: data)] \
        == [False]
    assert apply_edits(data, fixes[0].edits) == data.replace(b"scrollWrapx", b"scrollWrapX")
    others = fixes_for([_key_problem(path, 3, "map.scrollWrapx", "map.scrollWrapX", " (in 1 of 2 games: a.xml)"),
                        _key_problem(path, 2, "map.scrollWrapx", "map.scrollWrapX")], lambda p: data)
    assert others == []  # another game of the map may read it; the line holds another key


def test_a_file_that_cannot_be_read_gets_no_fix(tmp_path: Path) -> None:
    def unreadable(path: str) -> bytes:
        raise OSError("gone")

    path = tmp_path / "map.properties"
    assert fixes_for([_key_problem(path, 1, "a.b", "a.c")], unreadable) == []


def test_an_editor_buffer_is_fixed_rather_than_the_file(tmp_path: Path) -> None:
    path = tmp_path / "map.properties"
    path.write_bytes(b"other=1\n")
    buffer = b"map.scrollWrapx=true\n"
    fixes = fixes_for([_key_problem(path, 1, "map.scrollWrapx", "map.scrollWrapX")], lambda p: buffer)
    assert apply_edits(buffer, fixes[0].edits) == b"map.scrollWrapX=true\n"


def test_apply_edits_sorts_and_refuses_overlaps() -> None:
    data = b"0123456789"
    assert apply_edits(data, [TextEdit("f", 8, 9, b"X"), TextEdit("f", 1, 3, b"")]) == b"034567X9"
    with pytest.raises(OverlappingEdits, match="overlap"):
        apply_edits(data, [TextEdit("f", 1, 4, b""), TextEdit("f", 3, 5, b"Y")])
    with pytest.raises(OverlappingEdits, match="outside"):
        apply_edits(data, [TextEdit("f", 9, 11, b"")])


def test_choose_keeps_the_first_of_overlapping_fixes_and_unsafe_ones_only_when_asked() -> None:
    loc = Location("f", 1, 1)
    first = Fix("a", "one", True, (TextEdit("f", 0, 4, b""),), loc)
    clash = Fix("b", "two", True, (TextEdit("f", 2, 6, b""),), loc)
    unsafe = Fix("c", "three", False, (TextEdit("f", 8, 9, b""),), loc)
    assert choose([first, clash, unsafe]) == ([first], [clash])
    assert choose([first, clash, unsafe], unsafe=True) == ([first, unsafe], [clash])
