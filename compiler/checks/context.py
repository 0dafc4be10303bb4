"""What every check sees: the model, the target engine, the map's text files, and shared indexes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from compiler import engines
from compiler.catalog import Catalog, load_catalog
from compiler.catalog.formats import Result, match
from compiler.mapfolder.source import MapFiles
from compiler.model import game as m
from compiler.model.expand import AttachmentInstance, expand_game
from compiler.model.mapview import MapView, map_view
from compiler.model.reuse import Reuse
from compiler.model.vocabulary import UNIT, Kind, simple_class
from compiler.problems import Location

# Players every game knows without declaring them (TripleA maps "Neutral" to the null player).
BUILTIN_PLAYERS = frozenset({"Neutral"})
# Relationship types TripleA creates by itself.
BUILTIN_RELATIONSHIP_TYPES = frozenset(
    {"self_relation", "null_relation", "default_war_relation", "default_allied_relation"}
)
T = TypeVar("T")
U = TypeVar("U")
Obj = TypeVar("Obj")


class FormatMatches(dict[tuple[str, str], Result]):
    """(value format, value) -> what `formats.match` says of it, each pair matched when first asked for (a
    pure function of the pair: one memo for the process, emptied when it holds KEPT pairs)."""

    KEPT = 500_000

    def __missing__(self, key: tuple[str, str]) -> Result:
        if len(self) >= self.KEPT:
            self.clear()
        found = self[key] = match(*key)
        return found


FORMAT_MATCHES = FormatMatches()


@dataclass
class CheckContext:
    """The inputs of one check run; indexes are computed once and shared by every check."""

    model: m.GameModel
    engine: str = "2.x"
    map_files: MapFiles | None = None
    root: Any | None = None  # the lxml root element when the model was parsed from XML
    map_names: AbstractSet[str] = frozenset()  # territory names of sibling games of the same map (read when asked)
    reuse: Reuse | None = None
    """what the previous reading of this game keeps (the language server's): derived per attachment"""
    line: str = field(init=False, default="")  # the release line: "1.9", "2.5" ... "2.7", "2026-06" ...
    release: engines.Release = field(init=False, repr=False)
    _shared: dict[Callable[..., Any], Any] = field(init=False, default_factory=dict, repr=False)
    _named: dict[Kind, list[AttachmentInstance]] = field(init=False, default_factory=dict, repr=False)
    format_matches: FormatMatches = field(init=False, default_factory=lambda: FORMAT_MATCHES, repr=False)
    """(format, value) -> formats.match(format, value), matched once for every check and game"""

    def __post_init__(self) -> None:
        # `engine` becomes the family ("1.9", "2.x"), `line` the release line ("1.9", "2.7", "2026-08" ...)
        self.release = engines.resolve(self.engine)
        self.line = self.release.name
        self.engine = self.release.family

    @cached_property
    def catalog(self) -> Catalog:
        """The engine's catalog; CatalogError when the installation lacks it (never a silent skip)."""
        return load_catalog(self.line)

    def shared(self, compute: Callable[[CheckContext], T]) -> T:
        """`compute(self)`, computed by whichever check asks first and then shared by every check."""
        if compute not in self._shared:
            self._shared[compute] = compute(self)
        result: T = self._shared[compute]
        return result

    def derived(self, label: str, obj: Obj, derive: Callable[[Obj], T]) -> T:
        """`derive(obj)` for one part of the game (an attachment, an instance), kept for the next reading of the
        game when there is a reuse memo; `label` names the derivation (the release line is added to it)."""
        memo = self._memo_by_id.get(id(obj))  # an instance: its memo (a live object's id is its own)
        if memo is not None:
            return _memoised(memo, label, lambda: derive(obj))
        reuse = self.reuse
        return derive(obj) if reuse is None else reuse.derived((label, self.line), obj, derive)

    def derived_each(self, label: str, objs: Iterable[Obj], derive: Callable[[Obj], T]) -> list[T]:
        """`self.derived(label, obj, derive)` for each of `objs`."""
        return [self.derived(label, obj, derive) for obj in objs]

    def per_instance(self, label: str, derive: Callable[[AttachmentInstance], T]) -> list[T]:
        """`self.derived(label, inst, derive)` for each of `instances`, kept in the memo of each instance (itself
        kept for the next reading when there is a reuse memo)."""
        return self.per_instance_with(label, self.instances, lambda inst, _: derive(inst))

    def per_instance_with(self, label: str, along: list[U], derive: Callable[[AttachmentInstance, U], T]) -> list[T]:
        """`per_instance` of `derive(inst, along[i])`, where `along` holds something derived from each instance
        (in the order of `instances`; what else `derive` reads must be part of `label`)."""
        return [_memoised(memo, label, lambda: derive(inst, extra))  # noqa: B023 (called at once)
                for inst, memo, extra in zip(self.instances, self._instance_memos, along, strict=True)]

    @cached_property
    def _instance_memos(self) -> list[dict[str, Any]]:
        """label -> what was derived under it, for each instance (in the order of `instances`)."""
        if self.reuse is None:
            return [{} for _ in self.instances]
        kept, key = self.reuse.derived, ("memo", self.line)
        return [kept(key, inst, _new_memo) for inst in self.instances]

    @cached_property
    def _memo_by_id(self) -> dict[int, dict[str, Any]]:
        """id(instance) -> its memo, for the instances of the game; id(attachment) -> the memo of an attachment
        with instances, kept in the memo of its first instance (an instance is kept for its very attachment)."""
        out: dict[int, dict[str, Any]] = {}
        for inst, memo in zip(self.instances, self._instance_memos, strict=True):
            out[id(inst)] = memo
            if id(inst.attachment) not in out:
                out[id(inst.attachment)] = memo.setdefault(_ATTACHMENT_MEMO, {})
        return out

    def format_match(self, fmt: str, value: str) -> Result:
        """`formats.match(fmt, value)`, matched once per game for all the checks that read option values."""
        return self.format_matches[fmt, value]

    @property
    def path(self) -> str:
        return self.model.source or self.model.loc.path

    @property
    def game_loc(self) -> Location:
        return self.model.loc if self.model.loc.path else Location(self.path, 1, 1)

    # --- name indexes ------------------------------------------------------------------------
    @cached_property
    def territories(self) -> set[str]:
        return self.model.territory_names()

    @cached_property
    def water(self) -> set[str]:
        return self.model.water_names()

    @cached_property
    def players(self) -> set[str]:
        return self.model.player_names() | BUILTIN_PLAYERS

    @cached_property
    def units(self) -> set[str]:
        return set(self.model.unit_types)

    @cached_property
    def resources(self) -> set[str]:
        return {r.name for r in self.model.resources}

    @cached_property
    def relationship_types(self) -> set[str]:
        return set(self.model.relationship_types) | BUILTIN_RELATIONSHIP_TYPES

    @property
    def map(self) -> MapView:
        """The map as one graph (built once per game model)."""
        return map_view(self.model)

    # --- attachments after foreach expansion ----------------------------------------------
    @cached_property
    def expanded(self) -> tuple[list[AttachmentInstance], list[tuple[m.Attachment, str]]]:
        """The attachment instances TripleA creates, and the attachments whose foreach it refuses."""
        return expand_game(self.model, self.reuse)

    @property
    def instances(self) -> list[AttachmentInstance]:
        return self.expanded[0]

    @cached_property
    def by_class(self) -> dict[str, list[AttachmentInstance]]:
        """simple class name (what TripleA instantiates, the package ignored) -> the instances of that class,
        in document order: for the checks that read one kind of attachment."""
        out: dict[str, list[AttachmentInstance]] = {}
        for inst in self.instances:
            simple = simple_class(inst.attachment.java_class)
            found = out.get(simple)
            if found is None:
                found = out[simple] = []
            found.append(inst)
        return out

    def named(self, kind: Kind) -> list[AttachmentInstance]:
        """The instances TripleA 2.x finds as `kind` by their name (`Kind.is_named`), in document order."""
        found = self._named.get(kind)
        if found is None:
            found = self._named[kind] = [inst for inst in self.instances if kind.is_named(inst.name)]
        return found

    def of_class(self, kind: Kind) -> list[AttachmentInstance]:
        """The instances of `kind`'s class (any type, any name), in document order."""
        return self.by_class.get(kind.java_class, [])

    def options_of(self, inst: AttachmentInstance) -> dict[str, str]:
        """{option name as written: value} of an instance (a later option of a name wins), made once per
        instance (kept for the next reading when there is a reuse memo). Read it, never change it."""
        return self.derived("options", inst, _option_dict)

    @cached_property
    def unit_options(self) -> dict[str, dict[str, str]]:
        """unit type -> {option name: value} of its UnitAttachment(s), whatever their names."""
        out: dict[str, dict[str, str]] = {}
        for inst in self.of_class(UNIT):
            if inst.attachment.type == UNIT.attach_type:  # what UNIT.describes, its class aside
                opts = out.setdefault(inst.attach_to, {})
                opts.update(self.derived("unit options", inst, _unit_option_dict))
        return out


_MISSING: Any = object()
_ATTACHMENT_MEMO = "memo of the attachment"  # in the memo of its first instance


def _memoised(memo: dict[str, Any], label: str, derive: Callable[[], T]) -> T:
    """What `memo` holds under `label`, derived (and kept there) when it holds nothing yet."""
    found = memo.get(label, _MISSING)
    if found is _MISSING:
        found = memo[label] = derive()
    result: T = found
    return result


def _new_memo(_: AttachmentInstance) -> dict[str, Any]:
    return {}


def _option_dict(inst: AttachmentInstance) -> dict[str, str]:
    return {ov.option.name: ov.value for ov in inst.options}


def _unit_option_dict(inst: AttachmentInstance) -> dict[str, str]:
    """{option name with a lower-case first letter: value}, a later option of a name winning."""
    return {ov.option.name[:1].lower() + ov.option.name[1:]: ov.value for ov in inst.options}
