"""option-order: options naming attachments name earlier ones; isSub/canNotTarget and old artillery order."""

from __future__ import annotations

from game_factory import UA, game_xml, problems_of

RULES = "games.strategy.triplea.attachments.RulesAttachment"
TRIG = "games.strategy.triplea.attachments.TriggerAttachment"
SUPPORT = "games.strategy.triplea.attachments.UnitSupportAttachment"

CONDITION = (f'<attachment name="conditionAttachmentA" attachTo="Blues" javaClass="{RULES}" type="player">'
             '<option name="uses" value="1"/></attachment>')
TRIGGER = (f'<attachment name="triggerAttachmentA" attachTo="Reds" javaClass="{TRIG}" type="player">'
           '<option name="uses" value="1"/></attachment>')


def _trigger(option: str, value: str, name: str = "triggerAttachmentB") -> str:
    return (f'<attachment name="{name}" attachTo="Reds" javaClass="{TRIG}" type="player">'
            f'<option name="{option}" value="{value}"/></attachment>')


def _order_errors(extra: str) -> list[str]:
    return [p.message for p in problems_of(game_xml(extra), "2.7") if p.code == "option-order"]


def test_conditions_must_be_defined_before() -> None:
    assert _order_errors(CONDITION + _trigger("conditions", "conditionAttachmentA")) == []
    assert len(_order_errors(_trigger("conditions", "conditionAttachmentA") + CONDITION)) == 1
    assert len(_order_errors(TRIGGER + _trigger("conditions", "triggerAttachmentA"))) == 1  # not a RulesAttachment


def test_activate_trigger_backwards_and_not_itself() -> None:
    act = "triggerAttachmentA:1:false:false:false:false"
    assert _order_errors(TRIGGER + _trigger("activateTrigger", act)) == []
    assert len(_order_errors(_trigger("activateTrigger", act) + TRIGGER)) == 1
    assert len(_order_errors(_trigger("activateTrigger", act, name="triggerAttachmentA"))) == 1


def _unit(*options: tuple[str, str]) -> str:
    body = "".join(f'<option name="{n}" value="{v}"/>' for n, v in options)
    return f'<attachment name="unitAttachment" attachTo="infantry" javaClass="{UA}" type="unitType">{body}</attachment>'


def test_can_not_target_after_is_sub() -> None:
    assert len(_order_errors(_unit(("isSub", "true"), ("canNotTarget", "ship")))) == 1
    assert _order_errors(_unit(("canNotTarget", "ship"), ("isSub", "true"))) == []
    assert _order_errors(_unit(("isSub", "true"), ("isSub", "false"), ("canNotTarget", "ship"))) == []


def test_artillery_after_a_support_rule_without_bonus_type() -> None:
    bare = (f'<attachment name="supportAttachmentX" attachTo="ship" javaClass="{SUPPORT}" type="unitType">'
            '<option name="bonus" value="1"/></attachment>')
    assert len(_order_errors(bare + _unit(("artillery", "true")))) == 1
    assert _order_errors(_unit(("artillery", "true")) + bare) == []
    assert _order_errors(bare + _unit(("artillery", "false"))) == []


def test_support_must_be_defined_before() -> None:
    rule = (f'<attachment name="supportAttachmentX" attachTo="ship" javaClass="{SUPPORT}" type="unitType">'
            '<option name="bonusType" value="b"/></attachment>')
    assert _order_errors(rule + _trigger("support", "-supportAttachmentX")) == []
    assert len(_order_errors(_trigger("support", "supportAttachmentX") + rule)) == 1


def test_support_may_name_the_rules_tripleA_makes_for_old_artillery() -> None:
    """`artillery` true attaches supportAttachmentArtyOld<unit>; `artillerySupportable` true, before any such
    rule, a TempFirst one that the next `artillery` true removes (the_pact_of_steel names the first kind)."""
    rule = _trigger("support", "supportAttachmentArtyOldinfantry")
    assert _order_errors(_unit(("artillery", "true")) + rule) == []
    assert len(_order_errors(rule + _unit(("artillery", "true")))) == 1
    assert len(_order_errors(_unit(("artillery", "false")) + rule)) == 1
    targets = "supportAttachmentArtyOldTempFirstinfantry"
    assert _order_errors(_unit(("artillerySupportable", "true")) + _trigger("support", targets)) == []
    gone = _unit(("artillerySupportable", "true"), ("artillery", "true")) + _trigger("support", targets)
    assert len(_order_errors(gone)) == 1
