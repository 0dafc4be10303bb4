"""Checks over a GameModel, the yamllint way: one module per check, each with an id and a severity.

Every check module has `ID`, `SEVERITY`, a docstring with a failing and a passing example, and
`check(ctx) -> Iterator[Problem]`. `run_checks` runs them all; problems carry each element's `loc`,
so they point into the game XML or into the YAML spec the model was lowered from.
"""

from compiler.checks.context import CheckContext
from compiler.checks.registry import CHECKS, run_checks, run_context

__all__ = ["CHECKS", "CheckContext", "run_checks", "run_context"]
