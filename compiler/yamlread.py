"""The one YAML reader: text -> plain data and the line:column of every key and item, as YAML 1.2 reads it.

    data, positions = read_yaml(text, "spec.yaml")        # the core schema
    positions.nearest(("units", "infantry", "cost"))      # Location("spec.yaml", 12, 5)

Plain scalars have their YAML 1.2 meaning, the same for specs, game logs, the configuration and the board
game. Two schemas (YAML 1.2, chapter 10):

- ``core`` (the default): null is ``null``/``Null``/``NULL``/``~``/nothing; booleans are ``true``/``True``/
  ``TRUE`` and the ``false`` forms; integers are decimal, ``0o`` octal or ``0x`` hexadecimal; floats
  include ``.inf`` and ``.nan``. Everything else is text: ``yes``, ``on``, ``1_000``, ``0b101`` and
  ``2001-12-14`` are strings (YAML 1.1 read them otherwise).
- ``json``: only ``null``, ``true``, ``false`` and JSON's numbers (plus ``.inf``/``.nan``) are not text.
  TripleA reads map.yml with snakeyaml-engine's defaults, which is this schema, so ``map_name: True`` is
  the text "True" there.

Mapping keys are strings (``1: x`` has the key "1"); a key written twice is an error. Anything that
cannot be read is an InputError located at line:column (code ``yaml-syntax``), never a traceback. The
input limits (compiler/limits.py) hold (else code ``unreadable``): at most 200 levels of nesting, aliases
adding at most 100,000 values (an alias bomb is refused, not expanded), whole numbers TripleA can hold.

libyaml (PyYAML's C parser) composes the text when it is installed and the text has no tags, merge keys
(``<<``) or duplicate keys; otherwise ruamel.yaml reads it, with the same schema, and words the errors.
Both give the same data and positions. PyYAML and ruamel are imported on first use, so importing this
module is cheap.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any, Literal

from compiler.limits import CODE as LIMIT_CODE
from compiler.limits import MAX_ALIAS_VALUES, MAX_DEPTH, first_location, java_int, nesting_bound, out_of_range
from compiler.problems import InputError, Location

Schema = Literal["core", "json"]
KeyPath = tuple[str | int, ...]
CODE = "yaml-syntax"
COLLECTION_KEY = "a mapping key must be a scalar (text, a number...), not a collection"
SAFE_COMPOSE_DEPTH = 10_000
"""libyaml composes nodes recursively in C: a text that may nest deeper is measured first (from about
20,000 levels on, the C stack overflows)"""

STR = "tag:yaml.org,2002:str"
NULL = "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
MERGE = "tag:yaml.org,2002:merge"

# YAML 1.2 core schema (10.3.2) and JSON schema (10.2.1; as snakeyaml-engine reads it, other plain text is str),
# in the order the tags are tried. Compiled on first use (importing this module stays cheap).
_SCHEMAS: dict[str, tuple[tuple[str, str], ...]] = {
    "core": (
        (NULL, r"null|Null|NULL|~|"),
        (BOOL, r"true|True|TRUE|false|False|FALSE"),
        (INT, r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"),
        (FLOAT, r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"),
        (MERGE, r"<<"),
    ),
    "json": (
        (NULL, r"null|"),
        (BOOL, r"true|false"),
        (INT, r"-?(?:0|[1-9][0-9]*)"),
        (FLOAT, r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|-?\.inf|\.nan"),
    ),
}
# Text that may hold a tag (`!x`, `!!str`) or a merge key (`<<`): its events say whether it does.
_TAGS_OR_MERGES = r"(^|[\s\[{,:-])!|<<"


@cache
def _matcher(schema: Schema) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for a schema's plain scalars (a named group per tag) and group name -> tag."""
    names = {f"t{i}": tag for i, (tag, _) in enumerate(_SCHEMAS[schema])}
    pattern = "|".join(f"(?P<t{i}>{regex})" for i, (_, regex) in enumerate(_SCHEMAS[schema]))
    return re.compile(pattern), names


def plain_tag(value: str, schema: Schema = "core") -> str:
    """The tag YAML 1.2 gives a plain (unquoted) scalar: str, null, bool, int, float (or merge for `<<`)."""
    pattern, names = _matcher(schema)
    match = pattern.fullmatch(value)
    return STR if match is None or match.lastgroup is None else names[match.lastgroup]


def plain_is_str(value: str, schema: Schema = "core") -> bool:
    """Whether a plain scalar reads as text (so it needs no quotes to stay a string)."""
    return plain_tag(value, schema) in (STR, MERGE)


class _OutOfRange(ValueError):
    """A whole number TripleA cannot hold (compiler/limits.py)."""

    def __init__(self, text: str) -> None:
        super().__init__(out_of_range(text))
        self.text = text


def _int(value: str) -> int:
    sign, digits = (-1, value[1:]) if value[:1] == "-" else (1, value.lstrip("+"))
    if digits[:2] in ("0o", "0x"):
        number = sign * int(digits[2:], 8 if digits[1] == "o" else 16) if len(digits) < 16 else None
        if number is None or java_int(str(number)) is None:
            raise _OutOfRange(value)
        return number
    number = java_int(value)
    if number is None:
        raise _OutOfRange(value)
    return number


def _float(value: str) -> float:
    lowered = value.lower()
    if lowered.endswith(".inf"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    return float(value)


_CONSTRUCT: dict[str, Callable[[str], Any]] = {
    NULL: lambda v: None,
    BOOL: lambda v: v[0] in "tT",
    INT: _int,
    FLOAT: _float,
}


def plain_value(value: str, schema: Schema = "core") -> Any:
    """What a plain scalar means in `schema` (`"0o17"` -> 15, `"yes"` -> "yes", `"~"` -> None)."""
    tag = plain_tag(value, schema)
    return _CONSTRUCT[tag](value) if tag in _CONSTRUCT else value


class Positions:
    """Where each key or item of a YAML document stands: key path -> 1-based (line, column) in `at`;
    where the value of each mapping key begins in `values`.

    The document itself is at 1:1; `start` is where its top node begins."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.at: dict[KeyPath, tuple[int, int]] = {(): (1, 1)}
        self.values: dict[KeyPath, tuple[int, int]] = {}
        self.start: tuple[int, int] = (1, 1)

    def __contains__(self, key: KeyPath) -> bool:
        return key in self.at

    def get(self, key: KeyPath) -> Location | None:
        """The location of exactly `key`, or None."""
        spot = self.at.get(key)
        return None if spot is None else Location(self.path, *spot)

    def value(self, key: KeyPath) -> Location:
        """Where the value of `key` begins (an item is its own value); else as `nearest`."""
        spot = self.values.get(key)
        return Location(self.path, *spot) if spot is not None else self.nearest(key)

    def nearest(self, key: KeyPath) -> Location:
        """The location of `key`, or of its closest ancestor that has one."""
        for cut in range(len(key), -1, -1):
            spot = self.at.get(key[:cut])
            if spot is not None:
                return Location(self.path, *spot)
        return Location(self.path, 1, 1)


class YamlError(InputError):
    """Text that is not YAML the reader takes; `problem` is the bare reason (without "YAML syntax error"),
    `duplicate` the key written twice when that is the reason. Beyond an input limit, the code is
    `unreadable` (and the message says "refused", not "syntax error")."""

    def __init__(self, problem: str, location: Location, duplicate: str | None = None, code: str = CODE) -> None:
        super().__init__(f"YAML syntax error: {problem}" if code == CODE else f"YAML refused: {problem}",
                         location, code)
        self.problem = problem
        self.duplicate = duplicate

    @classmethod
    def limit(cls, problem: str, location: Location) -> YamlError:
        """Beyond an input limit (nesting, aliases, a number)."""
        return cls(problem, location, code=LIMIT_CODE)

    @classmethod
    def too_deep(cls, location: Location) -> YamlError:
        return cls.limit(f"nested more than {MAX_DEPTH} levels deep", location)

    @classmethod
    def bomb(cls, location: Location) -> YamlError:
        return cls.limit(f"its aliases expand to more than {MAX_ALIAS_VALUES:,} values (an alias bomb?)", location)

    @classmethod
    def twice(cls, key: str, location: Location) -> YamlError:
        return cls(f"key '{key}' appears twice (keys must be unique)", location, key)


# --- libyaml ------------------------------------------------------------------------------------------


class _Unsupported(Exception):
    """The text uses something only ruamel reads here."""


class _Refused(Exception):
    """Beyond an input limit at a 1-based line and column: `make` builds the YamlError."""

    def __init__(self, make: Callable[[Location], YamlError], line: int, column: int) -> None:
        super().__init__()
        self.make, self.line, self.column = make, line, column

    def error(self, path: str) -> YamlError:
        return self.make(Location(path, self.line, self.column))


def _collection_key(location: Location) -> YamlError:
    return YamlError(COLLECTION_KEY, location)


def _number_refused(text: str) -> Callable[[Location], YamlError]:
    return lambda location: YamlError.limit(out_of_range(text), location)


class _Duplicate(Exception):
    """A key written twice (at a 1-based line and column)."""

    def __init__(self, key: str, line: int, column: int) -> None:
        super().__init__(key)
        self.key, self.line, self.column = key, line, column


@cache
def _pyyaml() -> Any:
    """PyYAML, or None when it is missing."""
    try:
        import yaml
    except ImportError:  # pragma: no cover - PyYAML is a dependency
        return None
    return yaml


def has_libyaml() -> bool:
    """Whether PyYAML's libyaml parser is installed (the fast path)."""
    yaml = _pyyaml()
    return yaml is not None and bool(getattr(yaml, "__with_libyaml__", False))


def event_loader() -> Any:
    """The PyYAML loader class that tokenises YAML here: libyaml's when installed, else the pure one."""
    yaml = _pyyaml()
    return yaml.CSafeLoader if has_libyaml() else yaml.SafeLoader


def parse_events(text: str) -> Iterator[Any]:
    """PyYAML's parser events of `text` (raises yaml.YAMLError on bad YAML), with the reader's loader."""
    yaml = _pyyaml()
    return iter(yaml.parse(text, Loader=event_loader()))


@cache
def _loader(schema: Schema) -> Any:
    """A libyaml loader class whose resolver gives plain scalars their YAML 1.2 tag in `schema`."""
    yaml = _pyyaml()
    tags: dict[str, str] = {}

    def resolve(self: Any, kind: Any, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is yaml.ScalarNode:
            if not implicit[0]:
                return STR
            tag = tags.get(value)
            if tag is None:
                if len(tags) > 100_000:
                    tags.clear()
                tag = tags[value] = plain_tag(value, schema)
            return tag
        return "tag:yaml.org,2002:seq" if kind is yaml.SequenceNode else "tag:yaml.org,2002:map"

    return type(f"_{schema.title()}Loader", (yaml.CSafeLoader,), {"resolve": resolve})


def _walk(node: Any, path: KeyPath, positions: Positions, nodes: Any, depth: int) -> Any:
    """Plain data of a composed node; `nodes` is (ScalarNode, SequenceNode, [values left]): the values
    left shrink with every value made, so an alias bomb stops at once."""
    scalar, sequence, left = nodes
    left[0] -= 1
    if depth > MAX_DEPTH or left[0] < 0:
        mark = node.start_mark
        raise _Refused(YamlError.too_deep if depth > MAX_DEPTH else YamlError.bomb, mark.line + 1, mark.column + 1)
    at = positions.at
    kind = type(node)
    if kind is scalar:
        tag = node.tag
        if tag == STR:
            return node.value
        try:
            return _CONSTRUCT[tag](node.value)
        except _OutOfRange as bad:
            raise _Refused(_number_refused(bad.text), node.start_mark.line + 1, node.start_mark.column + 1) from None
    if kind is sequence:
        items = []
        for index, item in enumerate(node.value):
            key = (*path, index)
            mark = item.start_mark
            at[key] = (mark.line + 1, mark.column + 1)
            items.append(_walk(item, key, positions, nodes, depth + 1))
        return items
    result: dict[str, Any] = {}
    for key_node, value_node in node.value:
        mark = key_node.start_mark
        if type(key_node) is not scalar:
            raise _Refused(_collection_key, mark.line + 1, mark.column + 1)
        tag = key_node.tag
        try:
            name = str(key_node.value if tag == STR else _CONSTRUCT[tag](key_node.value))
        except _OutOfRange as bad:
            raise _Refused(_number_refused(bad.text), mark.line + 1, mark.column + 1) from None
        if name in result:
            raise _Duplicate(name, mark.line + 1, mark.column + 1)
        key = (*path, name)
        at[key] = (mark.line + 1, mark.column + 1)
        if value_node.value != "" or value_node.tag != NULL:  # nothing written: the key stands for it
            mark = value_node.start_mark
            positions.values[key] = (mark.line + 1, mark.column + 1)
        result[name] = _walk(value_node, key, positions, nodes, depth + 1)
    return result


def _measure_depth(text: str, path: str) -> None:
    """YamlError (unreadable) when the text may nest deeper than the composers can go (its nesting_bound)
    and does nest more than MAX_DEPTH levels, found from the parser's events (the parser keeps its own
    stack; only the composers recurse). A syntax error is left to the readers, which stop at it before
    nesting deeper."""
    if nesting_bound(text) <= SAFE_COMPOSE_DEPTH:
        return
    yaml = _pyyaml()
    # libyaml (0.2.6 in PyYAML 6.0.4) refuses flow nesting past 1,000 levels while scanning ahead, before the first
    # event: then the pure-Python parser, which scans as it goes, finds where MAX_DEPTH is passed
    for loader in (event_loader(), yaml.SafeLoader):
        try:
            _refuse_deep(iter(yaml.parse(text, Loader=loader)), path)
            return
        except yaml.YAMLError as error:
            if "maximum nesting depth" not in str(error):
                return


def _refuse_deep(events: Iterator[Any], path: str) -> None:
    """YamlError (unreadable) at the first collection nested more than MAX_DEPTH levels deep among `events`."""
    yaml = _pyyaml()
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    depth = 0
    for event in events:
        kind = type(event)
        if kind in starts:
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise YamlError.too_deep(Location(path, mark.line + 1, mark.column + 1))
        elif kind in ends:
            depth -= 1


def _budget(text: str) -> int:
    """How many values a text may make: one per character at most without aliases (every value is
    written somewhere), and MAX_ALIAS_VALUES more from aliases."""
    return len(text) + 1 + MAX_ALIAS_VALUES


def _tags_or_merges(text: str) -> bool:
    """Whether the text has a tag or a plain `<<` (which the fast path leaves to ruamel): a quick look at the
    characters, then, only when they may (a `!` or `<<` inside a quoted string does not), libyaml's events.
    True also for a text libyaml cannot parse: ruamel then reports where."""
    if not re.search(_TAGS_OR_MERGES, text):
        return False
    yaml = _pyyaml()
    try:
        for event in yaml.parse(text, Loader=event_loader()):
            if getattr(event, "tag", None) is not None:
                return True
            if isinstance(event, yaml.ScalarEvent) and event.implicit[0] and event.value == "<<":
                return True
    except yaml.YAMLError:
        return True
    return False


def _fast(text: str, path: str, schema: Schema) -> tuple[Any, Positions] | None:
    """libyaml's reading, or None to leave the text to ruamel."""
    if not has_libyaml() or _tags_or_merges(text):
        return None
    yaml = _pyyaml()
    loader = _loader(schema)(text)
    positions = Positions(path)
    try:
        root = loader.get_single_node()
        if root is None:
            return None, positions
        positions.start = (root.start_mark.line + 1, root.start_mark.column + 1)
        data = _walk(root, (), positions, (yaml.ScalarNode, yaml.SequenceNode, [_budget(text)]), 0)
    except (yaml.YAMLError, _Unsupported, RecursionError, ValueError, KeyError):
        return None
    except _Duplicate as twice:
        raise YamlError.twice(twice.key, Location(path, twice.line, twice.column)) from None
    except _Refused as refused:
        raise refused.error(path) from None
    finally:
        loader.dispose()
    return data, positions


# --- ruamel -------------------------------------------------------------------------------------------


@cache
def _ruamel_resolver(schema: Schema) -> Any:
    """ruamel's resolver with plain scalars typed by `schema` instead of its own (wider) 1.2 rules."""
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver
    from ruamel.yaml.tag import Tag

    def resolve(self: Any, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is ScalarNode and implicit[0]:
            tag = plain_tag(value, schema)
            if tag == INT:
                _int(value)  # _OutOfRange before ruamel converts thousands of digits
            return Tag(suffix=tag)
        return VersionedResolver.resolve(self, kind, value, implicit)

    return type(f"_{schema.title()}Resolver", (VersionedResolver,), {"resolve": resolve})


class _BadTag(Exception):
    """A scalar with a tag the reader does not take (a local `!x` tag, `!!binary`...)."""


_NULL_TOKEN = re.compile(r"(null|Null|NULL|~)(?![^\s,\]}])")


_STANDARD_COLLECTIONS = (None, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
_PYTHON_TAG = "tag:yaml.org,2002:python/"


def _python_refused(tag: str) -> Callable[[Location], YamlError]:
    shown = "!!" + tag.removeprefix("tag:yaml.org,2002:")
    return lambda location: YamlError.limit(f"{shown[:80]}: Python object tags are refused (nothing is executed)",
                                            location)

_YAML11_TYPES = {"CommentedOrderedMap": "!!omap", "CommentedSet": "!!set", "bytes": "!!binary", "date": "!!timestamp",
                 "datetime": "!!timestamp", "TimeStamp": "!!timestamp"}


def _plain(node: Any, prefix: KeyPath, positions: Positions, here: tuple[int, int], lines: list[str],
           depth: int, left: list[int]) -> Any:
    """ruamel's round-trip data as plain dicts, lists, str, int, float, bool and None (keys as strings),
    recording where each key and item stands (`here`: where `node` does). `left`: the values the text
    may still make (aliases are expanded here, so an alias bomb stops at once)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
    from ruamel.yaml.scalarbool import ScalarBoolean

    left[0] -= 1
    if depth > MAX_DEPTH or left[0] < 0:
        raise _Refused(YamlError.too_deep if depth > MAX_DEPTH else YamlError.bomb, *here)
    at = positions.at
    kind = type(node)
    tag = getattr(getattr(node, "tag", None), "value", None)
    if isinstance(tag, str) and tag.startswith(_PYTHON_TAG):
        raise _Refused(_python_refused(tag), *here)
    if kind in (CommentedMap, CommentedSeq) and tag not in _STANDARD_COLLECTIONS:
        raise _BadTag(f"the tag {tag} is not taken here (only YAML 1.2's standard types)", *here)
    if kind is CommentedMap:
        result = {}
        for key in node:
            try:
                line, col = node.lc.key(key)
                value_line, value_col = node.lc.value(key)
            except KeyError:  # a key merged in from an anchor (<<: *base) stands where the merge is
                line, col = value_line, value_col = node.lc.line, node.lc.col
            if isinstance(key, tuple | list | Mapping):  # ruamel's CommentedKeySeq is a tuple
                raise _BadTag(COLLECTION_KEY, line + 1, col + 1)
            name = str(_plain(key, prefix, Positions(positions.path), (line + 1, col + 1), lines, depth + 1, left))
            path = (*prefix, name)
            if path in at:  # two keys that differ only in type (1 and "1") are one key here
                raise _Duplicate(name, line + 1, col + 1)
            at[path] = (line + 1, col + 1)
            value = node[key]
            if value is not None or _NULL_TOKEN.match(lines[value_line] if value_line < len(lines) else "", value_col):
                positions.values[path] = (value_line + 1, value_col + 1)
            result[name] = _plain(value, path, positions, at[path], lines, depth + 1, left)
        return result
    if kind is CommentedSeq:
        items = []
        for index, item in enumerate(node):
            spot = node.lc.item(index)
            line, col = spot if spot is not None else (here[0] - 1, here[1] - 1)
            at[(*prefix, index)] = (line + 1, col + 1)
            items.append(_plain(item, (*prefix, index), positions, (line + 1, col + 1), lines, depth + 1, left))
        return items
    if isinstance(node, TaggedScalar):
        if str(node.tag) != STR:
            raise _BadTag(f"the tag {node.tag} is not taken here (only YAML 1.2's standard types)", *here)
        return str(node.value)
    if isinstance(node, bool | str) or node is None:
        return node if type(node) in (bool, str) or node is None else str(node)
    if isinstance(node, int):
        return bool(node) if isinstance(node, ScalarBoolean) else int(node)
    if isinstance(node, float):
        return float(node)
    tag = getattr(getattr(node, "tag", None), "value", None) or _YAML11_TYPES.get(type(node).__name__)
    raise _BadTag(f"{tag or 'this kind of value'} is not taken here (only YAML 1.2's standard types)", *here)


def _refuse_collection_keys(text: str, path: str) -> None:
    """YamlError at the first mapping key that is a collection (`? {a: 1}`), found from the parser's
    events before ruamel constructs it: ruamel hashes nested collection keys in exponential time."""
    yaml = _pyyaml()
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    expecting: list[bool | None] = []  # per open collection: a mapping's next node is a key (True) or not
    try:
        for event in parse_events(text):
            kind = type(event)
            if kind in ends:
                expecting.pop()
            elif kind in starts or kind is yaml.ScalarEvent or kind is yaml.AliasEvent:
                if expecting and expecting[-1] is not None:
                    if expecting[-1] and kind in starts:
                        mark = event.start_mark
                        raise YamlError(COLLECTION_KEY, Location(path, mark.line + 1, mark.column + 1))
                    expecting[-1] = not expecting[-1]
                if kind in starts:
                    expecting.append(True if kind is yaml.MappingStartEvent else None)
    except yaml.YAMLError:
        return


def _slow(text: str, path: str, schema: Schema) -> tuple[Any, Positions]:
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import DuplicateKeyError
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    _refuse_collection_keys(text, path)
    yaml = YAML(typ="rt")
    yaml.Resolver = _ruamel_resolver(schema)
    yaml.allow_duplicate_keys = False
    try:
        node = yaml.load(text)
    except DuplicateKeyError as exc:
        mark = exc.problem_mark
        key = re.match(r'found duplicate key "(.*)" with value', exc.problem or "")
        if key is None or mark is None:  # pragma: no cover - ruamel words it so
            raise YamlError((exc.problem or "duplicate key").strip(), Location(path, 1, 1)) from None
        raise YamlError.twice(key[1], Location(path, mark.line + 1, mark.column + 1)) from None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        raise YamlError((exc.problem or "invalid YAML").strip(), loc) from None
    except YAMLError as exc:
        raise YamlError(str(exc), Location(path, 1, 1)) from None
    except RecursionError:
        raise YamlError.too_deep(Location(path, 1, 1)) from None
    except _OutOfRange as bad:
        raise YamlError.limit(str(bad), first_location(text, bad.text, path)) from None
    except TypeError:  # ruamel cannot hash a mapping used as a key (`? {a: 1}`)
        raise YamlError(COLLECTION_KEY, Location(path, 1, 1)) from None
    positions = Positions(path)
    lc = getattr(node, "lc", None)
    if lc is not None and lc.line is not None and lc.col is not None:  # a lone tagged scalar has no place
        positions.start = (lc.line + 1, lc.col + 1)
    try:
        data = _plain(node, (), positions, positions.start, text.splitlines(), 0, [_budget(text)])
    except _Duplicate as twice:
        raise YamlError.twice(twice.key, Location(path, twice.line, twice.column)) from None
    except _BadTag as bad:
        message, line, column = bad.args
        raise YamlError(message, Location(path, line, column)) from None
    except _Refused as refused:
        raise refused.error(path) from None
    except RecursionError:
        raise YamlError.too_deep(Location(path, 1, 1)) from None
    return data, positions


def read_yaml(text: str, path: str = "<yaml>", *, schema: Schema = "core") -> tuple[Any, Positions]:
    """A YAML document as plain data (None when empty) and the positions of its keys and items.

    Raises YamlError (an InputError, code yaml-syntax) located at line:column when the text is not YAML,
    holds a duplicate key or another document; code unreadable beyond a limit of compiler/limits.py."""
    _measure_depth(text, path)
    fast = _fast(text, path, schema)
    return fast if fast is not None else _slow(text, path, schema)


def read_yaml_slowly(text: str, path: str = "<yaml>", *, schema: Schema = "core") -> tuple[Any, Positions]:
    """read_yaml without the libyaml fast path (ruamel only): for comparing the two."""
    _measure_depth(text, path)
    return _slow(text, path, schema)


def read_yaml_fast(text: str, path: str = "<yaml>", *, schema: Schema = "core") -> tuple[Any, Positions] | None:
    """read_yaml's libyaml path only; None when it leaves the text to ruamel (for comparing the two)."""
    _measure_depth(text, path)
    return _fast(text, path, schema)
