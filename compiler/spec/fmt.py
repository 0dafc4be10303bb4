"""`fmt`: lay a YAML spec out in the house style, keeping its comments, key order and meaning.

The house style is the importer's (compiler/lift/dump.py). Top-level sections are blocks (unless
written as a one-liner that fits); lists of scalars are flow lists. Every entry below (a territory, a
unit, an attachment...) is a flow one-liner when it fits the width and holds no comment; else, when
its members are themselves collections (a mapping of entries, a list of mappings), a block with an
entry per line; else a flow wrapped to the width, continuation lines aligned after the bracket (keys
put on a new line there by hand stay there). An entry holding a comment or a literal block is a block
whose values follow the same rules.

Scalars keep their spelling (quotes, numbers, anchors) unless a plain one cannot stand in a flow (it
is then double-quoted) or the scalar spans lines (a string with line breaks becomes a literal block,
else one line). Full-line and end-of-line comments, single blank lines and hand-aligned columns of
values and comments stay where they were. The result is read back as the loader reads it and must
give the same data, or the text is refused.
"""

from __future__ import annotations

import bisect
import io
import re
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from compiler.problems import InputError, Location
from compiler.yamlread import STR, has_libyaml, parse_events, plain_tag, read_yaml
from compiler.yamltext import NON_PRINTABLE, double_quoted

DEFAULT_WIDTH = 120
_FLOW_UNSAFE = re.compile(r"[,\[\]{}]|^[?:]|:$")


@dataclass(eq=False)
class Scalar:
    """A scalar as written: its value, style ('' plain, quotes, | or >) and single-line source text."""

    value: str
    style: str
    source: str | None  # the text as written (with anchor), when on one line and not a block scalar
    anchor: str | None
    line: int
    col: int
    end_line: int
    empty: bool = False  # an implicit null (nothing written)
    header: str = ""  # block scalars: indicator line as written, e.g. "|2-"
    body: list[str] = field(default_factory=list)  # block scalars: content lines as written
    body_indent: int = 0


@dataclass(eq=False)
class Alias:
    """An alias (*name)."""

    anchor: str
    line: int
    col: int
    end_line: int


@dataclass(eq=False)
class Coll:
    """A mapping or sequence and its entries."""

    is_map: bool
    flow: bool
    anchor: str | None
    line: int
    end_line: int = 0
    slots: list[Slot] = field(default_factory=list)
    commented: bool = False  # some entry inside carries a comment


Node = Scalar | Alias | Coll


@dataclass(eq=False)
class Slot:
    """A key and its value, or a list item: where comments attach."""

    key: Scalar | None
    value: Any
    line: int
    col: int
    parent: Slot | None
    in_flow: bool
    before: list[str] = field(default_factory=list)  # comment lines, "" for a blank line
    eol: str | None = None
    eol_col: int = 0  # where the end-of-line comment stood, kept when the line leaves room
    value_col: int = 0  # where a value on its key's line started: a hand-aligned column is kept
    break_before: bool = False  # in a flow mapping too long for one line, the key starts a new line
    after: list[str] = field(default_factory=list)

    @property
    def has_comments(self) -> bool:
        return bool(self.eol or any(self.before) or any(self.after))


def _unsupported(what: str, path: str, line: int = 0, col: int = 0) -> InputError:
    return InputError(f"fmt cannot format {what}", Location(path, line + 1, col + 1), "fmt-unsupported")


class _Tree:
    """The node tree of one YAML document, built from parser events, with every slot in document order."""

    def __init__(self, text: str, path: str) -> None:
        self.lines = text.split("\n")
        self.path = path
        self.slots: list[Slot] = []
        self.explicit_start = False
        self.covered: dict[int, list[tuple[int, int]]] = {}
        self.body_lines: set[int] = set()
        events = _events(text)
        kinds = [type(e).__name__ for e in events]
        if kinds.count("DocumentStartEvent") > 1:
            raise _unsupported("several YAML documents in one file", path)
        self.root: Node | None = None
        self._it = iter(events)
        for event in self._it:
            name = type(event).__name__
            if name == "DocumentStartEvent":
                if getattr(event, "version", None) or getattr(event, "tags", None):
                    raise _unsupported("YAML directives (%YAML, %TAG)", path, event.start_mark.line)
                self.explicit_start = bool(getattr(event, "explicit", False))
            elif name in ("ScalarEvent", "AliasEvent", "MappingStartEvent", "SequenceStartEvent"):
                self.root = self._node(event, None, False)

    def _node(self, event: Any, slot: Slot | None, in_flow: bool) -> Node:
        name = type(event).__name__
        start, end = event.start_mark, event.end_mark
        if getattr(event, "tag", None) is not None:
            raise _unsupported("explicit tags (!tag)", self.path, start.line, start.column)
        if name == "AliasEvent":
            return Alias(event.anchor, start.line, start.column, end.line)
        if name == "ScalarEvent":
            return self._scalar(event, slot.col if slot is not None else 0)
        coll = Coll(name == "MappingStartEvent", bool(event.flow_style), event.anchor, start.line)
        flow = in_flow or coll.flow
        for item in self._it:
            kind = type(item).__name__
            if kind in ("MappingEndEvent", "SequenceEndEvent"):
                coll.end_line = item.end_mark.line
                return coll
            if coll.is_map:
                if kind != "ScalarEvent":
                    raise _unsupported("complex keys (a mapping or list as a key)", self.path,
                                       item.start_mark.line, item.start_mark.column)
                key = self._scalar(item)
                entry = Slot(key, None, key.line, key.col, slot, flow)
                self.slots.append(entry)
                value = next(self._it)
                if not flow and value.start_mark.line == key.line:
                    entry.value_col = value.start_mark.column
                entry.value = self._node(value, entry, flow)
            else:
                line, col = item.start_mark.line, item.start_mark.column
                if not flow:
                    line, col = self._dash(line, col)
                entry = Slot(None, None, line, col, slot, flow)
                self.slots.append(entry)
                entry.value = self._node(item, entry, flow)
            if coll.flow and coll.is_map and coll.slots and entry.line > _end_line(coll.slots[-1].value) \
                    and entry.col == self._bracket(start.line, start.column) + 1:
                entry.break_before = True  # a key put on a new line, aligned after the bracket: kept
            coll.slots.append(entry)
        raise _unsupported("an unterminated collection", self.path, start.line)

    def _bracket(self, line: int, col: int) -> int:
        """The column of the bracket opening a flow collection that starts at (line, col)."""
        text = self.lines[line]
        found = [at for at in (text.find("{", col), text.find("[", col)) if at >= 0]
        return min(found) if found else col

    def _dash(self, line: int, col: int) -> tuple[int, int]:
        """Where the "- " of a block list item stands (the item may start on a later line)."""
        before = self.lines[line][:col].rstrip()
        if before.endswith("-"):
            return line, len(before) - 1
        if before:
            return line, col
        for above in range(line - 1, -1, -1):
            text = re.sub(r"(^|\s)#.*", "", self.lines[above]).rstrip()
            if text:
                return (above, len(text) - 1) if text.strip() == "-" else (line, col)
        return line, col

    def _cover(self, line: int, start: int, end: int) -> None:
        self.covered.setdefault(line, []).append((start, end))

    def _scalar(self, event: Any, parent_col: int = 0) -> Scalar:
        start, end = event.start_mark, event.end_mark
        style = event.style or ""
        node = Scalar(event.value, style, None, event.anchor, start.line, start.column, end.line)
        if style in ("|", ">"):
            self._block_scalar(node, end, parent_col)
            return node
        if start.line == end.line:
            text = self.lines[start.line] if start.line < len(self.lines) else ""  # empty, at the very end
            node.source = text[start.column:end.column]
            node.empty = node.source == "" or (node.source.startswith("&") and " " not in node.source)
            self._cover(start.line, start.column, end.column)
        else:
            self._cover(start.line, start.column, len(self.lines[start.line]))
            for line in range(start.line + 1, end.line):
                self.body_lines.add(line)
            self._cover(end.line, 0, end.column)
        return node

    def _block_scalar(self, node: Scalar, end: Any, parent_col: int) -> None:
        """Header and content lines of a block scalar; trailing empty lines are left out unless kept (+)."""
        text = self.lines[node.line]
        head = text[node.col:]
        cut = re.search(r"\s#", head)
        node.header = (head[:cut.start()] if cut else head).rstrip()
        self._cover(node.line, node.col, node.col + len(node.header))
        last = end.line if end.column > 0 else end.line - 1
        body = self.lines[node.line + 1:last + 1]
        digits = re.search(r"[|>][+-]?([1-9])", node.header)
        if digits:
            node.body_indent = parent_col + int(digits.group(1))
        else:
            content = [line for line in body if line.strip(" ")]
            node.body_indent = len(content[0]) - len(content[0].lstrip(" ")) if content else 0
        if not node.header.endswith("+"):
            while body and not body[-1].strip(" ") and len(body[-1]) <= node.body_indent:
                body.pop()
        node.body = body
        node.end_line = node.line + len(body)
        self.body_lines.update(range(node.line + 1, node.line + 1 + len(body)))


def _events(text: str) -> list[Any]:
    """Parser events: libyaml's when it reads the text, else ruamel's (which also words the errors)."""
    if has_libyaml():
        import yaml

        try:
            return list(parse_events(text))
        except yaml.YAMLError:
            pass
    return list(YAML(typ="safe", pure=True).parse(text))


def _attach_comments(tree: _Tree) -> list[str]:
    """Give every comment and blank line to a slot; return the comments that come before any slot."""
    slots = tree.slots
    starts = [s.line for s in slots]
    by_line: dict[int, list[Slot]] = {}
    for s in slots:
        by_line.setdefault(s.line, []).append(s)
    ends: dict[int, list[Slot]] = {}
    for s in slots:
        value = s.value
        if not s.in_flow and isinstance(value, Coll | Scalar) and (isinstance(value, Scalar) or value.flow):
            ends.setdefault(value.end_line, []).append(s)
    header: list[str] = []
    blank = False  # a blank line is waiting for the next comment or entry
    for number, text in enumerate(tree.lines):
        if number in tree.body_lines:
            blank = False
            continue
        hash_at = _comment_start(text, tree.covered.get(number, []))
        if hash_at is None and not text.strip():
            blank = True
            continue
        if blank and number in by_line and (hash_at is None or text[:hash_at].strip()):
            by_line[number][0].before.append("")
        if hash_at is None:
            blank = False
            continue
        comment = text[hash_at:].rstrip()
        if text[:hash_at].strip():  # an end-of-line comment
            _add_eol(_eol_target(number, by_line, ends, slots, starts), comment, hash_at)
        else:
            target = _full_line_target(number, hash_at, slots, starts)
            bucket = header if target is None else target
            if blank:
                bucket.append("")
            bucket.append(comment)
        blank = False
    return header


def _add_eol(slot: Slot | None, comment: str, col: int) -> None:
    if slot is None:
        return
    if slot.eol is None:
        slot.eol, slot.eol_col = comment, col
    else:
        slot.after.append(comment)


def _comment_start(text: str, covered: list[tuple[int, int]]) -> int | None:
    """Where a comment starts on a line, outside every scalar, or None."""
    at = text.find("#")
    while at != -1:
        if (at == 0 or text[at - 1] in " \t") and not any(a <= at < b for a, b in covered):
            return at
        at = text.find("#", at + 1)
    return None


def _eol_target(line: int, by_line: dict[int, list[Slot]], ends: dict[int, list[Slot]], slots: list[Slot],
                starts: list[int]) -> Slot | None:
    """The slot an end-of-line comment belongs to: the innermost block entry starting on its line, else the
    block entry whose flow value ends there, else the last entry started by then."""
    here = by_line.get(line, [])
    block = [s for s in here if not s.in_flow]
    if block:
        return block[-1]
    if line in ends:
        return ends[line][-1]
    if here:
        return here[-1]
    index = bisect.bisect_right(starts, line) - 1
    return slots[index] if index >= 0 else None


def _full_line_target(line: int, col: int, slots: list[Slot], starts: list[int]) -> list[str] | None:
    """Where a full-line comment goes: before the next entry, or after an earlier one it is indented under."""
    index = bisect.bisect_right(starts, line)
    following = slots[index] if index < len(slots) else None
    if following is not None and col <= following.col + (2 if following.key is None else 0):
        return following.before  # a list item's comment may stand at its content's column
    candidate = slots[index - 1] if index > 0 else None
    while candidate is not None and (candidate.in_flow or candidate.col > col):
        candidate = candidate.parent
    ancestor = following
    while ancestor is not None and ancestor is not candidate:
        ancestor = ancestor.parent
    if candidate is not None and ancestor is None:
        return candidate.after
    return following.before if following is not None else None


def _end_line(node: Node) -> int:
    return node.end_line


def _mark_commented(node: Any) -> bool:
    """Set Coll.commented bottom-up; True when the node holds a comment anywhere inside."""
    if not isinstance(node, Coll):
        return False
    inside = False
    for slot in node.slots:
        inside = _mark_commented(slot.value) or slot.has_comments or inside
    node.commented = inside
    return inside


# --- scalars ------------------------------------------------------------------------------------------


def _plain_is_str(value: str) -> bool:
    return plain_tag(value) == STR


def _props(node: Scalar) -> str:
    return f"&{node.anchor} " if node.anchor else ""


def _scalar_text(node: Scalar, flow: bool) -> str | None:
    """A scalar on one line in block or flow context, or None when it cannot be (a block scalar...)."""
    if node.style in ("|", ">"):
        return None
    if node.empty:
        return (_props(node) + "null") if flow else (_props(node).rstrip())
    if node.source is not None and (node.style or not flow or not _FLOW_UNSAFE.search(node.value)):
        return node.source
    if node.style == "" and not _plain_is_str(node.value):
        return None if flow else node.source
    if node.style == "" and "\n" not in node.value and not _FLOW_UNSAFE.search(node.value) \
            and not NON_PRINTABLE.search(node.value) and node.value == node.value.strip():
        return _props(node) + node.value
    return _props(node) + double_quoted(node.value)


def _literal_ok(value: str) -> bool:
    """Whether a multi-line string reads back exactly as a literal block (and survives editors)."""
    lines = value.split("\n")
    return ("\n" in value.rstrip("\n") and not NON_PRINTABLE.search(value) and "\r" not in value
            and all(line == line.rstrip(" \t") for line in lines) and value.strip("\n") != "")


def _literal(node: Scalar, indent: int) -> tuple[str, list[str]]:
    """A multi-line string as a literal block: header and lines at `indent`."""
    value = node.value
    if value.endswith("\n\n"):
        chomp, lines = "+", value.split("\n")[:-1]
    elif value.endswith("\n"):
        chomp, lines = "", value[:-1].split("\n")
    else:
        chomp, lines = "-", value.split("\n")
    first = next(line for line in lines if line)
    hint = "2" if first.startswith(" ") else ""
    pad = " " * indent
    return f"{_props(node)}|{hint}{chomp}", [pad + line if line else "" for line in lines]


def _shift_body(node: Scalar, old_parent: int, new_parent: int) -> list[str]:
    """A block scalar's lines moved from under a parent at one column to under one at another (an
    indentation indicator stays right: it counts from the parent)."""
    old = node.body_indent
    new = new_parent + (old - old_parent if re.search(r"[|>][+-]?[1-9]", node.header) else 2)
    pad = " " * new
    return [pad + line[old:] if len(line) > old else "" for line in node.body]


# --- layout -------------------------------------------------------------------------------------------


class _Layout:
    """Writes the tree in the house style."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.out: list[str] = []
        self._one: dict[int, str | None] = {}
        self._height: dict[int, int] = {}

    def fits(self, col: int, text: str, tail: int = 0) -> bool:
        return self.width <= 0 or col + len(text) + tail <= self.width

    def one_line(self, node: Node) -> str | None:
        """The node as a flow one-liner, or None when it cannot be written in flow style."""
        if isinstance(node, Scalar):
            return _scalar_text(node, True)
        if isinstance(node, Alias):
            return f"*{node.anchor}"
        key = id(node)
        if key not in self._one:
            self._one[key] = self._one_coll(node)
        return self._one[key]

    def _one_coll(self, node: Coll) -> str | None:
        if node.commented:
            return None
        parts = []
        for slot in node.slots:
            value = self.one_line(slot.value)
            if value is None:
                return None
            if slot.key is not None:
                key = _scalar_text(slot.key, True)
                if key is None:
                    return None
                value = f"{key}: {value}"
            parts.append(value)
        body = "{" + ", ".join(parts) + "}" if node.is_map else "[" + ", ".join(parts) + "]"
        return (f"&{node.anchor} " if node.anchor else "") + body

    def height(self, node: Node) -> int:
        if not isinstance(node, Coll):
            return 0
        if id(node) not in self._height:
            self._height[id(node)] = 1 + max((self.height(s.value) for s in node.slots), default=0)
        return self._height[id(node)]

    def wrap(self, node: Coll, col: int, tail: int) -> list[str]:
        """A flow collection starting at `col`, wrapped to the width; continuation lines align after its
        bracket. The first line holds no indentation; the others are complete lines."""
        opener, closer = ("{", "}") if node.is_map else ("[", "]")
        lines = [(f"&{node.anchor} " if node.anchor else "") + opener]
        inner = col + len(lines[0])
        for index, slot in enumerate(node.slots):
            trail = 1 + (tail if index == len(node.slots) - 1 else 0)
            head = f"{_scalar_text(slot.key, True)}: " if slot.key is not None else ""
            text = head + (self.one_line(slot.value) or "")
            at = (col if len(lines) == 1 else 0) + len(lines[-1])
            sep = "" if index == 0 else " "
            if slot.break_before and index > 0:
                lines.append(" " * inner)
                at, sep = inner, ""
            if self.fits(at + len(sep), text, trail):
                lines[-1] += sep + text
            else:
                piece = self._piece(slot.value, head, text, at + len(sep), inner, trail,
                                    index == 0 or at == inner)
                if piece[0] is None:  # on a new line
                    lines.append(" " * inner)
                    piece[0] = ""
                    sep = ""
                lines[-1] += sep + piece[1]
                lines.extend(piece[2:])
            if index < len(node.slots) - 1:
                lines[-1] += ","
        lines[-1] += closer
        return lines

    def _piece(self, value: Node, head: str, text: str, at: int, inner: int, trail: int,
               first: bool) -> list[Any]:
        """An item that does not fit where the line stands: [marker, first line, more lines...], the marker
        None when the item starts a new line. A collection continues the current line when that takes
        fewer lines (or when it is the first item anyway)."""
        nested = value if isinstance(value, Coll) and value.slots else None
        here = None
        if nested is not None:
            sub = self.wrap(nested, at + len(head), trail)
            if first or self.fits(at + len(head), sub[0]):
                here = ["", head + sub[0], *sub[1:]]
        if first:
            return here or ["", text]
        if self.fits(inner, text, trail) or nested is None:
            there = [None, text]
        else:
            sub = self.wrap(nested, inner + len(head), trail)
            there = [None, head + sub[0], *sub[1:]]
        return here if here is not None and len(here) < len(there) else there

    def flow_lines(self, node: Coll, col: int, depth: int) -> list[str] | None:
        """The node in flow style at `col` (one line, or wrapped), or None when it goes in block style."""
        one = self.one_line(node)
        if one is None:
            return None
        scalars = not node.is_map and all(not isinstance(s.value, Coll) for s in node.slots)
        if depth <= 1 and node.slots and not scalars:  # a section: block, unless written as a one-liner that fits
            return [one] if depth == 1 and node.flow and self.fits(col, one) else None
        entries = all(isinstance(s.value, Coll) and s.value.slots and (node.is_map or s.value.is_map)
                      for s in node.slots)  # entries that are collections, not rows of a table
        if entries and not node.flow:
            return None  # one entry per line, as written
        if self.fits(col, one) or not node.slots:
            return [one]
        if entries:
            return None
        return self.wrap(node, col, 0)

    # block writing

    def comments(self, lines: list[str], indent: int) -> None:
        pad = " " * indent
        for line in lines:
            if line:
                self.out.append(pad + line)
            elif self.out and self.out[-1] != "":
                self.out.append("")

    def block(self, node: Coll, indent: int, depth: int) -> None:
        for slot in node.slots:
            self.slot(slot, indent, depth + 1)

    def slot(self, slot: Slot, indent: int, depth: int) -> None:
        """One entry at `indent`; its value is at `depth` (1 for a top-level section)."""
        value = slot.value
        if slot.key is None and isinstance(value, Coll) and value.slots and not value.anchor:
            first = value.slots[0]
            if first.before and self.flow_lines(value, indent + 2, depth) is None:
                slot.before += first.before  # comments cannot stand between "- " and the first key
                first.before = []
        self.comments(slot.before, indent)
        head = " " * indent + (f"{_scalar_text(slot.key, False)}:" if slot.key is not None else "-")
        if slot.value_col > len(head) + 1 and not (isinstance(value, Scalar) and value.empty):
            head += " " * (slot.value_col - len(head) - 1)  # "head value" then starts at the old column
        if isinstance(value, Scalar):
            self.scalar(slot, value, head, indent)
        elif isinstance(value, Alias):
            self.out.append(_end(f"{head} *{value.anchor}", slot))
        else:
            self.collection(slot, value, head, indent, depth)
        self.comments(slot.after, indent)

    def scalar(self, slot: Slot, value: Scalar, head: str, indent: int) -> None:
        if value.style in ("|", ">"):
            self.out.append(_end(f"{head} {value.header}", slot))
            self.out.extend(_shift_body(value, slot.col, indent))
            return
        if value.source is None and "\n" in value.value and _literal_ok(value.value):
            header, lines = _literal(value, indent + 2)
            self.out.append(_end(f"{head} {header}", slot))
            self.out.extend(lines)
            return
        text = _scalar_text(value, False) or ""
        self.out.append(_end(f"{head} {text}" if text else head, slot))

    def collection(self, slot: Slot, value: Coll, head: str, indent: int, depth: int) -> None:
        lines = self.flow_lines(value, len(head) + 1, depth)
        if lines is not None:
            self.out.append(f"{head} {lines[0]}")
            self.out.extend(lines[1:])
            self.out[-1] = _end(self.out[-1], slot)
            return
        anchor = f" &{value.anchor}" if value.anchor else ""
        if slot.key is not None or anchor:
            self.out.append(_end(f"{head.rstrip()}{anchor}", slot))
            self.block(value, indent + 2, depth)
            return
        start = len(self.out)
        self.block(value, indent + 2, depth)
        self.out[start] = f"{head} {self.out[start][indent + 2:]}"  # "- " takes the place of the indent
        if slot.eol and value.slots[0].eol is None:
            self.out[start] = _end(self.out[start], slot)
        elif slot.eol:
            self.out.insert(start, " " * indent + slot.eol)


def _end(line: str, slot: Slot) -> str:
    """A line with the slot's end-of-line comment, at its old column when the line leaves room."""
    if not slot.eol:
        return line
    return line + " " * max(2, slot.eol_col - len(line)) + slot.eol


def _plain_data(node: Any) -> Any:
    """Data as comparable tuples: the type of every value is kept (1, 1.0 and True differ)."""
    if isinstance(node, dict):
        return ("map", tuple((str(k), _plain_data(v)) for k, v in node.items()))
    if isinstance(node, list):
        return ("seq", tuple(_plain_data(v) for v in node))
    for kind in (bool, int, float, str):
        if isinstance(node, kind):
            return (kind.__name__, repr(float(node)) if kind is float else str(node) if kind is str else node)
    return (type(node).__name__, node)


def _data(text: str, path: str) -> Any:
    """What a YAML text means, read as the spec loader reads it (syntax errors located)."""
    return read_yaml(text, path)[0]


def format_text(text: str, path: str = "<spec>", width: int = DEFAULT_WIDTH) -> str:
    """The spec text in the house style. Raises InputError (located) on a YAML error, on constructs fmt
    does not handle (tags, complex keys, several documents), or when the result would not read back the
    same."""
    text = text.removeprefix("\ufeff")  # a byte-order mark is not content: dropped
    before = _data(text, path)
    tree = _Tree(text, path)
    if not isinstance(tree.root, Coll):
        return text
    header = _attach_comments(tree)
    _mark_commented(tree.root)
    layout = _Layout(width)
    if tree.explicit_start:
        layout.out.append("---")
    layout.comments(header, 0)
    if not tree.root.slots:
        return text
    layout.block(tree.root, 0, 0)
    result = "\n".join(layout.out) + "\n"
    after = _data(result, path)
    if _plain_data(after) != _plain_data(before):
        raise InputError("fmt would change what this spec means (a bug in fmt); the file is left as it is",
                         Location(path, 1, 1), "fmt-unsafe")
    return result


def _block_everything(node: object) -> None:
    if isinstance(node, CommentedMap | CommentedSeq):
        node.fa.set_block_style()
        for value in node.values() if isinstance(node, CommentedMap) else node:
            _block_everything(value)


def block_text(text: str) -> str:
    """The spec a line per key (ruamel's block dump, comments kept): the opposite of the house style,
    what a plain YAML dumper writes and what `fmt` compacts."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    data = yaml.load(text)
    _block_everything(data)
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()
