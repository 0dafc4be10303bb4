"""Questions the checks ask the option/property/delegate catalog (compiler.catalog).

The catalog is always there: a missing or damaged one raises CatalogError before any check runs.
"""

from __future__ import annotations

from functools import lru_cache

from compiler.catalog import Catalog
from compiler.catalog.model import OptionInfo
from compiler.checks.context import CheckContext
from compiler.checks.option_refs import FORMAT
from compiler.engines import oldest_2x, release
from compiler.model.vocabulary import UNIT, simple_class


def _suggest(name: str, candidates: set[str]) -> str:
    from compiler.catalog import suggest

    best = suggest(name, candidates)
    return f" (did you mean '{best}'?)" if best else ""


def delegate_known(ctx: CheckContext, java_class: str) -> bool:
    return ctx.catalog.delegate(java_class) is not None


def loader_known(ctx: CheckContext, java_class: str) -> bool:
    return ctx.catalog.loader_known(java_class)


def attachment_class_known(ctx: CheckContext, java_class: str) -> bool:
    return ctx.catalog.attachment_class(java_class) is not None


def option_status(ctx: CheckContext, java_class: str, option: str, value: str) -> tuple[str, str] | None:
    """('ok', ''), ('unknown', ' (did you mean ...)'), ('read-only', '') (2.x has no setter for it) or
    ('needs', 'TripleA 2.6 or later'): a newer release line accepts it; None for a class the catalog
    does not know (unknown-attachment-class
    reports that)."""
    cat = ctx.catalog
    if cat.attachment_class(java_class) is None:
        return None
    if cat.option(java_class, option) is not None or cat.ignored_option(option, value):
        return "ok", ""
    info = cat.attachment_class(java_class)
    if info is not None and cat.option_name(option) in info.read_only:
        return "read-only", ""
    newer = sorted((v for v in cat.option_versions(java_class, option) if release(v) > release(cat.line)), key=release)
    if newer:
        first = newer[0]
        return "needs", "TripleA 2.x" if first == oldest_2x().name else f"TripleA {first} or later"
    return "unknown", _suggest(option, cat.options(java_class))


# Where TripleA 1.9 reads a value more loosely than the catalog's kind says (checked on real maps):
# isMarine takes true/false; canInvadeOnlyFrom lists transport unit types.
KIND_OVERRIDES = {(UNIT.java_class, "isMarine"): "int_or_bool", (UNIT.java_class, "canInvadeOnlyFrom"): "units"}


class OptionTable(dict[str, "OptionInfo | None"]):
    """Option name as a game spells it -> the catalog's record (None: unknown) for one attachment class
    (legacy names and the first letter resolved); each name is looked up in the catalog once."""

    def __init__(self, catalog: Catalog, java_class: str) -> None:
        super().__init__()
        self.catalog, self.java_class = catalog, java_class

    def __missing__(self, option: str) -> OptionInfo | None:
        info = self[option] = self.catalog.option(self.java_class, option)
        return info


class _OptionTables(dict[str, OptionTable]):
    """javaClass -> its OptionTable, made when a class is first asked for."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog

    def __missing__(self, java_class: str) -> OptionTable:
        table = self[java_class] = OptionTable(self.catalog, java_class)
        return table


def _option_tables(ctx: CheckContext) -> _OptionTables:
    return _OptionTables(ctx.catalog)


def option_table(ctx: CheckContext, java_class: str) -> OptionTable:
    """The option records of `java_class`, shared by the checks of one game."""
    return ctx.shared(_option_tables)[java_class]


def option_info(ctx: CheckContext, java_class: str, option: str) -> OptionInfo | None:
    """The catalog's record of an option (legacy names and the first letter resolved)."""
    return option_table(ctx, java_class)[option]


def option_kind(ctx: CheckContext, java_class: str, option: str) -> str | None:
    """The value kind of an option when the catalog knows it: for 2.x `format:<value format>`
    (compiler.catalog.formats), for 1.9 the catalog's kind ('int', 'bool', 'units', 'count:unit'...)."""
    info = option_info(ctx, java_class, option)
    if info is None:
        return None
    if info.format:
        return FORMAT + info.format
    return KIND_OVERRIDES.get((simple_class(java_class), info.name), info.kind)


def property_known(ctx: CheckContext, name: str) -> bool:
    owners = ctx.__dict__.get("_property_owners")
    if owners is None:
        owners = ctx.__dict__["_property_owners"] = (
            [p.name for p in ctx.model.players], {a.alliance for a in ctx.model.alliances}
        )
    return ctx.catalog.property(name, *owners) is not None


def property_hint(ctx: CheckContext, name: str) -> str:
    """' (did you mean ...?)' for an unknown game property."""
    return _property_hint(ctx.engine, name)


@lru_cache(maxsize=4096)
def _property_hint(engine: str, name: str) -> str:
    from compiler.catalog import load_catalog

    return _suggest(name, load_catalog(engine).property_names())


def step_property_status(ctx: CheckContext, name: str) -> tuple[bool, str]:
    cat = ctx.catalog
    if cat.step_property(name) is not None:
        return True, ""
    return False, _suggest(name, cat.step_property_names())
