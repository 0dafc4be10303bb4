"""Tech ability attachments sit on technologies TripleA 2.7 lets them change.

TripleA 2.x validates every TechAbilityAttachment it keeps: one attached to anything but a technology
(a unit type, territory, player...) makes the validation crash (a ClassCastException), and one on a
generic technology that names a built-in advance (`<techname name="X" tech="jetPower"/>`) is refused:
such a technology uses the built-in advance's attachment. While setting up the built-in advances,
TripleA also reads the attachment named exactly `techAbilityAttachment` of each built-in technology
as a TechAbilityAttachment, so another class under that name there crashes too.

Failing::

    <attachment name="techAbilityAttachment" attachTo="infantry"
                javaClass="games.strategy.triplea.attachments.TechAbilityAttachment" type="unitType">

Passing::

    <technologies><techname name="Rocketry"/></technologies> ...
    <attachment name="techAbilityAttachment" attachTo="Rocketry"
                javaClass="games.strategy.triplea.attachments.TechAbilityAttachment" type="technology">

How to fix: attach a TechAbilityAttachment to a technology (type="technology"), to the built-in advance itself
rather than a technology naming it with `tech=`; give any other class another name than techAbilityAttachment.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.checks._attachments import kept_attachments
from compiler.checks.context import CheckContext
from compiler.checks.unknown_technology import BUILTIN_ADVANCES
from compiler.model.vocabulary import TECH_ABILITY, UNIT
from compiler.problems import Problem, Severity

ID = "tech-ability"
SEVERITY = Severity.ERROR


def named_advances(ctx: CheckContext) -> dict[str, str]:
    """Declared technology name -> the built-in advance its `tech` attribute names (generic techs)."""
    return {t.name: t.tech for t in ctx.model.technologies if t.tech}


def builtin_technology(ctx: CheckContext, attach_to: str) -> bool:
    """Whether `attach_to` is a built-in advance itself (not a generic technology naming one)."""
    if not ctx.model.technologies:
        return True  # TripleA creates the default (built-in) advances
    plain = {t.name for t in ctx.model.technologies if not t.tech}
    return attach_to in plain and attach_to in BUILTIN_ADVANCES


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine != "2.x":
        return
    generic = named_advances(ctx)
    for inst, simple in kept_attachments(ctx):
        att = inst.attachment
        kind = att.type or UNIT.attach_type
        if simple == TECH_ABILITY.java_class and kind != TECH_ABILITY.attach_type:
            yield Problem(ID, f"TechAbilityAttachment '{inst.name}' is attached to {kind} '{inst.attach_to}': "
                              "TripleA 2.7 refuses a tech ability attachment on anything but a technology "
                              "(type=\"technology\")", att.loc, SEVERITY)
        elif simple == TECH_ABILITY.java_class and inst.attach_to in generic:
            yield Problem(ID, f"TechAbilityAttachment '{inst.name}' is attached to technology '{inst.attach_to}', "
                              f"which names the built-in advance '{generic[inst.attach_to]}': TripleA 2.7 refuses it "
                              "(attach it to the built-in advance, or drop tech=)", att.loc, SEVERITY)
        elif (simple != TECH_ABILITY.java_class and kind == TECH_ABILITY.attach_type
              and TECH_ABILITY.is_named(inst.name) and builtin_technology(ctx, inst.attach_to)):
            yield Problem(ID, f"{simple} '{inst.name}' on the built-in technology '{inst.attach_to}': TripleA 2.7 "
                              f"reads the attachment named {TECH_ABILITY.name} there as a {TECH_ABILITY.java_class} "
                              "and crashes",
                          att.loc, SEVERITY)
