"""Shared fixtures: where ../shared and the real TripleA engine are, and when tests may skip.

Tests that need ../shared or TripleA must run in CI (CI=true): there a missing resource fails
the test instead of skipping it. A user without them gets a skip that says why.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from reference_data import REFERENCE, SHARED, TRIPLEA_JAR, corpus_files, need

__all__ = ["corpus_files"]


@pytest.fixture(scope="session")
def shared() -> Path:
    """The ../shared folder beside the project (skips outside CI when it is missing)."""
    need(REFERENCE.is_dir(), "needs ../shared/reference beside the project")
    return SHARED


@pytest.fixture(scope="session")
def triplea_jar() -> Path:
    """TripleA 1.9's jar from Debian (`apt-get install triplea`) and a JDK to build the harness."""
    need(TRIPLEA_JAR.is_file() and shutil.which("javac") is not None,
          "needs TripleA 1.9 (apt-get install triplea) and javac")
    return TRIPLEA_JAR


@pytest.fixture(scope="session")
def triplea27(shared: Path) -> ModuleType:
    """TripleA 2.7.15622, the release players run (the oracle kit in ../shared, Java 17 and the kit's
    Debian jars): tests/oracle/triplea27.py, loaded by path."""
    path = Path(__file__).parent / "oracle" / "triplea27.py"
    spec = importlib.util.spec_from_file_location("triplea27", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["triplea27"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    why = module.missing()
    need(why is None, str(why))
    return module
