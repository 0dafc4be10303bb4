"""Warnings worth reading on real maps: the checks' reviewed samples of findings on the public map catalogue hold.

tests/checks/precision_samples/<check>.yaml holds, for each default-on warning check reviewed (and the map-folder
error checks that find something there), a sample of its
findings on the catalogue (../shared/reference/catalogue: the maps TripleA players install), drawn at random
from its findings before and after the review's fixes and judged against the maps: real (a map maker wants to
know) or noise (not worth reading), each with its reason. Validating the catalogue once (TripleA 2.7, every
folder), the tests require of each check: every sampled finding judged real is still reported, every one
judged noise is not, at least PRECISION of its sampled findings reported today are real, and it reports no
more than the sample's `ceiling` (more means findings no one reviewed: review a new sample). And the whole
catalogue gets at most a third of the warnings per game it got before the review. Without the catalogue, a
map folder of two games shows how a map file's problem is reported: once, naming the games it concerns.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
import yaml
from game_factory import game_xml

from compiler.codes import default_severity
from compiler.problems import Problem, Severity
from compiler.selection import Flags
from compiler.validate import collect, validate_batch

SAMPLES = Path(__file__).parent / "precision_samples"
# The default-on warning checks (and parser warnings) reviewed against the catalogue, one sample file each.
REVIEWED = ("canal", "disconnected-map", "distant-connection", "duplicate-connection", "duplicate-name",
            "duplicate-owner", "gated-option", "ignored-map-property", "isolated-territory", "map-yml-mismatch",
            "missing-action-text", "missing-connection", "missing-decoration", "missing-flag", "missing-map-name",
            "missing-notification", "missing-pu-image", "missing-small-map",
            "missing-relationship", "missing-tile", "missing-unit-image", "player-without-step",
            "point-outside-territory", "sea-unit-on-land", "self-intersecting-polygon", "unknown-element",
            "unknown-map-territory", "unknown-property", "upload-files", "victory-message")
# Reviewed ids whose default severity is an error but that warn for TripleA 2.7 (the engine the review targets).
WARN_FOR_27 = ("missing-map-name",)
# Reviewed error checks: the map-folder checks (a map TripleA cannot open or draw) with findings on the catalogue.
ERRORS_REVIEWED = ("missing-flag", "missing-small-map")
# At least this share of a check's sampled findings that are reported today are real.
PRECISION = 0.9
# Warnings per game on the catalogue before the review: 8,910 on 211 games. At most a third of it is allowed.
WARNINGS_BEFORE, GAMES_BEFORE = 8910, 211
# A sample holds at least this many findings (or every finding the check had), and at least this many of
# those reported today (or all of them, when the check reports fewer).
SAMPLE_MIN = 10
CURRENT_MIN = 5
ENGINE = "2.7"


@dataclass(frozen=True)
class Sampled:
    """One reviewed finding: its game, where it points, the names its message quotes, and the verdict."""

    game: str
    path: str
    line: int
    names: tuple[str, ...]
    verdict: str
    reason: str
    sampled: str


@dataclass(frozen=True)
class Sample:
    """A check's reviewed sample, with its findings on the catalogue before and after the review."""

    check: str
    before: int
    after: int
    ceiling: int
    findings: tuple[Sampled, ...]


def _sampled(entry: dict[str, object]) -> Sampled:
    """A sample file's finding; `at` is 'path:line' (paths below the catalogue's maps/ folder)."""
    path, _, line = str(entry["at"]).rpartition(":")
    names = entry.get("names") or []
    assert isinstance(names, list), entry
    return Sampled(str(entry["game"]), path, int(line), tuple(str(n) for n in names), str(entry["verdict"]),
                   str(entry["reason"]), str(entry["sampled"]))


def load_sample(check: str) -> Sample:
    """The reviewed sample of `check`."""
    data = yaml.safe_load((SAMPLES / f"{check}.yaml").read_text(encoding="utf-8"))
    return Sample(data["check"], int(data["before"]), int(data["after"]), int(data["ceiling"]),
                  tuple(_sampled(entry) for entry in data["findings"]))


@dataclass(frozen=True)
class CatalogueRun:
    """The warnings (and the reviewed errors) of one validation of the whole catalogue, paths below its maps/
    folder."""

    findings: tuple[Problem, ...]
    games: int

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.findings if p.severity is Severity.WARNING)

    def at(self, check: str, path: str, line: int) -> list[Problem]:
        return [p for p in self.findings if p.code == check and p.location.path == path and p.location.line == line]

    def reports(self, check: str, finding: Sampled) -> bool:
        """Whether `check` reports `finding` today: at its place, quoting its names."""
        return any(all(f"'{name}'" in p.message for name in finding.names)
                   for p in self.at(check, finding.path, finding.line))

    def count(self, check: str) -> int:
        return sum(1 for p in self.findings if p.code == check)


def _relative(problem: Problem, maps: Path) -> Problem:
    """`problem` with its path below `maps` (as the samples give it)."""
    path = Path(problem.location.path)
    if path.is_absolute() and path.is_relative_to(maps):
        return replace(problem, location=replace(problem.location, path=path.relative_to(maps).as_posix()))
    return problem


@pytest.fixture(scope="module")
def catalogue_run(catalogue: Path) -> CatalogueRun:
    """Every folder of the catalogue validated once, as `triplea-compiler validate --engine 2.7 *` does."""
    folders = tuple(sorted(p for p in catalogue.iterdir() if p.is_dir()))
    batch = collect(folders, Flags())
    result = validate_batch(batch, ENGINE, jobs=os.cpu_count() or 1)
    findings = tuple(_relative(p, catalogue) for p in result.problems
                     if p.severity is Severity.WARNING or p.code in ERRORS_REVIEWED)
    return CatalogueRun(findings, result.games)


def test_every_reviewed_check_has_a_sample_of_reviews() -> None:
    assert sorted(p.stem for p in SAMPLES.glob("*.yaml")) == sorted(REVIEWED)
    for check in REVIEWED:
        sample = load_sample(check)
        assert sample.check == check
        assert default_severity(check) is Severity.WARNING or check in WARN_FOR_27 + ERRORS_REVIEWED
        assert len(sample.findings) >= min(SAMPLE_MIN, sample.before), check
        assert sample.after <= sample.ceiling, check
        for finding in sample.findings:
            assert finding.verdict in ("real", "noise") and finding.reason.strip(), finding
            assert finding.sampled in ("before", "after") and finding.line > 0, finding
            assert finding.path.split("/")[0] == finding.game.split("/")[0], finding  # the game's own folder


@pytest.mark.parametrize("check", REVIEWED)
def test_real_findings_are_still_reported(catalogue_run: CatalogueRun, check: str) -> None:
    missed = [f for f in load_sample(check).findings if f.verdict == "real" and not catalogue_run.reports(check, f)]
    assert missed == [], f"{check}: findings judged real are no longer reported"


@pytest.mark.parametrize("check", REVIEWED)
def test_noise_is_no_longer_reported(catalogue_run: CatalogueRun, check: str) -> None:
    kept = [f for f in load_sample(check).findings if f.verdict == "noise" and catalogue_run.reports(check, f)]
    assert kept == [], f"{check}: findings judged noise are still reported"


@pytest.mark.parametrize("check", REVIEWED)
def test_nine_in_ten_sampled_findings_are_real(catalogue_run: CatalogueRun, check: str) -> None:
    sample = load_sample(check)
    reported = [f for f in sample.findings if catalogue_run.reports(check, f)]
    assert len(reported) >= min(CURRENT_MIN, catalogue_run.count(check)), f"{check}: too few current findings sampled"
    verdicts = Counter(f.verdict for f in reported)
    assert verdicts["real"] >= PRECISION * len(reported), (check, verdicts)


@pytest.mark.parametrize("check", REVIEWED)
def test_no_more_findings_than_were_reviewed(catalogue_run: CatalogueRun, check: str) -> None:
    sample = load_sample(check)
    assert catalogue_run.count(check) <= sample.ceiling, (
        f"{check} reports {catalogue_run.count(check)} findings on the catalogue, more than the {sample.ceiling} "
        f"its sample allows: review a new sample of them")


def test_a_third_of_the_warnings_per_game(catalogue_run: CatalogueRun) -> None:
    per_game = len(catalogue_run.warnings) / catalogue_run.games
    assert catalogue_run.games == GAMES_BEFORE
    assert per_game <= WARNINGS_BEFORE / GAMES_BEFORE / 3, Counter(p.code for p in catalogue_run.warnings)


# The mini game's map: a square per territory; Land A's centre lies outside its square (in every game), and
# centers.txt misspells Land C (a game without Land C has nothing to say about it).
SQUARES = {"Land A": 0, "Land B": 100, "Land C": 200, "Sea 1": 300, "Sea 2": 400}


def _map_folder(root: Path) -> Path:
    """A map folder with two games of the mini game, the second without Land C (named Zanzibar there)."""
    games = root / "map" / "games"
    games.mkdir(parents=True)
    (games / "one.xml").write_text(game_xml(), encoding="utf-8")
    (games / "two.xml").write_text(game_xml().replace("Land C", "Zanzibar"), encoding="utf-8")
    polygons = [f"{name}  <  ({x},0) ({x + 90},0) ({x + 90},90) ({x},90)  >" for name, x in SQUARES.items()]
    centers = [f"{'Lnad C' if name == 'Land C' else name}  ({x + 45},45)" for name, x in SQUARES.items()]
    centers[0] = "Land A  (500,45)"
    (root / "map" / "polygons.txt").write_text("\n".join(polygons) + "\n", encoding="utf-8")
    (root / "map" / "centers.txt").write_text("\n".join(centers) + "\n", encoding="utf-8")
    return root


def test_a_map_files_problem_is_reported_once_naming_its_games(tmp_path: Path) -> None:
    folder = _map_folder(tmp_path / "mini")
    result = validate_batch(collect((folder,), Flags()), ENGINE)
    centers = str(folder / "map" / "centers.txt")
    outside = [p.message for p in result.problems if p.code == "point-outside-territory"]
    assert outside == [m for m in outside if m.endswith("(in both games of this map)")] and len(outside) == 1
    [misspelt] = [p for p in result.problems if p.code == "unknown-map-territory"]
    assert misspelt.location.path == centers and misspelt.location.line == 3
    assert misspelt.message.endswith("(in 1 of 2 games: one.xml)") and "did you mean 'Land C'?" in misspelt.message
    alone = validate_batch(collect((folder / "map" / "games" / "one.xml",), Flags()), ENGINE)
    [single] = [p for p in alone.problems if p.code == "unknown-map-territory"]
    assert single.message == misspelt.message.removesuffix(" (in 1 of 2 games: one.xml)")  # one game: no list
