"""A small, valid TripleA game XML for check tests, with hooks to break one thing at a time."""

from __future__ import annotations

from compiler.checks import run_checks
from compiler.problems import Problem
from compiler.xml.parse import parse_bytes

UA = "games.strategy.triplea.attachments.UnitAttachment"
TA = "games.strategy.triplea.attachments.TerritoryAttachment"
CA = "games.strategy.triplea.attachments.CanalAttachment"
D = "games.strategy.triplea.delegate."

PARTS = {
    "info": '<info name="Mini" version="1.0"/>\n<loader javaClass="games.strategy.triplea.TripleA"/>',
    "variables": "",
    "map": """<map>
  <territory name="Land A"/>
  <territory name="Land B"/>
  <territory name="Land C"/>
  <territory name="Sea 1" water="true"/>
  <territory name="Sea 2" water="true"/>
  <connection t1="Land A" t2="Land B"/>
  <connection t1="Land B" t2="Land C"/>
  <connection t1="Land A" t2="Sea 1"/>
  <connection t1="Land C" t2="Sea 2"/>
  <connection t1="Land B" t2="Sea 1"/>
  <connection t1="Land B" t2="Sea 2"/>
  <connection t1="Sea 1" t2="Sea 2"/>
</map>""",
    "resources": '<resourceList><resource name="PUs"/></resourceList>',
    "players": """<playerList>
  <player name="Reds" optional="false"/>
  <player name="Blues" optional="false"/>
  <alliance player="Reds" alliance="East"/>
  <alliance player="Blues" alliance="West"/>
</playerList>""",
    "units": '<unitList><unit name="infantry"/><unit name="ship"/></unitList>',
    "reltypes": '<relationshipTypes><relationshipType name="War"/></relationshipTypes>',
    "gameplay": f"""<gamePlay>
  <delegate name="initDelegate" javaClass="{D}InitializationDelegate" display="Initializing"/>
  <delegate name="purchase" javaClass="{D}PurchaseDelegate" display="Purchase"/>
  <delegate name="move" javaClass="{D}MoveDelegate" display="Move"/>
  <sequence>
    <step name="gameInitDelegate" delegate="initDelegate" maxRunCount="1"/>
    <step name="redsPurchase" delegate="purchase" player="Reds"/>
    <step name="redsMove" delegate="move" player="Reds"/>
    <step name="bluesPurchase" delegate="purchase" player="Blues"/>
    <step name="bluesMove" delegate="move" player="Blues"/>
  </sequence>
</gamePlay>""",
    "production": """<production>
  <productionRule name="buyInfantry">
    <cost resource="PUs" quantity="3"/>
    <result resourceOrUnit="infantry" quantity="1"/>
  </productionRule>
  <productionFrontier name="production">
    <frontierRules name="buyInfantry"/>
  </productionFrontier>
  <playerProduction player="Reds" frontier="production"/>
  <playerProduction player="Blues" frontier="production"/>
</production>""",
    "attachments": f"""<attachmentList>
  <attachment name="unitAttachment" attachTo="infantry" javaClass="{UA}" type="unitType">
    <option name="movement" value="1"/>
  </attachment>
  <attachment name="unitAttachment" attachTo="ship" javaClass="{UA}" type="unitType">
    <option name="isSea" value="true"/>
  </attachment>
  <attachment name="territoryAttachment" attachTo="Land A" javaClass="{TA}" type="territory">
    <option name="production" value="2"/>
    <option name="capital" value="Reds"/>
  </attachment>
  EXTRA_ATTACHMENTS
</attachmentList>""",
    "initialize": """<initialize>
  <ownerInitialize>
    <territoryOwner territory="Land A" owner="Reds"/>
    <territoryOwner territory="Land C" owner="Blues"/>
  </ownerInitialize>
  <unitInitialize>
    <unitPlacement unitType="infantry" territory="Land A" quantity="2" owner="Reds"/>
    <unitPlacement unitType="ship" territory="Sea 2" quantity="1" owner="Blues"/>
  </unitInitialize>
  <resourceInitialize>
    <resourceGiven player="Reds" resource="PUs" quantity="10"/>
    <resourceGiven player="Blues" resource="PUs" quantity="10"/>
  </resourceInitialize>
  <relationshipInitialize>
    <relationship type="War" player1="Reds" player2="Blues" roundValue="1"/>
  </relationshipInitialize>
</initialize>""",
    "properties": """<propertyList>
  <property name="mapName" value="mini" editable="false"/>
</propertyList>""",
}

ORDER = ["info", "variables", "map", "resources", "players", "units", "reltypes", "gameplay", "production",
         "attachments", "initialize", "properties"]


def game_xml(extra_attachments: str = "", **parts: str) -> str:
    """The mini game; `parts` replace sections by key, `extra_attachments` go into attachmentList."""
    merged = {**PARTS, **parts}
    body = "\n".join(merged[k] for k in ORDER if merged[k])
    body = body.replace("EXTRA_ATTACHMENTS", extra_attachments)
    return f'<?xml version="1.0"?>\n<game>\n{body}\n</game>\n'


def problems_of(xml: str, engine: str = "2.x", path: str = "mini.xml") -> list[Problem]:
    """Parser and check problems of an XML text."""
    result = parse_bytes(xml.encode(), path)
    return [*result.problems, *run_checks(result.model, engine=engine, root=result.root)]


def codes(problems: list[Problem]) -> set[str]:
    return {p.code for p in problems}


def line_of(xml: str, needle: str) -> int:
    """1-based line of the first line containing `needle`."""
    for number, line in enumerate(xml.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in the XML")
