"""TripleA 2.7.15622 loads every game we ship or compile and every real game XML we test with, and our
`validate --engine 2.7` agrees with it on each of them."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from reference_data import corpus_files

from compiler.compile import compile_spec
from compiler.mapfolder import GameInput
from compiler.validate import validate_input

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.yaml"))
OUTPUTS = sorted((ROOT / "output").glob("*.xml"))


def _our_errors(path: Path) -> list[str]:
    problems, _ = validate_input(GameInput(str(path)), "2.7")
    return [str(p) for p in problems if p.is_error]


def test_shipped_outputs_load_in_triplea27(triplea27: ModuleType) -> None:
    assert {p.stem for p in OUTPUTS} == {s.stem for s in SPECS}, "every spec has its compiled game in output/"
    verdicts = triplea27.judge(OUTPUTS)
    refused = {p.name: f"{v.status} {v.message}" for p, v in verdicts.items() if not v.loads}
    assert not refused, refused
    ours = {p.name: _our_errors(p) for p in OUTPUTS}
    assert not any(ours.values()), ours


def test_specs_compiled_for_each_2x_line_load_in_triplea27(triplea27: ModuleType, tmp_path: Path) -> None:
    """A spec compiled for 2.5, 2.6 or 2.7 is a game 2.7 loads (2.7 reads every older 2.x game)."""
    written = []
    for line in ("2.5", "2.6", "2.7"):
        for spec in SPECS:
            result = compile_spec(spec, line)
            assert result.ok, [str(p) for p in result.problems if p.is_error]
            path = tmp_path / line / f"{spec.stem}.xml"
            path.parent.mkdir(exist_ok=True)
            path.write_text(result.xml, encoding="utf-8")
            written.append(path)
    verdicts = triplea27.judge(written)
    refused = {f"{p.parent.name}/{p.name}": v.message for p, v in verdicts.items() if not v.loads}
    assert not refused, refused


def test_reference_games_load_in_triplea27_and_we_agree(shared: Path, triplea27: ModuleType) -> None:
    """The 51 corpus games and the reference maps' games: 2.7 loads each one, and we report no error."""
    files = corpus_files()
    assert len(files) >= 51
    verdicts = triplea27.judge(files)
    refused = {p.name: f"{v.status} {v.message}" for p, v in verdicts.items() if not v.loads}
    assert not refused, refused
    ours = {p.name: errors[:3] for p in files if (errors := _our_errors(p))}
    assert not ours, ours


def test_judge_reports_refusals_with_the_engine_message(triplea27: ModuleType, tmp_path: Path) -> None:
    """The harness tells a refused game from a loaded one and keeps 2.7's own message."""
    good = ROOT / "output" / "two_fronts.xml"
    bad = tmp_path / "typo.xml"
    bad.write_text(good.read_text(encoding="utf-8").replace('name="movement"', 'name="movment"', 1), encoding="utf-8")
    verdicts = triplea27.judge([good, bad])
    assert verdicts[good.resolve()].loads
    assert verdicts[bad.resolve()].status == "PARSE-ERROR"
    assert "Missing property definition for option ''movment''" in verdicts[bad.resolve()].message
