"""Reading fields of deserialized Java objects across TripleA versions.

TripleA 1.9 names fields with an ``m_`` prefix (``m_name``, ``m_Writers``), 2.x without (``name``,
``writers``), and a few fields were renamed (``aChange`` -> ``change``). Every accessor here takes
several candidate names and answers ``None`` when an object has none of them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from javaobj.v2.beans import BlockData, JavaArray, JavaEnum, JavaInstance, JavaString


class SaveFormatError(ValueError):
    """The objects are a Java stream but not shaped like a TripleA save we understand."""


def fields(obj: Any) -> dict[str, Any]:
    """All fields of an instance by name (subclass fields win over same-named superclass ones)."""
    if not isinstance(obj, JavaInstance):
        return {}
    cached = obj.__dict__.get("_field_table")
    if cached is not None:
        return cached
    merged: dict[str, Any] = {}
    for values in obj.field_data.values():  # superclass first, as javaobj reads the hierarchy
        for field, value in values.items():
            merged[field.name] = value
    obj.__dict__["_field_table"] = merged
    return merged


@cache
def _variants(names: tuple[str, ...]) -> tuple[str, ...]:
    """Every spelling of `names` in order: each name, then m_name and m_Name."""
    return tuple(v for name in names for v in (name, "m_" + name, "m_" + name[:1].upper() + name[1:]))


_MISSING = object()


def _lookup(obj: Any, names: tuple[str, ...]) -> Any:
    """The first present field among `names` (each also tried as m_name and m_Name), else _MISSING."""
    table = fields(obj)
    for candidate in _variants(names):
        if candidate in table:
            return table[candidate]
    return _MISSING


def get(obj: Any, *names: str) -> Any:
    """The first present field among `names` (each also tried as m_name and m_Name), else None."""
    value = _lookup(obj, names)
    return None if value is _MISSING else value


def need(obj: Any, *names: str) -> Any:
    """Like get, but a missing field is a format error naming the class and field."""
    value = _lookup(obj, names)
    if value is not _MISSING:
        return value
    raise SaveFormatError(f"{class_name(obj) or type(obj).__name__} has no field {names[0]!r}")


def class_name(obj: Any) -> str | None:
    """The Java class name of an instance (None for strings, numbers, null)."""
    desc = getattr(obj, "classdesc", None)
    return getattr(desc, "name", None) if desc is not None else None


def short_class(obj: Any) -> str:
    """The class name without its package ('' when not an instance)."""
    name = class_name(obj) or ""
    return name.rsplit(".", 1)[-1]


def is_a(obj: Any, *short_names: str) -> bool:
    """True when the object's class or one of its superclasses has one of these short names."""
    desc = getattr(obj, "classdesc", None)
    while desc is not None:
        if (desc.name or "").rsplit(".", 1)[-1] in short_names:
            return True
        desc = desc.super_class
    return False


def text(value: Any) -> str | None:
    """A Java String (or Python str) as str; None for null."""
    if value is None:
        return None
    if isinstance(value, JavaString):
        return value.value
    if isinstance(value, str):
        return value
    if isinstance(value, JavaEnum):
        return text(value.value)
    return str(value)


def number(value: Any) -> int:
    """A Java int or Integer/Long object as int (0 for null)."""
    if value is None:
        return 0
    if isinstance(value, (int, float)):
        return int(value)
    inner = getattr(value, "value", None)
    if isinstance(inner, (int, float)):
        return int(inner)
    return int(str(value))


def name_of(obj: Any) -> str | None:
    """The name of a named game object (player, territory, unit type, resource...)."""
    if obj is None:
        return None
    if isinstance(obj, (JavaString, str)):
        return text(obj)
    return text(get(obj, "name"))


def items(obj: Any) -> list[Any]:
    """The elements of a Java collection (List, Set, unmodifiable/serialized forms, arrays)."""
    if obj is None:
        return []
    if isinstance(obj, (list, set, tuple, JavaArray)):
        return list(obj)
    if isinstance(obj, dict):
        return list(obj.values())
    name = short_class(obj)
    if name in ("Collections$EmptyList", "Collections$EmptySet", "Collections$EmptyMap"):
        return []
    if name in ("Collections$SingletonList", "Collections$SingletonSet"):
        return [get(obj, "element")]
    inner = get(obj, "c", "list", "a", "elements", "s")
    if inner is not None:
        return items(inner)
    # a custom-written collection (CollSer of List.of/Set.of, ...): a size block, then the elements
    annotations = [a for values in getattr(obj, "annotations", {}).values() for a in values]
    return [a for a in annotations if not isinstance(a, BlockData)]


def mapping(obj: Any) -> dict[Any, Any]:
    """The entries of a Java map (HashMap, LinkedHashMap, unmodifiable and serialized forms)."""
    if obj is None:
        return {}
    if isinstance(obj, dict):
        return dict(obj)
    inner = get(obj, "m", "map", "mapValues", "m_values")
    if inner is not None:
        return mapping(inner)
    annotations = [a for values in getattr(obj, "annotations", {}).values() for a in values]
    elements = [a for a in annotations if not isinstance(a, BlockData)]
    return dict(zip(elements[0::2], elements[1::2], strict=False))


