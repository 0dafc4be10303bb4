"""Turn a list of problems into text for people, JSON and SARIF for tools, or GitHub annotations."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import PurePosixPath
from urllib.parse import quote

import compiler
from compiler.problems import ZIP_SEPARATOR, Problem, Severity
from compiler.safetext import visible

TOOL = "triplea-compiler"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def summary(problems: list[Problem], files: int | None = None) -> dict[str, object]:
    """Counts: problems, errors, warnings, files checked (when not given: files with a problem), and
    problems per check id."""
    by_code = Counter(p.code for p in problems)
    errors = sum(1 for p in problems if p.severity is Severity.ERROR)
    return {
        "problems": len(problems),
        "errors": errors,
        "warnings": len(problems) - errors,
        "files": len({p.location.path for p in problems}) if files is None else files,
        "by_code": dict(sorted(by_code.items())),
    }


def _text(problems: list[Problem], files: int | None = None) -> str:
    return "".join(f"{p}\n" for p in problems)


def _json(problems: list[Problem], files: int | None = None) -> str:
    doc = {"problems": [p.as_dict() for p in problems], "summary": summary(problems, files)}
    return json.dumps(doc, indent=2) + "\n"


# Characters a relative URI path keeps as they are (RFC 3986 pchar without ':', which a first
# segment may not hold); everything else is percent-encoded.
_URI_SAFE = "/!$&'()*+,;=@"


def artifact_uri(path: str) -> str:
    """A SARIF artifact URI for a file path: `file:///...` when absolute, else a relative reference."""
    if not path:
        return "."
    if path.startswith("/"):
        return PurePosixPath(path).as_uri()
    return quote(os.fsencode(path), safe=_URI_SAFE)  # a name that is not UTF-8: its own bytes, %-encoded


def _zip_member(path: str) -> tuple[str, str] | None:
    """(zip file, member) for a zip member's display path, None for a plain file."""
    archive, sep, member = path.partition(ZIP_SEPARATOR)
    if sep and archive.lower().endswith(".zip"):
        return archive, member
    return None


def _sarif_location(p: Problem) -> tuple[dict[str, object], str, dict[str, object]]:
    """The result's physical location, its message text, and its properties. A zip member is not a
    file of the repository: the location is the zip, without a region (member lines are not zip
    lines), and the member and its line:col lead the message and are kept in the properties."""
    loc = p.location
    inside = _zip_member(loc.path)
    if inside is not None:
        archive, member = inside
        where = member
        props: dict[str, object] = {"zipMember": member}
        if loc.line > 0:
            where += f":{loc.line}"
            props["memberLine"] = loc.line
            if loc.column > 0:
                where += f":{loc.column}"
                props["memberColumn"] = loc.column
        return {"artifactLocation": {"uri": artifact_uri(archive)}}, f"{where}: {p.text}", props
    physical: dict[str, object] = {"artifactLocation": {"uri": artifact_uri(loc.path)}}
    if loc.line > 0:
        region = {"startLine": loc.line}
        if loc.column > 0:
            region["startColumn"] = loc.column
        physical["region"] = region
    return physical, p.text, {}


def _rule_text(code: str) -> str:
    from compiler.codes import describe

    try:
        return describe(code)
    except KeyError:  # a code the registry does not know (a test would catch it): its id says enough
        return code


def _sarif(problems: list[Problem], files: int | None = None) -> str:
    codes = sorted({p.code for p in problems})
    rules = [{"id": code, "shortDescription": {"text": _rule_text(code)}} for code in codes]
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for p in problems:
        physical, text, props = _sarif_location(p)
        result: dict[str, object] = {
            "ruleId": p.code,
            "ruleIndex": index[p.code],
            "level": "error" if p.severity is Severity.ERROR else "warning",
            "message": {"text": visible(text)},
            "locations": [{"physicalLocation": physical}],
        }
        if p.when is not None:
            props = {**props, **{k: v for k, v in p.when.as_dict().items() if v is not None}}
        if props:
            result["properties"] = props
        results.append(result)
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": TOOL, "version": compiler.__version__, "rules": rules}},
            "results": results,
        }],
    }
    return json.dumps(doc, indent=2) + "\n"


def _escape_data(text: str) -> str:
    """A workflow command's message: GitHub's own escapes (a newline is `%0A`), then the other control
    characters shown as escapes (safetext), so that nothing from input can end the command's line or start
    another."""
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_prop(text: str) -> str:
    """A workflow command's property (file=, title=): as _escape_data, with `:` and `,` escaped too."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(problems: list[Problem], files: int | None = None) -> str:
    """Workflow commands; a zip member is annotated on its zip (the repository's file), with the member
    and its line:col leading the message, as in SARIF."""
    lines = []
    for p in problems:
        kind = "error" if p.severity is Severity.ERROR else "warning"
        inside = _zip_member(p.location.path)
        if inside is not None:
            _, text, _ = _sarif_location(p)
            props = [f"file={_escape_prop(inside[0])}", f"title={_escape_prop(p.code)}"]
            lines.append(f"::{kind} {','.join(props)}::{_escape_data(text)}\n")
            continue
        props = [f"file={_escape_prop(p.location.path)}"]
        if p.location.line > 0:
            props.append(f"line={p.location.line}")
            if p.location.column > 0:
                props.append(f"col={p.location.column}")
        props.append(f"title={_escape_prop(p.code)}")
        lines.append(f"::{kind} {','.join(props)}::{_escape_data(p.text)}\n")
    return "".join(lines)


FORMATS: dict[str, Callable[[list[Problem], int | None], str]] = {
    "text": _text, "json": _json, "sarif": _sarif, "github": _github,
}


def format_problems(problems: list[Problem], fmt: str, *, files: int | None = None) -> str:
    """Render `problems` in `fmt` (text, json, sarif or github); ValueError for another format. `files`:
    how many files were checked, for the JSON summary."""
    try:
        render = FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown format '{fmt}' (choose from {', '.join(FORMATS)})") from None
    return render(problems, files)
