"""Data files shipped inside the package (compiler/schemas/catalog/): read one, or say the installation is
broken. Nothing is checked without them, so a missing or damaged file is a CatalogError, never a silent skip."""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

CATALOG_DIR: Traversable = files("compiler") / "schemas" / "catalog"


class CatalogError(RuntimeError):
    """The installed catalog is missing or unreadable: the installation is broken, nothing can be checked."""


def read_json(name: str, directory: Traversable = CATALOG_DIR) -> dict[str, Any]:
    """One catalog file as a dict; a missing or broken file is a CatalogError, never a silent skip."""
    path = directory / name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CatalogError(f"catalog file missing or unreadable: {path} ({exc.strerror or exc}); "
                           "reinstall triplea-compiler") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = f"{path}:{exc.lineno}:{exc.colno}" if isinstance(exc, json.JSONDecodeError) else str(path)
        raise CatalogError(f"{where}: catalog is not valid JSON; reinstall triplea-compiler") from None
    if not isinstance(data, dict):
        raise CatalogError(f"{path}: catalog is not a JSON object; reinstall triplea-compiler")
    return data
