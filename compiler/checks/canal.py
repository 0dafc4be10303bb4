"""Canals are consistent: their land territories border them, and their sea zones agree.

A canalAttachment sits on each sea zone the canal joins (two or more, sharing a `canalName`),
names the land territories that control it (`landTerritories`), and these must border the
canal's sea zones. (Canals attached to land territories, which some maps use for rails, are not checked.)
A canal on a single sea zone, sea zones of one canal that do not border each other, a land territory bordering none
of them, or
ends that list different land territories are almost surely mistakes.

Failing::

    <attachment name="canalAttachmentSuez" attachTo="15 Sea Zone" javaClass="...CanalAttachment" type="territory">
      <option name="canalName" value="Suez Canal"/><option name="landTerritories" value="Egypt:Persia"/>
    </attachment>   <!-- Persia does not border 15 Sea Zone, and 34 Sea Zone has no Suez attachment -->

Passing::

    the same attachment with value="Egypt:Trans-Jordan" on both 15 Sea Zone and 34 Sea Zone
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from compiler.checks.context import CheckContext
from compiler.problems import Problem, Severity

ID = "canal"
SEVERITY = Severity.WARNING


def check(ctx: CheckContext) -> Iterator[Problem]:
    g = ctx.model
    neighbours: dict[str, set[str]] = defaultdict(set)
    for c in g.connections:
        neighbours[c.t1].add(c.t2)
        neighbours[c.t2].add(c.t1)
    canals: dict[str, list[tuple[str, frozenset[str], object]]] = defaultdict(list)
    for inst in ctx.instances:
        if not inst.attachment.java_class.endswith("CanalAttachment"):
            continue
        opts = {ov.option.name: ov.value for ov in inst.options}
        sea, loc = inst.attach_to, inst.attachment.loc
        name = opts.get("canalName", inst.name)
        lands = frozenset(x for x in opts.get("landTerritories", "").split(":") if x)
        if sea not in ctx.water:
            continue  # canals on land territories (used as rails or passes) have no sea-side rules
        canals[name].append((sea, lands, loc))
        if not lands:
            yield Problem(ID, f"canal '{name}' on '{sea}' has no landTerritories", loc, SEVERITY)
    for name, ends in canals.items():
        seas = {sea for sea, _, _ in ends}
        first_loc = ends[0][2]
        if len(seas) < 2:
            yield Problem(ID, f"canal '{name}' is attached to one sea zone only ('{ends[0][0]}')", first_loc, SEVERITY)
            continue
        if len({lands for _, lands, _ in ends}) > 1:
            yield Problem(ID, f"the sea zones of canal '{name}' list different landTerritories", first_loc, SEVERITY)
        touching = set().union(*(neighbours[sea] for sea in seas))
        for land in sorted(set().union(*(lands for _, lands, _ in ends))):
            if land in ctx.territories and land not in touching:
                yield Problem(ID, f"land territory '{land}' of canal '{name}' borders none of its sea zones",
                              first_loc, SEVERITY)
        for sea, _, loc in ends:
            if not (neighbours[sea] & (seas - {sea})):
                yield Problem(ID, f"'{sea}' borders no other sea zone of canal '{name}'", loc, SEVERITY)
