"""Expand generated entries (compiler/spec/generate.py): the combinations of a `for:`, placeholders
filled in, values generated inside options unrolled.

`combinations` lists the bindings of a loop; `fill` makes a value (text, list, mapping, generated value)
for one binding. A mistake raises `GenerateError` with the path of the spec node it is about, which
the caller turns into a located `spec-generate` problem.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.lower.values import text
from compiler.spec.generate import ListItem, Loop, ValueLoop

Bindings = dict[str, str]
Path = tuple[str | int, ...]

CODE = "spec-generate"
PLACEHOLDER_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_BRACES = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
FILTERS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "snake": lambda value: value.replace(" ", "_"),
}


class GenerateError(ValueError):
    """A generated entry that cannot be expanded, and the path of the spec node at fault."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


def combinations(loop: Loop, distinct: Sequence[str], lists: Mapping[str, list[ListItem]], path: Path,
                 outer: Bindings | None = None) -> list[Bindings]:
    """Every binding of `loop` (added to `outer`), in order: per mapping, the product of its lists with
    the first key varying slowest; a list of mappings gives each mapping's in turn."""
    outer = outer or {}
    mappings = [(loop, path)] if isinstance(loop, dict) else [(m, (*path, i)) for i, m in enumerate(loop)]
    names = [[n for key in m for n in _names(key)] for m, _ in mappings]
    if any(n != names[0] for n in names):
        raise GenerateError("each mapping of a `for:` list binds the same placeholders, in the same order "
                            f"(found {' / '.join(', '.join(n) for n in names)})", path)
    bound = names[0] if names else []
    _check_names(bound, outer, path)
    unknown = sorted(set(distinct) - set(bound) - set(outer))
    if unknown:
        raise GenerateError(f"distinct names {', '.join(unknown)}, which no `for:` binds "
                            f"(bound: {', '.join([*outer, *bound]) or 'nothing'})", path)
    found: list[Bindings] = []
    for mapping, where in mappings:
        columns = [_rows(key, said, lists, outer, (*where, key)) for key, said in mapping.items()]
        for combo in itertools.product(*columns):
            binding = {**outer, **{name: value for part in combo for name, value in part}}
            if len({binding[name] for name in distinct}) == len(distinct):
                found.append(binding)
    return found


def _names(key: str) -> list[str]:
    """The placeholders a `for:` key binds: one, or several separated by commas ("K, T")."""
    return [part.strip() for part in key.split(",")]


def _check_names(names: list[str], outer: Bindings, path: Path) -> None:
    for name in names:
        if not PLACEHOLDER_NAME.match(name):
            raise GenerateError(f"placeholder {name!r}: a name of letters, digits and _ (not first)", path)
        if name in outer:
            raise GenerateError(f"placeholder {name} is already bound by an enclosing `for:`", path)
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise GenerateError(f"placeholder {', '.join(twice)} bound twice by one `for:`", path)


def _rows(key: str, said: str | list[ListItem], lists: Mapping[str, list[ListItem]], outer: Bindings,
          path: Path) -> list[list[tuple[str, str]]]:
    """The (placeholder, value) pairs each item of a `for:` key's list binds. A list name may use the
    placeholders of an enclosing `for:` ("away_from_{P}")."""
    if isinstance(said, str):
        name = fill_text(said, outer, path)
        if name not in lists:
            raise GenerateError(f"{key}: unknown list {name!r} (lists: {', '.join(sorted(lists)) or 'none'})", path)
        items = lists[name]
    else:
        items = said
    names = _names(key)
    rows: list[list[tuple[str, str]]] = []
    for index, item in enumerate(items):
        values = item if isinstance(item, list) else [item]
        if len(names) == 1 and isinstance(item, list) or len(values) != len(names):
            raise GenerateError(f"{key}: item {index + 1} should be "
                                + ("one value" if len(names) == 1 else f"a row of {len(names)} values"), path)
        rows.append([(n, text(v)) for n, v in zip(names, values, strict=True)])
    return rows


def fill_text(template: str, bound: Bindings, path: Path) -> str:
    """`template` with each `{P}` / `{P|filter...}` replaced; `{{` and `}}` are braces."""
    if "{" not in template and "}" not in template:  # most texts: nothing to fill
        return template
    out: list[str] = []
    for part in _parts(template):
        if isinstance(part, str):
            out.append(part)
            continue
        name, filters, whole = part
        if name is None:
            raise GenerateError(f"a lone {whole!r} in {template!r}: write {whole * 2!r} for a brace", path)
        if name not in bound:
            have = ", ".join(bound) or "nothing"
            raise GenerateError(f"placeholder {{{name}}} in {template!r} names nothing (bound here: {have})", path)
        value = bound[name]
        for f in filters:
            if f not in FILTERS:
                raise GenerateError(f"unknown filter {f!r} in {whole} (filters: {', '.join(FILTERS)})", path)
            value = FILTERS[f](value)
        out.append(value)
    return "".join(out)


@functools.lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[str | tuple[str | None, tuple[str, ...], str], ...]:
    """A template split once into its literal texts and its placeholders (name, filters, as written);
    a lone brace is a placeholder without a name, reported when the template is filled. Generated
    entries fill the same few templates for every binding."""
    parts: list[str | tuple[str | None, tuple[str, ...], str]] = []
    start = 0
    for found in _BRACES.finditer(template):
        parts.append(template[start:found.start()])
        start = found.end()
        whole, inner = found.group(0), found.group(1)
        if whole in ("{{", "}}"):
            parts.append(whole[0])
        elif inner is None:
            parts.append((None, (), whole))
        else:
            name, *filters = (piece.strip() for piece in inner.split("|"))
            parts.append((name, tuple(filters), whole))
    parts.append(template[start:])
    return tuple(part for part in parts if part != "")


def fill(value: Any, bound: Bindings | None, lists: Mapping[str, list[ListItem]], path: Path) -> Any:
    """A spec value for one binding: texts filled in (when `bound` is not None: outside every loop the
    entry's texts are kept as written), mappings' keys too, generated values unrolled."""
    if isinstance(value, ValueLoop):
        return _unroll(value, bound, lists, path)
    if isinstance(value, str):
        return value if bound is None else fill_text(value, bound, path)
    if isinstance(value, dict):
        return {(key if bound is None else fill_text(key, bound, (*path, key))): fill(item, bound, lists, (*path, key))
                for key, item in value.items()}
    if isinstance(value, list):
        items: list[Any] = []
        for index, item in enumerate(value):
            made = fill(item, bound, lists, (*path, index))
            if isinstance(item, ValueLoop) and item.each is not None:
                items.extend(made)
            else:
                items.append(made)
        return items
    return value


def _unroll(loop: ValueLoop, bound: Bindings | None, lists: Mapping[str, list[ListItem]], path: Path) -> Any:
    """A generated value: the list of its `each` per combination, or the text of its `join`."""
    bindings = combinations(loop.for_, loop.distinct, lists, (*path, "for"), bound)
    if loop.join is not None:
        return loop.sep.join(fill_text(loop.join, b, (*path, "join")) for b in bindings)
    return [fill(loop.each, b, lists, (*path, "each")) for b in bindings]
