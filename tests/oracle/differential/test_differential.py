"""The differential suite: thousands of mutants of real games, each judged by TripleA 2.7 and by us.

`validate --engine 2.7` must report an error exactly where TripleA 2.7.15622 refuses the game (its
GameParser + GameParsingValidation, run by the oracle kit's parse.sh) and nowhere else. Every family of
mutants (families/*.py) is one test; a disagreement in either direction fails it with the case's edit,
2.7's message and ours.
"""

from __future__ import annotations

import importlib
import json
import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree
from mutate import Mutant, bases

from compiler.commands.validate import validate_input
from compiler.mapfolder import GameInput

ALL_FAMILIES = ("options", "structure", "attachment_rules")
# DIFFERENTIAL_FAMILIES=options,structure runs only these (while working on one family)
FAMILIES = tuple(f for f in os.environ.get("DIFFERENTIAL_FAMILIES", ",".join(ALL_FAMILIES)).split(",") if f)
ENGINE = "2.7"
MIN_CASES = 3000  # the suite must not shrink unnoticed


@dataclass(frozen=True)
class Case:
    mutant: Mutant
    path: Path
    oracle: str  # OK, PARSE-ERROR, INVALID or SELECTOR (see selector_refuses)
    message: str
    ours: tuple[str, ...]  # our errors, "code: message"

    @property
    def agrees(self) -> bool:
        return (self.oracle == "OK") == (not self.ours)


def selector_refuses(xml: bytes) -> bool:
    """2.7's game selector (GameSelectorModel.loadMap) drops a parsed game whose name is null: a game
    without <info name> and without a map.yml above it. parse.sh stops before that step."""
    try:
        root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True))
    except etree.XMLSyntaxError:
        return False
    info = [e for e in root if isinstance(e.tag, str) and e.tag.lower() == "info"]
    return not info or not info[-1].get("name")


def _ours(path: Path) -> tuple[str, ...]:
    problems, _ = validate_input(GameInput(str(path)), ENGINE)
    return tuple(f"{p.code}: {p.message}" for p in problems if p.is_error)


def _family(name: str) -> ModuleType:
    return importlib.import_module(f"families.{name}")


@pytest.fixture(scope="module")
def cases(triplea27: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Case]]:
    folder = tmp_path_factory.mktemp("mutants")
    games = bases()
    mutants: list[tuple[Mutant, Path]] = []
    for family in FAMILIES:
        (folder / family).mkdir()
        seen: set[str] = set()
        for mutant in _family(family).mutants(games):
            assert mutant.name not in seen, f"two {family} mutants are named {mutant.name}"
            seen.add(mutant.name)
            path = folder / family / f"{mutant.name}.xml"
            path.write_bytes(mutant.xml)
            mutants.append((mutant, path))
    paths = [p for _, p in mutants]
    chunks = [paths[i::2] for i in range(2)]  # two JVMs at once: CI has 2 cores
    with ThreadPoolExecutor(2) as pool:
        verdicts: dict[Path, object] = {}
        for part in pool.map(triplea27.judge, chunks):
            verdicts.update(part)
    by_family: dict[str, list[Case]] = {f: [] for f in FAMILIES}
    for mutant, path in mutants:
        verdict = verdicts[path.resolve()]
        status, message = verdict.status, verdict.message  # type: ignore[attr-defined]
        if status == "OK" and selector_refuses(mutant.xml):
            status, message = "SELECTOR", "the game selector drops a game without <info name>"
        by_family[mutant.family].append(Case(mutant, path, status, message, _ours(path)))
    _write_summary(by_family)
    return by_family


def _write_summary(by_family: dict[str, list[Case]]) -> None:
    """Counts for the README (DIFFERENTIAL_SUMMARY=path writes them as JSON)."""
    target = os.environ.get("DIFFERENTIAL_SUMMARY")
    if not target:
        return
    summary = {
        family: {
            "cases": len(cs),
            "refused_by_27": sum(c.oracle != "OK" for c in cs),
            "agree": sum(c.agrees for c in cs),
            "by_status": dict(Counter(c.oracle for c in cs)),
        }
        for family, cs in by_family.items()
    }
    Path(target).write_text(json.dumps(summary, indent=1) + "\n")


def _explain(case: Case) -> str:
    ours = "; ".join(case.ours[:2]) or "no error"
    return f"{case.mutant.name} [{case.mutant.edit}]\n    2.7: {case.oracle} {case.message[:300]}\n    ours: {ours[:300]}"


@pytest.mark.parametrize("family", FAMILIES)
def test_agrees_with_triplea27(cases: dict[str, list[Case]], family: str) -> None:
    found = cases[family]
    assert found, f"family {family} produced no mutants"
    refused = sum(c.oracle != "OK" for c in found)
    assert 0 < refused < len(found), f"{family}: 2.7 refused {refused} of {len(found)}: the family tests one side only"
    wrong = [c for c in found if not c.agrees]
    false_errors = [c for c in wrong if c.oracle == "OK"]
    missed = [c for c in wrong if c.oracle != "OK"]
    report = [f"{family}: {len(false_errors)} false errors, {len(missed)} missed errors of {len(found)} cases"]
    report += ["FALSE ERROR " + _explain(c) for c in false_errors[:25]]
    report += ["MISSED " + _explain(c) for c in missed[:25]]
    assert not wrong, "\n".join(report)


def test_suite_is_large(cases: dict[str, list[Case]]) -> None:
    if FAMILIES != ALL_FAMILIES:
        pytest.skip("DIFFERENTIAL_FAMILIES selects only some families")
    total = sum(len(c) for c in cases.values())
    assert total >= MIN_CASES, f"only {total} cases"
