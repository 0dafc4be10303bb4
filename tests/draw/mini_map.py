"""A tiny game and map folder for the draw and geometry tests: four land squares in a row, a sea
below them, and text files that can be given broken lines one at a time."""

from __future__ import annotations

from compiler.checks.context import CheckContext
from compiler.mapfolder.source import MapFiles
from compiler.model.game import GameModel
from compiler.xml.parse import parse_bytes

TA = "games.strategy.triplea.attachments.TerritoryAttachment"

GAME = f"""<?xml version="1.0"?>
<game>
<info name="Mini" version="1.0"/>
<loader javaClass="games.strategy.triplea.TripleA"/>
<map>
  <territory name="West"/>
  <territory name="Middle"/>
  <territory name="East"/>
  <territory name="Far"/>
  <territory name="Sea" water="true"/>
  <connection t1="West" t2="Middle"/>
  <connection t1="West" t2="Sea"/>
  <connection t1="Middle" t2="Sea"/>
  <connection t1="East" t2="Sea"/>
  <connection t1="West" t2="Far"/>
</map>
<playerList>
  <player name="Reds" optional="false"/>
  <player name="Blues" optional="false"/>
</playerList>
<unitList><unit name="infantry"/></unitList>
<attachmentList>
  <attachment name="territoryAttachment" attachTo="West" javaClass="{TA}" type="territory">
    <option name="capital" value="Reds"/>
    <option name="victoryCity" value="1"/>
  </attachment>
</attachmentList>
<initialize>
  <ownerInitialize>
    <territoryOwner territory="West" owner="Reds"/>
    <territoryOwner territory="Middle" owner="Reds"/>
    <territoryOwner territory="East" owner="Blues"/>
  </ownerInitialize>
  <unitInitialize>
    <unitPlacement unitType="infantry" territory="West" quantity="3" owner="Reds"/>
    <unitPlacement unitType="infantry" territory="East" quantity="2" owner="Blues"/>
  </unitInitialize>
</initialize>
</game>
"""

# West, Middle, East touch side by side (East has no connection to Middle); Far lies 500 px away.
POLYGONS = {
    "West": "West  <  (0,0) (100,0) (100,100) (0,100)  >",
    "Middle": "Middle  <  (100,0) (200,0) (200,100) (100,100)  >",
    "East": "East  <  (200,0) (300,0) (300,100) (200,100)  >",
    "Far": "Far  <  (800,0) (900,0) (900,100) (800,100)  >",
    "Sea": "Sea  <  (0,100) (900,100) (900,200) (0,200)  >",
}
CENTERS = {name: f"{name}  ({x},{y})" for name, (x, y) in
           {"West": (50, 50), "Middle": (150, 50), "East": (250, 50), "Far": (850, 50), "Sea": (450, 150)}.items()}
PLACE = {name: f"{name}  ({x},{y})" for name, (x, y) in
         {"West": (10, 10), "Middle": (110, 10), "East": (210, 10), "Far": (810, 10), "Sea": (400, 120)}.items()}
PROPERTIES = "color.Reds=CC0000\ncolor.Blues=0000CC\nmap.width=1000\nmap.height=200\nmap.scrollWrapX=false\n"


def text(lines: dict[str, str], **changed: str | None) -> str:
    """The file's lines, with `changed` lines replaced (None: left out)."""
    merged = {**lines, **changed}
    return "\n".join(line for line in merged.values() if line is not None) + "\n"


def map_files(polygons: str | None = None, centers: str | None = None, place: str | None = None,
              properties: str = PROPERTIES) -> MapFiles:
    files = {"polygons.txt": ("map/polygons.txt", polygons if polygons is not None else text(POLYGONS)),
             "centers.txt": ("map/centers.txt", centers if centers is not None else text(CENTERS)),
             "place.txt": ("map/place.txt", place if place is not None else text(PLACE)),
             "map.properties": ("map/map.properties", properties)}
    return MapFiles("map", files, ("map/games/mini.xml",))


def model(xml: str = GAME) -> GameModel:
    return parse_bytes(xml.encode(), "map/games/mini.xml").model


def context(files: MapFiles | None = None, xml: str = GAME) -> CheckContext:
    return CheckContext(model(xml), map_files=files if files is not None else map_files())
