"""Benchmark (issue #16): how validate, import, compile and diff scale with the size of the map.

    unset PYTHONDONTWRITEBYTECODE   # else every run recompiles every module (the script drops it for its children)
    python bench/bench_scaling.py [--sizes 1000,2000,5000,10000,20000] [--quick] [--repeat 2] [--keep DIR]
    python bench/bench_scaling.py --generate 5000 /tmp/game5000.xml   # only write the generated game
    python bench/bench_scaling.py --maps [--map-sizes 1000,2000,3500,5000,10000]   # map folders instead
    python bench/bench_scaling.py --generate-map 3500 stacked /tmp/jutland   # only write one map folder

Generates, for each size N, a valid TripleA game XML of N territories (seeded: the same N always gives
the same bytes) and measures the CPU seconds (user + system, `getrusage` of the child) of each command
in a fresh process, as a user runs it, best of --repeat:

    validate  python -m compiler validate GAME.xml
    import    python -m compiler import GAME.xml -o GAME.yaml
    compile   python -m compiler compile GAME.yaml -o OUT/
    diff      python -m compiler diff GAME.xml GAME.yaml       (compiles the spec, then compares)

It also measures the fixed cost (start-up, imports, catalogs: the same command on a game of
`TINY` territories) and fits log(seconds) = a + k log(N) by least squares, on the raw seconds and on
the seconds minus the fixed cost. Linear growth is k = 1; issue #16's target is k <= 1.1.

The generated game has the proportions of the 59 real games (../shared/reference/corpus/*.xml and
maps/*/map/games/*.xml: 16,531 territories), per-game medians unless said (measured on the generated
game in brackets):

    per territory   sea zones 0.36 [0.37]: 4 columns of sea in every 11 of a square grid
                    connections 2.59, pooled 2.68 [2.58]: each cell to its right and lower neighbours,
                    and in 60% of the cells to the lower right one (planar)
                    territory attachments on 99% of the land (pooled) [99%], 1.76 options each (pooled)
                    [1.76: production, and capital, victoryCity or originalOwner]; none on sea zones
                    (the corpus has 0.07 per territory there)
                    owners on 78% of the land (pooled) [77%], in 8 vertical bands, one per player
                    unit placements 1.09 [1.09] on 52% of the territories [52%], 1.53 units each
                    (pooled) [1.53]: 1.67 units per territory (median 1.81)
                    rules attachments (conditions, national objectives) 0.28 with 1.7 options each and
                    triggers 0.23 with 6.4 options each: the medians of the 30 games that use triggers
                    [0.28 with 1.8; 0.23 with 6.4]
    per game        8 players (median), 2 alliances, 28 relationships, 20 unit types (median) with 7.2
                    options each (pooled) [7.0], 25 production rules (median), 1 frontier, 58 steps
                    (median 62), 20 properties. These do not grow with the map in real games (2 to 23
                    players for 20 to 951 territories), and relationships grow with players squared.

That is 9.4 XML elements per territory (median game 11.6; pooled 17.9, trigger-heavy games weigh in):
20,000 territories make 188,000 elements, under the parser's cap of 250,000 (compiler/limits.py).

Last measured (2026-11-26, 2 vCPUs shared with other work, so +-10-20%; CPU seconds, best of 2):

    before (best of 1)   validate  import  compile    diff
    fixed (50 terr.)         0.26    0.40     0.52    0.52
    1,000                    0.30    0.60     0.87    1.14
    2,000                    0.37    0.80     1.46    2.01
    5,000                    0.64    1.39     3.23    4.39
    10,000                   1.03    2.52     7.09    8.67
    20,000                   1.83    5.08    14.07   17.36
    k raw / minus fixed  0.61/1.18 0.71/1.05 0.94/1.22 0.91/1.09

    after                validate  import  compile    diff
    fixed (50 terr.)         0.24    0.39     0.51    0.47
    1,000                    0.29    0.53     0.78    0.92
    2,000                    0.38    0.73     1.03    1.25
    5,000                    0.63    1.40     2.30    2.97
    10,000                   1.03    2.58     3.86    5.47
    20,000                   2.03    4.63     7.33   11.71
    k raw / minus fixed  0.64/1.17 0.74/1.15 0.76/1.09 0.86/1.10

The superlinear part was Python's cyclic garbage collector: its full collections rescan every live
object, and a bigger map has more of them for longer (55% of a compile of 20,000 territories, 50% of
a diff). Compiling (compiler/compile.py), lifting (compiler/lift) and comparing (compiler/diff) now
pause it, as validating one game already did. What is left above 1.1 is the collector in the import
command's parse and checks and in diff's reading of a game XML (files outside those), and noise: at
1,000 territories validate's time minus the fixed cost is 0.05 s.

With --maps, `validate` of the same games as map folders (map_texts): "grid" draws each territory as a
40-pixel square at its cell, "stacked" draws them all on one 1x1-pixel square with their centres and
placement points there, the shape of the public map Battle_of_Jutland (2,080 territories on one polygon).
Last measured (2026-11-28, the machine busy with other work: seconds about 3x a quiet machine's), CPU
seconds, best of 2:

    territories     grid  stacked  stacked before (missing-connection measured every pair)
    fixed (50)      0.73     0.87
    1,000           1.12     0.98     42.5
    2,000           1.68     1.29    174.4
    3,500           2.07     1.48    477.6   (2,100 land territories)
    5,000           2.22     1.91
    10,000          5.51     2.98
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from measure import child_environment, children_cpu

ROOT = Path(__file__).resolve().parents[1]
SIZES = (1000, 2000, 5000, 10000, 20000)
QUICK = (1000, 2000)
TINY = 50
SEED = 16
COMMANDS = ("validate", "import", "compile", "diff")

# Proportions (see the docstring).
SEA_COLUMNS = (0, 1, 2, 3)  # of every SEA_PERIOD columns
SEA_PERIOD = 11
DIAGONAL_SHARE = 0.60
LAND_ATTACHED = 0.99
EXTRA_TERRITORY_OPTIONS = 0.76
LAND_OWNED = 0.78
PLACED_SHARE = 0.52
PLACEMENTS_PER_PLACED = 1.09 / 0.52
RULES_PER_TERRITORY = 0.28
TRIGGERS_PER_TERRITORY = 0.23
PLAYERS = ("Germans", "Italians", "Japanese", "Hungarians", "Russians", "British", "Americans", "Chinese")
AXIS = PLAYERS[:4]

# unit type: (cost, options); sea units are placed in sea zones, the others on land
LAND_UNITS: dict[str, tuple[int, dict[str, str]]] = {
    "infantry": (3, {"movement": "1", "transportCost": "2", "attack": "1", "defense": "2",
                     "artillerySupportable": "true", "isInfantry": "true", "isLandTransportable": "true"}),
    "elite": (4, {"movement": "1", "transportCost": "2", "attack": "2", "defense": "2",
                  "artillerySupportable": "true", "isInfantry": "true", "isLandTransportable": "true"}),
    "militia": (2, {"movement": "1", "transportCost": "2", "attack": "0", "defense": "1",
                    "isInfantry": "true", "canBlitz": "false", "isLandTransportable": "true"}),
    "mech_infantry": (4, {"movement": "2", "transportCost": "2", "attack": "1", "defense": "2",
                          "canBlitz": "true", "artillerySupportable": "true", "isInfantry": "true"}),
    "artillery": (4, {"movement": "1", "transportCost": "3", "attack": "2", "defense": "2",
                      "artillery": "true", "isLandTransportable": "true", "canBlitz": "false"}),
    "armour": (6, {"movement": "2", "transportCost": "3", "attack": "3", "defense": "3",
                   "canBlitz": "true", "isLandTransportable": "true", "hitPoints": "1"}),
    "heavy_armour": (8, {"movement": "2", "transportCost": "4", "attack": "4", "defense": "4",
                         "canBlitz": "true", "hitPoints": "2", "isLandTransportable": "true"}),
    "fighter": (10, {"movement": "4", "carrierCost": "1", "isAir": "true", "attack": "3",
                     "defense": "4", "canScramble": "false", "hitPoints": "1"}),
    "tactical_bomber": (11, {"movement": "4", "carrierCost": "1", "isAir": "true", "attack": "3",
                             "defense": "3", "hitPoints": "1", "canScramble": "false"}),
    "bomber": (12, {"movement": "6", "isAir": "true", "attack": "4", "defense": "1",
                    "isStrategicBomber": "true", "bombingMaxDieSides": "6", "hitPoints": "1"}),
    "aaGun": (5, {"movement": "1", "transportCost": "3", "isAAforCombatOnly": "true", "attackAA": "1",
                  "maxAAattacks": "-1", "mayOverStackAA": "true", "typeAA": "AA"}),
    "factory": (15, {"isFactory": "true", "canBeDamaged": "true", "maxDamage": "20",
                     "maxOperationalDamage": "10", "canProduceUnits": "true", "isInfrastructure": "true",
                     "canBeCapturedOnEnteringBy": "Germans"}),
}
SEA_UNITS: dict[str, tuple[int, dict[str, str]]] = {
    "transport": (7, {"movement": "2", "isSea": "true", "transportCapacity": "5", "attack": "0",
                      "defense": "0", "isCombatTransport": "false", "hitPoints": "1"}),
    "submarine": (6, {"movement": "2", "isSea": "true", "isSub": "true", "attack": "2", "defense": "1",
                      "canEvade": "true", "hitPoints": "1"}),
    "destroyer": (8, {"movement": "2", "isSea": "true", "isDestroyer": "true", "attack": "2",
                      "defense": "2", "hitPoints": "1", "canBombard": "false"}),
    "cruiser": (12, {"movement": "2", "isSea": "true", "canBombard": "true", "attack": "3",
                     "defense": "3", "hitPoints": "1", "bombard": "3"}),
    "carrier": (16, {"movement": "2", "isSea": "true", "carrierCapacity": "2", "attack": "1",
                     "defense": "2", "hitPoints": "2", "canBombard": "false"}),
    "battleship": (20, {"movement": "2", "isSea": "true", "canBombard": "true", "attack": "4",
                        "defense": "4", "hitPoints": "2", "bombard": "4"}),
    "minesweeper": (5, {"movement": "2", "isSea": "true", "attack": "1", "defense": "1",
                        "hitPoints": "1", "canBombard": "false", "isCombatTransport": "false"}),
    "patrol_boat": (4, {"movement": "3", "isSea": "true", "attack": "1", "defense": "1",
                        "hitPoints": "1", "canBombard": "false", "canEvade": "false"}),
}
UNITS = {**LAND_UNITS, **SEA_UNITS}
PLACED_LAND = ("infantry", "infantry", "infantry", "artillery", "armour", "militia", "mech_infantry", "fighter")
PLACED_SEA = ("transport", "submarine", "destroyer", "cruiser", "carrier", "battleship")
DELEGATES = (
    ("initDelegate", "InitializationDelegate", "Initializing Delegates"),
    ("tech", "TechnologyDelegate", "Research Technology"),
    ("tech_activation", "TechActivationDelegate", "Activate Technology"),
    ("battle", "BattleDelegate", "Combat"),
    ("move", "MoveDelegate", "Combat Move"),
    ("place", "PlaceDelegate", "Place Units"),
    ("purchase", "PurchaseDelegate", "Purchase Units"),
    ("endTurn", "EndTurnDelegate", "Turn Complete"),
    ("endRound", "EndRoundDelegate", "Round Complete"),
)
TURN = (("Tech", "tech", ""), ("Purchase", "purchase", ""), ("CombatMove", "move", ""), ("Battle", "battle", ""),
        ("NonCombatMove", "move", ' display="Non Combat Move"'), ("Place", "place", ""), ("EndTurn", "endTurn", ""))
WATER = ' water="true"'
PROPERTIES = (("Use Triggers", "true"), ("National Objectives", "true"), ("Low Luck", "false"),
              ("Capture Units On Entering Territory", "true"),
              ("WW2V3", "true"), ("Total Victory", "false"), ("Projection of Power", "true"),
              ("Economic Victory", "false"), ("Territory Turn Limit", "false"), ("Always on AA", "false"),
              ("Tech Development", "false"), ("Allied Air Independent", "true"), ("Kamikaze Airplanes", "false"),
              ("maxFactoriesPerTerritory", "1"), ("neutralCharge", "0"),
              ("Produce new fighters on old carriers", "true"), ("Move existing fighters to new carriers", "true"),
              ("Units Repair Hits End Turn", "true"),
              ("Pacific Theater", "false"), ("Partial Amphibious Retreat", "true"), ("mapName", "scaling"))


def _attachment(name: str, to: str, java: str, kind: str, options: Sequence[tuple[str, str, str]]) -> list[str]:
    """An attachment's lines; each option is (name, value, count), count "" for none."""
    lines = [f"    <attachment name={quoteattr(name)} attachTo={quoteattr(to)} "
             f'javaClass="games.strategy.triplea.attachments.{java}" type="{kind}">']
    for option, value, count in options:
        counted = f" count={quoteattr(count)}" if count else ""
        lines.append(f"      <option name={quoteattr(option)} value={quoteattr(value)}{counted}/>")
    return [*lines, "    </attachment>"]


@dataclass
class Board:
    """The generated map: territory i is cell (i // width, i % width) of a grid filled row by row."""

    width: int
    names: list[str]
    water: list[bool]
    owner: list[str | None]
    band: list[str]  # the player of the cell's vertical band (the owner of its fleets and neutral units)

    @classmethod
    def make(cls, n: int, rng: random.Random) -> Board:
        width = max(SEA_PERIOD, math.ceil(math.sqrt(n)))
        water = [i % width % SEA_PERIOD in SEA_COLUMNS for i in range(n)]
        band = [PLAYERS[min(len(PLAYERS) - 1, i % width * len(PLAYERS) // width)] for i in range(n)]
        owner = [None if water[i] or rng.random() >= LAND_OWNED else band[i] for i in range(n)]
        names = [f"{'Sea Zone' if water[i] else 'Land'} {i + 1}" for i in range(n)]
        return cls(width, names, water, owner, band)

    def connections(self, rng: random.Random) -> Iterator[tuple[str, str]]:
        """Each cell to its right and lower neighbours, and in DIAGONAL_SHARE of cells to the lower right."""
        n, width = len(self.names), self.width
        for i in range(n):
            right = i + 1 if (i + 1) % width else None
            below = i + width
            diagonal = below + 1 if right is not None and rng.random() < DIAGONAL_SHARE else None
            for j in (right, below, diagonal):
                if j is not None and j < n:
                    yield self.names[i], self.names[j]


def _head(n: int, board: Board, rng: random.Random) -> list[str]:
    """From <game> to the end of <gamePlay>: the map, resources, players, units and the turn sequence."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE game SYSTEM "game.dtd">', "<game>",
           f'  <info name="Scaling {n}" version="1.0"/>', '  <loader javaClass="games.strategy.triplea.TripleA"/>',
           '  <triplea minimumVersion="2.0"/>', "  <map>"]
    out += [f'    <territory name="{name}"{WATER if board.water[i] else ""}/>' for i, name in enumerate(board.names)]
    out += [f'    <connection t1="{a}" t2="{b}"/>' for a, b in board.connections(rng)]
    out += ["  </map>", "  <resourceList>", '    <resource name="PUs"/>', "  </resourceList>", "  <playerList>"]
    out += [f'    <player name="{p}" optional="false"/>' for p in PLAYERS]
    out += [f'    <alliance player="{p}" alliance="{"Axis" if p in AXIS else "Allies"}"/>' for p in PLAYERS]
    out += ["  </playerList>", "  <unitList>", *(f'    <unit name="{u}"/>' for u in UNITS), "  </unitList>",
            "  <relationshipTypes>", '    <relationshipType name="Allied"/>', '    <relationshipType name="War"/>',
            "  </relationshipTypes>", "  <gamePlay>"]
    out += [f'    <delegate name="{d}" javaClass="games.strategy.triplea.delegate.{java}" display="{shown}"/>'
            for d, java, shown in DELEGATES]
    out += ["    <sequence>", '      <step name="gameInitDelegate" delegate="initDelegate" maxRunCount="1"/>']
    out += [f'      <step name="{p.lower()}{step}" delegate="{d}" player="{p}"{display}/>'
            for p in PLAYERS for step, d, display in TURN]
    return [*out, '      <step name="endRoundStep" delegate="endRound"/>', "    </sequence>", "  </gamePlay>"]


def _production() -> list[str]:
    """One rule per unit type and 5 cheaper ones (25 rules), one frontier of the first 20."""
    rules = [(f"buy{u[0].upper()}{u[1:]}", u, cost) for u, (cost, _) in UNITS.items()]
    rules += [(f"buy{u[0].upper()}{u[1:]}Industrial", u, UNITS[u][0] - 1)
              for u in ("infantry", "artillery", "armour", "fighter", "bomber")]
    out = ["  <production>"]
    for rule, unit, cost in rules:
        out += [f'    <productionRule name="{rule}">', f'      <cost resource="PUs" quantity="{cost}"/>',
                f'      <result resourceOrUnit="{unit}" quantity="1"/>', "    </productionRule>"]
    out.append('    <productionFrontier name="production">')
    out += [f'      <frontierRules name="{rule}"/>' for rule, _, _ in rules[: len(UNITS)]]
    out.append("    </productionFrontier>")
    out += [f'    <playerProduction player="{p}" frontier="production"/>' for p in PLAYERS]
    return [*out, "  </production>"]


def _attachments(n: int, board: Board, rng: random.Random) -> list[str]:
    """Unit, territory, rules (conditions and national objectives) and trigger attachments."""
    out = ["  <attachmentList>"]
    for u, (_, stats) in UNITS.items():
        out += _attachment("unitAttachment", u, "UnitAttachment", "unitType", [(k, v, "") for k, v in stats.items()])
    capitals: dict[int, str] = {}
    for i, p in enumerate(board.owner):
        if p is not None and p not in capitals.values():
            capitals[i] = p
    for i, name in enumerate(board.names):
        if board.water[i] or rng.random() >= LAND_ATTACHED:
            continue
        options = [("production", str(rng.choice((0, 1, 1, 2, 2, 3, 4, 6))), "")]
        if i in capitals:
            options += [("capital", capitals[i], ""), ("victoryCity", "1", "")]
        elif rng.random() < EXTRA_TERRITORY_OPTIONS:
            options.append(("victoryCity", "1", "") if rng.random() < 0.1 else
                           ("originalOwner", board.owner[i] or board.band[i], ""))
        out += _attachment("territoryAttachment", name, "TerritoryAttachment", "territory", options)
    land = [i for i in range(n) if not board.water[i]]
    land_of = {p: [i for i in land if board.owner[i] == p] or land for p in PLAYERS}
    conditions: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for k in range(round(RULES_PER_TERRITORY * n)):
        p = PLAYERS[k % len(PLAYERS)]
        mine, start = land_of[p], rng.randrange(len(land_of[p]))
        picked = ":".join(board.names[mine[(start + j) % len(mine)]] for j in range(3))
        kind = rng.choice(("directOwnershipTerritories", "alliedOwnershipTerritories"))
        if rng.random() < 0.35:
            name = f"objectiveAttachment_{p}_{k}"
            options = [(kind, picked, "3"), ("objectiveValue", str(rng.choice((2, 3, 5))), "")]
        else:
            name = f"conditionAttachment_{p}_{k}"
            options = [(kind, picked, str(rng.choice((1, 2, 3))))]
            if rng.random() < 0.7:
                options.append(("invert", "true", ""))
            conditions[p].append(name)
        out += _attachment(name, p, "RulesAttachment", "player", options)
    for k in range(round(TRIGGERS_PER_TERRITORY * n)):
        p = PLAYERS[k % len(PLAYERS)]
        where = board.names[rng.choice(land_of[p])]
        options = [("conditions", rng.choice(conditions[p]), "")] if conditions[p] else []
        options += [("when", f"after:{p.lower()}{rng.choice(('Purchase', 'Battle', 'EndTurn'))}", ""),
                    ("uses", "1", ""), ("placement", f"{where}:infantry", "2"), ("resource", "PUs", ""),
                    ("resourceCount", str(rng.choice((1, 2, 3, 5))), "")]
        if rng.random() < 0.4:
            options.append(("players", p, ""))
        out += _attachment(f"triggerAttachment_{p}_{k}", p, "TriggerAttachment", "player", options)
    return [*out, "  </attachmentList>"]


def _initialize(board: Board, rng: random.Random) -> list[str]:
    """Owners, units (neutral ones on unowned land, fleets of the band's player), PUs and relationships."""
    out = ["  <initialize>", "    <ownerInitialize>"]
    out += [f'      <territoryOwner territory="{board.names[i]}" owner="{p}"/>' for i, p in enumerate(board.owner) if p]
    out += ["    </ownerInitialize>", "    <unitInitialize>"]
    for i, name in enumerate(board.names):
        if rng.random() >= PLACED_SHARE:
            continue
        neutral = board.owner[i] is None and not board.water[i]
        owner = "" if neutral else f' owner="{board.owner[i] or board.band[i]}"'
        count = 2 + int(rng.random() < PLACEMENTS_PER_PLACED - 2)
        for unit in rng.sample(PLACED_SEA if board.water[i] else PLACED_LAND, count):
            quantity = 1 + int(rng.random() < 0.45) + int(rng.random() < 0.08)
            out.append(f'      <unitPlacement unitType="{unit}" territory="{name}" quantity="{quantity}"{owner}/>')
    out += ["    </unitInitialize>", "    <resourceInitialize>"]
    out += [f'      <resourceGiven player="{p}" resource="PUs" quantity="{30 + 5 * k}"/>'
            for k, p in enumerate(PLAYERS)]
    out += ["    </resourceInitialize>", "    <relationshipInitialize>"]
    out += [f'      <relationship type="{"Allied" if (p in AXIS) == (q in AXIS) else "War"}" player1="{p}" '
            f'player2="{q}" roundValue="1"/>' for k, p in enumerate(PLAYERS) for q in PLAYERS[k + 1:]]
    return [*out, "    </relationshipInitialize>", "  </initialize>"]


def _properties() -> list[str]:
    out = ["  <propertyList>"]
    for prop, value in PROPERTIES:
        if value in ("true", "false"):
            out += [f'    <property name="{prop}" value="{value}" editable="true">', "      <boolean/>",
                    "    </property>"]
        else:
            out.append(f'    <property name="{prop}" value="{value}" editable="false"/>')
    return [*out, "  </propertyList>"]


def generate(n: int, seed: int = SEED) -> str:
    """A valid TripleA game XML of `n` territories in the corpus's proportions (see the docstring)."""
    rng = random.Random(seed * 1_000_003 + n)
    board = Board.make(n, rng)
    lines = [*_head(n, board, rng), *_production(), *_attachments(n, board, rng), *_initialize(board, rng),
             *_properties(), "</game>", ""]
    return "\n".join(lines)


# Map folders (`--maps`, validate only): the game above with a map's text files, in two layouts.
MAP_SIZES = (1000, 2000, 3500, 5000, 10000)  # 3,500: 2,100 land territories, as Battle_of_Jutland (2,080)
MAP_LAYOUTS = ("grid", "stacked")
CELL = 40  # the side of a territory's square in the grid layout, in pixels


def map_texts(n: int, layout: str) -> dict[str, str]:
    """polygons.txt, centers.txt, place.txt and map.properties for the game of `n` territories. "grid" draws
    each territory as a CELL-pixel square at its cell of the board (neighbours share a side, as on a real
    map); "stacked" draws every territory as the same 1x1-pixel square at (0,0), its centre and placement
    points there too: the shape of Battle_of_Jutland, whose 2,080 territories share one such polygon."""
    board = Board.make(n, random.Random(SEED))  # the names and the width depend on n alone
    polygons, centers, place = [], [], []
    for i, name in enumerate(board.names):
        x, y, side = (i % board.width * CELL, i // board.width * CELL, CELL) if layout == "grid" else (0, 0, 1)
        polygons.append(f"{name}  <  ({x},{y}) ({x + side},{y}) ({x + side},{y + side}) ({x},{y + side})  >")
        centers.append(f"{name}  ({x + side // 2},{y + side // 2})")
        place.append(f"{name}  ({x},{y}) ({x + side // 2},{y})  | overflowToLeft=false")
    height = math.ceil(n / board.width) * CELL
    return {"polygons.txt": "\n".join(polygons) + "\n", "centers.txt": "\n".join(centers) + "\n",
            "place.txt": "\n".join(place) + "\n",
            "map.properties": f"map.width={board.width * CELL}\nmap.height={height}\nmap.scrollWrapX=false\n"}


def write_map(n: int, layout: str, folder: Path) -> Path:
    """A map folder of `n` territories in `layout` (see map_texts): its game in games/, its text files."""
    (folder / "games").mkdir(parents=True, exist_ok=True)
    (folder / "games" / f"scaling_{n}.xml").write_text(generate(n), encoding="utf-8")
    for name, text in map_texts(n, layout).items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def measure_maps(sizes: list[int], work: Path, repeat: int) -> None:
    """validate of generated map folders (map_texts) in each layout: CPU seconds, best of `repeat`, and the
    exponent k of seconds ~ N^k (raw, and minus the fixed cost of a map of TINY territories)."""
    folders = {(n, layout): write_map(n, layout, work / f"{layout}_{n}") for n in [TINY, *sizes]
               for layout in MAP_LAYOUTS}
    measure("validate", folders[TINY, MAP_LAYOUTS[0]], work, 1)  # warm-up: bytecode caches
    print(f"validate of a map folder, CPU seconds, best of {repeat}, fresh process per run; fixed = a map of "
          f"{TINY} territories")
    print(f"| {'territories':>11} | " + " | ".join(f"{layout:>8}" for layout in MAP_LAYOUTS) + " |")
    print("|" + "--:|" * (len(MAP_LAYOUTS) + 1))
    fixed = {layout: measure("validate", folders[TINY, layout], work, repeat) for layout in MAP_LAYOUTS}
    print(f"| {'fixed':>11} | " + " | ".join(f"{fixed[layout]:8.2f}" for layout in MAP_LAYOUTS) + " |")
    table: dict[str, list[float]] = {layout: [] for layout in MAP_LAYOUTS}
    for n in sizes:
        for layout in MAP_LAYOUTS:
            table[layout].append(measure("validate", folders[n, layout], work, repeat))
        print(f"| {n:11,} | " + " | ".join(f"{table[layout][-1]:8.2f}" for layout in MAP_LAYOUTS) + " |", flush=True)
    print()
    for layout in MAP_LAYOUTS:
        net = [t - fixed[layout] for t in table[layout]]
        raw_k, net_k = exponent(sizes, table[layout]), exponent(sizes, net)
        print(f"  {layout:8} k raw {raw_k:5.2f}   minus fixed cost {net_k:5.2f}")


def _environment() -> dict[str, str]:
    """The children's environment (measure.child_environment), finding this source tree's compiler."""
    env = child_environment()
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def command_line(command: str, game: Path, work: Path) -> list[str]:
    spec = work / f"{game.stem}.yaml"
    arguments = {
        "validate": ["validate", str(game)],
        "import": ["import", str(game), "-o", str(spec)],
        "compile": ["compile", str(spec), "-o", str(work / "out")],
        "diff": ["diff", str(game), str(spec)],
    }[command]
    return [sys.executable, "-m", "compiler", *arguments]


def measure(command: str, game: Path, work: Path, repeat: int) -> float:
    """The least CPU seconds of `repeat` fresh processes running `command` on `game` (exit status 0 required)."""
    cmd, env = command_line(command, game, work), _environment()
    best = math.inf
    for _ in range(repeat):
        before = children_cpu()
        done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, check=False)
        used = children_cpu() - before
        if done.returncode != 0:
            said = (done.stdout + done.stderr)[-4000:]
            raise SystemExit(f"{' '.join(cmd)}: exit status {done.returncode}\n{said}")
        best = min(best, used)
    return best


def exponent(sizes: Sequence[int], seconds: Sequence[float]) -> float:
    """k of the least-squares fit log(seconds) = a + k log(size); nan when under two usable points."""
    points = [(math.log(n), math.log(s)) for n, s in zip(sizes, seconds, strict=True) if s > 0]
    if len(points) < 2:
        return math.nan
    return statistics.linear_regression([x for x, _ in points], [y for _, y in points]).slope


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="territory counts, comma-separated")
    parser.add_argument("--quick", action="store_true", help=f"only {','.join(map(str, QUICK))} territories")
    parser.add_argument("--repeat", type=int, default=2, help="best of R runs of each command")
    parser.add_argument("--commands", default=",".join(COMMANDS), help="which commands, comma-separated")
    parser.add_argument("--keep", type=Path, help="write the games and specs here (default: a temporary folder)")
    parser.add_argument("--generate", nargs=2, metavar=("N", "FILE"), help="only write the game of N territories")
    parser.add_argument("--maps", action="store_true",
                        help=f"validate of generated map folders instead ({', '.join(MAP_LAYOUTS)} layouts)")
    parser.add_argument("--map-sizes", default=",".join(map(str, MAP_SIZES)), help="territory counts for --maps")
    parser.add_argument("--generate-map", nargs=3, metavar=("N", "LAYOUT", "DIR"),
                        help="only write the map folder of N territories in LAYOUT (grid, stacked)")
    args = parser.parse_args()
    if args.generate:
        Path(args.generate[1]).write_text(generate(int(args.generate[0])), encoding="utf-8")
        return 0
    if args.generate_map:
        n, layout, folder = args.generate_map
        if layout not in MAP_LAYOUTS:
            parser.error(f"unknown layout {layout!r} (choose from {', '.join(MAP_LAYOUTS)})")
        write_map(int(n), layout, Path(folder))
        return 0
    sizes = list(QUICK) if args.quick else [int(s) for s in args.sizes.split(",")]
    commands = [c for c in args.commands.split(",") if c]
    if unknown := set(commands) - set(COMMANDS):
        parser.error(f"unknown command(s): {', '.join(sorted(unknown))}")
    if "PYTHONDONTWRITEBYTECODE" in os.environ:
        print("note: PYTHONDONTWRITEBYTECODE is set in this shell; removed for the measured processes "
              "(run `unset PYTHONDONTWRITEBYTECODE` too)", file=sys.stderr)
    work = args.keep or Path(tempfile.mkdtemp(prefix="bench_scaling."))
    work.mkdir(parents=True, exist_ok=True)
    if args.maps:
        try:
            measure_maps([int(s) for s in args.map_sizes.split(",")], work, args.repeat)
        finally:
            if args.keep is None:
                shutil.rmtree(work, ignore_errors=True)
        return 0
    try:
        games = {}
        for n in [TINY, *sizes]:
            games[n] = work / f"scaling_{n}.xml"
            games[n].write_text(generate(n), encoding="utf-8")
        # warm-up: write the .pyc files of every module the commands import, outside the timing
        for command in COMMANDS:
            measure(command, games[TINY], work, 1)
        fixed = {c: measure(c, games[TINY], work, args.repeat) for c in commands}
        table: dict[str, list[float]] = {c: [] for c in commands}
        print(f"CPU seconds, best of {args.repeat}, fresh process per run; fixed = the same command on "
              f"{TINY} territories")
        header = f"| {'territories':>11} | {'MB':>5} | " + " | ".join(f"{c:>8}" for c in commands) + " |"
        print(header)
        print("|" + "|".join("-" * (len(cell) - 1) + ":" for cell in header.split("|")[1:-1]) + "|")
        print(f"| {'fixed':>11} | {games[TINY].stat().st_size / 1e6:5.2f} | "
              + " | ".join(f"{fixed[c]:8.2f}" for c in commands) + " |")
        for n in sizes:
            row = []
            if "import" not in commands and {"compile", "diff"} & set(commands):
                measure("import", games[n], work, 1)  # the spec they read, untimed
            for c in commands:  # in this order: compile and diff read the spec import wrote
                table[c].append(measure(c, games[n], work, args.repeat))
                row.append(f"{table[c][-1]:8.2f}")
            print(f"| {n:11,} | {games[n].stat().st_size / 1e6:5.2f} | " + " | ".join(row) + " |", flush=True)
        print()
        print(f"exponent k of seconds ~ N^k, least squares over {','.join(map(str, sizes))} (target <= 1.1); "
              f"last: between the two largest sizes only")
        for c in commands:
            net = [t - fixed[c] for t in table[c]]
            raw_k, net_k = exponent(sizes, table[c]), exponent(sizes, net)
            last = f"   last {exponent(sizes[-2:], table[c][-2:]):5.2f} / {exponent(sizes[-2:], net[-2:]):5.2f}"
            flag = "" if max(raw_k, net_k) <= 1.1 else "   <- above 1.1"
            print(f"  {c:9} raw {raw_k:5.2f}   minus fixed cost {net_k:5.2f}{last if len(sizes) > 2 else ''}{flag}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
