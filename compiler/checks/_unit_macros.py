"""The UnitAttachment fields each option writes in TripleA (2.7 and 2026-08 alike), macros included.

Most options set the field of their name. A few legacy options are macros that set several fields at once
(UnitAttachment's setters):

- isAA: isAAforCombatOnly, isAAforBombingThisUnitOnly, isAAforFlyOverOnly, isRocket and isInfrastructure
  to its value, and what isAAmovement sets;
- isAAmovement: canNotMoveDuringCombatMove to its value; true sets movementLimit, attackingLimit and
  placementLimit to `2147483647:allied`, false unsets them;
- isFactory: canBeDamaged, isInfrastructure, canProduceUnits and isConstruction to its value; true sets
  constructionType `factory` and both construction counts to 1, false `none` and -1;
- isTwoHit: hitPoints 2 (true) or 1 (false);
- isSub: isSub, and unsets canNotTarget and canNotBeTargetedBy; isSuicide: isSuicide, and unsets canNotTarget.

A macro's value must be true or false (any case), else TripleA refuses the game (`Unparsed` here). Legacy
option names (isParatroop, isInfantry, ...) are the catalog's business: callers pass the name TripleA looks
up. `final_fields` folds an attachment's options, in document order, into the value each field ends with;
the unit-rules check and the proofs' unit claims both read fields through it.

>>> final_fields([("isAA", "true", "a"), ("isAAforCombatOnly", "false", "b")])["isAAforCombatOnly"]
FieldValue(text='false', by='b')
>>> final_fields([("isAA", "true", "a")])["isAAforFlyOverOnly"]
FieldValue(text='true', by='a')
>>> final_fields([("isTwoHit", "TRUE", "a")])["hitPoints"].text
'2'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")

ALLIED_LIMIT = f"{2**31 - 1}:allied"
AA_FLAGS = ("isAAforCombatOnly", "isAAforBombingThisUnitOnly", "isAAforFlyOverOnly", "isRocket", "isInfrastructure")
AA_LIMITS = ("movementLimit", "attackingLimit", "placementLimit")
FACTORY_FLAGS = ("canBeDamaged", "isInfrastructure", "canProduceUnits", "isConstruction")
FACTORY_COUNTS = ("maxConstructionsPerTypePerTerr", "constructionsPerTerrPerTypePerTurn")
MACROS = frozenset({"isAA", "isAAmovement", "isFactory", "isTwoHit", "isSub", "isSuicide"})
"""options whose setter writes other fields than (or besides) the one of its name"""


class Unparsed(ValueError):
    """A value TripleA's setter refuses at parse time (reported by the option checks, not here)."""


def java_bool(value: str) -> bool:
    """TripleA's getBool: true or false in any case, anything else refused."""
    if value.lower() not in ("true", "false"):
        raise Unparsed(value)
    return value.lower() == "true"


Write = tuple[str, str | None]
"""a field and the text it gets (None: back to unset)"""


def _movement(on: bool) -> list[Write]:
    return [("canNotMoveDuringCombatMove", _flag(on)), *((limit, ALLIED_LIMIT if on else None) for limit in AA_LIMITS)]


def _flag(on: bool) -> str:
    return "true" if on else "false"


def field_writes(name: str, value: str) -> list[Write]:
    """The fields TripleA's setter for the option `name` (as TripleA looks it up) writes, in order, with the
    text each gets; `Unparsed` when a macro's value is no boolean."""
    if name not in MACROS:
        return [(name, value)]
    on = java_bool(value)
    if name == "isAA":
        return [*((f, _flag(on)) for f in AA_FLAGS[:3]), *_movement(on), *((f, _flag(on)) for f in AA_FLAGS[3:])]
    if name == "isAAmovement":
        return _movement(on)
    if name == "isFactory":
        return [*((f, _flag(on)) for f in FACTORY_FLAGS), ("constructionType", "factory" if on else "none"),
                *((count, "1" if on else "-1") for count in FACTORY_COUNTS)]
    if name == "isTwoHit":
        return [("hitPoints", "2" if on else "1")]
    if name == "isSub":
        return [("isSub", _flag(on)), ("canNotTarget", None), ("canNotBeTargetedBy", None)]
    return [("isSuicide", _flag(on)), ("canNotTarget", None)]  # isSuicide


class FieldValue(NamedTuple, Generic[T]):
    """The text a field ends with (None: unset by a macro) and what set it last."""

    text: str | None
    by: T


def final_fields(options: Iterable[tuple[str, str, T]]) -> dict[str, FieldValue[T]]:
    """field -> the value it ends with after (option name as TripleA looks it up, value, source) in order,
    for every field some option wrote; `Unparsed` when a macro's value is no boolean."""
    found: dict[str, FieldValue[T]] = {}
    for name, value, source in options:
        for field, text in field_writes(name, value):
            found[field] = FieldValue(text, source)
    return found
