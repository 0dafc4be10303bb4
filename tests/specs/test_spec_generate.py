"""Generated entries of the spec language (`for:`, `lists:`, groups, generated option values): each
expands at lowering into the ordinary attachments it stands for, in order; every mistake is a located
`spec-generate` error (compiler/spec/generate.py, compiler/lower/generate.py)."""

from __future__ import annotations

import pytest

from compiler.lower import lower_spec
from compiler.lower.attachments import raw_attachments
from compiler.model import Attachment, GameModel
from compiler.problems import Problem, ProblemsFound
from compiler.spec import load_spec_text
from compiler.spec.fmt import format_text

BASE = """\
game: {name: Mini, map_name: mini}
resources: [PUs]
players: {A: {alliance: X}, B: {alliance: Y}, Pontus et Bythnia: {alliance: Z}}
relationship_types: {War: war}
relationships: {between: War}
units: {infantry: {cost: 3, movement: 1, attack: 1, defense: 2}}
territories:
  T1: {owner: A, production: 5}
  T2: {owner: B, production: 5}
connections: {T1: [T2]}
lists:
  players: [A, B]
  places: [T1, T2]
  kinds: [[Inf, infantry, 2], [Cav, cavalry, 3]]
"""


def lower(extra: str) -> tuple[GameModel, list[Problem]]:
    return lower_spec(load_spec_text(BASE + extra, "mini.yaml"))


def made(extra: str, base: str = BASE) -> list[Attachment]:
    """The attachments of `attachments:` (no other section makes any in these specs)."""
    found, problems = raw_attachments(load_spec_text(base + extra, "mini.yaml"))
    assert [p.message for p in problems] == []
    return found


def rows(a: Attachment) -> list[tuple[str, str, str]]:
    return [(o.name, o.value, o.count) for o in a.options]


def only_problem(extra: str) -> Problem:
    _, problems = lower(extra)
    found = [p for p in problems if p.code == "spec-generate"]
    assert len(found) == 1, [str(p) for p in problems]
    return found[0]


def test_a_product_of_lists_in_order_first_placeholder_slowest() -> None:
    found = made("""
attachments:
  - for: {P: players, T: places}
    name: "conditionAttachment{P}Owns{T}"
    attach_to: "{P}"
    class: RulesAttachment
    type: player
    options: {directOwnershipTerritories: {value: "{T}", count: 1}}
""")
    assert [(a.name, a.attach_to, a.type) for a in found] == [
        ("conditionAttachmentAOwnsT1", "A", "player"), ("conditionAttachmentAOwnsT2", "A", "player"),
        ("conditionAttachmentBOwnsT1", "B", "player"), ("conditionAttachmentBOwnsT2", "B", "player")]
    assert rows(found[1]) == [("directOwnershipTerritories", "T2", "1")]
    assert found[0].java_class == "games.strategy.triplea.attachments.RulesAttachment"


def test_distinct_rows_literal_lists_and_filters() -> None:
    found = made("""
attachments:
  - for: {P: players, Q: [A, B, Pontus et Bythnia], "K, U, N": kinds}
    distinct: [P, Q]
    name: "t{P}{Q}{K}"
    attach_to: "{P}"
    class: TriggerAttachment
    type: player
    options: {unitType: "{U}", text: "{Q|upper|snake}_{K|lower}", number: "{N}", players: "{{{P}}}"}
""")
    assert [a.name for a in found] == ["tABInf", "tABCav", "tAPontus et BythniaInf", "tAPontus et BythniaCav",
                                       "tBAInf", "tBACav", "tBPontus et BythniaInf", "tBPontus et BythniaCav"]
    assert rows(found[2]) == [("unitType", "infantry", ""), ("text", "PONTUS_ET_BYTHNIA_inf", ""),
                              ("number", "2", ""), ("players", "{A}", "")]


def test_groups_repeat_their_attachments_per_combination_and_inner_loops_nest() -> None:
    found = made("""
attachments:
  - for: {P: players}
    attachments:
      - {name: "trigger{P}", attach_to: "{P}", class: TriggerAttachment, type: player, options: {uses: 1}}
      - {for: {T: places}, distinct: [P, T], name: "action{P}{T}", attach_to: "{P}", class: UserActionAttachment,
         type: player, options: {text: "{P}_{T}"}}
""")
    assert [a.name for a in found] == ["triggerA", "actionAT1", "actionAT2", "triggerB", "actionBT1", "actionBT2"]


def test_generated_option_values_each_and_join_with_list_names_from_outer_placeholders() -> None:
    found = made("""
attachments:
  - {name: "plain{P}", attach_to: A, class: TriggerAttachment, type: player,
     options: {when: {for: {S: players}, each: "before:{S|lower}Politics"},
               players: {for: {S: players}, join: "{S}"},
               placement: {value: {for: {T: places}, join: "{T}", sep: "+"}, count: 2}}}
  - for: {P: players}
    name: "rows{P}"
    attach_to: "{P}"
    class: TriggerAttachment
    type: player
    options: [[conditions, "c{P}"], {for: {T: "away_{P}"}, each: [removeUnits, "{T}:infantry", "99"]}, [uses, 1]]
""", BASE.replace("  kinds:", "  away_A: [T2]\n  away_B: [T1, T2]\n  kinds:"))
    plain, rows_a, rows_b = found
    assert plain.name == "plain{P}"  # outside every loop texts are kept as written
    assert rows(plain) == [("when", "before:aPolitics", ""), ("when", "before:bPolitics", ""),
                           ("players", "A:B", ""), ("placement", "T1+T2", "2")]
    assert rows(rows_a) == [("conditions", "cA", ""), ("removeUnits", "T2:infantry", "99"), ("uses", "1", "")]
    assert [r[1] for r in rows(rows_b)] == ["cB", "T1:infantry", "T2:infantry", "1"]


def test_the_compiled_game_is_the_one_written_out() -> None:
    generated = made("""
attachments:
  - for: {P: players, "K, U, N": kinds}
    name: "s{K}"
    attach_to: "{P}"
    class: RulesAttachment
    type: player
    options: {unitPresence: {value: "{U}", count: "{N}"}}
""")
    written = made("""
attachments:
  - {name: sInf, attach_to: A, class: RulesAttachment, type: player,
     options: {unitPresence: {value: infantry, count: 2}}}
  - {name: sCav, attach_to: A, class: RulesAttachment, type: player,
     options: {unitPresence: {value: cavalry, count: 3}}}
  - {name: sInf, attach_to: B, class: RulesAttachment, type: player,
     options: {unitPresence: {value: infantry, count: 2}}}
  - {name: sCav, attach_to: B, class: RulesAttachment, type: player,
     options: {unitPresence: {value: cavalry, count: 3}}}
""")
    assert [(a.name, a.attach_to, rows(a)) for a in generated] == [(a.name, a.attach_to, rows(a)) for a in written]


ENTRY = """
attachments:
  - {{name: ok, attach_to: A, class: RulesAttachment, type: player, options: {{switch: true}}}}
  - for: {loop}
    name: "{name}"
    attach_to: "{{P}}"
    class: RulesAttachment
    type: player
    options: {{switch: true}}
"""


@pytest.mark.parametrize(("loop", "name", "words", "line"), [
    ("{P: players}", "c{Q}", "placeholder {Q} in 'c{Q}' names nothing (bound here: P)", 5),
    ("{P: playrs}", "c{P}", "P: unknown list 'playrs' (lists: kinds, places, players)", 4),
    ("{P: players}", "c{P|lowr}", "unknown filter 'lowr' in {P|lowr} (filters: lower, upper, snake)", 5),
    ("{P: players}", "c{P", "a lone '{' in 'c{P': write '{{' for a brace", 5),
    ("{P: kinds}", "c{P}", "P: item 1 should be one value", 4),
    ('{"P, Q": [[A, B], [A]]}', "c{P}", "P, Q: item 2 should be a row of 2 values", 4),
    ('{"P, P": [[A, B]]}', "c{P}", "placeholder P bound twice by one `for:`", 4),
    ("[{P: players}, {Q: players}]", "c{P}", "each mapping of a `for:` list binds the same placeholders", 4),
    ("{1P: players}", "c{P}", "placeholder '1P': a name of letters", 4),
])
def test_mistakes_are_located_errors(loop: str, name: str, words: str, line: int) -> None:
    problem = only_problem(ENTRY.format(loop=loop, name=name))
    assert words in problem.message
    assert problem.severity.value == "error"
    assert problem.location.path == "mini.yaml"
    assert problem.location.line == BASE.count("\n") + line


def test_distinct_must_name_a_bound_placeholder() -> None:
    problem = only_problem(ENTRY.format(loop="{P: players}", name="c{P}").replace(
        "    type: player\n", "    type: player\n    distinct: [P, Q]\n", 1))
    assert "distinct names Q, which no `for:` binds (bound: P)" in problem.message


def test_a_placeholder_inside_an_inner_loop_may_not_rebind_an_outer_one() -> None:
    problem = only_problem("""
attachments:
  - for: {P: players}
    name: "c{P}"
    attach_to: A
    class: RulesAttachment
    type: player
    options: {players: {for: {P: places}, join: "{P}"}}
""")
    assert "placeholder P is already bound by an enclosing `for:`" in problem.message


@pytest.mark.parametrize(("body", "words"), [
    ("{for: {P: players}, each: x, join: y}", "either `each:` or `join:`"),
    ("{for: {P: players}, each: x, sep: '+', typo: 1}", "unknown key 'typo'"),
])
def test_generated_values_are_checked_when_loaded(body: str, words: str) -> None:
    with pytest.raises(ProblemsFound) as caught:
        lower(f"attachments:\n  - {{name: c, attach_to: A, class: RulesAttachment, options: {{players: {body}}}}}\n")
    assert any(words in p.message for p in caught.value.problems)


def test_unknown_keys_of_a_generated_entry_are_refused_where_they_stand() -> None:
    with pytest.raises(ProblemsFound) as caught:
        lower("attachments:\n  - {for: {P: players}, attachments: [{name: a, attach_to: A, class: X}], fo: 1}\n")
    assert [(p.message, p.location.line) for p in caught.value.problems] == [
        ("unknown key 'fo'", BASE.count("\n") + 2)]


def test_fmt_keeps_a_generated_entry_meaning_the_same() -> None:
    text = BASE + """
attachments:
  - for: {P: players,   "K, U, N": kinds}
    distinct: [P,K]
    name: "s{K}"
    attach_to: "{P}"
    class: RulesAttachment
    options: {unitPresence: {value: "{U}", count: "{N}"}, when: {for: {S: players}, each: "before:{S|lower}Place"}}
"""
    formatted = format_text(text, "mini.yaml")
    assert formatted != text
    assert format_text(formatted, "mini.yaml") == formatted
    before = [(a.name, rows(a)) for a in lower_spec(load_spec_text(text, "a.yaml"))[0].attachments]
    after = [(a.name, rows(a)) for a in lower_spec(load_spec_text(formatted, "a.yaml"))[0].attachments]
    assert before == after


def test_distinct_on_an_entry_of_a_group_leaves_it_out_of_repeating_combinations() -> None:
    found = made("""
attachments:
  - for: {P: players, Q: players}
    attachments:
      - {name: "all{P}{Q}", attach_to: "{P}", class: TriggerAttachment, type: player}
      - {name: "pair{P}{Q}", attach_to: "{P}", class: TriggerAttachment, type: player, distinct: [P, Q]}
""")
    assert [a.name for a in found] == ["allAA", "allAB", "pairAB", "allBA", "pairBA", "allBB"]


def test_distinct_without_for_outside_a_group_is_an_error() -> None:
    problem = only_problem("attachments:\n  - {name: c, attach_to: A, class: RulesAttachment, distinct: [P, Q]}\n")
    assert "distinct without `for:`" in problem.message and problem.location.line == BASE.count("\n") + 2
