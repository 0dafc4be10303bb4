"""Which players can come to own each unit type of a game: the pairs TripleA may draw a unit image for.

A player owns a unit type when the game places it for them (`unitPlacement`, units held at the start), when
it is in their production frontier (`playerProduction`, or a trigger's `frontier`), when a trigger gives it
(`placement`, `purchase`), when a unit they own makes it (`createsUnitsList`,
`whenHitPointsDamagedChangesInto`, `whenHitPointsRepairedChangesInto`), or when they capture it: a unit of
another player that is infrastructure (`isInfrastructure`, `isFactory`) goes to a player who can conquer
(one with a combat move step: a step of a move delegate not named ...NonCombatMove) outside its owner's
alliance, unless the game only ever places it in impassable, unconnected or sea territories, or destroys it on capture
(`destroyedWhenCapturedBy`, `destroyedWhenCapturedFrom`, while "Units Can Be Destroyed Instead Of Captured" is
on); one that lists players in
`canBeCapturedOnEnteringBy` goes to those players (`whenCapturedChangesInto` turns it into other types for
that capturer, while "Units Can Be Changed On Capture" is on). Repeated until nothing is added.
Technologies that rename the image (`_lr`, `_jp`, `_it`...) are not followed.
"""

from __future__ import annotations

from collections import defaultdict

from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance
from compiler.model.vocabulary import TERRITORY, TRIGGER

NULL_PLAYER = "Neutral"  # TripleA's owner of unowned units
ANYWHERE = "*"  # a unit type bought, held or given without a territory: it may stand anywhere


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() == "true"


def _types_in(parts: list[str], units: set[str]) -> list[str]:
    return [p.strip() for p in parts if p.strip() in units]


def _conversions(options: dict[str, str]) -> list[tuple[str, str, list[str]]]:
    """(owner, capturer, into types) of a unit's whenCapturedChangesInto (one entry per attachment kept)."""
    value = options.get("whenCapturedChangesInto", "")
    parts = value.split(":")
    if len(parts) < 5:
        return []
    return [(parts[0].strip(), parts[1].strip(), [t.strip() for t in parts[3::2]])]


def _capturable(options: dict[str, str]) -> bool:
    """Infrastructure on land: what a conqueror takes over with the territory."""
    land = not (_flag(options.get("isSea")) or _flag(options.get("isAir")))
    return land and (_flag(options.get("isInfrastructure")) or _flag(options.get("isFactory")))


def destroyed_on_capture(ctx: CheckContext) -> dict[str, tuple[set[str], set[str]]]:
    """unit type -> (capturers that destroy it, owners from whom it is destroyed): `destroyedWhenCapturedBy`
    ('BY:' or 'FROM:' then players; plain players: BY) and `destroyedWhenCapturedFrom` (FROM), every entry."""
    out: dict[str, tuple[set[str], set[str]]] = {}
    for inst, entries in zip(ctx.instances, ctx.per_instance("destroyed on capture", _destroyed_entries), strict=True):
        for kind, players in entries:
            by, since = out.setdefault(inst.attach_to, (set(), set()))
            (by if kind == "BY" else since).update(players)
    return out


def _destroyed_entries(inst: AttachmentInstance) -> tuple[tuple[str, list[str]], ...]:
    """("BY" or "FROM", players) of each destroyedWhenCaptured... option of one instance, in order."""
    out = []
    for ov in inst.options:
        name = ov.option.name[:1].lower() + ov.option.name[1:]
        if name not in ("destroyedWhenCapturedBy", "destroyedWhenCapturedFrom"):
            continue
        value = ov.value.strip()
        kind = "FROM" if name == "destroyedWhenCapturedFrom" else "BY"
        for prefix in ("BY:", "FROM:"):
            if value.startswith(prefix):
                kind, value = prefix[:-1], value[len(prefix):]
        out.append((kind, [p.strip() for p in value.split(":") if p.strip()]))
    return tuple(out)


def unit_owners(ctx: CheckContext) -> dict[str, set[str]]:
    """unit type -> the players who can come to own it (the game's players, and Neutral for unowned units)."""
    model = ctx.model
    units = ctx.units
    players = model.player_names()
    owners: dict[str, set[str]] = defaultdict(set)
    placed: dict[str, set[str]] = defaultdict(set)  # unit type -> territories the game places it in
    for placement in model.unit_placements:
        if placement.unit_type in units:
            owners[placement.unit_type].add(placement.owner or NULL_PLAYER)
            placed[placement.unit_type].add(placement.territory)
    for held in model.held_units:
        if held.unit_type in units:
            owners[held.unit_type].add(held.player)
            placed[held.unit_type].add(ANYWHERE)
    frontiers = {f.name: f for f in model.production_frontiers}
    results = {r.name: [e.name for e in r.results if e.name in units] for r in model.production_rules}
    gets_frontier: list[tuple[str, str]] = [(pp.player, pp.frontier) for pp in model.player_production]
    for inst in ctx.of_class(TRIGGER):
        named, gifts = ctx.derived("unit gifts", inst, _gifts)
        if not gifts:
            continue
        given = [p for p in named if p in players] or [inst.attach_to]
        for name, parts in gifts:
            if name == "frontier":
                gets_frontier.extend((p, parts[0]) for p in given)
            else:
                where = next((p for p in parts if p in ctx.territories), ANYWHERE)
                for unit in [p for p in parts if p in units]:
                    owners[unit].update(given)
                    placed[unit].add(where if name == "placement" else ANYWHERE)
    for player, frontier in gets_frontier:
        for rule in frontiers[frontier].rules if frontier in frontiers else ():
            for unit in results.get(rule, ()):
                owners[unit].add(player)
                placed[unit].add(ANYWHERE)
    connected = {t for c in model.connections for t in (c.t1, c.t2)}
    closed = _impassable(ctx) | ctx.water | (ctx.territories - connected)
    reachable = {unit for unit, where in placed.items() if where - closed}
    _close(ctx, owners, players, reachable)
    return owners


def _gifts(trigger: AttachmentInstance) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The players a trigger names (its last `players`, stripped), and its options that give units or a
    frontier, in order: ("frontier", [the value stripped]), or ("placement"/"purchase", the parts stripped)."""
    named = [p.strip() for p in _last(trigger, "players").split(":")]
    gifts = []
    for ov in trigger.options:
        name = ov.option.name
        if name == "frontier":
            gifts.append((name, [ov.value.strip()]))
        elif name in ("placement", "purchase"):
            gifts.append((name, [p.strip() for p in ov.value.split(":")]))
    return named, gifts


def _last(inst: AttachmentInstance, option: str) -> str:
    """The value of the last `option` of an instance, "" when it has none."""
    return next((ov.value for ov in reversed(inst.options) if ov.option.name == option), "")


def _impassable(ctx: CheckContext) -> set[str]:
    """The territories whose TerritoryAttachment makes them impassable."""
    return {inst.attach_to for inst in ctx.named(TERRITORY) if ctx.derived("impassable", inst, _is_impassable)}


def _is_impassable(inst: AttachmentInstance) -> bool:
    return any(ov.option.name in ("isImpassable", "isImpassible") and _flag(ov.value) for ov in inst.options)


def _allies(ctx: CheckContext) -> dict[str, set[str]]:
    """player -> the players sharing an alliance with them (themselves included)."""
    members: dict[str, set[str]] = defaultdict(set)
    for a in ctx.model.alliances:
        members[a.alliance].add(a.player)
    allies: dict[str, set[str]] = {p: {p} for p in ctx.model.player_names()}
    for group in members.values():
        for p in group:
            allies.setdefault(p, {p}).update(group)
    return allies


def conquerors(ctx: CheckContext) -> set[str]:
    """The players with a combat move step (a move delegate's step not named ...NonCombatMove)."""
    movers = {d.name for d in ctx.model.delegates if d.java_class.rsplit(".", 1)[-1] == "MoveDelegate"}
    out: set[str] = set()
    for step in ctx.model.steps:
        combat = next((p.value for p in step.properties if p.name == "combatMove"), None)
        if step.player and step.delegate in movers and (
                combat == "true" if combat is not None else not step.name.endswith("NonCombatMove")):
            out.add(step.player)
    return out


def _close(ctx: CheckContext, owners: dict[str, set[str]], players: set[str], reachable: set[str]) -> None:
    """Add what owned units make and what capturers take (of the `reachable` unit types: those that may stand
    in a passable land territory), until nothing changes."""
    units = ctx.units
    options = ctx.unit_options
    allies = _allies(ctx)
    converts = _flag(ctx.model.property_value("Units Can Be Changed On Capture"))
    destroying = _flag(ctx.model.property_value("Units Can Be Destroyed Instead Of Captured"))
    destroyed = destroyed_on_capture(ctx) if destroying else {}
    armed = conquerors(ctx)
    changed = True
    while changed:
        changed = False
        for unit, owned in list(owners.items()):
            opts = options.get(unit, {})
            made: list[str] = []
            for key in ("createsUnitsList", "whenHitPointsDamagedChangesInto", "whenHitPointsRepairedChangesInto"):
                made += _types_in(opts.get(key, "").split(":"), units)
            for other in made:
                if unit in reachable and other not in reachable:
                    reachable.add(other)
                    changed = True
                if not owned <= owners[other]:
                    owners[other] |= owned
                    changed = True
            capturers = {p.strip() for p in opts.get("canBeCapturedOnEnteringBy", "").split(":") if p.strip()}
            if _capturable(opts) and unit in reachable:
                by, since = destroyed.get(unit, (set(), set()))
                capturers |= {p for p in armed - by for o in owned - since if p not in allies.get(o, {o})}
            for capturer in capturers & players:
                gained = [unit]
                for old, new, into in _conversions(opts) if converts else ():
                    if new in ("any", capturer) and any(old in ("any", o) for o in owned):
                        gained = [t for t in into if t in units]
                for got in gained:
                    if capturer not in owners[got]:
                        owners[got].add(capturer)
                        changed = True
