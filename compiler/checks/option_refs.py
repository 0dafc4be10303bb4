"""Which attachment option values name territories, players, units, resources...

TripleA 2.x: the catalog's value format of the option (compiler.catalog.formats) says which tokens are
names; `_catalog.option_kind` gives it as the kind `format:<format>`, which is its own pattern
(`pattern_of_kind`) and which `named_tokens` reads.

TripleA 1.9: a pattern lists the kind of each `:`-separated token of the value: `T` territory, `P`
player, `U` unit type, `R` resource, `E` territory effect, `Y` relationship type, `N` a number, `-`
anything. A trailing `*` repeats the last kind. Keywords such as `all`, `none` and `any` are never
references. The catalog's value kinds say which options name what (PATTERN_OF_KIND); PATTERNS is the
fallback used for classes the catalog does not know.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.catalog.formats import Result, match
from compiler.model.vocabulary import (
    CANAL,
    PLAYER,
    POLITICAL_ACTION,
    SUPPORT,
    TERRITORY,
    UNIT,
    USER_ACTION,
    simple_class,
)

KIND_NAMES = {
    "T": "territory", "P": "player", "U": "unit", "R": "resource", "E": "territory-effect",
    "Y": "relationship-type", "K": "technology", "F": "production-frontier", "X": "production-rule",
}
KEYWORDS = frozenset({"", "all", "none", "any", "true", "false", "default"})
FORMAT = "format:"  # the prefix of a 2.x option kind that is a value format
# a name kind of the value formats -> its letter above (the other kinds are attachments and places,
# which option_value and option_order check)
FORMAT_LETTERS = {
    "territory": "T", "player": "P", "unit": "U", "resource": "R", "effect": "E", "reltype": "Y",
    "tech": "K", "frontier": "F", "rule": "X",
}

# attachment class suffix (as in javaClass) -> option name -> pattern
PATTERNS: dict[str, dict[str, str]] = {
    UNIT.java_class: {
        "requiresUnits": "U*", "requiresUnitsToMove": "U*", "targetsAA": "U*",
        "willNotFireIfPresent": "U*", "canNotTarget": "U*", "canNotBeTargetedBy": "U*",
        "bombingTargets": "U*", "canBeGivenByTerritoryTo": "P*", "canBeCapturedOnEnteringBy": "P*",
        "unitPlacementRestrictions": "T*", "consumesUnits": "NU", "createsUnitsList": "NU",
        "createsResourcesList": "NR", "givesMovement": "NU", "canInvadeOnlyFrom": "U*",
    },
    TERRITORY.java_class: {
        "capital": "P", "originalOwner": "P", "convoyAttached": "T*", "changeUnitOwners": "P*",
        "captureUnitOnEnteringBy": "P*", "whenCapturedByGoesTo": "PP", "territoryEffect": "E*",
        "resources": "NR",
    },
    CANAL.java_class: {"landTerritories": "T*", "excludedUnits": "U*"},
    PLAYER.java_class: {
        "giveUnitControl": "P*", "captureUnitOnEnteringBy": "P*", "shareTechnology": "P*",
        "helpPayTechCost": "P*", "suicideAttackTargets": "U*",
    },
    POLITICAL_ACTION.java_class: {"relationshipChange": "PPY", "actionAccept": "P*"},
    USER_ACTION.java_class: {"actionAccept": "P*"},
    SUPPORT.java_class: {"unitType": "U*", "players": "P*"},
}


# catalog value kind (compiler.catalog) -> pattern, for the kinds that are plain name lists
PATTERN_OF_KIND: dict[str, str] = {
    "unit": "U", "units": "U*", "player": "P", "players": "P*", "territory": "T", "territories": "T*",
    "territories_or_all_none": "T*", "territory_effects": "E*", "resource": "R", "count:unit": "NU",
    "count:units": "NU*", "count:resource": "NR", "count:players": "NP*", "relationship_types": "Y*",
    "captured_goes_to": "PP",
}


def pattern_of_kind(kind: str) -> str | None:
    """The pattern of a catalog value kind: a 2.x `format:` kind is its own, a 1.9 name-list kind
    has one in PATTERN_OF_KIND, other kinds name nothing."""
    return kind if kind.startswith(FORMAT) else PATTERN_OF_KIND.get(kind)


def pattern_for(java_class: str, option: str) -> str | None:
    """The value pattern of `option` on an attachment of `java_class`, if it names things."""
    short = simple_class(java_class)
    for suffix, options in PATTERNS.items():
        if short.endswith(suffix):
            return options.get(option)
    return None


Matcher = Callable[[str, str], Result]
"""formats.match, or a memo of it"""


def format_names(fmt: str, value: str, matcher: Matcher = match) -> list[tuple[str, str]]:
    """(format kind, name) for every name a 2.x value of format `fmt` uses; none when TripleA skips
    the option (empty value) or refuses its form (option_value reports that)."""
    if value == "":
        return []
    found = matcher(fmt, value)
    return [] if found.problem else list(found.names)


def named_tokens(pattern: str, value: str, matcher: Matcher = match) -> list[tuple[str, str]]:
    """(kind letter, token) for every token of `value` that should name something (a 2.x value
    format's names as `matcher` reads them)."""
    if pattern.startswith(FORMAT):
        return [(FORMAT_LETTERS[kind], name) for kind, name in format_names(pattern[len(FORMAT):], value, matcher)
                if kind in FORMAT_LETTERS]
    fixed, repeat = pattern.rstrip("*"), pattern.endswith("*")
    out = []
    for i, token in enumerate(value.split(":")):
        if i < len(fixed):
            kind = fixed[i]
        elif repeat:
            kind = fixed[-1]
        else:
            break
        if kind in KIND_NAMES and token.strip().lower() not in KEYWORDS and "$" not in token and "@" not in token:
            out.append((kind, token))
    return out
