"""League rule sets and seasons: check-save --league over a folder of real saves, with no spec."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.engine.rules import make_rules
from compiler.engine.world import build_world
from compiler.league import built_in_names, load_league
from compiler.xml.parse import parse_file

DATA = Path(__file__).parent / "data"


@pytest.fixture
def season(tmp_path: Path, shared: Path) -> Path:
    """A folder of real saves (three Revised or NWO, two Two Fronts) and one file that is no save."""
    folder = tmp_path / "season"
    (folder / "week2").mkdir(parents=True)
    for save in sorted((shared / "reference" / "saves").glob("*.tsvg")):
        shutil.copy(save, folder / save.name)
    for save in sorted(DATA.glob("*.tsvg")):
        shutil.copy(save, folder / "week2" / save.name)
    (folder / "week2" / "broken.tsvg").write_bytes(b"not a save")
    return folder


def _run(*args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(main, ["check-save", *args])
    return done.exit_code, done.stdout, done.stderr


def test_a_built_in_league_judges_its_games_and_skips_the_others(season: Path) -> None:
    code, out, err = _run(str(season), "--league", "revised-championship")
    assert code == 2  # the broken file could not be judged
    assert err == ("season: 2 save(s) checked, 2 violation(s) in 2 save(s), 3 skipped (a game the league does not "
                   "play), 1 could not be judged\n")
    assert out.count("[game-options]") == 2 and out.count("[league-other-game]") == 3
    assert "broken.tsvg: error: not a TripleA save game" in out


def test_a_league_of_ones_own_with_options_alone(season: Path, tmp_path: Path) -> None:
    league = tmp_path / "ours.yaml"
    league.write_text("games: [World War II Revised]\noptions: {Low Luck: false, Tech Development: true}\n",
                      encoding="utf-8")
    (season / "week2" / "broken.tsvg").unlink()
    code, _, err = _run(str(season), "--league", str(league))
    assert code == 0 and err.startswith("season: 2 save(s) checked, 0 violation(s) in 0 save(s), 3 skipped")


def test_jobs_give_the_same_report(season: Path) -> None:
    one = _run(str(season), "--league", "revised-championship", "--format", "json")
    two = _run(str(season), "--league", "revised-championship", "--format", "json", "--jobs", "2")
    assert one == two and json.loads(one[1])["summary"]["errors"] == 3


@pytest.mark.parametrize(("text", "words"), [
    ("game: [x]\noptions: {Low Luck: true}\n", "ours.yaml:1:1: error: unknown key 'game' (did you mean 'games'?)"),
    ("name: x\n", "the rule set enforces nothing"),
    ("options: [Low Luck]\n", "ours.yaml:1:1: error: options: a mapping"),
    ("rules:\n  - {ranges: 3}\n", "ours.yaml:2:5: error: a rule is a mapping with its id"),
    ("rules:\n  - {id: air-range, rangs: 3}\n", "ours.yaml:2:5: error: house rule #1 (air-range)"),
])
def test_a_bad_rule_set_is_refused_where_it_is_wrong(tmp_path: Path, text: str, words: str) -> None:
    league = tmp_path / "ours.yaml"
    league.write_text(text, encoding="utf-8")
    code, out, err = _run(str(DATA / "two_fronts_victory_2.7.tsvg"), "--league", str(league))
    assert code == 2 and words in out + err


def test_an_unknown_built_in_name_is_refused_with_the_closest() -> None:
    code, _, err = _run(str(DATA / "two_fronts_victory_2.7.tsvg"), "--league", "revised-champ")
    assert code == 2 and "did you mean 'revised-championship'?" in err


@pytest.mark.parametrize("name", built_in_names())
def test_a_built_in_league_names_real_games_and_their_options(shared: Path, name: str) -> None:
    league = load_league(name)
    assert league.games and league.description
    games = {}
    for xml in sorted((shared / "reference" / "corpus").glob("*.xml")):
        head = xml.read_text(encoding="utf-8", errors="replace")[:3000]
        if any(f'name="{game}"' in head for game in league.games):
            model = parse_file(xml).model
            games.setdefault(model.info.name, model)
    for game in league.games:
        assert game in games, f"{name}: no corpus game is called {game!r}"
        options = next(r for r in league.rules if r.data["id"] == "game-options").data["options"]
        assert set(options) <= {p.name for p in games[game].properties}, f"{name}: options {game!r} does not have"
        world = build_world(games[game])
        world.options = {}
        assert [rule.id for rule in make_rules([r.data for r in league.rules], world)]  # its names are the game's
