"""House-rule claims: the reference engine must find each `breaks` log broken and each `keeps` log kept.

A log is replayed from the game's own start (with the log's `initial` overrides) under the spec's
`house_rules:` entries of the claimed id only, so another rule's verdict never decides the proof, and
with the spec's scheduled triggers (`politics.schedule`), as check-log replays it: strictly, so an
event naming what the game lacks or moving units that are not there fails the proof. Paths are relative to
the spec's folder.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from compiler.problems import InputError, Location
from compiler.proofs.facts import GameFacts
from compiler.spec.claims import HouseRuleClaim
from compiler.spec.constructs import PoliticsSpec


def house_rule(claim: HouseRuleClaim, facts: GameFacts, entries: Sequence[dict[str, Any]], base: Path,
               politics: PoliticsSpec | None = None) -> Iterator[str]:
    """What is wrong with the claim: the rule not configured, a log unreadable, or a verdict other than claimed."""
    from compiler.engine.check import check_events
    from compiler.engine.fit import EventMisfit
    from compiler.engine.log import apply_initial, load_log
    from compiler.engine.rules import RuleError
    from compiler.engine.schedule import Schedule, ScheduleError
    from compiler.engine.takeover import TakeoverError

    proof = claim.house_rule
    mine = [e for e in entries if e.get("id") == proof.id]
    if not mine:
        yield f"house rule {proof.id}: house_rules: does not configure it"
        return
    world = facts.world
    assert world.initial is not None
    try:
        schedule = Schedule.of(politics, facts.model, world) if politics is not None else None
    except ScheduleError as err:
        yield f"house rule {proof.id}: the spec's politics.schedule: {err}"
        return
    for path, should_break in [*((p, True) for p in proof.breaks), *((p, False) for p in proof.keeps)]:
        where = base / path
        try:
            log = load_log(where)
            found = check_events(world, mine, apply_initial(world.initial, log.initial), log.events, str(where),
                                 schedule=schedule, strict=True)
        except InputError as err:
            yield f"house rule {proof.id}: {err.as_problem()}"
            continue
        except TakeoverError as err:
            yield f"house rule {proof.id}: {path}: the spec's politics.schedule: {err}"
            continue
        except EventMisfit as err:  # as check-log refuses it
            yield f"house rule {proof.id}: {path}:{err.event.line or 0}: bad event (event {err.number}): {err.reason}"
            continue
        except RuleError as err:
            yield f"house rule {proof.id}: {err.detail}"
            return
        broken = [p for p in found if p.code == proof.id]
        if should_break and not broken:
            yield f"house rule {proof.id}: {path} should break it, but the engine finds it kept"
        elif not should_break and broken:
            first = broken[0]
            at = Location(str(path), first.location.line, first.location.column)
            yield (f"house rule {proof.id}: {path} should keep it, but the engine finds it broken: "
                   f"{first.message} ({at})")
