"""A variant as changes to a base game: merge a spec's keys into its `base:` document, positions kept.

The merge is generic over the YAML data (docs/spec-base.md):

- a mapping merges key by key: a key the base has is changed (merged again when both values are
  mappings), a new key is added;
- a list of named items merges item by item the same way. An item is named by its `name`, `id`, `step`
  or `rule` (an attachment by `name` and `attach_to`; a `turns:` block by its phases); each name must
  be once in the list. The lists of names that are collections (COLLECTIONS: connections, frontiers,
  resources ...) merge name by name. Any other list is a value and is replaced whole;
- a new key or item goes after the one written before it in the variant (an item of the base written
  only to anchor it, `- {step: americansBidPlace}`), or at the end when it is written first;
- `remove:` deletes, before the changes apply. It mirrors the document: a list names what goes (keys of
  a mapping, items of a list: a name, or a mapping of fields the item has), a mapping goes deeper
  (`~` as a value deletes that key or item), and a pair `[a, b]` removes `b` from the list under `a`
  (a connection is found either way round). Removing what the base lacks is an error at that line.

Every key of the result keeps where it was written: in the variant when the change came from there,
else in the base.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from compiler.problems import Location, Problem, ProblemsFound
from compiler.yamlread import KeyPath, Positions

CODE = "spec-base"
BASE, REMOVE = "base", "remove"
IDENTITY = ("name", "attach_to", "id", "step", "rule")
"""the fields that name an item of a list (attachments share names: `attach_to` tells them apart)"""
COLLECTIONS: tuple[KeyPath, ...] = (("resources",), ("territory_effects",), ("relationship_types",),
                                    ("connections", "*"), ("production", "frontiers", "*"),
                                    ("production", "repair_frontiers", "*"))
"""lists of names that merge name by name (other lists of plain values are replaced whole)"""
SYMMETRIC: tuple[KeyPath, ...] = (("connections",),)
"""mappings of lists where `a: [b]` and `b: [a]` say the same"""


class Source(Protocol):
    """Where the keys of one document stand."""

    def get(self, key: KeyPath) -> Location | None: ...

    def value(self, key: KeyPath) -> Location: ...


class PlacedPositions(Positions):
    """Positions of a merged document: each key keeps the file it was written in."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.locs: dict[KeyPath, Location] = {(): Location(path, 1, 1)}
        self.value_locs: dict[KeyPath, Location] = {}

    def put(self, key: KeyPath, at: Location | None, value: Location | None) -> None:
        if at is None:
            return
        self.locs[key] = at
        self.at[key] = (at.line, at.column)
        if value is not None:
            self.value_locs[key] = value

    def get(self, key: KeyPath) -> Location | None:
        return self.locs.get(key)

    def value(self, key: KeyPath) -> Location:
        return self.value_locs.get(key) or self.nearest(key)

    def nearest(self, key: KeyPath) -> Location:
        for cut in range(len(key), -1, -1):
            found = self.locs.get(key[:cut])
            if found is not None:
                return found
        return Location(self.path, 1, 1)


@dataclass
class Document:
    """One YAML document (plain data) and where its keys stand."""

    data: Any
    where: Source


def _matches(pattern: KeyPath, path: KeyPath) -> bool:
    return len(pattern) == len(path) and all(p in ("*", q) for p, q in zip(pattern, path, strict=True))


def is_collection(path: KeyPath, base: list[Any], change: list[Any]) -> bool:
    """Whether the list at `path` merges item by item: named items (each name once in the base and once
    in the change), or names at a COLLECTIONS path. Any other list is a value, replaced whole."""
    items = base + change
    if items and all(isinstance(i, dict) for i in items):
        return all(_unique([identity(i) for i in side]) for side in (base, change))
    return any(_matches(p, path) for p in COLLECTIONS) and all(isinstance(i, str | int) for i in items)


def _unique(names: list[Any]) -> bool:
    return None not in names and len(set(names)) == len(names)


def identity(item: Any) -> tuple[Any, ...] | None:
    """What names a list item: itself for a name; its naming fields for a mapping (a one-key mapping,
    `- turns: {...}`, by its key and the phases inside); None when nothing does."""
    if isinstance(item, str | int) and not isinstance(item, bool):
        return ("=", item)
    if not isinstance(item, dict):
        return None
    named = tuple((f, item[f]) for f in IDENTITY if f in item and isinstance(item[f], str | int))
    if named:
        return named
    if len(item) == 1 and isinstance(next(iter(item.values())), dict):
        key, inner = next(iter(item.items()))
        phases = inner.get("phases")
        if isinstance(phases, list) and all(isinstance(p, str) for p in phases):
            return (key, ("phases", tuple(phases)))
        return (key,)
    return None


def _name(item: Any) -> Any:
    """The one name of an item (its first naming field), for messages and removal by name."""
    ident = identity(item)
    return None if ident is None or len(ident[0]) < 2 else ident[0][1]


def _shown(path: KeyPath) -> str:
    return ".".join(str(p) for p in path) or "the document"


@dataclass
class _Merge:
    base: Document
    change: Document
    out: PlacedPositions
    gone: set[KeyPath] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)

    def error(self, message: str, rpath: KeyPath) -> None:
        self.problems.append(Problem(CODE, message, self.change.where.get(rpath) or self.change.where.value(rpath)))

    # ---- removal: mark base paths gone -----------------------------------------------------------

    def remove(self, node: Any, bpath: KeyPath, rem: Any, rpath: KeyPath) -> None:
        if isinstance(rem, list):
            for i, entry in enumerate(rem):
                self._remove_entry(node, bpath, entry, (*rpath, i))
        elif isinstance(rem, dict):
            for key, sub in rem.items():
                found = self._find(node, bpath, key, (*rpath, key))
                if found is None:
                    continue
                if sub is None:
                    self.gone.add(found)
                else:
                    self.remove(self._at(found), found, sub, (*rpath, key))
        else:
            self.error(f"remove: {_shown(rpath)}: a list of what to remove, or a mapping that goes deeper "
                       f"(`~` removes that key), not {rem!r}", rpath)

    def _at(self, path: KeyPath) -> Any:
        node = self.base.data
        for part in path:
            node = node[part]
        return node

    def _live(self, node: Any, bpath: KeyPath) -> list[tuple[Any, KeyPath]]:
        """The keys (of a mapping) or indexes (of a list) of `node` not yet removed."""
        keys = node if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else ()
        return [(k, (*bpath, k)) for k in keys if (*bpath, k) not in self.gone]

    def _find(self, node: Any, bpath: KeyPath, key: Any, rpath: KeyPath) -> KeyPath | None:
        """The base path of the key (of a mapping) or the item (of a list, by name or fields) `key`."""
        if isinstance(node, dict):
            if str(key) in node and (*bpath, str(key)) not in self.gone:
                return (*bpath, str(key))
        elif isinstance(node, list):
            hits = [p for i, p in self._live(node, bpath) if _names(node[i], key)]
            if len(hits) == 1:
                return hits[0]
            if hits:
                self.error(f"remove: {len(hits)} items of {_shown(bpath)} match {key!r}: name one by more fields "
                           "(`{name: ..., attach_to: ...}`)", rpath)
                return None
        self.error(f"remove: the base has no {key!r} in {_shown(bpath)}", rpath)
        return None

    def _remove_entry(self, node: Any, bpath: KeyPath, entry: Any, rpath: KeyPath) -> None:
        if isinstance(entry, list) and len(entry) == 2 and isinstance(node, dict):
            self._remove_pair(node, bpath, entry, rpath)
            return
        if isinstance(entry, list | type(None)) or (isinstance(entry, dict) and not isinstance(node, list)):
            self.error(f"remove: {entry!r} names nothing to remove in {_shown(bpath)}", rpath)
            return
        found = self._find(node, bpath, entry, rpath)
        if found is not None:
            self.gone.add(found)

    def _remove_pair(self, node: dict[str, Any], bpath: KeyPath, pair: list[Any], rpath: KeyPath) -> None:
        """`[a, b]`: remove b from the list (or mapping) under a; for a connection, or a under b."""
        a, b = (str(x) for x in pair)
        ways = [(a, b), (b, a)] if bpath in SYMMETRIC else [(a, b)]
        for key, member in ways:
            inner = node.get(key)
            if (*bpath, key) in self.gone or not isinstance(inner, list | dict):
                continue
            hits = [p for i, p in self._live(inner, (*bpath, key)) if _names(inner[i] if isinstance(inner, list)
                                                                               else i, member)]
            if hits:
                self.gone.add(hits[0])
                return
        self.error(f"remove: the base has no {b!r} under {_shown((*bpath, a))}", rpath)

    # ---- changes: the merged document --------------------------------------------------------------

    def copy(self, node: Any, src: Source, spath: KeyPath, opath: KeyPath, skip: bool) -> Any:
        """`node` of one document (skipping removed base paths when `skip`), placed at `opath`."""
        self.out.put(opath, src.get(spath), src.value(spath) if spath else None)
        if isinstance(node, dict):
            return {k: self.copy(v, src, (*spath, k), (*opath, k), skip) for k, v in node.items()
                    if not (skip and (*spath, k) in self.gone)}
        if isinstance(node, list):
            kept = [(i, v) for i, v in enumerate(node) if not (skip and (*spath, i) in self.gone)]
            return [self.copy(v, src, (*spath, i), (*opath, n), skip) for n, (i, v) in enumerate(kept)]
        return node

    def merge(self, base: Any, bpath: KeyPath, change: Any, vpath: KeyPath, opath: KeyPath) -> Any:
        """The base node changed by the variant's node."""
        self.out.put(opath, self.change.where.get(vpath), self.change.where.value(vpath))
        if isinstance(base, dict) and isinstance(change, dict):
            return self._merge_map(base, bpath, change, vpath, opath)
        if (isinstance(base, list) and isinstance(change, list)
                and is_collection(_shape(opath), [base[i] for i, _ in self._live(base, bpath)], change)):
            return self._merge_list(base, bpath, change, vpath, opath)
        return self.copy(change, self.change.where, vpath, opath, False)

    def _merge_map(self, base: dict[str, Any], bpath: KeyPath, change: dict[str, Any], vpath: KeyPath,
                   opath: KeyPath) -> dict[str, Any]:
        live = [k for k, _ in self._live(base, bpath)]
        order = placed(live, list(change), set(live))
        result = {}
        for key in order:
            if key not in change:
                result[key] = self.copy(base[key], self.base.where, (*bpath, key), (*opath, key), True)
            elif key in live:
                result[key] = self.merge(base[key], (*bpath, key), change[key], (*vpath, key), (*opath, key))
            else:
                result[key] = self.copy(change[key], self.change.where, (*vpath, key), (*opath, key), False)
        return result

    def _merge_list(self, base: list[Any], bpath: KeyPath, change: list[Any], vpath: KeyPath,
                    opath: KeyPath) -> list[Any]:
        live = [i for i, _ in self._live(base, bpath)]
        by_name: dict[Any, list[int]] = {}
        for i in live:
            by_name.setdefault(identity(base[i]), []).append(i)
        # each variant item: ("b", base index) when it changes one, else ("v", its index); names are
        # unique on both sides (is_collection)
        named = [("b", by_name[identity(item)][0]) if identity(item) in by_name else ("v", j)
                 for j, item in enumerate(change)]
        pairs = dict(zip(named, range(len(change)), strict=True))
        order = placed([("b", i) for i in live], named, {("b", i) for i in live})
        result = []
        for n, (side, i) in enumerate(order):
            if (side, i) not in pairs:
                result.append(self.copy(base[i], self.base.where, (*bpath, i), (*opath, n), True))
            elif side == "b":
                j = pairs[(side, i)]
                result.append(self.merge(base[i], (*bpath, i), change[j], (*vpath, j), (*opath, n)))
            else:
                result.append(self.copy(change[i], self.change.where, (*vpath, i), (*opath, n), False))
        return result


def _names(item: Any, key: Any) -> bool:
    """Whether a list item (or a mapping key) is the one `key` names: equal, by its name, or by fields."""
    if isinstance(key, dict):
        return isinstance(item, dict) and (all(item.get(k) == v for k, v in key.items())
                                           or identity(key) is not None and identity(key) == identity(item))
    return item == key or str(item) == str(key) or (_name(item) is not None and str(_name(item)) == str(key))


def _shape(path: KeyPath) -> KeyPath:
    """A path with list indexes as "*": what COLLECTIONS patterns match."""
    return tuple("*" if isinstance(p, int) else p for p in path)


def placed(old: list[Any], written: list[Any], known: set[Any]) -> list[Any]:
    """The old entries in order, with each new written entry after the entry written before it
    (at the end when it is written first)."""
    order = list(old)
    at: int | None = None
    for entry in written:
        if entry in known:
            at = order.index(entry)
        elif at is None:
            order.append(entry)
        else:
            at += 1
            order.insert(at, entry)
    return order


BaseReader = Callable[[Any, Location, str], Document]
"""(the `base:` value, where it is written, the variant's path) -> the base document"""


def apply_base(variant: Document, path: str, read_base: BaseReader) -> tuple[Any, PlacedPositions]:
    """The variant's data applied to its base: the merged data and where each key was written.
    Raises ProblemsFound (located) when the base cannot be read or a change names nothing."""
    data = variant.data
    base = read_base(data[BASE], variant.where.value((BASE,)), path)
    changes = {k: v for k, v in data.items() if k not in (BASE, REMOVE)}
    out = PlacedPositions(path)
    merge = _Merge(base, variant, out)
    if REMOVE in data:
        merge.remove(base.data, (), data[REMOVE], (REMOVE,))
    if merge.problems:
        raise ProblemsFound(merge.problems)
    if not isinstance(base.data, dict):
        raise ProblemsFound([Problem(CODE, "the base is not a spec (a mapping of sections)", variant.where.value(
            (BASE,)))])
    merged = merge.merge(base.data, (), changes, (), ())
    if merge.problems:
        raise ProblemsFound(merge.problems)
    return merged, out
