"""Lower resources, players, alliances, relationship types and initial relationships."""

from __future__ import annotations

from itertools import combinations

from compiler.lower.values import options, text
from compiler.model import Alliance, Attachment, GameModel, Player, Relationship, Resource, ResourceGiven
from compiler.model.game import HeldUnits
from compiler.model.vocabulary import PLAYER, RELATIONSHIP_TYPE
from compiler.spec.models import PlayerSpec, RelationshipPair, Relationships, RelationshipTypeSpec, Spec

ARCHETYPE_OPTION = "archeType"


def alliances_of(p: PlayerSpec) -> list[str]:
    if p.alliance is None:
        return []
    return [p.alliance] if isinstance(p.alliance, str) else list(p.alliance)


def lower_resources(spec: Spec, game: GameModel) -> None:
    if isinstance(spec.resources, list):
        for index, name in enumerate(spec.resources):
            game.resources.append(Resource(name=name, loc=spec.where("resources", index)))
        return
    for name, r in spec.resources.items():
        game.resources.append(
            Resource(name=name, is_displayed_for=r.displayed_for if r else None, loc=spec.where("resources", name))
        )


def lower_players(spec: Spec, game: GameModel) -> None:
    for name, p in spec.players.items():
        p = p or PlayerSpec()
        loc = spec.where("players", name)
        game.players.append(
            Player(name=name, optional=p.optional, can_be_disabled=p.can_be_disabled,
                   default_type=p.default_type, is_hidden=p.hidden, loc=loc)
        )
    for name, p in spec.players.items():
        for alliance in alliances_of(p or PlayerSpec()):
            game.alliances.append(Alliance(player=name, alliance=alliance, loc=spec.where("players", name, "alliance")))


def lower_player_initial(spec: Spec, game: GameModel) -> None:
    """Resources given and units held at the start."""
    for name, p in spec.players.items():
        if p is None:
            continue
        for resource, qty in p.resources.items():
            game.resources_given.append(ResourceGiven(player=name, resource=resource, quantity=text(qty),
                                                      loc=spec.where("players", name, "resources", resource)))
        for unit, qty in p.held_units.items():
            game.held_units.append(HeldUnits(unit_type=unit, player=name, quantity=text(qty),
                                             loc=spec.where("players", name, "held_units", unit)))


def player_attachments(spec: Spec) -> list[Attachment]:
    result = []
    for name, p in spec.players.items():
        if p is not None and p.options:
            result.append(PLAYER.make(name, options(p.options, p.loc), loc=p.loc))
    return result


def lower_relationship_types(spec: Spec, game: GameModel) -> list[Attachment]:
    """Declare relationship types; return their relationshipTypeAttachments."""
    types = spec.relationship_types
    if isinstance(types, list):
        game.relationship_types.extend(types)
        return []
    attachments = []
    for name, rt in types.items():
        game.relationship_types.append(name)
        if rt is None:
            continue
        rt = RelationshipTypeSpec(archetype=rt) if isinstance(rt, str) else rt
        loc = spec.where("relationship_types", name)
        opts = options(rt.options, loc)
        if rt.archetype:
            opts.insert(0, options({ARCHETYPE_OPTION: rt.archetype}, loc)[0])
        if opts:
            attachments.append(RELATIONSHIP_TYPE.make(name, opts, loc=loc))
    return attachments


def _round(rel: Relationships, pair: RelationshipPair) -> str:
    """A pair's roundValue: its own, else the relationships' round."""
    return text(rel.round if pair.round is None else pair.round)


def _relationship(rel: Relationships, pair: RelationshipPair) -> Relationship:
    """The relationship a listed pair declares."""
    return Relationship(player1=pair.players[0], player2=pair.players[1], type=pair.type,
                        round_value=_round(rel, pair), loc=pair.loc)


def lower_relationships(spec: Spec, game: GameModel) -> None:
    """Every pair of players gets its listed pairs, else the within/between alliance default. A pair listed
    more than once is declared once per entry, in the listed order (TripleA sets each in turn: the last stands)."""
    rel = spec.relationships
    if rel is None:
        return
    listed: dict[frozenset[str], list[RelationshipPair]] = {}
    for pair in rel.pairs:
        listed.setdefault(frozenset(pair.players), []).append(pair)
    names = list(spec.players)
    for a, b in combinations(names, 2):
        pairs = listed.pop(frozenset((a, b)), None)
        if pairs is not None:
            game.relationships.extend(_relationship(rel, pair) for pair in pairs)
            continue
        shared = set(alliances_of(spec.players[a] or PlayerSpec())) & set(alliances_of(spec.players[b] or PlayerSpec()))
        kind = rel.within if shared else rel.between
        if kind:
            game.relationships.append(Relationship(player1=a, player2=b, type=kind, round_value=text(rel.round),
                                                   loc=spec.where("relationships")))
    for pairs in listed.values():  # pairs naming unknown players: kept, the checks report them
        game.relationships.extend(_relationship(rel, pair) for pair in pairs)
