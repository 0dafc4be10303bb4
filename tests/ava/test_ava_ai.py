"""The three AIs: every pairing finishes its games, and the Battleship AI beats the Tank AI."""

from __future__ import annotations

from ava_helpers import spec

from compiler.ava.match import run_games

AIS = ("tank-ai", "aircraft-ai", "battleship-ai")
MAIN_ENDS = {"sudden-death", "conqueror", "imprisoned"}


def test_ai_versus_ai_games_always_end() -> None:
    for mode in spec().modes:
        for victory in ("sudden-death", "conqueror"):
            for allies in AIS:
                for axis in AIS:
                    results = run_games(spec(), mode, {"allies": allies, "axis": axis}, seed=1000, games=3,
                                        victory=victory, jail_limit=5)
                    for r in results:
                        assert r.end_condition in MAIN_ENDS, (mode, victory, allies, axis, r)
                        assert r.winner in ("allies", "axis")


def win_rate(ai: str, other: str, games: int = 200) -> float:
    """Share of `games` seeded normal games `ai` wins against `other`, sides swapped every game."""
    wins = 0
    for seed in range(games):
        sides = (ai, other) if seed % 2 == 0 else (other, ai)
        result = run_games(spec(), "normal", {"allies": sides[0], "axis": sides[1]}, seed=seed)[0]
        wins += result.winner == ("allies" if seed % 2 == 0 else "axis")
    print(f"{ai} beat {other} in {wins}/{games} games ({wins / games:.1%})")
    return wins / games


def test_battleship_ai_beats_tank_ai_more_often_than_not() -> None:
    assert win_rate("battleship-ai", "tank-ai") > 0.5


def test_the_harder_ai_wins_more_often() -> None:
    assert win_rate("battleship-ai", "aircraft-ai", 100) > 0.5
    assert win_rate("aircraft-ai", "tank-ai", 100) > 0.5


def test_tendencies_show_in_play() -> None:
    """The Tank AI places a larger share of its army as defence; the Aircraft AI invades more."""
    share, invasions = {}, {}
    for kind in ("tank-ai", "aircraft-ai"):
        results = run_games(spec(), "normal", {"allies": kind, "axis": kind}, seed=500, games=20, record=True)
        events = [e for r in results for e in r.events or []]
        placed = sum(s.count for e in events if e.type == "place" for s in e.units)
        gained = sum(s.count for e in events if e.type == "purchase" for s in e.units) + sum(
            e.amount for e in events if e.type == "resources" and e.reason == "collection" and e.resource != "money")
        share[kind] = placed / gained
        invasions[kind] = sum(1 for e in events if e.type == "battle") / sum(r.turns for r in results)
    assert share["tank-ai"] > share["aircraft-ai"]
    assert invasions["aircraft-ai"] > invasions["tank-ai"]
