"""Lift the turn order: runs of player steps with a common prefix become `turns` blocks; delegates
that lowering declares by itself (the standard ones, used by a step) are left out."""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.lift.nodes import Map, Seq
from compiler.lift.values import as_int, block, flow, native
from compiler.lower.sequence import STANDARD_PHASES, standard_delegate
from compiler.model import GameModel, Step
from compiler.model.vocabulary import TRIPLEA_DELEGATES, short_class

# longest suffix first, so "NonCombatMove" wins over "CombatMove"
_SUFFIXES = sorted(STANDARD_PHASES, key=len, reverse=True)


def _standard_prefix(step: Step) -> str | None:
    """The prefix of a step named prefix + standard phase (with that phase's delegate)."""
    for suffix in _SUFFIXES:
        if step.name.endswith(suffix) and step.delegate == STANDARD_PHASES[suffix][0] and len(step.name) > len(suffix):
            return step.name[: -len(suffix)]
    return None


def _phase(step: Step, prefix: str, max_run_count: str | None = None) -> Any:
    """A phase: its standard name when the step is exactly the standard phase (with the block's
    max_run_count), else a mapping."""
    suffix = step.name[len(prefix):]
    props = {p.name: native(p.value) for p in step.properties}
    if len(props) != len(step.properties):
        return None
    standard = STANDARD_PHASES.get(suffix)
    if standard == (step.delegate, step.display) and step.max_run_count == max_run_count and not props:
        return suffix
    phase: dict[str, Any] = {"suffix": suffix, "delegate": step.delegate}
    if step.display is not None:
        phase["display"] = step.display
    if step.max_run_count is not None and step.max_run_count != max_run_count:
        number = as_int(step.max_run_count)
        phase["max_run_count"] = number if number is not None else step.max_run_count
    if props:
        phase["properties"] = flow(props)
    return flow(phase)


def _runs(steps: list[Step]) -> list[tuple[str | None, str | None, list[Step]]]:
    """Consecutive steps as (player, prefix, steps): one run per player turn with a common prefix."""
    runs: list[tuple[str | None, str | None, list[Step]]] = []
    i = 0
    while i < len(steps):
        j = i
        while j < len(steps) and steps[j].player == steps[i].player:
            j += 1
        same = steps[i:j]
        prefixes = Counter(p for s in same if (p := _standard_prefix(s)) is not None)
        prefix = prefixes.most_common(1)[0][0] if prefixes and steps[i].player is not None else None
        k = i
        while k < j:
            if prefix is not None and steps[k].name.startswith(prefix) and len(steps[k].name) > len(prefix) \
                    and _phase(steps[k], prefix) is not None:
                m = k
                while m < j and steps[m].name.startswith(prefix) and len(steps[m].name) > len(prefix) \
                        and _phase(steps[m], prefix) is not None:
                    m += 1
                runs.append((steps[i].player, prefix, steps[k:m]))
                k = m
            else:
                runs.append((None, None, [steps[k]]))
                k += 1
        i = j
    return runs


def _step(step: Step) -> Map:
    fields: dict[str, Any] = {"step": step.name, "delegate": step.delegate}
    if step.player is not None:
        fields["player"] = step.player
    if step.max_run_count is not None:
        number = as_int(step.max_run_count)
        fields["max_run_count"] = number if number is not None else step.max_run_count
    if step.display is not None:
        fields["display"] = step.display
    if step.properties:
        fields["properties"] = flow({p.name: native(p.value) for p in step.properties})
    return flow(fields)


def lift_sequence(g: GameModel) -> Seq:
    """sequence: turns blocks for players who play the same phases one after the other, steps else."""
    out = Seq()
    block_players: dict[str, str | None] | None = None
    block_phases: list[Any] = []
    block_shared: str | None = None
    for player, prefix, steps in _runs(g.steps):
        if player is None or prefix is None:
            out.append(_step(steps[0]))
            block_players = None
            continue
        runs = {s.max_run_count for s in steps}
        shared = runs.pop() if len(runs) == 1 else None  # one max_run_count for every phase: said once
        phases = [_phase(s, prefix, shared) for s in steps]
        if block_players is not None and (phases, shared) == (block_phases, block_shared) \
                and player not in block_players:
            block_players[player] = None if prefix == player else prefix
            continue
        block_players = block()
        block_players[player] = None if prefix == player else prefix
        block_phases, block_shared = phases, shared
        turns = block({"players": block_players, "phases": flow(list(phases))})
        if shared is not None:
            number = as_int(shared)
            turns["max_run_count"] = number if number is not None else shared
        out.append(block({"turns": turns}))
    return out


def lift_delegates(g: GameModel) -> Map:
    """delegates: those lowering would not declare the same way by itself."""
    used = {s.delegate for s in g.steps}
    counts = Counter(d.name for d in g.delegates)
    out = block()
    for d in g.delegates:
        if d.name in used and counts[d.name] == 1 and d == standard_delegate(d.name):
            continue
        fields: dict[str, Any] = {"class": short_class(d.java_class, TRIPLEA_DELEGATES)}
        if d.display is not None:
            fields["display"] = d.display
        out[d.name] = flow(fields)
    return out
