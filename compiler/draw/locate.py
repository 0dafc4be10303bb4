"""Which territory a problem is about, so the picture can mark it there.

A problem located on a line that belongs to one territory (its `<territory>`, an owner or a unit
placement, a territory attachment or a connection in the game XML; its line in polygons.txt,
centers.txt or place.txt) is about that territory; a house-rule violation of a save is about the
territory of the event it names (a move's destination, a placement's, a battle's, a capture's);
otherwise the first territory its message quotes ('Name'), which is how most checks name them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from compiler.engine import events as ev
from compiler.mapfolder.geometry import MapGeometry
from compiler.model.game import GameModel
from compiler.problems import Location, Problem

_QUOTED = re.compile(r"'([^']+)'")


class TerritoryIndex:
    """Lines (path, line) -> territory, and the territory names of one game."""

    def __init__(self, model: GameModel | None, geometry: MapGeometry | None = None,
                 names: Iterable[str] = (), events: Sequence[ev.EventBase] = ()) -> None:
        self.events = events
        self.lines: dict[tuple[str, int], str] = {}
        self.names: set[str] = set(names)
        if model is not None:
            self.names |= model.territory_names()
            for t in model.territories:
                self._add(t.loc, t.name)
            for owner in model.territory_owners:
                self._add(owner.loc, owner.territory)
            for placement in model.unit_placements:
                self._add(placement.loc, placement.territory)
            for attachment in model.attachments:
                if attachment.type == "territory":
                    self._add(attachment.loc, attachment.attach_to)
                    for option in attachment.options:
                        self._add(option.loc, attachment.attach_to)
            for connection in model.connections:
                self._add(connection.loc, connection.t1)
        if geometry is not None:
            for entries in (geometry.polygons, geometry.centers, geometry.place):
                for name, entry in entries.items():
                    self._add(entry.loc, name)
                    self.names.add(name)

    def _add(self, loc: Location, name: str) -> None:
        if loc.path and loc.line:
            self.lines.setdefault((loc.path, loc.line), name)

    def _event_territory(self, problem: Problem) -> str | None:
        number = problem.when.event if problem.when is not None else None
        if not number or not 0 < number <= len(self.events):
            return None
        event = self.events[number - 1]
        if isinstance(event, ev.Move) and event.route:
            return event.route[-1]
        territory = getattr(event, "territory", None)
        return territory if isinstance(territory, str) else None

    def territory_of(self, problem: Problem) -> str | None:
        """The territory `problem` is about, or None."""
        by_event = self._event_territory(problem)
        if by_event is not None:
            return by_event
        for loc in (problem.location, *problem.related):
            name = self.lines.get((loc.path, loc.line))
            if name is not None:
                return name
        for quoted in _QUOTED.findall(problem.message):
            if quoted in self.names:
                return quoted
        return None
