"""The formatter's house style, comments in odd places, and scalars that must keep their meaning."""

from __future__ import annotations

import pytest
from fmt_helpers import assert_same_meaning, comments

from compiler.problems import InputError
from compiler.spec.fmt import format_text

BLOCKY = """\
# A spec written a line per key.
game:
  name: Demo
  version: "1.0"
players:
  Reds:
    alliance: Red
    resources:
      PUs: 10
resources:
  - PUs
units:
  infantry:
    cost: 3
    options:
      isInfantry: true
      transportCost: 2
attachments:
  - name: rulesAttachment
    attach_to: Reds
    class: RulesAttachment
    options:
      movementRestrictionTerritories: Alpha:Beta:Gamma:Delta:Epsilon:Zeta:Eta:Theta:Iota:Kappa
      movementRestrictionType: allowed
      productionPerXTerritories: 3
sequence:
  - turns:
      players: {Reds: reds, Blues: blues}
      phases: [Purchase, CombatMove, Battle, NonCombatMove, Place, EndTurn, Politics, UserActions, TechActivation]
"""

HOUSE = """\
# A spec written a line per key.
game:
  name: Demo
  version: "1.0"
players:
  Reds: {alliance: Red, resources: {PUs: 10}}
resources: [PUs]
units:
  infantry: {cost: 3, options: {isInfantry: true, transportCost: 2}}
attachments:
  - {name: rulesAttachment, attach_to: Reds, class: RulesAttachment,
     options: {movementRestrictionTerritories: Alpha:Beta:Gamma:Delta:Epsilon:Zeta:Eta:Theta:Iota:Kappa,
               movementRestrictionType: allowed, productionPerXTerritories: 3}}
sequence:
  - turns:
      players: {Reds: reds, Blues: blues}
      phases: [Purchase, CombatMove, Battle, NonCombatMove, Place, EndTurn, Politics, UserActions, TechActivation]
"""


def test_blocks_become_flow_entries_in_the_house_style() -> None:
    assert format_text(BLOCKY) == HOUSE
    assert format_text(HOUSE) == HOUSE


def test_width_decides_one_liners_and_wrapping() -> None:
    text = "connections:\n  A: [" + ", ".join(f"Territory{i}" for i in range(30)) + "]\n"
    wrapped = format_text(text, width=80)
    lines = wrapped.splitlines()
    assert len(lines) > 4 and all(len(line) <= 80 for line in lines)
    assert all(line.startswith("      Territory") for line in lines[2:])  # aligned after the bracket
    assert format_text(text, width=0) == text  # no limit: one line
    assert format_text(wrapped, width=0) == text
    assert_same_meaning(text, wrapped)


ODD_COMMENTS = """\
# header comment

game:   # eol on a section
  name: X  # eol on a scalar
  # before a key
  version: "1.0"
  notes: |  # eol on a literal header
    line one
      indented more

    after blank
  # trailing comment in game, indented
units:
  inf:
    cost: 3        # aligned comment
    options:
      isInfantry: true
      # dangling comment at a deeper indent
  tank: {cost: 5,
         movement: 2, # inside a flow mapping
         attack: 1}
  plane: {cost: 10,
          movement: 4}  # after the end of a flow
  ship:
    cost: 8
    movement: 2
territories:
# comment at column 0 inside a section
  A: {production: 1}
list:
  - a: 1  # first key
    b: 2
  # between items
  -   # after a dash
    c: 3
# trailing comment at the end
"""


def test_comments_stay_where_they_were() -> None:
    out = format_text(ODD_COMMENTS)
    assert comments(out) == comments(ODD_COMMENTS)
    assert_same_meaning(ODD_COMMENTS, out)
    assert format_text(out) == out
    lines = out.splitlines()
    assert "    cost: 3        # aligned comment" in lines  # a hand-aligned column is kept
    assert "  ship: {cost: 8, movement: 2}" in lines  # no comment inside: compacted
    assert "  plane: {cost: 10, movement: 4}  # after the end of a flow" in lines
    assert "    movement: 2       # inside a flow mapping" in lines  # a comment inside: the entry goes block
    assert "  - {c: 3}  # after a dash" in lines
    assert lines[1] == "" and lines[-1] == "# trailing comment at the end"
    assert lines[lines.index("      isInfantry: true") + 1] == "      # dangling comment at a deeper indent"


TRICKY_SCALARS = ['"1.0"', "'true'", '"01"', '"null"', "1:city", "x?y", "-foo", "0x1F", "0o17", ".inf", "~", "",
                  "2001-12-14", "yes", "a#b", '"x #y"', "é ü 😀", '"tab\\there"', '"\\x07bell"', "1e3", "-.5",
                  "a, b and c", "x[1]", "{a: 1}", "[]", '"ends:"', "'it''s'", "-0", "+1", "1_000", "True", "NO",
                  "12:30", '"\\u2028"', "Alaska Sea Zone", "100%", "a: b", "@x"]


@pytest.mark.parametrize("scalar", TRICKY_SCALARS)
def test_scalars_keep_their_meaning_in_block_and_flow(scalar: str) -> None:
    if scalar in ("a: b", "@x"):  # not YAML as plain values: refused as they were
        with pytest.raises(InputError):
            format_text(f"units:\n  u:\n    v: {scalar}\n")
        return
    text = f"units:\n  u:\n    v: {scalar}\n    w: 1\n  long:\n    key: {scalar}\n    other: {'x' * 130}\n"
    out = format_text(text)
    assert_same_meaning(text, out)
    assert format_text(out) == out


MULTILINE = """\
notes:
  plain: this plain text
    goes on over lines
  quoted: "first line\\n
    second line"
  single: 'one

    two'
  escaped: "a\\nb\\n"
  folded: >-
      folded text
      goes on
  kept: |+
    keep

"""


def test_multi_line_strings_become_literal_blocks() -> None:
    out = format_text(MULTILINE)
    assert_same_meaning(MULTILINE, out)
    assert "  plain: this plain text goes on over lines" in out
    assert "  quoted: |-\n    first line\n     second line\n" in out  # the folded break is a space
    assert "  single: |-\n    one\n    two\n" in out
    assert '  escaped: "a\\nb\\n"' in out  # one line as written stays as written
    assert "  folded: >-\n    folded text\n    goes on\n" in out
    assert format_text(out) == out


def test_anchors_aliases_and_merge_keys_survive() -> None:
    text = "base: &b {cost: 1}\nunits:\n  a:\n    <<: *b\n    attack: 2\n  s: &s text\n  t: *s\n  l: &l\n    - 1\n"
    out = format_text(text)
    assert "  a: {<<: *b, attack: 2}" in out and "  l: &l [1]" in out
    assert_same_meaning(text, out)


def test_explicit_document_start_root_list_and_empty_files() -> None:
    assert format_text("---\na:\n  b: 1\n") == "---\na:\n  b: 1\n"
    assert format_text("- a: 1\n  b: 2\n- x\n") == "- a: 1\n  b: 2\n- x\n"  # root items are sections
    assert format_text("- {a: 1, b: 2}\n- x\n") == "- {a: 1, b: 2}\n- x\n"  # ... written as a one-liner


def test_sections_are_blocks_unless_written_as_one_liners_that_fit() -> None:
    text = "relationships: {within: Allied, between: War}\nplayers:\n  Reds: {alliance: Red}\n"
    assert format_text(text) == text
    assert format_text(text, width=30) == "relationships:\n  within: Allied\n  between: War\nplayers:\n" \
        "  Reds: {alliance: Red}\n"
    assert format_text("players: {Reds: {alliance: Red}}\nunits:\n  a:\n    b: 1\n") == \
        "players: {Reds: {alliance: Red}}\nunits:\n  a: {b: 1}\n"


def test_hand_aligned_values_keep_their_column() -> None:
    text = ("territories:\n"
            "  Westland:   {production: 10, owner: Westerners, capital: Westerners, victory_city: true,\n"
            "               units: {infantry: 4, armour: 2, fighter: 1, factory: 1}}\n"
            "  Isle:       {production: 2}\n")
    assert format_text(text) == text
    assert format_text("a:    1\nb:   \n  c: 2\n") == "a:    1\nb:\n  c: 2\n"
    assert format_text("") == "" and format_text("# only\n") == "# only\n"


@pytest.mark.parametrize(("text", "where", "code"), [
    ("a: [1\n", 2, "yaml-syntax"),
    ("a: 1\na: 2\n", 2, "yaml-syntax"),
    ("a: !!str 1\n", 1, "fmt-unsupported"),
    ("? [a]\n: 1\n", 1, "yaml-syntax"),  # a collection as a key: the reader refuses it
])
def test_bad_or_unsupported_yaml_is_a_located_error(text: str, where: int, code: str) -> None:
    with pytest.raises(InputError) as caught:
        format_text(text, "bad.yaml")
    assert caught.value.code == code and caught.value.location.line == where
    assert caught.value.location.path == "bad.yaml"


def test_hand_wrapped_keys_are_kept_when_the_entry_needs_wrapping() -> None:
    kept = ("board:\n  - {number: 1, name: Britain, kind: territory, main_of: allies, seaport: true,\n"
            "     income: {money: 500, infantry: 6, tank: 2, aircraft: 1, battleship: 1},\n"
            "     garrison: {infantry: 60, tank: 20, aircraft: 10, battleship: 5}}\n")
    assert format_text(kept) == kept
    assert format_text("a:\n  b: {c: 1,\n      d: 2}\n") == "a:\n  b: {c: 1, d: 2}\n"  # fits: one line
    unaligned = "a:\n  b: {c: 1,\n    d: 2}\n"  # not aligned after the bracket: a dumper's wrap, refilled
    assert format_text(unaligned, width=14) == "a:\n  b: {c: 1,\n      d: 2}\n"
    listed = "a:\n  b: [c1,\n      d2, e3, f4]\n"  # lists are refilled
    assert format_text(listed, width=19) == "a:\n  b: [c1, d2, e3,\n      f4]\n"
