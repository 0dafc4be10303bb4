"""A game as the changes from its base: the difference of two imported spec documents.

`delta(base, target)` is the variant that compiler/spec/base.py merges back into `target`: changed
and new keys and named items (each new one after its anchor, as the merge places it), and a
`remove:` of what the target lacks. Containers keep the target's style (flow or block).
"""

from __future__ import annotations

from typing import Any

from compiler.lift.nodes import Map, Seq
from compiler.spec.base import REMOVE, SYMMETRIC, identity, is_collection, placed
from compiler.yamlread import KeyPath

_SAME = object()
_AGAIN = object()  # the value goes and is written again: the merge could not give the target's order


def _shape(path: KeyPath) -> KeyPath:
    return tuple("*" if isinstance(p, int) else p for p in path)


def _noop(value: Any) -> Any:
    """A change that leaves a value of the base as it is (an anchor for what follows it)."""
    if isinstance(value, dict):
        return Map(flow=True)
    return value


def _like(node: Any) -> Map:
    return Map(flow=node.flow if isinstance(node, Map) else False)


def _anchors(old: list[Any], new: list[Any], changed: set[Any]) -> set[Any]:
    """The old entries to write as anchors so that each new entry lands where `new` has it: an old
    entry right before a new one, unless it is the last old entry or written anyway."""
    anchors = set()
    survivors = [e for e in old if e in set(new)]
    last = survivors[-1] if survivors else None
    known = set(old)
    for before, entry in zip(new, new[1:], strict=False):
        if entry not in known and before in known and before != last and before not in changed:
            anchors.add(before)
    return anchors


def _map_delta(base: dict[str, Any], target: dict[str, Any], path: KeyPath) -> tuple[Any, Any]:
    changes: dict[str, Any] = {}
    removals: dict[str, Any] = {}
    again: list[str] = []
    for key, value in target.items():
        if key not in base:
            changes[key] = value
            continue
        change, removal = delta_node(base[key], value, (*path, key))
        if change is _AGAIN:
            again.append(key)
            changes[key] = value
            continue
        if change is not _SAME:
            changes[key] = change
        if removal is not None:
            removals[key] = removal
    gone = [k for k in base if k not in target] + again
    survivors = [k for k in base if k not in set(gone)]
    anchors = _anchors(survivors, list(target), set(changes))
    written = [k for k in target if k in changes or k in anchors]
    if path and placed(survivors, written, set(survivors)) != list(target):
        return _AGAIN, None  # the merge cannot give the target's order (a turn order...): written again
    result = _like(target)
    for key in target:
        if key in changes:
            result[key] = changes[key]
        elif key in anchors:
            result[key] = _noop(base[key])
    return (result if result else _SAME), _removal(gone, removals)


def _removal(gone: list[Any], deeper: dict[Any, Any]) -> Any:
    """`remove:` at one level: a list of what goes, or a mapping when some removals go deeper."""
    if not gone and not deeper:
        return None
    if not deeper:
        return Seq(gone, flow=True)
    result = Map()
    for key in gone:
        result[key] = None
    result.update(deeper)
    return result


def _list_delta(base: list[Any], target: list[Any], path: KeyPath) -> tuple[Any, Any]:
    names = [identity(i) for i in base]
    wanted = [identity(i) for i in target]
    at = {n: i for i, n in enumerate(names)}
    changes: dict[Any, Any] = {}
    replaced: list[Any] = []
    for item, name in zip(target, wanted, strict=True):
        if name not in at:
            changes[name] = item
            continue
        change, removal = delta_node(base[at[name]], item, (*path, at[name]))
        if removal is not None or change is _AGAIN:  # a key of the item goes: the item goes and is written again
            replaced.append(name)
            changes[name] = item
        elif change is not _SAME:
            changes[name] = _with_name(base[at[name]], change)
    gone = [n for n in names if n not in set(wanted)] + replaced
    survivors = [n for n in names if n not in set(gone)]
    anchors = _anchors(survivors, wanted, set(changes))
    if placed(survivors, [n for n in wanted if n in changes or n in anchors], set(survivors)) != wanted:
        return _AGAIN, None  # the merge cannot give the target's order: the list is written again
    result = Seq([changes[n] if n in changes else _anchor_item(base[at[n]])
                  for n in wanted if n in changes or n in anchors], flow=isinstance(target, Seq) and target.flow)
    removal = Seq([_removal_entry(base[at[n]], names) for n in gone], flow=True) if gone else None
    return (result if result else _SAME), removal


def _with_name(item: Any, change: Any) -> Any:
    """A changed list item, with the fields that name it (so the merge finds it)."""
    if not isinstance(item, dict) or not isinstance(change, dict):
        return change
    ident = identity(item) or ()
    if ident and isinstance(ident[0], str):  # `- turns: {...}`: its phases name it
        key = ident[0]
        inner = Map({"phases": item[key]["phases"]}, flow=True) if "phases" in dict(ident[1:]) else Map(flow=True)
        inner.update(change.get(key) or {})
        return Map({key: inner}, flow=isinstance(change, Map) and change.flow)
    named = Map({k: item[k] for k in item if k in dict(ident)}, flow=True)
    named.update(change)
    return named


def _anchor_item(item: Any) -> Any:
    if isinstance(item, dict):
        ident = identity(item) or ()
        if ident and isinstance(ident[0], str):  # `- turns: {...}`, named by its phases
            key = ident[0]
            phases = dict(ident[1:]).get("phases")
            return Map({key: Map({"phases": Seq(list(phases), flow=True)} if phases else {}, flow=True)}, flow=True)
        return Map(dict(ident), flow=True)
    return item


def _removal_entry(item: Any, names: list[Any]) -> Any:
    """How `remove:` names a list item: by its name when that is enough, else by its naming fields."""
    if not isinstance(item, dict):
        return item
    ident = identity(item) or ()
    if ident and isinstance(ident[0], str):  # `- turns: {...}`: named by its phases
        return _anchor_item(item)
    first = ident[0][1] if ident and len(ident[0]) == 2 else None
    if first is not None and sum(1 for n in names if n and len(n[0]) == 2 and n[0][1] == first) == 1:
        return first
    return Map(dict(ident), flow=True)


def _pairs(document: dict[str, Any]) -> list[tuple[str, str]]:
    """Each pair of a mapping of lists where `a: [b]` and `b: [a]` say the same, once, in the document's order."""
    seen: set[frozenset[str]] = set()
    out = []
    for a, others in document.items():
        for b in others or ():
            if frozenset((a, b)) not in seen:
                seen.add(frozenset((a, b)))
                out.append((a, b))
    return out


def _pairs_delta(base: dict[str, Any], target: dict[str, Any]) -> tuple[Any, Any]:
    """Connections as a set of pairs: the pairs the target adds, and a `remove:` of those it lacks (their order
    means nothing to TripleA, so a reordering is no change)."""
    old = {frozenset(p) for p in _pairs(base)}
    new = {frozenset(p) for p in _pairs(target)}
    added = Map()
    for a, b in _pairs(target):
        if frozenset((a, b)) not in old:
            added.setdefault(a, Seq(flow=True)).append(b)
    gone = [Seq([a, b], flow=True) for a, b in _pairs(base) if frozenset((a, b)) not in new]
    return (added if added else _SAME), (Seq(gone, flow=True) if gone else None)


def delta_node(base: Any, target: Any, path: KeyPath) -> tuple[Any, Any]:
    """(the change that turns `base` into `target`, or _SAME; the removals, or None)."""
    if path in SYMMETRIC and isinstance(base, dict) and isinstance(target, dict):
        return _pairs_delta(base, target)
    if isinstance(base, dict) and isinstance(target, dict):
        return _map_delta(base, target, path)
    if isinstance(base, list) and isinstance(target, list) and is_collection(_shape(path), base, target):
        return _list_delta(base, target, path)
    if type(base) is type(target) and base == target:
        return _SAME, None
    return target, None


def delta(base: dict[str, Any], target: Map) -> Map:
    """The variant (without `base:`) that turns the document `base` into `target`."""
    change, removal = delta_node(base, target, ())
    result = Map()
    if removal is not None:
        result[REMOVE] = removal
    if change is not _SAME:
        result.update(change)  # without the import's notes above sections: they count the whole game
    return result
