"""The differential suite: thousands of mutants of real games, each judged by TripleA 2.7 and by us.

`validate --engine 2.7` must report an error exactly where TripleA 2.7.15622 refuses the game (its
GameParser + GameParsingValidation, run by the oracle kit's parse.sh, and the game selector's
null-name rule) and nowhere else. Every family of mutants (families/*.py) is one test; a disagreement
in either direction fails it with the case's edit, 2.7's message and ours.
"""

from __future__ import annotations

import os
from types import ModuleType

import pytest
from judging import ALL_FAMILIES, Case, compare, explain, judge_27, write_mutants

ENGINE = "2.7"
MIN_CASES = 3000  # the suite must not shrink unnoticed
# DIFFERENTIAL_FAMILIES=options,structure runs only these (while working on one family)
FAMILIES = tuple(f for f in os.environ.get("DIFFERENTIAL_FAMILIES", ",".join(ALL_FAMILIES)).split(",") if f)


@pytest.fixture(scope="module")
def cases(triplea27: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Case]]:
    mutants = write_mutants(tmp_path_factory.mktemp("mutants"), FAMILIES)
    return compare(mutants, judge_27(triplea27, mutants), ENGINE)


@pytest.mark.parametrize("family", FAMILIES)
def test_agrees_with_triplea27(cases: dict[str, list[Case]], family: str) -> None:
    found = cases.get(family, [])
    assert found, f"family {family} produced no mutants"
    refused = sum(c.oracle != "OK" for c in found)
    assert 0 < refused < len(found), f"{family}: 2.7 refused {refused} of {len(found)}: the family tests one side only"
    wrong = [c for c in found if not c.agrees]
    false_errors = [c for c in wrong if c.oracle == "OK"]
    missed = [c for c in wrong if c.oracle != "OK"]
    report = [f"{family}: {len(false_errors)} false errors, {len(missed)} missed errors of {len(found)} cases"]
    report += ["FALSE ERROR " + explain(c) for c in false_errors[:25]]
    report += ["MISSED " + explain(c) for c in missed[:25]]
    assert not wrong, "\n".join(report)


def test_suite_is_large(cases: dict[str, list[Case]]) -> None:
    if FAMILIES != ALL_FAMILIES:
        pytest.skip("DIFFERENTIAL_FAMILIES selects only some families")
    total = sum(len(c) for c in cases.values())
    assert total >= MIN_CASES, f"only {total} cases"
