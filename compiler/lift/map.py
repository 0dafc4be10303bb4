"""Lift the map: territories (with their attachment, owner and starting units), connections, canals."""

from __future__ import annotations

from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Map
from compiler.lift.values import as_int, block, flow, line_length, options_map
from compiler.model import Attachment, UnitPlacement
from compiler.model.vocabulary import CANAL, TERRITORY

FLOW_WIDTH = 200
SHORTHAND = (("production", "production"), ("capital", "capital"), ("victoryCity", "victory_city"))


def _shorthand(option: str, value: Any) -> bool:
    """Whether an option value fits the territory field of the same meaning."""
    if option == "production":
        return isinstance(value, int) and not isinstance(value, bool)
    if option == "capital":
        return isinstance(value, str)
    return isinstance(value, bool | int)


def _attachment_fields(a: Attachment) -> dict[str, Any]:
    opts = options_map(a.options) or {}
    fields: dict[str, Any] = {}
    for option, field in SHORTHAND:
        if option in opts and not isinstance(opts[option], list | dict) and _shorthand(option, opts[option]):
            fields[field] = opts.pop(option)
    if opts:
        fields["options"] = flow(opts)
    return fields


def _units(lift: Lift, owners: dict[str, str]) -> tuple[dict[str, dict[str, Any]], list[UnitPlacement]]:
    """Starting units by territory (unit -> count for the owner's, player -> {unit: count} for others),
    and the placements that only the `placements:` list can say."""
    names = {t.name for t in lift.game.territories}
    units: dict[str, dict[str, Any]] = {}
    rest: list[UnitPlacement] = []
    for p in lift.game.unit_placements:
        count = as_int(p.quantity)
        if p.territory not in names or count is None or p.hits_taken or p.unit_damage:
            rest.append(p)
            continue
        here = units.setdefault(p.territory, {})
        if p.owner == owners.get(p.territory):
            if isinstance(here.get(p.unit_type), dict):
                rest.append(p)
            else:
                here[p.unit_type] = here.get(p.unit_type, 0) + count
        elif p.owner is not None and not isinstance(here.get(p.owner), int):
            theirs = here.setdefault(p.owner, {})
            theirs[p.unit_type] = theirs.get(p.unit_type, 0) + count
        else:
            rest.append(p)
    return units, rest


def _node(fields: dict[str, Any]) -> Map | None:
    """A territory as a flow mapping when it fits a line, else a block of flow values."""
    if not fields:
        return None
    if line_length(fields) <= FLOW_WIDTH:
        return flow(fields)
    return block(fields)


def lift_territories(lift: Lift) -> tuple[Map, list[UnitPlacement]]:
    """territories: each with water, production, owner, capital, victory city, options and units."""
    g = lift.game
    owners: dict[str, str] = {}
    for o in g.territory_owners:  # TripleA sets owners in order: the last one stands
        owners[o.territory] = o.owner
    attachments = lift.standard(TERRITORY)
    units, rest = _units(lift, owners)
    result = block()
    for t in g.territories:
        fields: dict[str, Any] = {}
        if t.water:
            fields["water"] = True
        found = attachments.pop(t.name, None)
        extra: dict[str, Any] = {}
        if found is not None:
            lift.claim(found[0])
            extra = _attachment_fields(found[1])
        fields.update({k: v for k, v in extra.items() if k != "options"})
        if t.name in owners:
            fields["owner"] = owners[t.name]
        if "options" in extra:
            fields["options"] = extra["options"]
        if units.get(t.name):
            fields["units"] = flow({k: flow(v) if isinstance(v, dict) else v for k, v in units[t.name].items()})
        result[t.name] = _node(fields)
    return result, rest


def lift_connections(lift: Lift) -> Map:
    """connections: each unordered pair once, grouped under its first territory."""
    grouped: dict[str, list[str]] = {}
    seen: set[frozenset[str]] = set()
    for c in lift.game.connections:
        pair = frozenset((c.t1, c.t2))
        if pair in seen:
            continue
        seen.add(pair)
        if c.t2 in grouped and c.t1 not in grouped:
            grouped[c.t2].append(c.t1)
        else:
            grouped.setdefault(c.t1, []).append(c.t2)
    result = block()
    for t1, others in grouped.items():
        result[t1] = flow(others)
    return result


def _canal_key(a: Attachment) -> tuple[str, str, str, tuple[tuple[str, str, str], ...]] | None:
    names = [o.name for o in a.options]
    if names.count("canalName") != 1 or names.count("landTerritories") != 1:
        return None
    values = {o.name: o.value for o in a.options if o.name in ("canalName", "landTerritories")}
    others = tuple((o.name, o.value, o.count) for o in a.options if o.name not in ("canalName", "landTerritories"))
    return a.name, values["canalName"], values["landTerritories"], others


def _true_canal(lift: Lift, zones: list[str], land: list[str]) -> bool:
    """What the `canals` construct promises: sea zones that each border every controlling land
    territory. Other uses of canal attachments (land "rails"...) stay pass-through attachments."""
    borders = lift.map
    return all(borders.is_water(z) for z in zones) and all(borders.knows(t) and borders.is_land(t) for t in land) \
        and all(borders.adjacent(z, t) for z in zones for t in land)


def lift_canals(lift: Lift) -> Map:
    """canals: canal attachments sharing a canal name and land territories, on two or more sea zones."""
    groups: dict[tuple[Any, ...], list[tuple[int, Attachment]]] = {}
    for index, a in enumerate(lift.game.attachments):
        if (not CANAL.is_qualified(a.java_class) or a.type != CANAL.attach_type or a.foreach
                or (a.name, a.attach_to) not in lift.unique or index in lift.claimed):
            continue
        key = _canal_key(a)
        if key is not None:
            groups.setdefault(key, []).append((index, a))
    result = block()
    for (name, canal, land, _), members in groups.items():
        zones = [a.attach_to for _, a in members]
        if len(members) < 2 or canal in result or len(set(zones)) != len(zones) or not canal \
                or not _true_canal(lift, zones, land.split(":")):
            continue
        rest = [o for o in members[0][1].options if o.name not in ("canalName", "landTerritories")]
        extra = options_map(rest)
        if extra is None:
            continue
        spec: dict[str, Any] = {"sea_zones": flow(zones), "land": flow(land.split(":"))}
        if name != CANAL.default_name(canal):
            spec["attachment"] = name
        if extra:
            spec["options"] = flow(extra)
        node = flow(spec)
        result[canal] = node
        result.eol[canal] = f"canal: {len(members)} {CANAL.name}s"
        for index, _ in members:
            lift.claim(index)
    return result

