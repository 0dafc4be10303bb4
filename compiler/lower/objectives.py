"""Lower `objectives`: national objectives as rulesAttachments named objectiveAttachment<Name>.

TripleA pays `objectiveValue` at the end of the owner's turn for every rulesAttachment whose name
starts with "objectiveAttachment" and whose conditions hold.
"""

from __future__ import annotations

from compiler.lower.values import text
from compiler.model import Attachment, Option
from compiler.model.vocabulary import OBJECTIVE
from compiler.problems import Location
from compiler.spec.constructs import ObjectiveSpec, Ownership
from compiler.spec.models import Spec


def ownership_options(owns: Ownership, loc: Location) -> list[Option]:
    name = "alliedOwnershipTerritories" if owns.allied else "directOwnershipTerritories"
    count = owns.count if owns.count is not None else len(owns.territories)
    return [Option(name=name, value=":".join(owns.territories), count=text(count), loc=loc)]


def _objective(o: ObjectiveSpec) -> Attachment:
    loc = o.loc
    opts = [Option(name="objectiveValue", value=text(o.value), loc=loc)]
    for owns in o.owns:
        opts += ownership_options(owns, owns.loc)
    if o.no_enemy_units_in:
        opts.append(Option(name="enemyExclusionTerritories", value=":".join(o.no_enemy_units_in),
                           count=text(len(o.no_enemy_units_in)), loc=loc))
    if o.at_war_with:
        opts.append(Option(name="atWarPlayers", value=":".join(o.at_war_with), count="1", loc=loc))
    if o.not_at_war_with:
        opts.append(Option(name="atWarPlayers", value=":".join(o.not_at_war_with), count="0", loc=loc))
    if o.rounds:
        opts.append(Option(name="rounds", value=o.rounds, loc=loc))
    if o.uses is not None:
        opts.append(Option(name="uses", value=text(o.uses), loc=loc))
    return OBJECTIVE.make(o.player, opts, suffix=o.name, loc=loc)


def objective_attachments(spec: Spec) -> list[Attachment]:
    return [_objective(o) for o in spec.objectives]
