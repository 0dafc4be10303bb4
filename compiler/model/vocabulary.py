"""TripleA's attachment vocabulary: each kind of attachment recognised and made in one place.

An attachment has a javaClass (TripleA 2.x resolves it by its simple name, ignoring the package), a
`type` (what it attaches to) and a name. TripleA finds some kinds by name (`unitAttachment` on a unit
type, every `canalAttachment...` on a territory), others by class (triggers, conditions), so the
vocabulary asks each question separately:

- `kind_of(attachment)`: the kind its class makes it (a RulesAttachment's role by its name);
- `Kind.is_class(java_class)`: whether the class is the kind's, as 2.x resolves it (package ignored);
- `Kind.is_qualified(java_class)`: whether it is spelt exactly as lowering writes it (the full name);
- `Kind.is_named(name)`: whether TripleA 2.x finds the attachment as this kind by its name;
- `Kind.has_default_name(name)`: whether `name` is spelt as lowering names this kind;
- `Kind.describes(attachment)`: the kind's class on the kind's type, whatever the name;
- `Kind.make(...)`: the attachment lowering writes.

>>> kind_of(UNIT.make("tank", [])) is UNIT
True
>>> CANAL.default_name("Suez Canal"), CANAL.is_named("canalAttatchmentSuez")
('canalAttachmentSuezCanal', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from compiler.model.game import Attachment, Option
from compiler.problems import NOWHERE, Location

# The Java packages of TripleA's attachment and delegate classes (maps may also use short names).
TRIPLEA_ATTACHMENTS = "games.strategy.triplea.attachments."
TRIPLEA_DELEGATES = "games.strategy.triplea.delegate."
MEMO_SIZE = 1 << 16  # names and classes remembered by the pure string functions below (checks ask ten thousands)


@lru_cache(maxsize=MEMO_SIZE)
def simple_class(java_class: str) -> str:
    """The class name TripleA 2.x instantiates: the text after the last `.` (the package is ignored)."""
    return java_class.rsplit(".", 1)[-1]


def short_class(java_class: str, package: str = TRIPLEA_ATTACHMENTS) -> str:
    """A class of TripleA's `package` by its short name (2.x finds its own classes by either spelling);
    a class of another package, or of a sub-package, as it is."""
    if java_class.startswith(package) and "." not in java_class[len(package):]:
        return java_class[len(package):]
    return java_class


def qualified_class(name: str, package: str = TRIPLEA_ATTACHMENTS) -> str:
    """A short class name ("UnitAttachment") in TripleA's `package`; qualified names stay as they are."""
    return name if "." in name else package + name


@lru_cache(maxsize=MEMO_SIZE)
def filed_name(name: str) -> str:
    """The name TripleA 2.x files an attachment under: its parser corrects the 1.8 spelling 'ttatch'
    (attatchment) to 'ttach'."""
    return name.replace("ttatch", "ttach")


@dataclass(frozen=True)
class Kind:
    """One kind of TripleA attachment: its class, what it attaches to, and its usual name (a prefix
    followed by the thing's name when `prefixed`: canalAttachmentSuez)."""

    key: str
    java_class: str
    attach_type: str
    name: str
    prefixed: bool = False
    _named: dict[str, bool] = field(default_factory=dict, init=False, compare=False, repr=False)
    """name -> is_named(name), answered once per name (a pure function of the name)"""

    @property
    def qualified(self) -> str:
        """The class's full name, as lowering writes it."""
        return TRIPLEA_ATTACHMENTS + self.java_class

    def default_name(self, suffix: str = "") -> str:
        """The usual name: `name`, or the prefix followed by `suffix` without whitespace."""
        return self.name + "".join(suffix.split()) if self.prefixed else self.name

    def is_class(self, java_class: str) -> bool:
        """Whether `java_class` names this kind's class as TripleA 2.x resolves it (package ignored)."""
        return simple_class(java_class) == self.java_class

    def is_qualified(self, java_class: str) -> bool:
        """Whether `java_class` is this kind's class spelt in full (what lowering writes)."""
        return java_class == self.qualified

    def has_default_name(self, name: str) -> bool:
        """Whether `name` is spelt as lowering names this kind (the exact name, or the prefix)."""
        return name.startswith(self.name) if self.prefixed else name == self.name

    def is_named(self, name: str) -> bool:
        """Whether TripleA 2.x finds an attachment called `name` as this kind by name: after the 'ttatch'
        correction, the exact name (`unitAttachment`) or the prefix (`canalAttachment...`)."""
        found = self._named.get(name)
        if found is None:
            if len(self._named) >= MEMO_SIZE:
                self._named.clear()
            found = self._named[name] = self.has_default_name(filed_name(name))
        return found

    def suffix_of(self, name: str) -> str | None:
        """What follows the prefix in `name` (as spelt), None when `name` does not start with it."""
        return name[len(self.name):] if self.prefixed and name.startswith(self.name) else None

    def describes(self, attachment: Attachment) -> bool:
        """Whether `attachment` is of this kind's class and attached to this kind's type, whatever its
        name (how the validator reads unit options on any engine)."""
        return attachment.type == self.attach_type and self.is_class(attachment.java_class)

    def make(self, attach_to: str, options: Iterable[Option], *, name: str | None = None, suffix: str = "",
             loc: Location = NOWHERE) -> Attachment:
        """The attachment lowering writes: `name` (default: the usual name with `suffix`), the full
        class name, the kind's type."""
        return Attachment(name=name if name is not None else self.default_name(suffix), attach_to=attach_to,
                          java_class=self.qualified, type=self.attach_type, options=list(options), loc=loc)


UNIT = Kind("unit", "UnitAttachment", "unitType", "unitAttachment")
SUPPORT = Kind("support", "UnitSupportAttachment", "unitType", "supportAttachment", prefixed=True)
TERRITORY = Kind("territory", "TerritoryAttachment", "territory", "territoryAttachment")
CANAL = Kind("canal", "CanalAttachment", "territory", "canalAttachment", prefixed=True)
TERRITORY_EFFECT = Kind("territory effect", "TerritoryEffectAttachment", "territoryEffect",
                        "territoryEffectAttachment")
PLAYER = Kind("player", "PlayerAttachment", "player", "playerAttachment")
RELATIONSHIP_TYPE = Kind("relationship type", "RelationshipTypeAttachment", "relationship",
                         "relationshipTypeAttachment")
POLITICAL_ACTION = Kind("political action", "PoliticalActionAttachment", "player", "politicalActionAttachment",
                        prefixed=True)
USER_ACTION = Kind("user action", "UserActionAttachment", "player", "userActionAttachment", prefixed=True)
RULES = Kind("rules", "RulesAttachment", "player", "rulesAttachment")
"""A player's own rules (`rulesAttachment`)."""
OBJECTIVE = Kind("objective", "RulesAttachment", "player", "objectiveAttachment", prefixed=True)
"""A national objective: TripleA pays `objectiveValue` for every RulesAttachment named so whose conditions hold."""
CONDITION = Kind("condition", "RulesAttachment", "player", "conditionAttachment", prefixed=True)
"""Any other RulesAttachment: a condition, found by class (`conditionAttachment...` is the convention)."""
TRIGGER = Kind("trigger", "TriggerAttachment", "player", "triggerAttachment", prefixed=True)
"""Triggers are found by class; `triggerAttachment...` is the convention."""
TECH = Kind("tech", "TechAttachment", "player", "techAttachment")
TECH_ABILITY = Kind("tech ability", "TechAbilityAttachment", "technology", "techAbilityAttachment")

KINDS: tuple[Kind, ...] = (UNIT, SUPPORT, TERRITORY, CANAL, TERRITORY_EFFECT, PLAYER, RELATIONSHIP_TYPE,
                           POLITICAL_ACTION, USER_ACTION, RULES, OBJECTIVE, CONDITION, TRIGGER, TECH, TECH_ABILITY)
"""Every kind, one per TripleA attachment class except RulesAttachment's three roles."""

_BY_CLASS: dict[str, Kind] = {k.java_class: k for k in KINDS if k.java_class != RULES.java_class}


def kind_by_class(java_class: str) -> Kind | None:
    """The kind of an attachment class as TripleA 2.x resolves it (package ignored), None for a class
    TripleA does not know; a RulesAttachment is a CONDITION here (its role needs its name)."""
    simple = simple_class(java_class)
    return CONDITION if simple == RULES.java_class else _BY_CLASS.get(simple)


def kind_of(attachment: Attachment) -> Kind | None:
    """The kind an attachment's class makes it; a RulesAttachment is an OBJECTIVE or the RULES when so
    named (as 2.x finds them), else a CONDITION. None for a class TripleA does not know."""
    kind = kind_by_class(attachment.java_class)
    if kind is CONDITION:
        if OBJECTIVE.is_named(attachment.name):
            return OBJECTIVE
        if RULES.is_named(attachment.name):
            return RULES
    return kind


def is_canal(attachment: Attachment) -> bool:
    """Whether the map reads `attachment` as a canal: class CanalAttachment, or named canalAttachment...
    (TripleA 2.7 finds canals by that name prefix and refuses a CanalAttachment named otherwise; 1.9
    goes by class). Either reading alone would lose canals of games 2.7 refuses."""
    return CANAL.is_class(attachment.java_class) or CANAL.is_named(attachment.name)
