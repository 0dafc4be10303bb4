"""The attachment vocabulary: each kind recognised and made in one place, agreeing with the catalog
(TripleA's own class list and name rules) and with the attachments of real games."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from reference_data import corpus_files, or_placeholder

from compiler.catalog.loader import read_json
from compiler.lower import lower_spec
from compiler.lower.attachments import raw_attachments
from compiler.model import Attachment, Option
from compiler.model import vocabulary as v
from compiler.spec.loader import load_spec
from compiler.xml.parse import parse_file

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = sorted((ROOT / "output").glob("*.xml"))
SPECS = sorted((ROOT / "specs").glob("*.yaml"))


def test_examples_in_the_docstring_hold() -> None:
    assert doctest.testmod(v).failed == 0


def test_every_class_of_the_catalog_is_one_kind_with_its_name_rule() -> None:
    classes = read_json("attachments.json")["classes"]
    assert {c["simple_name"] for c in classes.values()} == {k.java_class for k in v.KINDS}
    for java_class, raw in classes.items():
        kind = v.kind_by_class(java_class)
        assert kind is not None and kind.qualified == java_class
        assert kind.attach_type in raw["attach_types"]
        rule = raw.get("name_rule", {})
        if "exact" in rule:
            assert (kind.name, kind.prefixed) == (rule["exact"], False)
        if "prefix" in rule:
            assert kind.prefixed and kind.name in rule["prefix"]


def test_a_rules_attachment_takes_its_role_from_its_name() -> None:
    def rules(name: str) -> Attachment:
        return Attachment(name=name, attach_to="Germans", java_class="RulesAttachment", type="player")

    assert v.kind_of(rules("objectiveAttachmentBerlin")) is v.OBJECTIVE
    assert v.kind_of(rules("objectiveAttatchmentBerlin")) is v.OBJECTIVE  # 2.x corrects the 1.8 spelling
    assert v.kind_of(rules("rulesAttachment")) is v.RULES
    assert v.kind_of(rules("conditionAttachmentBerlin")) is v.CONDITION
    assert v.kind_of(rules("anyName")) is v.CONDITION
    assert v.kind_of(Attachment(name="x", attach_to="t", java_class="my.Attachment")) is None


def test_questions_by_class_and_by_name_are_apart() -> None:
    # A CanalAttachment named otherwise is a canal by class, not by name (2.7 refuses it: it finds
    # canals by name); a territory attachment named canalAttachment... is one by name only.
    odd_name = Attachment(name="canalSuez", attach_to="15 Sea Zone", java_class="CanalAttachment", type="territory")
    impostor = Attachment(name="canalAttachmentX", attach_to="Egypt",
                          java_class="games.strategy.triplea.attachments.TerritoryAttachment", type="territory")
    assert v.CANAL.is_class(odd_name.java_class) and not v.CANAL.is_named(odd_name.name)
    assert not v.CANAL.is_class(impostor.java_class) and v.CANAL.is_named(impostor.name)
    assert v.is_canal(odd_name) and v.is_canal(impostor)
    assert not v.CANAL.is_qualified(odd_name.java_class)  # lowering writes the full name
    assert v.UNIT.is_named("unitAttatchment") and not v.UNIT.has_default_name("unitAttatchment")
    assert not v.UNIT.is_named("UnitAttachment")  # names are case-sensitive
    on_territory = Attachment(name="unitAttachment", attach_to="tank", java_class="UnitAttachment", type="territory")
    assert not v.UNIT.describes(on_territory)


def test_made_attachments_are_recognised_as_their_kind() -> None:
    for kind in v.KINDS:
        made = kind.make("thing", [Option(name="o", value="1")], suffix="Some Name")
        assert (made.java_class, made.type) == (kind.qualified, kind.attach_type)
        assert kind.has_default_name(made.name) and kind.is_named(made.name) and kind.describes(made)
        assert v.kind_of(made) is kind
        if kind.prefixed:
            assert made.name == kind.name + "SomeName" and kind.suffix_of(made.name) == "SomeName"
        else:
            assert made.name == kind.name and kind.suffix_of(made.name) is None


def test_class_spellings() -> None:
    assert v.simple_class("games.strategy.triplea.attachments.UnitAttachment") == "UnitAttachment"
    assert v.short_class(v.TRIPLEA_ATTACHMENTS + "UnitAttachment") == "UnitAttachment"
    assert v.short_class(v.TRIPLEA_ATTACHMENTS + "sub.UnitAttachment") == v.TRIPLEA_ATTACHMENTS + "sub.UnitAttachment"
    assert v.short_class("my.pkg.Thing") == "my.pkg.Thing"
    assert v.qualified_class("UnitAttachment") == v.UNIT.qualified
    assert v.qualified_class("PurchaseDelegate", v.TRIPLEA_DELEGATES) == v.TRIPLEA_DELEGATES + "PurchaseDelegate"
    assert v.qualified_class("my.pkg.Thing") == "my.pkg.Thing"


@pytest.mark.parametrize("spec_path", SPECS, ids=lambda p: p.stem)
def test_lowered_constructs_are_their_kinds(spec_path: Path) -> None:
    """Every attachment lowering makes for a construct (not the pass-through ones) is recognised as
    the kind that made it, by class and by name."""
    spec = load_spec(spec_path)
    game, _ = lower_spec(spec)
    raw = len(raw_attachments(spec)[0])  # as written, generated entries (`for:`) expanded
    actions = len(spec.politics.actions) if spec.politics else 0
    made = game.attachments[: len(game.attachments) - raw - actions]
    made += game.attachments[len(game.attachments) - actions:]
    assert made
    for att in made:
        kind = v.kind_of(att)
        assert kind is not None and kind.is_qualified(att.java_class) and kind.describes(att), att
        assert kind.has_default_name(att.name) or kind is v.CANAL or kind is v.TRIGGER, att


@pytest.mark.parametrize("path", [*OUTPUT, *or_placeholder(corpus_files())], ids=lambda p: p.stem)
def test_every_attachment_of_a_real_game_has_the_kind_its_class_says(path: Path, request: pytest.FixtureRequest) \
        -> None:
    if path not in OUTPUT:
        request.getfixturevalue("shared")
    known = {c["simple_name"] for c in read_json("attachments.json")["classes"].values()}
    for att in parse_file(path).model.attachments:
        kind = v.kind_of(att)
        simple = v.simple_class(att.java_class)
        assert (kind is None) == (simple not in known), att
        if kind is not None:
            assert kind.java_class == simple
