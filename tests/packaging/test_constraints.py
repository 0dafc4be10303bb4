"""The test environment is reproducible: constraints.txt pins every package `pip install -e '.[dev]'` brings,
the README's set-up and .ci/run install with it, and in CI the tests run with exactly those versions."""

from __future__ import annotations

import re
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from reference_data import IN_CI, ROOT

CONSTRAINTS = ROOT / "constraints.txt"
INSTALL = "pip install -e '.[dev]' -c constraints.txt"


def pins() -> dict[str, str]:
    """Package (canonical name) -> pinned version."""
    found: dict[str, str] = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep and version and not re.search(r"[<>~!;\s]", version), f"not a pin: {line!r}"
            found[canonicalize_name(name)] = version
    return found


def closure() -> set[str]:
    """Every distribution `triplea-compiler[dev]` needs, as installed here (canonical names)."""
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [Requirement("triplea-compiler[dev]")]
    while todo:
        requirement = todo.pop()
        key = (canonicalize_name(requirement.name), frozenset(requirement.extras))
        if key in seen:
            continue
        seen.add(key)
        extras = requirement.extras or {""}
        for raw in metadata.distribution(key[0]).requires or []:
            child = Requirement(raw)
            if child.marker is None or any(child.marker.evaluate({"extra": extra}) for extra in extras):
                todo.append(child)
    return {name for name, _ in seen} - {"triplea-compiler"}


def test_every_package_the_tests_need_is_pinned() -> None:
    missing = sorted(closure() - set(pins()))
    assert not missing, f"constraints.txt does not pin {missing}: regenerate it as its header says"


def test_the_readme_and_ci_install_with_the_constraints() -> None:
    assert INSTALL in (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -e '.[dev]' -c constraints.txt" in ci


def test_the_tests_run_with_the_pinned_versions() -> None:
    """In CI the installed versions are the pinned ones (a developer's own environment may differ: a skip)."""
    differ = {name: (metadata.version(name), version) for name, version in pins().items()
              if name in closure() and metadata.version(name) != version}
    if differ and not IN_CI:
        pytest.skip(f"this environment differs from constraints.txt (installed, pinned): {differ}")
    assert not differ, f"installed versions differ from constraints.txt (installed, pinned): {differ}"
