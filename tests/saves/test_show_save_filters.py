"""show-save --round/--player: a part of the history, chosen from a real TripleA 2.7 save."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli import main

SAVE = Path(__file__).parent / "data" / "two_fronts_victory_2.7.tsvg"


def _events(*options: str) -> list[dict[str, object]]:
    done = CliRunner().invoke(main, ["show-save", str(SAVE), "--history", "--format", "json", *options])
    assert done.exit_code == 0, done.output
    return list(json.loads(done.output)["events"])


def test_round_and_player_choose_their_events() -> None:
    every = _events()
    turns = Counter((e["round"], e["player"]) for e in every)
    assert turns[(1, "Westerners")] > 1 and turns[(1, "Easterners")] >= 1
    mine = _events("--round", "1", "--player", "Westerners")
    assert mine == [e for e in every if e["player"] == "Westerners"]
    assert _events("--player", "Easterners") == [e for e in every if e["player"] == "Easterners"]


def test_the_text_says_how_many_of_the_events_it_shows() -> None:
    done = CliRunner().invoke(main, ["show-save", str(SAVE), "--history", "--player", "Easterners"])
    total = len(_events())
    assert done.exit_code == 0 and f"History (1 of {total} events):" in done.output


@pytest.mark.parametrize(("options", "words"), [
    (["--history", "--player", "Nobody"], "no such player (players: Easterners, Westerners)"),
    (["--history", "--round", "9"], "--round 9: the history holds rounds 1 to 1"),
    (["--round", "1"], "give --history too"),
])
def test_a_choice_the_save_cannot_meet_is_refused(options: list[str], words: str) -> None:
    done = CliRunner().invoke(main, ["show-save", str(SAVE), *options])
    assert done.exit_code == 2 and words in done.output, done.output
