"""Step properties as TripleA reads them, in the diff an import is judged by, and a difference that shows what
differs.

TripleA sets each <stepProperty> of a step in turn in the step's properties: a name given twice keeps its last
value, and their order does not matter. France_Goes_First (catalogue) gives a step the same names more than once;
its import says each name once, with the value TripleA keeps.
"""

from __future__ import annotations

from pathlib import Path

from compiler.diff import diff_models
from compiler.diff.compare import Difference
from compiler.diff.roundtrip import round_trip
from compiler.model import GameModel
from compiler.xml.parse import parse_bytes

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "output" / "two_fronts.xml").read_text(encoding="utf-8")
STEP = '<step name="westernEndTurn" delegate="endTurn" player="Westerners"/>'


def with_properties(*properties: tuple[str, str]) -> GameModel:
    """Two Fronts whose westernEndTurn step has `properties` (name, value), in this order."""
    inner = "".join(f'<stepProperty name="{name}" value="{value}"/>' for name, value in properties)
    text = BASE.replace(STEP, STEP[:-2] + f">{inner}</step>")
    assert text != BASE
    return parse_bytes(text.encode("utf-8"), "game.xml").model


def _step_differences(a: GameModel, b: GameModel) -> list[Difference]:
    return [d for d in diff_models(a, b) if d.kind == "step"]


def test_a_repeated_name_counts_with_its_last_value() -> None:
    repeated = with_properties(("turnSummaryPlayers", "Westerners"), ("skipPosting", "true"),
                               ("turnSummaryPlayers", "Easterners"))
    assert not _step_differences(repeated, with_properties(("skipPosting", "true"),
                                                           ("turnSummaryPlayers", "Easterners")))
    assert _step_differences(repeated, with_properties(("skipPosting", "true"), ("turnSummaryPlayers", "Westerners")))


def test_a_step_difference_shows_what_differs() -> None:
    """The two sides of a step difference never print the same."""
    [difference] = _step_differences(with_properties(("skipPosting", "true"), ("skipPosting", "false")),
                                     with_properties(("skipPosting", "true")))
    assert difference.as_dict()["a"] != difference.as_dict()["b"]
    assert difference.as_dict()["a"]["properties"] == {"skipPosting": "false"}


def test_repeated_names_print_as_pairs_not_as_a_mapping() -> None:
    """A value of (name, value) pairs prints as a mapping only when no name repeats: a mapping would hide one."""
    difference = Difference("player tech", "Westerners", (("Air", ("jetPower",)), ("Air", ("superSub",))), None)
    assert difference.as_dict()["a"] == [["Air", ["jetPower"]], ["Air", ["superSub"]]]
    single = Difference("player tech", "Westerners", (("Air", ("jetPower",)),), None)
    assert single.as_dict()["a"] == {"Air": ["jetPower"]}


def test_a_step_with_a_repeated_name_imports_back_to_the_same_game() -> None:
    game = with_properties(("skipPosting", "false"), ("skipPosting", "true"))
    text, _, differences = round_trip(game)
    assert not differences
    assert "skipPosting: true" in text and "skipPosting: false" not in text
