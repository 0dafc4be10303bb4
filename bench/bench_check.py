"""Benchmark the reference engine: check every reference save, and a large generated game log.

    python bench/bench_check.py [--events N]

Prints, per save, the time to read it and to replay its history under house rules, and whether
the replay reaches the state the save records; with `--ai-rounds N` (needs TripleA 1.9 and javac)
the same for a fresh N-round AI-versus-AI game of World War II Classic; then, for a generated log
of N events on Classic (moves, battles, ownership changes, purchases, placements, turn by turn),
the time to write it, load it (YAML and JSON) and check it with every house rule that applies.
Times are CPU seconds of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from compiler.engine import events as ev  # noqa: E402
from compiler.engine.board import Board  # noqa: E402
from compiler.engine.check import check_events  # noqa: E402
from compiler.engine.log import GameLog, load_log, write_log  # noqa: E402
from compiler.engine.state import GameState, UnitStack  # noqa: E402
from compiler.engine.world import World, build_world  # noqa: E402
from compiler.saves import read_save  # noqa: E402
from compiler.xml.parse import parse_file  # noqa: E402

SHARED = ROOT.parent / "shared" / "reference"
SAVES = {
    "nwo_smalls_ai_game_during_combat.tsvg": "corpus/new_world_order_smalls.xml",
    "revised_during_land_to_land_combat.tsvg": "corpus/ww2v2.xml",
    "revisted_start_of_game.tsvg": "corpus/ww2v2.xml",
}
CLASSIC_RULES = [
    {"id": "resource-tracing"},
    {"id": "rail-movement", "pools": [{"players": ["Germans"], "limit": 2}, {"players": ["Russians"], "limit": 1}]},
    {"id": "ship-return-base", "unit_types": ["battleship", "carrier"], "within_spaces": 2,
     "max_distance": {"submarine": 3}},
    {"id": "air-range", "ranges": {"fighter": {"combat": 1, "noncombat": 2}, "bomber": {"combat": 2, "noncombat": 4}}},
    {"id": "canal-control", "canals": [{"name": "Suez", "sea_zones": ["East Mediteranean Sea Zone", "Red Sea Zone"],
                                        "territories": ["Anglo Sudan Egypt"]}]},
    {"id": "build-limit", "limits": {"infantry": 60}},
    {"id": "strait-crossing", "straits": [["Spain", "Algeria"]]},
    {"id": "bomber-first-round"},
    {"id": "truce-expiry", "until_round": 2},
    {"id": "move-limit", "player": "Americans", "max_units": 1000},
    {"id": "victory-held-round", "winners": "Axis", "territories": ["Russia", "United Kingdom", "East US"],
     "conditions": [{"controller": "Axis", "at_least": 3}]},
]


def timed(fn):
    """(result, CPU seconds): CPU time, since the machine running benchmarks may be shared."""
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


def _units(state: GameState) -> Counter:
    return Counter({(t, s.type, s.owner): s.count for t, stacks in state.units.items() for s in stacks})


def agreement(world: World, save) -> str:
    """Replay the save's history from the game's start and compare with the state the save holds."""
    board = Board(world)
    for event in save.events:
        board.push(event)
    state = board.state()
    owners = sum(1 for t, o in state.owners.items() if save.state.owners.get(t) != o)
    mine, theirs = _units(state), _units(save.state)
    units = sorted(k for k in set(mine) | set(theirs) if mine[k] != theirs[k])
    if not owners and not units:
        return "replay reaches the saved state exactly"
    return f"replay differs: {owners} owner(s), {len(units)} unit stack(s) {units[:4]}"


def bench_saves(ai_rounds: int) -> None:
    print("saves (read + replay; rules: air-range, bomber-first-round, build-limit)")
    saves = [(SHARED / "saves" / name, SHARED / xml) for name, xml in SAVES.items()]
    if ai_rounds:
        saves.append((ai_game(ai_rounds), SHARED / "maps/world_war_ii_classic/map/games/classic.xml"))
    for path, xml in saves:
        name = path.name
        model = parse_file(xml).model
        world = build_world(model)
        bombers = [u for u in world.units if u.lower() == "bomber"]
        infantry = [u for u in world.units if u.lower() == "infantry"]
        rules = [
            {"id": "air-range", "ranges": {bombers[0]: {"combat": 6}}},
            {"id": "bomber-first-round", "unit_types": bombers},
            {"id": "build-limit", "limits": {infantry[0]: 100}},
        ]
        save, t_read = timed(lambda p=path: read_save(p))
        found, t_check = timed(lambda w=world, r=rules, s=save: check_events(w, r, None, s.events))
        print(f"  {name}: {len(save.events)} events, read {t_read * 1000:.0f} ms, "
              f"check {t_check * 1000:.1f} ms, {len(found)} violation(s); {agreement(world, save)}")
    if ai_rounds:
        shutil.rmtree(saves[-1][0].parent, ignore_errors=True)


def ai_game(rounds: int) -> Path:
    """A fresh save of `rounds` rounds of Classic played by TripleA 1.9's AIs (the saves tests' harness)."""
    jar = Path("/usr/share/games/triplea/bin/triplea.jar")
    work = Path(tempfile.mkdtemp(prefix="bench_check_"))
    (work / "home").mkdir()
    subprocess.run(["javac", "-nowarn", "-cp", str(jar), "-d", str(work / "classes"),
                    str(ROOT / "tests/saves/java/PlayAiGame19.java")], check=True, capture_output=True)
    out = work / f"classic_ai_{rounds}.tsvg"
    subprocess.run(["java", "-Djava.awt.headless=true", f"-Duser.home={work / 'home'}",
                    "-cp", f"{work / 'classes'}{os.pathsep}{jar}", "PlayAiGame19",
                    str(SHARED / "maps/world_war_ii_classic/map/games/classic.xml"), str(out), str(rounds)],
                   cwd=jar.parent, check=True, capture_output=True, timeout=1800)
    return out


def generate(world: World, n: int, seed: int = 1) -> list[ev.EventBase]:
    """A plausible game of n events: turns of move, battle, ownership, purchase and placement."""
    rng = random.Random(seed)
    land = sorted(t for t in world.territories if world.is_land(t) and world.neighbours.get(t))
    water = sorted(world.water)
    out: list[ev.EventBase] = []
    round_ = 1
    while len(out) < n:
        for player in world.turn_order:
            for phase in ("CombatMove", "Battle", "NonCombatMove", "Purchase", "Place"):
                step = f"{player.lower()}{phase}"
                out.append(ev.StepStart(round=round_, player=player, step=step))
                for _ in range(rng.randint(3, 8)):
                    unit = rng.choice(["infantry", "armour", "fighter", "bomber", "battleship", "submarine"])
                    here = rng.choice(water if world.unit(unit).is_sea else land)
                    route = [here]
                    for _ in range(rng.randint(1, 3)):
                        route.append(rng.choice(sorted(world.neighbours[route[-1]])))
                    stack = [UnitStack(type=unit, owner=player, count=rng.randint(1, 3))]
                    if phase.endswith("Move"):
                        out.append(ev.Move(round=round_, player=player, step=step, units=stack, route=route))
                    elif phase == "Battle":
                        out.append(ev.Battle(round=round_, player=player, step=step, territory=route[-1],
                                             attacker=player, defender_losses=stack, rounds=[{}, {}]))
                        if world.is_land(route[-1]):
                            out.append(ev.OwnershipChange(round=round_, player=player, step=step,
                                                          territory=route[-1], new_owner=player))
                    elif phase == "Purchase":
                        out.append(ev.Purchase(round=round_, player=player, step=step, units=stack,
                                               cost={"PUs": 3 * stack[0].count}))
                    else:
                        out.append(ev.Place(round=round_, player=player, step=step, territory=route[0],
                                            units=stack))
        round_ += 1
    return out[:n]


def bench_log(n: int) -> None:
    world = build_world(parse_file(SHARED / "maps/world_war_ii_classic/map/games/classic.xml").model)
    events, t_gen = timed(lambda: generate(world, n))
    rounds = events[-1].round
    print(f"generated log: {n} events, {rounds} rounds of Classic ({t_gen:.2f} s to generate)")
    with tempfile.TemporaryDirectory() as tmp:
        for suffix in ("yaml", "json"):
            path = Path(tmp) / f"big.{suffix}"
            _, t_write = timed(lambda p=path: write_log(p, GameLog(game="Classic", events=events)))
            log, t_load = timed(lambda p=path: load_log(p))
            size = path.stat().st_size / 1e6
            print(f"  {suffix}: {size:.1f} MB, write {t_write:.2f} s, load {t_load:.2f} s")
    found, t_check = timed(lambda: check_events(world, CLASSIC_RULES, None, log.events))
    print(f"  check with {len(CLASSIC_RULES)} house rules: {t_check:.2f} s "
          f"({n / t_check:,.0f} events/s), {len(found)} violation(s)")
    _, t_bare = timed(lambda: check_events(world, [], None, log.events))
    print(f"  replay without rules: {t_bare:.2f} s ({n / t_bare:,.0f} events/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--ai-rounds", type=int, default=0, help="also play and check an AI game (TripleA 1.9)")
    args = parser.parse_args()
    bench_saves(args.ai_rounds)
    bench_log(args.events)


if __name__ == "__main__":
    main()
