"""The benchmark scripts still run: each is imported and its measured work done once on a small input
(their numbers are in docs/benchmarks.md; a script that no longer runs would leave them unrepeatable)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.reference_data import REFERENCE, need

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name: str) -> ModuleType:
    """A bench script as a module, importing its neighbours (bench/measure.py) as it does when run."""
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("bench_*.py")))
def test_every_script_has_help(script: str) -> None:
    done = subprocess.run([sys.executable, str(BENCH / script), "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "usage" in done.stdout.lower()


def test_validate_worker_counts_the_problems_of_a_corpus_file(capsys: pytest.CaptureFixture[str]) -> None:
    need((REFERENCE / "corpus").is_dir(), "needs ../shared/reference/corpus")
    bench = load("bench_validate")
    files = bench.corpus()
    assert len(files) == 51 and len(bench.corpus(maps=True)) > 51
    assert bench.worker([str(REFERENCE / "corpus" / "minimap.xml")], "2.7", 1) == 0
    errors, warnings = map(int, capsys.readouterr().out.split())
    assert errors == 0 and warnings >= 0


def test_validate_floors_read_every_attribute_and_element(capsys: pytest.CaptureFixture[str]) -> None:
    need((REFERENCE / "corpus").is_dir(), "needs ../shared/reference/corpus")
    bench = load("bench_validate")
    game = str(REFERENCE / "corpus" / "minimap.xml")
    counts = {}
    for level in bench.FLOORS:
        assert bench.floor_worker([game], level) == 0
        counts[level] = capsys.readouterr().out.strip()
    assert counts["start"] == "" and counts["parse"] == "0"
    assert 0 < int(counts["elements"]) < int(counts["values"])  # attributes outnumber elements


def test_targets_rows_run(tmp_path: Path) -> None:
    bench = load("bench_targets")
    rows = bench.rows(tmp_path)
    assert {r.label for r in rows} >= {"--version", "--help"}
    version = next(r for r in rows if r.label == "--version")
    assert 0 < bench.cpu_seconds(version.args, version.ok_status) < 10


def test_catalogue_bench_finds_every_folder_and_measures_one() -> None:
    need((REFERENCE / "catalogue" / "extract.sh").is_file(), "needs ../shared/reference/catalogue")
    bench = load("bench_catalogue")
    folders = bench.catalogue()
    assert len(folders) == 140 and sum(len(f.games) for f in folders) == 211
    smallest = min(folders, key=lambda f: f.megabytes if f.games else float("inf"))
    assert 0 < bench.ours([smallest.path]) < 30
    assert bench.best([None, 2.0, 1.0]) == 1.0 and bench.best([None]) is None


def test_scaling_bench_writes_map_folders_that_validate_cleanly(tmp_path: Path) -> None:
    """Both layouts of the generated map folders (the stacked one is Battle_of_Jutland's shape) are
    valid maps: validate finds nothing, so the bench measures the work of a clean map."""
    from compiler.selection import flags_from
    from compiler.validate import collect, validate_batch

    bench = load("bench_scaling")
    for layout in bench.MAP_LAYOUTS:
        folder = bench.write_map(60, layout, tmp_path / layout)
        polygons = (folder / "polygons.txt").read_text().splitlines()
        assert len(polygons) == 60 and (layout == "grid") == (len(set(p.split("  ", 1)[1] for p in polygons)) == 60)
        batch = collect((folder,), flags_from(None, None, False, False))
        assert validate_batch(batch, "2.7", 1).problems == []


def test_season_bench_checks_a_small_season(capsys: pytest.CaptureFixture[str]) -> None:
    """bench_season on 3 copies of the reference saves, without TripleA (its Java side is bench_season's own)."""
    need((REFERENCE / "saves").is_dir(), "needs ../shared/reference/saves")
    bench = load("bench_season")
    assert bench.main(["--saves", "3", "--jobs", "1", "--no-ai", "--kits", ""]) == 0
    out = capsys.readouterr().out
    assert "season: 3 saves" in out and "saves/s" in out and "| TripleA" not in out
    assert "season: 2 save(s) checked, 2 violation(s)" in out  # the two Revised saves; NWO is skipped
    passes, loaded, before, failed = bench.parse_loads("pass 1 cpu_ns 2000000000 wall_ns 3000000000 loaded 4 "
                                                       "failed 1\nstart cpu_ns 150000000\nfailed /x/a b.tsvg\n")
    assert (passes, loaded, before, failed) == ([(2.0, 3.0)], 4, 0.15, [Path("/x/a b.tsvg")])
