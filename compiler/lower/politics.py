"""Lower `politics.schedule`: each event becomes a round condition (rulesAttachment) and a trigger."""

from __future__ import annotations

from compiler.lower.values import text
from compiler.model import Attachment, Option
from compiler.model.vocabulary import CONDITION, TRIGGER
from compiler.problems import Location
from compiler.spec.constructs import ScheduledEvent, UnitsAt
from compiler.spec.models import Spec


def condition_name(event: ScheduledEvent) -> str:
    return CONDITION.default_name(event.name)


def trigger_name(event: ScheduledEvent) -> str:
    return TRIGGER.default_name(event.name)


def _placements(units: UnitsAt, option: str, loc: Location) -> list[Option]:
    return [Option(name=option, value=f"{territory}:{unit}", count=text(count), loc=loc)
            for territory, counts in units.items() for unit, count in counts.items()]


def _event(event: ScheduledEvent) -> list[Attachment]:
    loc = event.loc
    condition = CONDITION.make(event.player, [Option(name="rounds", value=text(event.round), loc=loc)],
                               name=condition_name(event), loc=loc)
    head = [Option(name="conditions", value=condition.name, loc=loc), Option(name="when", value=event.when, loc=loc)]
    opts = list(head)
    for change in event.transfer:
        for territory in change.territories:
            value = f"{territory}:{change.from_player}:{change.to}:{text(change.capture_units)}"
            opts.append(Option(name="changeOwnership", value=value, loc=change.loc))
    opts += _placements(event.place, "placement", loc)
    for rel in event.relationships:
        value = f"{rel.players[0]}:{rel.players[1]}:{rel.from_type}:{rel.to}"
        opts.append(Option(name="relationshipChange", value=value, loc=rel.loc))
    if event.notification:
        opts.append(Option(name="notification", value=event.notification, loc=loc))
    result = [condition]
    if len(opts) > len(head):
        result.append(TRIGGER.make(event.player, opts, name=trigger_name(event), loc=loc))
    for index, removal in enumerate(event.remove):
        suffix = "" if len(event.remove) == 1 else str(index + 1)
        result.append(TRIGGER.make(removal.player, [*head, *_placements(removal.units, "removeUnits", removal.loc)],
                                   name=trigger_name(event) + "Remove" + suffix, loc=removal.loc))
    return result


def politics_attachments(spec: Spec) -> list[Attachment]:
    if spec.politics is None:
        return []
    return [a for event in spec.politics.schedule for a in _event(event)]
