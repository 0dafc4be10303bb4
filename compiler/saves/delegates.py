"""Which Java class each delegate of a save is: TripleA writes every delegate after the GameData as
`<DelegateStart>`, its name, its display name, its class, `<DelegateData>`, its state.

The history names a step's delegate only by the name the game XML gave it ("bid", "tech"); the class says what
it does (BidPurchaseDelegate, TechnologyDelegate) whatever the XML called it.
"""

from __future__ import annotations

from typing import Any

from javaobj.v2.beans import JavaString

from compiler.saves.java import text

_START = "<DelegateStart>"


def delegate_classes(objects: list[Any]) -> dict[str, str]:
    """Delegate name -> the short name of its class, from the objects written after the GameData."""
    found: dict[str, str] = {}
    for i, obj in enumerate(objects):
        if not isinstance(obj, (JavaString, str)) or text(obj) != _START or i + 3 >= len(objects):
            continue
        name, java_class = text(objects[i + 1]), text(objects[i + 3])
        if name and java_class:
            found[name] = java_class.rsplit(".", 1)[-1]
    return found


def delegate_is(classes: dict[str, str], delegate: str | None, java_class: str, usual_name: str) -> bool:
    """Whether the step delegate named `delegate` is of `java_class`; when the save does not say (no delegate
    states), whether it has the name TripleA's games give that class (`usual_name`)."""
    if delegate is None:
        return False
    known = classes.get(delegate)
    return known == java_class if known is not None else delegate == usual_name
