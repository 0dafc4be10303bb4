"""What each attachment class, option and game property does, in a sentence or two, for hover and docs.

The texts live in compiler/schemas/catalog/meanings_*.json, each file a part of one mapping:
`classes` (simple class name -> text), `options` (simple class name -> option -> text) and `properties`
(game property name -> text). They are the project's own words; the facts come from TripleA's source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from compiler.packagedata import CATALOG_DIR, CatalogError, read_json

PARTS = ("meanings_units.json", "meanings_conditions.json", "meanings_properties.json")


@dataclass(frozen=True)
class Meanings:
    """The meanings of the catalog's names; a name without one gives None."""

    classes: dict[str, str] = field(default_factory=dict)
    options: dict[str, dict[str, str]] = field(default_factory=dict)
    properties: dict[str, str] = field(default_factory=dict)

    def of_class(self, simple_name: str) -> str | None:
        return self.classes.get(simple_name)

    def of_option(self, simple_name: str, option: str) -> str | None:
        return self.options.get(simple_name, {}).get(option)

    def of_property(self, name: str) -> str | None:
        return self.properties.get(name)


def _texts(raw: object, where: str) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise CatalogError(f"catalog file {where}: expected a mapping of names to texts")
    return dict(raw)


@cache
def load_meanings() -> Meanings:
    """Every part merged; a part naming a class, option or property twice is a CatalogError."""
    meanings = Meanings()
    for part in PARTS:
        data = read_json(part, CATALOG_DIR)
        for name, text in _texts(data.get("classes", {}), f"{part} classes").items():
            if meanings.classes.setdefault(name, text) is not text:
                raise CatalogError(f"catalog file {part}: class {name} has a meaning in two files")
        for cls, options in dict(data.get("options", {})).items():
            mine = meanings.options.setdefault(cls, {})
            for name, text in _texts(options, f"{part} options of {cls}").items():
                if mine.setdefault(name, text) is not text:
                    raise CatalogError(f"catalog file {part}: option {cls}.{name} has a meaning in two files")
        for name, text in _texts(data.get("properties", {}), f"{part} properties").items():
            if meanings.properties.setdefault(name, text) is not text:
                raise CatalogError(f"catalog file {part}: property {name} has a meaning in two files")
    return meanings
