"""The five seed variants follow their documents, proven row by row.

- every row of each spec's `rules:` is proven against the committed output/<spec>.xml (the game users
  load; tests/specs keeps it current): its claims hold, its house rules break and keep their logs;
- every rule of the document has exactly one row: tests/specs/document_rules/<spec>.txt lists the rules
  extracted from ../shared/seeds/<spec>.txt, one per line as `<id>  <the rule in brief>`, where the id is
  the document line the rule stands on, with a letter when a line holds several (`17`, `17a`, `17b`);
  each row names its rule with `doc: <id>`; a row without one is a choice the document is silent on;
- `approximated` is left for what no data can show: at most 3 rows per document, each naming the fact
  neither TripleA nor a save records, and no rule is "left to the players";
- the four TripleA variants' specs stay concise: without `rules:` and `house_rules:`, at most a third of
  the lines of their compiled XML.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.load import load_game
from compiler.proofs import prove_rows
from compiler.spec import load_spec
from compiler.spec.models import Spec
from tests.reference_data import SHARED, need

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ["aggression_1939", "g40_alt_universe", "empire", "diberardino_classic", "allies_vs_axis"]
TRIPLEA_VARIANTS = ["aggression_1939", "g40_alt_universe", "empire", "diberardino_classic"]
LISTS = ROOT / "tests" / "specs" / "document_rules"
RULE_LINE = re.compile(r"^(?P<id>\d+[a-z]?)\s+(?P<rule>\S.*)$")
MAX_APPROXIMATED = 3
LINE_RATIO = 1 / 3

_specs: dict[str, Spec] = {}


def spec(name: str) -> Spec:
    if name not in _specs:
        _specs[name] = load_spec(ROOT / "specs" / f"{name}.yaml")
    return _specs[name]


def document_rules(name: str) -> dict[str, str]:
    """id -> the rule in brief, from tests/specs/document_rules/<name>.txt (comments and blank lines skipped)."""
    rules: dict[str, str] = {}
    for number, line in enumerate((LISTS / f"{name}.txt").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        found = RULE_LINE.match(line)
        assert found, f"document_rules/{name}.txt:{number}: not `<id>  <rule>`: {line!r}"
        assert found["id"] not in rules, f"document_rules/{name}.txt:{number}: id {found['id']} twice"
        rules[found["id"]] = found["rule"]
    return rules


@pytest.mark.parametrize("name", SEEDS)
def test_every_row_is_proven_against_the_compiled_game(name: str) -> None:
    game = load_game(ROOT / "output" / f"{name}.xml").require_clean()
    proofs = prove_rows(spec(name), game.model, ROOT / "specs")
    rows = spec(name).rules
    assert len(proofs) == len(rows)
    bad = [f"{row.rule!r} ({p.status}): {'; '.join(p.reasons)}" for row, p in zip(rows, proofs, strict=True)
           if p.status != "proven"]
    assert not bad, f"{len(bad)} of {len(rows)} rows of {name} are not proven:\n" + "\n".join(bad)


@pytest.mark.parametrize("name", SEEDS)
def test_every_document_rule_has_one_row(name: str) -> None:
    listed = document_rules(name)
    rows = spec(name).rules
    named = [r.doc for r in rows if r.doc]
    assert len(named) == len(set(named)), f"ids named by two rows: {sorted({d for d in named if named.count(d) > 1})}"
    assert sorted(set(listed) - set(named)) == [], "document rules without a row"
    assert sorted(set(named) - set(listed)) == [], "rows naming no rule of the list"
    assert len(named) == len(listed)
    silent = [r.rule for r in rows if not r.doc and not r.choice]
    assert silent == [], "rows that stand for no document rule must be choices (choice: true)"


@pytest.mark.parametrize("name", SEEDS)
def test_document_rule_ids_are_lines_of_the_document(name: str) -> None:
    seed = SHARED / "seeds" / f"{name}.txt"
    need(seed.is_file(), "needs ../shared/seeds beside the project")
    lines = seed.read_text(encoding="utf-8", errors="replace").splitlines()
    for rule_id in document_rules(name):
        number = int(rule_id.rstrip("abcdefghijklmnopqrstuvwxyz"))
        assert 1 <= number <= len(lines) and lines[number - 1].strip(), f"{rule_id}: not a line with text in {seed}"


@pytest.mark.parametrize("name", SEEDS)
def test_approximated_rows_are_few_and_name_the_missing_fact(name: str) -> None:
    rows = spec(name).rules
    approximated = [r for r in rows if r.realization == "approximated"]
    assert len(approximated) <= MAX_APPROXIMATED, [r.rule for r in approximated]
    assert all(r.unrecorded for r in approximated)
    left = [r.rule for r in rows if "left to the player" in f"{r.detail} {r.unrecorded or ''}".lower()]
    assert left == []


@pytest.mark.parametrize("name", TRIPLEA_VARIANTS)
def test_spec_is_at_most_a_third_of_its_xml(name: str) -> None:
    text = (ROOT / "specs" / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    tables = 0
    inside = False
    for line in text:
        if re.match(r"^[A-Za-z_]+:", line):
            inside = line.startswith(("rules:", "house_rules:"))
        tables += inside
    xml = (ROOT / "output" / f"{name}.xml").read_text(encoding="utf-8").count("\n")
    ratio = (len(text) - tables) / xml
    assert ratio <= LINE_RATIO, f"{name}: {len(text) - tables} spec lines / {xml} XML lines = {ratio:.3f}"
