"""Shared fixtures: where ../shared and the real TripleA engine are, and when tests may skip.

Tests that need ../shared or TripleA must run in CI (CI=true): there a missing resource fails
the test instead of skipping it. A user without them gets a skip that says why.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from reference_data import KIT_RELEASES, REFERENCE, SHARED, TRIPLEA_JAR, catalogue_maps, corpus_files, kit, need

__all__ = ["corpus_files"]


@pytest.fixture(scope="session")
def shared() -> Path:
    """The ../shared folder beside the project (skips outside CI when it is missing)."""
    need(REFERENCE.is_dir(), "needs ../shared/reference beside the project")
    return SHARED


@pytest.fixture(scope="session")
def catalogue(shared: Path) -> Path:
    """The public map catalogue's maps/ folder, unpacked from ../shared/reference/catalogue into a cache."""
    maps = catalogue_maps()
    need(maps is not None, "needs ../shared/reference/catalogue (the public map catalogue)")
    assert maps is not None
    return maps


@pytest.fixture(scope="session")
def triplea_jar() -> Path:
    """TripleA 1.9's jar from Debian (`apt-get install triplea`) and a JDK to build the harness."""
    need(TRIPLEA_JAR.is_file() and shutil.which("javac") is not None,
          "needs TripleA 1.9 (apt-get install triplea) and javac")
    return TRIPLEA_JAR


@pytest.fixture(scope="session")
def triplea27(shared: Path) -> Any:
    """TripleA 2.7.15622, the last 2.x release (its oracle kit in ../shared, Java 17 and the kit's Debian jars)."""
    return kit("2.7")


@pytest.fixture(scope="session")
def current_triplea(shared: Path) -> Any:
    """The newest TripleA release the tool knows (`latest`, what players run today), as its oracle kit."""
    return kit("latest")


@pytest.fixture(scope="session", params=KIT_RELEASES)
def triplea_kit(request: pytest.FixtureRequest, shared: Path) -> Any:
    """Each release that has an oracle kit in turn (2.7 and the current release)."""
    return kit(request.param)
