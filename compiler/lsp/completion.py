"""Completion: element and attribute names (the DTD), option names of the enclosing attachment's class, values
in the option's format (names of the game, true/false, an enum's words), game property names, names in map files,
spec keys (the spec JSON schema)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp

from compiler.checks.dtd import ATTACH_TYPES, BOOL, DTD
from compiler.lsp import xmlnames
from compiler.lsp.analysis import Analysis
from compiler.lsp.diagnostics import engine_for
from compiler.lsp.documents import Documents, Kind, kind_of
from compiler.lsp.hover import catalog
from compiler.lsp.occurrences import ATTACHMENT, PLAYER, RESOURCE, TERRITORY, UNIT
from compiler.lsp.textpos import offset_of, position
from compiler.lsp.xmlcontext import Cursor, cursor_of
from compiler.mapfolder.texts import POINT_FILES

_ITEM = lsp.CompletionItemKind
_TOKEN = re.compile(r"[A-Za-z][\w.-]*")
# option value kinds (compiler/catalog) -> the kinds of names their parts are
_VALUE_NAMES = {
    "unit": (UNIT,), "units": (UNIT,), "count:unit": (UNIT,), "count:units": (UNIT,), "count:string:units": (UNIT,),
    "territory": (TERRITORY,), "territories": (TERRITORY,), "count:territories": (TERRITORY,),
    "territories_or_all_none": (TERRITORY,), "count:territory:units": (TERRITORY, UNIT),
    "player": (PLAYER,), "players": (PLAYER,), "count:players": (PLAYER,), "captured_by": (PLAYER,),
    "resource": (RESOURCE,), "count:resource": (RESOURCE,),
    "conditions": (ATTACHMENT,), "count:attachment_name": (ATTACHMENT,),
}


def _items(words: object, kind: lsp.CompletionItemKind, detail: str = "") -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(label=w, kind=kind, detail=detail or None) for w in sorted(set(words))]  # type: ignore[call-overload]


def _names(analysis: Analysis | None, kind: str) -> set[str]:
    return set(analysis.index.names[kind]) if analysis is not None else set()


def element_names(parent: str | None) -> list[str]:
    """The elements the DTD allows inside `parent` (every element when it is unknown)."""
    rules = DTD["2.x"]
    if parent in rules:
        allowed = [t for t in _TOKEN.findall(rules[parent].content) if t in rules]
        if allowed:
            return allowed
    return list(rules)


def option_values(java_class: str, option: str, analysis: Analysis | None,
                  engine: str = "2.x") -> tuple[list[str], str]:
    """The words an option's value may be made of, and the value kind."""
    info = catalog(engine).option(java_class, option)
    if info is None:
        return [], ""
    if info.kind in ("bool", "bool_or_default", "int_or_bool"):
        return list(BOOL), info.kind
    if info.kind.startswith("enum:"):
        return info.kind[5:].split("|"), info.kind
    words: set[str] = set()
    for kind in _VALUE_NAMES.get(info.kind, ()):
        names = _names(analysis, kind)
        if kind == ATTACHMENT:  # conditions name condition/rules/trigger attachments
            names = {n for n in names if not n.startswith(("unitAttachment", "territoryAttachment"))}
        words |= names
    return sorted(words), info.kind


def xml_items(cur: Cursor, analysis: Analysis | None, engine: str = "2.x") -> list[lsp.CompletionItem]:
    rules = DTD["2.x"]
    if cur.typing_tag is not None:
        return _items(element_names(cur.parent), _ITEM.Class, "element")
    if cur.tag is None:
        return []
    if cur.in_attr_names:
        rule = rules.get(cur.tag)
        return _items([a for a in (rule.attrs if rule else ()) if a not in cur.attrs], _ITEM.Property, "attribute")
    attr = cur.attr or ""
    java_class = cur.attachment.get("javaClass", "")
    if cur.tag == "option" and attr == "name":
        cls = catalog(engine).attachment_class(java_class)
        if cls is None:
            return []
        return [lsp.CompletionItem(label=name, kind=_ITEM.Field, detail=f"{info.kind} ({cls.simple_name})")
                for name, info in sorted(cls.options.items())]
    if cur.tag == "option" and attr == "value":
        words, kind = option_values(java_class, cur.attrs.get("name", ""), analysis, engine)
        return _items(words, _ITEM.Value, kind)
    if cur.tag == "attachment" and attr == "javaClass":
        cat = catalog(engine)
        names = [c.java_class if cat.engine == "1.9" else c.simple_name for c in cat.attachment_classes()]
        return _items(names, _ITEM.Class, "attachment class")
    if cur.tag == "attachment" and attr == "type":
        return _items(ATTACH_TYPES, _ITEM.EnumMember)
    if cur.tag == "attachment" and attr == "attachTo":
        kind = xmlnames.ATTACH_TYPES.get(cur.attrs.get("type", "unitType"), "")
        return _items(_names(analysis, kind), _ITEM.Reference, kind) if kind else []
    if cur.tag == "property" and attr == "name":
        return _items(catalog(engine).property_names(), _ITEM.Property, "game property")
    refers = xmlnames.REFERS.get((cur.tag, attr))
    if refers is not None:
        kinds = (refers,) if refers else (UNIT, RESOURCE)
        return _items(set().union(*(_names(analysis, k) for k in kinds)), _ITEM.Reference, "/".join(kinds))
    rule = rules.get(cur.tag)
    allowed = rule.attrs.get(attr) if rule else None
    return _items(allowed, _ITEM.EnumMember) if allowed else []


@cache
def spec_schema() -> dict[str, Any]:
    path = Path(__file__).resolve().parents[1] / "schemas" / "spec.schema.json"
    if not path.is_file():
        path = Path(__file__).resolve().parents[2] / "schemas" / "spec.schema.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    for _ in range(10):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            node = schema["$defs"].get(ref.split("/")[-1], {})
            continue
        for combo in ("anyOf", "oneOf", "allOf"):
            options = [o for o in node.get(combo, ()) if isinstance(o, dict) and (o.get("properties") or "$ref" in o
                                                                                    or "additionalProperties" in o)]
            if options and "properties" not in node:
                node = options[0]
                break
        else:
            return node
    return node


def spec_keys(lines: list[str], line: int) -> list[tuple[str, str]]:
    """The keys the spec schema allows at the indentation of `line` (with their descriptions)."""
    schema = spec_schema()
    indent = len(lines[line]) - len(lines[line].lstrip(" "))
    parents: list[str] = []
    for row in range(line - 1, -1, -1):
        text = lines[row]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        here = len(text) - len(text.lstrip(" "))
        if here < indent:
            key = text.strip().lstrip("- ").split(":", 1)[0].strip()
            parents.append(key)
            indent = here
            if here == 0:
                break
    node = _resolve(schema, schema)
    for key in reversed(parents):
        props = node.get("properties") or {}
        if key in props:
            node = _resolve(schema, props[key])
        elif isinstance(node.get("additionalProperties"), dict):
            node = _resolve(schema, node["additionalProperties"])
        elif isinstance(node.get("items"), dict):
            node = _resolve(schema, node["items"])
            props = node.get("properties") or {}
            node = _resolve(schema, props[key]) if key in props else node
        else:
            return []
    return [(k, str(v.get("description", ""))) for k, v in (node.get("properties") or {}).items()]


def complete(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None,
             edit_range_default: bool = False) -> lsp.CompletionList | None:
    """The completion at `pos`; `edit_range_default`: the client reads a list's default edit range (LSP 3.17
    itemDefaults), which then says once what every item of a value replaces (thousands of names: half the
    answer's size and time)."""
    text = docs.text(path) or ""
    lines, starts = docs.lines(path)
    kind = kind_of(path)
    items: list[lsp.CompletionItem] = []
    if kind is Kind.GAME:
        cur = cursor_of(text, lines, starts, pos)
        items = xml_items(cur, analysis, engine_for(path))
        if cur.attr is not None and items:  # a value: an item replaces what is typed of it (of its part, in a list)
            typed = cur.typed.rsplit(":", 1)[-1] if cur.tag == "option" else cur.typed
            line, index = offset_of(lines, pos)
            replaced = lsp.Range(start=position(lines, line, index - len(typed)), end=pos)
            if edit_range_default:
                return lsp.CompletionList(is_incomplete=False, items=items,
                                          item_defaults=lsp.CompletionItemDefaults(edit_range=replaced))
            for item in items:
                item.text_edit = lsp.TextEdit(range=replaced, new_text=item.label)
    elif kind is Kind.MAP_FILE:
        line, index = offset_of(lines, pos)
        point = POINT_FILES.get(Path(path).name)
        if point is not None and point.keyed_by_territory and "(" not in lines[line][:index] \
                and "<" not in lines[line][:index]:
            items = _items(_names(analysis, TERRITORY), _ITEM.Reference, TERRITORY)
    elif kind is Kind.SPEC:
        line, _ = offset_of(lines, pos)
        if ":" not in lines[line][:pos.character]:
            items = [lsp.CompletionItem(label=k, kind=_ITEM.Property, documentation=d or None)
                     for k, d in spec_keys(lines, line)]
        elif analysis is not None:
            items = _items(set().union(*(analysis.index.names[k] for k in (TERRITORY, UNIT, PLAYER, RESOURCE))),
                           _ITEM.Reference)
    return lsp.CompletionList(is_incomplete=False, items=items) if items else None
