"""The four output formats of a list of problems."""
# ruff: noqa: E501  (tables of XML snippets read better one per line)

from __future__ import annotations

import json

import pytest

from compiler.problems import Location, Problem, Severity
from compiler.report import format_problems

PROBLEMS = [
    Problem("unknown-unit", "unknown unit type 'infantri' (did you mean 'infantry'?)",
            Location("maps/a,b.xml", 12, 3), Severity.ERROR),
    Problem("isolated-territory", "territory 'Isle' has no connection\n100% sure", Location("a.xml", 4, 1),
            Severity.WARNING),
    Problem("unreadable", "cannot read file", Location("gone.xml", 0, 0), Severity.ERROR),
]


def test_text() -> None:
    lines = format_problems(PROBLEMS, "text").splitlines()
    assert lines[0] == "maps/a,b.xml:12:3: error: unknown unit type 'infantri' (did you mean 'infantry'?) [unknown-unit]"
    assert lines[1].startswith("a.xml:4:1: warning: territory 'Isle'")
    assert format_problems([], "text") == ""


def test_json() -> None:
    doc = json.loads(format_problems(PROBLEMS, "json"))
    assert doc["problems"][0] == {"path": "maps/a,b.xml", "line": 12, "column": 3, "severity": "error",
                                  "code": "unknown-unit", "message": PROBLEMS[0].message}
    assert doc["summary"]["errors"] == 2 and doc["summary"]["warnings"] == 1
    assert doc["summary"]["by_code"]["unknown-unit"] == 1


def test_sarif_2_1_0() -> None:
    doc = json.loads(format_problems(PROBLEMS, "sarif"))
    assert doc["version"] == "2.1.0" and "sarif-2.1.0" in doc["$schema"]
    run = doc["runs"][0]
    assert run["tool"]["driver"]["name"] == "triplea-compiler"
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    first = run["results"][0]
    assert first["ruleId"] == "unknown-unit" and rules[first["ruleIndex"]] == "unknown-unit"
    assert first["level"] == "error"
    assert first["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "maps/a,b.xml"}, "region": {"startLine": 12, "startColumn": 3}}
    assert run["results"][1]["level"] == "warning"
    assert "region" not in run["results"][2]["locations"][0]["physicalLocation"]  # line 0: no region
    unit_rule = run["tool"]["driver"]["rules"][rules.index("unknown-unit")]
    assert unit_rule["shortDescription"]["text"].startswith("Every unit type")


def test_github_annotations() -> None:
    lines = format_problems(PROBLEMS, "github").splitlines()
    assert lines[0] == ("::error file=maps/a%2Cb.xml,line=12,col=3,title=unknown-unit::"
                        "unknown unit type 'infantri' (did you mean 'infantry'?)")
    assert lines[1] == "::warning file=a.xml,line=4,col=1,title=isolated-territory::territory 'Isle' has no connection%0A100%25 sure"
    assert lines[2] == "::error file=gone.xml,title=unreadable::cannot read file"


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        format_problems(PROBLEMS, "xml")
