"""Each check's documentation says whether `validate --fix` fixes it (`Fix: safe` / `Fix: unsafe` / `Fix: safe or
unsafe`, nothing when no fixer answers it), as the fixer registry does; every fixer answers a registered check id."""

from __future__ import annotations

import re

from compiler.checks import CHECKS
from compiler.codes import known_codes
from compiler.fixes.registry import AVAILABILITY, FIXERS

_FIX_LINE = re.compile(r"^Fix: (safe or unsafe|safe|unsafe)\.", re.MULTILINE)


def test_fixers_answer_registered_checks_and_say_how_safe_they_are() -> None:
    assert set(FIXERS) == set(AVAILABILITY)
    assert set(FIXERS) <= known_codes() and set(FIXERS) <= set(CHECKS)


def test_check_docs_say_what_the_registry_says() -> None:
    said = {code: found.group(1) for code, module in CHECKS.items()
            if (found := _FIX_LINE.search(module.__doc__ or "")) is not None}
    assert said == AVAILABILITY
    unfixed = {code for code, module in CHECKS.items() if re.search(r"^Fix: none\.", module.__doc__ or "", re.M)}
    assert unfixed and not unfixed & set(AVAILABILITY)  # a check saying why it has no fix has none
