"""Lower `victory` (conditions and a trigger declaring the victory) and `victory_cities` (game properties).

`victory`: TripleA keeps one value per ownership option in a rulesAttachment, so each ownership of
the victory gets its own condition; the trigger needs all of them (conditionType AND, the default).
A trigger with `when` fires only with the game property "Use Triggers" on, which is added when the
spec does not set it (and refused when the spec turns it off).

`victory_cities`: TripleA's end-round delegate declares the win of an alliance holding enough
victory cities when "Total Victory" (or "Honorable Surrender", "Projection of Power") is on, reading
"<alliance> Total Victory VCs" (... "Honorable Victory VCs", "Projection of Power VCs"). An alliance
without a count would get TripleA's default (18, 15, 13), so every alliance must be given one.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.lower.objectives import ownership_options
from compiler.lower.values import text
from compiler.model import Attachment, GameModel, Option, Property
from compiler.model.vocabulary import CONDITION, TRIGGER
from compiler.problems import Problem
from compiler.spec.constructs import VictorySpec
from compiler.spec.models import PropertySpec, Scalar, Spec

USE_TRIGGERS = "Use Triggers"
VICTORY_CITY_MODES = {
    "total": ("Total Victory", "Total Victory VCs"),
    "honorable": ("Honorable Surrender", "Honorable Victory VCs"),
    "projection": ("Projection of Power", "Projection of Power VCs"),
}
"""spec key -> (the switch property, the per-alliance count property's suffix)"""


def _victory(v: VictorySpec) -> list[Attachment]:
    loc = v.loc
    owner = v.winners[0]
    conditions = []
    for index, owns in enumerate(v.owns if isinstance(v.owns, list) else [v.owns]):
        opts = [Option(name="gameProperty", value=v.game_property, loc=loc)] if v.game_property and not index else []
        opts += ownership_options(owns, owns.loc)
        conditions.append(CONDITION.make(owner, opts, suffix=v.name + (str(index + 1) if index else ""), loc=loc))
    trig_opts = [Option(name="conditions", value=":".join(c.name for c in conditions), loc=loc)]
    trig_opts += [Option(name="when", value=w, loc=loc) for w in v.when]
    trig_opts += [Option(name="victory", value=v.message, loc=loc),
                  Option(name="players", value=":".join(v.winners), loc=loc)]
    trigger = TRIGGER.make(owner, trig_opts, suffix=v.name, loc=loc)
    return [*conditions, trigger]


def victory_attachments(spec: Spec) -> list[Attachment]:
    return [a for v in spec.victory for a in _victory(v)]


def _property_value(value: PropertySpec | Scalar) -> str:
    return text(value.value) if isinstance(value, PropertySpec) else text(value)


def _trigger_switch(spec: Spec, game: GameModel) -> Iterator[Problem]:
    """"Use Triggers" on for victory triggers: added when the spec does not say, an error when it says no."""
    if not spec.victory:
        return
    said = spec.properties.get(USE_TRIGGERS)
    if said is None:
        game.properties.append(Property(name=USE_TRIGGERS, value="true", kind="boolean", loc=spec.where("victory")))
        return
    values = [_property_value(v) for v in (said if isinstance(said, list) else [said])]
    if any(v.strip().lower() != "true" for v in values):
        yield Problem("victory-spec", f"victory conditions are triggers, which TripleA fires only with "
                                      f"'{USE_TRIGGERS}' on; the spec sets it to {values[-1]!r}",
                      spec.where("properties", USE_TRIGGERS))


def _victory_city_points(spec: Spec) -> int:
    return sum(int(t.victory_city) for t in spec.territories.values() if t is not None and t.victory_city)


def _victory_cities(spec: Spec, game: GameModel) -> Iterator[Problem]:
    vc = spec.victory_cities
    if vc is None:
        return
    alliances = sorted({a.alliance for a in game.alliances})
    points = _victory_city_points(spec)
    for key, (switch, suffix) in VICTORY_CITY_MODES.items():
        counts: dict[str, int] = getattr(vc, key)
        if not counts:
            continue
        loc = spec.where("victory_cities", key)
        for name in (switch, *(f"{a} {suffix}" for a in alliances)):
            if name in spec.properties:
                yield Problem("victory-spec", f"victory_cities.{key} sets property '{name}'; do not set it under "
                                              "properties: too", spec.where("properties", name))
        unknown = sorted(set(counts) - set(alliances))
        if unknown:
            yield Problem("victory-spec", f"victory_cities.{key} names unknown alliance(s) {', '.join(unknown)} "
                                          f"(alliances: {', '.join(alliances) or 'none'})", loc)
        missing = [a for a in alliances if a not in counts]
        if missing:
            yield Problem("victory-spec", f"victory_cities.{key} gives no count for {', '.join(missing)}: TripleA "
                                          f"would let it win with its default number of victory cities", loc)
        for alliance, count in counts.items():
            if count > points:
                yield Problem("victory-spec", f"victory_cities.{key}: {alliance} can never hold {count} victory "
                                              f"cities, the map has {points} victory city points", loc)
        game.properties.append(Property(name=switch, value="true", kind="boolean", loc=loc))
        for alliance in alliances:
            if alliance in counts:
                game.properties.append(Property(name=f"{alliance} {suffix}", value=text(counts[alliance]),
                                                kind="number", min="1", max=text(max(points, counts[alliance])),
                                                loc=spec.where("victory_cities", key, alliance)))


def victory_properties(spec: Spec, game: GameModel) -> list[Problem]:
    """The game properties `victory` and `victory_cities` need, and the problems with them."""
    return [*_trigger_switch(spec, game), *_victory_cities(spec, game)]
