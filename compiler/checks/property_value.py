"""Game properties hold values TripleA can load: editable numbers in range, typed properties of the right type.

TripleA 2.x infers a property's type from its value (`true`/`false` a flag, a whole number a number,
anything else text). An editable number must lie between its `min` and `max` (attributes of
<property>, else of <number>), and `max` must not be below `min`. While loading a game, 2.x also
reads a few properties with a fixed type, and refuses the game when the value has another:
`WW2V2` and `WW2V3` (flags, read when the game has no <technology>), `WW2V3 Tech Model`,
`LHTR Heavy Bombers` (flags) and `Heavy Bomber Dice Rolls` (a number), read when the jet power or
heavy bomber advance has no techAbilityAttachment, and `Transport Casualties Restricted` (a flag,
read for a sea unit with a transportCapacity). With `--engine 1.9` these are warnings.

Failing::

    <property name="Russians bid" value="1500" editable="true"><number min="0" max="1000"/></property>
    <property name="WW2V3" value="yes" editable="false"/>

Passing::

    <property name="Russians bid" value="0" editable="true"><number min="0" max="1000"/></property>
    <property name="WW2V3" value="true" editable="false"/>

How to fix: write a value of the type TripleA reads (true/false for a flag, a whole number for a number) and,
for an editable number, one between its min and max.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.model import game as m
from compiler.model.vocabulary import TECH_ABILITY
from compiler.problems import Problem, Severity

ID = "property-value"
SEVERITY = Severity.ERROR

JAVA_INT = (-(2**31), 2**31 - 1)
TECH_ADVANCE_NAMES = {"jetPower": "Jet Power", "heavyBomber": "Heavy Bomber"}


def value_of(prop: m.Property) -> str | None:
    """The value TripleA 2.x reads: the trimmed <value> text if any, else the value attribute ('' is none)."""
    if prop.text is not None:
        return prop.text.strip()
    return prop.value or None


def guava_int(text: str) -> int | None:
    """Guava's Ints.tryParse: an optional '-', ASCII digits, 32-bit range; None otherwise."""
    body = text[1:] if text.startswith("-") else text
    if not (body.isascii() and body.isdigit()):
        return None
    number = int(text)
    return number if JAVA_INT[0] <= number <= JAVA_INT[1] else None


def inferred_type(value: str | None) -> str | None:
    """'bool', 'int' or 'str' as 2.x infers it; None for no value."""
    if value is None:
        return None
    if value.lower() in ("true", "false"):
        return "bool"
    return "int" if guava_int(value) is not None else "str"


def _bound(text: str | None, default: int) -> int | None:
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        return None  # the parser reports the bad number


def _range(prop: m.Property, value: str) -> str | None:
    low = _bound(prop.attr_min if prop.attr_min is not None else prop.min, JAVA_INT[0])
    high = _bound(prop.attr_max if prop.attr_max is not None else prop.max, JAVA_INT[1])
    if low is None or high is None:
        return None
    if high < low:
        return f"its max {high} is below its min {low}"
    number = int(value)
    if not low <= number <= high:
        return f"its value {number} is outside {low}..{high}"
    return None


def _has_tech_ability(ctx: CheckContext, names: set[str]) -> bool:
    return not names.isdisjoint(ctx.shared(_tech_ability_targets))


def _tech_ability_targets(ctx: CheckContext) -> set[str]:
    """What the game's TechAbilityAttachments attach to (as written: before any foreach)."""
    return {a.attach_to for a in ctx.model.attachments
            if a.type == TECH_ABILITY.attach_type and TECH_ABILITY.describes(a)}


def _advance_present(ctx: CheckContext, prop_name: str) -> bool:
    """True when the built-in advance `prop_name` exists and gets 2.x's default techAbilityAttachment."""
    g = ctx.model
    display = TECH_ADVANCE_NAMES[prop_name]
    if "technology" not in g.sections and not g.technologies:
        return not _has_tech_ability(ctx, {prop_name, display})
    for t in g.technologies:
        if t.tech == prop_name:
            return True  # a generic tech naming it: its advance never carries an attachment
        if not t.tech and t.name in (prop_name,):
            return not _has_tech_ability(ctx, {t.name, display})
    return False


def typed_properties(ctx: CheckContext) -> dict[str, str]:
    """The properties 2.x reads with a type cast while loading this game -> the type it needs."""
    g = ctx.model
    wanted: dict[str, str] = {}
    if "technology" not in g.sections and not g.technologies:
        wanted.update({"WW2V2": "bool", "WW2V3": "bool"})
    if _advance_present(ctx, "jetPower"):
        wanted["WW2V3 Tech Model"] = "bool"
    if _advance_present(ctx, "heavyBomber"):
        wanted.update({"Heavy Bomber Dice Rolls": "int", "LHTR Heavy Bombers": "bool"})
    for opts in ctx.unit_options.values():
        capacity = opts.get("transportCapacity", "-1")
        if opts.get("isSea", "").lower() == "true" and capacity.lstrip("+").isdigit():
            wanted["Transport Casualties Restricted"] = "bool"
    return wanted


def check(ctx: CheckContext) -> Iterator[Problem]:
    severity = Severity.ERROR if ctx.engine == "2.x" else Severity.WARNING
    last: dict[str, m.Property] = {}
    for prop in ctx.model.properties:
        if not prop.name:
            continue
        value = value_of(prop)
        if prop.editable and inferred_type(value) == "int" and value is not None:
            why = _range(prop, value)
            if why:
                yield Problem(ID, f"editable number property '{prop.name}': {why}; TripleA refuses the game",
                              prop.loc, severity)
        last[prop.name] = prop
    if not last:
        return
    wanted = typed_properties(ctx)
    v2, v3 = last.get("WW2V2"), last.get("WW2V3")
    if "WW2V3" in wanted and v2 and v3 and all((value_of(p) or "").lower() == "true" for p in (v2, v3)):
        yield Problem(ID, "properties WW2V2 and WW2V3 are both true in a game without <technology>: TripleA 2.7 "
                          "makes the WW2V2 advances and cannot sort them into WW2V3's categories, it refuses the "
                          "game", v3.loc, severity)
    for name, needed in wanted.items():
        typed = last.get(name)
        if typed is None:
            continue
        found = inferred_type(value_of(typed))
        if found is not None and found != needed:
            what = "true or false" if needed == "bool" else "a whole number"
            yield Problem(ID, f"property '{name}' must be {what}, not '{value_of(typed)}': TripleA 2.7 reads it as "
                              f"{'a flag' if needed == 'bool' else 'a number'} while loading this game and refuses it",
                          typed.loc, severity)
