"""Every problem id the tool can emit: the checks' ids (compiler/checks/) and the codes made elsewhere.

A check documents itself (its module's docstring and SEVERITY); every other code is listed here with
its default severity and a one-line meaning. tests/config/test_codes.py fails when a code is used in
compiler/ without being registered here.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from compiler.problems import Severity

E, W = Severity.ERROR, Severity.WARNING

# Codes made outside compiler/checks/: code -> (default severity, meaning).
OTHER_CODES: dict[str, tuple[Severity, str]] = {
    # reading any input
    "input-error": (E, "the input cannot be used (no more specific code applies)"),
    "unreadable": (E, "the file cannot be read: missing, too large, not UTF-8 or an unreadable zip"),
    "internal-error": (E, "a check failed with an exception: a bug in triplea-compiler, please report it"),
    "no-games": (E, "a folder or zip holds no game XML (games/*.xml)"),
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
    "canal-not-water": (E, "a canal names a sea zone that is land, or a controlling territory that is water"),
    "canal-not-adjacent": (E, "a canal's controlling territory does not touch its sea zones"),
    "strait-not-land": (E, "a strait joins a territory to itself or touches water"),
    "missing-frontier": (E, "a player has no production frontier"),
    "unknown-condition": (E, "a political action needs a condition no attachment defines"),
    "unknown-phase": (E, "the sequence names a phase that is not a standard one"),
    "coverage-empty": (W, "the spec lists no rules (rules:)"),
    "coverage-duplicate": (W, "a rule is listed twice in rules:"),
    "coverage-house-rule": (E, "a rule realised as a house rule names none, or one house_rules: lacks"),
    "coverage-detail": (W, "an approximated rule does not say what differs (detail:)"),
    "coverage-unknown-house-rule": (W, "a house rule is not (yet) one the reference engine knows"),
    "coverage-house-rule-params": (E, "a house rule's parameters are invalid"),
    "coverage-unused-house-rule": (W, "a house rule serves no rule listed in rules:"),
    "fmt-unsupported": (E, "fmt cannot format this YAML construct"),
    "fmt-unsafe": (E, "fmt would change the spec's meaning (a bug in fmt); the file is left as it is"),
    # Allies vs. Axis board games
    "unreadable-spec": (E, "the board-game spec cannot be read or is not valid YAML"),
    "invalid-board-game": (E, "the board_game: section is missing or invalid"),
    # game logs, house rules, save games
    "log-syntax": (E, "the game log is not valid YAML or JSON"),
    "bad-log": (E, "the game log does not have the expected shape"),
    "bad-event": (E, "an event of the game log is invalid"),
    "bad-rule": (E, "a house rule (--rule or house_rules:) is invalid"),
    "bad-invocation": (E, "the command's options do not name one game"),
    "save-not-gzip": (E, "the save game is not gzip-compressed"),
    "save-too-large": (E, "the save game inflates to more than the size limit"),
    "save-truncated": (E, "the save game ends early"),
    "save-corrupt": (E, "the save game's data is corrupt"),
    "save-unreadable": (E, "the save game cannot be read"),
    "save-not-triplea": (E, "the file is not a TripleA save game"),
    "save-unsupported-version": (E, "the save game was written by an unsupported TripleA version"),
    "save-unsupported-content": (E, "the save game holds content the reader does not understand"),
}

# Codes that mean the input could not be read at all (exit status 2): never dropped or downgraded.
INPUT_FAILURES: frozenset[str] = frozenset({
    "input-error", "unreadable", "internal-error", "no-games", "config-error",
    "xml-syntax", "xml-entities", "not-a-game", "yaml-syntax",
})


def _checks() -> dict[str, ModuleType]:
    from compiler.checks import CHECKS

    return CHECKS


@cache
def known_codes() -> frozenset[str]:
    """Every id a problem can carry."""
    return frozenset(_checks()) | frozenset(OTHER_CODES)


def default_severity(code: str) -> Severity:
    """The severity `code` is reported with unless configured otherwise; KeyError for an unknown code."""
    if code in OTHER_CODES:
        return OTHER_CODES[code][0]
    return Severity(_checks()[code].SEVERITY)


def describe(code: str) -> str:
    """A one-line meaning of `code` (a check's docstring summary); KeyError for an unknown code."""
    if code in OTHER_CODES:
        return OTHER_CODES[code][1]
    doc = _checks()[code].__doc__ or code
    return doc.strip().splitlines()[0].rstrip(".")
