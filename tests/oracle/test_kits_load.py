"""Each TripleA release with an oracle kit (2.7.15622 and the current release) loads every game we ship or
compile and every real game XML we test with, and our `validate --engine <release>` agrees with it on each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reference_data import corpus_files

from compiler import engines
from compiler.compile import compile_spec
from compiler.mapfolder import GameInput
from compiler.validate import validate_input

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.yaml"))
OUTPUTS = sorted((ROOT / "output").glob("*.xml"))


def _our_errors(path: Path, engine: str) -> list[str]:
    problems, _ = validate_input(GameInput(str(path)), engine)
    return [str(p) for p in problems if p.is_error]


def test_shipped_outputs_load(triplea_kit: Any) -> None:
    assert {p.stem for p in OUTPUTS} == {s.stem for s in SPECS}, "every spec has its compiled game in output/"
    verdicts = triplea_kit.judge(OUTPUTS)
    refused = {p.name: f"{v.status} {v.message}" for p, v in verdicts.items() if not v.loads}
    assert not refused, refused
    ours = {p.name: _our_errors(p, triplea_kit.name) for p in OUTPUTS}
    assert not any(ours.values()), ours


def test_specs_compiled_for_each_2x_release_load(triplea_kit: Any, tmp_path: Path) -> None:
    """A spec compiled for any 2.x release up to the kit's own is a game the kit's release loads (each release
    reads every older 2.x game)."""
    lines = [r.name for r in engines.releases() if r.family == "2.x" and r.order <= triplea_kit.release.order]
    assert "2.5" in lines and triplea_kit.name in lines
    written = []
    for line in lines:
        for spec in SPECS:
            result = compile_spec(spec, line)
            assert result.ok, [str(p) for p in result.problems if p.is_error]
            path = tmp_path / line / f"{spec.stem}.xml"
            path.parent.mkdir(exist_ok=True)
            path.write_text(result.xml, encoding="utf-8")
            written.append(path)
    verdicts = triplea_kit.judge(written)
    refused = {f"{p.parent.name}/{p.name}": v.message for p, v in verdicts.items() if not v.loads}
    assert not refused, refused


def test_reference_games_load_and_we_agree(shared: Path, triplea_kit: Any) -> None:
    """The 51 corpus games and the reference maps' games: the release loads each one, and we report no error."""
    files = corpus_files()
    assert len(files) >= 51
    verdicts = triplea_kit.judge(files)
    refused = {p.name: f"{v.status} {v.message}" for p, v in verdicts.items() if not v.loads}
    assert not refused, refused
    ours = {p.name: errors[:3] for p in files if (errors := _our_errors(p, triplea_kit.name))}
    assert not ours, ours


def test_judge_reports_refusals_with_the_engine_message(triplea_kit: Any, tmp_path: Path) -> None:
    """The harness tells a refused game from a loaded one and keeps the release's own message."""
    good = ROOT / "output" / "two_fronts.xml"
    bad = tmp_path / "typo.xml"
    bad.write_text(good.read_text(encoding="utf-8").replace('name="movement"', 'name="movment"', 1), encoding="utf-8")
    verdicts = triplea_kit.judge([good, bad])
    assert verdicts[good.resolve()].loads
    assert verdicts[bad.resolve()].status == "PARSE-ERROR"
    assert "Missing property definition for option ''movment''" in verdicts[bad.resolve()].message


def test_minimum_version_is_read_by_2_7_and_ignored_by_the_calendar_releases(triplea_kit: Any,
                                                                             tmp_path: Path) -> None:
    """<triplea minimumVersion="2.8"> (and an unreadable one): 2.7 refuses the game, 2026-06 and later load it
    (triplea#14561), and `validate --engine <release>` says the same as the release."""
    good = (ROOT / "output" / "two_fronts.xml").read_text(encoding="utf-8")
    files = []
    elements = {"newer": '<triplea minimumVersion="2.8"/>', "unreadable": '<triplea minimumVersion="x"/>',
                "empty": "<triplea/>", "older": '<triplea minimumVersion="1.9"/>'}
    for label, element in elements.items():
        path = tmp_path / f"{label}.xml"
        path.write_text(good.replace("<map>", element + "\n  <map>", 1), encoding="utf-8")
        files.append(path)
    verdicts = triplea_kit.judge(files)
    reads = triplea_kit.release.reads_minimum_version
    for path in files:
        refused = not verdicts[path.resolve()].loads
        assert refused == (reads and path.stem != "older"), (path.stem, verdicts[path.resolve()])
        assert bool(_our_errors(path, triplea_kit.name)) == refused, (path.stem, _our_errors(path, triplea_kit.name))
