"""show-save --chart: resources per player per round from a save's history."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from compiler.draw.chart import resource_series, write_chart
from compiler.saves import read_save

SAVE = Path(__file__).resolve().parents[1] / "saves" / "data" / "two_fronts_victory_2.7.tsvg"


def test_balance_starts_from_the_game_and_ends_at_the_save() -> None:
    save = read_save(SAVE)
    series = resource_series(save, "PUs", "balance")
    # both start with 20 PUs (the spec); Westerners buy for 20, plunder 20 and collect 34: 54
    assert series == {"Westerners": [(0, 20), (1, 54), (2, 54)], "Easterners": [(0, 20), (1, 0), (2, 0)]}
    assert resource_series(save, "PUs", "income")["Westerners"] == [(1, 54), (2, 0)]
    with pytest.raises(ValueError, match="unknown measure"):
        resource_series(save, "PUs", "wealth")


def test_the_chart_has_one_line_per_player(tmp_path: Path) -> None:
    write_chart(read_save(SAVE), tmp_path / "c.svg")
    tree = etree.parse(str(tmp_path / "c.svg"))
    series = [g for g in tree.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "series"]
    assert [g.get("data-player") for g in series] == ["Westerners", "Easterners"]
    assert all(len(g.findall("{http://www.w3.org/2000/svg}circle")) == 3 for g in series)
