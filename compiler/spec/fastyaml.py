"""A fast path for reading specs: libyaml (through PyYAML's C parser) builds the node tree, and every
plain scalar is given the YAML 1.2 meaning ruamel gives it, so the result is the same as ruamel's.

Anything this path does not take on (no libyaml, explicit tags, merge keys, duplicate keys, a syntax
error) returns None and the caller reads the text with ruamel, which also words the errors.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.nodes import ScalarNode as RuamelScalar

try:
    import yaml as pyyaml
    from yaml import CSafeLoader as _CLoader
except ImportError:  # pragma: no cover - PyYAML with libyaml is optional
    pyyaml = None

Path_ = tuple[str | int, ...]
_TAGS_OR_MERGES = re.compile(r"(^|[\s\[{,:-])!|<<")
_ruamel = YAML(typ="safe", pure=True)  # its resolver and constructor give plain scalars their 1.2 meaning
_resolver = _ruamel.resolver
_constructor = _ruamel.constructor
_STR = "tag:yaml.org,2002:str"


class _Unsupported(Exception):
    """The text uses something only ruamel reads here."""


_plain_cache: dict[str, Any] = {}


def _scalar(node: Any) -> Any:
    if node.style:  # quoted or block scalars are strings (plain style is None or "")
        return node.value
    value = node.value
    if value not in _plain_cache:
        if len(_plain_cache) > 100_000:
            _plain_cache.clear()
        tag = _resolver.resolve(RuamelScalar, value, (True, False))
        node_ = RuamelScalar(tag, value)
        _plain_cache[value] = value if tag == _STR else _constructor.construct_object(node_, deep=True)
    return _plain_cache[value]


def _walk(node: Any, path: Path_, at: dict[Path_, tuple[int, int]], depth: int = 0) -> Any:
    if depth > 200:
        raise _Unsupported
    if isinstance(node, pyyaml.ScalarNode):
        return _scalar(node)
    if isinstance(node, pyyaml.SequenceNode):
        items = []
        for index, item in enumerate(node.value):
            at[(*path, index)] = (item.start_mark.line + 1, item.start_mark.column + 1)
            items.append(_walk(item, (*path, index), at, depth + 1))
        return items
    result: dict[str, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, pyyaml.ScalarNode):
            raise _Unsupported
        key = str(_scalar(key_node))
        if key in result:
            raise _Unsupported
        at[(*path, key)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        result[key] = _walk(value_node, (*path, key), at, depth + 1)
    return result


def fast_parse(text: str) -> tuple[Any, dict[Path_, tuple[int, int]]] | None:
    """Plain data and (line, column) of each key or item, or None to leave the text to ruamel."""
    if pyyaml is None or not getattr(pyyaml, "__with_libyaml__", False) or _TAGS_OR_MERGES.search(text):
        return None
    try:
        root = pyyaml.compose(text, Loader=_CLoader)
        at: dict[Path_, tuple[int, int]] = {}
        data = None if root is None else _walk(root, (), at)
    except (pyyaml.YAMLError, _Unsupported, RecursionError, ValueError):
        return None
    return data, at
