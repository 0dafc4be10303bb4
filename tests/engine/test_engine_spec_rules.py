"""check-log with a real variant spec: its house_rules apply; a bad rule is located in the spec."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "aggression_1939.yaml"


def _log(tmp_path: Path, player: str) -> Path:
    path = tmp_path / "log.yaml"
    path.write_text(  # the destroyer is there: a log moving absent units is refused (bad-event)
        f"initial: {{units: {{Sea Zone 28: [{{type: destroyer, owner: {player}}}]}}}}\n"
        "events:\n"
        f"  - {{type: step, round: 2, player: {player}, step: {player.lower()}CombatMove}}\n"
        "  - {type: move, units: {destroyer: 1}, route: [Sea Zone 28, Sea Zone 41]}\n"
    )
    return path


def test_spec_house_rules_apply(tmp_path):
    text = SPEC.read_text()
    assert "id: canal-control" in text
    result = CliRunner().invoke(main, ["check-log", str(_log(tmp_path, "Italy")), "--spec", str(SPEC)])
    assert result.exit_code == 1, result.output
    assert ":4: error: round 2, Italy, italyCombatMove, event 2: Italy passes the Suez Canal" in result.stdout
    assert result.stdout.rstrip().endswith("[canal-control]")
    result = CliRunner().invoke(main, ["check-log", str(_log(tmp_path, "England")), "--spec", str(SPEC)])
    assert result.exit_code == 0, result.output


def test_bad_spec_rule_is_located(tmp_path):
    lines = SPEC.read_text().splitlines()
    at = lines.index("house_rules:")
    lines.insert(at + 1, "  - {id: build-limit, limits: {infantry: 2}, colour: red}")
    spec = tmp_path / "spec.yaml"
    spec.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["check-log", str(_log(tmp_path, "Italy")), "--spec", str(spec)])
    assert result.exit_code == 2, result.output
    assert f"{spec}:{at + 2}:" in result.stderr and "colour: unknown parameter" in result.stderr


SPECS_WITH_RULES = sorted(p for p in (ROOT / "specs").glob("*.yaml") if "\nhouse_rules:" in p.read_text())


@pytest.mark.parametrize("spec_path", SPECS_WITH_RULES, ids=lambda p: p.stem)
def test_every_project_spec_binds_its_house_rules(spec_path):
    """The house rules a variant spec declares exist and take the params it gives, on its own map."""
    from compiler.engine.rules import make_rules
    from compiler.engine.world import build_world
    from compiler.lower import lower_spec
    from compiler.spec import load_spec

    spec = load_spec(spec_path)
    model, _ = lower_spec(spec)
    rules = make_rules([hr.model_dump() for hr in spec.house_rules], build_world(model))
    assert [r.id for r in rules] == [hr.id for hr in spec.house_rules]
