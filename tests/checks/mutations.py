"""Mutations of real game XMLs: one realistic mistake each, made in the text so lines stay real.

Each mutation knows the line it touched and what a validator must say about it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml import etree

from compiler.problems import Problem


@dataclass(frozen=True)
class Mutation:
    kind: str
    text: str  # the mutated XML
    line: int  # the line changed (for a deletion: the line that was removed)
    name: str  # the name deleted or misspelled
    code: str  # the check id expected to report it
    extra: str = ""  # a second name (relationship: the other player)


def misspell(name: str, rng: random.Random, avoid: set[str]) -> str | None:
    """A typo of `name` (drop, swap, double or replace one letter) that is not in `avoid`."""
    for _ in range(20):
        if len(name) < 2:
            return None
        i = rng.randrange(len(name) - 1)
        how = rng.choice("dswr")
        if how == "d":
            new = name[:i] + name[i + 1:]
        elif how == "s":
            new = name[:i] + name[i + 1] + name[i] + name[i + 2:]
        elif how == "w":
            new = name[:i] + name[i] + name[i:]
        else:
            new = name[:i] + rng.choice("aeiouxz") + name[i + 1:]
        if new != name and new not in avoid and new[:1].lower() + new[1:] not in avoid and new.strip() == new:
            return new
    return None


def _parse(text: str) -> etree._Element:
    return etree.fromstring(text.encode(), etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))


def _replace_attr(lines: list[str], line: int, attr: str, old: str, new: str) -> str | None:
    """The text with attr="old" replaced by attr="new" on `line`, if it occurs there exactly once."""
    needle = f'{attr}="{old}"'
    if lines[line - 1].count(needle) != 1:
        return None
    copy = list(lines)
    copy[line - 1] = copy[line - 1].replace(needle, f'{attr}="{new}"')
    return "\n".join(copy)


def _delete_line(lines: list[str], line: int, tag: str) -> str | None:
    """The text without `line`, if that line holds exactly one whole <tag .../> element."""
    stripped = lines[line - 1].strip()
    if not (stripped.startswith(f"<{tag} ") and stripped.endswith("/>") and stripped.count("<") == 1):
        return None
    return "\n".join(lines[: line - 1] + lines[line:])


def generate(text: str, per_kind: int, seed: int, known_options: Callable[[str], set[str] | None],
             known_properties: set[str]) -> Iterator[Mutation]:
    """Up to `per_kind` mutations of each kind for one game XML text."""
    root = _parse(text)
    lines = text.split("\n")
    rng = random.Random(seed)
    territories = {t.get("name") for t in root.iter("territory")}
    units = {u.get("name") for u in root.iter("unit")} | {r.get("name") for r in root.iter("resource")}
    connected = {c.get("t1") for c in root.iter("connection")} | {c.get("t2") for c in root.iter("connection")}

    def pick(elements: list[etree._Element]) -> list[etree._Element]:
        rng.shuffle(elements)
        return elements

    def take(candidates: Iterator[Mutation]) -> Iterator[Mutation]:
        n = 0
        for m in candidates:
            yield m
            n += 1
            if n >= per_kind:
                return

    def deleted_territories() -> Iterator[Mutation]:
        for el in pick([t for t in root.iter("territory") if t.get("name") in connected]):
            new = _delete_line(lines, el.sourceline, "territory")
            if new:
                yield Mutation("territory deleted", new, el.sourceline, el.get("name"), "unknown-territory")

    def renamed_options() -> Iterator[Mutation]:
        for el in pick(list(root.iter("option"))):
            known = known_options(el.getparent().get("javaClass", ""))
            name = el.get("name", "")
            if not known or name[:1].lower() + name[1:] not in known:
                continue
            new_name = misspell(name, rng, known)
            new = new_name and _replace_attr(lines, el.sourceline, "name", name, new_name)
            if new:
                yield Mutation("option renamed", new, el.sourceline, new_name, "unknown-option")

    def dropped_relationships() -> Iterator[Mutation]:
        rels = list(root.iter("relationship"))
        pairs = [frozenset((r.get("player1"), r.get("player2"))) for r in rels]
        for el in pick(list(rels)):
            pair = frozenset((el.get("player1"), el.get("player2")))
            if len(pair) != 2 or pairs.count(pair) != 1:
                continue
            new = _delete_line(lines, el.sourceline, "relationship")
            if new:
                yield Mutation("relationship dropped", new, el.sourceline, el.get("player1"), "missing-relationship",
                               el.get("player2"))

    def attr_typos(tag: str, attr: str, kind: str, code: str, avoid: set[str]) -> Callable[[], Iterator[Mutation]]:
        def gen() -> Iterator[Mutation]:
            for el in pick(list(root.iter(tag))):
                old = el.get(attr, "")
                if old not in avoid:
                    continue
                typo = misspell(old, rng, avoid)
                new = typo and _replace_attr(lines, el.sourceline, attr, old, typo)
                if new:
                    yield Mutation(kind, new, el.sourceline, typo, code)
        return gen

    generators = [
        deleted_territories, renamed_options, dropped_relationships,
        attr_typos("result", "resourceOrUnit", "rule result unit missing", "unknown-unit", units),
        attr_typos("connection", "t2", "connection to missing territory", "unknown-territory", territories),
        attr_typos("unitPlacement", "unitType", "placement unit misspelled", "unknown-unit", units),
        attr_typos("property", "name", "game property misspelled", "unknown-property", known_properties),
    ]
    for gen in generators:
        yield from take(gen())


def detected(m: Mutation, problems: list[Problem]) -> bool:
    """Whether the validator reported the mutation where it should."""
    for p in problems:
        if p.code != m.code:
            continue
        if m.kind == "territory deleted":
            if re.search(f"'{re.escape(m.name)}'", p.message):
                return True
        elif m.kind == "relationship dropped":
            if f"'{m.name}'" in p.message and f"'{m.extra}'" in p.message:
                return True
        elif p.location.line == m.line and f"'{m.name}'" in p.message:
            return True
    return False
