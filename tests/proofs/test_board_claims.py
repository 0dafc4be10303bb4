"""Claims over the play engine (compiler/proofs/board_claims.py), held and broken against Allies vs. Axis:
the `board_game:` section's values by path, the engine's formulas, and scripted situations of its games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from compiler.load import load_game
from compiler.proofs.board_claims import CHECKS, resolve
from compiler.proofs.facts import GameFacts
from compiler.proofs.rows import prove_row
from compiler.spec import load_spec
from compiler.spec.claims import AnyClaim, Claim
from compiler.spec.models import RuleCoverage, Spec

ROOT = Path(__file__).resolve().parents[2]
CLAIM: TypeAdapter[Claim] = TypeAdapter(AnyClaim)
ALBANIA_HOSTILE = {"owners": {"Albania": "axis"}, "defence": {"Albania": {"infantry": 300}}}

HOLDS: list[dict[str, Any]] = [
    {"board_game": {"costs.alliance": 2000, "units.tank.cost": 140, "units.0.name": "infantry", "board.#": 36,
                    "board[kind=fortune].number": [3, 16, 21], "board[kind=secret].#": 4,
                    "modes.fierce-battles.penalty_rate": 0.5, "board.Britain.main_of": "allies",
                    "units[needs_seaport=true].name": ["battleship"], "cards.Espionage.copies": 4}},
    {"formula": {"name": "treaty_cost", "args": {"defence": 10, "treaties_before": 1}, "gives": 300}},
    {"formula": {"name": "defence_power", "args": {"army": {"infantry": 1, "tank": 1, "aircraft": 1,
                                                            "battleship": 1}}, "gives": 22}},
    {"formula": {"name": "open_modes", "args": {"wins": 1}, "gives": ["normal", "les-miserables"]}},
    {"formula": {"name": "penalty_losses", "args": {"army": {"infantry": 89, "tank": 1}, "penalty": 90},
                 "gives": {"infantry": 89, "tank": 1}}},
    {"play": {"players": {"allies": {"prefer": ["treaty"]}}, "given": {"allies": {"money": 1000}},
              "do": [{"land": "Albania", "side": "allies"}],
              "then": {"allies": {"money": 800, "treaties": 1, "offered": [["invade", "treaty", "pass"]]},
                       "owners": {"Albania": "allies"}, "end": "none"}}},
    {"play": {"players": {"allies": {"prefer": ["penalty"]}}, "given": {"allies": {"army": {"infantry": 89,
                                                                                            "tank": 1}},
                                                                       **ALBANIA_HOSTILE},
              "do": [{"land": "Albania", "side": "allies"}],
              "then": {"allies": {"army": {}, "in_jail": True, "jailed": 1}, "defence_power": {"Albania": 300}}}},
    {"play": {"given": {"spins": [3]}, "do": [{"turn": "allies"}],
              "then": {"allies": {"position": "Norway", "money": 2800, "territories": 2,
                                  "army": {"infantry": 30, "tank": 7, "aircraft": 2, "battleship": 1}}}}},
]

BROKEN: list[tuple[dict[str, Any], str]] = [
    ({"board_game": {"costs.alliance": 1000}}, "board_game costs.alliance is 2000, the proof says 1000"),
    ({"board_game": {"costs.ransom": 2000}}, "board_game costs.ransom: no key 'ransom'"),
    ({"board_game": {"units.submarine.cost": 1}}, "no item named 'submarine'"),
    ({"board_game": {"board[kind=fortune].#": 4}}, "board_game board[kind=fortune].# is 3, the proof says 4"),
    ({"board_game": {"costs.alliance.#": 1}}, "# counts a list, not 2000"),
    ({"formula": {"name": "treaty_cost", "args": {"defence": 10, "treaties_before": 0}, "gives": 300}},
     "formula treaty_cost(defence=10, treaties_before=0) gives 200, the proof says 300"),
    ({"formula": {"name": "treaty_cost", "args": {"defence": 10}, "gives": 200}}, "give 'treaties_before'"),
    ({"formula": {"name": "luck", "args": {}, "gives": 1}}, "formula luck: not a formula of the play engine"),
    ({"formula": {"name": "invade_power", "args": {"army": {"cavalry": 1}}, "gives": 1}}, "unknown unit 'cavalry'"),
    ({"play": {"players": {"allies": {"prefer": ["treaty"]}}, "given": {"allies": {"money": 100}},
               "do": [{"land": "Albania", "side": "allies"}], "then": {"owners": {"Albania": "allies"}}}},
     "play: owner of Albania is None, the proof says 'allies'"),
    ({"play": {"given": {"spins": [3]}, "do": [{"turn": "allies"}], "then": {"allies": {"position": "Sweden"}}}},
     "play: allies position is 'Norway', the proof says 'Sweden'"),
    ({"play": {"do": [{"land": "Atlantis", "side": "allies"}], "then": {}}}, "play: no space 'Atlantis'"),
    ({"play": {"players": {"allies": {"prefer": ["invade"]}, "axis": "battleship-ai"},
               "given": {"allies": {"army": {"infantry": 300}}}, "do": [{"land": "Germany", "side": "allies"}],
               "then": {"winner": "allies", "unlocks": "none"}}},
     "play: mode unlocked is 'les-miserables', the proof says 'none'"),
    ({"play": {"players": {"axis": "robot"}, "do": [{"turn": "axis"}], "then": {}}}, "play: no AI 'robot'"),
    ({"play": {"mode": "peace", "do": [{"turn": "axis"}], "then": {}}}, "play: no mode 'peace'"),
]


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec(ROOT / "specs" / "allies_vs_axis.yaml")


def reasons(data: dict[str, Any], spec: Spec) -> list[str]:
    claim = CLAIM.validate_python(data)
    assert spec.board_game is not None
    return list(CHECKS[type(claim)](claim, spec.board_game))


@pytest.mark.parametrize("data", HOLDS, ids=[f"{next(iter(d))}-{i}" for i, d in enumerate(HOLDS)])
def test_claim_holds(data: dict[str, Any], spec: Spec) -> None:
    assert reasons(data, spec) == []


@pytest.mark.parametrize(("data", "reason"), BROKEN, ids=[r for _, r in BROKEN])
def test_claim_broken(data: dict[str, Any], reason: str, spec: Spec) -> None:
    found = reasons(data, spec)
    assert found and reason in found[0], found


def test_every_board_kind_is_held_and_broken() -> None:
    kinds = {cls.KIND for cls in CHECKS}
    assert {next(iter(d)) for d in HOLDS} == kinds == {next(iter(d)) for d, _ in BROKEN}


def test_paths_select_filter_and_count() -> None:
    data = {"units": [{"name": "a", "cost": 1, "sea": False}, {"name": "b", "cost": 2, "sea": True}]}
    assert resolve(data, "units.b.cost") == 2 == resolve(data, "units.1.cost")
    assert resolve(data, "units[sea=false].name") == ["a"] and resolve(data, "units.#") == 2
    assert resolve(data, "units.*.name") == ["a", "b"] and resolve(data, "units.*.[cost=2].name") == ["b"]
    assert resolve(data, "units[sea=true].#") == 1


@pytest.mark.parametrize("data", [
    {"play": {"do": [{"land": "Albania"}], "then": {}}},  # who lands?
    {"play": {"do": [{"turn": "allies", "rounds": 1}], "then": {}}},  # two actions in one
    {"play": {"do": [], "then": {}}},
    {"formula": {"name": "ransom_cost"}},  # gives what?
])
def test_malformed_play_engine_claims_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CLAIM.validate_python(data)


def test_a_play_engine_row_needs_a_claim_over_the_engine(spec: Spec) -> None:
    facts = GameFacts(load_game(ROOT / "output" / "allies_vs_axis.xml").require_clean().model)
    tripleA_only = RuleCoverage(rule="x", realization="play-engine", proof=[{"cost": {"infantry": 50}}])
    proof = prove_row(tripleA_only, facts, spec, ROOT / "specs")
    assert proof.status == "unproven" and "no claim over the play engine" in proof.reasons[0]
    engine = RuleCoverage(rule="x", realization="play-engine", proof=[{"board_game": {"costs.alliance": 2000}}])
    assert prove_row(engine, facts, spec, ROOT / "specs").status == "proven"
    no_board = spec.model_copy(update={"board_game": None})
    proof = prove_row(engine, facts, no_board, ROOT / "specs")
    assert proof.status == "failed" and "no board_game: section" in proof.reasons[0]
