"""The language server's name index of a game XML (compiler.lsp.xmlnames, scanned once and then only where an
edit changed the text) is the index a plain reading finds: the slow oracle below (every start tag read, comments
blanked first), on real games whole and after edits of every kind; the map files' part is kept only while their
text (and the game's players) stay the same."""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from collections import defaultdict
from pathlib import Path

import pytest
from reference_data import REFERENCE, catalogue_maps, need, or_placeholder

from compiler.lsp.names import NameIndex, index_xml
from compiler.lsp.xmlnames import ATTACH_TYPES, DEFINES, REFERS, XmlNames, rescan_names, scan_names

KINDS = ("territory", "unit", "player", "resource", "attachment")
_TAG = re.compile(r"<([A-Za-z_][\w.-]*)(\s[^<>]*)?>")
_ATTR = re.compile(r"([\w:.-]+)\s*=\s*(\"([^\"]*)\"|'([^']*)')")
_COMMENT = re.compile(r"<!--.*?-->", re.S)

Row = tuple[str, int, int, int, str, str, bool]


def oracle(path: str, text: str) -> tuple[dict[str, set[str]], dict[tuple[str, str], list[Row]],
                                          dict[tuple[str, int], list[Row]]]:
    """The names, occurrences by (kind, name) and by (path, line) of a game XML, read plainly: comments blanked,
    every start tag with its attributes, the names defined first, then each attribute that may hold one."""
    blanked = _COMMENT.sub(lambda m: " " * len(m.group(0)), text)
    starts = [0, *(m.end() for m in re.finditer(r"\r\n|\r|\n", text))]
    elements = []
    for m in _TAG.finditer(blanked):
        attrs: dict[str, tuple[str, int]] = {}
        if m.group(2):
            for a in _ATTR.finditer(m.group(2)):
                group = 3 if a.group(3) is not None else 4
                attrs[a.group(1)] = (a.group(group), m.start(2) + a.start(group))
        elements.append((m.group(1), attrs))
    names: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for tag, attrs in elements:
        if tag in DEFINES and "name" in attrs:
            names[DEFINES[tag]].add(attrs["name"][0])
    by_name: dict[str, str] = {}
    for kind in reversed(KINDS):
        by_name.update(dict.fromkeys(names[kind], kind))
    occurrences: dict[tuple[str, str], list[Row]] = defaultdict(list)
    by_line: dict[tuple[str, int], list[Row]] = defaultdict(list)

    def add(name: str, offset: int, kind: str, defines: bool = False) -> None:
        if not kind:
            kind = by_name.get(name, "")
            if not kind:
                return
        elif not defines and name not in names[kind]:
            return
        line = bisect_right(starts, offset) - 1
        start = offset - starts[line]
        row = (path, line, start, start + len(name), kind, name, defines)
        occurrences[(kind, name)].append(row)
        by_line[(path, line)].append(row)

    for tag, attrs in elements:
        for attr, (value, offset) in attrs.items():
            if attr == "name" and tag in DEFINES:
                add(value, offset, DEFINES[tag], True)
            elif (tag, attr) in REFERS:
                add(value, offset, REFERS[(tag, attr)])
            elif tag == "attachment" and attr == "attachTo":
                add(value, offset, ATTACH_TYPES.get(attrs.get("type", ("unitType", 0))[0], ""))
            elif tag == "option" and attr == "value":
                for part in value.split(":"):
                    add(part, offset, "")
                    offset += len(part) + 1
    return names, dict(occurrences), dict(by_line)


def view(index: NameIndex) -> tuple[dict[str, set[str]], dict[tuple[str, str], list[Row]],
                                    dict[tuple[str, int], list[Row]]]:
    """An index in the oracle's terms (a game XML's lines with the other files' lines)."""
    by_line = {(path, line): [tuple(o) for o in occs] for path, lines in index.xml_lines.items()
               for line, occs in lines.items()}
    by_line.update({k: [tuple(o) for o in v] for k, v in index.by_line.items()})
    return (index.names, {k: [tuple(o) for o in v] for k, v in index.occurrences.items()},  # type: ignore[misc]
            by_line)  # type: ignore[return-value]


def indexed(path: str, text: str) -> tuple[dict[str, set[str]], dict[tuple[str, str], list[Row]],
                                           dict[tuple[str, int], list[Row]]]:
    """What index_xml finds, in the oracle's terms."""
    index = NameIndex()
    index_xml(index, path, text)
    return view(index)


def of_scan(found: XmlNames) -> tuple[dict[str, set[str]], dict[tuple[str, str], list[Row]],
                                      dict[tuple[str, int], list[Row]]]:
    """A scan's names and occurrences, in the oracle's terms; its occurrences by tag, by (kind, name) and by line
    agree."""
    occurrences: dict[tuple[str, str], list[Row]] = defaultdict(list)
    by_line: dict[tuple[str, int], list[Row]] = defaultdict(list)
    for tag in found.found:
        for o in tag:
            occurrences[(o.kind, o.name)].append(tuple(o))  # type: ignore[arg-type]
            by_line[(o.path, o.line)].append(tuple(o))  # type: ignore[arg-type]
    assert {k: [tuple(o) for o in v] for k, v in found.by_key.items()} == occurrences
    assert {(found.path, k): [tuple(o) for o in v] for k, v in found.by_line.items()} == by_line
    assert list(found.resolved({k: set(v) for k, v in found.names.items()})) == [o for t in found.found for o in t]
    return {k: set(v) for k, v in found.names.items()}, dict(occurrences), dict(by_line)


def reference_games() -> list[Path]:
    """The game XMLs of ../shared/reference/maps (a placeholder when ../shared is missing: the test skips)."""
    return or_placeholder(sorted((REFERENCE / "maps").glob("*/map/games/*.xml")))


CATALOGUE_GAMES = (
    "global_40_house_rules/map/games/Global_40_House_Rules_Canada.xml",  # the largest; \r\n; tags in comments
    "emptyhexes/games/empty hexes- land 65x20 PUs.xml",  # the most tags inside comments
    "ww2_oil_and_snow_2nd_edition/map/games/ww2_oil_and_snow_2nd_edition.xml",  # \r\n; tags in comments
    "1888a_steam_and_steel/map/games/1888a_steam_and_steel.xml",
    "minimap/map/games/minimap.xml",  # a small one
)


def catalogue_game(name: str) -> Path:
    maps = catalogue_maps()
    need(maps is not None, "needs the map catalogue (../shared/reference/catalogue)")
    assert maps is not None
    path = maps / name
    need(path.is_file(), f"needs {name} in the map catalogue")
    return path


def read(path: Path) -> str:
    need(path.is_file(), f"needs {path}")
    return path.read_bytes().decode("utf-8-sig", errors="replace")


@pytest.mark.parametrize("game", reference_games(), ids=lambda p: p.name)
def test_reference_games_whole(game: Path) -> None:
    text = read(game)
    assert indexed(str(game), text) == oracle(str(game), text)


@pytest.mark.parametrize("name", CATALOGUE_GAMES)
def test_catalogue_games_whole(name: str) -> None:
    game = catalogue_game(name)
    text = read(game)
    assert indexed(str(game), text) == oracle(str(game), text)


SNIPPETS = ("\n", "\r\n", "\r", "<!--", "-->", "<!-- <territory name=\"Hidden\"/> -->", "<", ">", "\"", ":",
            '<territory name="Zz"/>', '<option name="x" value="Zz:Germans"/>', ' name="Zz"', ' value="Zz"', "Zz",
            '<connection t1="Zz" t2="Zz"/>', '<option name="x" value="a" value="Zz"/>', "\n\n\n")


def edited(text: str, rng: random.Random) -> str:
    """`text` with one edit: a snippet put in, a stretch cut out or replaced, a name or option value changed."""
    at = rng.randrange(len(text) + 1)
    choice = rng.randrange(5)
    if choice == 0:
        return text[:at] + rng.choice(SNIPPETS) + text[at:]
    if choice == 1:
        return text[:at] + text[at + rng.randrange(1, 200):]
    if choice == 2:
        return text[:at] + rng.choice(SNIPPETS) + text[at + rng.randrange(1, 40):]
    values = [m for m in re.finditer(r'(name|value)="([^"]*)"', text)] or [None]
    m = rng.choice(values)
    if m is None:
        return text + "\n"
    return text[:m.start(2)] + rng.choice(("", "Zz", m.group(2) + "x", "Germans")) + text[m.end(2):]


def alike(found: XmlNames, whole: XmlNames) -> bool:
    """Two scans of a text find the same: its tags, their names (where each is now), its occurrences."""
    def placed(scan: XmlNames) -> list[tuple[object, ...]]:
        return [tuple((n, ln + line - tag[0][1], *rest) for n, ln, *rest in tag)
                for line, tag in zip(scan.lines, scan.candidates, strict=True)]

    return (found.starts == whole.starts and found.found == whole.found and found.by_key == whole.by_key
            and found.by_line == whole.by_line and found.names == whole.names and found.defined == whole.defined
            and found.blanked == whole.blanked and found.comments == whole.comments
            and found.breaks == whole.breaks and placed(found) == placed(whole))


def check_edits(game: Path, edits: int, seed: int) -> None:
    """A chain of random edits, each scanned from the last scan, finds what a whole scan finds (and, at the end,
    what the oracle finds)."""
    path, text = str(game), read(game)
    rng = random.Random(seed)
    found = scan_names(path, text)
    for _ in range(edits):
        before, text = text, edited(text, rng)
        found = rescan_names(found, text)
        assert found.text == text
        if not alike(found, scan_names(path, text)):
            at = next((i for i, (a, b) in enumerate(zip(before, text, strict=False)) if a != b), len(before))
            pytest.fail(f"after an edit at offset {at}: {before[at - 40:at + 80]!r} -> {text[at - 40:at + 80]!r}")
    assert of_scan(found) == oracle(path, text)


@pytest.mark.parametrize("game", reference_games(), ids=lambda p: p.name)
def test_reference_games_after_edits(game: Path) -> None:
    check_edits(game, 30, seed=len(game.name))


@pytest.mark.parametrize("name", CATALOGUE_GAMES[1:3] + CATALOGUE_GAMES[4:])
def test_catalogue_games_after_edits(name: str) -> None:
    check_edits(catalogue_game(name), 15, seed=len(name))


GAME_TEXT = """<?xml version="1.0"?>
<game>
  <map>
    <territory name="Alpha"/>
    <territory name="Beta"/>
    <connection t1="Alpha" t2="Beta"/>
  </map>
  <playerList><player name="Reds"/><player name="Blues"/></playerList>
  <!-- <territory name="Hidden"/> -->
  <attachment name="a1" attachTo="Alpha" type="territory"><option name="x" value="Alpha:Reds:Beta"/></attachment>
</game>
"""


@pytest.mark.parametrize("before, after", [
    # a comment left open (no comment: its tags count), closed later; and opened again
    (GAME_TEXT.replace("-->", ""), GAME_TEXT),
    (GAME_TEXT, GAME_TEXT.replace("-->", "")),
    (GAME_TEXT.replace("-->", ""), GAME_TEXT.replace("-->", "").replace("</game>", "--></game>")),
    # a comment opened before tags, closed by an old comment's end
    (GAME_TEXT, GAME_TEXT.replace('<territory name="Beta"/>', '<!-- <territory name="Beta"/>')),
    (GAME_TEXT, GAME_TEXT.replace('<territory name="Beta"/>', '<territory name="Gamma"/>')),  # a rename
    (GAME_TEXT, GAME_TEXT.replace('name="Reds"', 'name="Blues"')),  # a name defined twice
    (GAME_TEXT, GAME_TEXT.replace('Alpha:Reds', 'Alpha\r\n:Reds')),  # a line break inside a value
    (GAME_TEXT, GAME_TEXT.replace("\n", "\r\n")),
    (GAME_TEXT, GAME_TEXT.replace('t2="Beta"', 't2="Beta" t1="Beta"')),  # an attribute written twice
    (GAME_TEXT, GAME_TEXT.replace('<territory name="Alpha"/>', '<territory name="Alpha" <!-- x --> />')),
])
def test_edits_of_a_small_game(before: str, after: str) -> None:
    """Edits whose effect reaches beyond the characters they change: scanned from the last scan, the same as
    whole (and as the oracle)."""
    found = rescan_names(scan_names("/g/games/game.xml", before), after)
    assert alike(found, scan_names("/g/games/game.xml", after))
    assert of_scan(found) == oracle("/g/games/game.xml", after)


def test_the_largest_game_after_edits() -> None:
    """The catalogue's largest game after the edits bench/bench_name_index.py measures: an option value
    changed, a line added near the top, a territory renamed."""
    game = catalogue_game(CATALOGUE_GAMES[0])
    path, text = str(game), read(game)
    found = scan_names(path, text)
    option = re.search(r'<option\b[^>]*\bvalue="([^"]*)"', text)
    territory = re.search(r'<territory\b[^>]*\bname="([^"]*)"', text)
    assert option is not None and territory is not None
    text = text[:option.end(1)] + "x" + text[option.end(1):]
    for edit in (lambda t: t, lambda t: t.replace("<", "\n<", 2),
                 lambda t: t[:territory.end(1)] + " 2" + t[territory.end(1):]):
        text = edit(text)
        found = rescan_names(found, text)
        assert alike(found, scan_names(path, text))
    assert of_scan(found) == oracle(path, text)


def test_index_game_keeps_the_map_files_while_alike(tmp_path: Path) -> None:
    """index_game: the game XML's names and its map files' (a point file's territories, map.properties' player
    colours); a map file's part found again when its text changes, the colours when the players do."""
    from compiler.lsp.analysis import index_game
    from compiler.lsp.documents import Documents

    classic = REFERENCE / "maps" / "world_war_ii_classic"
    need(classic.is_dir(), "needs ../shared/reference/maps/world_war_ii_classic")
    (tmp_path / "map" / "games").mkdir(parents=True)
    for name in ("polygons.txt", "centers.txt", "map.properties"):
        (tmp_path / "map" / name).write_bytes((classic / "map" / name).read_bytes())
    game = tmp_path / "map" / "games" / "classic.xml"
    game.write_bytes((classic / "map" / "games" / "classic.xml").read_bytes())
    docs = Documents()

    def map_rows(kind: str, name: str) -> list[tuple[str, int]]:
        return [(Path(o.path).name, o.line) for o in index_game(docs, str(game)).index.occurrences[(kind, name)]
                if o.path != str(game)]

    polygons = tmp_path / "map" / "polygons.txt"
    germany = map_rows("territory", "Germany")
    assert {"polygons.txt", "centers.txt"} <= {f for f, _ in germany}
    # the buffer of polygons.txt renames Germany there: its part is found again
    docs.set(str(polygons), polygons.read_text().replace("Germany", "Reich"), 1)
    assert {f for f, _ in map_rows("territory", "Germany")} == {"centers.txt"}
    docs.set(str(polygons), polygons.read_text(), 2)
    assert map_rows("territory", "Germany") == germany
    # map.properties' colours follow the players: a player renamed in the game loses its colour line
    assert [f for f, _ in map_rows("player", "Germans")] == ["map.properties"]
    xml = game.read_text(encoding="utf-8")
    docs.set(str(game), xml.replace('"Germans"', '"Teutons"'), 1)
    assert map_rows("player", "Germans") == [] and map_rows("player", "Teutons") == []
    docs.set(str(game), xml, 2)
    assert [f for f, _ in map_rows("player", "Germans")] == ["map.properties"]
