"""Inline suppressions: comments in game XML and YAML specs that silence chosen check ids.

    <!-- triplea-compiler: disable=unknown-unit,bad-value -->   the next element and everything in it
    <!-- triplea-compiler: disable-file=unknown-unit -->        the whole file
    # triplea-compiler: disable=unknown-unit                    the next line and the block nested under it
    key: value  # triplea-compiler: disable=unknown-unit        this line and the block nested under it

`disable` or `disable-file` without `=ids` silences every id. `apply_suppressions` drops the
problems a suppression covers and reports suppressions that silenced nothing or name unknown ids.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, cast

from lxml import etree

from compiler.problems import Location, Problem, Severity
from compiler.xml.parse import safe_parser
from compiler.yamlread import parse_events

MARKER = "triplea-compiler:"
UNUSED = "unused-suppression"

_DIRECTIVE = re.compile(
    r"triplea-compiler:\s*(?P<kind>disable-file|disable)(?:\s*=\s*(?P<ids>[\w.-]+(?:\s*,\s*[\w.-]+)*)\s*,?)?"
)
_XML_COMMENT_START = re.compile(rb"<!--\s*triplea-compiler:")
_YAML_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")  # the line breaks YAML counts


@dataclass(frozen=True)
class Suppression:
    """Check ids silenced on a range of lines of one file (or in all of it)."""

    codes: frozenset[str]  # empty = every id
    first_line: int  # 1-based, inclusive; 0 with whole_file
    last_line: int  # inclusive; below first_line when the comment precedes nothing
    location: Location  # where the comment is
    whole_file: bool = False

    def covers(self, problem: Problem) -> bool:
        """Whether this suppression silences `problem`."""
        loc = problem.location
        return (
            loc.path == self.location.path
            and (self.whole_file or self.first_line <= loc.line <= self.last_line)
            and (not self.codes or problem.code in self.codes)
        )


def _directive(comment: str) -> tuple[bool, frozenset[str]] | None:
    """(whole file?, ids) of a comment's text, or None when it is no suppression comment."""
    match = _DIRECTIVE.fullmatch(comment.strip())
    if match is None:
        return None
    ids = match["ids"] or ""
    return match["kind"] == "disable-file", frozenset(code.strip() for code in ids.split(",") if code.strip())


def find_suppressions(data: bytes | str, path: str) -> list[Suppression]:
    """The suppressions in a game XML (.xml) or YAML spec (.yaml, .yml); [] for any other file."""
    suffix = path.rpartition(".")[2].lower()
    if suffix == "xml":
        return find_xml_suppressions(data.encode("utf-8") if isinstance(data, str) else data, path)
    if suffix in ("yaml", "yml"):
        text = data.decode("utf-8-sig", errors="replace") if isinstance(data, bytes) else data
        return find_yaml_suppressions(text, path)
    return []


# --- XML ---------------------------------------------------------------------------------------


def find_xml_suppressions(data: bytes, path: str) -> list[Suppression]:
    """Suppression comments of a game XML; [] when it has none or is not well-formed XML."""
    if MARKER.encode() not in data:
        return []
    try:
        root = etree.fromstring(data, safe_parser(keep_comments=True))
    except (etree.XMLSyntaxError, ValueError):
        return []
    columns = _xml_comment_columns(data)
    line_count = data.count(b"\n") + (not data.endswith(b"\n"))
    found = []
    for comment in _comments(root):
        directive = _directive(comment.text or "")
        if directive is None:
            continue
        whole_file, codes = directive
        line = _line(comment) - (comment.text or "").count("\n")  # lxml gives the last line
        column = columns[line].pop(0) if columns.get(line) else 1
        location = Location(path, line, column)
        if whole_file:
            found.append(Suppression(codes, 0, line_count, location, whole_file=True))
            continue
        target = _next_element(comment)
        if target is None:
            found.append(Suppression(codes, line + 1, line, location))
        else:
            found.append(Suppression(codes, _start_line(target), _end_line(target), location))
    return found


def _comments(root: etree._Element) -> Iterator[etree._Element]:
    """Every comment of the document, in order: before the root element, inside it, after it."""
    yield from reversed([n for n in root.itersiblings(preceding=True) if n.tag is etree.Comment])
    yield from root.iter(etree.Comment)
    yield from (n for n in root.itersiblings() if n.tag is etree.Comment)


def _xml_comment_columns(data: bytes) -> dict[int, list[int]]:
    """Line -> 1-based columns (in characters) of the suppression comments starting on it."""
    columns: dict[int, list[int]] = {}
    line, counted_to = 1, 0
    for match in _XML_COMMENT_START.finditer(data):
        start = match.start()
        line += data.count(b"\n", counted_to, start)
        counted_to = start
        line_start = data.rfind(b"\n", 0, start) + 1
        columns.setdefault(line, []).append(len(data[line_start:start].decode("utf-8", errors="replace")) + 1)
    return columns


def _next_element(node: etree._Element) -> etree._Element | None:
    """The first element after `node` in document order that is not inside it."""
    current: etree._Element | None = node
    while current is not None:
        for sibling in current.itersiblings():
            if isinstance(sibling.tag, str):
                return sibling
        current = current.getparent()
    return None


def _line(node: etree._Element) -> int:
    """lxml's sourceline of a node, 0 when unknown (lxml-stubs leave its type out)."""
    return cast(int | None, node.sourceline) or 0


def _start_line(element: etree._Element) -> int:
    """The line of the `<` that opens `element` (lxml's sourceline is where its start tag ends)."""
    parent = element.getparent()
    if parent is None:
        return _line(element)
    previous = element.getprevious()
    if previous is not None:
        line = _end_line(previous) + (previous.tail or "").count("\n")
    else:
        line = _line(parent) + (parent.text or "").count("\n")
    return min(line, _line(element) or line)


def _end_line(node: etree._Element) -> int:
    """The last line of `node`: where its closing tag (or the node itself, when empty) is."""
    extra = 0
    while isinstance(node.tag, str) and len(node):
        node = node[-1]
        extra += (node.tail or "").count("\n")
    if isinstance(node.tag, str):
        extra += (node.text or "").count("\n")
    return _line(node) + extra


# --- YAML --------------------------------------------------------------------------------------

_Pos = tuple[int, int]  # 0-based (line, column), as in PyYAML's marks
_Span = tuple[_Pos, _Pos]


class _YamlText:
    """The lines of a YAML text and where its scalars and flow collections lie (from the parser events of
    the one YAML reader's loader, compiler/yamlread.py: libyaml when installed)."""

    def __init__(self, text: str, events: Iterable[Any]) -> None:
        import yaml

        self.lines = _YAML_LINE_BREAK.split(text)
        scalars: list[_Span] = []
        multi_line: list[_Span] = []
        flows: list[_Pos] = []
        for event in events:
            start, end = event.start_mark, event.end_mark
            if start is None or end is None:
                continue
            if isinstance(event, yaml.ScalarEvent):  # its span includes an anchor and a tag before it
                scalars.append(((start.line, start.column), (end.line, end.column)))
                if start.line != end.line:
                    multi_line.append(scalars[-1])
            elif isinstance(event, yaml.CollectionStartEvent):
                flows.append((start.line, start.column) if event.flow_style else (-1, -1))
            elif isinstance(event, yaml.CollectionEndEvent) and flows:
                opened = flows.pop()
                if opened[0] >= 0 and opened[0] != end.line:
                    multi_line.append((opened, (end.line, end.column)))
        scalars.sort()
        self.scalars = scalars
        self.scalar_starts = [start for start, _ in scalars]
        self.continued = self._continued_lines(multi_line)

    def _continued_lines(self, spans: list[_Span]) -> set[int]:
        """Lines that begin inside a scalar or flow collection started on an earlier line."""
        continued: set[int] = set()
        for (first, _), (last, end_column) in spans:
            for line in range(first + 1, min(last, len(self.lines) - 1) + 1):
                if line < last or self.indent(line) < end_column:
                    continued.add(line)
        return continued

    def in_scalar(self, pos: _Pos) -> bool:
        index = bisect_right(self.scalar_starts, pos) - 1
        return index >= 0 and self.scalars[index][1] > pos

    def comment_start(self, line: int) -> int | None:
        """The column of the `#` that starts a real comment on `line`, if any."""
        text = self.lines[line]
        column = text.find("#")
        while column >= 0:
            if not self.in_scalar((line, column)):
                return column
            column = text.find("#", column + 1)
        return None

    def indent(self, line: int) -> int:
        text = self.lines[line]
        return len(text) - len(text.lstrip(" \t"))

    def is_content(self, line: int) -> bool:
        """Whether `line` holds more than blanks and a comment."""
        text = self.lines[line]
        if not text.strip():
            return False
        return not text.lstrip(" \t").startswith("#") or self.comment_start(line) != self.indent(line)

    def block_end(self, line: int) -> int:
        """The last line of the node starting on `line` and of the block nested under it."""
        indent = self.indent(line)
        indentless = self._opens_indentless_sequence(line)
        last = line
        for following in range(line + 1, len(self.lines)):
            if not self.is_content(following):
                continue
            nested = following in self.continued or self.indent(following) > indent
            if not nested and not (indentless and self.indent(following) == indent and self._is_entry(following)):
                break
            last = following
        return last

    def _opens_indentless_sequence(self, line: int) -> bool:
        """Whether `line` is `key:` followed by `- ` entries at the key's own column."""
        text = self.lines[line]
        comment = self.comment_start(line)
        if not text[:comment].rstrip().endswith(":"):
            return False
        following = next((n for n in range(line + 1, len(self.lines)) if self.is_content(n)), None)
        return following is not None and self.indent(following) == self.indent(line) and self._is_entry(following)

    def _is_entry(self, line: int) -> bool:
        rest = self.lines[line].lstrip(" \t")
        return rest == "-" or rest.startswith(("- ", "-\t"))


def find_yaml_suppressions(text: str, path: str) -> list[Suppression]:
    """Suppression comments of a YAML spec; [] when it has none or is not well-formed YAML."""
    if MARKER not in text:
        return []
    import yaml

    text = text.removeprefix("\ufeff")
    try:
        source = _YamlText(text, parse_events(text))
    except yaml.YAMLError:
        return []
    found = []
    line_count = len(source.lines) - (source.lines[-1] == "")
    for line, content in enumerate(source.lines):
        if MARKER not in content:
            continue
        column = source.comment_start(line)
        if column is None:
            continue
        directive = _directive(content[column + 1 :])
        if directive is None:
            continue
        whole_file, codes = directive
        location = Location(path, line + 1, column + 1)
        if whole_file:
            found.append(Suppression(codes, 0, line_count, location, whole_file=True))
            continue
        target = line if content[:column].strip() else _next_content_line(source, line)
        if target is None:
            found.append(Suppression(codes, line + 2, line + 1, location))
        else:
            found.append(Suppression(codes, target + 1, source.block_end(target) + 1, location))
    return found


def _next_content_line(source: _YamlText, line: int) -> int | None:
    return next((n for n in range(line + 1, len(source.lines)) if source.is_content(n)), None)


# --- applying ----------------------------------------------------------------------------------


def apply_suppressions(
    problems: list[Problem], suppressions: list[Suppression], known_codes: Collection[str] | None = None
) -> list[Problem]:
    """The problems no suppression covers, then an `unused-suppression` warning for each suppressed
    id that covered nothing or is not in `known_codes`, in line order.

    A suppression of every id, or of `unused-suppression` itself, may silence the warnings about
    other suppression comments (never about itself).
    """
    if not suppressions:
        return list(problems)
    by_path: dict[str, list[int]] = {}
    for index, suppression in enumerate(suppressions):
        by_path.setdefault(suppression.location.path, []).append(index)
    used: set[tuple[int, str]] = set()  # (suppression, id), "" for a suppression of every id
    kept = []
    for problem in problems:
        covering = [i for i in by_path.get(problem.location.path, ()) if suppressions[i].covers(problem)]
        used.update((i, problem.code if suppressions[i].codes else "") for i in covering)
        if not covering:
            kept.append(problem)

    known = None if known_codes is None else {*known_codes, UNUSED}
    silencers = [i for i, s in enumerate(suppressions) if not s.codes or UNUSED in s.codes]
    deferred: list[tuple[int, str]] = []
    reports: list[Problem] = []
    for index, suppression in enumerate(suppressions):
        for code in sorted(suppression.codes) or [""]:
            if (index, code) in used:
                continue
            if known is not None and code and code not in known:
                report = _unknown(code, suppression, known)
            elif code in ("", UNUSED):
                deferred.append((index, code))
                continue
            else:
                report = _unused(code, suppression)
            covering = [i for i in silencers if i != index and suppressions[i].covers(report)]
            used.update((i, UNUSED if suppressions[i].codes else "") for i in covering)
            if not covering:
                reports.append(report)
    reports += [_unused(code, suppressions[i]) for i, code in deferred if (i, code) not in used]
    reports.sort(key=lambda p: (p.location.path, p.location.line, p.location.column))
    return kept + reports


def apply_inline(problems: list[Problem], source: bytes | str, path: str) -> list[Problem]:
    """`problems` of the file `path` after the file's own suppression comments (its `source`, XML or
    YAML), with unused or unknown ids reported; the file is only scanned when it holds the marker."""
    if (MARKER.encode() not in source) if isinstance(source, bytes) else (MARKER not in source):
        return problems
    from compiler.codes import known_codes

    return apply_suppressions(problems, find_suppressions(source, path), known_codes())


def _unused(code: str, suppression: Suppression) -> Problem:
    message = f"unused suppression of '{code}'" if code else "unused suppression (no problem here)"
    return Problem(UNUSED, message, suppression.location, Severity.WARNING)


def _unknown(code: str, suppression: Suppression, known: Collection[str]) -> Problem:
    from compiler.checks._unknown import did_you_mean

    hint = did_you_mean(code, known)
    return Problem(UNUSED, f"unknown check id '{code}' in suppression{hint}", suppression.location, Severity.WARNING)
