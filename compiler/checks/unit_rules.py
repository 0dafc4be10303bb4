"""Unit attachments obey the cross-field rules TripleA 2.7 validates after parsing.

TripleA 2.x runs UnitAttachment.validate() on every unit attachment it keeps and refuses the game
when one fails. The rules work on the attachment's final field values: options apply in document
order (a later one overwrites an earlier one), legacy macros set several fields (isFactory sets
isConstruction, constructionType, canBeDamaged and the construction counts; isTwoHit sets hitPoints;
isMarine true/false is 1/0; isParatroop is isAirTransportable; isInfantry and isMechanized are
isLandTransportable), and of two attachments with the same name on one unit the later one wins.

- an air unit (isAir) may not have isSea, transportCost or carrierCapacity other than -1, canBlitz,
  canBombard, isMarine other than 0, isLandTransportable, isLandTransport, isAirTransportable or
  isCombatTransport;
- a sea unit may not have canBlitz, isStrategicBomber, carrierCost or transportCost other than -1,
  isMarine other than 0, isLandTransportable, isLandTransport, isAirTransportable, isAirTransport
  or isKamikaze;
- a land unit may not have canBombard, carrierCapacity other than -1, bombard (any value, even 0),
  isAirTransport, isCombatTransport or isKamikaze;
- hitPoints at least 1; attackAA and offensiveAttackAA at least 0, their maxDieSides in -1..200;
  maxBuiltPerPlayer at least -1; isCombatTransport needs transportCapacity at least 1;
- with the property "Transport Casualties Restricted" true, a sea transport (transportCapacity set)
  has no attack or defense unless it is a combat transport;
- isConstruction needs a constructionType and both construction counts at least 0; without it
  neither may be set; constructionsPerTerrPerTypePerTurn may not exceed maxConstructionsPerTypePerTerr;
- canBeDamaged and canDieFromReachingMaxDamage need maxDamage at least 1, and the latter needs
  canBeDamaged;
Values that do not parse (e.g. bombard="x") are the option-value check's business; such an attachment
is not checked here. So are the single-value rules of validate() (receivesAbilityWhenWith is
`canBlitz:unit`, whenCombatDamaged's effect), and unknown unit types in requiresUnits,
canInvadeOnlyFrom and receivesAbilityWhenWith are reported once, by unknown-unit.

Failing::

    <attachment name="unitAttachment" attachTo="armour" javaClass="UnitAttachment" type="unitType">
      <option name="bombard" value="0"/>   <!-- a land unit: TripleA 2.7 refuses bombard on land units -->
    </attachment>

Passing::

    <attachment name="unitAttachment" attachTo="battleship" javaClass="UnitAttachment" type="unitType">
      <option name="isSea" value="true"/><option name="bombard" value="4"/>
    </attachment>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial

from compiler.checks._attachments import kept_attachments, option_values
from compiler.checks._unit_macros import Unparsed, field_writes, java_bool
from compiler.checks.context import CheckContext
from compiler.model import game as m
from compiler.model.expand import AttachmentInstance
from compiler.model.vocabulary import UNIT
from compiler.problems import Location, Problem, Severity

ID = "unit-rules"
SEVERITY = Severity.ERROR

BOOL_FIELDS = frozenset({
    "isAir", "isSea", "canBlitz", "canBombard", "isLandTransportable", "isLandTransport", "isAirTransportable",
    "isCombatTransport", "isStrategicBomber", "isAirTransport", "isKamikaze", "isConstruction", "canBeDamaged",
    "canDieFromReachingMaxDamage",
})
INT_FIELDS = {  # field -> TripleA's default
    "transportCost": -1, "carrierCapacity": -1, "carrierCost": -1, "bombard": -1, "hitPoints": 1,
    "attackAA": 1, "offensiveAttackAA": 0, "attackAAmaxDieSides": -1, "offensiveAttackAAmaxDieSides": -1,
    "maxBuiltPerPlayer": -1, "transportCapacity": -1, "attack": 0, "defense": 0,
    "constructionsPerTerrPerTypePerTurn": -1, "maxConstructionsPerTypePerTerr": -1, "maxDamage": 2,
}

# (field, test on its value, how the rule reads) per unit kind
_TRUE = (lambda v: v is True, "")
_NOT_MINUS_ONE = (lambda v: v != -1, " (any value but -1)")
_NOT_ZERO = (lambda v: v != 0, " (any value but 0 or false)")
FORBIDDEN: dict[str, list[tuple[str, Callable[[object], bool], str]]] = {
    "air": [("isSea", *_TRUE), ("transportCost", *_NOT_MINUS_ONE), ("carrierCapacity", *_NOT_MINUS_ONE),
            ("canBlitz", *_TRUE), ("canBombard", *_TRUE), ("isMarine", *_NOT_ZERO),
            ("isLandTransportable", *_TRUE), ("isLandTransport", *_TRUE), ("isAirTransportable", *_TRUE),
            ("isCombatTransport", *_TRUE)],
    "sea": [("canBlitz", *_TRUE), ("isStrategicBomber", *_TRUE), ("carrierCost", *_NOT_MINUS_ONE),
            ("transportCost", *_NOT_MINUS_ONE), ("isMarine", *_NOT_ZERO), ("isLandTransportable", *_TRUE),
            ("isLandTransport", *_TRUE), ("isAirTransportable", *_TRUE), ("isAirTransport", *_TRUE),
            ("isKamikaze", *_TRUE)],
    "land": [("canBombard", *_TRUE), ("carrierCapacity", *_NOT_MINUS_ONE),
             ("bombard", lambda v: v != -1, " (any value, even 0)"), ("isAirTransport", *_TRUE),
             ("isCombatTransport", *_TRUE), ("isKamikaze", *_TRUE)],
}
TRANSPORT_CASUALTIES_RESTRICTED = "Transport Casualties Restricted"
_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def java_int(value: str) -> int:
    if not _JAVA_INT.fullmatch(value) or not -(2**31) <= int(value) < 2**31:
        raise Unparsed(value)
    return int(value)


@dataclass
class UnitFields:
    """A UnitAttachment's fields the rules read, after its options, and the option that set each."""

    values: dict[str, object] = field(default_factory=lambda: {
        **dict.fromkeys(BOOL_FIELDS, False), **INT_FIELDS, "isMarine": 0, "constructionType": "none"})
    set_by: dict[str, tuple[str, Location]] = field(default_factory=dict)

    def set(self, name: str, value: object, option: str, loc: Location) -> None:
        self.values[name] = value
        self.set_by[name] = (option, loc)


def _apply(f: UnitFields, name: str, value: str, option: m.Option) -> None:
    for field_name, text in field_writes(name, value):
        if text is not None:  # macros unset only fields the rules do not read
            _set(f, field_name, text, option)


def _set(f: UnitFields, name: str, value: str, option: m.Option) -> None:
    loc, shown = option.loc, option.name
    if name in BOOL_FIELDS:
        f.set(name, java_bool(value), shown, loc)
    elif name in INT_FIELDS:
        f.set(name, java_int(value), shown, loc)
    elif name == "isMarine":
        f.set(name, {"true": 1, "false": 0}.get(value.lower()) if value.lower() in ("true", "false")
              else java_int(value), shown, loc)
    elif name == "constructionType":
        f.set(name, value, shown, loc)


def unit_fields(ctx: CheckContext, inst: AttachmentInstance) -> UnitFields | None:
    """The fields TripleA's setters leave after every option of `inst`; None if a value does not parse."""
    f = UnitFields()
    try:
        for name, value, option in option_values(ctx, inst):
            _apply(f, name, value, option)
    except Unparsed:
        return None
    return f


def transport_casualties_restricted(ctx: CheckContext) -> bool:
    """The property as TripleA reads it: the last definition's value (a `<value>` text trimmed)."""
    found = False
    for prop in ctx.model.properties:
        if prop.name == TRANSPORT_CASUALTIES_RESTRICTED:
            value = prop.text.strip() if prop.text is not None else prop.value
            if value:
                found = value.lower() == "true"
    return found


def kind_of(values: dict[str, object]) -> str:
    return "air" if values["isAir"] else "sea" if values["isSea"] else "land"


class _Rules:
    """The rule violations of one unit attachment, as problems."""

    def __init__(self, ctx: CheckContext, inst: AttachmentInstance, f: UnitFields) -> None:
        self.ctx, self.inst, self.f, self.v = ctx, inst, f, f.values
        att = inst.attachment
        owner = f"'{inst.attach_to}'" if att.type in ("", UNIT.attach_type) else f"{att.type} '{inst.attach_to}'"
        self.owner = owner if inst.name == UNIT.name else f"{owner} (attachment '{inst.name}')"

    def n(self, name: str) -> int:
        """A whole-number (or flag) field's value."""
        value = self.v[name]
        if not isinstance(value, int):
            raise TypeError(f"{name} is not a number: {value!r}")
        return value

    def shown(self, name: str) -> str:
        value = self.v[name]
        text = str(value).lower() if isinstance(value, bool) else str(value)
        option = self.f.set_by.get(name, (name, None))[0]
        return f"{name}={text}" + (f" (set by {option})" if option != name else "")

    def loc(self, name: str) -> Location:
        found = self.f.set_by.get(name)
        return found[1] if found else self.inst.attachment.loc

    def problem(self, message: str, loc: Location | None = None) -> Problem:
        return Problem(ID, message, loc or self.inst.attachment.loc, SEVERITY)

    def all(self) -> Iterator[Problem]:
        yield from self.kind()
        yield from self.numbers()
        yield from self.constructions()
        yield from self.damage()

    def kind(self) -> Iterator[Problem]:
        kind = kind_of(self.v)
        for name, test, how in FORBIDDEN[kind]:
            if test(self.v[name]):
                yield self.problem(f"{kind} unit {self.owner} has {self.shown(name)}: TripleA 2.7 refuses {kind} "
                                   f"units with {name}{how}", self.loc(name))

    def numbers(self) -> Iterator[Problem]:
        v = self.v
        if self.n("hitPoints") < 1:
            yield self.problem(f"unit {self.owner} has {self.shown('hitPoints')}: TripleA 2.7 refuses hitPoints "
                               "below 1", self.loc("hitPoints"))
        for name in ("attackAA", "offensiveAttackAA"):
            if self.n(name) < 0:
                yield self.problem(f"unit {self.owner} has {self.shown(name)}: TripleA 2.7 refuses a negative {name}",
                                   self.loc(name))
        for name in ("attackAAmaxDieSides", "offensiveAttackAAmaxDieSides"):
            if not -1 <= self.n(name) <= 200:
                yield self.problem(f"unit {self.owner} has {self.shown(name)}: TripleA 2.7 wants {name} in -1..200",
                                   self.loc(name))
        if self.n("maxBuiltPerPlayer") < -1:
            yield self.problem(f"unit {self.owner} has {self.shown('maxBuiltPerPlayer')}: TripleA 2.7 refuses "
                               "maxBuiltPerPlayer below -1", self.loc("maxBuiltPerPlayer"))
        if v["isCombatTransport"] and self.n("transportCapacity") < 1:
            yield self.problem(f"unit {self.owner} has isCombatTransport=true with {self.shown('transportCapacity')}: "
                               "TripleA 2.7 refuses a combat transport without transportCapacity of at least 1",
                               self.loc("isCombatTransport"))
        if (v["isSea"] and self.n("transportCapacity") >= 0 and not v["isCombatTransport"]
                and (self.n("attack") > 0 or self.n("defense") > 0)
                and transport_casualties_restricted(self.ctx)):
            yield self.problem(f"sea transport {self.owner} has {self.shown('attack')} and {self.shown('defense')} "
                               f"while the property '{TRANSPORT_CASUALTIES_RESTRICTED}' is true: TripleA 2.7 refuses "
                               "restricted transports with attack or defense (unless isCombatTransport)")

    def constructions(self) -> Iterator[Problem]:
        v = self.v
        ctype = v["constructionType"]
        per_turn, most = self.n("constructionsPerTerrPerTypePerTurn"), self.n("maxConstructionsPerTypePerTerr")
        typed = ctype not in ("none", "")
        counts = f"{self.shown('constructionsPerTerrPerTypePerTurn')}, {self.shown('maxConstructionsPerTypePerTerr')}"
        if v["isConstruction"] and (not typed or per_turn < 0 or most < 0):
            yield self.problem(f"unit {self.owner} has {self.shown('isConstruction')} with constructionType="
                               f"'{ctype}', {counts}: TripleA 2.7 refuses a construction without a constructionType "
                               "and both counts of at least 0", self.loc("isConstruction"))
        if not v["isConstruction"] and (typed or per_turn >= 0 or most >= 0):
            yield self.problem(f"unit {self.owner} is not a construction (isConstruction false) but has "
                               f"constructionType='{ctype}', {counts}: TripleA 2.7 refuses construction settings "
                               "without isConstruction true")
        if per_turn > most:
            yield self.problem(f"unit {self.owner} has {counts}: TripleA 2.7 refuses more constructions per turn "
                               "than per territory")

    def damage(self) -> Iterator[Problem]:
        v = self.v
        damaged, dies, most = v["canBeDamaged"], v["canDieFromReachingMaxDamage"], self.n("maxDamage")
        if (damaged or dies) and most < 1:
            flag = "canBeDamaged" if damaged else "canDieFromReachingMaxDamage"
            yield self.problem(f"unit {self.owner} has {self.shown(flag)} with {self.shown('maxDamage')}: TripleA 2.7 "
                               "refuses damageable units with maxDamage below 1", self.loc("maxDamage"))
        if dies and not damaged:
            yield self.problem(f"unit {self.owner} has canDieFromReachingMaxDamage=true without canBeDamaged: "
                               "TripleA 2.7 refuses it", self.loc("canDieFromReachingMaxDamage"))


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine != "2.x":
        return
    for inst, simple in kept_attachments(ctx):
        if simple != UNIT.java_class:
            continue
        fields = ctx.derived("unit fields", inst, partial(unit_fields, ctx))  # read, never changed
        if fields is not None:
            yield from _Rules(ctx, inst, fields).all()
