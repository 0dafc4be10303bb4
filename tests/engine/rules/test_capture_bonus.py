"""capture-bonus: logs on the G40 Alt Universe map that break the rule and logs that keep it."""

from __future__ import annotations

from tests.engine.conftest import where

BONUS = {"id": "capture-bonus", "bank": ["NL11"]}


def _capture(extra: str = "", pus: int = 45) -> str:
    return (
        "initial:\n"
        "  relationships: {British|Germans: War}\n"
        f"  resources: {{British: {{PUs: {pus}}}}}\n"
        "events:\n"
        "  - {type: step, round: 2, player: Germans, step: germansBattle}\n"
        "  - {type: battle, territory: UK5, attacker: Germans, defender: British}\n"
        "  - {type: ownership, territory: UK5, old_owner: British, new_owner: Germans}\n"
        + extra
        + "  - {type: step, round: 5, player: Russians, step: russiansCombatMove}\n"
    )


def test_capture_bonus_breaks(run):
    found = run("g40", [BONUS], _capture())
    assert where(found) == [
        ("capture-bonus", 2, "Germans", "germansBattle", 7)
    ]
    assert "the capture bonus is 3 PUs, but 0 were received" in found[0].message


def test_capture_bonus_keeps(run):
    paid = "  - {type: resources, resource: PUs, amount: 3, reason: capture bonus for UK5}\n"
    assert run("g40", [BONUS], _capture(paid)) == []
    # a British treasury of 2 PUs pays only 2
    paid_two = "  - {type: resources, resource: PUs, amount: 2, reason: capture bonus for UK5}\n"
    assert run("g40", [BONUS], _capture(paid_two, pus=2)) == []
    # recapturing later pays nothing more
    again = paid + (
        "  - {type: step, round: 3, player: British, step: britishBattle}\n"
        "  - {type: ownership, territory: UK5, old_owner: Germans, new_owner: British}\n"
        "  - {type: step, round: 4, player: Germans, step: germansBattle}\n"
        "  - {type: ownership, territory: UK5, old_owner: British, new_owner: Germans}\n"
    )
    assert run("g40", [BONUS], _capture(again)) == []


def test_income_collected_is_no_capture_bonus(run):
    # TripleA's end-turn line says "collect", not "income": the collection is still income, whatever its words
    income = ("  - {type: step, round: 2, player: Germans, step: germansEndTurn}\n"
              "  - {type: resources, resource: PUs, amount: 31, reason: Germans collect 31 PUs; end with 31 PUs}\n")
    found = run("g40", [BONUS], _capture(income))
    assert "the capture bonus is 3 PUs, but 0 were received" in found[0].message
    # an objective after the collection in the same step is not income: it may carry the bonus
    objective = income + "  - {type: resources, resource: PUs, amount: 3, reason: Germans collect 3 PUs}\n"
    assert run("g40", [BONUS], _capture(objective)) == []
    # a log may also say the cause
    said = "  - {type: resources, resource: PUs, amount: 3, cause: income, reason: bonus}\n"
    assert "0 were received" in run("g40", [BONUS], _capture(said))[0].message


def test_capture_bonus_on_a_real_save():
    # TripleA 2.7's history of a Two Fronts game: the Westerners take Eastland (its factory) in round 1 and the
    # Easterners' 20 PUs with it, then "Westerners collect 34 PUs" at their end of turn. A 30 PUs bonus from the
    # bank is not paid by that collection (it once was: the line does not say "income")
    from pathlib import Path

    from compiler.engine.check import check_events
    from compiler.saves import read_save

    saved = read_save(Path(__file__).parents[2] / "saves" / "data" / "two_fronts_victory_2.7.tsvg", world=True)
    world = saved.world
    assert world is not None

    def judge(bonus: int) -> list[str]:
        rule = {"id": "capture-bonus", "types": {"minor_factory": ["factory"]}, "minor_factory": bonus,
                "bank": ["Eastland"]}
        return [p.message for p in check_events(world, [rule], world.initial, saved.events, "save")]

    assert judge(30) == ["Westerners captured Eastland: the capture bonus is 30 PUs, but 20 were received this turn"]
    assert judge(20) == []
