"""The reference engine's World read from a save alone: the game a save carries, without its XML.

A save holds the whole game TripleA built from the XML (GameData): the map and its connections, players and
alliances, relationship types, unit types with their attachments, the sequence of steps, production rules.
`world_from_save` reads from it what `compiler/engine/world.build_world` reads from a game model, and the starting
position from the history (compiler/saves/start.py), so check-save needs no game XML.
"""

from __future__ import annotations

from typing import Any

from javaobj.v2.beans import BlockData, JavaInstance, JavaString

from compiler.engine.state import GameState
from compiler.engine.world import Price, World, frontier_prices, turn_order, unit_costs
from compiler.engine.world import UnitInfo as Unit
from compiler.model.game import Attachment, Connection, Option, Territory
from compiler.model.mapview import MapView
from compiler.model.vocabulary import CANAL
from compiler.saves.groups import flatten
from compiler.saves.java import SaveFormatError, get, items, mapping, name_of, need, number, short_class, text
from compiler.saves.state import player_names


def _attachments(obj: Any) -> dict[str, Any]:
    """An attachable's attachments by name."""
    return {name: att for key, att in mapping(get(obj, "attachments")).items() if (name := text(key))}


def _flag(att: Any, *names: str) -> bool:
    return any(get(att, name) is True for name in names)


def _alliances(game_data: Any, players: list[str]) -> dict[str, list[str]]:
    """player -> its alliances, from the AllianceTracker (2.x: a serialized multimap; 1.9: a map)."""
    tracker = need(game_data, "alliances", "allianceTracker")
    table = get(tracker, "alliances")
    result: dict[str, list[str]] = {p: [] for p in players}
    plain = mapping(table) if short_class(table) in ("HashMap", "LinkedHashMap") else None
    if plain is not None:  # 1.9: player -> set of alliance names, or alliance name -> set of players
        for key, values in plain.items():
            if isinstance(key, (str, JavaString)):
                for player in items(values):
                    result.setdefault(name_of(player) or "", []).append(text(key) or "")
            else:
                result.setdefault(name_of(key) or "", []).extend(text(v) or "" for v in items(values))
        return result
    current: str | None = None
    for element in (a for values in getattr(table, "annotations", {}).values() for a in values):
        if isinstance(element, BlockData):  # the entry counts written between the keys and values
            continue
        if isinstance(element, JavaInstance):
            current = name_of(element)
        elif current is not None:
            result.setdefault(current, []).append(text(element) or "")
        else:
            raise SaveFormatError("the alliances name an alliance before any player")
    return result


def _unit(name: str, att: Any) -> Unit:
    """A unit type's UnitInfo from its UnitAttachment (1.9's isFactory and isAA as TripleA 2.x reads them)."""
    if att is None:
        return Unit(name)
    return Unit(name, is_air=_flag(att, "isAir"), is_sea=_flag(att, "isSea"), movement=number(get(att, "movement")),
                is_infrastructure=_flag(att, "isInfrastructure", "isFactory", "isAA"),
                is_factory=_flag(att, "isFactory", "canProduceUnits"), attack=number(get(att, "attack")),
                defense=number(get(att, "defense")))


def _map(game_data: Any) -> MapView:
    """The map: territories in the game's order, the connections, and the canals as attachments."""
    game_map = need(game_data, "map")
    territories, canals = [], []
    for territory in items(need(game_map, "territories")):
        name = name_of(territory) or ""
        territories.append(Territory(name=name, water=get(territory, "water") is True))
        for att_name, att in _attachments(territory).items():
            if CANAL.is_named(att_name) or short_class(att) == "CanalAttachment":
                lands = ":".join(n for t in items(get(att, "landTerritories")) if (n := name_of(t)))
                canal = text(get(att, "canalName")) or att_name
                canals.append(Attachment(name=att_name, attach_to=name, java_class=CANAL.java_class,
                                         type="territory", options=[Option(name="canalName", value=canal),
                                                                    Option(name="landTerritories", value=lands)]))
    connections = [Connection(t1=name_of(a) or "", t2=name_of(b) or "")
                   for a, neighbours in mapping(need(game_map, "connections")).items() for b in items(neighbours)]
    return MapView(territories, connections, canals)


def _frontier_costs(game_data: Any, units: dict[str, Unit]) -> dict[str, dict[str, Price]]:
    """production frontier -> the cheapest rule of each unit type in it (ProductionFrontierList)."""
    out: dict[str, dict[str, Price]] = {}
    for name, frontier in mapping(get(get(game_data, "productionFrontierList"), "productionFrontiers")).items():
        rules = []
        for rule in items(get(frontier, "rules")):
            costs = {name_of(k) or "": number(v) for k, v in mapping(get(rule, "costs", "cost")).items()}
            results = {name_of(k) or "": number(v) for k, v in mapping(get(rule, "results")).items()}
            rules.append((costs, results))
        out[text(name) or name_of(frontier) or ""] = frontier_prices(rules, units)
    return out


def _player_frontiers(game_data: Any) -> dict[str, list[str]]:
    """player -> the frontiers it buys from in the game: those of the history's ProductionFrontierChanges (a
    trigger's or an edit's), the saved one, and those its triggers may give it."""
    found: dict[str, list[str]] = {}

    def add(player: str | None, frontier: str | None) -> None:
        if player and frontier and frontier not in found.setdefault(player, []):
            found[player].append(frontier)

    for writer in items(get(get(game_data, "gameHistory", "history"), "writers")):
        if short_class(writer) != "ChangeSerializationWriter":
            continue
        for change in flatten(get(writer, "change", "aChange")):
            if short_class(change) == "ProductionFrontierChange":
                player = text(get(change, "playerName"))
                add(player, text(get(change, "startFrontierName")))
                add(player, text(get(change, "endFrontierName")))
    for key, player in mapping(need(need(game_data, "playerList"), "players")).items():
        name = name_of(key) or name_of(player)
        add(name, name_of(get(player, "productionFrontier")))
        for att_name, att in _attachments(player).items():
            if att_name.startswith("triggerAttachment") or short_class(att) == "TriggerAttachment":
                given = [n for p in items(get(att, "players")) if (n := name_of(p))]
                for who in given or ([name] if name else []):
                    add(who, name_of(get(att, "frontier")))
    return found


def world_from_save(game_data: Any, start: GameState) -> World:
    """The World of the game a save carries, starting from `start` (compiler/saves/start.start_state)."""
    players = player_names(game_data)
    archetypes: dict[str, str] = {}
    for name, kind in mapping(get(need(game_data, "relationshipTypeList"), "relationshipTypes")).items():
        att = _attachments(kind).get("relationshipTypeAttachment")
        archetypes[text(name) or ""] = (text(get(att, "archeType")) or "war").strip().lower()
    units = {}
    for name, kind in mapping(get(need(game_data, "unitTypeList"), "unitTypes")).items():
        units[text(name) or ""] = _unit(text(name) or "", _attachments(kind).get("unitAttachment"))
    view = _map(game_data)
    production: dict[str, int] = {}
    capitals: dict[str, str] = {}
    for territory in items(need(need(game_data, "map"), "territories")):
        att = _attachments(territory).get("territoryAttachment")
        if att is not None:
            production[name_of(territory) or ""] = number(get(att, "production"))
            if capital := text(get(att, "capital")):
                capitals[name_of(territory) or ""] = capital.strip()
    sequence = items(need(need(game_data, "sequence"), "steps"))
    order = [(text(get(s, "delegateName")) or name_of(get(s, "delegate")) or "", name_of(get(s, "player")))
             for s in sequence]
    steps = dict(zip((text(get(s, "name")) or "" for s in sequence), order, strict=True))
    rules = []
    for rule in mapping(get(need(game_data, "productionRuleList"), "productionRules")).values():
        costs = {name_of(k) or "": number(v) for k, v in mapping(get(rule, "costs", "cost")).items()}
        results = {name_of(k) or "": number(v) for k, v in mapping(get(rule, "results")).items()}
        rules.append((costs, results))
    rounds = {}
    for pair, relation in mapping(get(need(game_data, "relationships", "relationshipTracker"),
                                      "relationships")).items():
        one, two = name_of(get(pair, "player1")), name_of(get(pair, "player2"))
        if one in players and two in players and one != two:
            rounds[GameState.pair(one, two)] = number(get(relation, "roundCreated"))
    world = World(name=text(get(game_data, "gameName")) or "", map=view, players=players,
                  alliance=_alliances(game_data, players), archetypes=archetypes, units=units,
                  canals=list(view.canals), production=production, steps=steps,
                  turn_order=turn_order(order), costs=unit_costs(rules, units), capitals=capitals,
                  relationship_rounds=rounds, frontier_costs=_frontier_costs(game_data, units),
                  player_frontiers=_player_frontiers(game_data))
    world.initial = start
    return world
