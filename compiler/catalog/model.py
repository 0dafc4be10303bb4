"""Typed records of the catalog: attachment classes, options, game properties, delegates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ENGINES: tuple[str, ...] = ("1.9", "2.x")


@dataclass(frozen=True)
class OptionInfo:
    """One attachment option as one engine knows it.

    `kind` names the value format (see `Catalog.kind_description`); `count` says the value may
    be given as `count="N"` (TripleA turns it into a leading `N:`); `replaced_by` is the name a
    newer engine maps this legacy name to; `format` is what a 2.x setter accepts (the language of
    compiler.catalog.formats; empty for 1.9).
    """

    name: str
    kind: str
    engines: frozenset[str]
    since: str
    until: str | None = None
    count: bool = False
    java_type: str = ""
    deprecated: bool = False
    replaced_by: str | None = None
    format: str = ""


@dataclass(frozen=True)
class ClassInfo:
    """An attachment class: where it attaches, the options the engine accepts, and the names
    under which the engine finds its attachments (`exact_name`, or one of `name_prefixes`)."""

    java_class: str
    simple_name: str
    attach_types: tuple[str, ...]
    exact_name: str | None = None
    name_prefixes: tuple[str, ...] = ()
    options: Mapping[str, OptionInfo] = field(default_factory=dict)
    read_only: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PropertyInfo:
    """A game property TripleA reads. `pattern` is set for per-player/alliance families such as
    "{player} bid"; `ignored` means the engine accepts but no longer reads it."""

    name: str
    kind: str
    engines: frozenset[str]
    since: str
    until: str | None = None
    read_in: tuple[str, ...] = ()
    note: str = ""
    pattern: str | None = None
    ignored: bool = False


@dataclass(frozen=True)
class DelegateInfo:
    """A delegate javaClass. `simple_name` is the class the engine instantiates."""

    java_class: str
    simple_name: str
    engines: frozenset[str]
    note: str = ""
    legacy: bool = False


@dataclass(frozen=True)
class StepPropertyInfo:
    """A `stepProperty` name TripleA reads from a game step."""

    name: str
    kind: str
    engines: frozenset[str]
    since: str
    note: str = ""
