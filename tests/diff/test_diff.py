"""The semantic diff: what counts as a difference and what does not, and the `diff` command."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from compiler.cli import main
from compiler.diff import diff_models
from compiler.diff.facts import game_facts
from compiler.model import GameModel
from compiler.xml.parse import parse_bytes

GAME = """<?xml version="1.0"?>
<game>
  <info name="Mini" version="1"/>
  <map>
    <territory name="A"/>
    <territory name="B"/>
    <territory name="S" water="true"/>
    {connections}
  </map>
  <playerList>
    <player name="Reds" optional="false"/>
    <player name="Blues" optional="false"/>
  </playerList>
  <unitList><unit name="inf"/></unitList>
  <gamePlay>
    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
    <delegate name="place" javaClass="PlaceDelegate"/>
    <sequence>
      {steps}
    </sequence>
  </gamePlay>
  <attachmentList>
    <attachment name="unitAttachment" attachTo="inf" javaClass="{uclass}" type="unitType">
      {options}
    </attachment>
  </attachmentList>
  <initialize>
    <ownerInitialize>
      <territoryOwner territory="A" owner="Blues"/>
      <territoryOwner territory="A" owner="Reds"/>
    </ownerInitialize>
    <unitInitialize>
      {units}
    </unitInitialize>
    <relationshipInitialize>
      <relationship type="War" {pair} roundValue="0"/>
    </relationshipInitialize>
  </initialize>
</game>
"""

BASE = {
    "connections": '<connection t1="A" t2="B"/><connection t1="B" t2="S"/>',
    "steps": '<step name="redMove" delegate="move" player="Reds"/>'
             '<step name="redPlace" delegate="place" player="Reds"/>',
    "uclass": "games.strategy.triplea.attachments.UnitAttachment",
    "options": '<option name="movement" value="1"/><option name="attack" value="1"/>',
    "units": '<unitPlacement unitType="inf" territory="A" quantity="2" owner="Reds"/>',
    "pair": 'player1="Reds" player2="Blues"',
}


def game(**changes: str) -> GameModel:
    text = GAME
    for key, value in {**BASE, **changes}.items():
        text = text.replace("{" + key + "}", value)
    return parse_bytes(text.encode(), "g.xml").model


def test_orders_tripleA_ignores_do_not_count() -> None:
    same = game(
        connections='<connection t1="S" t2="B"/><connection t1="B" t2="A"/><connection t1="A" t2="B"/>',
        options='<option name="attack" value="1"/><option name="movement" value="1"/>',
        units='<unitPlacement unitType="inf" territory="A" quantity="1" owner="Reds"/>'
              '<unitPlacement unitType="inf" territory="A" quantity="1" owner="Reds"/>',
        pair='player1="Blues" player2="Reds"',
        uclass="UnitAttachment",
    )
    assert diff_models(game(), same) == []


def test_each_change_is_one_located_difference() -> None:
    other = game(connections='<connection t1="A" t2="B"/><connection t1="A" t2="S"/>',
                 options='<option name="movement" value="2"/><option name="attack" value="1"/>')
    found = {(d.kind, d.key, json.dumps(d.a), json.dumps(d.b)) for d in diff_models(game(), other)}
    assert found == {
        ("connection", "B / S", "true", "null"),
        ("connection", "A / S", "null", "true"),
        ("option", "unitAttachment / inf / movement", '"1"', '"2"'),
    }
    moved = next(d for d in diff_models(game(), other) if d.kind == "option")
    assert moved.a_location.path == "g.xml" and moved.a_location.line > 0


def test_step_order_counts() -> None:
    swapped = game(steps='<step name="redPlace" delegate="place" player="Reds"/>'
                         '<step name="redMove" delegate="move" player="Reds"/>')
    kinds = {d.kind for d in diff_models(game(), swapped)}
    assert kinds == {"step"}


def test_last_owner_stands() -> None:
    facts = game_facts(game())
    assert facts.values[("owner", "A")] == "Reds"


def _write(tmp_path: Path, name: str, model_text: str) -> Path:
    path = tmp_path / name
    path.write_text(model_text, encoding="utf-8")
    return path


def _xml(**changes: str) -> str:
    text = GAME
    for key, value in {**BASE, **changes}.items():
        text = text.replace("{" + key + "}", value)
    return text


def test_cli_exit_codes_and_formats(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.xml", _xml())
    b = _write(tmp_path, "b.xml", _xml(units='<unitPlacement unitType="inf" territory="A" quantity="3" owner="Reds"/>'))
    runner = CliRunner()
    assert runner.invoke(main, ["diff", str(a), str(a)]).exit_code == 0
    result = runner.invoke(main, ["diff", str(a), str(b)])
    assert result.exit_code == 1
    assert f"{a}:" in result.output and f"{b}:" in result.output and "units 'A / Reds / inf" in result.output
    data = json.loads(runner.invoke(main, ["diff", str(a), str(b), "--format", "json"]).output)
    assert data["equal"] is False
    (only,) = data["differences"]
    assert set(only) == {"kind", "key", "a", "b", "a_location", "b_location"}
    assert (only["a"], only["b"]) == (2, 3)
    assert only["a_location"].startswith(f"{a}:")


def test_cli_bad_input_exits_2(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.xml", _xml())
    broken = _write(tmp_path, "broken.xml", "<game><info name='x'>")
    result = CliRunner().invoke(main, ["diff", str(a), str(broken)])
    assert result.exit_code == 2
    assert "broken.xml:" in result.output
    missing = CliRunner().invoke(main, ["diff", str(a), str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2
    bad_spec = _write(tmp_path, "bad.yaml", "game: {name: x}\nplayers: {}\nterritories: {}\nunknown_key: 1\n")
    result = CliRunner().invoke(main, ["diff", str(a), str(bad_spec)])
    assert result.exit_code == 2 and "bad.yaml:4" in result.output
