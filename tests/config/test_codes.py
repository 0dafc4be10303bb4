"""compiler.codes: every problem id the tool can emit is registered, with a meaning and a severity."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from compiler.checks import CHECKS
from compiler.codes import INPUT_FAILURES, OTHER_CODES, default_severity, describe, known_codes
from compiler.problems import Severity

PACKAGE = Path(__file__).resolve().parents[2] / "compiler"
# Callables that make a problem, and the position of their code argument.
CODE_ARGUMENT = {"Problem": 0, "InputError": 2, "problem": 1}  # problem(): compiler/xml/parse.py's helper


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's top-level `NAME = "text"` assignments (check modules name their id `ID`)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def codes_in_source() -> dict[str, str]:
    """Every code a Problem(...), InputError(...) or problem(...) call in compiler/ gives as a literal
    (or as a module constant), with one place it is used."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
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
            if arg is None:
                if name == "InputError" and not any(isinstance(a, ast.Starred) for a in node.args):
                    found.setdefault("input-error", where)  # InputError's default code
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, where)
            elif isinstance(arg, ast.Name) and arg.id in constants:
                found.setdefault(constants[arg.id], where)
    return found


def test_the_scan_sees_codes_of_every_kind() -> None:
    """The scan itself works: it finds check ids, parser codes, input errors and the default code."""
    found = codes_in_source()
    expected = {"missing-center", "xml-syntax", "missing-attribute", "unreadable", "input-error", "spec-schema"}
    assert expected <= set(found)
    assert len(found) > 60


def test_every_code_used_in_the_source_is_registered() -> None:
    unregistered = {code: where for code, where in codes_in_source().items() if code not in known_codes()}
    assert not unregistered, f"register these codes in compiler/codes.py: {unregistered}"


def test_registered_codes_are_checks_or_documented_once() -> None:
    assert set(CHECKS) <= known_codes()
    assert not set(CHECKS) & set(OTHER_CODES), "a check documents itself: do not list it in OTHER_CODES"
    assert INPUT_FAILURES <= set(OTHER_CODES)
    assert "unused-suppression" in known_codes()


@pytest.mark.parametrize("code", sorted(known_codes()))
def test_every_code_has_a_meaning_and_a_severity(code: str) -> None:
    meaning = describe(code)
    assert meaning and "\n" not in meaning and meaning != code
    assert default_severity(code) in (Severity.ERROR, Severity.WARNING)


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
