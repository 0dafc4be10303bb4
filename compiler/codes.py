"""Every problem id the tool can emit, each with one meaning and one default severity.

Four kinds, one registry: the validator's checks (compiler/checks/, each module documents itself:
its docstring and SEVERITY), the spec checks (compiler/checks/spec/, likewise), the house rules of
the reference engine (compiler/engine/rules: a broken rule is an error, described by its class's
docstring; read only when a house-rule id is asked for), and the codes made elsewhere, listed here.
tests/config/test_codes.py fails when a code is made in compiler/ without being registered here, or
made with another severity than its default.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import ModuleType

from compiler.problems import Severity

E, W = Severity.ERROR, Severity.WARNING

# Codes made outside the check modules: code -> (default severity, meaning).
OTHER_CODES: dict[str, tuple[Severity, str]] = {
    # reading any input
    "input-error": (E, "the input cannot be used (no more specific code applies)"),
    "unreadable": (E, "the input cannot be read: missing, not a regular file, beyond an input limit (size, nesting, "
                      "aliases, elements, zip members, a number TripleA cannot hold), not UTF-8 or an unreadable zip"),
    "unwritable": (E, "an output file cannot be written (read-only or full disk, not a regular file, ...)"),
    "internal-error": (E, "a check failed with an exception: a bug in triplea-compiler, please report it"),
    "no-games": (E, "a folder or zip holds no game XML (games/*.xml)"),
    "outside-link": (E, "a map file or game XML is a symbolic link out of its map folder, or a zip member's name "
                        "climbs out of the zip (../): refused, never read"),
    "map-skin": (W, "a folder holds a map skin (map files, no game XML, no map.yml): no game to check"),
    "config-error": (E, "the configuration (.triplea-compiler.yaml or [tool.triplea-compiler]) is invalid"),
    "unused-suppression": (W, "an inline suppression matched no problem, or names an unknown id"),
    # game XML
    "xml-syntax": (E, "the game XML is not well-formed"),
    "xml-entities": (E, "the game XML declares external, nested or expanding entities, refused as unsafe"),
    "not-a-game": (E, "the XML's root element is not <game> and it holds no section of a game"),
    "root-element": (W, "the XML's root element is not <game> (TripleA 2.x reads it all the same)"),
    "missing-attribute": (E, "an element lacks an attribute TripleA requires"),
    "missing-element": (E, "the game lacks an element TripleA requires"),
    "bad-value": (E, "an attribute's value has the wrong form (a flag not true/false, a number not whole)"),
    "unknown-element": (W, "an element TripleA does not read where it stands (2.x ignores it, reads its children)"),
    "element-case": (W, "an element name in other case than TripleA's (2.x reads it, 1.9 does not)"),
    "duplicate-section": (W, "a section given twice where TripleA reads one (2.x keeps the last)"),
    # YAML specs and their lowering to a game
    "yaml-syntax": (E, "the spec is not valid YAML (or repeats a key)"),
    "spec-empty": (E, "the spec is empty"),
    "spec-schema": (E, "the spec does not follow the spec schema: unknown key or wrong type"),
    "not-a-map-folder": (E, "compile --into: the folder is no map folder (no map.yml, map/, polygons.txt or games/)"),
    "other-map": (E, "compile --into: the game is for another map than the folder's (--any-map installs it anyway)"),
    "install-conflict": (E, "compile --into: the map folder holds an XML or a map.yml game of that name the "
                            "author wrote; nothing is changed"),
    "spec-base": (E, "a variant's `base:` cannot be read, or a change or `remove:` names what the base lacks"),
    "unknown-condition": (E, "a political action needs a condition no attachment defines"),
    "spec-generate": (E, "a generated entry (`for:`) cannot be expanded: an unknown list, a placeholder that names "
                         "nothing, an unknown filter, a row of the wrong length"),
    "unknown-phase": (E, "the sequence names a phase that is not a standard one"),
    "victory-spec": (E, "the spec's victory: or victory_cities: cannot work as written"),
    "coverage-empty": (W, "the spec lists no rules (rules:); reported by `rules` only"),
    "fmt-unsupported": (E, "fmt cannot format this YAML construct"),
    "fmt-unsafe": (E, "fmt would change the spec's meaning (a bug in fmt); the file is left as it is"),
    # Allies vs. Axis board games
    "invalid-board-game": (E, "the board_game: section is missing or invalid"),
    # game logs, house rules, save games
    "log-syntax": (E, "the game log is not valid YAML or JSON"),
    "bad-log": (E, "the game log does not have the expected shape"),
    "bad-event": (E, "an event of the game log is invalid"),
    "bad-rule": (E, "a house rule (--rule or house_rules:) is invalid"),
    "bad-league": (E, "a league rule set (--league) is not one: not YAML of name, games, options, rules"),
    "no-saves": (E, "check-save was given folders that hold no save game (.tsvg)"),
    "league-other-game": (W, "a save of a game its league does not play: not checked"),
    "advance-unnamed": (W, "a player gains a technological advance that no house rule in use names (a rule naming it "
                           "by another name does not count it)"),
    "bad-invocation": (E, "the command's options do not name one game"),
    "save-not-gzip": (E, "the save game is not gzip-compressed"),
    "save-too-large": (E, "the save game inflates to more than the size limit"),
    "save-truncated": (E, "the save game ends early"),
    "save-corrupt": (E, "the save game's data is corrupt"),
    "save-unreadable": (E, "the save game cannot be read"),
    "save-not-triplea": (E, "the file is not a TripleA save game"),
    "save-unsupported-version": (E, "the save game was written by an unsupported TripleA version"),
    "save-unknown-release": (W, "the save game names a TripleA release the tool does not know (not 2.0-2.4, not newer "
                                "than it knows): read as the newest it knows reads it"),
    "save-newer-release": (W, "the save game was written by a TripleA release newer than the tool knows: read as the "
                              "newest it knows reads it"),
    "save-unsupported-content": (E, "the save game holds content the reader does not understand"),
    "save-other-game": (E, "the save game is of another game than the one given (--spec or --game)"),
    "replay-diverged": (E, "replaying the save's history does not reach its saved state: no verdict is trusted"),
    "bad-schedule": (E, "the spec's politics.schedule cannot be replayed (a bad rounds list, an unmodelled capture)"),
}

# Codes that mean the input could not be read at all (exit status 2): never dropped or downgraded.
INPUT_FAILURES: frozenset[str] = frozenset({
    "input-error", "unreadable", "unwritable", "internal-error", "no-games", "outside-link", "config-error",
    "xml-syntax", "xml-entities", "not-a-game", "yaml-syntax",
})


@dataclass(frozen=True, slots=True)
class Code:
    """A problem id: its default severity, its one-line meaning, and its kind (check, spec-check,
    house-rule or other)."""

    id: str
    severity: Severity
    meaning: str
    kind: str


def _summary(doc: str | None, fallback: str) -> str:
    lines = (doc or "").strip().splitlines()
    return lines[0].rstrip(".") if lines and lines[0].strip() else fallback


def _module_code(module: ModuleType, kind: str) -> Code:
    return Code(module.ID, Severity(module.SEVERITY), _summary(module.__doc__, module.ID), kind)


@cache
def _registry() -> dict[str, Code]:
    """The codes of checks, spec checks and others (house rules are looked up on demand)."""
    from compiler.checks import CHECKS
    from compiler.checks.spec import SPEC_CHECKS

    codes = {code: Code(code, severity, meaning, "other") for code, (severity, meaning) in OTHER_CODES.items()}
    codes.update((module.ID, _module_code(module, "check")) for module in CHECKS.values())
    for module in SPEC_CHECKS:  # a spec check reporting a validator id keeps the validator's meaning
        codes.setdefault(module.ID, _module_code(module, "spec-check"))
    return codes


@cache
def house_rule_codes() -> dict[str, Code]:
    """The ids of the reference engine's house rules (imported on first use: the engine is large)."""
    from compiler.engine.rules import registry

    return {rule_id: Code(rule_id, E, _summary(cls.__doc__ or _module_doc(cls), rule_id), "house-rule")
            for rule_id, cls in registry().items()}


def _module_doc(cls: type) -> str:
    """A rule module's docstring without its leading `id: ` (for a rule class without a docstring)."""
    import sys

    doc = (sys.modules[cls.__module__].__doc__ or "").strip()
    head, sep, rest = doc.partition(": ")
    return rest if sep and " " not in head else doc


def known_codes() -> frozenset[str]:
    """Every id validate and compile can report (what --select, --ignore and suppressions may name)."""
    return frozenset(_registry())


def all_codes() -> dict[str, Code]:
    """Every registered code, house rules included."""
    return {**_registry(), **house_rule_codes()}


def lookup(code: str) -> Code:
    """The registered `code`; KeyError for an unknown one."""
    found = _registry().get(code)
    if found is None:
        found = house_rule_codes()[code]
    return found


def default_severity(code: str) -> Severity:
    """The severity `code` is reported with unless configured otherwise; KeyError for an unknown code."""
    return lookup(code).severity


def describe(code: str) -> str:
    """A one-line meaning of `code`; KeyError for an unknown code."""
    return lookup(code).meaning
