"""compiler.codes: every problem id the tool can emit is registered, with a meaning and a severity."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler.checks import CHECKS
from compiler.checks.spec import SPEC_CHECKS
from compiler.codes import (
    INPUT_FAILURES,
    OTHER_CODES,
    all_codes,
    default_severity,
    describe,
    house_rule_codes,
    known_codes,
    lookup,
)
from compiler.problems import Severity

PACKAGE = Path(__file__).resolve().parents[2] / "compiler"
# Callables that make a problem, and the position of their code argument.
CODE_ARGUMENT = {"Problem": 0, "InputError": 2, "problem": 1}  # problem(): compiler/xml/parse.py's helper
SEVERITY_ARGUMENT = {"Problem": 3, "problem": 3}  # InputError is always an error
# Checks whose severity is set by the target engine where the problem is made, so made both ways: each is
# reported with its default severity in SARIF's rule list. A finding of another severity gets its own id.
COMPUTED_SEVERITY = {
    "xml-structure": "error for 1.9's DTD and for what needs 2.x, warning for what 2.x ignores",
    "missing-map-name": "error for 1.9, warning for 2.x",
    "unknown-loader": "error for 1.9, warning for 2.x (which does not read <loader>)",
    "production": "a rule twice in a frontier: error for 2.x, warning for 1.9",
    "placement": "a negative resourceGiven: error for 2.x, warning for 1.9",
    "canal": "its 2.7 refusals are errors when the game targets 2.7",
    "property-value": "an editable number out of range, WW2V2 with WW2V3: errors for 2.x, warnings for 1.9",
}


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level `NAME = "text"` assignments (check modules name their id `ID`)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _severity(node: ast.Call, name: str, constants: dict[str, str]) -> str | None:
    """The severity a call makes its problem with: "error", "warning", or None when computed there."""
    if name == "InputError":
        return "error"
    arg = next((k.value for k in node.keywords if k.arg == "severity"), None)
    index = SEVERITY_ARGUMENT[name]
    if arg is None and len(node.args) > index:
        arg = node.args[index]
    if arg is None:
        return "error"
    if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id == "Severity":
        return arg.attr.lower()
    if isinstance(arg, ast.Name) and arg.id in constants:
        return constants[arg.id]
    return None


def codes_made() -> list[tuple[str, str | None, str]]:
    """(code, severity or None when computed, place) of every Problem(...), InputError(...) or problem(...)
    call in compiler/ that gives its code as a literal or a module constant."""
    made = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        severities = _severities(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in CODE_ARGUMENT:
                continue
            index = CODE_ARGUMENT[name]
            arg = next((k.value for k in node.keywords if k.arg == "code"), None)
            if arg is None and len(node.args) > index:
                arg = node.args[index]
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            code = None
            if arg is None:
                if name == "InputError" and not any(isinstance(a, ast.Starred) for a in node.args):
                    code = "input-error"  # InputError's default code
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                code = arg.value
            elif isinstance(arg, ast.Name) and arg.id in constants:
                code = constants[arg.id]
            if code is not None:
                made.append((code, _severity(node, name, severities), where))
    return made


def _severities(tree: ast.Module) -> dict[str, str]:
    """A module's top-level `NAME = Severity.X` assignments (check modules name theirs `SEVERITY`)."""
    out = {}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign) else None
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "Severity":
            out.update({t.id: value.attr.lower() for t in node.targets if isinstance(t, ast.Name)})
    return out


def codes_in_source() -> dict[str, str]:
    """Every code made in compiler/, with one place it is made."""
    found: dict[str, str] = {}
    for code, _, where in codes_made():
        found.setdefault(code, where)
    return found


def test_the_scan_sees_codes_of_every_kind() -> None:
    """The scan itself works: it finds check ids, parser codes, input errors and spec codes."""
    found = codes_in_source()
    expected = {"missing-center", "xml-syntax", "missing-attribute", "unreadable", "save-other-game", "spec-schema"}
    assert expected <= set(found)
    assert len(found) > 60


def test_every_code_used_in_the_source_is_registered() -> None:
    unregistered = {code: where for code, where in codes_in_source().items() if code not in all_codes()}
    assert not unregistered, f"register these codes in compiler/codes.py: {unregistered}"


def test_every_code_is_made_with_its_default_severity() -> None:
    """One severity per id: a problem is made with its code's default severity, except the few checks
    whose severity is computed where they are made (COMPUTED_SEVERITY)."""
    wrong, computed, registered = [], set(), all_codes()
    for code, severity, where in codes_made():
        if code not in registered:
            continue  # test_every_code_used_in_the_source_is_registered
        if code in COMPUTED_SEVERITY and where.startswith("compiler/checks/"):
            computed.add(code)
        elif severity is None:
            wrong.append(f"{where}: {code} is made with a computed severity")
        elif severity != default_severity(code):
            wrong.append(f"{where}: {code} is made as {severity}, registered as {default_severity(code)}")
    assert not wrong, wrong
    assert computed == set(COMPUTED_SEVERITY), "an id left COMPUTED_SEVERITY: take it off the list"


def test_the_severity_scan_sees_what_a_check_makes() -> None:
    made = {(code, severity) for code, severity, _ in codes_made()}
    assert {("missing-center", "warning"), ("coverage-detail", "warning"), ("xml-syntax", "error")} <= made
    assert ("unknown-element", "warning") in made  # through compiler/xml/parse.py's problem() helper


def test_registered_codes_are_checks_or_documented_once() -> None:
    assert set(CHECKS) <= known_codes()
    assert {m.ID for m in SPEC_CHECKS} <= known_codes()
    assert not (set(CHECKS) | {m.ID for m in SPEC_CHECKS}) & set(OTHER_CODES), \
        "a check documents itself: do not list it in OTHER_CODES"
    assert not set(house_rule_codes()) & known_codes(), "a house rule id is reused for a problem of another kind"
    assert INPUT_FAILURES <= set(OTHER_CODES)
    assert "unused-suppression" in known_codes()


@pytest.mark.parametrize("code", sorted(all_codes()))
def test_every_code_has_a_meaning_and_a_severity(code: str) -> None:
    meaning = describe(code)
    assert meaning and "\n" not in meaning and meaning != code
    assert default_severity(code) in (Severity.ERROR, Severity.WARNING)


def test_a_spec_check_with_a_validator_id_means_the_same() -> None:
    """A spec check may report a validator id (the same finding on the spec's terms), with its severity."""
    for module in SPEC_CHECKS:
        if module.ID in CHECKS:
            assert module.SEVERITY is CHECKS[module.ID].SEVERITY, module.ID


def test_house_rules_are_errors_described_by_their_rule() -> None:
    from compiler.engine.rules import registry

    RULES = registry()

    code = lookup("strait-crossing")
    assert code.kind == "house-rule" and code.severity is Severity.ERROR
    rule = RULES["strait-crossing"]
    if rule.__doc__:
        assert code.meaning == rule.__doc__.strip().splitlines()[0].rstrip(".")
    else:  # the rule module's docstring, without its leading `strait-crossing: `
        assert code.meaning.startswith("a strait may be crossed only if both its sides were friendly")
    assert set(house_rule_codes()) == set(RULES)
    assert "strait-crossing" not in known_codes()  # validate and compile never report one


def test_ids_of_another_meaning_are_split() -> None:
    assert describe("save-other-game") != describe("bad-invocation")
    assert describe("replay-diverged") != describe("save-unsupported-content")
    assert describe("victory-spec") != describe("bad-value")


@pytest.mark.parametrize(("split", "kept"), [
    ("duplicate-territory", "duplicate-name"), ("player-without-step", "sequence"), ("duplicate-owner", "placement"),
    ("negative-placement", "placement"), ("buyer-without-frontier", "production"), ("map-yml-mismatch", "map-yml"),
])
def test_findings_of_another_severity_have_their_own_id(split: str, kept: str) -> None:
    """One meaning and one default severity per id: a finding that was a warning among errors (or the other
    way round) is split off under its own id."""
    assert describe(split) != describe(kept)
    assert default_severity(split) is not default_severity(kept)


def test_a_check_is_described_by_its_module() -> None:
    module = CHECKS["missing-center"]
    assert describe("missing-center") == (module.__doc__ or "").strip().splitlines()[0].rstrip(".")
    assert default_severity("missing-center") is module.SEVERITY is Severity.WARNING
    assert default_severity("unused-suppression") is Severity.WARNING
    assert default_severity("xml-syntax") is Severity.ERROR


def test_an_unknown_code_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        describe("no-such-check")
    with pytest.raises(KeyError):
        default_severity("no-such-check")
