"""compiler/engine/damage.py: damaged units carried by moves, with bounds where a move splits a stack."""

from __future__ import annotations

from compiler.engine.damage import Damage, Hurt
from compiler.engine.state import UnitStack

SEA, OTHER = "North Sea Zone", "Baltic Sea Zone"


def ships(n: int) -> list[UnitStack]:
    return [UnitStack(type="battleship", owner="Germans", count=n)]


def test_a_whole_stack_takes_its_damage_along():
    d = Damage()
    d.damage(SEA, ships(1))
    d.move(SEA, OTHER, ships(2), {("battleship", "Germans"): 2})
    assert (d.get((SEA, "battleship", "Germans")), d.get((OTHER, "battleship", "Germans"))) == (Hurt(), Hurt(1, 1))


def test_a_split_stack_leaves_bounds_on_both_sides():
    d = Damage()
    d.damage(SEA, ships(1))
    d.move(SEA, OTHER, ships(1), {("battleship", "Germans"): 2})
    # either ship may be the damaged one: none is surely damaged, each may be
    assert d.get((SEA, "battleship", "Germans")) == Hurt(0, 1)
    assert d.get((OTHER, "battleship", "Germans")) == Hurt(0, 1)


def test_repairs_and_losses():
    d = Damage()
    d.damage(SEA, ships(2))
    d.lose(SEA, ships(1), damaged_first=True)
    assert d.get((SEA, "battleship", "Germans")) == Hurt(1, 1)
    d.clamp(SEA, {})
    assert d.hurt == {}
    d.damage(OTHER, ships(1))
    d.move(OTHER, SEA, ships(1), {("battleship", "Germans"): 1})
    d.repair([(SEA, "battleship", "Germans")], stayed_only=True)  # came in this turn: maybe still damaged
    assert d.get((SEA, "battleship", "Germans")) == Hurt(0, 1)
    d.new_turn()
    d.repair([(SEA, "battleship", "Germans")], stayed_only=True)  # a full turn in port
    assert d.hurt == {}
