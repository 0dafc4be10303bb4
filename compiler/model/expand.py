"""TripleA 2.x variables: `variableList`, attachment `foreach`, and `$name$` / `@name@` in values.

Semantics as in TripleA's game parser (GameDataVariables):
- a variable `v` is known as `$v$`; an element naming an earlier variable (`$w$`) is replaced by
  that variable's elements (nested variables are flattened);
- `foreach="$a$:$b$"` walks a and b in parallel (same length required); `foreach="$a$^$b$"` walks
  every pair (a outer, b inner); at most one `^`;
- inside the attachment, `@a@` stands for the current element of `$a$` (in name, attachTo and
  option values); an option whose `@a@` is empty is skipped;
- `$v$` in an option value becomes all of v's elements joined with `:`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import NamedTuple

from compiler.limits import CODE as LIMIT_CODE
from compiler.limits import MAX_VARIABLE_ELEMENTS
from compiler.model import game as m
from compiler.model.reuse import Reuse, derived
from compiler.model.vocabulary import UNIT, filed_name
from compiler.problems import InputError


class OptionValue(NamedTuple):
    """One option of an expanded attachment: the model option and its final value."""

    option: m.Option
    value: str


class AttachmentInstance(NamedTuple):
    """An attachment after `foreach` expansion: what it attaches to and its final option values."""

    attachment: m.Attachment
    name: str
    attach_to: str
    options: tuple[OptionValue, ...]


_pair = tuple.__new__


class ForeachError(ValueError):
    """A foreach expression TripleA refuses."""


def variable_table(variables: list[m.Variable]) -> dict[str, list[str]]:
    """`$name$` -> elements, nested variables flattened (only earlier variables are expanded).

    InputError (unreadable) for a variable whose flattened elements would exceed MAX_VARIABLE_ELEMENTS:
    each variable naming the one before twice doubles, so forty of them in a few hundred bytes would
    expand to 2^40 elements; the flattening stops at the limit instead."""
    table: dict[str, list[str]] = {}

    def flat(value: str, depth: int = 0) -> Iterator[str]:
        if value not in table or depth > 50:
            yield value
            return
        for v in table[value]:
            yield from flat(v, depth + 1)

    for var in variables:
        elements = list(islice((x for e in var.elements for x in flat(e)), MAX_VARIABLE_ELEMENTS + 1))
        if len(elements) > MAX_VARIABLE_ELEMENTS:
            raise InputError(f"variable '{var.name}' expands to more than {MAX_VARIABLE_ELEMENTS:,} elements: "
                             "refused", var.loc, LIMIT_CODE)
        table[f"${var.name}$"] = elements
    return table


def combinations(foreach: str, table: dict[str, list[str]]) -> list[dict[str, str]]:
    """The `@name@` -> value maps a foreach expression walks; ForeachError when invalid."""
    groups = foreach.split("^")
    if len(groups) > 2:
        raise ForeachError(f"invalid foreach '{foreach}': at most one '^' is allowed")
    parts = [g.split(":") for g in groups]
    for names in parts:
        unknown = [n for n in names if n not in table]
        if unknown:
            raise ForeachError(f"foreach '{foreach}' names unknown variable(s): {', '.join(unknown)}")
        if len({len(table[n]) for n in names}) > 1:
            raise ForeachError(f"foreach '{foreach}': variables walked together must have the same length")

    def maps(names: list[str]) -> list[dict[str, str]]:
        size = len(table[names[0]])
        return [{"@" + n.strip("$") + "@": table[n][i] for n in names} for i in range(size)]

    outer = maps(parts[0])
    if len(parts) == 1:
        return outer
    inner = maps(parts[1])
    if len(outer) * len(inner) > MAX_VARIABLE_ELEMENTS:
        raise ForeachError(f"foreach '{foreach}' makes {len(outer) * len(inner):,} attachments, more than "
                           f"{MAX_VARIABLE_ELEMENTS:,}")
    return [{**b, **a} for a in outer for b in inner]


def _raw(opt: m.Option) -> str:
    """The text the setter receives before variables: count="N" becomes a leading "N:" (an empty value
    stays empty: TripleA skips the option)."""
    return f"{opt.count}:{opt.value}" if opt.count and opt.value else opt.value


def substitute(text: str, mapping: dict[str, str]) -> str:
    for key, value in mapping.items():
        if key in text:
            text = text.replace(key, value)
    return text


def joined_values(table: dict[str, list[str]]) -> dict[str, str]:
    """What `$v$` becomes in an option value: v's elements joined with ':'."""
    return {k: ":".join(v) for k, v in table.items()}


def expand_attachment(att: m.Attachment, table: dict[str, list[str]],
                      joined: dict[str, str]) -> list[AttachmentInstance]:
    """Every instance TripleA creates for `att`; raises ForeachError for a bad foreach. `joined`: each
    variable's elements joined with ':' (joined_values(table), made once per game)."""
    if not (att.foreach and att.foreach.strip()):
        if not table:  # the common case: no variables at all (tuple.__new__: no Python-level __new__)
            opts = tuple([_pair(OptionValue, (o, _raw(o))) for o in att.options])
            return [_pair(AttachmentInstance, (att, att.name, att.attach_to, opts))]
        combos: list[dict[str, str]] = [{}]
    else:
        combos = combinations(att.foreach, table)
    out = []
    for combo in combos:
        values: list[OptionValue] = []
        for opt in att.options:
            raw = _raw(opt)
            if combo and any(not v and k in raw for k, v in combo.items()):
                continue
            if "@" in raw:
                raw = substitute(raw, combo)
            values.append(OptionValue(opt, substitute(raw, joined) if "$" in raw else raw))
        out.append(
            AttachmentInstance(att, substitute(att.name, combo), substitute(att.attach_to, combo), tuple(values))
        )
    return out


def expand_game(game: m.GameModel,
                reuse: Reuse | None = None) -> tuple[list[AttachmentInstance], list[tuple[m.Attachment, str]]]:
    """Every attachment instance of `game` in document order, and the attachments whose foreach
    TripleA refuses (with why); `reuse`: the instances of an attachment unchanged since the game's previous
    reading are taken from it."""
    table = variable_table(game.variables)
    joined = joined_values(table)
    label = ("instances", tuple((name, tuple(elements)) for name, elements in table.items()))

    def expand(att: m.Attachment) -> list[AttachmentInstance] | str:
        try:
            return expand_attachment(att, table, joined)
        except ForeachError as exc:
            return str(exc)

    instances: list[AttachmentInstance] = []
    errors: list[tuple[m.Attachment, str]] = []
    for att in game.attachments:
        found = derived(reuse, label, att, expand)
        if isinstance(found, str):
            errors.append((att, found))
        else:
            instances.extend(found)
    return instances, errors


AttachmentKey = tuple[str, str, str]
"""(type, attachTo, name as TripleA files it) of an attachment instance."""


def attachment_key(inst: AttachmentInstance) -> AttachmentKey:
    """The key TripleA 2.x files an instance under (`type` missing or empty means unitType)."""
    return inst.attachment.type or UNIT.attach_type, inst.attach_to, filed_name(inst.name)


def kept_instances(instances: Iterable[AttachmentInstance]) -> dict[AttachmentKey, AttachmentInstance]:
    """The instances TripleA 2.x keeps, in document order: a later attachment of the same name on the same
    object replaces the earlier one (and takes its place last)."""
    kept: dict[AttachmentKey, AttachmentInstance] = {}
    for inst in instances:
        key = attachment_key(inst)
        kept.pop(key, None)
        kept[key] = inst
    return kept
