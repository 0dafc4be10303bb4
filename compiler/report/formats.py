"""Turn a list of problems into text for people, JSON and SARIF for tools, or GitHub annotations."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version

from compiler.problems import Problem, Severity

TOOL = "triplea-compiler"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def summary(problems: list[Problem]) -> dict[str, object]:
    """Counts: problems, errors, warnings, files, and problems per check id."""
    by_code = Counter(p.code for p in problems)
    errors = sum(1 for p in problems if p.severity is Severity.ERROR)
    return {
        "problems": len(problems),
        "errors": errors,
        "warnings": len(problems) - errors,
        "files": len({p.location.path for p in problems}),
        "by_code": dict(sorted(by_code.items())),
    }


def _text(problems: list[Problem]) -> str:
    return "".join(f"{p.location.path}:{p.location.line}:{p.location.column}: {p.severity}: {p.message} [{p.code}]\n"
                   for p in problems)


def _json(problems: list[Problem]) -> str:
    return json.dumps({"problems": [p.as_dict() for p in problems], "summary": summary(problems)}, indent=2) + "\n"


def _tool_version() -> str:
    try:
        return version("triplea-compiler")
    except PackageNotFoundError:
        return "0"


def _sarif(problems: list[Problem]) -> str:
    from compiler.checks import CHECKS

    codes = sorted({p.code for p in problems})
    rules = []
    for code in codes:
        module = CHECKS.get(code)
        doc = (module.__doc__ or "").strip().splitlines()[0] if module is not None else code
        rules.append({"id": code, "shortDescription": {"text": doc or code}})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for p in problems:
        region: dict[str, int] = {}
        if p.location.line > 0:
            region["startLine"] = p.location.line
            if p.location.column > 0:
                region["startColumn"] = p.location.column
        physical: dict[str, object] = {"artifactLocation": {"uri": p.location.path or "."}}
        if region:
            physical["region"] = region
        results.append({
            "ruleId": p.code,
            "ruleIndex": index[p.code],
            "level": "error" if p.severity is Severity.ERROR else "warning",
            "message": {"text": p.message},
            "locations": [{"physicalLocation": physical}],
        })
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": TOOL, "version": _tool_version(), "rules": rules}},
            "results": results,
        }],
    }
    return json.dumps(doc, indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_prop(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(problems: list[Problem]) -> str:
    lines = []
    for p in problems:
        kind = "error" if p.severity is Severity.ERROR else "warning"
        props = [f"file={_escape_prop(p.location.path)}"]
        if p.location.line > 0:
            props.append(f"line={p.location.line}")
            if p.location.column > 0:
                props.append(f"col={p.location.column}")
        props.append(f"title={_escape_prop(p.code)}")
        lines.append(f"::{kind} {','.join(props)}::{_escape_data(p.message)}\n")
    return "".join(lines)


FORMATS: dict[str, Callable[[list[Problem]], str]] = {
    "text": _text, "json": _json, "sarif": _sarif, "github": _github,
}


def format_problems(problems: list[Problem], fmt: str) -> str:
    """Render `problems` in `fmt` (text, json, sarif or github); ValueError for another format."""
    try:
        render = FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown format '{fmt}' (choose from {', '.join(FORMATS)})") from None
    return render(problems)
