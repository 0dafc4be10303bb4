"""The game XML has the sections the engine cannot do without, and (for 1.9) the structure of its game.dtd.

TripleA 2.x reads no DTD: it takes elements in any order and without regard to case, ignores what
it does not know (the XML reader warns of that: unknown-element), and refuses a game only when
a section it needs is missing: <map>, <playerList>, <gamePlay>, its <sequence>, and
<attachmentList>; or when an attachment's `type` is not one of unitType, territory, resource,
territoryEffect, player, relationship and technology (case-sensitive; none means unitType).
With `--engine 1.9` the game is held to 1.9's game.dtd: element order and nesting, declared
elements and attributes, attribute values from a fixed list, names of type ID unique across the
file. 1.9 validates and logs, so deviations are warnings; errors are a missing section it needs
(loader, map, playerList, gamePlay, sequence, delegates), a bad attachment `type`, and variables
or `foreach`, which only TripleA 2.x expands ('needs TripleA 2.x').

Failing::

    <game><map>...</map><info name="x" version="1"/>...</game>   <!-- info must come first -->
    <attachment name="unitAttachment" attachTo="tank" javaClass="..." type="units">

Passing::

    <game><info name="x" version="1"/><loader javaClass="..."/><map>...</map>...</game>
    <attachment name="unitAttachment" attachTo="tank" javaClass="..." type="unitType">

How to fix: add the missing section (<map>, <playerList>, <gamePlay> with its <sequence>, <attachmentList>) or
give the attachment a `type` TripleA knows; for 1.9, put the elements in the order of its game.dtd.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache
from itertools import groupby

from lxml import etree

from compiler.checks.context import CheckContext
from compiler.checks.dtd import DTD, REQUIRED, content_regex, dtd_text, required_children
from compiler.problems import Location, Problem, Severity

ID = "xml-structure"
SEVERITY = Severity.ERROR

# What TripleA 2.x cannot do without (it fails with an exception when these are missing).
NEEDED = {
    "2.x": {"game": ("map", "playerList", "gamePlay"), "gamePlay": ("sequence", "delegate")},
    "1.9": {"game": ("loader", "map", "playerList", "gamePlay"), "gamePlay": ("sequence", "delegate")},
}
# What TripleA 1.9 does not know and cannot do without when a game uses it.
NEEDS_2X = frozenset({"variableList", "foreach"})


def engine_key(engine: str) -> str:
    return "1.9" if engine.startswith("1.") else "2.x"


def _summary(tags: list[str]) -> str:
    parts = [f"{t}×{n}" if (n := len(list(g))) > 1 else t for t, g in groupby(tags)]
    text = ", ".join(parts)
    return text if len(text) < 300 else text[:300] + "..."


@cache
def _validator(key: str) -> etree.DTD:
    """The rules of dtd.py as an lxml DTD: a fast yes/no before the slower, located walk."""
    return etree.DTD(io.StringIO(dtd_text(key)))


# What TripleA 2.x stops on when it is missing (a NullPointerException while parsing).
NEEDED_2X = ("map", "playerList", "gamePlay", "sequence", "attachmentList")
ATTACH_TYPES_2X = frozenset({"unitType", "territory", "resource", "territoryEffect", "player", "relationship",
                             "technology"})


def _check_2x(ctx: CheckContext) -> Iterator[Problem]:
    """TripleA 2.x: the sections it needs and the attachment types it knows."""
    g = ctx.model
    found = set(g.sections)
    for section in NEEDED_2X:
        if section not in found:
            where = "<gamePlay>" if section == "sequence" else "the game"
            yield Problem(ID, f"{where} has no <{section}>: TripleA 2.x refuses the game without it", ctx.game_loc,
                          Severity.ERROR)
    for att in g.attachments:
        if att.type not in ATTACH_TYPES_2X:
            yield Problem(ID, f"attachment '{att.name}' has type '{att.type}', which TripleA 2.x does not know "
                              f"(one of {', '.join(sorted(ATTACH_TYPES_2X))}): it refuses the game", att.loc,
                          Severity.ERROR)


def check(ctx: CheckContext) -> Iterator[Problem]:
    key = engine_key(ctx.engine)
    if key == "2.x" and ctx.root is not None:
        yield from _check_2x(ctx)
        return
    if ctx.root is None:
        yield from _model_only(ctx, key)
        return
    if _validator(key).validate(ctx.root):
        return
    rules, other = DTD[key], DTD["1.9" if key == "2.x" else "2.x"]
    strict = key == "1.9"
    sev = Severity.WARNING
    label = "TripleA 1.9's game.dtd" if strict else "game.dtd"
    path = ctx.path
    ids: dict[str, int] = {}
    required = REQUIRED[key]
    for el in ctx.root.iter():
        tag = el.tag
        if type(tag) is not str:
            continue
        # Locations are built only for elements with a problem: most have none.
        rule = rules.get(tag)
        if rule is None:
            parent = el.getparent()
            if parent is not None and parent.tag in rules:
                hint = " (needs TripleA 2.x)" if strict and tag in other else ""
                severity = Severity.ERROR if hint and tag in NEEDS_2X else sev
                yield Problem(ID, f"<{tag}> is not declared in {label}{hint}", _at(path, el), severity)
            continue
        attrs = rule.attrs
        for name, value in el.items():
            allowed = attrs.get(name, _UNDECLARED)
            if allowed is None:
                continue
            if allowed is _UNDECLARED:
                hint = " (needs TripleA 2.x)" if strict and name in other.get(tag, rule).attrs else ""
                severity = Severity.ERROR if hint and name in NEEDS_2X else sev
                yield Problem(
                    ID, f"attribute '{name}' is not declared for <{tag}> in {label}{hint}", _at(path, el), severity
                )
                continue
            if value not in allowed:
                bad_type = tag == "attachment" and name == "type"
                yield Problem(
                    ID, f"'{name}' of <{tag}> must be one of {', '.join(allowed)}, not '{value}'", _at(path, el),
                    Severity.ERROR if bad_type else sev,
                )
        for name in required.get(tag, ()):
            if el.get(name) is None and not (tag == "info" and name == "name"):
                yield Problem(ID, f"<{tag}> needs attribute '{name}' in {label}", _at(path, el), sev)
        for name in rule.ids:
            value = el.get(name)
            if value is None:
                continue
            if value in ids:
                yield Problem(
                    ID, f"'{value}' is already the name of another element (line {ids[value]}); "
                    f"{label} needs player, unit, resource, rule, frontier and delegate names to be unique",
                    _at(path, el), sev,
                )
            else:
                ids[value] = el.sourceline or 0
        if len(el) or rule.content not in ("EMPTY", "#PCDATA"):
            yield from _content(el, rule.content, rules, path, sev, label, key)


_UNDECLARED = ("<undeclared>",)  # attrs.get default: an attribute the element does not declare


def _at(path: str, el: etree._Element) -> Location:
    line = el.sourceline
    return Location(path, line if isinstance(line, int) else 0, 1)


def _content(el, content: str, rules, path: str, sev: Severity, label: str, key: str) -> Iterator[Problem]:
    children = [c.tag for c in el if isinstance(c.tag, str)]
    if content == "#PCDATA" or (content == "EMPTY" and not children):
        return
    if content == "EMPTY":
        yield Problem(ID, f"<{el.tag}> must be empty in {label}", _at(path, el), sev)
        return
    pattern = content_regex(content)
    known = [t for t in children if t in rules]
    if pattern is None or pattern.fullmatch("".join(f"{t}," for t in known)):
        return
    needed = NEEDED[key].get(el.tag, ())
    missing = [t for t in required_children(content) if t not in known]
    for tag in missing:
        severity = Severity.ERROR if tag in needed else sev
        yield Problem(ID, f"<{el.tag}> needs a <{tag}> element", _at(path, el), severity)
    if not missing:
        yield Problem(
            ID, f"children of <{el.tag}> do not follow {label}: expected ({content}), found ({_summary(known)})",
            _at(path, el), sev,
        )


def _model_only(ctx: CheckContext, key: str) -> Iterator[Problem]:
    """Without an XML tree (a model lowered from a spec): the sections TripleA cannot do without."""
    g, loc = ctx.model, ctx.game_loc
    for ok, what in (
        (g.territories, "a territory"), (g.players, "a player"), (g.delegates, "a delegate"), (g.steps, "a step"),
    ):
        if not ok:
            yield Problem(ID, f"the game needs at least {what}", loc, Severity.ERROR)
    if key == "1.9":
        if g.variables:
            yield Problem(ID, "variables (variableList) need TripleA 2.x", g.variables[0].loc, Severity.ERROR)
        for att in g.attachments:
            if att.foreach:
                yield Problem(ID, "'foreach' on attachments needs TripleA 2.x", att.loc, Severity.ERROR)
        for r in g.resources:
            if r.is_displayed_for is not None:
                yield Problem(ID, "'isDisplayedFor' on resources needs TripleA 2.x (1.9 ignores it)", r.loc,
                              Severity.WARNING)
        if g.loader is None:
            yield Problem(ID, "TripleA 1.9 needs a <loader> element", loc, Severity.ERROR)
