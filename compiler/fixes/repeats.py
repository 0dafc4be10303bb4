"""Fix duplicate-connection and duplicate-owner (safe): remove the declarations TripleA reads to no effect.

TripleA keeps a territory's neighbours as a set (a repeated connection adds nothing: the first is kept, the
repeats removed) and sets territory owners in turn (the last `<territoryOwner>` of a territory wins: the earlier
ones are removed). The game is read (never written) to find those elements and their lines; an element is
removed only when its line holds exactly the elements of its kind the parse found there (no comment, no element
written over several lines, no `@variable@` of a foreach), with its whole line when nothing else stands on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from compiler.fixes.model import Fix, TextEdit
from compiler.fixes.reading import Reader
from compiler.fixes.source import attributes_in, full_line_span, line_span, xml_encoding
from compiler.problems import InputError, Problem


@dataclass(frozen=True)
class Redundant:
    """One kind of element TripleA reads to no effect when repeated: its tag, the attributes that make two of
    them the same declaration, and which of the same ones TripleA keeps."""

    code: str
    tag: str
    key: Callable[[dict[str, str]], object]
    keeps_last: bool
    noun: str


CONNECTION = Redundant("duplicate-connection", "connection",
                       lambda a: frozenset((a.get("t1", ""), a.get("t2", ""))), False, "repeated connection")
OWNER = Redundant("duplicate-owner", "territoryOwner", lambda a: a.get("territory", ""), True,
                  "earlier owner")


def _usable(attributes: dict[str, str]) -> bool:
    return all(value and "@" not in value for value in attributes.values())


def _removed_lines(kind: Redundant, data: bytes, path: str) -> dict[int, list[tuple[object, bool]]]:
    """Line -> (key, removed?) of every element of the kind on that line, for lines holding one to remove."""
    from compiler.xml.parse import read_xml

    try:
        root = read_xml(data, path)
    except InputError:
        return {}
    elements: list[tuple[int, object, bool]] = []
    for el in root.iter(kind.tag):
        line = el.sourceline if isinstance(el, etree._Element) else None
        if isinstance(line, int):
            attributes = {str(k): str(v) for k, v in el.attrib.items()}
            elements.append((line, kind.key(attributes), _usable(attributes)))
    indices = range(len(elements) - 1, -1, -1) if kind.keeps_last else range(len(elements))
    seen: set[object] = set()
    marked: dict[int, bool] = {}
    for i in indices:
        _, key, usable = elements[i]
        marked[i] = usable and key in seen
        seen.add(key)
    lines: dict[int, list[tuple[object, bool]]] = {}
    for i, (number, key, _) in enumerate(elements):
        lines.setdefault(number, []).append((key, marked[i]))
    return {number: found for number, found in lines.items() if any(removed for _, removed in found)}


def _line_edits(kind: Redundant, data: bytes, path: str, encoding: str, line: int,
                found: list[tuple[object, bool]]) -> tuple[list[TextEdit], int]:
    """The edits removing the marked elements of `line`, and how many elements they remove."""
    span = line_span(data, line)
    if span is None:
        return [], 0
    start, end = span
    if b"<!--" in data[start:end] or b"-->" in data[start:end]:
        return [], 0
    pattern = re.compile(rb"<" + kind.tag.encode() + rb"\b[^<>]*?(?:/>|>\s*</" + kind.tag.encode() + rb"\s*>)")
    written = list(pattern.finditer(data, start, end))
    if len(written) != len(found):
        return [], 0
    cuts = []
    for match, (key, removed) in zip(written, found, strict=True):
        attributes = {a.name: a.value for a in attributes_in(data, match.start(), match.end(), encoding)}
        if kind.key(attributes) != key:
            return [], 0  # the bytes are not the elements the parse found: leave the line alone
        if removed:
            cuts.append((match.start(), match.end()))
    bounds = [start, *(b for cut in cuts for b in cut), end]
    rest = b"".join(data[bounds[i]:bounds[i + 1]] for i in range(0, len(bounds), 2))
    if not rest.strip():
        whole = full_line_span(data, line)
        assert whole is not None
        return [TextEdit(path, whole[0], whole[1], b"")], len(cuts)
    return [TextEdit(path, a, b, b"") for a, b in cuts], len(cuts)


def fixer(kind: Redundant) -> Callable[[Problem, Reader], list[Fix]]:
    """The fixer of `kind`: one fix per game removing every redundant element (each problem of the game gets
    the same fix; a run applies it once)."""

    def fix(problem: Problem, read: Reader) -> list[Fix]:
        path = problem.location.path
        data = read(path)
        encoding = xml_encoding(data) if data is not None else None
        if data is None or encoding is None:
            return []
        edits: list[TextEdit] = []
        removed = 0
        for line, found in sorted(_removed_lines(kind, data, path).items()):
            line_edits, count = _line_edits(kind, data, path, encoding, line, found)
            edits.extend(line_edits)
            removed += count
        if not edits:
            return []
        noun = kind.noun if removed == 1 else kind.noun + "s"
        return [Fix(kind.code, f"remove {removed} {noun}", True, tuple(edits), problem.location)]

    return fix
