"""Every game reads as TripleA reads it: for each release with an oracle kit (2.7 and the current release), what
the release's GameParser builds from a game (tests/oracle/kitjava/ReadGames.java prints it: territories,
connections, players, alliances, resources, unit types, rules and frontiers, the sequence, relationship types,
technologies, every attachment, the properties, the initial state) equals what we derive from our reader's model
(triplea_view.py, which also models what TripleA makes by itself), on every catalogue game and corpus game the
release loads, and on constructed games that end an element early (TripleA's element mapper: see
compiler/xml/element_mapper.py). Whether a game loads at all is test_catalogue_verdicts.py's business.

One JVM per release reads every game (identical files once), the releases side by side while we read ours.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from reference_data import KIT_RELEASES, catalogue_games, catalogue_id, corpus_files, kit, kits
from triplea_view import view
from triplea_view_diff import Difference, differences

from compiler.model import game as m
from compiler.problems import InputError
from compiler.xml.parse import parse_file

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "output" / "two_fronts.xml"
MIN_CATALOGUE_READ = 200  # of 211: TripleA loads all but a few (test_catalogue_verdicts.py)
TECHS_ONCE_BUILD = 15682  # 2026-07.16.15682 (triplea#14718): a list of technologies holds each one once
SHOWN_PER_GAME = 12


def _edit(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert text.count(old) == 1, old
        return text.replace(old, new)
    return edit


def _edits(*edits: Callable[[str], str]) -> Callable[[str], str]:
    def edit(text: str) -> str:
        for one in edits:
            text = one(text)
        return text
    return edit


# Games TripleA loads that end an element early (tests/unit/test_element_ends.py reads the same constructs).
CONSTRUCTS: dict[str, Callable[[str], str]] = {
    # France_Goes_First's sequence: an unclosed step, its end tag after a later self-closed step
    "unclosed_step": _edits(
        _edit('<step name="westernEndTurn" delegate="endTurn" player="Westerners"/>',
              '<step name="westernEndTurn" delegate="endTurn" player="Westerners">'),
        _edit('<step name="easternEndTurn" delegate="endTurn" player="Easterners"/>',
              '<step name="easternEndTurn" delegate="endTurn" player="Easterners"/>\n'
              '      <stepProperty name="skipPosting" value="true"/>\n      </step>')),
    "step_in_a_wrapper": _edit(
        '<step name="westernPurchase" delegate="purchase" player="Westerners"/>',
        '<step name="westernPurchase" delegate="purchase" player="Westerners"><ignored><STEP name="ghost" '
        'delegate="purchase"/></ignored><stepProperty name="skipPosting" value="true"/></step>'),
    "rule_in_a_cost": _edit(
        '<result resourceOrUnit="infantry" quantity="1"/>',
        '<result resourceOrUnit="infantry" quantity="1"><productionRule name="ghost"/></result>'
        '<cost resource="PUs" quantity="4"/><result resourceOrUnit="armour" quantity="1"/>'),
    "elements_in_a_value": _edit('<value>&lt;b&gt;Two Fronts&lt;/b&gt;:', '<value>lost<br/>kept:'),
    "value_in_a_value": _edits(
        _edit('<value>&lt;b&gt;Two Fronts&lt;/b&gt;:', '<value>lost<br/>kept<value>, and this:'),
        _edit("Hold both capitals to win.\n</value>", "Hold both capitals to win.\n</value> not read</value>")),
    "game_end_before_the_properties": _edit("<propertyList>", "<wrapper><game/></wrapper>\n  <propertyList>"),
}


def _model(path: Path) -> m.GameModel | str:
    """Our reading of a game, or why we cannot read it."""
    try:
        return parse_file(path).model
    except InputError as exc:
        return f"we cannot read it: {exc}"


class Readings:
    """What each release and we read of every game: the releases' ReadGames lines, our models (or errors)."""

    def __init__(self, games: list[Path]) -> None:
        by_content: dict[str, Path] = {}
        self.same = {path: by_content.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), path)
                     for path in games}
        unique = sorted(set(self.same.values()))
        started = time.perf_counter()
        runs = {release: kits().Kit.of(release) for release in KIT_RELEASES}
        running = {release: k.read_games(unique) for release, k in runs.items()}
        try:
            self.models = {path: _model(path) for path in unique}
            ours = time.perf_counter() - started
            self.theirs = {release: run.result() for release, run in running.items()}
        finally:
            for run in running.values():
                run.stop()
        self.techs_once = {release: int(k.release.last.rsplit(".", 1)[-1]) >= TECHS_ONCE_BUILD
                           for release, k in runs.items()}
        print(f"\ncatalogue reading: {len(games)} games ({len(unique)} different), ours {ours:.1f} s, "
              f"with the releases' JVMs side by side {time.perf_counter() - started:.1f} s")

    def read(self, release: str, game: Path) -> dict[str, Any]:
        """The release's ReadGames line of a game."""
        return self.theirs[release][self.same[game].resolve()]

    def compare(self, release: str, games: list[Path]) -> tuple[dict[Path, list[Difference | str]], list[Path]]:
        """Each game the release loads -> the differences between its reading and ours; and the games it refuses."""
        found: dict[Path, list[Difference | str]] = {}
        refused = []
        for game in games:
            theirs = self.read(release, game)
            model = self.models[self.same[game]]
            if theirs["status"] != "OK":
                refused.append(game)
            elif isinstance(model, str):
                found[game] = [model]
            else:
                found[game] = list(differences(theirs, view(model, self.techs_once[release])))
        return found, refused


@pytest.fixture(scope="module")
def readings(shared: Path, tmp_path_factory: pytest.TempPathFactory) -> Readings:
    for release in KIT_RELEASES:
        kit(release)  # skip (fail in CI) before starting anything when a kit cannot run here
    folder = tmp_path_factory.mktemp("constructs")
    base = BASE.read_text(encoding="utf-8")
    for name, edit in CONSTRUCTS.items():
        (folder / f"{name}.xml").write_text(edit(base), encoding="utf-8")
    return Readings([*catalogue_games(), *corpus_files(), *sorted(folder.glob("*.xml"))])


def _report(release: str, found: dict[Path, list[Difference | str]], name: Callable[[Path], str]) -> str:
    differing = {game: diffs for game, diffs in found.items() if diffs}
    kinds = Counter(d.kind if isinstance(d, Difference) else "unreadable" for ds in differing.values() for d in ds)
    lines = [f"TripleA {release} reads {len(differing)} of {len(found)} games otherwise than we do; differences "
             f"by kind: {dict(kinds.most_common())}"]
    for game, diffs in sorted(differing.items(), key=lambda item: name(item[0])):
        lines.append(f"{name(game)}: {len(diffs)}")
        lines += [f"    {str(d)[:400]}" for d in diffs[:SHOWN_PER_GAME]]
    return "\n".join(lines)


@pytest.mark.parametrize("release", KIT_RELEASES)
def test_every_catalogue_game_reads_as_the_release_reads_it(catalogue: Path, readings: Readings,
                                                            release: str) -> None:
    found, refused = readings.compare(release, catalogue_games())
    assert len(found) >= MIN_CATALOGUE_READ, f"TripleA {release} refuses {len(refused)} catalogue games: a broken kit?"
    assert not any(found.values()), _report(release, found, catalogue_id)


@pytest.mark.parametrize("release", KIT_RELEASES)
def test_every_corpus_game_reads_as_the_release_reads_it(readings: Readings, release: str) -> None:
    found, refused = readings.compare(release, corpus_files())
    assert not refused, f"TripleA {release} refuses corpus games: {[p.name for p in refused]}"
    assert not any(found.values()), _report(release, found, lambda p: p.name)


@pytest.mark.parametrize("release", KIT_RELEASES)
def test_games_that_end_an_element_early_read_as_the_release_reads_them(readings: Readings, release: str) -> None:
    """The constructs load, TripleA reads them otherwise than their element tree says, and so do we."""
    games = [path for path in readings.same if path.stem in CONSTRUCTS]
    found, refused = readings.compare(release, games)
    assert not refused, [(p.stem, readings.read(release, p)["message"]) for p in refused]
    assert sorted(p.stem for p in found) == sorted(CONSTRUCTS)
    assert not any(found.values()), _report(release, found, lambda p: p.stem)
    theirs = {p.stem: readings.read(release, p) for p in found}
    steps = [s["name"] for s in theirs["unclosed_step"]["steps"]]
    assert "easternPurchase" not in steps and "easternCombatMove" in steps
    assert theirs["rule_in_a_cost"]["productionRules"]["buyInfantry"] == {"costs": {"PUs": 3},
                                                                          "results": {"infantry": 1}}
    assert theirs["elements_in_a_value"]["properties"]["notes"].startswith("kept:")
    assert theirs["value_in_a_value"]["properties"]["notes"].startswith("kept, and this:")
    assert theirs["game_end_before_the_properties"]["properties"] == {}


def test_the_comparison_names_each_difference() -> None:
    """Without the kits: our view of a game against itself changed in a few places (differences() itself)."""
    ours = view(parse_file(BASE).model, techs_once=False)
    theirs = {**ours, "steps": ours["steps"][1:], "properties": {**ours["properties"], "x": "1"},
              "attachments": ours["attachments"][:-1], "diceSides": 12}
    found = differences(theirs, ours)
    assert [d.kind for d in found] == ["steps", "steps", "attachments", "properties", "diceSides"]
    assert "only we have" in str(found[1]) and "gameInitDelegate" in str(found[1])
