"""The built wheel works on its own: installed in a fresh venv of every claimed Python, run outside the repo.

One sdist is built (and the wheel from it, so a file the sdist forgets is caught); each Python version
gets its own venv with the wheel pip-installed with the newest dependencies its ranges allow, and the oldest
Python once more with the lowest (each range's floor: the ranges in pyproject.toml must be honest). In every
venv the wheel runs (not the repository) and every module imports; the commands run on real inputs, from a
temporary directory, in the two venvs at the ends of the claims: the oldest Python with the lowest
dependencies and the newest Python with the newest (the middle ones add no other code path, only CI time).
"""

from __future__ import annotations

import json
import re
import shutil
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.version import Version
from pythons import claimed_versions, find_python
from reference_data import IN_CI, ROOT
from wheel_env import Dists, Venv, build_dists, tail

from compiler.commands import COMMANDS
from compiler.spec.base_source import absolute_base

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSIONS = claimed_versions()
SAVE = "reference/saves/nwo_smalls_ai_game_during_combat.tsvg"
SAVE_GAME = "reference/corpus/new_world_order_smalls.xml"
SMALL_GAME = "reference/corpus/minimap.xml"
MAP_GAME = "reference/maps/world_war_ii_classic/map/games/classic.xml"


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """The sdist and the wheel built from it, shared by every Python version."""
    return build_dists(tmp_path_factory.mktemp("dists"))


def lowest_requirements() -> list[str]:
    """`name==floor` for every runtime dependency: each is `name>=floor` in pyproject.toml."""
    pins = []
    for requirement in PROJECT["dependencies"]:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9][0-9.]*)", requirement)
        assert found, f"{requirement!r}: a runtime dependency is `name>=floor` (tests/packaging installs the floor)"
        pins.append(f"{found[1]}=={found[2]}")
    return pins


RESOLUTIONS = [(version, "newest") for version in VERSIONS] + [(VERSIONS[0], "lowest")]


ENDS = [(VERSIONS[0], "lowest"), (VERSIONS[-1], "newest")]
_MADE: dict[tuple[str, str], Venv] = {}


@pytest.fixture(scope="module", params=RESOLUTIONS, ids=lambda p: f"py{p[0]}-{p[1]}")
def venv(request: pytest.FixtureRequest, dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A fresh venv of each claimed Python version (and the oldest with the lowest dependencies)."""
    return _venv(request.param, dists, tmp_path_factory)


@pytest.fixture(scope="module", params=ENDS, ids=lambda p: f"py{p[0]}-{p[1]}")
def venv_ends(request: pytest.FixtureRequest, dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """The venvs at the ends of the claims (made once, shared with `venv`)."""
    return _venv(request.param, dists, tmp_path_factory)


def _venv(param: tuple[str, str], dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A fresh venv of one claimed Python version with the wheel installed, with the newest or the lowest
    dependencies its ranges allow.

    A version missing here skips; in CI the oldest claimed version must run, and a version that exists
    but cannot make a venv fails. A dependency that does not install fails everywhere.
    """
    if param in _MADE:
        return _MADE[param]
    version, resolution = param
    base = find_python(version)
    if base is None:
        why = f"no Python {version} here (looked at this interpreter, $PYENV_ROOT/versions, python{version} on PATH)"
        if IN_CI and version == VERSIONS[0]:
            pytest.fail(f"{why} (required in CI)")
        pytest.skip(why)
    folder = tmp_path_factory.mktemp(f"venv-py{version}-{resolution}")
    env = Venv(folder / "venv")
    created = env.create(base)
    if created.returncode != 0:
        why = f"{base} cannot create a venv:\n{tail(created)}"
        if IN_CI:
            pytest.fail(why)
        pytest.skip(why)
    constraints = None
    if resolution == "lowest":
        constraints = folder / "lowest.txt"
        constraints.write_text("\n".join(lowest_requirements()) + "\n", encoding="utf-8")
    installed = env.install(dists.wheel, constraints)
    assert installed.returncode == 0, \
        f"pip cannot install the wheel under Python {version} ({resolution}):\n{tail(installed)}"
    if resolution == "lowest":  # each floor itself was installed
        have = env.versions()
        for pin in lowest_requirements():
            name, _, floor = pin.partition("==")
            assert Version(have[name.lower().replace("_", "-")]) == Version(floor), (name, have)
    _MADE[param] = env
    return env


def _copy(source: Path, directory: Path) -> Path:
    return Path(shutil.copy(source, directory))


def test_the_claims_agree() -> None:
    assert VERSIONS and VERSIONS[0] == "3.11"
    assert PROJECT["requires-python"] == f">={VERSIONS[0]}"
    assert PROJECT["license"] == "MIT" and (ROOT / "LICENSE").is_file()


def test_sdist_and_wheel_hold_the_package_and_its_data(dists: Dists) -> None:
    package = {path.relative_to(dists.source).as_posix() for path in (dists.source / "compiler").rglob("*")
               if path.is_file() and "__pycache__" not in path.parts}
    assert {"compiler/py.typed", "compiler/templates/game.xml.j2", "compiler/schemas/spec.schema.json",
            "compiler/schemas/catalog/README.md", "compiler/schemas/catalog/attachments.json"} <= package
    with zipfile.ZipFile(dists.wheel) as wheel:
        names = set(wheel.namelist())
        dist_info = f"triplea_compiler-{PROJECT['version']}.dist-info"
        metadata = wheel.read(f"{dist_info}/METADATA").decode()
    assert {name for name in names if name.startswith("compiler/")} == package
    assert f"{dist_info}/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata and f"Requires-Python: >={VERSIONS[0]}" in metadata
    with tarfile.open(dists.sdist) as sdist:
        members = {member.name.split("/", 1)[1] for member in sdist.getmembers() if member.isfile()}
    assert package <= members
    assert {"LICENSE", "README.md", "pyproject.toml", "MANIFEST.in"} <= members
    assert not [name for name in members if name.startswith("tests/")]


def test_the_installed_wheel_runs_not_the_repository(venv: Venv, dists: Dists, tmp_path: Path) -> None:
    facts = venv.package_facts(tmp_path)
    purelib = Path(facts["purelib"])
    assert purelib.is_relative_to(venv.path) and Path(facts["file"]).is_relative_to(purelib), facts
    direct_url = json.loads(facts["direct_url"])
    assert "archive_info" in direct_url and direct_url["url"].endswith(dists.wheel.name), direct_url
    assert facts["version"] == PROJECT["version"]
    result = venv.run("triplea-compiler", "--version", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, f"triplea-compiler, version {PROJECT['version']}\n")
    result = venv.run("python", "-m", "compiler", "--help", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("Usage: triplea-compiler "), tail(result)
    listed = re.findall(r"^  (\S+)  ", result.stdout, flags=re.MULTILINE)
    assert set(COMMANDS) <= set(listed), listed


def test_every_module_imports(venv: Venv, dists: Dists, tmp_path: Path) -> None:
    """What the classifiers claim: all of the package imports under this Python, not just what the commands use."""
    code = ("import importlib, pkgutil, compiler; names = [m.name for m in "
            "pkgutil.walk_packages(compiler.__path__, 'compiler.') if not m.name.endswith('__main__')]; "
            "[importlib.import_module(name) for name in names]; print(len(names))")
    result = venv.run("python", "-c", code, cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    package = dists.source / "compiler"
    modules = [path for path in package.rglob("*.py") if path.name not in ("__init__.py", "__main__.py")]
    packages = [path for path in package.rglob("__init__.py") if path.parent != package]
    assert int(result.stdout) == len(modules) + len(packages)


def test_compile_writes_the_committed_xml(venv_ends: Venv, tmp_path: Path) -> None:
    _copy(ROOT / "specs/two_fronts.yaml", tmp_path)
    result = venv_ends.run("triplea-compiler", "compile", "two_fronts.yaml", "-o", "out", cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    written = tmp_path / "out/two_fronts.xml"
    assert written.read_bytes() == (ROOT / "output/two_fronts.xml").read_bytes()
    result = venv_ends.run("triplea-compiler", "compile", "two_fronts.yaml", "-o", "out", "--check", cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    written.write_bytes(written.read_bytes() + b"\n")
    result = venv_ends.run("triplea-compiler", "compile", "two_fronts.yaml", "-o", "out", "--check", cwd=tmp_path)
    assert result.returncode == 1, tail(result)


def test_validate_a_real_game_and_a_misspelled_option(venv_ends: Venv, tmp_path: Path, shared: Path) -> None:
    game = shared / SMALL_GAME
    result = venv_ends.run("triplea-compiler", "validate", game, cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    text = game.read_bytes()
    line = text[:text.index(b'name="movement"')].count(b"\n") + 1
    (tmp_path / game.name).write_bytes(text.replace(b'name="movement"', b'name="movment"', 1))
    result = venv_ends.run("triplea-compiler", "validate", game.name, cwd=tmp_path)
    assert result.returncode == 1, tail(result)
    [problem] = [row for row in result.stdout.splitlines() if "[unknown-option]" in row]
    assert problem.startswith(f"{game.name}:{line}:") and "movment" in problem, problem


def test_import_then_diff_finds_no_difference(venv_ends: Venv, tmp_path: Path, shared: Path) -> None:
    game = shared / MAP_GAME
    result = venv_ends.run("triplea-compiler", "import", game, "-o", "classic.yaml", cwd=tmp_path)
    assert result.returncode == 0 and (tmp_path / "classic.yaml").is_file(), tail(result)
    result = venv_ends.run("triplea-compiler", "diff", game, "classic.yaml", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "no differences\n"), tail(result)


def test_show_save_and_check_save_read_a_real_save(venv_ends: Venv, tmp_path: Path, shared: Path) -> None:
    save = shared / SAVE
    result = venv_ends.run("triplea-compiler", "show-save", save, "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    state = json.loads(result.stdout)
    assert (state["game"], state["round"], state["player"]) == ("NWO Smalls", 1, "Germans")
    strict = 'air-range:{"ranges": {"Bomber": {"combat": 3}}}'
    result = venv_ends.run("triplea-compiler", "check-save", save, "--game", shared / SAVE_GAME, "--rule", strict,
                      "--format", "json", cwd=tmp_path)
    assert result.returncode == 1, tail(result)
    found = json.loads(result.stdout)["problems"]
    assert [(v["code"], v["when"]["round"], v["when"]["player"]) for v in found] == [("air-range", 1, "Germans")] * 2


def test_schema_check_finds_the_shipped_schema_current(venv_ends: Venv, tmp_path: Path) -> None:
    result = venv_ends.run("triplea-compiler", "schema", "--check", cwd=tmp_path)
    assert result.returncode == 0, tail(result)


def test_rules_tables(venv_ends: Venv, tmp_path: Path) -> None:
    _copy(ROOT / "specs/two_fronts.yaml", tmp_path)
    result = venv_ends.run("triplea-compiler", "rules", "two_fronts.yaml", cwd=tmp_path)
    assert result.returncode == 0 and "Two Fronts: 0 rules" in result.stdout, tail(result)
    spec = ROOT / "specs/diberardino_classic.yaml"  # a variant of Classic: its base named by an absolute path
    (tmp_path / spec.name).write_text(absolute_base(spec.read_text(encoding="utf-8"), spec), encoding="utf-8")
    result = venv_ends.run("triplea-compiler", "rules", "diberardino_classic.yaml", cwd=tmp_path)
    assert result.returncode == 1 and "cannot read log" in result.stdout, tail(result)  # its proof logs not beside it
    shutil.copytree(ROOT / "specs/proofs/diberardino_classic", tmp_path / "proofs/diberardino_classic")
    result = venv_ends.run("triplea-compiler", "rules", "diberardino_classic.yaml", cwd=tmp_path)
    assert result.returncode == 0, tail(result)
    assert re.search(r"^DiBerardino Classic: [1-9]\d* rules: .*[1-9]\d* house-rule.*proofs: [1-9]\d* proven, 0 failed, "
                     r"0 unproven$", result.stdout, re.MULTILINE), tail(result)


def test_fmt_check_on_a_spec(venv_ends: Venv, tmp_path: Path) -> None:
    _copy(ROOT / "specs/two_fronts.yaml", tmp_path)
    result = venv_ends.run("triplea-compiler", "fmt", "--check", "two_fronts.yaml", cwd=tmp_path)
    assert result.returncode == 0 and "0 of 1 spec(s) would be reformatted" in result.stdout + result.stderr, \
        tail(result)


def test_a_missing_catalog_is_a_clear_error(venv_ends: Venv, tmp_path: Path) -> None:
    catalog = Path(venv_ends.package_facts(tmp_path)["file"]).parent / "schemas" / "catalog"
    _copy(ROOT / "output/two_fronts.xml", tmp_path)
    moved = catalog.rename(catalog.with_name("catalog.removed"))
    try:
        result = venv_ends.run("triplea-compiler", "validate", "two_fronts.xml", cwd=tmp_path)
    finally:
        moved.rename(catalog)
    assert result.returncode == 2, tail(result)
    assert result.stderr.startswith(f"triplea-compiler: error: catalog file missing or unreadable: {catalog}/")
    assert "reinstall triplea-compiler" in result.stderr and "Traceback" not in result.stdout + result.stderr
