"""Lower `politics.actions`: each action becomes a PoliticalActionAttachment on the acting player.

TripleA resolves the `conditions` names when it reads the option, so the actions are lowered after
every other attachment (the pass-through ones included): whatever they name is defined by then.
Costs in PUs lower to costPU (both engines); other resources to costResources (TripleA 2.x only).
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.lower.values import options, text
from compiler.model import Attachment, GameModel, Option
from compiler.model.vocabulary import POLITICAL_ACTION
from compiler.problems import Problem
from compiler.spec.constructs import PoliticalAction
from compiler.spec.models import Spec

PUS = "PUs"


def action_name(action: PoliticalAction) -> str:
    return POLITICAL_ACTION.default_name(action.name)


def _options(action: PoliticalAction, index: int, spec: Spec) -> list[Option]:
    loc = action.loc
    opts: list[Option] = []

    def add(name: str, value: str, *path: str | int) -> None:
        opts.append(Option(name=name, value=value, loc=spec.where("politics", "actions", index, *path)))

    if action.conditions:
        add("conditions", ":".join(action.conditions), "conditions")
    if action.condition_type is not None:
        add("conditionType", text(action.condition_type), "condition_type")
    if action.invert is not None:
        add("invert", text(action.invert), "invert")
    for change in action.changes:
        opts.append(Option(name="relationshipChange", value=f"{change.players[0]}:{change.players[1]}:{change.to}",
                           loc=change.loc))
    for resource, amount in action.cost.items():
        if resource == PUS:
            add("costPU", text(amount), "cost", resource)
        else:
            add("costResources", f"{text(amount)}:{resource}", "cost", resource)
    if action.attempts_per_turn is not None:
        add("attemptsPerTurn", text(action.attempts_per_turn), "attempts_per_turn")
    if action.accept:
        add("actionAccept", ":".join(action.accept), "accept")
    if action.text is not None:
        add("text", action.text, "text")
    if action.chance is not None:
        add("chance", action.chance, "chance")
    return opts + options(action.options, spec.where("politics", "actions", index, "options") if action.options
                          else loc)


def political_action_attachments(spec: Spec) -> list[Attachment]:
    """The actions' attachments, in the order of the spec (lowered after all other attachments)."""
    if spec.politics is None:
        return []
    return [POLITICAL_ACTION.make(a.player, _options(a, i, spec), name=action_name(a), loc=a.loc)
            for i, a in enumerate(spec.politics.actions)]


def political_action_problems(spec: Spec, game: GameModel) -> Iterator[Problem]:
    """Conditions that name no attachment of the game (TripleA would refuse to load it)."""
    if spec.politics is None:
        return
    names = {a.name for a in game.attachments}
    for i, action in enumerate(spec.politics.actions):
        named: list[tuple[str, tuple[str | int, ...]]] = [(c, ("conditions", j))
                                                          for j, c in enumerate(action.conditions)]
        verbatim = action.options.get("conditions", [])
        for value in verbatim if isinstance(verbatim, list) else [verbatim]:
            if isinstance(value, str):
                named += [(c, ("options", "conditions")) for c in value.split(":")]
        for condition, path in named:
            if condition not in names:
                yield Problem("unknown-condition",
                              f"political action '{action.name}' needs condition '{condition}', "
                              "which no attachment defines", spec.where("politics", "actions", i, *path))
