"""Checks over a spec and the game it lowers to: what a spec states beyond what the game XML can.

One module per check, like the validator's: `ID`, `SEVERITY`, a docstring with a failing and a
passing example, and `check(ctx: SpecContext) -> Iterator[Problem]`, located in the spec. compile
runs them all after lowering (with the validator's checks over the model); `rules` runs the
coverage ones. A spec check may report a validator id when it finds the same thing on the spec's
terms (a strait naming an unknown territory is `unknown-territory`).
"""

from compiler.checks.spec.context import SpecContext
from compiler.checks.spec.registry import COVERAGE, SPEC_CHECKS, run_spec_checks

__all__ = ["COVERAGE", "SPEC_CHECKS", "SpecContext", "run_spec_checks"]
