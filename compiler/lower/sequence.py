"""Lower the turn sequence: standard phases expand into delegates and steps for every player."""

from __future__ import annotations

from collections.abc import Callable

from compiler.lower.values import text
from compiler.model import Delegate, GameModel, Step, StepProperty
from compiler.model.vocabulary import TRIPLEA_DELEGATES, qualified_class
from compiler.problems import Location, Problem
from compiler.spec.models import PhaseSpec, Spec, StepSpec, TurnsEntry

# name -> (class, display): the delegates TripleA games conventionally declare.
STANDARD_DELEGATES: dict[str, tuple[str, str]] = {
    "initDelegate": ("InitializationDelegate", "Initializing Delegates"),
    "tech": ("TechnologyDelegate", "Research Technology"),
    "tech_activation": ("TechActivationDelegate", "Activate Technology"),
    "battle": ("BattleDelegate", "Combat"),
    "move": ("MoveDelegate", "Combat Move"),
    "place": ("PlaceDelegate", "Place Units"),
    "purchase": ("PurchaseDelegate", "Purchase Units"),
    "endTurn": ("EndTurnDelegate", "Turn Complete"),
    "endRound": ("EndRoundDelegate", "Round Complete"),
    "placeBid": ("BidPlaceDelegate", "Bid Placement"),
    "bid": ("BidPurchaseDelegate", "Bid Purchase"),
    "politics": ("PoliticsDelegate", "Politics"),
    "userActions": ("UserActionDelegate", "Actions"),
}

# phase (step name suffix) -> (delegate, display)
STANDARD_PHASES: dict[str, tuple[str, str | None]] = {
    "Bid": ("bid", None),
    "BidPlace": ("placeBid", None),
    "Tech": ("tech", None),
    "TechActivation": ("tech_activation", None),
    "Politics": ("politics", None),
    "UserActions": ("userActions", None),
    "Purchase": ("purchase", None),
    "CombatMove": ("move", None),
    "Battle": ("battle", None),
    "NonCombatMove": ("move", "Non Combat Move"),
    "Place": ("place", None),
    "EndTurn": ("endTurn", None),
}


def standard_delegate(name: str) -> Delegate | None:
    if name not in STANDARD_DELEGATES:
        return None
    cls, display = STANDARD_DELEGATES[name]
    return Delegate(name=name, java_class=TRIPLEA_DELEGATES + cls, display=display)


def _props(values: dict, loc: Location) -> list[StepProperty]:
    return [StepProperty(name=k, value=text(v), loc=loc) for k, v in values.items()]


def _expand_turns(entry: TurnsEntry, where: Callable[[str], Location], problems: list[Problem]) -> list[Step]:
    block = entry.turns
    steps = []
    for player, prefix in block.players.items():
        loc = where(player)
        for phase in block.phases:
            if isinstance(phase, str):
                if phase not in STANDARD_PHASES:
                    known = ", ".join(STANDARD_PHASES)
                    problems.append(Problem("unknown-phase", f"unknown phase '{phase}' (standard: {known})", block.loc))
                    continue
                delegate, display = STANDARD_PHASES[phase]
                phase = PhaseSpec(suffix=phase, delegate=delegate, display=display)
            steps.append(Step(
                name=(prefix if prefix is not None else player) + phase.suffix, delegate=phase.delegate, player=player,
                max_run_count=text(phase.max_run_count or block.max_run_count) or None, display=phase.display,
                properties=_props(phase.properties, loc), loc=loc,
            ))
    return steps


def lower_sequence(spec: Spec, game: GameModel) -> list[Problem]:
    problems: list[Problem] = []
    for index, entry in enumerate(spec.sequence):
        if isinstance(entry, StepSpec):
            game.steps.append(Step(
                name=entry.step, delegate=entry.delegate, player=entry.player,
                max_run_count=text(entry.max_run_count) or None, display=entry.display,
                properties=_props(entry.properties, entry.loc), loc=entry.loc,
            ))
        else:
            def where(player: str, index: int = index) -> Location:
                return spec.where("sequence", index, "turns", "players", player)

            game.steps.extend(_expand_turns(entry, where, problems))
    for name, d in spec.delegates.items():
        game.delegates.append(Delegate(name=name, java_class=qualified_class(d.java_class, TRIPLEA_DELEGATES),
                                       display=d.display, loc=d.loc))
    declared = set(spec.delegates)
    for step in game.steps:
        if step.delegate not in declared:
            declared.add(step.delegate)
            delegate = standard_delegate(step.delegate)
            if delegate is not None:
                delegate.loc = step.loc
                game.delegates.append(delegate)
    if spec.offset_round is not None:
        game.offset_round = text(spec.offset_round)
    return problems
