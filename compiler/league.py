"""League rule sets: the house rules a league plays by, as a small YAML file, no spec needed.

    name: my-league                 # optional: the file's name otherwise
    description: Revised, Low Luck, no technology
    games: [World War II Revised]   # optional: the game names it applies to (any game when absent)
    options: {Low Luck: true}       # the game options a save must record (the game-options rule)
    rules:                          # house rules, as in a spec's house_rules (`triplea-compiler explain RULE`)
      - {id: air-range, ranges: {bomber: {combat: 6}}}

A file says only what it enforces: `options: {Low Luck: true}` alone is a rule set. Built-in sets ship in
compiler/schemas/leagues/ and are named by their file name (`--league revised-championship`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from compiler.load import HouseRuleEntry
from compiler.problems import InputError, Location

BUILT_IN: Traversable = files("compiler") / "schemas" / "leagues"
KEYS = ("name", "description", "games", "options", "rules")
CODE = "bad-league"


@dataclass(frozen=True)
class League:
    """A league's rule set: its name, the games it applies to (empty: any) and its house rules in order."""

    name: str
    description: str = ""
    games: tuple[str, ...] = ()
    rules: list[HouseRuleEntry] = field(default_factory=list)

    def applies_to(self, game: str) -> bool:
        return not self.games or game in self.games


def built_in_names() -> list[str]:
    """The built-in rule sets' names."""
    return sorted(p.name.removesuffix(".yaml") for p in BUILT_IN.iterdir() if p.name.endswith(".yaml"))


def _text(value: Any, what: str, where: Location) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{what} must be a text", where, CODE)
    return value


def parse_league(text: str, path: str, default_name: str) -> League:
    """A rule set from its YAML text; InputError (located, code bad-league) for what is not one."""
    from compiler.checks._unknown import did_you_mean
    from compiler.yamlread import read_yaml

    data, positions = read_yaml(text, path)
    if not isinstance(data, dict):
        raise InputError("a league rule set is a mapping (name:, games:, options:, rules:)", positions.nearest(()),
                         CODE)
    for key in data:
        if key not in KEYS:
            raise InputError(f"unknown key {key!r}{did_you_mean(str(key), KEYS)} (a rule set has {', '.join(KEYS)})",
                             positions.nearest((key,)), CODE)
    games = data.get("games", [])
    if not isinstance(games, list):
        raise InputError("games: a list of game names", positions.nearest(("games",)), CODE)
    names = tuple(_text(g, "a game name", positions.nearest(("games", i))) for i, g in enumerate(games))
    entries: list[HouseRuleEntry] = []
    options = data.get("options")
    if options is not None:
        if not isinstance(options, dict) or not options:
            raise InputError("options: a mapping of game option names to the values required",
                             positions.nearest(("options",)), CODE)
        entries.append(HouseRuleEntry({"id": "game-options", "options": options}, positions.nearest(("options",))))
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise InputError("rules: a list of house rules ({id: ..., parameters})", positions.nearest(("rules",)), CODE)
    for i, rule in enumerate(rules):
        if not isinstance(rule, dict) or "id" not in rule:
            raise InputError("a rule is a mapping with its id: {id: air-range, ...}", positions.nearest(("rules", i)),
                             CODE)
        entries.append(HouseRuleEntry(dict(rule), positions.nearest(("rules", i))))
    if not entries:
        raise InputError("the rule set enforces nothing: give options: or rules:", positions.nearest(()), CODE)
    name = _text(data["name"], "name", positions.nearest(("name",))) if "name" in data else default_name
    description = _text(data["description"], "description", positions.nearest(("description",))) \
        if "description" in data else ""
    return League(name, description, names, entries)


def load_league(given: str) -> League:
    """A rule set: a YAML file's, or the built-in set of that name; InputError otherwise."""
    from compiler.limits import read_text

    path = Path(given)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return parse_league(read_text(path, "league rule set"), str(path), path.stem)
    if given in built_in_names():
        built = BUILT_IN / f"{given}.yaml"
        return parse_league(built.read_text(encoding="utf-8"), f"<built-in league {given}>", given)
    from compiler.checks._unknown import did_you_mean

    raise InputError(f"--league {given}: no such file and no built-in rule set of that name"
                     f"{did_you_mean(given, built_in_names())} (built in: {', '.join(built_in_names())})",
                     code=CODE)
