"""Write the lifted spec as YAML text, fast and stable.

Strings are written plain only when every YAML reader takes them back as the same string (not a
number, boolean, null, date...); otherwise they are double-quoted with escapes. Flow collections
stay on one line; nothing is folded, so a value never changes on its way through YAML.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from compiler.lift.nodes import Literal, Map, Seq
from compiler.yamltext import double_quoted

_PLAIN = re.compile(r"[A-Za-z_\u00a0-\ud7ff\ue000-\ufffd][^\x00-\x1f\x7f-\x9f,\[\]{}#\"'`|>&*!%@\u2028\u2029\ufeff]*")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}


def _plain_ok(s: str) -> bool:
    """Whether `s` can be written unquoted and read back as the same string by YAML 1.1 and 1.2."""
    return (bool(_PLAIN.fullmatch(s)) and s == s.strip() and ": " not in s and not s.endswith(":")
            and s.lower() not in _RESERVED and "\t" not in s and not s.startswith("<<") and "=" != s)


def scalar(value: Any) -> str:
    """One scalar as YAML text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _string(str(value))


@lru_cache(maxsize=1 << 16)
def _string(text: str) -> str:
    """A string as YAML text (names repeat across a spec: each is judged once)."""
    if _plain_ok(text):
        return text
    return double_quoted(text)


def _flow(node: Any) -> str:
    if isinstance(node, dict):
        return "{" + ", ".join(f"{scalar(k)}: {_flow(v)}" for k, v in node.items()) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(_flow(v) for v in node) + "]"
    return scalar(node)


def _inline(node: Any) -> bool:
    """Whether a value goes on its key's line (scalars and flow collections, empty ones included)."""
    if isinstance(node, Literal):
        return False
    if isinstance(node, Map | Seq):
        return node.flow or not node
    return not isinstance(node, dict | list) or not node


def _literal(text: Literal, indent: int) -> list[str]:
    chomp = "-" if not text.endswith("\n") else ("+" if text.endswith("\n\n") else "")
    pad = " " * indent
    lines = text[:-1].split("\n") if text.endswith("\n") else text.split("\n")
    if chomp == "+":
        lines = text.split("\n")[:-1]
    return [f"|2{chomp}"] + [pad + line if line else "" for line in lines]


def _block(node: Any, indent: int, out: list[str]) -> None:
    pad = " " * indent
    if isinstance(node, dict):
        before = node.before if isinstance(node, Map) else {}
        eol = node.eol if isinstance(node, Map) else {}
        for key, value in node.items():
            if key in before:
                out.extend(f"{pad}# {line}".rstrip() for line in before[key].splitlines())
            head = f"{pad}{scalar(key)}:"
            comment = f"  # {eol[key]}" if key in eol else ""
            if isinstance(value, Literal):
                first, *rest = _literal(value, indent + 2)
                out.append(f"{head} {first}{comment}")
                out.extend(rest)
            elif value is None:
                out.append(head + comment)
            elif _inline(value):
                out.append(f"{head} {_flow(value)}{comment}")
            else:
                out.append(head + comment)
                _block(value, indent + 2, out)
    else:
        for item in node:
            if _inline(item):
                out.append(f"{pad}- {_flow(item)}")
            else:
                start = len(out)
                _block(item, indent + 2, out)
                out[start] = f"{pad}- {out[start][indent + 2:]}"


def dump_spec(spec: Map, header: str | None = None) -> str:
    """YAML text of a lifted spec, under an optional comment header."""
    out: list[str] = [f"# {line}".rstrip() for line in (header or "").splitlines()]
    _block(spec, 0, out)
    return "\n".join(out) + "\n"
