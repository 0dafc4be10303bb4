"""map.properties judged as TripleA 2.x reads it, once per game (the findings of bad-map-property and
ignored-map-property): values TripleA cannot read, values out of range, keys it does not read that look like
keys it does (compiler/mapfolder/map_properties.py holds the table)."""

from __future__ import annotations

from compiler.checks._map_folder import MAP_PROPERTIES, image_index, judged, map_properties_loc, properties
from compiler.checks._unknown import closest
from compiler.checks.context import CheckContext
from compiler.mapfolder.map_properties import KEYS, PLAYER_KEYS, KeySpec, Kind, is_legacy, parse, spec_of
from compiler.mapfolder.properties_file import PropertyEntry
from compiler.problems import Location, Problem, Severity

BAD = "bad-map-property"
IGNORED = "ignored-map-property"


def _value_problem(entry: PropertyEntry, spec: KeySpec, loc: Location) -> Problem | None:
    value = entry.value
    read = parse(spec.kind, value)
    key = f"'{entry.key}'"
    if spec.kind is Kind.NAMES:
        padded = [n for n in value.split(",") if n != n.strip()]
        if padded:
            return Problem(IGNORED, f"{MAP_PROPERTIES} {key} lists '{padded[0]}' with blanks: TripleA splits the "
                           "list at commas only, so it matches no name and ignores it", loc, Severity.WARNING)
        return None
    if read is None:
        if spec.kind is Kind.BOOL and value.strip().lower() == "false":
            return None  # read as false, as written
        if spec.kind is Kind.BOOL:
            return Problem(IGNORED, f"{MAP_PROPERTIES} {key} is '{value}', not true or false: {spec.effect}",
                           loc, Severity.WARNING)
        severity = Severity.ERROR if spec.fatal else Severity.WARNING
        return Problem(BAD if spec.fatal else IGNORED, f"{MAP_PROPERTIES} {key} is '{value}', not "
                       f"{spec.kind.value.strip()}: {spec.effect}", loc, severity)
    if isinstance(read, float | int) and not isinstance(read, bool) and (
            (spec.low is not None and read < spec.low) or (spec.high is not None and read > spec.high)):
        fatal = spec.fatal and spec.range_effect == spec.effect
        bounds = (f"between {spec.low:g} and {spec.high:g}" if spec.low is not None and spec.high is not None
                  else f"at least {spec.low:g}")
        return Problem(BAD if fatal else IGNORED, f"{MAP_PROPERTIES} {key} is {value.strip()}, not {bounds}: "
                       f"{spec.range_effect}", loc, Severity.ERROR if fatal else Severity.WARNING)
    return None


def _misspelt(entry: PropertyEntry, players: set[str], entries: dict[str, PropertyEntry],
              loc: Location) -> Problem | None:
    key = entry.key
    if is_legacy(key):
        return None
    for prefix in PLAYER_KEYS:
        if key.startswith(prefix):
            lacking = sorted(p for p in players if prefix + p not in entries)
            spaced = [p for p in lacking if p.startswith(key[len(prefix):] + " ")]
            if spaced:
                escaped = prefix + spaced[0].replace(" ", "\\ ")
                return Problem(IGNORED, f"{MAP_PROPERTIES} key '{key}' ends at the blank in player name "
                               f"'{spaced[0]}' (Java reads the rest as the value): TripleA ignores it and player "
                               f"'{spaced[0]}' gets a default; write '{escaped}='", loc, Severity.WARNING)
            meant = closest(key[len(prefix):], lacking)
            if meant is None:
                return None  # a player of another game of the map
            return Problem(IGNORED, f"{MAP_PROPERTIES} key '{key}' names no player of this game (did you mean "
                           f"'{prefix}{meant}'?): TripleA ignores it and player '{meant}' gets a default",
                           loc, Severity.WARNING)
    known = [k for k in KEYS if k not in entries]
    meant = next((k for k in known if k.lower() == key.lower()), None) or closest(key, known) or \
        closest(key, [p + "<player>" for p in PLAYER_KEYS])
    if meant is None:
        return None
    return Problem(IGNORED, f"TripleA does not read {MAP_PROPERTIES} key '{key}' (did you mean '{meant}'?): it is "
                   "ignored and the setting keeps its default", loc, Severity.WARNING)


def map_property_problems(ctx: CheckContext) -> list[Problem]:
    """Every finding of map.properties for the game of `ctx` (both checks' ids), once per context."""
    if not judged(ctx):
        return []
    found = properties(ctx, MAP_PROPERTIES)
    if found is None:
        if image_index(ctx) is None:
            return []  # a copy of a map's text files without map.properties: nothing TripleA could draw
        return [Problem(BAD, f"the map has no {MAP_PROPERTIES}: TripleA cannot open the game (it needs map.width "
                        "and map.height)", map_properties_loc(ctx), Severity.ERROR)]
    players = ctx.model.player_names()
    problems: list[Problem] = []
    for size in ("map.width", "map.height"):
        if size not in found.entries:
            problems.append(Problem(BAD, f"{MAP_PROPERTIES} has no '{size}': TripleA cannot open the game "
                                    "(IllegalStateException: Missing map.width or map.height)", found.loc(""),
                                    Severity.ERROR))
    for entry in found.entries.values():
        loc = Location(found.path, entry.line, 1)
        known = spec_of(entry.key, players)
        if known is None:
            problem = _misspelt(entry, players, found.entries, loc)
        else:
            spec, player = known
            if entry.key.startswith("units.transform.brightness.") and \
                    f"units.transform.color.{player}" not in found.entries:
                continue  # read only with the player's unit colour
            problem = _value_problem(entry, spec, loc)
        if problem is not None:
            problems.append(problem)
    return problems


def of_check(ctx: CheckContext, check_id: str) -> list[Problem]:
    return [p for p in ctx.shared(map_property_problems) if p.code == check_id]
