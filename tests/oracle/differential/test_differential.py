"""The differential suite: thousands of mutants of real games, each judged by every TripleA release that has
an oracle kit (2.7.15622 and the current release) and by us.

`validate --engine <release>` must report an error exactly where that release refuses the game (its GameParser
+ GameParsingValidation, run by the kit's parse.sh, and the game selector's null-name rule) and nowhere else.
Every family of mutants (families/*.py) is one test per release; a disagreement in either direction fails it
with the case's edit, the release's message and ours. The releases may judge a mutant differently only where
they differ (RELEASE_DIFFERENCES, each named with where TripleA changed it); any other difference fails.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from judging import ALL_FAMILIES, Case, compare, explain, judge_kit, write_mutants
from mutate import Mutant
from reference_data import KIT_RELEASES, kit

MIN_CASES = 3000  # the suite must not shrink unnoticed
# DIFFERENTIAL_FAMILIES=options,structure runs only these (while working on one family)
FAMILIES = tuple(f for f in os.environ.get("DIFFERENTIAL_FAMILIES", ",".join(ALL_FAMILIES)).split(",") if f)

_TRIPLEA_ELEMENT = re.compile(rb"<triplea[\s/>]")
RELEASE_DIFFERENCES: dict[str, Callable[[Mutant], bool]] = {
    "2.7 reads <triplea minimumVersion> and refuses a game needing a newer version or with a missing or unreadable "
    "one; 2026-06 and later no longer read <triplea> (triplea#14561)": lambda m: bool(_TRIPLEA_ELEMENT.search(m.xml)),
}


@pytest.fixture(scope="module")
def mutants(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Mutant, Path]]:
    return write_mutants(tmp_path_factory.mktemp("mutants"), FAMILIES)


@pytest.fixture(scope="module")
def verdicts(mutants: list[tuple[Mutant, Path]], shared: Path) -> dict[str, dict[Path, tuple[str, str]]]:
    """Each release's verdict on every mutant (the kits are asked one after the other, two JVMs each)."""
    return {release: judge_kit(kit(release), mutants) for release in KIT_RELEASES}


_cases: dict[str, dict[str, list[Case]]] = {}


def cases_of(release: str, mutants: list[tuple[Mutant, Path]], verdicts: dict[str, Any]) -> dict[str, list[Case]]:
    """Our verdicts beside the release's, validated once per release."""
    if release not in _cases:
        _cases[release] = compare(mutants, verdicts[release], release)
    return _cases[release]


@pytest.mark.parametrize("release", KIT_RELEASES)
@pytest.mark.parametrize("family", FAMILIES)
def test_agrees_with_the_release(mutants: list[tuple[Mutant, Path]], verdicts: dict[str, Any], family: str,
                                 release: str) -> None:
    found = cases_of(release, mutants, verdicts).get(family, [])
    assert found, f"family {family} produced no mutants"
    refused = sum(c.oracle != "OK" for c in found)
    assert 0 < refused < len(found), \
        f"{family}: {release} refused {refused} of {len(found)}: the family tests one side only"
    wrong = [c for c in found if not c.agrees]
    false_errors = [c for c in wrong if c.oracle == "OK"]
    missed = [c for c in wrong if c.oracle != "OK"]
    report = [f"{family}: {len(false_errors)} false errors, {len(missed)} missed errors of {len(found)} cases "
              f"(TripleA {release})"]
    report += ["FALSE ERROR " + explain(c) for c in false_errors[:25]]
    report += ["MISSED " + explain(c) for c in missed[:25]]
    assert not wrong, "\n".join(report)


def test_the_releases_differ_only_where_triplea_changed(mutants: list[tuple[Mutant, Path]],
                                                        verdicts: dict[str, Any]) -> None:
    """Where two releases judge a mutant differently, a named change between them explains it; and each named
    change does show (else it is stale)."""
    if len(KIT_RELEASES) < 2:
        pytest.skip("only one release has a kit")
    newest, *older = KIT_RELEASES
    shown: set[str] = set()
    unexplained = []
    for release in older:
        for mutant, path in mutants:
            (a, message_a), (b, message_b) = verdicts[release][path], verdicts[newest][path]
            if (a == "OK") == (b == "OK"):
                continue
            why = [name for name, applies in RELEASE_DIFFERENCES.items() if applies(mutant)]
            shown.update(why)
            if not why:
                unexplained.append(f"{mutant.name} [{mutant.edit}]: {release} {a} {message_a[:150]} / "
                                   f"{newest} {b} {message_b[:150]}")
    assert not unexplained, f"{len(unexplained)} unexplained differences:\n" + "\n".join(unexplained[:30])
    if FAMILIES == ALL_FAMILIES:
        assert shown == set(RELEASE_DIFFERENCES), set(RELEASE_DIFFERENCES) - shown


def test_suite_is_large(mutants: list[tuple[Mutant, Path]]) -> None:
    if FAMILIES != ALL_FAMILIES:
        pytest.skip("DIFFERENTIAL_FAMILIES selects only some families")
    assert len(mutants) >= MIN_CASES, f"only {len(mutants)} cases"
