"""Rule coverage of a spec: how each rule of the variant's document is realised in TripleA.

`coverage_rows` lists the spec's `rules:` entries; `coverage_problems` checks them against the
spec's `house_rules:` and the reference engine's house rules (compiler/engine/rules): a rule realised
as a house rule must name one the spec configures, every configured house rule must exist and
accept its parameters, and should serve some listed rule. A house rule the engine does not know
(yet) is a warning: the document's rule is still listed and left to the players.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import Counter
from functools import cache
from typing import Any

from pydantic import ValidationError

from compiler.problems import Problem, Severity
from compiler.spec.models import Spec

REALIZATIONS = ("native", "approximated", "house-rule")


@cache
def engine_house_rules() -> dict[str, type]:
    """id -> HouseRule class of every rule module of the reference engine (empty if it is absent)."""
    try:
        package = importlib.import_module("compiler.engine.rules")
        from compiler.engine.rules.base import HouseRule
    except ImportError:
        return {}
    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(package.__path__):
        try:
            module = importlib.import_module(f"{package.__name__}.{info.name}")
        except ImportError:
            continue
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, HouseRule) and value is not HouseRule and value.id:
                found[value.id] = value
    return found


def coverage_rows(spec: Spec) -> list[dict[str, Any]]:
    """One mapping per rule: rule, realization, detail, house_rule, choice."""
    return [
        {"rule": r.rule, "realization": r.realization, "detail": r.detail, "house_rule": r.house_rule,
         "choice": r.choice}
        for r in spec.rules
    ]


def coverage_summary(spec: Spec) -> dict[str, int]:
    counts = Counter(r.realization for r in spec.rules)
    result = {name: counts.get(name, 0) for name in REALIZATIONS}
    result["choices"] = sum(1 for r in spec.rules if r.choice)
    result["total"] = len(spec.rules)
    return result


def coverage_problems(spec: Spec) -> list[Problem]:
    """Inconsistencies between `rules:`, `house_rules:` and the engine's house rules."""
    problems: list[Problem] = []
    configured = {h.id for h in spec.house_rules}
    known = engine_house_rules()
    if not spec.rules:
        problems.append(Problem("coverage-empty", "the spec lists no rules (rules:)", spec.loc, Severity.WARNING))
    seen: dict[str, int] = {}
    for index, r in enumerate(spec.rules):
        loc = spec.where("rules", index)
        if r.rule in seen:
            problems.append(Problem("coverage-duplicate", f"rule listed twice: '{r.rule}'", loc, Severity.WARNING))
        seen[r.rule] = index
        if r.realization == "house-rule" and not r.house_rule:
            message = f"rule '{r.rule}' is a house rule but names none (house_rule:)"
            problems.append(Problem("coverage-house-rule", message, loc))
        if r.house_rule and r.house_rule not in configured:
            message = f"rule '{r.rule}' names house rule '{r.house_rule}', which house_rules: does not configure"
            problems.append(Problem("coverage-house-rule", message, loc))
        if r.realization == "approximated" and not r.detail:
            message = f"rule '{r.rule}' is approximated: say what differs in detail:"
            problems.append(Problem("coverage-detail", message, loc, Severity.WARNING))
    used = {r.house_rule for r in spec.rules if r.house_rule}
    for index, h in enumerate(spec.house_rules):
        loc = spec.where("house_rules", index)
        if known and h.id not in known:
            message = f"house rule '{h.id}' is not (yet) a rule of the reference engine ({', '.join(sorted(known))})"
            problems.append(Problem("coverage-unknown-house-rule", message, loc, Severity.WARNING))
        elif h.id in known:
            params = {k: v for k, v in (h.model_extra or {}).items()}
            try:
                known[h.id].Params.model_validate(params)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                problems.append(Problem("coverage-house-rule-params",
                                        f"house rule '{h.id}': {where}: {first['msg']}", loc))
        if h.id not in used:
            message = f"house rule '{h.id}' serves no rule listed in rules:"
            problems.append(Problem("coverage-unused-house-rule", message, loc, Severity.WARNING))
    return problems


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
