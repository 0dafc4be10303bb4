"""The hooks of .pre-commit-hooks.yaml, run by the real pre-commit from a repository that uses them.

pre-commit clones the hook repository at a commit and pip-installs it into its own environment. The
hook repository here is a snapshot of this working tree (tracked and new files, as they are now)
committed into a temporary git repository, so uncommitted changes are what gets tested.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from reference_data import ROOT, need, need_commands

from compiler.cli import main

GIT_ENV = {"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
           "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


@dataclass(frozen=True)
class HookRepo:
    path: Path
    rev: str
    env: dict[str, str]


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900, check=False)


def _git(cwd: Path, env: dict[str, str], *args: str) -> str:
    done = _run(["git", *args], cwd, env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> HookRepo:
    """This project as a git repository pre-commit can clone, and a PRE_COMMIT_HOME shared by the
    tests of this module (the hook environment is built once)."""
    need_commands("git", "pre-commit")
    base = tmp_path_factory.mktemp("precommit")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | GIT_ENV
    env["PRE_COMMIT_HOME"] = str(base / "home")
    listed = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT, env)
    need(listed.returncode == 0, "needs the project as a git checkout (the hooks are installed from one)")
    snapshot = base / "triplea-compiler"
    for name in filter(None, listed.stdout.split("\0")):
        src, dst = ROOT / name, snapshot / name
        if not src.exists() and not src.is_symlink():
            continue  # deleted in the working tree
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            dst.symlink_to(os.readlink(src))
        else:
            shutil.copy2(src, dst)
    _git(snapshot, env, "init", "-q")
    _git(snapshot, env, "add", "-A")
    _git(snapshot, env, "commit", "-q", "-m", "snapshot")
    return HookRepo(snapshot, _git(snapshot, env, "rev-parse", "HEAD"), env)


def user_repo(hooks: HookRepo, where: Path, hook_lines: str) -> Path:
    """A git repository whose .pre-commit-config.yaml uses the hook repository."""
    where.mkdir()
    _git(where, hooks.env, "init", "-q")
    (where / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {hooks.path}\n  rev: {hooks.rev}\n  hooks:\n{hook_lines}")
    return where


def pre_commit(hooks: HookRepo, repo: Path, *files: str) -> tuple[int, str]:
    _git(repo, hooks.env, "add", "-A")
    done = _run(["pre-commit", "run", "--color", "never", "--files", *files], repo, hooks.env)
    return done.returncode, done.stdout + done.stderr


def test_validate_hook_fails_a_misspelled_option_and_passes_the_real_game(
        hook_repo: HookRepo, shared: Path, tmp_path: Path) -> None:
    repo = user_repo(hook_repo, tmp_path / "map_repo", "  - id: triplea-validate\n")
    real = (shared / "reference" / "corpus" / "1941.xml").read_text(encoding="utf-8")
    lines = real.splitlines(keepends=True)
    line = next(n for n, text in enumerate(lines, 1) if '<option name="movement"' in text)
    lines[line - 1] = lines[line - 1].replace('name="movement"', 'name="movment"')
    games = repo / "map" / "games"
    games.mkdir(parents=True)
    (games / "good.xml").write_text(real, encoding="utf-8")
    (games / "bad.xml").write_text("".join(lines), encoding="utf-8")

    code, out = pre_commit(hook_repo, repo, "map/games/bad.xml")
    assert code != 0, out
    assert f"map/games/bad.xml:{line}:" in out and "[unknown-option]" in out and "'movment'" in out, out
    assert "triplea-compiler validate" in out and "Failed" in out

    code, out = pre_commit(hook_repo, repo, "map/games/good.xml")
    assert code == 0, out
    assert "Passed" in out and "error" not in out.replace("0 error(s)", "")


def test_fmt_and_compile_check_hooks(hook_repo: HookRepo, tmp_path: Path) -> None:
    repo = user_repo(hook_repo, tmp_path / "variant_repo",
                     "  - id: triplea-fmt\n  - id: triplea-compile-check\n    args: [-o, map/games]\n")
    spec = repo / "specs" / "two_fronts.yaml"
    spec.parent.mkdir()
    shutil.copy(ROOT / "specs" / "two_fronts.yaml", spec)
    compiled = CliRunner().invoke(main, ["compile", "-o", str(repo / "map" / "games"), str(spec)])
    assert compiled.exit_code == 0, compiled.output
    xml = repo / "map" / "games" / "two_fronts.xml"

    code, out = pre_commit(hook_repo, repo, "specs/two_fronts.yaml")
    assert code == 0, out
    assert out.count("Passed") == 2, out

    xml.write_text(xml.read_text().replace("</game>", "<!-- edited by hand -->\n</game>"))
    code, out = pre_commit(hook_repo, repo, "specs/two_fronts.yaml")
    assert code != 0 and "map/games/two_fronts.xml: out of date with specs/two_fronts.yaml" in out, out

    text = spec.read_text()
    flow = "  - {step: gameInitDelegate, delegate: initDelegate, max_run_count: 1}\n"
    assert flow in text
    block = "  - step: gameInitDelegate\n    delegate: initDelegate\n    max_run_count: 1\n"
    spec.write_text(text.replace(flow, block))
    code, out = pre_commit(hook_repo, repo, "specs/two_fronts.yaml")
    assert code != 0 and "would reformat specs/two_fronts.yaml" in out, out
