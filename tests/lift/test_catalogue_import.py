"""Every game of the public map catalogue imports to a spec that says the same game.

Per game: read the XML, import it, read the spec text back, lower it, render its XML and read that: the
semantic diff against the original must be empty, and the rendered XML must read without a problem the
original did not have. compile's checks are left out: they judge the game, not the round trip (a game with a
check error would fail here for a reason that is not the import's), and would add a fifth to a test that must
stay under about 90 s on one core; tests/lift/test_roundtrip.py compiles the corpus with every check. A game
that is not well-formed XML is not a game TripleA reads: it skips, saying so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reference_data import catalogue_games, catalogue_id, or_placeholder

from compiler.diff import diff_models
from compiler.gcpause import gc_paused
from compiler.lift import import_text
from compiler.lower import lower_spec
from compiler.problems import InputError, Problem
from compiler.spec import load_spec_text
from compiler.xml.parse import ParseResult, parse_bytes, parse_file
from compiler.xml.render import render_game

GAMES = catalogue_games()
MIN_GAMES = 200  # the catalogue holds 211 game XMLs


def _read(path: Path) -> ParseResult:
    """The game as read; skips a file that is not well-formed XML (TripleA cannot read it either)."""
    try:
        return parse_file(path)
    except InputError as refused:
        if refused.code != "xml-syntax":
            raise
        pytest.skip(f"not a game TripleA reads: {refused.message}")


def _said(problems: list[Problem]) -> set[tuple[str, str]]:
    return {(p.code, p.message) for p in problems}


@pytest.mark.parametrize("path", or_placeholder(GAMES), ids=catalogue_id)
def test_catalogue_game_imports_back_to_the_same_game(catalogue: Path, path: Path) -> None:
    """import, load the spec text, lower, render, read: no difference, no new reading problem."""
    with gc_paused():
        original = _read(path)
        text = import_text(original.model)
        lowered, problems = lower_spec(load_spec_text(text, f"{path.stem}.yaml"))
        assert not [str(p) for p in problems if p.is_error]
        rendered = parse_bytes(render_game(lowered).encode("utf-8"), f"{path.stem}.compiled.xml")
        differences = diff_models(original.model, rendered.model)
    assert not differences, [d.as_dict() for d in differences[:5]]
    assert not _said(rendered.problems) - _said(original.problems)


def test_the_catalogue_is_there(catalogue: Path) -> None:
    assert len(GAMES) >= MIN_GAMES
