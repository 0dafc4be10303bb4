"""Options that name other attachments name earlier ones, and order-dependent options come in an order
TripleA 2.x accepts.

TripleA 2.x sets options in document order, each attachment attached before its options are set:

- `conditions` (and a trigger's `trigger`) names RulesAttachments already attached to some player (the
  first player, in playerList order, with an attachment of that name; it must be a RulesAttachment);
- `activateTrigger` names a TriggerAttachment already attached to some player, not the trigger itself;
- a trigger's `support` names a supportAttachment already attached to some unit type;
- `canNotTarget` may not follow `isSub` or `isSuicide` set true in the same unitAttachment;
- `artillery` / `artillerySupportable` true and `unitSupportCount` walk every supportAttachment on the
  unit types so far: one without a `bonusType` makes TripleA crash (NullPointerException), one that is
  not a UnitSupportAttachment too (ClassCastException).
- `artillery` true makes TripleA attach a support rule of its own to the unit type,
  `supportAttachmentArtyOld<unit>`, that a later trigger's `support` may name; `artillerySupportable` true,
  while no old-artillery rule (bonusType `ArtyOld`) exists, attaches `supportAttachmentArtyOldTempFirst<unit>`,
  which the next `artillery` true removes again.

Every one of these refuses the game. TripleA 1.9 is not checked here.

Failing::

    <attachment name="triggerAttachmentWin" attachTo="Germans" ...>
      <option name="conditions" value="conditionAttachmentBerlin"/>  <!-- defined further down -->
    </attachment>

Passing::

    <attachment name="conditionAttachmentBerlin" attachTo="Germans" javaClass="...RulesAttachment" .../>
    <attachment name="triggerAttachmentWin" attachTo="Germans" ...>
      <option name="conditions" value="conditionAttachmentBerlin"/>
    </attachment>
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from compiler.checks._attachments import Checked, attachment_name, checked_options
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance, OptionValue
from compiler.model.vocabulary import CONDITION, SUPPORT, TRIGGER, UNIT, simple_class
from compiler.problems import Problem, Severity

ID = "option-order"
SEVERITY = Severity.ERROR
RULE_WALKERS = ("artillery", "artillerySupportable")  # true: walk the support rules (and unitSupportCount)
# class -> the options whose place in the document matters even when they name nothing (see _why)
ORDER_DEPENDENT = {
    SUPPORT.java_class: frozenset({"bonusType"}),
    UNIT.java_class: frozenset({"isSub", "isSuicide", "canNotTarget", *RULE_WALKERS, "unitSupportCount"}),
}


OLD_ARTILLERY = "ArtyOld"  # the bonusType of the rules TripleA makes for `artillery` (Constants.OLD_ART_RULE_NAME)
IMPLICIT_RULE = f"{SUPPORT.name}{OLD_ARTILLERY}"  # + the unit type's name
IMPLICIT_TARGETS = f"{IMPLICIT_RULE}TempFirst"  # + the unit type's name: holds targets until a rule exists


@dataclass
class _Support:
    java_class: str
    has_bonus_type: bool = False
    old_artillery: bool = False  # bonusType ArtyOld: the rules `artillery` and `artillerySupportable` update


Names = tuple[tuple[str, str], ...]
"""(reference kind, name) of what an option's value names"""
Ordered = tuple[OptionValue, str, Names, tuple[str, ...] | None]
"""An option whose place matters: see _ordered"""


@dataclass(frozen=True)
class _Facts:
    """What this check reads of one attachment instance (a function of the instance and the catalog)."""

    name: str  # as TripleA files it
    java_class: str  # simple
    on_player: bool
    support_rule: bool  # named like a support rule, on a unit type
    ordered: list[Ordered]


@dataclass
class _State:
    """The attachments TripleA has attached so far, as far as these options look them up."""

    players: list[str]
    supports: dict[tuple[str, str], _Support] = field(default_factory=dict)  # (unit, name) -> rule
    rank: dict[str, int] = field(init=False)  # player -> where playerList first names them
    first: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> on_some_player(name)

    def __post_init__(self) -> None:
        self.rank = {}
        for i, player in enumerate(self.players):
            self.rank.setdefault(player, i)

    def attach(self, inst: AttachmentInstance, facts: _Facts) -> _Support | None:
        if facts.on_player:
            player = inst.attach_to
            rank = self.rank.get(player)
            if rank is not None:
                first = self.first.get(facts.name)
                if first is None or first[0] == player or rank < self.rank[first[0]]:
                    self.first[facts.name] = (player, facts.java_class)
            return None
        if facts.support_rule:
            rule = self.supports[(inst.attach_to, facts.name)] = _Support(facts.java_class)
            return rule
        return None

    def on_some_player(self, name: str) -> tuple[str, str] | None:
        """(player, class) of the first player (playerList order) with an attachment `name`."""
        return self.first.get(name)

    def implicit_rules(self, unit: str, option: str) -> None:
        """The support rules TripleA attaches itself when `option` is set true on `unit` (after its walk)."""
        if option == "artillery":
            for key in [k for k in self.supports if k[1].startswith(IMPLICIT_TARGETS)]:
                del self.supports[key]
            self.supports[(unit, IMPLICIT_RULE + unit)] = _Support(SUPPORT.java_class, True, True)
        elif not any(rule.old_artillery for rule in self.supports.values()):
            self.supports[(unit, IMPLICIT_TARGETS + unit)] = _Support(SUPPORT.java_class, True, True)

    def broken_rules(self) -> str | None:
        """Why walking every support rule crashes TripleA now, or None."""
        for (unit, name), rule in self.supports.items():
            if rule.java_class != SUPPORT.java_class:
                return f"'{name}' on '{unit}' is named like a support rule but is a {rule.java_class}"
            if not rule.has_bonus_type:
                return f"the support rule '{name}' on '{unit}' has no bonusType (yet)"
        return None


def check(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.engine != "2.x":
        return
    state = _State([p.name for p in ctx.model.players])
    instances = ctx.instances
    for inst, facts in zip(instances, ctx.per_instance_with("option order", checked_options(ctx), _facts), strict=True):
        this_rule = state.attach(inst, facts)
        if not facts.ordered:
            continue
        flags: dict[str, bool] = {}
        for ov, option, names, conditions in facts.ordered:
            if conditions is None:
                why = _why(state, inst, facts.name, facts.java_class, option, ov.value, names, flags, this_rule)
            else:  # what _why finds of them, at less cost
                why = next((_earlier_on_player(state, ref, CONDITION.java_class) for ref in conditions
                            if (state.first.get(ref) or _NO_ONE)[1] != CONDITION.java_class), None)
            if why:
                where = f"option '{ov.option.name}' of {facts.java_class} '{facts.name}'"
                yield Problem(ID, f"TripleA {ctx.line} refuses {where}: {why}", ov.option.loc, SEVERITY)


def _facts(inst: AttachmentInstance, checked: list[Checked]) -> _Facts:
    """The facts of `inst`, given its checked options."""
    name = attachment_name(inst.name)
    java_class = simple_class(inst.attachment.java_class)
    kind = inst.attachment.type
    return _Facts(name, java_class, kind == "player",
                  kind == SUPPORT.attach_type and SUPPORT.has_default_name(name),
                  _ordered(java_class, checked))


def _ordered(java_class: str, checked: list[Checked]) -> list[Ordered]:
    """(option, its catalog name, the names its value names, the conditions it names when _why need only look
    them up, else None) of the checked options of an instance of `java_class` whose place in the document
    matters: well-formed ones that name something or are order-dependent (a bad value is option-value's; the
    other options are fine anywhere)."""
    order_dependent = ORDER_DEPENDENT.get(java_class, frozenset())
    out: list[Ordered] = []
    for ov, info, result in checked:
        names = result.names
        if result.problem or not (names or info.name in order_dependent):
            continue
        conditions: tuple[str, ...] | None = None
        if java_class not in ORDER_DEPENDENT:
            conditions = ()
            for kind, ref in names:
                if kind in _LOOKED_INTO:
                    conditions = None
                    break
                if kind == "condition":
                    conditions += (ref,)
            if conditions == ():
                continue  # _why finds nothing wrong, wherever the option is
        out.append((ov, info.name, names, conditions))
    return out


_ON_PLAYER = {"condition": CONDITION.java_class, "trigger": TRIGGER.java_class}  # reference kind -> class
_LOOKED_INTO = ("trigger", "support")  # the kinds of reference _why checks beside conditions
_NO_ONE = ("", "")  # the holder of a name no player has


def _earlier_on_player(state: _State, ref: str, wanted: str) -> str | None:
    """Why `ref` is not a `wanted` attachment already defined on some player, or None when it is."""
    found = state.on_some_player(ref)
    if found is None:
        return f"no player has a {wanted} '{ref}' defined before it"
    if found[1] != wanted:
        return f"'{ref}' on '{found[0]}' is a {found[1]}, not a {wanted}"
    return None


def _why(state: _State, inst: AttachmentInstance, name: str, java_class: str, option: str, value: str,
         names: tuple[tuple[str, str], ...], flags: dict[str, bool], this_rule: _Support | None) -> str | None:
    """Why TripleA refuses this (well-formed) option at this point of the document, or None."""
    for kind, ref in names:
        if kind in _ON_PLAYER:
            why = _earlier_on_player(state, ref, _ON_PLAYER[kind])
            if why:
                return why
        if kind == "trigger":
            owner = state.on_some_player(ref)
            if ref == name and owner is not None and owner[0] == inst.attach_to and inst.attachment.type == "player":
                return "a trigger cannot activate itself"
        elif kind == "support":
            if any(r.java_class != SUPPORT.java_class for r in state.supports.values()):
                return state.broken_rules()
            if not any(n == ref for _, n in state.supports):
                return f"no unit type has a supportAttachment '{ref}' defined before it"
    if java_class == SUPPORT.java_class and option == "bonusType" and this_rule is not None:
        this_rule.has_bonus_type = True
        this_rule.old_artillery = value.split(":")[-1] == OLD_ARTILLERY
    if java_class != UNIT.java_class:
        return None
    if option in ("isSub", "isSuicide"):
        flags[option] = value.lower() == "true"
    elif option == "canNotTarget" and (flags.get("isSub") or flags.get("isSuicide")):
        return "canNotTarget cannot follow isSub or isSuicide set true in the same attachment"
    elif (option in RULE_WALKERS and value.lower() == "true") or option == "unitSupportCount":
        broken = state.broken_rules()
        if broken:
            return f"TripleA crashes updating the old artillery support rules: {broken}"
        if option in RULE_WALKERS:
            state.implicit_rules(inst.attach_to, option)
    return None
