"""Positions: the validator's 1-based line and character column to LSP's UTF-16 ranges, byte offsets to LSP
positions, and the cursor's place in a game XML."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types as lsp

from compiler.lsp.analysis import index_game
from compiler.lsp.completion import complete
from compiler.lsp.diagnostics import problem_range
from compiler.lsp.documents import Documents
from compiler.lsp.textpos import offset_position, split_lines, token_range
from compiler.lsp.xmlcontext import cursor_at
from compiler.problems import Location, Problem


def test_a_token_range_counts_utf16_units() -> None:
    lines = split_lines('<territory name="Zürich 𝄞 Sea"/>\r\n  <connection t1="A" t2="B"/>')
    quoted = token_range(lines, 1, 18)  # just inside the quote: up to the closing one
    assert (quoted.start.character, quoted.end.character) == (17, 17 + len("Zürich ") + 2 + len(" Sea"))
    bare = token_range(lines, 2, 4)
    assert (bare.start.line, bare.start.character, bare.end.character) == (1, 3, 13)
    whole = token_range(lines, 2, 0)  # no column: the line from its first character
    assert (whole.start.character, whole.end.character) == (2, len(lines[1]))
    nowhere = token_range(lines, 0, 0)
    assert (nowhere.start.line, nowhere.end.character) == (0, 0)


def test_byte_offsets_become_positions() -> None:
    data = "ä𝄞x\nyz".encode()
    assert (offset_position(data, data.index(b"x")).line, offset_position(data, data.index(b"x")).character) == (0, 3)
    end = offset_position(data, len(data))
    assert (end.line, end.character) == (1, 2)


def test_the_cursor_in_an_option_of_an_attachment() -> None:
    text = ('<attachment name="unitAttachment" attachTo="infantry" javaClass="UnitAttachment" type="unitType">\n'
            '  <option name="mov" value="1"/>\n')
    cur = cursor_at(text, text.index('"mov"') + 3)
    assert (cur.tag, cur.attr, cur.typed, cur.value) == ("option", "name", "mo", "mov")
    assert cur.attachment["javaClass"] == "UnitAttachment"
    after = cursor_at(text, text.index('value="1"') - 1)
    assert after.in_attr_names and after.attr is None
    typing = cursor_at(text + "  <opt", len(text) + 6)
    assert typing.typing_tag == "opt" and typing.parent == "attachment"


def test_a_value_completion_replaces_what_is_typed_of_its_part() -> None:
    text = ('<game><map><territory name="109 Sea Zone"/><territory name="Sea Zone 2"/></map>\n'
            '<attachmentList><attachment name="canalAttachmentX" attachTo="109 Sea Zone" '
            'javaClass="CanalAttachment" type="territory">\n'
            '  <option name="landTerritories" value="Sea Zone 2:109 S"/>\n'
            '</attachment></attachmentList></game>\n')
    docs = Documents()
    docs.set("/nowhere/game.xml", text, 1)
    analysis = index_game(docs, "/nowhere/game.xml")
    cursor = lsp.Position(line=2, character=text.split("\n")[2].index("109 S") + 5)
    found = complete(docs, "/nowhere/game.xml", cursor, analysis)
    assert found is not None
    item = next(i for i in found.items if i.label == "109 Sea Zone")
    assert isinstance(item.text_edit, lsp.TextEdit)
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == (
        cursor.character - 5, cursor.character)
    # a client that reads a list's default edit range gets it once, for every item
    listed = complete(docs, "/nowhere/game.xml", cursor, analysis, edit_range_default=True)
    assert listed is not None and listed.item_defaults is not None
    assert listed.item_defaults.edit_range == item.text_edit.range
    assert all(i.text_edit is None for i in listed.items) and "109 Sea Zone" in {i.label for i in listed.items}


def test_a_problem_covers_the_name_its_message_quotes() -> None:
    lines = split_lines("East Canada  (381,525)\nGermany  (1072,509)")
    named = problem_range(Problem("x", "'East Canada' is not a territory", Location("c.txt", 1, 1)), lines)
    assert (named.start.character, named.end.character) == (0, len("East Canada"))
    other = problem_range(Problem("x", "'Japan' is missing", Location("c.txt", 2, 1)), lines)
    assert (other.start.line, other.start.character, other.end.character) == (1, 0, len("Germany"))


@given(st.lists(st.sampled_from(["a", " ", "\r", "\n", "\r\n", "\x0b", "\x1c", "\x85", "\u2028", "é"])).map("".join))
def test_lines_split_as_lsp_counts_them(text: str) -> None:
    """split_lines takes str.splitlines's shortcut only where it splits as LSP does (\\r\\n, \\r and \\n alone)."""
    assert split_lines(text) == re.split(r"\r\n|\r|\n", text)
