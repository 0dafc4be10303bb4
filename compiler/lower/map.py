"""Lower territories, connections, canals and straits."""

from __future__ import annotations

from compiler.lower.values import options, text
from compiler.model import Attachment, Connection, GameModel, Option, Territory
from compiler.model.vocabulary import CANAL, TERRITORY
from compiler.spec.models import Spec, TerritorySpec


def lower_territories(spec: Spec, game: GameModel) -> None:
    for name, t in spec.territories.items():
        t = t or TerritorySpec()
        game.territories.append(Territory(name=name, water=t.water, loc=t.loc))


def lower_connections(spec: Spec, game: GameModel) -> None:
    seen: set[frozenset[str]] = set()
    for t1, others in spec.connections.items():
        for index, t2 in enumerate(others):
            seen.add(frozenset((t1, t2)))
            game.connections.append(Connection(t1=t1, t2=t2, loc=spec.where("connections", t1, index)))
    for strait in spec.straits.values():
        pair = frozenset(strait.between)
        if strait.connect and pair not in seen:
            seen.add(pair)
            game.connections.append(Connection(t1=strait.between[0], t2=strait.between[1], loc=strait.loc))


def territory_attachment(name: str, t: TerritorySpec) -> Attachment | None:
    """The territoryAttachment of one territory, from its shorthand fields and options."""
    opts: list[Option] = []
    if t.production is not None:
        opts.append(Option(name="production", value=text(t.production), loc=t.loc))
    if t.capital is not None:
        opts.append(Option(name="capital", value=t.capital, loc=t.loc))
    if t.victory_city is not None:
        value = int(t.victory_city)  # TripleA counts victory city points; `true` is 1
        opts.append(Option(name="victoryCity", value=str(value), loc=t.loc))
    opts += options(t.options, t.loc)
    if not opts:
        return None
    return TERRITORY.make(name, opts, loc=t.loc)


def canal_attachments(spec: Spec) -> list[Attachment]:
    """One canal attachment (canalAttachment<Name>) on each sea zone of each canal."""
    result = []
    for name, canal in spec.canals.items():
        attachment = canal.attachment or CANAL.default_name(name)
        for zone in canal.sea_zones:
            opts = [
                Option(name="canalName", value=name, loc=canal.loc),
                Option(name="landTerritories", value=":".join(canal.land), loc=canal.loc),
                *options(canal.options, canal.loc),
            ]
            result.append(CANAL.make(zone, opts, name=attachment, loc=canal.loc))
    return result
