"""Every row of objectives.properties for this game names a player and a condition TripleA finds.

TripleA 2.x's Objectives tab (ObjectivePanel) reads the map's objectives.properties: of its keys it takes
those that begin with the game's name (characters file names cannot hold, and blanks, made `_`) and a dot;
`<game>.TABLEGROUP.<n>;<section>=<condition>;<condition>...` lists a section's rows in order, and
`<game>.<player>;<condition>=<text>` is a row: the condition attachment (its name begins with
objectiveAttachment, conditionAttachment, triggerAttachment or politicalActionAttachment) of that player (or
of any player), with the text shown beside whether it holds. A key of another shape, a player the game does not
have or a condition TripleA cannot find is dropped with only a line in its log, and so is a row no section
lists; a file none of whose keys begins with the game's name shows the game no objectives at all.

Failing (the game's name is "G40 Alt Universe")::

    G40_Alt_Universe.Germans;objectiveAttachment_Germans_1_Trade_with_Rusia=+5 PUs if ...

Passing::

    G40_Alt_Universe.Germans;objectiveAttachment_Germans_1_Trade_with_Russia=+5 PUs if ...

How to fix: write each key as `<game>.<player>;<condition attachment>` with the names the game uses, and list
each row in a `TABLEGROUP` section.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from compiler.checks._map_folder import folder_index, properties
from compiler.checks._unknown import did_you_mean
from compiler.checks.context import CheckContext
from compiler.problems import Location, Problem, Severity

ID = "objectives-file"
SEVERITY = Severity.WARNING
OBJECTIVES = "objectives.properties"
GROUP = "TABLEGROUP"
CONDITION_PREFIXES = ("objectiveAttachment", "conditionAttachment", "triggerAttachment", "politicalActionAttachment")
_ILLEGAL = re.compile(r"[/\b\n\r\t\0\f`?*\\<>|\"':.,^\[\]=+; ]")  # FileNameUtils' characters, and the blank


def key_prefix(game_name: str) -> str:
    """The prefix of the game's keys, as ObjectivePanel builds it from the game's name."""
    return _ILLEGAL.sub("_", game_name) + "."


def check(ctx: CheckContext) -> Iterator[Problem]:
    if folder_index(ctx) is None:
        return
    texts = properties(ctx, OBJECTIVES)
    if texts is None:
        return
    prefix = key_prefix(ctx.model.info.name)
    ours = {key: entry for key, entry in texts.entries.items() if key.startswith(prefix)}
    if not ours:
        if any(key.count(";") == 1 for key in texts.entries):
            yield Problem(ID, f"no key of {OBJECTIVES} begins with '{prefix}', the game's name as TripleA writes it "
                              "there: the Objectives tab shows this game nothing", Location(texts.path, 1, 1), SEVERITY)
        return
    players = {p.name for p in ctx.model.players}
    conditions = {inst.name for inst in ctx.instances
                  if inst.name.startswith(CONDITION_PREFIXES) and inst.attachment.type == "player"}
    listed: set[str] = set()
    rows: list[tuple[str, str, int]] = []
    for key, entry in ours.items():
        parts = key[len(prefix):].split(";")
        loc = Location(texts.path, entry.line, 1)
        if len(parts) != 2:
            yield Problem(ID, f"key '{key}' is not '<game>.<player>;<condition>' nor '<game>.{GROUP}.<n>;<section>': "
                              "TripleA drops it", loc, SEVERITY)
        elif parts[0].startswith(GROUP):
            if len(parts[0].split(".")) != 2:
                yield Problem(ID, f"key '{key}' needs '{GROUP}.<n>' (one number to sort the section by): TripleA "
                                  "drops the section", loc, SEVERITY)
            else:
                listed.update(entry.value.split(";"))
        else:
            rows.append((parts[0], parts[1], entry.line))
    for player, condition, line in rows:
        loc = Location(texts.path, line, 1)
        if player not in players:
            yield Problem(ID, f"'{player}' is no player of this game{did_you_mean(player, players)}: TripleA drops "
                              f"the row of '{condition}'", loc, SEVERITY)
        elif not condition.startswith(CONDITION_PREFIXES):
            yield Problem(ID, f"'{condition}' does not begin with {', '.join(CONDITION_PREFIXES)}: TripleA drops "
                              "the row", loc, SEVERITY)
        elif condition not in conditions:
            yield Problem(ID, f"player '{player}' has no attachment '{condition}'{did_you_mean(condition, conditions)}"
                              ": TripleA drops the row", loc, SEVERITY)
        elif condition not in listed:
            yield Problem(ID, f"no {GROUP} section lists '{condition}': TripleA shows no row for it", loc, SEVERITY)
