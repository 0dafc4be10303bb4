"""The state a save's history begins from: the saved state with every change of the history undone, last first.

A save holds the game as it stands and the history of changes that led there, not the game's starting position;
TripleA shows the start by undoing the changes. So do we, for what the reference engine follows: territory owners
(OwnerChange), units in territories (AddUnits, RemoveUnits) and their owners (PlayerOwnerChange, and the owners an
AddUnits or RemoveUnits recorded), resources (ChangeResourceChange) and relationships (RelationshipChange). Other
changes (a unit's movement left, hits, attachments) do not touch that state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.engine.state import GameState, UnitStack
from compiler.saves.groups import flatten, unit_key, units_in
from compiler.saves.java import SaveFormatError, get, items, mapping, name_of, need, short_class, text
from compiler.saves.state import player_names, unit_owner_name, unit_type_name


def history_changes(game_data: Any) -> list[Any]:
    """Every leaf change of the save's history, in the order the engine made them."""
    writers = items(get(get(game_data, "gameHistory", "history"), "writers"))
    return [leaf for writer in writers if short_class(writer) == "ChangeSerializationWriter"
            for leaf in flatten(get(writer, "change", "aChange"))]


class _Board:
    """Units by territory and their owners, moved back through the history."""

    def __init__(self, game_data: Any) -> None:
        self.units: dict[str, dict[int, Any]] = {}
        self.owner: dict[int, str] = {}
        for territory in items(need(need(game_data, "map"), "territories")):
            held = items(get(get(territory, "unitCollection", "units"), "units"))
            self.units[name_of(territory) or ""] = {unit_key(u): u for u in held}

    def _recorded_owners(self, change: Any) -> dict[int, str]:
        return {id(key): name for key, owner in mapping(get(change, "unitOwnerMap")).items()
                if (name := text(owner))}

    def put(self, change: Any, back: bool) -> None:
        """Undo an AddUnits (`back` False: its units leave) or a RemoveUnits (`back` True: they return)."""
        if text(get(change, "type")) != "T":  # units held by a player (bought, not yet placed): not on the board
            return
        where = text(get(change, "name")) or ""
        if where not in self.units:
            raise SaveFormatError(f"the history changes units in {where!r}, which the map does not have")
        held = self.units[where]
        recorded = self._recorded_owners(change)
        for unit in units_in(get(change, "units")):
            key = unit_key(unit)
            if back:
                held[key] = unit
                uid = get(unit, "id", "uid")
                if id(uid) in recorded:
                    self.owner[key] = recorded[id(uid)]
            elif held.pop(key, None) is None:
                raise SaveFormatError(f"the history adds a unit to {where!r} that is not there when undone")

    def give_back(self, change: Any) -> None:
        """Undo a PlayerOwnerChange: each unit to its former owner."""
        for key, owner in mapping(get(change, "oldOwnerNamesByUnitId", "old")).items():
            name = text(owner)
            if name:
                self.owner[id(key)] = name

    def stacks(self) -> dict[str, list[UnitStack]]:
        """Units as sorted stacks per territory (as compiler/saves/state.py gives the saved state)."""
        result: dict[str, list[UnitStack]] = {}
        for where, held in self.units.items():
            counts: Counter[tuple[str, str]] = Counter()
            for key, unit in held.items():
                counts[(unit_type_name(unit), self.owner.get(key) or unit_owner_name(unit))] += 1
            result[where] = sorted((UnitStack(type=t, owner=o, count=n) for (t, o), n in counts.items()),
                                   key=lambda s: (s.owner, s.type))
        return result


def start_state(game_data: Any, saved: GameState) -> GameState:
    """The state before the first change of the history (round 1, no step yet); SaveFormatError when the
    history cannot be undone onto the saved state (a unit added that is not there, a territory the map lacks)."""
    players = set(player_names(game_data))
    board = _Board(game_data)
    owners = dict(saved.owners)
    resources = {player: dict(amounts) for player, amounts in saved.resources.items()}
    relationships = dict(saved.relationships)
    for change in reversed(history_changes(game_data)):
        kind = short_class(change)
        if kind in ("AddUnits", "RemoveUnits"):
            board.put(change, back=kind == "RemoveUnits")
        elif kind == "PlayerOwnerChange":
            board.give_back(change)
        elif kind == "OwnerChange":
            territory, old = text(get(change, "territoryName", "territory")), text(get(change, "oldOwnerName", "old"))
            if territory not in owners:
                raise SaveFormatError(f"the history changes the owner of {territory!r}, which the map does not have")
            owners[territory] = old if old in players else None
        elif kind == "ChangeResourceChange":
            player, resource = text(get(change, "playerName", "player")), text(get(change, "resourceName", "resource"))
            if player in resources and resource:
                amounts = resources[player]
                amounts[resource] = amounts.get(resource, 0) - int(get(change, "quantity") or 0)
        elif kind == "RelationshipChange":
            one, two = text(get(change, "player1Name", "player1")), text(get(change, "player2Name", "player2"))
            old = text(get(change, "oldRelationshipTypeName", "OldRelation", "oldRelation"))
            if one and two and old and one in players and two in players:
                relationships[GameState.pair(one, two)] = old
    return GameState(game=saved.game, owners=owners, units=board.stacks(), resources=resources,
                     relationships=relationships)
