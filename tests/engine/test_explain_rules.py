"""explain RULE: every house rule with its meaning, an example and its parameters."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.engine.rules import registry


@pytest.mark.parametrize("rule_id", sorted(registry()))
def test_every_house_rule_is_explained_with_its_parameters(rule_id: str) -> None:
    done = CliRunner().invoke(main, ["explain", rule_id])
    assert done.exit_code == 0, done.output
    assert done.output.startswith(f"{rule_id} (house rule, checked by check-save and check-log)\n")
    assert f"id: {rule_id}" in done.output and "Breaks:" in done.output and "Keeps:" in done.output
    params = done.output.split("Parameters:\n", 1)[1]
    for name in registry()[rule_id].Params.model_fields:
        assert f"  {name} (" in params


def test_the_list_names_every_rule_after_the_checks() -> None:
    listed = CliRunner().invoke(main, ["explain", "--list"]).output.splitlines()
    rules = [line.split()[0] for line in listed if line.split()[1:2] == ["rule"]]
    assert rules == sorted(registry())


def test_a_misspelt_rule_is_refused_with_the_closest() -> None:
    done = CliRunner().invoke(main, ["explain", "air-rang"])
    assert done.exit_code == 2 and "did you mean 'air-range'?" in done.output
