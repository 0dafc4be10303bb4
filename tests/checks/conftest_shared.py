"""Re-export the project's conftest helpers for test modules in this folder."""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("_root_conftest", Path(__file__).parents[1] / "conftest.py")
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)  # type: ignore[union-attr]
corpus_files = _mod.corpus_files
REFERENCE = _mod.REFERENCE
