"""Query what one TripleA engine accepts: attachment classes and options, game properties,
delegates and step properties, resolving names the way that engine does."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import cache

from compiler import engines
from compiler.catalog.loader import (
    CatalogError,
    check_engine,
    load_classes,
    load_delegates,
    load_properties,
    load_step_properties,
    read_json,
)
from compiler.catalog.model import (
    ClassInfo,
    DelegateInfo,
    OptionInfo,
    PropertyInfo,
    StepPropertyInfo,
)
from compiler.catalog.values import option_problem

DELEGATE_PACKAGE = "games.strategy.triplea.delegate."
ATTACHMENT_PACKAGE = "games.strategy.triplea.attachments."


def decapitalize(name: str) -> str:
    """Lower-case the first letter only: both engines treat an option's first letter either way
    (1.9 looks up `"set" + Name`, 2.x lower-cases it); the rest must match exactly."""
    return name[:1].lower() + name[1:]


class Catalog:
    """Everything one release knows (any engine name: "1.9", "2.7", "2026-08", "latest", "2.x" = 2.7), with that
    release's name resolution. `engine` is the family ("1.9" or "2.x"), `line` the release line ("2.6")."""

    def __init__(self, engine: str) -> None:
        self.line = engines.line(engine)
        self.engine = check_engine(engine)
        engine = self.engine
        attachments = read_json("attachments.json")
        properties = read_json("properties.json")
        delegates = read_json("delegates.json")
        self._classes = load_classes(self.line, attachments)
        self._by_simple = {info.simple_name: info for info in self._classes.values()}
        self._kinds: dict[str, str] = attachments.get("kinds", {})
        self._legacy_options: dict[str, str] = (
            {k.lower(): v for k, v in attachments.get("legacy_option_names_2x", {}).items()} if engine == "2.x" else {}
        )
        self._properties, self._patterns = load_properties(engine, properties)
        self._legacy_properties: dict[str, str] = (
            {k.lower(): v for k, v in properties.get("legacy_property_names_2x", {}).items()} if engine == "2.x" else {}
        )
        self._delegates = load_delegates(engine, delegates)
        self._delegates_by_simple = {
            info.simple_name: info for info in self._delegates.values() if not info.legacy
        }
        self._step_properties = load_step_properties(engine, delegates)
        self._loaders = {name for name, raw in delegates.get("loaders", {}).items() if engine in raw["engines"]}
        self.attach_types: frozenset[str] = frozenset(delegates.get("attach_types", ()))

    # --- attachments ---------------------------------------------------------------------------
    def attachment_class(self, java_class: str) -> ClassInfo | None:
        """The class `java_class` names: 1.9 wants the exact qualified name, 2.x strips any package."""
        if self.engine == "1.9":
            return self._classes.get(java_class)
        return self._by_simple.get(java_class.rsplit(".", 1)[-1])

    def attachment_classes(self) -> list[ClassInfo]:
        return list(self._classes.values())

    def attachment_name_ok(self, java_class: str, name: str) -> bool | None:
        """Whether the engine finds an attachment of `java_class` called `name` (e.g. a
        UnitAttachment must be called unitAttachment); None for an unknown class."""
        info = self.attachment_class(java_class)
        if info is None:
            return None
        if self.engine == "2.x":
            from compiler.model.vocabulary import filed_name  # the model, not the catalog, knows names

            name = filed_name(name)
        if info.exact_name is not None:
            return name == info.exact_name
        return not info.name_prefixes or name.startswith(info.name_prefixes)

    def option_name(self, name: str) -> str:
        """The name this engine looks the option up by (first letter lower-cased; 2.x legacy names
        such as isParatroop mapped, case-insensitively, to their current name)."""
        key = decapitalize(name)
        return self._legacy_options.get(key.lower(), key)

    def option(self, java_class: str, name: str) -> OptionInfo | None:
        info = self.attachment_class(java_class)
        if info is None:
            return None
        return info.options.get(self.option_name(name))

    def value_problem(self, java_class: str, name: str, value: str, count: str = "") -> str | None:
        """Why this engine's setter refuses the value (2.x: its value format; 1.9: the clear-cut kinds)."""
        info = self.option(java_class, name)
        return option_problem(info, value, count) if info else None

    def options(self, java_class: str) -> set[str]:
        info = self.attachment_class(java_class)
        return set(info.options) if info else set()

    def option_versions(self, java_class: str, name: str) -> frozenset[str]:
        """The engines (not only this one) that accept option `name` on `java_class`."""
        return option_versions(java_class, name)

    def ignored_option(self, name: str, value: str) -> bool:
        """2.x skips takeUnitControl, and giveUnitControl when its value is true or false."""
        if self.engine != "2.x":
            return False
        low = name.lower()
        return low == "takeunitcontrol" or (low == "giveunitcontrol" and value in ("true", "false"))

    def kind_description(self, kind: str) -> str:
        if kind in self._kinds:
            return self._kinds[kind]
        if kind.startswith("enum:"):
            return "one of " + ", ".join(kind[5:].split("|"))
        return self._kinds.get("count:*", "") if kind.startswith("count:") else ""

    # --- properties ----------------------------------------------------------------------------
    def property_name(self, name: str) -> str:
        return self._legacy_properties.get(name.lower(), name)

    def property(
        self, name: str, players: Iterable[str] = (), alliances: Iterable[str] = ()
    ) -> PropertyInfo | None:
        """A game property by exact name (2.x maps old repair names). Names built from a player or
        alliance ("Germans bid") match a pattern; give `players`/`alliances` to require a real one."""
        found = self._properties.get(self.property_name(name))
        if found is not None:
            return found
        owners = {"{player}": set(players), "{alliance}": set(alliances)}
        for pattern in self._patterns:
            holder, _, suffix = pattern.name.partition(" ")
            if not name.endswith(" " + suffix):
                continue
            prefix = name[: -len(suffix) - 1]
            if prefix and (not owners[holder] or prefix in owners[holder]):
                return pattern
        return None

    def property_names(self) -> set[str]:
        return set(self._properties)

    # --- delegates, steps, loaders -------------------------------------------------------------
    def delegate(self, java_class: str) -> DelegateInfo | None:
        """1.9 wants the exact name; 2.x also accepts it without games.strategy.triplea.delegate."""
        found = self._delegates.get(java_class)
        if found is not None or self.engine == "1.9":
            return found
        return self._delegates_by_simple.get(java_class.removeprefix(DELEGATE_PACKAGE))

    def delegate_names(self) -> set[str]:
        return set(self._delegates)

    def step_property(self, name: str) -> StepPropertyInfo | None:
        return self._step_properties.get(name)

    def step_property_names(self) -> set[str]:
        return set(self._step_properties)

    def loader_known(self, java_class: str) -> bool:
        return java_class in self._loaders


def load_catalog(engine: str = engines.DEFAULT_ENGINE) -> Catalog:
    """The catalog of an engine name ("latest", "2026-08", "2.7", "2.x", "1.9"; "1.9.0.0.7062" is "1.9"), read once
    per release line."""
    return _load(engines.line(engine))


@cache
def _load(engine: str) -> Catalog:
    try:
        return Catalog(engine)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:  # a catalog of the wrong shape
        raise CatalogError(f"the installed catalog is damaged ({type(exc).__name__}: {exc}); "
                           "reinstall triplea-compiler") from None


def option_versions(java_class: str, name: str) -> frozenset[str]:
    """The release lines (1.9, 2.5 ... 2.7, 2026-06 ...) that accept option `name` on `java_class`, each
    resolving names its own way."""
    lines = {release.name for release in engines.releases()}
    return frozenset(e for e in lines if load_catalog(e).option(java_class, name) is not None)


def suggestions(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """Close matches for "did you mean": a case-insensitive equal first, then difflib's."""
    pool = list(dict.fromkeys(candidates))
    same_case = [c for c in pool if c.lower() == name.lower() and c != name]
    close = difflib.get_close_matches(name, pool, n=n, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in pool}
        close = [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=0.6)]
    return list(dict.fromkeys(same_case + close))[:n]


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """The best "did you mean" for `name` among `candidates`, or None."""
    found = suggestions(name, candidates, n=1)
    return found[0] if found else None
