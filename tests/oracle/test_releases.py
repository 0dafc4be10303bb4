"""The tool keeps up with TripleA's releases: every oracle kit in ../shared is a release the registry knows,
`latest` is the newest of them, docs/releases.md lists what the registry says, and each kit's own save reads.

When a new kit lands in ../shared/reference (the next release), test_every_kit_is_a_known_release fails until
the release is added as docs/releases.md says; the differential suite, the load tests and the save test below
then judge with it too (they take their releases from the registry).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from reference_data import ROOT, kits

from compiler import engines
from compiler.cli import main
from compiler.compile import compile_spec
from compiler.engine import events as ev
from compiler.engine.board import Board
from compiler.engine.divergence import differences
from compiler.engine.world import build_world
from compiler.saves import read_save

PROCEDURE = "add it as docs/releases.md says"
RELEASES_PAGE = ROOT / "docs" / "releases.md"


def test_every_kit_is_a_known_release(shared: Path) -> None:
    folders = kits().kit_folders()
    assert folders, "no oracle kit in ../shared/reference"
    for folder in folders:
        version = kits().jar_version(folder)
        known = engines.read_version(version)
        assert known is not None and known.release is not None and not known.newer, \
            f"{folder} is TripleA {version}, a release this tool does not know: {PROCEDURE}"
        release = known.release
        assert (release.kit, release.last) == (folder.parent.name, version), \
            f"{folder} is TripleA {version}: releases.json should name it the kit and newest build of {release.name}"


def test_latest_is_the_newest_kit(shared: Path) -> None:
    newest = max((kits().jar_version(f) for f in kits().kit_folders()), key=lambda v: engines.resolve(v).order)
    assert engines.newest().last == newest, f"`latest` is {engines.newest().last}, the newest kit {newest}: {PROCEDURE}"


def test_the_registry_is_consistent() -> None:
    names = [r.name for r in engines.releases()]
    assert len(set(names)) == len(names) and names == sorted(names, key=lambda n: engines.resolve(n).order,
                                                              reverse=True)
    for release in engines.releases():
        for build in filter(None, (release.first, release.last)):
            found = engines.read_version(build)
            assert found is not None and found.release == release and not found.newer, (release.name, build)
        assert all(engines.read_version(c.since) and engines.resolve(c.since) == release for c in release.changes)
        assert release.save_version in ("Version", "string")
    calendar = [r for r in engines.releases() if r.order[0] >= 2000]
    assert all(r.save_version == "string" and not r.reads_minimum_version for r in calendar)
    assert engines.resolve("2.x").name == "2.7" and engines.newest() == engines.releases()[0]
    assert Counter(r.family for r in engines.releases()) == {"2.x": len(engines.releases()) - 1, "1.9": 1}


def releases_table() -> str:
    """docs/releases.md's table of the releases the tool knows, as the registry says it."""
    rows = ["| release | `--engine` | newest build it knows | a save begins with | checked against |",
            "|---|---|---|---|---|"]
    by_target: dict[str, list[str]] = {}
    for alias, target in engines.aliases().items():
        by_target.setdefault(target, []).append(alias)
    for r in engines.releases():
        names = ", ".join(f"`{n}`" for n in [*by_target.get(r.name, []), r.name])
        begins = "the version as a string" if r.save_version == "string" else "an `org.triplea.util.Version`"
        rows.append(f"| {r.name} | {names} | {r.last or '-'} | {begins} | {r.judged_by} |")
    return "\n".join(rows)


def changes_table() -> str:
    """docs/releases.md's table of what each release changed, as the registry says it."""
    rows = ["| since | area | what changed | where |", "|---|---|---|---|"]
    for r in reversed(engines.releases()):
        rows += [f"| {c.since} | {c.area} | {c.what} | {c.source} |" for c in r.changes]
    return "\n".join(rows)


def _table(path: Path, header: str) -> str:
    found = re.search(rf"^{re.escape(header)}.*?(?=\n\n|\Z)", path.read_text(encoding="utf-8"),
                      flags=re.MULTILINE | re.DOTALL)
    assert found is not None, f"{path.name} has no table starting {header!r}"
    return found.group(0).rstrip("\n")


def test_docs_list_what_each_release_changed() -> None:
    expected = changes_table()
    assert _table(RELEASES_PAGE, "| since |") == expected, \
        "docs/releases.md's table of changes is stale; it should be:\n" + expected


def test_docs_list_the_releases() -> None:
    expected = releases_table()
    assert _table(RELEASES_PAGE, "| release | `--engine` |") == expected, \
        "docs/releases.md's releases table is stale; it should be:\n" + expected


# ------------------------------------------------------------------ each kit's own save reads and replays
SPEC = ROOT / "specs" / "two_fronts.yaml"
ROUNDS = 2
SEED = 1
LATEST_GAME = (3, 7)
"""rounds and seed of the current release's game: tests/integration/test_real_games.py's Two Fronts game, which the
kit then plays once for both files (tests/oracle/kit_cache.py)"""


def test_a_save_of_each_kit_reads_and_replays(triplea_kit: Any, tmp_path: Path) -> None:
    """Two Fronts, 2 rounds (the current release: 3) of the release's own AI: show-save says which release wrote
    the save and how it wrote its version; replaying the history from the compiled start reaches the saved board;
    check-save judges it."""
    compiled = compile_spec(SPEC, triplea_kit.name)
    assert compiled.ok and compiled.xml is not None and compiled.model is not None
    xml = tmp_path / "two_fronts.xml"
    xml.write_text(compiled.xml, encoding="utf-8")
    rounds, seed = LATEST_GAME if triplea_kit.release == engines.resolve("latest") else (ROUNDS, SEED)
    game = triplea_kit.ai_game(xml, rounds, tmp_path / "two_fronts.tsvg", seed)
    saved = read_save(game.save)
    release = triplea_kit.release
    assert (saved.engine_version, saved.release, saved.version_object, saved.notes) == \
        (release.last, release.name, release.save_version, [])
    board = Board(build_world(compiled.model))
    for event in saved.events:
        board.push(event)
    assert differences(board, saved.state) == []
    shown = CliRunner().invoke(main, ["show-save", str(game.save), "--format", "json"])
    assert shown.exit_code == 0 and json.loads(shown.stdout)["release"] == release.name
    rule = 'move-limit:{"player": "Westerners", "max_units": 0}'
    checked = CliRunner().invoke(main, ["check-save", str(game.save), "--spec", str(SPEC), "--rule", rule,
                                        "--format", "json"])
    moved = any(isinstance(e, ev.Move) and e.player == "Westerners" for e in saved.events)
    assert checked.exit_code == (1 if moved else 0), checked.output
