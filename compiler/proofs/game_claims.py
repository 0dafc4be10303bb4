"""Claims about the compiled game, checked against its model: one function per kind of claim.

Each function takes the claim and the game's facts and yields what the game says otherwise (nothing
when the claim holds). `CHECKS` maps each claim class to its function; compiler/proofs/rows.py walks
a row's claims through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from compiler.checks._unit_macros import FieldValue, Unparsed
from compiler.engine.state import GameState
from compiler.model.vocabulary import TERRITORY, UNIT
from compiler.proofs.facts import GameFacts, Price
from compiler.proofs.gates import ignored
from compiler.proofs.values import as_text, differs, differs_field
from compiler.spec import claims as c
from compiler.spec.models import Scalar


def _want(value: Scalar | list[Scalar] | None) -> str:
    if value is None:
        return "not given"
    if isinstance(value, list):
        return "[" + ", ".join(as_text(v) for v in value) + "]"
    return as_text(value)


def _options(what: str, found: dict[str, list[str]], expected: dict[str, Any],
             fields: dict[str, FieldValue[str]] | None = None, facts: GameFacts | None = None) -> Iterator[str]:
    """How the options `found` (every occurrence) differ from `expected`. Given a unit's `fields`, a scalar
    or null claim on a field some option wrote is judged on the value TripleA's setters leave it with, macros
    included (isAA sets isAAforCombatOnly, isFactory isConstruction, isTwoHit hitPoints ...); a claim on a
    legacy or macro name (isInfantry, isAA) and a list claim compare the options as written."""
    for option, value in expected.items():
        final = None
        if fields is not None and facts is not None and not isinstance(value, list) \
                and facts.field_name(option) == option:
            final = fields.get(option)
        if final is not None:
            why = differs_field(final.text, final.by, option, value)
        else:
            why = differs(found.get(option, []), value)
        if why:
            yield f"{what}: {option} {why}, the proof says {_want(value)}"


def _fields(what: str, facts: GameFacts, name: str, attach_to: str) -> tuple[dict[str, FieldValue[str]] | None,
                                                                             list[str]]:
    """A unit attachment's final fields, or why TripleA refuses them (a macro's value is no true/false)."""
    try:
        return facts.final_fields(name, attach_to), []
    except Unparsed as bad:
        return None, [f"{what}: a macro option's value {bad.args[0]!r} is not true or false, so TripleA refuses "
                      "the game"]


def unit(claim: c.UnitClaim, facts: GameFacts) -> Iterator[str]:
    for name, expected in claim.unit.items():
        found = facts.unit_options(name)
        if found is None:
            yield f"unit {name}: no unitAttachment (is it a unit type of the game?)"
            continue
        fields, refused = _fields(f"unit {name}", facts, UNIT.name, name)
        yield from refused
        yield from _options(f"unit {name}", found, expected, fields, facts)
        yield from ignored(facts, f"unit {name}", UNIT.name, name, expected)


def _price(value: int | dict[str, int], facts: GameFacts) -> Price:
    return {facts.first_resource: value} if isinstance(value, int) else dict(value)


def _show(price: Price) -> str:
    return " + ".join(f"{amount} {resource}" for resource, amount in sorted(price.items())) or "nothing"


def _prices(what: str, claimed: dict[str, int | dict[str, int]], facts: GameFacts, repair: bool) -> Iterator[str]:
    starts = sorted(set((facts.start_repair_frontiers if repair else facts.start_frontiers).values()))
    for name, value in claimed.items():
        want = _price(value, facts)
        sold = [(f, p) for f in starts for p in facts.frontier_prices(f, repair).get(name, [])]
        if not sold:
            yield f"{what} of {name}: no {'repair ' if repair else ''}frontier a player starts with " + (
                "repairs it" if repair else "sells it")
        for frontier, price in sold:
            if price != want:
                yield f"{what} of {name}: {_show(price)} in {frontier}, the proof says {_show(want)}"


def cost(claim: c.CostClaim, facts: GameFacts) -> Iterator[str]:
    yield from _prices("cost", claim.cost, facts, repair=False)


def repair(claim: c.RepairClaim, facts: GameFacts) -> Iterator[str]:
    yield from _prices("repair", claim.repair, facts, repair=True)


def frontier(claim: c.FrontierClaim, facts: GameFacts) -> Iterator[str]:
    for key, expected in claim.frontier.items():
        name = facts.start_frontiers.get(key, key)
        if name not in facts.frontiers:
            yield f"frontier {key}: no such production frontier (nor a player starting with one)"
            continue
        prices = facts.frontier_prices(name)
        for unit_type in expected.sells:
            if unit_type not in prices:
                yield f"frontier {name} does not sell {unit_type}"
        for unit_type in expected.lacks:
            if unit_type in prices:
                yield f"frontier {name} sells {unit_type}, the proof says it does not"
        for unit_type, value in expected.costs.items():
            want = _price(value, facts)
            found = prices.get(unit_type, [])
            if not found:
                yield f"frontier {name} does not sell {unit_type}"
            for price in found:
                if price != want:
                    yield f"frontier {name}: {unit_type} costs {_show(price)}, the proof says {_show(want)}"


def game_property(claim: c.PropertyClaim, facts: GameFacts) -> Iterator[str]:
    for name, value in claim.property.items():
        found = [p.value if p.text is None else p.text for p in facts.model.properties if p.name == name]
        why = differs(found[-1:], value, absent_is_false=False)
        if why:
            yield f"property {name!r} {why}, the proof says {_want(value)}"


def territory(claim: c.TerritoryClaim, facts: GameFacts) -> Iterator[str]:
    names = facts.model.territory_names()
    water = facts.model.water_names()
    for name, expected in claim.territory.items():
        if name not in names:
            yield f"territory {name}: not a territory of the game"
            continue
        if expected.owner is not None:
            owner = facts.owners.get(name, "none")
            if owner != expected.owner:
                yield f"territory {name}: owner at start is {owner}, the proof says {expected.owner}"
        if expected.water is not None and (name in water) != expected.water:
            yield f"territory {name}: {'is' if name in water else 'is not'} water, the proof says otherwise"
        if expected.units is not None:
            yield from _units_at(name, expected.units, facts)
        if expected.options:
            yield from _options(f"territory {name}", facts.territory_options(name) or {}, expected.options)
            yield from ignored(facts, f"territory {name}", TERRITORY.name, name, expected.options)


def _units_at(name: str, units: dict[str, int | dict[str, int]], facts: GameFacts) -> Iterator[str]:
    for key, value in units.items():
        if isinstance(value, int):  # {type: count} of any owner
            found = facts.units_at(name)[key]
            if found != value:
                yield f"territory {name}: {found} {key} at start, the proof says {value}"
        else:  # {player: {type: count}}
            have = facts.units_at(name, key)
            want = {t: n for t, n in value.items()}
            if {t: n for t, n in have.items() if n} != {t: n for t, n in want.items() if n}:
                yield f"territory {name}: {key} starts with {dict(sorted(have.items()))}, the proof says {want}"


def connected(claim: c.ConnectedClaim, facts: GameFacts) -> Iterator[str]:
    for a, b in claim.connected:
        if b not in facts.map.neighbours(a):
            yield f"{a} and {b} are not connected"


def not_connected(claim: c.NotConnectedClaim, facts: GameFacts) -> Iterator[str]:
    for a, b in claim.not_connected:
        if b in facts.map.neighbours(a):
            yield f"{a} and {b} are connected, the proof says they are not"


def canal(claim: c.CanalClaim, facts: GameFacts) -> Iterator[str]:
    canals = {x.name: x for x in facts.map.canals}
    for name, expected in claim.canal.items():
        found = canals.get(name)
        if found is None:
            yield f"canal {name}: the game has no canal of that name (canals: {', '.join(sorted(canals)) or 'none'})"
            continue
        if set(found.sea_zones) != set(expected.sea_zones):
            yield f"canal {name}: joins {sorted(found.sea_zones)}, the proof says {sorted(expected.sea_zones)}"
        if set(found.territories) != set(expected.land):
            yield f"canal {name}: opened by {sorted(found.territories)}, the proof says {sorted(expected.land)}"


def alliance(claim: c.AllianceClaim, facts: GameFacts) -> Iterator[str]:
    for name, members in claim.alliance.items():
        found = sorted(a.player for a in facts.model.alliances if a.alliance == name)
        if found != sorted(members):
            yield f"alliance {name}: {found or 'no members'}, the proof says {sorted(members)}"


def relationship(claim: c.RelationshipClaim, facts: GameFacts) -> Iterator[str]:
    start = facts.world.initial
    assert start is not None
    for pair, expected in claim.relationship.items():
        a, _, b = pair.partition("|")
        key = GameState.pair(a.strip(), b.strip())
        found = start.relationships.get(key)
        kind = expected if isinstance(expected, str) else expected.type
        if found != kind:
            yield f"relationship {pair}: {found or 'none'} at start, the proof says {kind}"
        if not isinstance(expected, str) and expected.round is not None:
            made = facts.world.relationship_rounds.get(key)
            if made != expected.round:
                yield (f"relationship {pair}: made in round {made} (roundValue) at start, "
                       f"the proof says {expected.round}")


def sequence(claim: c.SequenceClaim, facts: GameFacts) -> Iterator[str]:
    for player, steps in claim.sequence.items():
        found = facts.steps_of(player)
        if found != steps:
            yield f"steps of {player}: {found or 'none'}, the proof says {steps}"


def turn_order(claim: c.TurnOrderClaim, facts: GameFacts) -> Iterator[str]:
    found: list[str] = []
    for step in facts.model.steps:
        if step.player in claim.turn_order and step.player not in found:
            found.append(step.player)
    if found != claim.turn_order:
        yield f"turns come in the order {found}, the proof says {claim.turn_order}"


def attachment(claim: c.AttachmentClaim, facts: GameFacts) -> Iterator[str]:
    a = claim.attachment
    found = facts.option_values(a.name, a.to)
    if a.absent:
        if found is not None:
            yield f"attachment {a.name} on {a.to} exists, the proof says it does not"
        return
    if found is None:
        yield f"no attachment {a.name} on {a.to}"
        return
    fields, refused = _fields(f"{a.name} on {a.to}", facts, a.name, a.to)
    yield from refused
    yield from _options(f"{a.name} on {a.to}", found, a.options, fields, facts)
    yield from ignored(facts, f"{a.name} on {a.to}", a.name, a.to, a.options or None)


def resources(claim: c.ResourcesClaim, facts: GameFacts) -> Iterator[str]:
    for player, expected in claim.resources.items():
        found = facts.resources(player)
        if {k: v for k, v in found.items() if v} != {k: v for k, v in expected.items() if v}:
            yield f"{player} starts with {found or 'nothing'}, the proof says {expected}"


def placed(claim: c.PlacedClaim, facts: GameFacts) -> Iterator[str]:
    for player, expected in claim.placed.items():
        found = facts.placed(player)
        for unit_type, count in expected.items():
            if found[unit_type] != count:
                yield f"{player} starts with {found[unit_type]} {unit_type}, the proof says {count}"


Check = Callable[[Any, GameFacts], Iterator[str]]

CHECKS: dict[type[c.Claim], Check] = {
    c.UnitClaim: unit,
    c.CostClaim: cost,
    c.RepairClaim: repair,
    c.FrontierClaim: frontier,
    c.PropertyClaim: game_property,
    c.TerritoryClaim: territory,
    c.ConnectedClaim: connected,
    c.NotConnectedClaim: not_connected,
    c.CanalClaim: canal,
    c.AllianceClaim: alliance,
    c.RelationshipClaim: relationship,
    c.SequenceClaim: sequence,
    c.TurnOrderClaim: turn_order,
    c.AttachmentClaim: attachment,
    c.ResourcesClaim: resources,
    c.PlacedClaim: placed,
}
"""claim class -> what checks it against the game (house rules are run by compiler/proofs/logs.py)."""
