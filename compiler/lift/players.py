"""Lift resources, players (alliances, starting resources, held units, tech, playerAttachment),
relationship types and the initial relationships."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from compiler.lift.context import Lift
from compiler.lift.nodes import Map, Seq
from compiler.lift.values import as_int, block, flow, native, options_map
from compiler.model import PlayerTech, Relationship
from compiler.model.vocabulary import PLAYER, RELATIONSHIP_TYPE

ARCHETYPES = ("war", "allied", "neutral")


def lift_resources(lift: Lift) -> Seq | Map:
    res = lift.game.resources
    if not any(r.is_displayed_for is not None for r in res):
        return flow([r.name for r in res])
    out = block()
    for r in res:
        out[r.name] = flow({"displayed_for": r.is_displayed_for}) if r.is_displayed_for is not None else None
    return out


def _amounts(entries: list[tuple[str, str]]) -> dict[str, Any]:
    """name -> quantity, adding up repeated names (TripleA adds them too)."""
    out: dict[str, Any] = {}
    for name, quantity in entries:
        number = as_int(quantity)
        if number is not None and isinstance(out.get(name, 0), int):
            out[name] = out.get(name, 0) + number
        else:
            out[name] = quantity
    return out


def _tech(techs: list[PlayerTech]) -> Map | Seq | None:
    """A player's `tech`: its playerTech's categories (`{}` when it lists none), a list of them when the
    player has several playerTech (TripleA adds each one's categories in turn), None when it has none."""
    blocks = [flow({c.name: flow(list(c.techs)) for c in pt.categories}) for pt in techs]
    if not blocks:
        return None
    return blocks[0] if len(blocks) == 1 else flow(blocks)


def lift_players(lift: Lift) -> Map:
    """players: flags, alliances, starting resources and held units, tech categories, options."""
    g = lift.game
    attachments = lift.standard(PLAYER)
    result = block()
    for p in g.players:
        fields: dict[str, Any] = {}
        alliances = [a.alliance for a in g.alliances if a.player == p.name]
        if alliances:
            fields["alliance"] = alliances[0] if len(alliances) == 1 else flow(alliances)
        for flag, key in ((p.optional, "optional"), (p.can_be_disabled, "can_be_disabled"), (p.is_hidden, "hidden")):
            if flag:
                fields[key] = True
        if p.default_type is not None:
            fields["default_type"] = p.default_type
        given = _amounts([(r.resource, r.quantity) for r in g.resources_given if r.player == p.name])
        if given:
            fields["resources"] = flow(given)
        held = _amounts([(h.unit_type, h.quantity) for h in g.held_units if h.player == p.name])
        if held:
            fields["held_units"] = flow(held)
        tech = _tech([pt for pt in g.player_techs if pt.player == p.name])
        if tech is not None:
            fields["tech"] = tech
        found = attachments.get(p.name)
        if found is not None:
            lift.claim(found[0])
            fields["options"] = flow(options_map(found[1].options) or {})
        result[p.name] = flow(fields) if fields else None
    return result


def lift_relationship_types(lift: Lift) -> Seq | Map:
    """relationship_types: name -> archetype, or {archetype, options}; a plain list when none has options."""
    g = lift.game
    attachments = lift.standard(RELATIONSHIP_TYPE)
    out = block()
    for name in g.relationship_types:
        found = attachments.pop(name, None)
        if found is None:
            out[name] = None
            continue
        lift.claim(found[0])
        opts = options_map(found[1].options) or {}
        archetype = opts.get("archeType")
        if archetype in ARCHETYPES:
            del opts["archeType"]
        else:
            archetype = None
        if not opts and archetype:
            out[name] = archetype
        else:
            spec: dict[str, Any] = {"archetype": archetype} if archetype else {}
            spec["options"] = flow(opts)
            out[name] = flow(spec)
    if all(v is None for v in out.values()):
        return flow(list(out))
    return out


def _declared(relationships: list[Relationship]) -> dict[frozenset[str], list[Relationship]]:
    """Each unordered pair of players with its relationship declarations, in document order."""
    declared: dict[frozenset[str], list[Relationship]] = {}
    for r in relationships:
        declared.setdefault(frozenset((r.player1, r.player2)), []).append(r)
    return declared


def _defaults(declared: dict[frozenset[str], list[Relationship]], groups: dict[bool, list[frozenset[str]]],
              default_round: str) -> dict[bool, str | None]:
    """The usual type within alliances (True) and between them (False): the commonest type of the pairs
    declared once at the usual round, when every pair of the group is declared (else None)."""
    defaults: dict[bool, str | None] = {}
    for shared, pairs in groups.items():
        types = Counter(declared[k][0].type for k in pairs
                        if len(declared.get(k, ())) == 1 and declared[k][0].round_value == default_round)
        complete = all(k in declared for k in pairs)
        defaults[shared] = types.most_common(1)[0][0] if types and complete else None
    return defaults


def _pair(r: Relationship, default_round: str) -> Map:
    """One relationship declaration as a pair entry."""
    pair: dict[str, Any] = {"players": flow([r.player1, r.player2]), "type": r.type}
    if r.round_value != default_round:
        pair["round"] = native(r.round_value)
    return flow(pair)


def lift_relationships(lift: Lift) -> Map | None:
    """relationships: the usual type within and between alliances, and each pair that differs. A pair
    declared more than once is listed once per declaration, in order (TripleA sets each in turn)."""
    g = lift.game
    if not g.relationships:
        return None
    players = [p.name for p in g.players]
    alliances = {p: {a.alliance for a in g.alliances if a.player == p} for p in players}
    declared = _declared(g.relationships)
    groups: dict[bool, list[frozenset[str]]] = {True: [], False: []}
    for a, b in combinations(players, 2):
        if a != b:
            groups[bool(alliances[a] & alliances[b])].append(frozenset((a, b)))
    rounds = Counter(r.round_value for r in g.relationships)
    default_round = rounds.most_common(1)[0][0]
    defaults = _defaults(declared, groups, default_round)
    out = block()
    if defaults[True]:
        out["within"] = defaults[True]
    if defaults[False]:
        out["between"] = defaults[False]
    if default_round != "0" and (defaults[True] or defaults[False]):
        out["round"] = native(default_round)
    else:
        default_round = "0"
    pairs = Seq()
    for r in g.relationships:
        key = frozenset((r.player1, r.player2))
        allied: bool | None = None  # whether the pair shares an alliance (None: not two known players)
        if len(key) == 2 and key <= set(players):
            allied = bool(alliances[r.player1] & alliances[r.player2])
        once = len(declared[key]) == 1
        if once and allied is not None and defaults[allied] == r.type and r.round_value == default_round:
            continue
        pairs.append(_pair(r, default_round))
    if pairs:
        out["pairs"] = pairs
    return out
