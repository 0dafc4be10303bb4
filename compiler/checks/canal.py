"""Canals are what TripleA 2.7 accepts, and each joins sea zones that a move can pass between.

A canal is a CanalAttachment on each of the two territories it joins (usually sea zones), sharing a
`canalName`, naming the land territories that control it (`landTerritories`).

TripleA 2.x refuses (an error for 2.x): a canal attachment without canalName, one whose name does not
start with `canalAttachment` (the engine finds canals by that prefix), one without landTerritories,
and a canalName that not exactly two territories carry (land or water alike). Another kind of
attachment named `canalAttachment...` on a territory crashes that count. TripleA 1.9 gets warnings.

Warning (the game loads, but the canal is not what was meant): a sea zone of the canal that no
connection joins to another of its sea zones. TripleA applies a canal to a move only when the route
steps from one territory carrying it straight into another (CanalAttachment.isCanalOnRoute): there
the canal never closes. Not reported, as TripleA plays them as drawn: ends listing different
landTerritories (a move through the canal needs those of every end it passes: both banks) and land
territories that border none of its sea zones (TripleA asks only who controls them). Canals on land
territories, which some maps use for rails, are not checked for borders.

Failing::

    <attachment name="canalSuez" attachTo="15 Sea Zone" javaClass="...CanalAttachment" type="territory">
      <option name="canalName" value="Suez Canal"/><option name="landTerritories" value="Egypt"/>
    </attachment>   <!-- not named canalAttachment...; and 34 Sea Zone has no Suez attachment -->

Passing::

    <attachment name="canalAttachmentSuez" ...> with value="Egypt:Trans-Jordan" on both 15 Sea Zone and 34 Sea Zone
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from compiler.checks._attachments import attachment_name, kept_attachments, option_values
from compiler.checks.context import CheckContext
from compiler.model.expand import AttachmentInstance
from compiler.model.vocabulary import CANAL, simple_class
from compiler.problems import Location, Problem, Severity

ID = "canal"
SEVERITY = Severity.WARNING


@dataclass(frozen=True)
class Canal:
    """One canal attachment as TripleA keeps it."""

    inst: AttachmentInstance
    canal_name: str
    lands: frozenset[str] | None  # None: landTerritories never set

    @property
    def name(self) -> str:
        return attachment_name(self.inst.name)

    @property
    def where(self) -> str:
        return self.inst.attach_to

    @property
    def loc(self) -> Location:
        return self.inst.attachment.loc

    @property
    def on_territory(self) -> bool:
        return self.inst.attachment.type == CANAL.attach_type


def canals(ctx: CheckContext) -> list[Canal]:
    found = []
    for inst, simple in kept_attachments(ctx):
        if simple != CANAL.java_class:
            continue
        canal_name, lands = "", None
        for name, value, _ in option_values(ctx, inst):
            if name == "canalName":
                canal_name = value
            elif name == "landTerritories":
                lands = frozenset(value.split(":"))
        found.append(Canal(inst, canal_name, lands))
    return found


def refused(ctx: CheckContext, all_canals: list[Canal], severity: Severity) -> Iterator[Problem]:
    """What TripleA 2.7's CanalAttachment.validate refuses."""
    counted = [c for c in all_canals if c.on_territory and CANAL.is_named(c.name)]
    impostors = [inst for inst, simple in kept_attachments(ctx)
                 if inst.attachment.type == CANAL.attach_type and simple != CANAL.java_class
                 and CANAL.is_named(inst.name)]
    reported: set[str] = set()
    for canal in all_canals:
        if not canal.canal_name:
            yield Problem(ID, f"canal attachment '{canal.name}' on '{canal.where}' has no canalName: TripleA 2.7 "
                              "refuses it", canal.loc, severity)
        elif not CANAL.is_named(canal.name):
            yield Problem(ID, f"canal attachment '{canal.name}' on '{canal.where}' (canal '{canal.canal_name}') is "
                              f"not named {CANAL.name}...: TripleA 2.7 refuses it (it finds canals by that prefix)",
                          canal.loc, severity)
        elif not canal.lands:
            yield Problem(ID, f"canal '{canal.canal_name}' on '{canal.where}' has no landTerritories: TripleA 2.7 "
                              "refuses it", canal.loc, severity)
        elif impostors:
            other = impostors[0]
            yield Problem(ID, f"{simple_class(other.attachment.java_class)} '{other.name}' on "
                              f"'{other.attach_to}' is named like a canal attachment: TripleA 2.7 crashes while "
                              f"counting the ends of canal '{canal.canal_name}'", other.attachment.loc, severity)
        elif canal.canal_name not in reported:
            reported.add(canal.canal_name)
            ends = sorted({c.where for c in counted if c.canal_name == canal.canal_name})
            if len(ends) != 2:
                yield Problem(ID, f"canal '{canal.canal_name}' is on {len(ends)} territor"
                                  f"{'y' if len(ends) == 1 else 'ies'} ({', '.join(ends) or 'none'}): TripleA 2.7 "
                                  "wants exactly 2 territories with this canalName", canal.loc, severity)


def doubtful(ctx: CheckContext, all_canals: list[Canal], engine_2x: bool) -> Iterator[Problem]:
    """Canals the engine loads but that are probably mistakes (warnings)."""
    borders = ctx.map
    by_name: dict[str, list[Canal]] = defaultdict(list)
    for canal in all_canals:
        if canal.on_territory and canal.where in ctx.water:  # canals on land (rails, passes) have no sea rules
            by_name[canal.canal_name or canal.name].append(canal)
    for name, ends in by_name.items():
        seas = {c.where for c in ends}
        first = ends[0]
        if not engine_2x:  # 2.x refuses these (see `refused`)
            for c in ends:
                if not c.lands:
                    yield Problem(ID, f"canal '{name}' on '{c.where}' has no landTerritories", c.loc, SEVERITY)
            if len(seas) < 2:
                yield Problem(ID, f"canal '{name}' is attached to one sea zone only ('{first.where}')", first.loc,
                              SEVERITY)
                continue
        if len(seas) < 2:
            continue
        apart = sorted({c.where for c in ends if borders.neighbours(c.where).isdisjoint(seas - {c.where})})
        if apart:
            shown = ", ".join(f"'{sea}'" for sea in apart)
            at = next(c for c in ends if c.where == apart[0])
            yield Problem(ID, f"canal '{name}': no connection joins {shown} to another of its sea zones: TripleA "
                              "applies a canal only to a move from one of its territories straight into another, "
                              "so it never closes there", at.loc, SEVERITY)


def check(ctx: CheckContext) -> Iterator[Problem]:
    all_canals = canals(ctx)
    if not all_canals:
        return
    engine_2x = ctx.engine == "2.x"
    if engine_2x:
        yield from refused(ctx, all_canals, Severity.ERROR)
    yield from doubtful(ctx, all_canals, engine_2x)
