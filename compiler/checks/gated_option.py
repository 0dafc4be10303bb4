"""Options and attachments TripleA ignores without a word because the game property that gates them is off.

TripleA 2.x reads many attachments only when a game property turns their rule on, and reads a missing
property as false: national objectives (`objectiveAttachment...` with an objectiveValue) pay only with
"National Objectives", triggers fire only with "Use Triggers", political actions need "Use Politics",
the rulesAttachment's movementRestrictionTerritories need "Movement By Territory Restricted", fuelCost needs
"Use Fuel Cost", and so on (the table is compiler/checks/_gates.py, each row citing the TripleA method that
reads the property). With the property off the game loads and plays, and the option does nothing: the
objective never pays, the trigger never fires. One warning per game and property, at the first attachment
it gates, when the property is missing or false and not editable. An option set to TripleA's default
(objectiveValue 0, bombingBonus 0, bombingMaxDieSides -1 or the game's dice sides, vps or captureVps 0)
changes nothing and is not reported. Nor are the triggers TripleA fires without "Use Triggers": those a
user action activates, and with "Triggered Victory" on, triggers without `when` that set victory or
activateTrigger (and the triggers those activate). Checked for TripleA 2.x (the table is read from 2.7's
source), not for 1.9.

The gates (property: what it gates): "National Objectives": objectiveValue of a player's
objectiveAttachment...; "Use Triggers": TriggerAttachments; "Use Politics": politicalActionAttachment...;
"Movement By Territory Restricted": movementRestrictionTerritories, "Production Per X Territories Restricted":
productionPerXTerritories and "Unit Placement Per Territory Restricted": placementPerTerritory (of a player's
rulesAttachment); "Use Fuel Cost": fuelCost/fuelFlatCost; "Unit Placement Restrictions":
unitPlacementRestrictions/unitPlacementOnlyAllowedIn; "Units Can Be Changed On Capture":
whenCapturedChangesInto; "Units Can Be Destroyed Instead Of Captured": destroyedWhenCapturedBy/
destroyedWhenCapturedFrom; "Scramble Rules In Effect": canScramble; "Units May Give Bonus Movement":
givesMovement; "Two HitPoint Units Require Repair Facilities": repairsUnits; "Use Bombing Max Dice Sides And
Bonus": bombingMaxDieSides/bombingBonus (of a unitAttachment); "Use Kamikaze Suicide Attacks": a
territoryAttachment's kamikazeZone, a playerAttachment's suicideAttackResources/suicideAttackTargets; "Damage
From Bombing Done To Units Instead Of Territories": a territoryAttachment's unitProduction (unless equal to
its production); "Pacific Theater": a playerAttachment's victory points (vps/captureVps); "Capture Units On
Entering Territory": canBeCapturedOnEnteringBy (unitAttachment), captureUnitOnEnteringBy (territoryAttachment,
playerAttachment).

A property declared editable and false is not reported: the designer leaves the rule to the host (TripleA
ignores the options unless the host turns the property on in the game options, which is the design). On
the public catalogue all 14 such cases were deliberate, some saying so in the game notes ("needed to
repair Battleships if you turn on 'Two HitPoint Units Require Repair Facilities'").

Failing::

    <attachment name="objectiveAttachmentGermans1" attachTo="Germans"
                javaClass="games.strategy.triplea.attachments.RulesAttachment" type="player">
      <option name="objectiveValue" value="5"/> ...
    </attachment>
    <!-- and no <property name="National Objectives" .../> -->

Passing::

    <property name="National Objectives" value="true" editable="true"><boolean/></property>

How to fix: set the property to true (editable if the host should choose), or remove the options
TripleA would ignore.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import partial

from compiler.checks._attachments import class_name, kept_attachments, option_values
from compiler.checks._gates import DEFAULTS, GATES, TRIGGERED_VICTORY, USE_TRIGGERS, Gate
from compiler.checks.context import CheckContext
from compiler.checks.property_value import inferred_type, value_of
from compiler.model import game as m
from compiler.model.expand import AttachmentInstance
from compiler.problems import Location, Problem, Severity

ID = "gated-option"
SEVERITY = Severity.WARNING
SHOWN = 3  # attachments named in a message


@dataclass(frozen=True)
class Setting:
    """How TripleA 2.x reads a boolean game property: on, and whether the host may change it."""

    on: bool
    editable: bool
    declared: bool
    readable: bool  # False when the value is no true/false (property-value's concern; never reported here)


def setting(model: m.GameModel, name: str) -> Setting:
    """The property as GameProperties.get(name, false) reads it: an editable declaration wins over a constant
    one, the last of each kind wins, and a missing property is false."""
    editable = [p for p in model.properties if p.name == name and p.editable]
    constant = [p for p in model.properties if p.name == name and not p.editable]
    prop = editable[-1] if editable else constant[-1] if constant else None
    if prop is None:
        return Setting(False, False, False, True)
    value = value_of(prop)
    if inferred_type(value) != "bool":
        return Setting(False, prop.editable, True, False)
    return Setting(str(value).lower() == "true", prop.editable, True, True)


@dataclass
class Gated:
    """The attachments one property gates in a game, in document order."""

    gate: Gate
    names: list[str]
    loc: Location


def _active(ctx: CheckContext, option: str, value: str, production: str | None) -> bool:
    """Whether `value` changes anything when TripleA reads `option` (not false, not TripleA's default; a
    unitProduction equal to the attachment's `production`, which sets both, changes nothing either)."""
    text = value.strip()
    if text.lower() == "false" or text in DEFAULTS.get(option, ()):
        return False
    if option == "unitProduction":
        return text != (production or "0").strip()
    return not (option == "bombingMaxDieSides" and text == (ctx.model.dice_sides or "6").strip())


def _gated_by(ctx: CheckContext, gate: Gate, inst: AttachmentInstance, simple: str,
              only: Collection[str] | None = None) -> Location | None:
    """Where `inst` sets what `gate` gates (the attachment, or its first gated option of `only` when given),
    None when it does not."""
    if simple != gate.java_class or (inst.attachment.type or "unitType") != gate.attach_type:
        return None
    if not gate.named(inst.name):
        return None
    if not gate.options:
        return inst.attachment.loc
    values = list(option_values(ctx, inst))
    production = next((value for name, value, _ in reversed(values) if name == "production"), None)
    for name, value, option in values:
        if name in gate.options and (only is None or name in only) and _active(ctx, name, value, production):
            return option.loc if option.loc.line else inst.attachment.loc
    return None


def _trigger_targets(ctx: CheckContext, inst: AttachmentInstance) -> list[str]:
    """The triggers `inst` activates (activateTrigger="name:times:useUses:testUses:testConditions:testChance")."""
    return [value.split(":", 1)[0] for name, value, _ in option_values(ctx, inst) if name == "activateTrigger"]


def fired_without_triggers(ctx: CheckContext) -> set[str]:
    """Triggers TripleA fires with "Use Triggers" off: those user actions activate
    (UserActionDelegate.attemptAction), with "Triggered Victory" on those without `when` that set victory or
    activateTrigger (EndRoundDelegate.start), and the triggers these activate."""
    kept = kept_attachments(ctx)
    triggers = {inst.name: inst for inst, simple in kept if simple == "TriggerAttachment"}
    roots = [t for inst, simple in kept if simple == "UserActionAttachment" for t in _trigger_targets(ctx, inst)]
    if setting(ctx.model, TRIGGERED_VICTORY).on:
        for name, inst in triggers.items():
            options = {option for option, _, _ in option_values(ctx, inst)}
            if "when" not in options and options & {"victory", "activateTrigger"}:
                roots.append(name)
    live: set[str] = set()
    while roots:
        name = roots.pop()
        if name in live or name not in triggers:
            continue
        live.add(name)
        roots.extend(_trigger_targets(ctx, triggers[name]))
    return live


def ignoring(ctx: CheckContext, inst: AttachmentInstance, simple: str,
             options: Collection[str] | None = None) -> list[Gate]:
    """The gates whose property is off in the game (missing, or false even if editable) under which TripleA
    ignores `inst` (of simple class `simple`), or, given `options`, those of its options: what a claim that
    the attachment works in play must not rely on."""
    found = []
    for gate in GATES:
        if setting(ctx.model, gate.property).on or _gated_by(ctx, gate, inst, simple, options) is None:
            continue
        if gate.property == USE_TRIGGERS and inst.name in ctx.shared(fired_without_triggers):
            continue
        found.append(gate)
    return found


def gated(ctx: CheckContext) -> list[Gated]:
    """Per gate whose property is off: the attachments TripleA ignores, in document order."""
    off = {gate.property for gate in GATES if not setting(ctx.model, gate.property).on}
    if not off:
        return []
    found: dict[Gate, Gated] = {}
    exempt = fired_without_triggers(ctx) if USE_TRIGGERS in off else set()
    kept = kept_attachments(ctx)
    # what _gated_by reads beside the instance and the catalog: the game's dice sides (and the gates asked for)
    label = f"gated options, dice sides {ctx.model.dice_sides!r}, properties off {sorted(off)}"
    instances = [inst for inst, _ in kept]
    gates_off = [gate for gate in GATES if gate.property in off]
    for inst, gates in zip(instances, ctx.derived_each(label, instances, partial(_gates_of, ctx, gates_off)),
                           strict=True):
        for gate, loc in gates:
            if gate.property == USE_TRIGGERS and inst.name in exempt:
                continue
            entry = found.setdefault(gate, Gated(gate, [], loc))
            entry.names.append(inst.name if gate.name is None else inst.attach_to)
    return list(found.values())


def _gates_of(ctx: CheckContext, gates: list[Gate], inst: AttachmentInstance) -> list[tuple[Gate, Location]]:
    """(gate, where the instance sets what it gates) of each of `gates` that gates a kept instance, in order."""
    simple = str(class_name(ctx, inst.attachment.java_class))
    return [(gate, loc) for gate in gates if (loc := _gated_by(ctx, gate, inst, simple)) is not None]


def _why(prop: str, state: Setting) -> str:
    if not state.declared:
        return f"the game has no property '{prop}', which TripleA reads as false"
    return f"its property '{prop}' is false and not editable, so no host can turn it on"


def _listed(names: list[str]) -> str:
    shown = ", ".join(f"'{name}'" for name in names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine != "2.x":
        return
    for entry in gated(ctx):
        state = setting(ctx.model, entry.gate.property)
        if not state.readable or state.editable:
            continue  # property-value reports a flag TripleA cannot read; an editable one is the host's choice
        gate = entry.gate
        names = list(dict.fromkeys(entry.names))
        options = f" ({'/'.join(gate.options)})" if gate.options else ""
        noun = "attachment(s)" if gate.name is None else f"{gate.attach_type}(s)"
        yield Problem(ID, f"TripleA ignores the {gate.what}{options} of {len(names)} {noun} "
                          f"({_listed(names)}), so {gate.effect}: {_why(gate.property, state)} "
                          f"(read by {gate.reader})", entry.loc, SEVERITY)
