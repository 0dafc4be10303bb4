"""Read the JSON catalogs shipped in the package (compiler/schemas/catalog/) into typed records."""

from __future__ import annotations

from typing import Any

from compiler import engines
from compiler.catalog.model import (
    ENGINES,
    ClassInfo,
    DelegateInfo,
    OptionInfo,
    PropertyInfo,
    StepPropertyInfo,
)
from compiler.packagedata import CATALOG_DIR, CatalogError, read_json

__all__ = ["CATALOG_DIR", "CatalogError", "check_engine", "load_classes", "load_delegates", "load_properties",
           "load_step_properties", "read_json"]


def check_engine(engine: str) -> str:
    """The catalog family of an engine version: "1.9..." -> "1.9", "2.x" / "2.6" ... -> "2.x"."""
    return engines.family(engine)


def _option(name: str, raw: dict[str, Any], family: str) -> OptionInfo:
    return OptionInfo(
        name=name,
        kind=raw["kind"],
        engines=frozenset(raw["engines"]),
        since=raw.get("since", "1.9"),
        until=raw.get("until"),
        count=bool(raw.get("count", False)),
        java_type=raw.get("java_type", ""),
        deprecated=bool(raw.get("deprecated_2x", False)),
        replaced_by=raw.get("replaced_by_2x"),
        format=raw.get("format_2x", "") if family == "2.x" else "",
    )


def load_classes(engine: str, data: dict[str, Any]) -> dict[str, ClassInfo]:
    """Attachment classes by fully qualified name, with only the options `engine` (a family or a
    release line such as "2.6") accepts."""
    family = engines.family(engine)
    classes: dict[str, ClassInfo] = {}
    for java_class, raw in data["classes"].items():
        if family not in raw.get("engines", ENGINES):
            continue
        options = {
            name: _option(name, opt, family) for name, opt in raw["options"].items()
            if family in opt["engines"] and engines.in_line(engine, opt.get("since", "1.9"), opt.get("until"))
        }
        classes[java_class] = ClassInfo(
            java_class=java_class,
            simple_name=raw["simple_name"],
            attach_types=tuple(raw["attach_types"]),
            exact_name=raw.get("name_rule", {}).get("exact"),
            name_prefixes=tuple(raw.get("name_rule", {}).get("prefix", ())),
            options=options,
            read_only=frozenset(raw.get("read_only_2x", ())) if family == "2.x" else frozenset(),
        )
    return classes


def load_properties(engine: str, data: dict[str, Any]) -> tuple[dict[str, PropertyInfo], list[PropertyInfo]]:
    """Game properties by exact name, and the name patterns ("{player} bid") `engine` reads."""
    props: dict[str, PropertyInfo] = {}
    for name, raw in data["properties"].items():
        if engine not in raw["engines"]:
            continue
        props[name] = PropertyInfo(
            name=name,
            kind=raw["kind"],
            engines=frozenset(raw["engines"]),
            since=raw.get("since", "1.9"),
            until=raw.get("until"),
            read_in=tuple(raw.get("read_in", ())),
            note=raw.get("note", ""),
            ignored=bool(raw.get("ignored_2x", False)) and engine == "2.x",
        )
    patterns = [
        PropertyInfo(
            name=pattern,
            kind=raw["kind"],
            engines=frozenset(raw["engines"]),
            since="1.9" if "1.9" in raw["engines"] else "2.x",
            read_in=tuple(raw.get("read_in", ())),
            note=raw.get("note", ""),
            pattern=pattern,
        )
        for pattern, raw in data.get("patterns", {}).items()
        if engine in raw["engines"]
    ]
    return props, patterns


def load_delegates(engine: str, data: dict[str, Any]) -> dict[str, DelegateInfo]:
    return {
        java_class: DelegateInfo(
            java_class=java_class,
            simple_name=raw["simple_name"],
            engines=frozenset(raw["engines"]),
            note=raw.get("note", ""),
            legacy=bool(raw.get("legacy", False)),
        )
        for java_class, raw in data["delegates"].items()
        if engine in raw["engines"]
    }


def load_step_properties(engine: str, data: dict[str, Any]) -> dict[str, StepPropertyInfo]:
    return {
        name: StepPropertyInfo(
            name=name,
            kind=raw["kind"],
            engines=frozenset(raw["engines"]),
            since=raw.get("since", "1.9"),
            note=raw.get("note", ""),
        )
        for name, raw in data["step_properties"].items()
        if engine in raw["engines"]
    }
