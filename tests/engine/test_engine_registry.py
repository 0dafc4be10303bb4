"""The house rule registry: every rule documented, params strict, names checked against the map."""

from __future__ import annotations

import pytest

from compiler.engine.rules import HouseRule, RuleError, RuleParams, make_rule, registry

RULES = registry()
REQUIRED = {
    "strait-crossing", "naval-end-zone", "victory-held-round", "move-limit", "noncombat-only-entry",
    "war-declaration-timing", "canal-control", "bomber-first-round", "build-limit", "legion-cap",
    "inflation", "truce-expiry", "resource-tracing", "rail-movement", "ship-return-base", "air-range",
}


def test_every_required_rule_is_registered():
    assert REQUIRED <= set(RULES)


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_documents_a_breaking_and_a_keeping_example(rule_id):
    import sys

    doc = sys.modules[RULES[rule_id].__module__].__doc__ or ""
    assert doc.startswith(f"{rule_id}:")
    assert "Breaks:" in doc and "Keeps:" in doc and f"id: {rule_id}" in doc


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"id": "teleport"}, "unknown house rule id 'teleport'"),
        ({"id": "build-limit", "limits": {"infantry": 3}, "colour": "red"}, "colour: unknown parameter"),
        ({"id": "build-limit", "limits": {"infantry": "many"}}, "limits.infantry"),
        ({"id": "build-limit", "limits": {"dragon": 3}}, "unknown unit: dragon"),
        ({"id": "strait-crossing", "straits": [["Germany", "Atlantis"]]}, "unknown territory: Atlantis"),
        ({"id": "move-limit", "player": "Martians", "max_units": 1}, "unknown player: Martians"),
        ({"id": "victory-held-round", "winners": "Axis", "territories": ["Germany"],
          "conditions": [{"controller": "Axis"}]}, "exactly one of at_least, fewer_than"),
        ({"id": "canal-control", "names": ["Kiel"]}, "unknown canals: Kiel"),
        ({"id": "war-declaration-timing", "player": "Germans", "before_round": 2,
          "unless": {"controlled": {"side": "Axis", "territories": ["Mordor"]}}}, "unknown territory: Mordor"),
    ],
)
def test_bad_rule_entries_are_refused(world, entry, words):
    with pytest.raises(RuleError) as info:
        make_rule(entry, world("classic"), 2)
    assert words in str(info.value)
    assert str(info.value).startswith("house rule #3")


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_class_states_its_meaning_and_params(rule_id):
    """The class docstring's first line is the rule's one-line meaning (as the module's docstring begins);
    the params model is the class's type argument."""
    import sys
    import typing

    cls = RULES[rule_id]
    meaning = (cls.__doc__ or "").splitlines()[0]
    assert meaning and meaning.endswith(".")
    assert (sys.modules[cls.__module__].__doc__ or "").splitlines()[0] == f"{rule_id}: {meaning}"
    [base] = [b for b in cls.__orig_bases__ if typing.get_origin(b) is HouseRule]
    assert typing.get_args(base) == (cls.Params,) and cls.Params is not RuleParams


def test_bound_params_are_the_rules_own_model(world):
    rule = make_rule({"id": "strait-crossing", "straits": [["G19", "I1"]]}, world("g40"))
    assert type(rule.params).__name__ == "StraitCrossingParams" and rule.params.straits == [("G19", "I1")]


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_has_its_test_file(rule_id):
    from pathlib import Path

    assert (Path(__file__).parent / "rules" / f"test_{rule_id.replace('-', '_')}.py").is_file()
