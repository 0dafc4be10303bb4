"""action.yml, the composite GitHub Action: its structure, and its scripts run with bash as GitHub runs
them (inputs through env, outputs through $GITHUB_OUTPUT) on a real map repository."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from reference_data import ROOT, need_commands

ACTION = ROOT / "action.yml"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")
INPUT_DEFAULTS = {"paths": ".", "engine": "", "args": "", "sarif-file": "triplea-compiler.sarif",
                  "upload-sarif": "true", "python-version": "3.11"}


@pytest.fixture(scope="module")
def action() -> dict[str, Any]:
    doc = yaml.safe_load(ACTION.read_text())
    assert isinstance(doc, dict)
    return doc


def step(action: dict[str, Any], name_part: str) -> dict[str, Any]:
    found = [s for s in action["runs"]["steps"] if name_part in s.get("name", "")]
    assert len(found) == 1, name_part
    return found[0]


def test_inputs_and_their_defaults(action: dict[str, Any]) -> None:
    assert {name: spec["default"] for name, spec in action["inputs"].items()} == INPUT_DEFAULTS
    assert all(spec.get("description") for spec in action["inputs"].values())
    assert set(action["outputs"]) == {"status", "sarif-file"}


def test_composite_steps(action: dict[str, Any]) -> None:
    steps = action["runs"]["steps"]
    assert action["runs"]["using"] == "composite"
    assert steps[0]["uses"].startswith("actions/setup-python@")
    assert steps[0]["with"]["python-version"] == "${{ inputs.python-version }}"
    install = step(action, "Install")
    assert '"$GITHUB_ACTION_PATH"' in install["run"] and "pip install" in install["run"]
    assert step(action, "Validate")["id"] == "validate"
    upload = step(action, "Upload SARIF")
    assert upload["uses"] == "github/codeql-action/upload-sarif@v3"
    assert "always()" in upload["if"] and "inputs.upload-sarif == 'true'" in upload["if"]
    assert upload["with"]["sarif_file"] == "${{ steps.validate.outputs.sarif-file }}"
    fail = steps[-1]
    assert "always()" in fail["if"] and "steps.validate.outputs.status != '0'" in fail["if"]
    for s in steps:
        if "run" in s:
            assert s["shell"] == "bash"
            assert "${{" not in s["run"], f"expression inside run: of {s['name']} (script injection)"


def _resolve(value: str, inputs: dict[str, str], outputs: dict[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        scope, _, name = m.group(1).partition(".")
        if scope == "inputs":
            return inputs[name]
        assert m.group(1).startswith("steps.validate.outputs."), m.group(1)
        return outputs.get(m.group(1).rsplit(".", 1)[1], "")
    return EXPRESSION.sub(one, value)


def run_step(s: dict[str, Any], workspace: Path, inputs: dict[str, str], outputs: dict[str, str],
             github_output: Path) -> subprocess.CompletedProcess[str]:
    """One `run:` step as the runner runs it: `bash -e {0}` with the step's env resolved."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRIPLEA_")}
    env |= {k: _resolve(str(v), inputs, outputs) for k, v in s.get("env", {}).items()}
    env |= {"GITHUB_OUTPUT": str(github_output), "GITHUB_ACTION_PATH": str(ROOT), "GITHUB_WORKSPACE": str(workspace),
            "GITHUB_ACTIONS": "true"}
    script = workspace.parent / "step.sh"
    script.write_text(s["run"])
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=workspace, env=env,
                          capture_output=True, text=True, timeout=600, check=False)


def read_outputs(github_output: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in github_output.read_text().splitlines() if "=" in line)


@pytest.fixture()
def map_repo(shared: Path, tmp_path: Path) -> Path:
    """A checkout of a map repository (map.yml beside map/)."""
    need_commands("bash", "triplea-compiler")
    repo = tmp_path / "workspace"
    shutil.copytree(shared / "reference" / "maps" / "world_war_ii_classic", repo)
    return repo


def validate_then_fail(action: dict[str, Any], repo: Path, **overrides: str) -> tuple[subprocess.CompletedProcess[str],
                                                                                       dict[str, str],
                                                                                       subprocess.CompletedProcess[str]]:
    inputs = INPUT_DEFAULTS | overrides
    github_output = repo.parent / "github_output"
    github_output.write_text("")
    done = run_step(step(action, "Validate"), repo, inputs, {}, github_output)
    outputs = read_outputs(github_output)
    fail = action["runs"]["steps"][-1]
    final = run_step(fail, repo, inputs, outputs, repo.parent / "unused")
    return done, outputs, final


def test_validate_step_on_a_real_map_repository(action: dict[str, Any], map_repo: Path) -> None:
    done, outputs, final = validate_then_fail(action, map_repo)
    assert done.returncode == 0, done.stderr
    assert outputs == {"status": "0", "sarif-file": "triplea-compiler.sarif"}
    doc = json.loads((map_repo / "triplea-compiler.sarif").read_text())
    results = doc["runs"][0]["results"]
    assert results and all(r["level"] == "warning" for r in results)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert "map/games/classic.xml" in uris  # relative to the checkout, as code scanning wants
    assert "0 error(s)" in done.stderr
    # the failing step's condition (status != '0') is false: it would not run
    assert outputs["status"] == "0"


def test_validate_step_reports_errors_and_the_last_step_fails(action: dict[str, Any], map_repo: Path) -> None:
    game = map_repo / "map" / "games" / "classic.xml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('<option name="movement"', '<option name="movment"', 1), encoding="utf-8")
    (map_repo / "map.yml").write_text((map_repo / "map.yml").read_text().replace("iron_blitz.xml", "iron_blits.xml"))

    overrides = {"sarif-file": "out/report.sarif", "args": "--jobs 2"}
    done, outputs, final = validate_then_fail(action, map_repo, **overrides)
    assert done.returncode == 0, done.stderr  # the step itself succeeds: its status output decides
    assert outputs == {"status": "1", "sarif-file": "out/report.sarif"}
    assert "error: unknown option 'movment'" in done.stdout and "[map-yml]" in done.stdout
    results = json.loads((map_repo / "out" / "report.sarif").read_text())["runs"][0]["results"]
    errors = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
              for r in results if r["level"] == "error"}
    assert errors == {("unknown-option", "map/games/classic.xml"), ("map-yml", "map.yml")}
    assert final.returncode == 1 and "::error title=triplea-compiler::validation found errors" in final.stdout


def test_without_upload_the_log_is_annotations(action: dict[str, Any], map_repo: Path) -> None:
    game = map_repo / "map" / "games" / "iron_blitz.xml"
    game.write_text(game.read_text(encoding="utf-8").replace('<option name="movement"', '<option name="movment"', 1),
                    encoding="utf-8")
    overrides = {"upload-sarif": "false", "paths": "map/games/iron_blitz.xml"}
    done, outputs, _ = validate_then_fail(action, map_repo, **overrides)
    assert outputs["status"] == "1"
    annotation = r"^::error file=map/games/iron_blitz\.xml,line=\d+,col=\d+,title=unknown-option::"
    assert re.search(annotation, done.stdout, re.M), done.stdout


def test_engine_comes_from_the_repository_configuration_unless_given(action: dict[str, Any], map_repo: Path) -> None:
    game = map_repo / "map" / "games" / "classic.xml"
    text = game.read_text(encoding="utf-8")
    # an option only TripleA 2.x knows: fine for 2.x, an error for the repository's 1.9
    game.write_text(text.replace('<option name="movement" value="1"/>',
                                 '<option name="movement" value="1"/><option name="isSuicideOnAttack" value="true"/>',
                                 1), encoding="utf-8")
    assert "isSuicideOnAttack" in game.read_text(encoding="utf-8")
    (map_repo / ".triplea-compiler.yaml").write_text('engine: "1.9"\n')
    done, outputs, _ = validate_then_fail(action, map_repo, paths="map/games/classic.xml")
    assert outputs["status"] == "1", done.stdout
    assert "needs TripleA 2.x" in done.stdout
    done, outputs, _ = validate_then_fail(action, map_repo, paths="map/games/classic.xml", engine="2.x")
    assert outputs["status"] == "0", done.stdout


def test_inputs_cannot_inject_shell_code(action: dict[str, Any], map_repo: Path) -> None:
    done, outputs, _ = validate_then_fail(action, map_repo, paths='$(touch pwned) "; touch pwned2; "',
                                          args="`touch pwned3`")
    assert not list(map_repo.glob("pwned*"))
    assert outputs["status"] == "2"  # the paths are taken literally and do not exist
