"""TripleA's schema knowledge per release ("1.9", "2.7", "2026-08", "latest"; families "1.9" and "2.x"):
attachment classes and their options, game properties, delegates, step properties. The data ships in the package
(compiler/schemas/catalog/*.json); a missing or damaged catalog raises CatalogError.

    cat = load_catalog("2.x")
    cat.option("games.strategy.triplea.attachments.UnitAttachment", "isParatroop").name
    # -> "isAirTransportable" (2.x maps the legacy name)
"""

from compiler.catalog.catalog import (
    Catalog,
    decapitalize,
    load_catalog,
    option_versions,
    suggest,
    suggestions,
)
from compiler.catalog.loader import CATALOG_DIR, CatalogError
from compiler.catalog.model import (
    ENGINES,
    ClassInfo,
    DelegateInfo,
    OptionInfo,
    PropertyInfo,
    StepPropertyInfo,
)
from compiler.catalog.values import value_problem

__all__ = [
    "CATALOG_DIR",
    "ENGINES",
    "Catalog",
    "CatalogError",
    "ClassInfo",
    "DelegateInfo",
    "OptionInfo",
    "PropertyInfo",
    "StepPropertyInfo",
    "decapitalize",
    "load_catalog",
    "option_versions",
    "suggest",
    "suggestions",
    "value_problem",
]
