"""`validate --fix` / `--unsafe-fixes` on the command line: fixable problems marked in text, JSON and SARIF, files
fixed in place (safe fixes only unless asked), `N fixed, M remaining`, standard input refused."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main

GAME = (b'<?xml version="1.0"?>\n<game>\n<info name="Mini" version="1.0"/>\n<map>\n'
        b'  <territory name="Land A"/>\n  <territory name="Land B"/>\n'
        b'  <connection t1="Land A" t2="Land B"/>\n  <connection t1="Land B" t2="Land A"/>\n</map>\n'
        b"<propertyList>\n  <property name=\"maxFactoriesPerTerritry\" value=\"2\" editable=\"false\">\n"
        b'    <number min="1" max="9"/>\n  </property>\n</propertyList>\n</game>\n')


def _run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["validate", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _game(tmp_path: Path) -> Path:
    path = tmp_path / "game.xml"
    path.write_bytes(GAME)
    return path


def test_fixable_problems_are_marked_and_the_unsafe_ones_counted(tmp_path: Path) -> None:
    path = _game(tmp_path)
    _, out, err = _run(str(path))
    marked = [line for line in out.splitlines() if line.endswith(" [*]")]
    assert len(marked) == 1 and "[duplicate-connection]" in marked[0]
    assert "[*] 1 fixable with the `--fix` option (1 hidden fix can be enabled with the `--unsafe-fixes` option)" in err
    assert path.read_bytes() == GAME


def test_fix_applies_safe_fixes_and_reports_what_remains(tmp_path: Path) -> None:
    path = _game(tmp_path)
    _, out, err = _run("--fix", str(path))
    assert path.read_bytes() == GAME.replace(b'  <connection t1="Land B" t2="Land A"/>\n', b"")
    assert "1 fixed (1 file(s) changed)" in err and "[duplicate-connection]" not in out
    _, _, err = _run("--fix", "--unsafe-fixes", str(path))
    assert b"maxFactoriesPerTerritory" in path.read_bytes() and "1 fixed" in err


def test_json_and_sarif_carry_the_fix(tmp_path: Path) -> None:
    path = _game(tmp_path)
    _, out, _ = _run("--format", "json", str(path))
    doc = json.loads(out)
    fixes = {p["code"]: p["fix"] for p in doc["problems"] if "fix" in p}
    assert fixes["duplicate-connection"]["applicability"] == "safe"
    assert fixes["unknown-property"] == {"applicability": "unsafe", "applicable": False,
                                         "message": "rename 'maxFactoriesPerTerritry' to 'maxFactoriesPerTerritory'"}
    assert doc["summary"]["fixable"] == 1
    _, out, _ = _run("--format", "sarif", str(path))
    results = json.loads(out)["runs"][0]["results"]
    change = next(r for r in results if r["ruleId"] == "unknown-property")["fixes"][0]["artifactChanges"][0]
    start = GAME.index(b"maxFactoriesPerTerritry")
    assert change["replacements"] == [{"deletedRegion": {"byteOffset": start, "byteLength": 23},
                                       "insertedContent": {"text": "maxFactoriesPerTerritory"}}]


def test_standard_input_is_refused_and_zips_are_left_alone(tmp_path: Path) -> None:
    code, _, err = _run("--fix", "-", stdin=GAME)
    assert code == 2 and "standard input" in err
    archive = tmp_path / "map.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("map/games/game.xml", GAME)
    before = archive.read_bytes()
    _, _, err = _run("--fix", str(archive))
    assert archive.read_bytes() == before and "not applied inside zips" in err and "0 fixed" in err


def test_quiet_hides_warnings_but_fixes_them_too(tmp_path: Path) -> None:
    path = _game(tmp_path)
    _, out, err = _run("--fix", "--quiet", str(path))
    assert path.read_bytes() == GAME.replace(b'  <connection t1="Land B" t2="Land A"/>\n', b"")  # a warning's fix
    assert ": warning:" not in out and "1 fixed (1 file(s) changed)" in err
    remaining = int(err.split("file(s) changed), ")[1].split()[0])
    assert remaining == len(out.splitlines())  # remaining: the problems shown
    _, _, err = _run("--fix", "--quiet", str(path))
    assert "0 fixed (0 file(s) changed)" in err
