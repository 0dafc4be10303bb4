"""Rule coverage of a spec: how each rule of the variant's document is realised in TripleA.

`coverage_rows` lists the spec's `rules:` entries; `coverage_problems` checks them against the
spec's `house_rules:` and the reference engine's house rules (the coverage checks of
compiler/checks/spec/, which compile runs too): a rule realised as a house rule must name one the
spec configures, every configured house rule must exist and accept its parameters, and should serve
some listed rule. A house rule the engine does not know (yet) is a warning: the document's rule is
still listed and left to the players.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from compiler.problems import Problem, Severity
from compiler.spec.models import Spec

REALIZATIONS = ("native", "approximated", "house-rule")


def coverage_rows(spec: Spec) -> list[dict[str, Any]]:
    """One mapping per rule: rule, realization, detail, house_rule, choice."""
    return [
        {"rule": r.rule, "realization": r.realization, "detail": r.detail, "house_rule": r.house_rule,
         "choice": r.choice}
        for r in spec.rules
    ]


def coverage_summary(spec: Spec) -> dict[str, int]:
    counts: Counter[str] = Counter(r.realization for r in spec.rules)
    result = {name: counts[name] for name in REALIZATIONS}
    result["choices"] = sum(1 for r in spec.rules if r.choice)
    result["total"] = len(spec.rules)
    return result


def coverage_problems(spec: Spec) -> list[Problem]:
    """Inconsistencies between `rules:`, `house_rules:` and the engine's house rules. An empty `rules:`
    is a warning here only (compile does not ask a spec to list its document's rules)."""
    from compiler.checks.spec import COVERAGE, SpecContext, run_spec_checks

    empty = [Problem("coverage-empty", "the spec lists no rules (rules:)", spec.loc, Severity.WARNING)]
    return [*(empty if not spec.rules else []), *run_spec_checks(SpecContext(spec), COVERAGE)]


def format_text(spec: Spec, rows: list[dict[str, Any]]) -> str:
    """A readable table: one line per rule, then the counts."""
    lines = []
    width = max((len(r["realization"]) for r in rows), default=6)
    for r in rows:
        mark = "*" if r["choice"] else " "
        lines.append(f"{mark} {r['realization']:<{width}}  {r['rule']}")
        notes = [f"house rule {r['house_rule']}"] if r["house_rule"] else []
        notes += [r["detail"]] if r["detail"] else []
        if notes:
            lines.append(f"  {'':<{width}}    -> {'; '.join(notes)}")
    s = coverage_summary(spec)
    lines.append("")
    lines.append(f"{spec.game.name}: {s['total']} rules: {s['native']} native, {s['approximated']} approximated, "
                 f"{s['house-rule']} house-rule; {s['choices']} choices (*)")
    return "\n".join(lines) + "\n"
