"""Each `rules:` row's proof, checked: proven, failed (with what differs) or unproven (with what is missing).

What a row needs depends on its realization:

- native: at least one claim, and every claim holds;
- play-engine: at least one claim over the play engine (board_game, formula, play: compiler/proofs/
  board_claims.py), and every claim holds;
- house-rule: a `house_rule` claim for the rule the row names (breaking and keeping logs), and every
  claim holds;
- approximated: `unrecorded:` names the fact neither TripleA nor a save records; any claims hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from compiler.model import GameModel
from compiler.proofs.board_claims import CHECKS as BOARD_CHECKS
from compiler.proofs.facts import GameFacts
from compiler.proofs.game_claims import CHECKS
from compiler.proofs.logs import house_rule
from compiler.spec.claims import Claim, HouseRuleClaim
from compiler.spec.models import RuleCoverage, Spec

Status = Literal["proven", "failed", "unproven"]


@dataclass
class RowProof:
    """The verdict on one row: `status`, and the reasons when it is not proven."""

    status: Status
    reasons: list[str] = field(default_factory=list)
    claims: int = 0


def _claim_failures(claim: Claim, facts: GameFacts, spec: Spec, base: Path) -> Iterator[str]:
    if isinstance(claim, HouseRuleClaim):
        entries = [h.model_dump() for h in spec.house_rules]
        yield from house_rule(claim, facts, entries, base, spec.politics)
        return
    board_check = BOARD_CHECKS.get(type(claim))
    if board_check is not None:
        if spec.board_game is None:
            yield f"{claim.KIND}: the spec has no board_game: section (the play engine's game)"
        else:
            yield from board_check(claim, spec.board_game)
        return
    check = CHECKS.get(type(claim))
    if check is None:  # a claim kind without a checker is a bug, never a pass
        yield f"no checker for claims of kind {claim.KIND!r}"
        return
    yield from check(claim, facts)


def _missing(row: RuleCoverage) -> str | None:
    """What the row lacks to be provable at all, or None."""
    if row.realization == "approximated":
        return None if row.unrecorded else ("approximated: say which fact neither TripleA nor a save records "
                                            "(unrecorded:)")
    if not row.proof:
        return f"{row.realization}: no proof (proof: claims over the compiled game)"
    if row.realization == "play-engine" and not any(type(claim) in BOARD_CHECKS for claim in row.proof):
        return "play-engine: no claim over the play engine (board_game, formula, play)"
    if row.realization == "house-rule":
        named = {c.house_rule.id for c in row.proof if isinstance(c, HouseRuleClaim)}
        if not row.house_rule or row.house_rule not in named:
            named_rule = row.house_rule or "(none named)"
            return f"house-rule: no house_rule claim with breaking and keeping logs for {named_rule}"
    return None


def prove_row(row: RuleCoverage, facts: GameFacts, spec: Spec, base: Path) -> RowProof:
    failures = [why for claim in row.proof for why in _claim_failures(claim, facts, spec, base)]
    if failures:
        return RowProof("failed", failures, len(row.proof))
    missing = _missing(row)
    if missing:
        return RowProof("unproven", [missing], len(row.proof))
    return RowProof("proven", [], len(row.proof))


def prove_rows(spec: Spec, model: GameModel, base: Path) -> list[RowProof]:
    """Every row of `spec.rules` proved against `model` (logs relative to `base`, the spec's folder)."""
    facts = GameFacts(model)
    return [prove_row(row, facts, spec, base) for row in spec.rules]
