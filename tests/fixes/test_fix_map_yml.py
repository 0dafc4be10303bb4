"""The fixes of a map's files. map.yml: every unlisted game XML of the map gets an entry after the last one, in its
style (flow or block, quotes, CRLF), all other bytes kept; a copy of a listed game (same `<info name>`) is left out.
A territory file: a misspelt name is renamed, its points and line end kept."""

from __future__ import annotations

from pathlib import Path

from compiler.fixes.apply import apply_edits
from compiler.fixes.find import fixes_for
from compiler.fixes.model import Fix
from compiler.mapfolder import GameInput
from compiler.mapfolder.source import load_map_dir
from compiler.problems import Problem
from compiler.validate import validate_input

GAME = (b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<game>\n<info version="1" name="%s"/>\n<map>\n'
        b'  <territory name="A"/>\n</map>\n</game>\n')


def _map(tmp_path: Path, map_yml: bytes, games: dict[str, bytes], under: str = "") -> Path:
    folder = tmp_path / under / "games"
    folder.mkdir(parents=True)
    for name, info in games.items():
        (folder / name).write_bytes(GAME % info)
    (tmp_path / "map.yml").write_bytes(map_yml)
    return folder.parent


def _fixes(map_dir: Path) -> tuple[list[Problem], list[Fix]]:
    files = load_map_dir(map_dir)
    problems = [p for game in files.games for p in validate_input(GameInput(game, map_files=files), "2.x")[0]
                if p.code == "map-yml-mismatch"]
    return problems, fixes_for(problems, lambda p: Path(p).read_bytes())


def test_block_entries_with_crlf_and_comments_keep_their_bytes(tmp_path: Path) -> None:
    data = (b"# the map\r\nmap_name: mini\r\ngames:\r\n  - game_name: \"Mini \xc3\x96\" # first\r\n"
            b"    file_name: mini.xml\r\nversion: 1\r\n")
    map_dir = _map(tmp_path, data, {"mini.xml": b"Mini \xd6", "b.xml": b"Big: 2", "c.xml": b"Cee"}, under="map")
    problems, fixes = _fixes(map_dir)
    assert len(problems) == 2 and len({fix.edits for fix in fixes}) == 1 and all(fix.safe for fix in fixes)
    fixed = apply_edits(data, fixes[0].edits)
    assert fixed == data.replace(b"version: 1", b"  - game_name: \"Big: 2\" # first\r\n    file_name: b.xml\r\n"
                                 b"  - game_name: \"Cee\" # first\r\n    file_name: c.xml\r\nversion: 1")
    (tmp_path / "map.yml").write_bytes(fixed)
    assert _fixes(map_dir) == ([], [])


def test_a_flow_entry_at_the_end_without_a_line_end(tmp_path: Path) -> None:
    data = b"map_name: mini\ngames:\n- {game_name: Mini, file_name: mini.xml}"
    map_dir = _map(tmp_path, data, {"mini.xml": b"Mini", "b.xml": b"It's 1942"})
    _, fixes = _fixes(map_dir)
    fixed = apply_edits(data, fixes[0].edits)
    assert fixed == data + b"\n- {game_name: 'It''s 1942', file_name: b.xml}"


def test_a_copy_of_a_listed_game_is_not_listed(tmp_path: Path) -> None:
    data = b"map_name: mini\ngames:\n- {game_name: Mini, file_name: mini.xml}\n"
    map_dir = _map(tmp_path, data, {"mini.xml": b"Mini", "mini - Copy.xml": b"mini"})
    problems, fixes = _fixes(map_dir)
    assert len(problems) == 1 and fixes == []


def test_a_misspelt_territory_in_a_map_file_is_an_unsafe_fix_of_the_name_only(tmp_path: Path) -> None:
    game = (b'<?xml version="1.0"?>\n<game>\n<info version="1" name="Mini"/>\n<map>\n'
            b'  <territory name="\xc3\x96sterreich"/>\n  <territory name="Germany"/>\n</map>\n</game>\n')
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "mini.xml").write_bytes(game)
    centers = b"\xc3\x96sterreich  (10,10)\r\nGermny\t(20,20)\r\n"
    (tmp_path / "centers.txt").write_bytes(centers)
    files = load_map_dir(tmp_path)
    problems = [p for p in validate_input(GameInput(files.games[0], map_files=files), "2.x")[0]
                if p.code == "unknown-map-territory"]
    fixes = fixes_for(problems, lambda p: Path(p).read_bytes())
    assert [fix.safe for fix in fixes] == [False]
    assert apply_edits(centers, fixes[0].edits) == centers.replace(b"Germny\t", b"Germany\t")
