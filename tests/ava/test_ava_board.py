"""The 36-space board of the spec, and how a broken `board_game:` section is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from ava_helpers import SPEC, spec

from compiler.problems import InputError, ProblemsFound
from compiler.spec import load_board_game, load_spec_text
from compiler.spec.board_game import BoardGame

BOARD = [
    "Britain", "France", "Fortune I", "Norway", "Neutral Bank", "Sweden", "Denmark", "Strategy I",
    "Netherlands", "Japan", "Belgium", "Spain", "Portugal", "Foreign Legion", "Switzerland", "Fortune II",
    "Austria", "Strategy II", "Germany", "Italy", "Fortune III", "Hungary", "Secret Airbase", "Romania",
    "Yugoslavia", "Strategy III", "Albania", "US", "Greece", "Bulgaria", "Turkey", "Underground Factory",
    "Poland", "Finland", "Soviet Union", "Egypt",
]


def test_the_36_spaces_are_pinned() -> None:
    board = spec().board
    assert [s.name for s in board] == BOARD
    assert [s.number for s in board] == list(range(1, 37))
    kinds = {kind: [s.number for s in board if s.kind == kind] for kind in
             ("territory", "fortune", "strategy", "secret", "special")}
    assert len(kinds["territory"]) == 24
    assert kinds["fortune"] == [3, 16, 21]
    assert kinds["strategy"] == [8, 18, 26]
    assert kinds["secret"] == [5, 14, 23, 32]  # as the document says, Britain being 1
    assert kinds["special"] == [10, 28]


def test_sides_mains_and_special_allies() -> None:
    cfg = spec()
    assert board_of(cfg, "Britain").main_of == "allies" and board_of(cfg, "Germany").main_of == "axis"
    assert board_of(cfg, "US").ally_of == "allies" and board_of(cfg, "Japan").ally_of == "axis"
    assert {s.name for s in cfg.board if s.kind == "secret"} == {
        "Neutral Bank", "Foreign Legion", "Secret Airbase", "Underground Factory"}
    assert cfg.card("Espionage").copies == 4


def test_units_and_modes_come_from_the_spec() -> None:
    cfg = spec()
    assert [(u.name, u.cost, u.power, u.support, u.recruit_limit) for u in cfg.units] == [
        ("infantry", 50, 1, 1, 24), ("tank", 140, 3, 1, 16), ("aircraft", 220, 5, 1, 10),
        ("battleship", 300, 7, 0, 6)]
    assert set(cfg.modes) == {"normal", "les-miserables", "fierce-battles", "without-italy"}
    assert cfg.modes["normal"].penalty_rate == 0.30 and cfg.modes["fierce-battles"].penalty_rate == 0.50
    assert cfg.modes["without-italy"].start_territories == {"allies": ["Britain", "US"], "axis": ["Germany", "Japan"]}
    assert cfg.modes["les-miserables"].start_territories == {"allies": ["Britain"], "axis": ["Germany"]}
    assert cfg.choices, "values the document does not give are listed as choices"


def board_of(cfg: BoardGame, name: str):  # type: ignore[no-untyped-def]
    return cfg.board[cfg.space_index(name)]


def test_model_validates_as_the_spec_language_uses_it() -> None:
    from compiler.yamlread import read_yaml

    data = read_yaml(SPEC.read_text())[0]["board_game"]
    assert BoardGame.model_validate(data).title == "Allies vs. Axis"
    data["board"][3]["income"]["tanks"] = 1
    with pytest.raises(ValueError, match="board.3.income.tanks"):
        BoardGame.model_validate(data)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "spec.yaml"
    text = SPEC.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_unknown_unit_is_located(tmp_path: Path) -> None:
    path = _broken(tmp_path, "income: {money: 150, infantry: 2}, garrison: {infantry: 8}}",
                   "income: {money: 150, infantry: 2}, garrison: {infantri: 8}}")
    with pytest.raises(ProblemsFound) as caught:
        load_board_game(path)
    problem = caught.value.problems[0]
    assert problem.code == "invalid-board-game"
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "infantri" in text)
    assert problem.location.path == str(path) and problem.location.line == line
    assert "unknown unit 'infantri'" in problem.message


def test_type_error_is_located(tmp_path: Path) -> None:
    path = _broken(tmp_path, "penalty_rate: 0.50", "penalty_rate: high")
    with pytest.raises(ProblemsFound) as caught:
        load_board_game(path)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "penalty_rate: high" in text)
    assert caught.value.problems[0].location.line == line
    assert caught.value.problems[0].code == "spec-schema"


def test_every_cross_reference_problem_is_located(tmp_path: Path) -> None:
    path = _broken(tmp_path, "garrison: {infantry: 8}}", "garrison: {infantri: 8}}")
    text = path.read_text().replace("main: Germany,", "main: Italy,", 1)
    with pytest.raises(ProblemsFound) as caught:
        load_spec_text(text, "spec.yaml")
    messages = {p.message: p.location.line for p in caught.value.problems}
    lines = text.splitlines()
    assert len(messages) == 2
    for message, line in messages.items():
        needle = "infantri" if "infantri" in message else "main: Italy"
        assert needle in lines[line - 1], message


def test_unreadable_and_broken_yaml(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_board_game(tmp_path / "missing.yaml")
    assert caught.value.code == "unreadable"
    bad = tmp_path / "bad.yaml"
    bad.write_text("board_game:\n  title: [unclosed\n")
    with pytest.raises(InputError) as caught:
        load_board_game(bad)
    assert caught.value.code == "yaml-syntax" and caught.value.location.line > 0
    other = tmp_path / "other.yaml"
    other.write_text("game: {name: x}\nplayers: {A: }\nterritories: {T: }\n")
    with pytest.raises(ProblemsFound) as found:
        load_board_game(other)
    assert "board_game" in found.value.problems[0].message
