"""The spec checks, in the order their problems are reported, and their runner."""

from __future__ import annotations

from types import ModuleType

from compiler.checks.spec import (
    canal_not_adjacent,
    canal_not_water,
    coverage_detail,
    coverage_duplicate,
    coverage_house_rule,
    coverage_house_rule_params,
    coverage_unknown_house_rule,
    coverage_unused_house_rule,
    every_relationship,
    house_rule_names,
    missing_frontier,
    strait_not_land,
    strait_territory,
)
from compiler.checks.spec.context import SpecContext
from compiler.problems import Problem, Severity

# How the spec's rules: and house_rules: agree with each other and with the reference engine (no model needed).
COVERAGE: tuple[ModuleType, ...] = (
    coverage_duplicate, coverage_house_rule, coverage_detail, coverage_unknown_house_rule,
    coverage_house_rule_params, coverage_unused_house_rule,
)
SPEC_CHECKS: tuple[ModuleType, ...] = (
    canal_not_water, canal_not_adjacent, strait_not_land, strait_territory, every_relationship, missing_frontier,
    *COVERAGE, house_rule_names,
)


def run_spec_checks(ctx: SpecContext, checks: tuple[ModuleType, ...] = SPEC_CHECKS) -> list[Problem]:
    """Run `checks` over one spec; a check that fails is reported, never raised."""
    problems: list[Problem] = []
    for module in checks:
        try:
            problems.extend(module.check(ctx))
        except Exception as exc:  # a bug in one check must not hide the others' findings
            problems.append(Problem("internal-error", f"check {module.ID} failed: {type(exc).__name__}: {exc}",
                                    ctx.spec.loc, Severity.ERROR))
    return problems
