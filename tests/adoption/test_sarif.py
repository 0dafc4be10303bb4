"""SARIF that GitHub code scanning accepts: artifact locations are valid URIs, and problems inside a map zip
point at the zip (a file of the repository) with the member and its line:col in the message."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

from click.testing import CliRunner

from compiler.cli import main
from compiler.problems import Location, Problem, Severity
from compiler.report import format_problems

# RFC 3986: the characters a URI may hold (percent signs only as %XX)
URI_CHARS = re.compile(r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+")


def assert_valid_uri(uri: str, path: str) -> None:
    """`uri` is a valid URI (reference) for the file `path`."""
    assert URI_CHARS.fullmatch(uri), uri
    parts = urlsplit(uri)
    if path.startswith("/"):
        assert (parts.scheme, parts.netloc) == ("file", "") and uri.startswith("file:///"), uri
    else:  # a relative reference: no scheme, and no ':' in the first segment that would read as one
        assert parts.scheme == "" and ":" not in uri.split("/")[0], uri
    assert unquote(parts.path) == path and not parts.query and not parts.fragment, uri


def sarif(problems: list[Problem]) -> list[dict]:
    doc = json.loads(format_problems(problems, "sarif"))
    assert doc["version"] == "2.1.0"
    return doc["runs"][0]["results"]


PATHS = ["maps/a,b.xml", "map/games/My Game (v2).xml", "ünïcode/ß#1?.xml", "a:b.xml", "/abs/with space/x%y.xml",
         "../up/x.xml"]


def test_artifact_uris_are_valid_uris() -> None:
    results = sarif([Problem("unknown-unit", "m", Location(p, 3, 4), Severity.ERROR) for p in PATHS])
    for path, result in zip(PATHS, results, strict=True):
        physical = result["locations"][0]["physicalLocation"]
        assert_valid_uri(physical["artifactLocation"]["uri"], path)
        assert physical["region"] == {"startLine": 3, "startColumn": 4}
        assert result["message"]["text"] == "m" and "properties" not in result


def test_zip_member_problem_points_at_the_zip_without_region() -> None:
    problems = [
        Problem("unknown-unit", "unknown unit type 'x'", Location("maps/my map.zip!/m-master/map/games/g.xml", 12, 3)),
        Problem("map-yml", "map.yml is empty", Location("/abs/m.zip!/m-master/map.yml", 1, 0), Severity.ERROR),
        Problem("unreadable", "cannot read", Location("m.ZIP!/inner.xml")),
    ]
    first, second, third = sarif(problems)
    assert first["locations"] == [{"physicalLocation": {"artifactLocation": {"uri": "maps/my%20map.zip"}}}]
    assert first["message"]["text"] == "m-master/map/games/g.xml:12:3: unknown unit type 'x'"
    assert first["properties"] == {"zipMember": "m-master/map/games/g.xml", "memberLine": 12, "memberColumn": 3}
    assert second["locations"][0]["physicalLocation"] == {"artifactLocation": {"uri": "file:///abs/m.zip"}}
    assert second["message"]["text"] == "m-master/map.yml:1: map.yml is empty"
    assert second["properties"] == {"zipMember": "m-master/map.yml", "memberLine": 1}
    assert third["message"]["text"] == "inner.xml: cannot read"
    assert third["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "m.ZIP"
    for result, archive in zip((first, second, third), ("maps/my map.zip", "/abs/m.zip", "m.ZIP"), strict=True):
        assert_valid_uri(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], archive)


def test_validate_a_map_zip_in_sarif(shared: Path, tmp_path: Path) -> None:
    game = (shared / "reference" / "corpus" / "1941.xml").read_text(encoding="utf-8")
    assert '<option name="movement"' in game
    archive = tmp_path / "my maps" / "mini map.zip"
    archive.parent.mkdir()
    with zipfile.ZipFile(archive, "w") as zf:
        broken = game.replace('<option name="movement"', '<option name="movment"', 1)
        zf.writestr("mini-master/map/games/bad.xml", broken)
    result = CliRunner().invoke(main, ["validate", "--format", "sarif", str(archive)])
    assert result.exit_code == 1, result.output
    results = json.loads(result.stdout)["runs"][0]["results"]
    bad = [r for r in results if r["ruleId"] == "unknown-option"]
    assert bad, results
    for r in results:
        physical = r["locations"][0]["physicalLocation"]
        assert_valid_uri(physical["artifactLocation"]["uri"], str(archive))
        assert "region" not in physical
        assert r["properties"]["zipMember"] == "mini-master/map/games/bad.xml"
    line = bad[0]["properties"]["memberLine"]
    assert bad[0]["message"]["text"].startswith(f"mini-master/map/games/bad.xml:{line}:")
