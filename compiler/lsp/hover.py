"""Hover: what an option, a game property or an attachment class means (the option catalog), and the facts of a
territory, unit, player or resource (the game's model and name index)."""

from __future__ import annotations

from functools import cache

from lsprotocol import types as lsp

from compiler.catalog import Catalog, load_catalog, option_versions
from compiler.catalog.meanings import load_meanings
from compiler.lsp.analysis import Analysis
from compiler.lsp.diagnostics import engine_for
from compiler.lsp.documents import Documents, Kind, kind_of
from compiler.lsp.names import PLAYER, RESOURCE, TERRITORY, UNIT, Occurrence
from compiler.lsp.navigate import under_cursor
from compiler.lsp.textpos import position
from compiler.lsp.xmlcontext import cursor_of
from compiler.model.game import GameModel

MAX_PLACES = 8


@cache
def catalog(engine: str = "2.x") -> Catalog:
    return load_catalog(engine)


def _releases(java_class: str, name: str) -> str:
    lines = sorted(option_versions(java_class, name))
    return ", ".join(lines) if lines else "none"


def option_text(java_class: str, name: str, engine: str = "2.x") -> str | None:
    """Markdown on option `name` of the attachment class `java_class`."""
    cat = catalog(engine)
    info = cat.option(java_class, name)
    if info is None:
        return None
    cls = cat.attachment_class(java_class)
    parts = [f"**{info.name}** — option of `{cls.simple_name if cls else java_class}`"]
    if info.name != name:
        parts.append(f"TripleA reads `{name}` as `{info.name}`.")
    if cls and (said := load_meanings().of_option(cls.simple_name, info.name)):
        parts.append(said)
    meaning = cat.kind_description(info.kind)
    parts.append(f"Value: {info.kind}" + (f" — {meaning}" if meaning else ""))
    if info.format:
        parts.append(f"Format (2.x setter): `{info.format}`")
    if info.java_type:
        parts.append(f"Java type: `{info.java_type}` (TripleA's default is that type's: false, 0 or none, unless "
                     "the class sets another)")
    if info.count:
        parts.append('May be given as `count="N"`.')
    if info.deprecated:
        parts.append("Deprecated.")
    parts.append(f"Known since {info.since}" + (f", until {info.until}" if info.until else "")
                 + f"; releases that accept it: {_releases(java_class, name)}")
    return "\n\n".join(parts)


def class_text(java_class: str, engine: str = "2.x") -> str | None:
    info = catalog(engine).attachment_class(java_class)
    if info is None:
        return None
    naming = f"named exactly `{info.exact_name}`" if info.exact_name else (
        "named " + " or ".join(f"`{p}…`" for p in info.name_prefixes) if info.name_prefixes else "")
    return "\n\n".join(x for x in (
        f"**{info.simple_name}** (`{info.java_class}`)",
        load_meanings().of_class(info.simple_name),
        f"Attaches to: {', '.join(info.attach_types) or 'anything'}" + (f"; {naming}" if naming else ""),
        f"{len(info.options)} options: " + ", ".join(sorted(info.options)[:40])
        + (" …" if len(info.options) > 40 else "")) if x)


def property_text(name: str, engine: str = "2.x") -> str | None:
    info = catalog(engine).property(name)
    if info is None:
        return None
    parts = [f"**{info.name}** — game property", load_meanings().of_property(info.pattern or info.name) or "",
             f"Value: {info.kind}"]
    if info.note:
        parts.append(info.note)
    if info.read_in:
        parts.append("Read in: " + ", ".join(info.read_in))
    if info.ignored:
        parts.append("TripleA accepts it but no longer reads it.")
    parts.append(f"Known since {info.since}" + (f", until {info.until}" if info.until else ""))
    return "\n\n".join(p for p in parts if p)


def _places(analysis: Analysis, occ: Occurrence) -> str:
    uses = [o for o in analysis.index.occurrences[(occ.kind, occ.name)] if not o.defines]
    files: dict[str, int] = {}
    for o in uses:
        name = o.path.rsplit("/", 1)[-1]
        files[name] = files.get(name, 0) + 1
    return f"Used {len(uses)} times: " + ", ".join(f"{n} ×{c}" for n, c in list(files.items())[:MAX_PLACES])


def name_facts(model: GameModel | None, kind: str, name: str) -> list[str]:
    """What the game says of a territory, unit, player or resource."""
    if model is None:
        return []
    facts: list[str] = []
    attached = [a for a in model.attachments if a.attach_to == name]
    if kind == TERRITORY:
        terr = next((t for t in model.territories if t.name == name), None)
        if terr is not None and terr.water:
            facts.append("Sea zone")
        owner = next((o.owner for o in model.territory_owners if o.territory == name), None)
        facts.append(f"Owner: {owner or 'none (neutral)'}")
        for a in attached:
            for o in a.options:
                if o.name in ("production", "victoryCity", "capital", "isImpassable", "originalFactory"):
                    facts.append(f"{o.name}: {o.value}")
        neighbours = sorted({c.t2 if c.t1 == name else c.t1 for c in model.connections if name in (c.t1, c.t2)})
        facts.append(f"Neighbours ({len(neighbours)}): " + ", ".join(neighbours[:12])
                     + (" …" if len(neighbours) > 12 else ""))
        units = [f"{u.quantity} {u.unit_type} ({u.owner or '-'})" for u in model.unit_placements if u.territory == name]
        if units:
            facts.append("Starts with: " + ", ".join(units[:12]) + (" …" if len(units) > 12 else ""))
    elif kind == UNIT:
        for a in attached:
            if "UnitAttachment" in a.java_class:
                stats = [f"{o.name}={o.value}" for o in a.options]
                facts.append("Unit attachment: " + ", ".join(stats[:24]) + (" …" if len(stats) > 24 else ""))
        costs = [f"{c.quantity} {c.name}" for r in model.production_rules
                 if any(x.name == name for x in r.results) for c in r.costs]
        if costs:
            facts.append("Costs: " + ", ".join(costs))
    elif kind == PLAYER:
        facts.append("Alliances: " + (", ".join(model.alliances_of(name)) or "none"))
        owned = sum(1 for o in model.territory_owners if o.owner == name)
        facts.append(f"Starts owning {owned} territories")
        front = next((p.frontier for p in model.player_production if p.player == name), None)
        if front:
            facts.append(f"Production frontier: {front}")
        given = [f"{r.quantity} {r.resource}" for r in model.resources_given if r.player == name]
        if given:
            facts.append("Starts with: " + ", ".join(given))
    elif kind == RESOURCE:
        given = [f"{r.player} {r.quantity}" for r in model.resources_given if r.resource == name]
        if given:
            facts.append("Given at start: " + ", ".join(given))
    if kind != UNIT and attached:
        facts.append("Attachments: " + ", ".join(sorted({a.name for a in attached})))
    return facts


def _markdown(text: str, rng: lsp.Range | None = None) -> lsp.Hover:
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text), range=rng)


def hover(docs: Documents, path: str, pos: lsp.Position, analysis: Analysis | None) -> lsp.Hover | None:
    text = docs.text(path) or ""
    lines, starts = docs.lines(path)
    if kind_of(path) is Kind.GAME:
        cur = cursor_of(text, lines, starts, pos)
        engine = engine_for(path)
        found: str | None = None
        if cur.tag == "option" and cur.attr == "name" and cur.attachment.get("javaClass"):
            found = option_text(cur.attachment["javaClass"], cur.value, engine)
        elif cur.tag == "attachment" and cur.attr == "javaClass":
            found = class_text(cur.value, engine)
        elif cur.tag == "property" and cur.attr == "name":
            found = property_text(cur.value, engine)
        if found is not None:
            return _markdown(found)
    occ = under_cursor(docs, path, pos, analysis)
    if occ is None or analysis is None:
        return None
    facts = [f"**{occ.name}** — {occ.kind}", *name_facts(analysis.model, occ.kind, occ.name), _places(analysis, occ)]
    rng = lsp.Range(start=position(lines, occ.line, occ.start), end=position(lines, occ.line, occ.end))
    return _markdown("\n\n".join(facts), rng)
