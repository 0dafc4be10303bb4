"""Which problems a fix answers, shown in each format: ` [*]` after a text line (as ruff marks what `--fix` fixes),
a `fix` object in JSON (applicability and title), SARIF `fixes` with their artifact changes (byte regions)."""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping

from compiler.fixes.model import Fix
from compiler.problems import Problem
from compiler.report.formats import artifact_uri

MARK = " [*]"


def _json_fix(fix: Fix, unsafe: bool) -> dict[str, object]:
    return {"applicability": "safe" if fix.safe else "unsafe", "applicable": fix.applies(unsafe),
            "message": fix.title}


def _content(text: bytes) -> dict[str, str]:
    try:
        return {"text": text.decode("utf-8")}
    except UnicodeDecodeError:
        return {"binary": base64.b64encode(text).decode("ascii")}


def _sarif_fix(fix: Fix) -> dict[str, object]:
    files: dict[str, list[dict[str, object]]] = {}
    for edit in sorted(fix.edits, key=lambda e: (e.path, e.start)):
        files.setdefault(edit.path, []).append({
            "deletedRegion": {"byteOffset": edit.start, "byteLength": edit.end - edit.start},
            **({"insertedContent": _content(edit.text)} if edit.text else {}),
        })
    return {"description": {"text": f"{fix.title} ({'safe' if fix.safe else 'unsafe'} fix)"},
            "artifactChanges": [{"artifactLocation": {"uri": artifact_uri(path)}, "replacements": replacements}
                                for path, replacements in files.items()]}


def mark_fixable(output: str, fmt: str, problems: list[Problem], fixes: Mapping[Problem, Fix], unsafe: bool) -> str:
    """`output` (the problems rendered in `fmt`, one text line or JSON/SARIF entry per problem, in order) with
    each fixable problem marked; github annotations are left as they are."""
    if not fixes:
        return output
    if fmt == "text":
        lines = output.splitlines(keepends=True)
        if len(lines) != len(problems):
            return output  # not one line per problem: leave it unmarked rather than mark the wrong line
        return "".join(line[:-1] + MARK + "\n" if p in fixes and fixes[p].applies(unsafe) and line.endswith("\n")
                       else line for line, p in zip(lines, problems, strict=True))
    if fmt == "json":
        doc = json.loads(output)
        for entry, p in zip(doc["problems"], problems, strict=True):
            if p in fixes:
                entry["fix"] = _json_fix(fixes[p], unsafe)
        doc["summary"]["fixable"] = sum(1 for p in problems if p in fixes and fixes[p].applies(unsafe))
        return json.dumps(doc, indent=2) + "\n"
    if fmt == "sarif":
        doc = json.loads(output)
        for result, p in zip(doc["runs"][0]["results"], problems, strict=True):
            if p in fixes:
                result["fixes"] = [_sarif_fix(fixes[p])]
        return json.dumps(doc, indent=2) + "\n"
    return output


def fixable_note(problems: list[Problem], fixes: Mapping[Problem, Fix], unsafe: bool) -> str:
    """ruff's hint: how many problems `--fix` would fix, and how many more `--unsafe-fixes` would ('' for none)."""
    safe = sum(1 for p in problems if p in fixes and fixes[p].applies(unsafe))
    hidden = sum(1 for p in problems if p in fixes and not fixes[p].applies(unsafe))
    if not safe and not hidden:
        return ""
    text = f"[*] {safe} fixable with the `--fix` option" if safe else "No fixes available"
    if hidden:
        text += f" ({hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option)"
    return text
