"""Rule coverage of a spec: how each rule of the variant's document is realised, and its proof.

`coverage_rows` lists the spec's `rules:` entries (with each row's proof verdict when given, see
compiler/proofs); `coverage_problems` checks them against the spec's `house_rules:` and the reference
engine's house rules (the coverage checks of compiler/checks/spec/, which compile runs too): a rule
realised as a house rule must name one the spec configures, every configured house rule must exist and
accept its parameters, and should serve some listed rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from compiler.problems import Problem, Severity
from compiler.spec.models import REALIZATIONS, Spec

if TYPE_CHECKING:
    from compiler.proofs import RowProof

STATUS_MARK = {"proven": "+", "failed": "x", "unproven": "?"}
"""How the text table marks a row's proof: + proven, x failed, ? unproven."""


def coverage_rows(spec: Spec, proofs: Sequence[RowProof] | None = None) -> list[dict[str, Any]]:
    """One mapping per rule: rule, realization, detail, house_rule, choice, doc, unrecorded, and with
    `proofs` the row's proof (status, reasons, claims)."""
    rows = []
    for i, r in enumerate(spec.rules):
        row: dict[str, Any] = {"rule": r.rule, "realization": r.realization, "detail": r.detail,
                               "house_rule": r.house_rule, "choice": r.choice, "doc": r.doc,
                               "unrecorded": r.unrecorded}
        if proofs is not None:
            p = proofs[i]
            row["proof"] = {"status": p.status, "claims": p.claims, "reasons": p.reasons}
        rows.append(row)
    return rows


def coverage_summary(spec: Spec, proofs: Sequence[RowProof] | None = None) -> dict[str, int]:
    counts: Counter[str] = Counter(r.realization for r in spec.rules)
    result = {name: counts[name] for name in REALIZATIONS}
    result["choices"] = sum(1 for r in spec.rules if r.choice)
    result["total"] = len(spec.rules)
    if proofs is not None:
        statuses: Counter[str] = Counter(p.status for p in proofs)
        result.update({status: statuses[status] for status in STATUS_MARK})
    return result


def coverage_problems(spec: Spec) -> list[Problem]:
    """Inconsistencies between `rules:`, `house_rules:` and the engine's house rules. An empty `rules:`
    is a warning here only (compile does not ask a spec to list its document's rules)."""
    from compiler.checks.spec import COVERAGE, SpecContext, run_spec_checks

    empty = [Problem("coverage-empty", "the spec lists no rules (rules:)", spec.loc, Severity.WARNING)]
    return [*(empty if not spec.rules else []), *run_spec_checks(SpecContext(spec), COVERAGE)]


def format_text(spec: Spec, rows: list[dict[str, Any]], proofs: Sequence[RowProof] | None = None) -> str:
    """A readable table: one line per rule (its proof mark first when proved, `*` for a choice), what
    realises it, why a proof fails, then the counts."""
    lines = []
    width = max((len(r["realization"]) for r in rows), default=6)
    for r in rows:
        status = STATUS_MARK[r["proof"]["status"]] + " " if "proof" in r else ""
        mark = "*" if r["choice"] else " "
        lines.append(f"{status}{mark} {r['realization']:<{width}}  {r['rule']}")
        pad = " " * len(status) + f"  {'':<{width}}    "
        notes = [f"house rule {r['house_rule']}"] if r["house_rule"] else []
        notes += [r["detail"]] if r["detail"] else []
        if notes:
            lines.append(f"{pad}-> {'; '.join(notes)}")
        if r["unrecorded"]:
            lines.append(f"{pad}unrecorded: {r['unrecorded']}")
        for reason in r.get("proof", {}).get("reasons", []):
            lines.append(f"{pad}! {reason}")
    s = coverage_summary(spec, proofs)
    lines.append("")
    counts = ", ".join(f"{s[name]} {name}" for name in REALIZATIONS if s[name] or name != "play-engine")
    choices = "1 choice" if s["choices"] == 1 else f"{s['choices']} choices"
    summary = f"{spec.game.name}: {s['total']} rules: {counts}; {choices} (*)"
    if proofs is not None:
        summary += f"; proofs: {s['proven']} proven, {s['failed']} failed, {s['unproven']} unproven"
    lines.append(summary)
    return "\n".join(lines) + "\n"
