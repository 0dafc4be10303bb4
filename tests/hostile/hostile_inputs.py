"""Hostile inputs for every reader, built in a folder: what a careless or hostile user gives the tool.

`build(folder)` writes them all and returns name -> path; each builder is small and deterministic.
"""

from __future__ import annotations

import gzip
import io
import os
import shutil
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

from archives import zip_bytes

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "two_fronts.yaml"
XML = ROOT / "output" / "two_fronts.xml"
SAVE_DATA = ROOT / "tests" / "saves" / "data"
VICTORY_SPEC, VICTORY_SAVE = SAVE_DATA / "two_fronts_victory.yaml", SAVE_DATA / "two_fronts_victory_2.7.tsvg"
JAVA_MAGIC = b"\xac\xed\x00\x05"

Builder = Callable[[Path], None]
BUILDERS: dict[str, Builder] = {}


def builds(name: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        BUILDERS[name] = fn
        return fn

    return register


def alias_bomb(levels: int = 9) -> str:
    """Billion laughs: each level a list of ten aliases of the one before."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


@builds("bomb.yaml")
def _bomb_spec(path: Path) -> None:
    path.write_text(spec_text() + "".join(f"x_{line}\n" for line in alias_bomb().splitlines()), encoding="utf-8")


@builds("bomb_log.yaml")
def _bomb_log(path: Path) -> None:
    path.write_text("game: Two Fronts\n" + alias_bomb(), encoding="utf-8")


@builds("pyobj.yaml")
def _python_tag(path: Path) -> None:
    path.write_text(spec_text().replace("name: Two Fronts", "name: !!python/object/apply:os.system ['echo hi']"),
                    encoding="utf-8")


@builds("bigint.yaml")
def _big_integer(path: Path) -> None:
    path.write_text(spec_text().replace("infantry: {cost: 3,", "infantry: {cost: " + "9" * 5000 + ","),
                    encoding="utf-8")


@builds("deep.yaml")
def _deep_flow(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")


@builds("deep_block.yaml")
def _deep_block(path: Path) -> None:
    path.write_text("- " * 50_000 + "x\n", encoding="utf-8")


@builds("deep_log.json")
def _deep_json(path: Path) -> None:
    path.write_text('{"game": "Two Fronts", "events": ' + "[" * 100_000 + "]" * 100_000 + "}\n", encoding="utf-8")


@builds("bigint_log.json")
def _bigint_json(path: Path) -> None:
    path.write_text('{"game": "Two Fronts", "events": [{"type": "step", "round": ' + "7" * 5000 + "}]}\n",
                    encoding="utf-8")


def _log(*events: str) -> str:
    head = "game: Two Fronts\nevents:\n  - {type: step, round: 1, player: Westerners, step: westernCombatMove}\n"
    return head + "".join(f"  - {event}\n" for event in events)


@builds("unknown_unit_log.yaml")
def _unknown_unit(path: Path) -> None:
    path.write_text(_log("{type: move, units: {infantri: 2}, route: [Westland, Lowlands]}"), encoding="utf-8")


@builds("unknown_territory_log.yaml")
def _unknown_territory(path: Path) -> None:
    path.write_text(_log("{type: move, units: {infantry: 1}, route: [Westland, Nowhere]}"), encoding="utf-8")


@builds("unknown_player_log.yaml")
def _unknown_player(path: Path) -> None:
    path.write_text(_log("{type: ownership, territory: Midmarch, new_owner: Martians}"), encoding="utf-8")


@builds("absent_units_log.yaml")
def _absent_units(path: Path) -> None:
    path.write_text(_log("{type: move, units: {armour: 9}, route: [Westland, Lowlands]}"), encoding="utf-8")


@builds("good_log.yaml")
def _good_log(path: Path) -> None:
    path.write_text(_log("{type: move, units: {armour: 2}, route: [Westland, Lowlands]}"), encoding="utf-8")


@builds("million.xml")
def _many_elements(path: Path) -> None:
    path.write_bytes(b"<game>" + b"<x/>" * 1_000_000 + b"</game>")


@builds("attrs.xml")
def _many_attributes(path: Path) -> None:
    attrs = b" ".join(b'a%d="1"' % i for i in range(100_000))
    game = XML.read_bytes()
    path.write_bytes(game.replace(b'<territory name="Westland"', b"<territory " + attrs + b' name="Westland"', 1))


@builds("deep.xml")
def _deep_xml(path: Path) -> None:
    path.write_bytes(b"<a>" * 300_000 + b"</a>" * 300_000)


@builds("error_game.xml")
def _game_with_error(path: Path) -> None:
    path.write_bytes(XML.read_bytes().replace(b'unitType="infantry" territory="Westland"',
                                              b'unitType="infantri" territory="Westland"', 1))


@builds("two_costs.xml")
def _two_costs(path: Path) -> None:
    cost = b'<cost resource="PUs" quantity="3"/>'
    path.write_bytes(XML.read_bytes().replace(cost, cost + b'\n      <cost resource="PUs" quantity="2"/>', 1))


@builds("check_error.yaml")
def _spec_that_does_not_compile(path: Path) -> None:
    path.write_text(spec_text().replace("units: {infantry: 4,", "units: {infantri: 4,", 1), encoding="utf-8")


@builds("many.zip")
def _many_members(path: Path) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("m/games/g.xml", XML.read_bytes())
        for i in range(25_000):
            archive.writestr(f"m/junk/{i}", b"")


@builds("encrypted.zip")
def _encrypted_member(path: Path) -> None:
    data = bytearray(zip_bytes({"m/games/g.xml": XML.read_bytes()}))
    data[data.find(b"PK\x03\x04") + 6] |= 1  # the "encrypted" flag, in the local and the central header
    data[data.find(b"PK\x01\x02") + 8] |= 1
    path.write_bytes(bytes(data))


@builds("corrupt.zip")
def _corrupt_member(path: Path) -> None:
    data = bytearray(zip_bytes({"m/games/g.xml": XML.read_bytes()}))
    middle = len(data) // 3
    data[middle:middle + 64] = bytes(b ^ 0x5A for b in data[middle:middle + 64])
    path.write_bytes(bytes(data))


@builds("corrupt_text.zip")
def _corrupt_map_text(path: Path) -> None:
    text = b"".join(b"T%d < (1,1) (5,1) (5,5) >\n" % i for i in range(2000))
    data = bytearray(zip_bytes({"m/games/g.xml": XML.read_bytes(), "m/polygons.txt": text}))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("m/polygons.txt")
    at = info.header_offset + 30 + len(info.filename) + len(info.extra) + 16
    data[at:at + 32] = bytes(b ^ 0xFF for b in data[at:at + 32])  # the member's deflate data
    path.write_bytes(bytes(data))


@builds("bomb_member.zip")
def _oversized_member(path: Path) -> None:
    path.write_bytes(zip_bytes({"m/games/g.xml": b"<game>" + b" " * (65 * 2**20) + b"</game>"}))


def _java_null_array(length: int) -> bytes:
    name = b"[Ljava.lang.Object;"
    serial = struct.pack(">Q", 0x90CE589F1073296C)
    desc = b"\x75\x72" + struct.pack(">H", len(name)) + name + serial + b"\x02\x00\x00\x78\x70"
    return JAVA_MAGIC + desc + struct.pack(">i", length) + b"\x70" * length


@builds("null_array.tsvg")
def _null_array(path: Path) -> None:
    path.write_bytes(gzip.compress(_java_null_array(20_000_000), 9))


def _history_with_step_references(save: Path, count: int) -> bytes:
    """`save` (inflated) with `count` more references to its history's first step at the end of the history's list
    of writers: a crafted history TripleA never writes (it writes each step once), as long as `count` makes it."""
    from compiler.saves.container import inflate
    from compiler.saves.stream import TripleAStreamParser

    data = inflate(save.read_bytes(), str(save))
    lists: list[tuple[int, int, object]] = []
    steps: list[object] = []

    class Finder(TripleAStreamParser):
        def _read_class_data(self, instance: object) -> None:
            start = self._data_fd.tell()
            super()._read_class_data(instance)  # type: ignore[arg-type]
            name = instance.classdesc.name  # type: ignore[attr-defined]
            if name == "java.util.ArrayList":
                lists.append((start, self._data_fd.tell(), instance))
            elif name.endswith(".StepHistorySerializer"):
                steps.append(instance)

    Finder(data).run()
    start, end, writers = next(entry for entry in lists if any(item is steps[0] for item in entry[2]))  # type: ignore[attr-defined]
    size = len(writers)  # type: ignore[arg-type]
    assert data[start:start + 10] == struct.pack(">i", size) + b"\x77\x04" + struct.pack(">i", size)
    assert data[end - 1] == 0x78  # the list's end-of-block marker
    total = struct.pack(">i", size + count)
    reference = b"\x71" + struct.pack(">i", steps[0].handle)  # type: ignore[attr-defined]
    return data[:start] + total + b"\x77\x04" + total + data[start + 10:end - 1] + reference * count + data[end - 1:]


@builds("step_refs.tsvg")
def _step_refs(path: Path) -> None:
    path.write_bytes(gzip.compress(_history_with_step_references(VICTORY_SAVE, 1_000_000), 6))


@builds("long_history.tsvg")
def _long_history(path: Path) -> None:
    path.write_bytes(gzip.compress(_history_with_step_references(VICTORY_SAVE, 40_000), 6))


@builds("top_level_nulls.tsvg")
def _top_level_nulls(path: Path) -> None:
    path.write_bytes(gzip.compress(JAVA_MAGIC + b"\x70" * 20_000_000, 9))


@builds("gzip_bomb.tsvg")
def _gzip_bomb(path: Path) -> None:
    path.write_bytes(gzip.compress(b"\0" * (65 * 2**20), 1))


@builds("not_gzip.tsvg")
def _not_gzip(path: Path) -> None:
    path.write_bytes(b"PK\x03\x04 not a save")


@builds("diverging.yaml")
def _diverging_spec(path: Path) -> None:
    """The victory save's own game with one more infantry on the Isle: its replay cannot reach the save."""
    text = VICTORY_SPEC.read_text(encoding="utf-8")
    path.write_text(text.replace("Isle:       {production: 2, owner: Westerners, units: {infantry: 1}}",
                                 "Isle:       {production: 2, owner: Westerners, units: {infantry: 2}}", 1),
                    encoding="utf-8")


@builds("fifo")
def _fifo(path: Path) -> None:
    os.mkfifo(path)


@builds("a_file")
def _a_file(path: Path) -> None:
    path.write_text("x\n", encoding="utf-8")


@builds("target.yaml")
def _target(path: Path) -> None:
    path.write_text("old\n", encoding="utf-8")


@builds("link.yaml")
def _link(path: Path) -> None:
    path.symlink_to("target.yaml")


def _map_folder(path: Path) -> Path:
    """A map folder at `path` holding Two Fronts as games/g.xml; its games folder."""
    games = path / "games"
    games.mkdir(parents=True)
    (games / "g.xml").write_bytes(XML.read_bytes())
    return games


@builds("link_map")
def _map_file_linked_outside(path: Path) -> None:
    """A map whose centers.txt is a symbolic link to a file outside the map folder."""
    _map_folder(path)
    (path / "centers.txt").symlink_to(path.parent / "a_file")


@builds("link_game")
def _game_linked_outside(path: Path) -> None:
    """A map folder whose games/g.xml is a symbolic link to a game XML outside it."""
    (path / "games").mkdir(parents=True)
    (path / "games" / "g.xml").symlink_to(XML)


@builds("climbing.zip")
def _member_climbing_out(path: Path) -> None:
    path.write_bytes(zip_bytes({"m/games/g.xml": XML.read_bytes(), "../m/centers.txt": b"Westland (1,1)\n"}))


def nest_folders(top: Path, depth: int, name: str = "d") -> None:
    """`depth` folders, each inside the one before, below `top` (made relative to open folders: the path of
    the deepest is longer than the system allows a path to be)."""
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)


def remove_nested(top: Path, name: str = "d") -> None:
    """Remove the folders nest_folders made below `top`, one level at a time, without recursion (shutil.rmtree,
    and so pytest's and tempfile's cleanup, overflows the stack on a tree this deep)."""
    current, spare = top / name, top / f"{name}.up"
    while current.is_dir():
        inner = current / name
        if not inner.is_dir():
            shutil.rmtree(current)
            return
        inner.rename(spare)
        current.rmdir()
        spare.rename(current)


def clean(folder: Path) -> None:
    """Undo what `build` made that the usual cleanup cannot remove (the deep tree)."""
    remove_nested(folder / DEEP_TREE / "junk")


DEEP_TREE = "deep_tree"


def deep_folder_tree(path: Path) -> None:
    """A map folder with 5,000 nested junk folders beside its games (a recursive walk overflows); made only
    when asked for (`build(..., deep_tree=True)`), and removed with `clean`."""
    _map_folder(path)
    (path / "junk").mkdir()
    nest_folders(path / "junk", 5000)


def build(folder: Path, *, deep_tree: bool = False) -> dict[str, Path]:
    """Write every hostile input into `folder` (with `deep_tree`, the 5,000-folder tree too: `clean` removes
    it); name -> path."""
    out = {}
    builders = {**BUILDERS, DEEP_TREE: deep_folder_tree} if deep_tree else BUILDERS
    for name, builder in builders.items():
        path = folder / name
        builder(path)
        out[name] = path
    return out
