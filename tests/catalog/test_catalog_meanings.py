"""Every attachment class, option and game property of the catalog has a meaning (hover and docs show it), and
no meaning names something the catalog does not know."""

from __future__ import annotations

import json
import re

from compiler.catalog.meanings import PARTS, load_meanings
from compiler.packagedata import CATALOG_DIR

_ATTACHMENTS = json.loads((CATALOG_DIR / "attachments.json").read_text(encoding="utf-8"))["classes"]
_PROPERTIES = json.loads((CATALOG_DIR / "properties.json").read_text(encoding="utf-8"))


def _known_options() -> dict[str, set[str]]:
    return {raw["simple_name"]: set(raw["options"]) for raw in _ATTACHMENTS.values()}


def _known_properties() -> set[str]:
    return set(_PROPERTIES["properties"]) | set(_PROPERTIES["patterns"])


def test_every_class_and_option_has_a_meaning() -> None:
    meanings = load_meanings()
    missing = [f"{cls}.{option}" for cls, options in _known_options().items() for option in sorted(options)
               if not meanings.of_option(cls, option)]
    assert missing == []
    assert sorted(set(_known_options()) - set(meanings.classes)) == []


def test_every_property_has_a_meaning() -> None:
    meanings = load_meanings()
    assert sorted(n for n in _known_properties() if not meanings.of_property(n)) == []


def test_meanings_name_only_what_the_catalog_knows() -> None:
    meanings = load_meanings()
    known = _known_options()
    assert sorted(set(meanings.classes) - set(known)) == []
    assert sorted(f"{c}.{o}" for c, opts in meanings.options.items() for o in opts if o not in known.get(c, ())) == []
    assert sorted(set(meanings.properties) - _known_properties()) == []


def test_meanings_are_sentences() -> None:
    meanings = load_meanings()
    texts = [*meanings.classes.values(), *meanings.properties.values(),
             *(t for opts in meanings.options.values() for t in opts.values())]
    bad = [t for t in texts if not re.fullmatch(r"[A-Z0-9'\"(`].{15,600}[.)]", t, re.S)]
    assert bad == [] and len(PARTS) == 3
