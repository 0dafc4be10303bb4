"""Lower `victory`: conditions (one rulesAttachment per ownership) and a trigger declaring the victory.

TripleA keeps one value per ownership option in a rulesAttachment, so each ownership of the
victory gets its own condition; the trigger needs all of them (conditionType AND, the default).
"""

from __future__ import annotations

from compiler.lower.objectives import ownership_options
from compiler.lower.values import RULES, TRIGGER
from compiler.model import Attachment, Option
from compiler.spec.constructs import VictorySpec
from compiler.spec.models import Spec


def _victory(v: VictorySpec) -> list[Attachment]:
    loc = v.loc
    owner = v.winners[0]
    conditions = []
    for index, owns in enumerate(v.owns if isinstance(v.owns, list) else [v.owns]):
        opts = [Option(name="gameProperty", value=v.game_property, loc=loc)] if v.game_property and not index else []
        opts += ownership_options(owns, owns.loc)
        name = "conditionAttachment" + v.name + (str(index + 1) if index else "")
        conditions.append(Attachment(name=name, attach_to=owner, java_class=RULES, type="player", options=opts,
                                     loc=loc))
    trig_opts = [Option(name="conditions", value=":".join(c.name for c in conditions), loc=loc)]
    trig_opts += [Option(name="when", value=w, loc=loc) for w in v.when]
    trig_opts += [Option(name="victory", value=v.message, loc=loc),
                  Option(name="players", value=":".join(v.winners), loc=loc)]
    trigger = Attachment(name="triggerAttachment" + v.name, attach_to=owner, java_class=TRIGGER, type="player",
                         options=trig_opts, loc=loc)
    return [*conditions, trigger]


def victory_attachments(spec: Spec) -> list[Attachment]:
    return [a for v in spec.victory for a in _victory(v)]
